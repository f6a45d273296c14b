import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's assets/ folder (spectra, n,k tables, public benchmark cases), from src or dist. */
export function assetsDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'assets');
    if (existsSync(join(candidate, 'data'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('cannot find the assets/ folder of the PVForge repository');
}
