/**
 * Generates apps/web/public/downloads/sample-perovskite-jv.csv, the sample measured J-V curve of the
 * help page and the circuit forms (README.md next to the file says what it is).
 *
 *   node --conditions=@pvforge/source --import tsx apps/web/scripts/circuit-sample-curve.ts
 *
 * The curve is the engine's single-diode model (Lambert W) with the parameters of the validation
 * case assets/validation/cases/circuit/sdm-perovskite.json, plus seeded, documented noise, so the
 * file is reproducible byte for byte.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simulateSdm } from '@pvforge/engine';

export const SAMPLE_PARAMS = { jphMaCm2: 23, j0MaCm2: 3e-12, n: 1.5, rsOhmCm2: 3, rshOhmCm2: 2000, tK: 300 };
const POINTS = 1001;
const V_MAX = 1.2;

/** mulberry32: a small seeded PRNG (public domain, T. Ettinger). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(rand: () => number): () => number {
  return () => {
    const u = Math.max(rand(), 1e-12);
    const v = rand();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
}

const voltage = Array.from({ length: POINTS }, (_, i) => (V_MAX * i) / (POINTS - 1));
const curve = simulateSdm(SAMPLE_PARAMS, voltage);
const g = gaussian(mulberry32(20260422));
const lines = ['voltage_V,current_density_mA_cm2'];
for (let i = 0; i < POINTS; i++) {
  const j = curve.jMaCm2[i]!;
  // Instrument noise: 0.02 mA/cm^2 plus 0.1 % of |J| (1 sigma), then rounded to 1e-4 mA/cm^2.
  const noisy = j + g() * (0.02 + 0.001 * Math.abs(j));
  lines.push(`${voltage[i]!.toFixed(4)},${noisy.toFixed(4)}`);
}
const out = join(import.meta.dirname, '..', 'public', 'downloads', 'sample-perovskite-jv.csv');
writeFileSync(out, `${lines.join('\n')}\n`);
const k = curve.keyFigures as unknown as Record<string, number>;
console.log(out, JSON.stringify(k));
