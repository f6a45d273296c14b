/**
 * The C-V and C-f calculations of a DeviceSpec on its mapped device, and the defect-loss runs.
 *
 * C-V: the small-signal capacitance at one frequency over the DC voltages startV, startV + stepV,
 * ... stopV (electrical/solvers/capacitance.ts), and the Mott-Schottky line 1/C^2 = 2 (V_bi - kT/q - V) /
 * (q eps N) (Sze & Ng, Physics of Semiconductor Devices, 3rd ed., §2.3.2) through the longest
 * window of [fitFromV, fitToV] where it holds: C at least twice the geometric capacitance, 1/C^2
 * falling and straight (electrical/solvers/mott-schottky.ts); without one, the reason instead of a
 * reading. Default range: the voltages <= 0 V when at least two are swept there (reverse bias,
 * where the depletion approximation holds), else the lower half of the sweep; default permittivity:
 * the thickest electrical layer's (the absorber, whose depletion dominates).
 *
 * C-f: C(f) = Im(1/Z)/(2 pi f) over log-spaced frequencies at one DC voltage (electrical/solvers/impedance.ts),
 * and the admittance-spectroscopy view -f dC/df = -dC/d(ln f), whose peaks sit where a defect level
 * stops following the signal, 2 pi f = 2 e_t (Walter et al., J. Appl. Phys. 80, 4411 (1996)); the
 * derivative by central differences in ln f (one-sided at the ends).
 *
 * Defect losses: the light J-V run again with one defect removed ("what if this defect were
 * absent"), the figures' differences reported as what the defect costs.
 */
import { capacitanceReferences, capacitanceVoltage } from '../electrical/solvers/capacitance.js';
import { impedanceSpectrum } from '../electrical/solvers/impedance.js';
import { simulateJV } from '../electrical/solvers/jv.js';
import { readMottSchottky } from '../electrical/solvers/mott-schottky.js';
import type { ElectricalDevice, ElectricalJvFigures } from '../electrical/types.js';
import { sweepVoltages } from './electrical-spec.js';
import type {
  CapacitanceFrequencyLike,
  CapacitanceVoltageLike,
  DeviceCapacitanceFrequencyResult,
  DeviceCapacitanceVoltageResult,
  DeviceDefectLoss,
  ElectricalDeviceSpecLike,
} from './types.js';

/** Default C-f range and number of frequencies. */
export const CF_DEFAULTS = { startHz: 10, stopHz: 1e7, points: 41 } as const;

/** The Mott-Schottky range when the user gives none (see the module comment). */
export function defaultMottSchottkyRange(V: number[]): [number, number] {
  const reverse = V.filter((v) => v <= 1e-12);
  if (reverse.length >= 2) return [Math.min(...reverse), Math.max(...reverse)];
  const lo = Math.min(...V);
  const hi = Math.max(...V);
  return [lo, lo + (hi - lo) / 2];
}

/** Runs a DeviceSpec's C-V sweep on its mapped device (generation already set). */
export function runDeviceCapacitanceVoltage(
  device: ElectricalDevice,
  c: CapacitanceVoltageLike,
): DeviceCapacitanceVoltageResult {
  const voltages = sweepVoltages({ startV: c.startV, stopV: c.stopV, stepV: c.stepV });
  const r = capacitanceVoltage(device, voltages, c.frequencyHz);
  const out: DeviceCapacitanceVoltageResult = {
    converged: r.converged,
    frequency_Hz: r.frequency_Hz,
    V: r.V,
    C_F_cm2: r.C_F_cm2,
    invC2_cm4_F2: r.invC2_cm4_F2,
    elapsed_ms: r.stats.elapsed_ms,
  };
  if (r.error !== undefined) out.error = r.error;
  const semi = device.layers.filter((l) => !l.electrode);
  const layer =
    semi.find((l) => l.name === c.fitLayer) ??
    semi.reduce((a, b) => (b.thickness_nm > a.thickness_nm ? b : a), semi[0]!);
  const def = defaultMottSchottkyRange(voltages);
  const range: [number, number] = [c.fitFromV ?? def[0], c.fitToV ?? def[1]];
  const reading = readMottSchottky(out.V, out.C_F_cm2, {
    eps_r: layer.eps_r,
    T_K: device.T_K ?? 300,
    range,
    ...capacitanceReferences(device),
  });
  const { fit, ...check } = reading;
  out.mottSchottkyCheck = { ...check, range_V: range };
  if (fit) out.mottSchottky = { ...fit, layer: layer.name, eps_r: layer.eps_r };
  return out;
}

/** -dC/d(ln f) by central differences in ln f (one-sided at the ends). */
export function minusFdCdf(f: number[], C: number[]): number[] {
  const n = f.length;
  if (n < 2) return C.map(() => Number.NaN);
  return f.map((_, k) => {
    const a = Math.max(0, k - 1);
    const b = Math.min(n - 1, k + 1);
    return -(C[b]! - C[a]!) / (Math.log(f[b]!) - Math.log(f[a]!));
  });
}

/** Runs a DeviceSpec's C-f sweep on its mapped device (generation already set). */
export function runDeviceCapacitanceFrequency(
  device: ElectricalDevice,
  c: CapacitanceFrequencyLike,
): DeviceCapacitanceFrequencyResult {
  const lo = c.startHz ?? CF_DEFAULTS.startHz;
  const hi = c.stopHz ?? CF_DEFAULTS.stopHz;
  const n = c.points ?? CF_DEFAULTS.points;
  const f = Array.from({ length: n }, (_, k) => lo * (hi / lo) ** (k / (n - 1)));
  const r = impedanceSpectrum(device, c.voltageV, f);
  const freq = r.points.map((p) => p.frequency_Hz);
  const C = r.points.map((p) => p.C_F_cm2);
  const out: DeviceCapacitanceFrequencyResult = {
    converged: r.converged,
    V_dc: r.V_dc,
    frequency_Hz: freq,
    C_F_cm2: C,
    minusFdCdf_F_cm2: minusFdCdf(freq, C),
    elapsed_ms: r.stats.elapsed_ms,
  };
  if (r.error !== undefined) out.error = r.error;
  return out;
}

/** Every defect of a mapped device: where it sits and its label from the DeviceSpec. */
export function listDefects(
  spec: ElectricalDeviceSpecLike,
  device: ElectricalDevice,
): Omit<DeviceDefectLoss, 'converged'>[] {
  const out: Omit<DeviceDefectLoss, 'converged'>[] = [];
  const semi = device.layers.filter((l) => !l.electrode);
  const byName = new Map(spec.layers.map((l) => [l.name, l]));
  semi.forEach((l) => {
    const given = byName.get(l.name)?.electrical?.defects ?? [];
    (l.defects ?? []).forEach((d, k) => {
      out.push({ where: 'layer', location: l.name, index: k, name: given[k]?.name ?? `${k + 1}`, type: d.type });
    });
  });
  (device.interfaces ?? []).forEach((it, k) => {
    const front = semi[k]?.name ?? '';
    const back = semi[k + 1]?.name ?? '';
    const given = spec.electrical?.interfaces?.find((x) => x.between?.[0] === front)?.defects ?? [];
    (it?.defects ?? []).forEach((d, j) => {
      out.push({
        where: 'interface',
        location: `${front}/${back}`,
        index: j,
        name: given[j]?.name ?? `${j + 1}`,
        type: d.type,
      });
    });
  });
  return out;
}

/** The device without one defect (a copy: the device itself is untouched). */
export function withoutDefect(device: ElectricalDevice, d: Omit<DeviceDefectLoss, 'converged'>): ElectricalDevice {
  const semi = device.layers.filter((l) => !l.electrode);
  if (d.where === 'layer') {
    const target = semi.find((l) => l.name === d.location);
    return {
      ...device,
      layers: device.layers.map((l) =>
        l === target ? { ...l, defects: (l.defects ?? []).filter((_, k) => k !== d.index) } : l,
      ),
    };
  }
  const k = semi.findIndex((l, i) => `${l.name}/${semi[i + 1]?.name ?? ''}` === d.location);
  return {
    ...device,
    interfaces: (device.interfaces ?? []).map((it, i) =>
      i === k && it ? { ...it, defects: (it.defects ?? []).filter((_, j) => j !== d.index) } : it,
    ),
  };
}

/**
 * The light J-V without each defect in turn, against the figures with all of them (`base`).
 * onEach reports progress (done, total).
 */
export function runDefectLosses(
  spec: ElectricalDeviceSpecLike,
  device: ElectricalDevice,
  base: ElectricalJvFigures | undefined,
  onEach?: (done: number, total: number) => void,
): DeviceDefectLoss[] {
  const list = listDefects(spec, device);
  const quiet: ElectricalDevice = {
    ...device,
    // the figures only: no extra profiles, no extension beyond the user's sweep
    options: { ...device.options, profileBiases_V: [], onBiasPoint: undefined },
  };
  return list.map((d, k) => {
    onEach?.(k, list.length);
    const r = simulateJV(withoutDefect(quiet, d));
    const f = r.figures;
    const out: DeviceDefectLoss = { ...d, converged: r.converged && f !== undefined };
    if (f) {
      out.without = { PCE_percent: f.PCE_percent, Voc_V: f.Voc_V, Jsc_mA_cm2: f.Jsc_mA_cm2, FF: f.FF };
      if (base) {
        out.deltaPCE_percent = f.PCE_percent - base.PCE_percent;
        out.deltaVoc_V = f.Voc_V - base.Voc_V;
        out.deltaJsc_mA_cm2 = f.Jsc_mA_cm2 - base.Jsc_mA_cm2;
        out.deltaFF = f.FF - base.FF;
      }
    }
    return out;
  });
}
