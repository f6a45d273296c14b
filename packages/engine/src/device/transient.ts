/**
 * The transient protocol and the impedance spectrum of a DeviceSpec (electrical.transient,
 * electrical.impedance), on the device's own generation (optical, uniform, Beer-Lambert): the
 * DeviceSpec's segments become the solver's protocol (electrical/solvers/transient.ts), the samples are
 * spread evenly over the whole protocol (spec §9: step = time / (points - 1)), and the scans are
 * cut out of the samples with their figures (jv/figures.ts) and the hysteresis index
 *     HI = (PCE_reverse - PCE_forward) / PCE_reverse
 * of the first reverse scan and the forward scan after it (Snaith et al., J. Phys. Chem. Lett. 5,
 * 1511 (2014); Habisreutinger et al., ACS Energy Lett. 3, 2472 (2018) for the definitions in use).
 */
import { impedanceSpectrum } from '../electrical/solvers/impedance.js';
import { simulateTransient, type TransientProtocol, type TransientSegment } from '../electrical/solvers/transient.js';
import type { ElectricalDevice } from '../electrical/types.js';
import { sampledKeyFigures } from '../jv/figures.js';
import type {
  DeviceImpedanceResult,
  DeviceTransientResult,
  ImpedanceElectricalLike,
  TransientElectricalLike,
} from './types.js';

/** The solver's protocol of a DeviceSpec transient, with each scan's time span and rate. */
export function transientProtocol(
  t: TransientElectricalLike,
  lit: boolean,
): {
  protocol: TransientProtocol;
  scans: { t0: number; t1: number; from: number; to: number; rate: number }[];
  light: (t: number) => number;
} {
  let V = t.initialV;
  let light = (t.initialLight ?? lit) ? 1 : 0;
  let time = 0;
  const segments: TransientSegment[] = [];
  const scans: { t0: number; t1: number; from: number; to: number; rate: number }[] = [];
  const switches: { t: number; light: number }[] = [{ t: 0, light }];
  for (const g of t.segments) {
    if (g.kind === 'scan') {
      const rate = g.rateVPerS ?? t.rateVPerS!;
      const duration_s = Math.abs(g.toV - V) / rate;
      segments.push({ duration_s, to_V: g.toV });
      scans.push({ t0: time, t1: time + duration_s, from: V, to: g.toV, rate });
      V = g.toV;
      time += duration_s;
    } else if (g.kind === 'hold') {
      segments.push({ duration_s: g.durationS, ...(g.voltageV !== undefined ? { jump_V: g.voltageV } : {}) });
      if (g.voltageV !== undefined) V = g.voltageV;
      time += g.durationS;
    } else if (g.kind === 'light') {
      light = g.on ? 1 : 0;
      switches.push({ t: time, light });
      segments.push({ duration_s: g.durationS, light });
      time += g.durationS;
    } else {
      if (g.light !== undefined) {
        light = g.light ? 1 : 0;
        switches.push({ t: time, light });
      }
      segments.push({ duration_s: g.durationS, open_circuit: true, ...(g.light !== undefined ? { light } : {}) });
      time += g.durationS;
    }
  }
  // a switch acts from just after its time: the sample at that time is the state before it
  const lightAt = (tt: number) => {
    let l = switches[0]!.light;
    for (const s of switches) if (s.t < tt) l = s.light;
    return l;
  };
  return {
    protocol: { initial: { V: t.initialV, light: (t.initialLight ?? lit) ? 1 : 0 }, segments },
    scans,
    light: lightAt,
  };
}

/** Runs a DeviceSpec's transient on its mapped device (generation already set). */
export function runDeviceTransient(
  device: ElectricalDevice,
  t: TransientElectricalLike,
  lit: boolean,
  incidentPowerMwCm2: number,
  onStep?: (t_s: number, total_s: number) => void,
): DeviceTransientResult {
  const { protocol, scans, light } = transientProtocol(t, lit);
  const total = protocol.segments.reduce((s, g) => s + g.duration_s, 0);
  const points = t.points ?? 201;
  const times = Array.from({ length: points }, (_, k) => (total * k) / (points - 1));
  // every scan's ends are samples too, so that each scan is complete
  for (const s of scans) times.push(s.t0, s.t1);
  const sampleTimes = [...new Set(times)].sort((a, b) => a - b);
  const r = simulateTransient(device, protocol, {
    sampleTimes_s: sampleTimes,
    ...(t.profileTimesS ? { profileTimes_s: t.profileTimesS } : {}),
    ...(onStep ? { onStep } : {}),
  });
  const out: DeviceTransientResult = {
    converged: r.converged,
    t_s: r.samples.map((s) => s.t_s),
    V: r.samples.map((s) => s.V),
    J_mA_cm2: r.samples.map((s) => s.J_mA_cm2),
    light: r.samples.map((s) => light(s.t_s)),
    scans: [],
    profiles: r.profiles,
    ionNumberDrift: Math.max(0, ...r.ionNumberDrift),
    stats: r.stats,
  };
  if (r.error !== undefined) out.error = r.error;
  for (const s of scans) {
    const inScan = r.samples.filter((q) => q.t_s >= s.t0 - 1e-12 * total && q.t_s <= s.t1 + 1e-12 * total);
    if (inScan.length < 2) continue;
    const V = inScan.map((q) => q.V);
    const J = inScan.map((q) => q.J_mA_cm2);
    const k = sampledKeyFigures(V, J, incidentPowerMwCm2);
    const scan: DeviceTransientResult['scans'][number] = {
      direction: s.to < s.from ? 'reverse' : 'forward',
      rate_V_s: s.rate,
      V,
      J_mA_cm2: J,
    };
    if (Number.isFinite(k.vocV) && Number.isFinite(k.jscMaCm2) && Number.isFinite(k.pmaxMwCm2))
      scan.figures = {
        Jsc_mA_cm2: k.jscMaCm2,
        Voc_V: k.vocV,
        FF: k.ff,
        PCE_percent: k.pcePercent,
        Vmp_V: k.vmpV,
        Jmp_mA_cm2: k.jmpMaCm2,
      };
    out.scans.push(scan);
  }
  const rev = out.scans.findIndex((s) => s.direction === 'reverse');
  const fwd = out.scans.findIndex((s, i) => i > rev && s.direction === 'forward');
  const pr = out.scans[rev]?.figures?.PCE_percent;
  const pf = out.scans[fwd]?.figures?.PCE_percent;
  if (rev >= 0 && fwd >= 0 && pr !== undefined && pf !== undefined && pr > 0) out.hysteresisIndex = (pr - pf) / pr;
  return out;
}

/** Runs a DeviceSpec's impedance spectrum on its mapped device (generation already set). */
export function runDeviceImpedance(device: ElectricalDevice, z: ImpedanceElectricalLike): DeviceImpedanceResult {
  const lo = z.startHz ?? 1e-3;
  const hi = z.stopHz ?? 1e6;
  const n = z.points ?? 60;
  const f = n === 1 ? [lo] : Array.from({ length: n }, (_, k) => lo * (hi / lo) ** (k / (n - 1)));
  const r = impedanceSpectrum(device, z.voltageV, f);
  const out: DeviceImpedanceResult = {
    converged: r.converged,
    V_dc: r.V_dc,
    J_dc_mA_cm2: r.J_dc_mA_cm2,
    frequency_Hz: r.points.map((p) => p.frequency_Hz),
    Z_re_ohm_cm2: r.points.map((p) => p.Z_re_ohm_cm2),
    Z_im_ohm_cm2: r.points.map((p) => p.Z_im_ohm_cm2),
    C_F_cm2: r.points.map((p) => p.C_F_cm2),
    elapsed_ms: r.stats.elapsed_ms,
  };
  if (r.error !== undefined) out.error = r.error;
  return out;
}
