import type { DeviceFitEqeCurve, DeviceFitFree, DeviceFitJob, DeviceFitJvCurve } from '@pvforge/contracts';
import { Prng } from '../../src/circuit/prng.js';
import { evaluateFitPoint } from '../../src/fit/forward.js';
import { assets, fixture } from '../device/helpers.js';

/**
 * The p-i-n perovskite example on a coarser mesh (100 nodes: a forward run of three curves takes
 * tens of milliseconds), as fits in tests use it. The truth of a synthetic fit is set through the
 * fit's own free paths, so the curves and the fit run the same device.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests edit the JSON freely
export function fastDevice(): any {
  const d = fixture();
  d.electrical.gridPoints = 100;
  delete d.electrical.eqe;
  return d;
}

export const voltages = (n: number, from = -0.1, to = 1.2) =>
  Array.from({ length: n }, (_, i) => from + ((to - from) * i) / (n - 1));

/**
 * Curves of the engine at fit variables `truth` (u: log10 for log-scale parameters), with Gaussian
 * noise: absolute `noiseMaCm2` on light curves, relative `noiseRel` on dark ones.
 */
export function syntheticCurves(
  device: unknown,
  free: DeviceFitFree[],
  truth: number[],
  conditions: { intensitySuns: number; n?: number }[],
  noise: { noiseMaCm2: number; noiseRel: number },
  seed: number,
): DeviceFitJvCurve[] {
  const shells: DeviceFitJvCurve[] = conditions.map((c) => {
    const v = voltages(c.n ?? 30);
    return { kind: 'jv', intensitySuns: c.intensitySuns, voltageV: v, jMaCm2: v.map(() => 1) };
  });
  const job: DeviceFitJob = { device: device as DeviceFitJob['device'], curves: shells, free };
  const clean = evaluateFitPoint(job, truth, assets);
  if (!clean.ok) throw new Error(`synthetic curves failed: ${clean.reason.en}`);
  const rng = new Prng(seed);
  return shells.map((c, k) => {
    const dark = c.intensitySuns === 0;
    const j = clean.model[k]!.map((x) =>
      dark ? x * (1 + noise.noiseRel * rng.normal()) : x + noise.noiseMaCm2 * rng.normal(),
    );
    return {
      ...c,
      label: dark ? 'dark' : `${c.intensitySuns} sun`,
      jMaCm2: j,
      ...(dark ? { noiseRel: noise.noiseRel } : { noiseMaCm2: noise.noiseMaCm2 }),
    };
  });
}

/** The absorber's electron mobility, with the hole mobility tied to it: what the EQE fits determine. */
export const ABSORBER_MU = 'layers[3].electrical.muNCm2PerVs';
export const MU_FREE: DeviceFitFree[] = [
  { path: ABSORBER_MU, min: 1e-4, max: 1 },
  { path: 'layers[3].electrical.muPCm2PerVs', tie: ABSORBER_MU },
];
export const EQE_WAVELENGTHS_NM = Array.from({ length: 41 }, (_, i) => 400 + 10 * i);

/**
 * fastDevice with a 10 ns absorber lifetime and 1e-2 cm^2/(V s) mobilities, so that collection,
 * and with it the EQE, rests on the mobility.
 */
// biome-ignore lint/suspicious/noExplicitAny: tests edit the JSON freely
export function collectionLimited(): any {
  const d = fastDevice();
  d.layers[3].electrical.tauNS = 1e-8;
  d.layers[3].electrical.tauPS = 1e-8;
  d.layers[3].electrical.muNCm2PerVs = 1e-2;
  d.layers[3].electrical.muPCm2PerVs = 1e-2;
  return d;
}

/** An EQE curve at EQE_WAVELENGTHS_NM (a placeholder falling spectrum unless `over` gives one). */
export const eqeCurve = (over: Partial<DeviceFitEqeCurve> = {}): DeviceFitEqeCurve => ({
  kind: 'eqe',
  label: 'EQE',
  wavelengthNm: EQE_WAVELENGTHS_NM,
  eqePercent: EQE_WAVELENGTHS_NM.map((w) => 40 - (w - 400) / 20),
  noisePercent: 0.5,
  ...over,
});
