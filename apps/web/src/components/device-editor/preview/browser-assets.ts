import { BUILTIN_SPECTRA, type DeviceLike, type DeviceOpticsAssets, OpticsInputError } from '@pvforge/engine';

/**
 * The engine's asset source in a browser worker. The engine reads n,k tables and spectra through a
 * synchronous source (DeviceOpticsAssets), as the CLI and the job runner do from files
 * (apps/server/src/jobs/assets.ts); here the source is the public data-file route
 * (GET /calc/data/nk/index.json, /calc/data/nk/<file>.csv, /calc/data/spectra/<file>.csv). Before a
 * run the files a device needs are fetched, once per file for the worker's life, then the engine
 * runs synchronously on the cached text. Both preview workers (optics, coarse J-V) read through it.
 */
const texts = new Map<string, string>();
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

/** Fetches what `spec` needs from `dataBase` (e.g. https://host/calc/data) and gives the engine's source over it. */
export async function loadDeviceAssets(spec: DeviceLike, dataBase: string): Promise<DeviceOpticsAssets> {
  const idx = await materialIndex(dataBase);
  const need = neededFiles(spec, idx);
  const urls = [...need.nk.values()].map((f) => `${dataBase}/${f}`);
  if (need.spectrum) urls.push(`${dataBase}/${need.spectrum.replace(/^data\//, '')}`);
  await Promise.all(urls.map(fetchText));
  return {
    nkCsv(id: string): string {
      const f = idx.get(id);
      const text = f ? texts.get(`${dataBase}/${f}`) : undefined;
      if (text === undefined) throw new Error(`"${id}" is not in the material library`);
      return text;
    },
    spectrumCsv(id: string): string {
      const f = BUILTIN_SPECTRA[id];
      const text = f ? texts.get(`${dataBase}/${f.replace(/^data\//, '')}`) : undefined;
      if (text === undefined)
        throw new OpticsInputError('illumination.spectrum.id', `unknown built-in spectrum "${id}"`);
      return text;
    },
  };
}
