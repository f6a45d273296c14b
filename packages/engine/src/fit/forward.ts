/**
 * The forward model of a device fit: the DeviceSpec with the fit variables written in, run by the
 * engine (device/simulate.ts) once per measured curve at exactly the measured voltages, under the
 * curve's light and temperature. Nothing is interpolated in a J-V: the model current is the
 * solver's at each V_i. An EQE spectrum is the engine's EQE at the optics' wavelengths every median
 * spacing of the spectrum, linear between them, at the curve's bias voltage (default short circuit)
 * under its bias light (default none; electrical.eqe's biasLightSuns and biasV: the device's own
 * generation scaled, device/simulate.ts). A C-V or C-f curve
 * is the engine's small-signal capacitance C = Im(1/Z)/w (series and shunt resistance included) at
 * exactly the measured biases and frequencies: a C-V is one continuation along its ascending biases
 * with one small-signal solve at each, a C-f one steady state and one small-signal solve per
 * frequency (runDeviceSimulation's capacitanceOnly), under the curve's light (dark by default).
 * Light intensity scales the generation (the optics is linear in the incident flux:
 * illumination.suns for optical and Beer-Lambert generation, G itself for uniform and profile
 * generation); intensity 0 is the dark J-V. What the curve does not need (EQE, transients,
 * impedance, C-V, loss runs) is left out of the run.
 */
import type { Words } from '@pvforge/params';
import { runDeviceSimulation } from '../device/simulate.js';
import type { DeviceSimulationOptions, ElectricalDeviceSpecLike } from '../device/types.js';
import type { DeviceOpticsAssets } from '../optics/device.js';
import { type PreparedCurve, prepareCurves } from './curves.js';
import { deviceWith, type FitVariable, resolveFreeParameters } from './free-parameters.js';
import type { DeviceFitJob } from './job.js';

/** Wall-clock limit of one curve's run inside a fit, ms: a run that takes longer failed. */
const CURVE_RUN_LIMIT_MS = 60_000;

/**
 * The model of every curve at its (sorted) abscissae: J in mA/cm^2 at the voltages of a J-V, EQE in
 * percent at the wavelengths of an EQE spectrum, C in nF/cm^2 at the biases of a C-V or the
 * frequencies of a C-f; or why the run failed.
 */
export type FitEvaluation = { ok: true; model: number[][] } | { ok: false; reason: Words; input?: boolean };

/** The wavelength step of a run for an EQE spectrum: its median spacing, at least 1 nm. */
function eqeStepNm(x: readonly number[]): number {
  const d = x
    .slice(1)
    .map((v, i) => v - x[i]!)
    .sort((a, b) => a - b);
  return Math.max(1, d[Math.floor(d.length / 2)] ?? 1);
}

/** y(x) linear between the computed points (ascending xs); undefined outside them. */
function interpolate(xs: readonly number[], ys: readonly number[], x: number): number | undefined {
  if (!(x >= xs[0]! && x <= xs[xs.length - 1]!)) return undefined;
  let k = 0;
  while (k + 2 < xs.length && xs[k + 1]! < x) k++;
  const t = xs[k + 1]! === xs[k]! ? 0 : (x - xs[k]!) / (xs[k + 1]! - xs[k]!);
  return ys[k]! + t * (ys[k + 1]! - ys[k]!);
}

type AnyRecord = Record<string, unknown>;

/** The device as run for one curve: its light, temperature and nothing but the J-V. */
export function deviceForCurve(device: unknown, curve: PreparedCurve): ElectricalDeviceSpecLike {
  const spec = JSON.parse(JSON.stringify(device)) as AnyRecord;
  const el = { ...(spec.electrical as AnyRecord) };
  for (const k of [
    'eqe',
    'transient',
    'impedance',
    'capacitanceVoltage',
    'capacitanceFrequency',
    'defectLosses',
    'darkJV',
  ])
    delete el[k];
  if (curve.temperatureK !== undefined) el.temperatureK = curve.temperatureK;
  if (curve.kind === 'eqe') {
    // the EQE at the spectrum's spacing (the optics' own grid, every stepNm), interpolated to its points
    el.eqe = {
      stepNm: eqeStepNm(curve.x),
      ...(curve.intensitySuns > 0 ? { biasLightSuns: curve.intensitySuns } : {}),
      ...(curve.biasV ? { biasV: curve.biasV } : {}),
    };
    spec.electrical = el;
    return spec as unknown as ElectricalDeviceSpecLike;
  }
  const gen = el.generation as AnyRecord | undefined;
  const kind = (gen?.kind as string | undefined) ?? (spec.illumination ? 'optical' : 'dark');
  const I = curve.intensitySuns;
  if (I === 0) el.generation = { kind: 'dark' };
  else if (kind === 'uniform') el.generation = { ...gen, gCm3PerS: (gen!.gCm3PerS as number) * I };
  else if (kind === 'profile') el.generation = { ...gen, gCm3PerS: (gen!.gCm3PerS as number[]).map((g) => g * I) };
  else if (spec.illumination) {
    const ill = spec.illumination as AnyRecord;
    spec.illumination = { ...ill, suns: ((ill.suns as number | undefined) ?? 1) * I };
  }
  spec.electrical = el;
  return spec as unknown as ElectricalDeviceSpecLike;
}

/** Whether a DeviceSpec has mobile ions in any layer: its scans then differ from its steady state. */
export function hasMobileIons(device: unknown): boolean {
  const layers = (device as { layers?: { electrical?: { ions?: unknown[] } }[] }).layers ?? [];
  return layers.some((l) => (l.electrical?.ions?.length ?? 0) > 0);
}

/**
 * What a curve's run computes: the J-V at its voltages (as the measured scan, from its first
 * voltage at its rate, where the device has mobile ions: their lag is the hysteresis), the EQE, or
 * the capacitance at its points.
 */
function runOptions(c: PreparedCurve, ions: boolean): DeviceSimulationOptions {
  if (c.kind === 'eqe') return { eqeOnly: true };
  if (c.kind === 'cv') return { capacitanceOnly: { kind: 'cv', biasV: c.x, frequencyHz: c.frequencyHz! } };
  if (c.kind === 'cf') return { capacitanceOnly: { kind: 'cf', biasV: c.biasV!, frequencyHz: c.x } };
  if (c.scan && ions) {
    const lo = c.x[0]!;
    const hi = c.x[c.x.length - 1]!;
    const reverse = c.scan.direction === 'reverse';
    return { scanOnly: { fromV: reverse ? hi : lo, toV: reverse ? lo : hi, rateVPerS: c.scan.rateVPerS, atV: c.x } };
  }
  return { fitVoltagesV: c.x };
}

/** Runs every curve of the device; the first failure ends the evaluation. */
export function simulateCurves(
  device: unknown,
  curves: readonly PreparedCurve[],
  assets: DeviceOpticsAssets,
  opticsMemo?: Map<string, unknown>,
): FitEvaluation {
  const out: number[][] = [];
  const ions = hasMobileIons(device);
  for (const c of curves) {
    let res: ReturnType<typeof runDeviceSimulation>;
    try {
      res = runDeviceSimulation(deviceForCurve(device, c), assets, {
        ...runOptions(c, ions),
        wallClockLimit_ms: CURVE_RUN_LIMIT_MS,
        ...(opticsMemo ? { opticsMemo } : {}),
      });
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      return {
        ok: false,
        input: true,
        reason: { zh: `器件无法按这些参数计算：${why}`, en: `the device cannot be run with these values: ${why}` },
      };
    }
    const failed = {
      ok: false as const,
      reason: {
        zh: `曲线「${c.label}」的计算未收敛`,
        en: `the run of curve “${c.label}” did not converge`,
      },
    };
    if (c.kind === 'eqe') {
      const q = res.eqe;
      if (!q || q.failedWavelengthNm?.length) return failed;
      const model = c.x.map((x) => interpolate(q.wavelengthNm, q.eqe, x));
      if (model.some((v) => v === undefined))
        return {
          ok: false,
          input: true,
          reason: {
            zh: `曲线「${c.label}」的波长超出器件光学计算的波长范围`,
            en: `curve “${c.label}” reaches beyond the wavelengths of the device's optics`,
          },
        };
      out.push(model.map((v) => 100 * v!));
      continue;
    }
    if (c.kind === 'cv' || c.kind === 'cf') {
      const r = c.kind === 'cv' ? res.capacitanceVoltage : res.capacitanceFrequency;
      if (!r?.converged || r.C_F_cm2.length !== c.x.length) return failed;
      out.push(r.C_F_cm2.map((C) => 1e9 * C));
      continue;
    }
    const jv = res.scan ?? (c.intensitySuns === 0 ? res.dark : res.light);
    if (!jv?.converged || jv.J_mA_cm2.length !== c.x.length) return failed;
    out.push(jv.J_mA_cm2.slice());
  }
  return { ok: true, model: out };
}

/**
 * One forward evaluation of a fit job at fit variables u: the unit of work a worker thread or a
 * queue worker runs (it resolves the job itself, so a task is the job and u alone).
 */
export function evaluateFitPoint(
  job: DeviceFitJob,
  u: readonly number[],
  assets: DeviceOpticsAssets,
  opticsMemo?: Map<string, unknown>,
): FitEvaluation {
  const { variables, problems } = resolveFreeParameters(job.device, job.free);
  const prepared = prepareCurves(job.curves);
  const bad = problems[0] ?? prepared.problems[0];
  if (bad) return { ok: false, input: true, reason: bad.words };
  return simulateCurves(deviceWith(job.device, variables, u), prepared.curves, assets, opticsMemo);
}

/** Weighted residuals r_i = scale_i (model_i - measured_i) of all curves, stacked in curve order. */
export function weightedResiduals(curves: readonly PreparedCurve[], model: number[][]): Float64Array {
  const n = curves.reduce((s, c) => s + c.x.length, 0);
  const r = new Float64Array(n);
  let o = 0;
  curves.forEach((c, k) => {
    const ym = model[k]!;
    for (let i = 0; i < c.x.length; i++) r[o + i] = c.scale[i]! * (ym[i]! - c.y[i]!);
    o += c.x.length;
  });
  return r;
}

export type { FitVariable };
