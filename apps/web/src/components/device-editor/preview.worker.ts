/// <reference lib="webworker" />
import {
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
import { loadDeviceAssets } from './preview/browser-assets';
import type { PreviewMismatch, PreviewRequest, PreviewResponse } from './preview-protocol';

/**
 * The instant optical preview: @pvforge/engine's transfer-matrix optics, run off the main thread on
 * the data files the device needs (preview/browser-assets.ts fetches and keeps them).
 */

/** A problem the device check names too: the panel words it by its code. */
class PreviewCheckError extends OpticsInputError {
  readonly issue: CheckIssue;
  constructor(issue: CheckIssue) {
    super(issue.path, issue.message.text);
    this.issue = issue;
  }
}

async function run(req: PreviewRequest): Promise<PreviewResponse> {
  const t0 = performance.now();
  const spec = req.spec as DeviceLike;
  const assets = await loadDeviceAssets(spec, req.dataBase);
  const t1 = performance.now();
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
