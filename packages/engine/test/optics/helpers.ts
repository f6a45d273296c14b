import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MediumNk, Polarization, TmmInput, TmmLayer } from '../../src/optics/tmm.js';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const readAsset = (rel: string) => readFileSync(join(repoRoot, 'assets', rel), 'utf8');

/** Small deterministic PRNG (mulberry32). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function constNk(nWl: number, n: number, k: number): MediumNk {
  return { n: new Float64Array(nWl).fill(n), k: new Float64Array(nWl).fill(k) };
}

export function layer(nWl: number, name: string, thicknessNm: number, n: number, k: number, coherent = true): TmmLayer {
  return { name, thicknessNm, coherent, ...constNk(nWl, n, k) };
}

export function input(
  wl: number[],
  ambient: [number, number],
  layers: TmmLayer[],
  substrate: [number, number],
  angleDeg = 0,
  polarization: Polarization = 's',
): TmmInput {
  return {
    wavelengthNm: Float64Array.from(wl),
    angleDeg,
    polarization,
    ambient: constNk(wl.length, ambient[0], ambient[1]),
    layers,
    substrate: constNk(wl.length, substrate[0], substrate[1]),
  };
}
