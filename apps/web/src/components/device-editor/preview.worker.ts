/// <reference lib="webworker" />
import {
  BUILTIN_SPECTRA,
  type CheckIssue,
  type DeviceLike,
  deviceToOpticsSpec,
  OpticsInputError,
  parseSpectrumCsv,
  simulateOptics,
  spectralMismatch,
  spectrumCoverage,
  spectrumCoverageIssue,
} from '@pvforge/engine';
import type { PreviewMismatch, PreviewRequest, PreviewResponse } from './preview-protocol';

/**
 * The instant optical preview: @pvforge/engine's transfer-matrix optics, run off the main thread.
 * The engine reads n,k tables and spectra through a synchronous source (DeviceOpticsAssets), as the
 * CLI and the job runner do from files (apps/server/src/jobs/assets.ts); here the source is the
 * public data-file route (GET /calc/data/nk/index.json, /calc/data/nk/<file>.csv,
 * /calc/data/spectra/<file>.csv), fetched once per file and kept for the worker's life. Before a run
 * the files the device needs are fetched, then the engine runs synchronously on the cached text.
 */
const texts = new Map<string, string>();

/** A problem the device check names too: the panel words it by its code. */
class PreviewCheckError extends OpticsInputError {
  readonly issue: CheckIssue;
  constructor(issue: CheckIssue) {
    super(issue.path, issue.message.text);
    this.issue = issue;
  }
}
let index: Map<string, string> | undefined;

async function fetchText(url: string): Promise<string> {
  const cached = texts.get(url);
  if (cached !== undefined) return cached;
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  const text = await res.text();
  texts.set(url, text);
  return text;
}

async function materialIndex(base: string): Promise<Map<string, string>> {
  if (index) return index;
  const json = JSON.parse(await fetchText(`${base}/nk/index.json`)) as { materials: { id: string; file: string }[] };
  index = new Map(json.materials.map((m) => [m.id, m.file]));
  return index;
}

type Model = { kind?: string; materialId?: string } | undefined;

function neededFiles(spec: DeviceLike, idx: Map<string, string>): { nk: Map<string, string>; spectrum?: string } {
  const nk = new Map<string, string>();
  for (const m of [spec.ambient, spec.substrate, ...(spec.layers ?? []).map((l) => l.optical)] as Model[]) {
    if (m?.kind === 'table' && m.materialId && idx.has(m.materialId)) nk.set(m.materialId, idx.get(m.materialId)!);
  }
  const sp = spec.illumination?.spectrum ?? { kind: 'builtin', id: 'AM1.5G' };
  // a user's spectrum is compared with AM1.5G (the mismatch factor), so AM1.5G is fetched for it
  const spectrum =
    sp.kind === 'builtin' ? BUILTIN_SPECTRA[sp.id] : sp.kind === 'tabulated' ? BUILTIN_SPECTRA['AM1.5G'] : undefined;
  return spectrum ? { nk, spectrum } : { nk };
}

async function run(req: PreviewRequest): Promise<PreviewResponse> {
  const t0 = performance.now();
  const spec = req.spec as DeviceLike;
  const idx = await materialIndex(req.dataBase);
  const need = neededFiles(spec, idx);
  const urls = [...need.nk.values()].map((f) => `${req.dataBase}/${f}`);
  if (need.spectrum) urls.push(`${req.dataBase}/${need.spectrum.replace(/^data\//, '')}`);
  await Promise.all(urls.map(fetchText));
  const t1 = performance.now();
  const assets = {
    nkCsv(id: string): string {
      const f = idx.get(id);
      const text = f ? texts.get(`${req.dataBase}/${f}`) : undefined;
      if (text === undefined) throw new Error(`"${id}" is not in the material library`);
      return text;
    },
    spectrumCsv(id: string): string {
      const f = BUILTIN_SPECTRA[id];
      const text = f ? texts.get(`${req.dataBase}/${f.replace(/^data\//, '')}`) : undefined;
      if (text === undefined)
        throw new OpticsInputError('illumination.spectrum.id', `unknown built-in spectrum "${id}"`);
      return text;
    },
  };
  const sp = spec.illumination?.spectrum;
  const range = spec.illumination?.wavelength ?? { startNm: 300, endNm: 1600 };
  const gap = sp?.kind === 'tabulated' ? spectrumCoverage(sp, range.startNm, range.endNm) : undefined;
  // the device check's own issue (contracts device-spec.ts), which the preview panel words by its code
  if (gap) throw new PreviewCheckError(spectrumCoverageIssue(gap));
  const optics = deviceToOpticsSpec(spec, assets);
  const res = simulateOptics(optics);
  const jph = res.jphMaCm2 ?? new Float64Array(optics.layers.length);
  const layers = optics.layers.map((l, j) => ({
    name: l.name,
    role: spec.layers[j]!.role,
    A: Array.from(res.A[j]!),
    jphMaCm2: jph[j]!,
  }));
  const jAbs = optics.layers.reduce((s, l, j) => (l.absorber ? s + jph[j]! : s), 0);
  const mismatch = spec.illumination?.spectrum?.kind === 'tabulated' ? mismatchOf(optics, res.eqe, assets) : undefined;
  return {
    ...(mismatch ? { mismatch } : {}),
    id: req.id,
    ok: true,
    wavelengthNm: Array.from(res.wavelengthNm),
    R: Array.from(res.R),
    T: Array.from(res.T),
    layers,
    totals: {
      jphAbsorbersMaCm2: jAbs,
      jReflectedMaCm2: res.jReflectedMaCm2 ?? 0,
      jTransmittedMaCm2: res.jTransmittedMaCm2 ?? 0,
    },
    fetchMs: t1 - t0,
    computeMs: performance.now() - t1,
  };
}

/**
 * IEC 60904-7 mismatch factor of the user's spectrum against AM1.5G for this device: its EQE is the
 * engine's optical EQE (absorbers' absorptance, internal quantum efficiency 1), the reference
 * detector thermal (flat responsivity), both on the calculation grid. No absorbed light: no factor.
 */
function mismatchOf(
  optics: ReturnType<typeof deviceToOpticsSpec>,
  eqe: Float64Array,
  assets: { spectrumCsv(id: string): string },
): PreviewMismatch | undefined {
  if (!optics.spectrum || optics.wavelengthNm.length < 2 || !eqe.some((v) => v > 0)) return undefined;
  const am15g = parseSpectrumCsv(assets.spectrumCsv('AM1.5G'), 'AM1.5G');
  const m = spectralMismatch(optics.wavelengthNm, am15g, optics.spectrum, eqe);
  return { factor: m.mismatchFactor, jscCorrectedMaCm2: m.jscCorrectedMaCm2 };
}

self.onmessage = (e: MessageEvent<PreviewRequest>) => {
  const req = e.data;
  run(req).then(
    (r) => self.postMessage(r),
    (err: unknown) => {
      const msg: PreviewResponse = {
        id: req.id,
        ok: false,
        error: err instanceof Error ? err.message : String(err),
        ...(err instanceof OpticsInputError ? { field: err.field } : {}),
        ...(err instanceof PreviewCheckError ? { issue: err.issue } : {}),
      };
      self.postMessage(msg);
    },
  );
};
