/**
 * The forward model of a device fit: the DeviceSpec with the fit variables written in, run by the
 * engine (device/simulate.ts) once per measured curve at exactly the measured voltages, under the
 * curve's light and temperature. Nothing is interpolated: the model current is the solver's at
 * each V_i. Light intensity scales the generation (the optics is linear in the incident flux:
 * illumination.suns for optical and Beer-Lambert generation, G itself for uniform and profile
 * generation); intensity 0 is the dark J-V. What the curve does not need (EQE, transients,
 * impedance, C-V, loss runs) is left out of the run.
 */
import type { Words } from '@pvforge/params';
import { runDeviceSimulation } from '../device/simulate.js';
import type { ElectricalDeviceSpecLike } from '../device/types.js';
import type { DeviceOpticsAssets } from '../optics/device.js';
import { type PreparedCurve, prepareCurves } from './curves.js';
import { deviceWith, type FitVariable, resolveFreeParameters } from './free-parameters.js';
import type { DeviceFitJob } from './job.js';

/** Wall-clock limit of one curve's run inside a fit, ms: a run that takes longer failed. */
const CURVE_RUN_LIMIT_MS = 60_000;

/** The model currents of every curve at its (sorted) voltages, or why the run failed. */
export type FitEvaluation = { ok: true; jMaCm2: number[][] } | { ok: false; reason: Words; input?: boolean };

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

/** Runs every curve of the device; the first failure ends the evaluation. */
export function simulateCurves(
  device: unknown,
  curves: readonly PreparedCurve[],
  assets: DeviceOpticsAssets,
  opticsMemo?: Map<string, unknown>,
): FitEvaluation {
  const out: number[][] = [];
  for (const c of curves) {
    let res: ReturnType<typeof runDeviceSimulation>;
    try {
      res = runDeviceSimulation(deviceForCurve(device, c), assets, {
        fitVoltagesV: c.voltageV,
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
    const jv = c.intensitySuns === 0 ? res.dark : res.light;
    if (!jv?.converged || jv.J_mA_cm2.length !== c.voltageV.length)
      return {
        ok: false,
        reason: {
          zh: `曲线「${c.label}」的计算未收敛`,
          en: `the run of curve “${c.label}” did not converge`,
        },
      };
    out.push(jv.J_mA_cm2.slice());
  }
  return { ok: true, jMaCm2: out };
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

/** Weighted residuals r_i = scale_i (J_model - J_i) of all curves, stacked in curve order. */
export function weightedResiduals(curves: readonly PreparedCurve[], model: number[][]): Float64Array {
  const n = curves.reduce((s, c) => s + c.voltageV.length, 0);
  const r = new Float64Array(n);
  let o = 0;
  curves.forEach((c, k) => {
    const jm = model[k]!;
    for (let i = 0; i < c.voltageV.length; i++) r[o + i] = c.scale[i]! * (jm[i]! - c.jMaCm2[i]!);
    o += c.voltageV.length;
  });
  return r;
}

export type { FitVariable };
