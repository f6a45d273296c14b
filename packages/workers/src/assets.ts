import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BUILTIN_SPECTRA, type DeviceOpticsAssets, OpticsInputError } from '@pvforge/engine';

/** The repository's assets/ folder (spectra, n,k tables, public benchmark cases), found from src or dist. */
export function assetsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'assets');
    if (existsSync(join(candidate, 'data'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('cannot find the assets/ folder of the PVForge repository');
}

/** n,k tables by material id (assets/data/nk/index.json) and the built-in spectra, from files. */
export function fileAssets(root = assetsDir()): DeviceOpticsAssets {
  const index = JSON.parse(readFileSync(join(root, 'data/nk/index.json'), 'utf8')) as {
    materials: { id: string; file: string }[];
  };
  const files = new Map(index.materials.map((m) => [m.id, m.file]));
  return {
    nkCsv(id: string): string {
      const f = files.get(id);
      if (!f)
        throw new Error(
          `"${id}" is not in the material library (assets/data/nk/index.json); known: ${[...files.keys()].join(', ')}`,
        );
      return readFileSync(join(root, 'data', f), 'utf8');
    },
    spectrumCsv(id: string): string {
      const f = BUILTIN_SPECTRA[id];
      if (!f) throw new OpticsInputError('illumination.spectrum.id', `unknown built-in spectrum "${id}"`);
      return readFileSync(join(root, f), 'utf8');
    },
  };
}
