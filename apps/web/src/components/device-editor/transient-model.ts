import type {
  ImpedanceElectricalSpec,
  IonElectricalSpec,
  TransientElectricalSpec,
  TransientSegmentSpec,
} from '@pvforge/contracts';
import { transientProtocol } from '@pvforge/engine';

/**
 * The pure part of the mobile-ion, transient-protocol and impedance forms (unit-tested in
 * apps/web/test/transient-model.test.ts): defaults that run, the presets, segment editing and the
 * protocol's total time and sample step, computed by the engine's own mapping of the protocol
 * (transientProtocol), so that the form shows what the solver will do.
 */

/** Samples of a protocol when `points` is not given (spec §9: step = time / (points - 1)). */
export const DEFAULT_TRANSIENT_POINTS = 201;
/** At most two mobile species per layer (the engine's rule, electrical/input-check.ts). */
export const MAX_ION_SPECIES = 2;
export const SEGMENT_KINDS = [
  'scan',
  'hold',
  'light',
  'open-circuit',
] as const satisfies readonly TransientSegmentSpec['kind'][];
export type SegmentKind = (typeof SEGMENT_KINDS)[number];

/**
 * A new species: iodide vacancies of MAPbI3 as the IonMonger default set and Courtier et al.
 * (Energy Environ. Sci. 12, 396 (2019)) give them, 1.6e19 cm^-3, with a typical room-temperature
 * diffusion coefficient of 1e-12 cm^2/s and the activation energy 0.58 eV of Eames et al.
 * (Nat. Commun. 6, 7497 (2015)). A second species defaults to the opposite charge.
 */
export function defaultIon(existing: readonly IonElectricalSpec[] = []): IonElectricalSpec {
  const sign = existing.some((s) => s.sign === 1) ? -1 : 1;
  return { densityCm3: 1.6e19, diffusionCm2PerS: 1e-12, sign, activationEnergyEV: 0.58, referenceTemperatureK: 300 };
}

/** A new segment of a kind, with values that run from where the protocol stands. */
export function newSegment(kind: SegmentKind, atV = 0): TransientSegmentSpec {
  switch (kind) {
    case 'scan':
      return { kind, toV: atV > 0.5 ? 0 : 1.2 };
    case 'hold':
      return { kind, durationS: 1 };
    case 'light':
      return { kind, on: false, durationS: 1 };
    case 'open-circuit':
      return { kind, durationS: 1 };
  }
}

/**
 * A segment switched to another kind: the duration (or target voltage) carries over where the new
 * kind has one, the rest comes from newSegment.
 */
export function changeKind(g: TransientSegmentSpec, kind: SegmentKind, atV = 0): TransientSegmentSpec {
  if (g.kind === kind) return g;
  const next = newSegment(kind, atV);
  if ('durationS' in g && 'durationS' in next) next.durationS = g.durationS;
  return next;
}

/** The terminal voltage at the start of each segment (holds that step move it, scans end at their target). */
export function segmentStartVoltages(t: Pick<TransientElectricalSpec, 'initialV' | 'segments'>): number[] {
  let V = t.initialV;
  return t.segments.map((g) => {
    const at = V;
    if (g.kind === 'scan' && Number.isFinite(g.toV)) V = g.toV;
    if (g.kind === 'hold' && g.voltageV !== undefined && Number.isFinite(g.voltageV)) V = g.voltageV;
    return at;
  });
}

/** The terminal voltage at the end of the protocol (where a segment added last starts). */
export function protocolEndVoltage(t: Pick<TransientElectricalSpec, 'initialV' | 'segments'>): number {
  return segmentStartVoltages({ ...t, segments: [...t.segments, { kind: 'hold', durationS: 1 }] }).at(-1) ?? t.initialV;
}

/**
 * Hysteresis loop: the steady state at highV is held for holdS (preconditioning at forward bias),
 * then a reverse scan to lowV and a forward scan back, both at rateVPerS; profiles at the end of
 * the preconditioning, at 0 V on each scan (short circuit) and at the end.
 */
export function hysteresisPreset(highV = 1.2, rateVPerS = 0.1, holdS = 5, lowV = -0.1): TransientElectricalSpec {
  const scanS = Math.abs(highV - lowV) / rateVPerS;
  const round = (x: number) => Number(x.toPrecision(6));
  const shortCircuit = (from: number, to: number) => (from === to ? 0 : (0 - from) / (to - from));
  const times = [
    holdS,
    holdS + shortCircuit(highV, lowV) * scanS,
    holdS + scanS + shortCircuit(lowV, highV) * scanS,
    holdS + 2 * scanS,
  ].map(round);
  return {
    initialV: highV,
    rateVPerS,
    segments: [
      { kind: 'hold', durationS: holdS, voltageV: highV },
      { kind: 'scan', toV: lowV },
      { kind: 'scan', toV: highV },
    ],
    points: DEFAULT_TRANSIENT_POINTS,
    profileTimesS: [...new Set(times)].filter((x) => Number.isFinite(x) && x >= 0),
  };
}

/**
 * Transient photovoltage: the cell in the dark at short circuit, then at open circuit with the
 * light switched on (the voltage rises to Voc) and off again (it decays), each for durationS.
 */
export function photovoltagePreset(durationS = 1): TransientElectricalSpec {
  return {
    initialV: 0,
    initialLight: false,
    segments: [
      { kind: 'open-circuit', durationS, light: true },
      { kind: 'open-circuit', durationS, light: false },
    ],
    points: DEFAULT_TRANSIENT_POINTS,
    profileTimesS: [0, durationS, 2 * durationS],
  };
}

/** An impedance spectrum at dcV over the engine's default range (1 mHz to 1 MHz, 60 frequencies). */
export function defaultImpedance(dcV = 1): ImpedanceElectricalSpec {
  return { voltageV: dcV, startHz: 1e-3, stopHz: 1e6, points: 60 };
}

export interface ProtocolSummary {
  /** Total protocol time, s (the durations and the scans' |dV| / rate). */
  totalS: number;
  points: number;
  /** Spacing of the saved samples, s: total / (points - 1). */
  stepS: number;
  /** Start and end time of each segment, s. */
  spans: { t0: number; t1: number }[];
  scans: number;
}

/**
 * Total time, saved-sample step and segment spans of a protocol, as the engine maps it; undefined
 * while a value the times depend on is missing or not a number (the checker names that field).
 */
export function protocolSummary(t: TransientElectricalSpec | undefined): ProtocolSummary | undefined {
  if (!t || !Array.isArray(t.segments) || t.segments.length === 0) return undefined;
  const { protocol, scans } = transientProtocol(t, true);
  const spans: { t0: number; t1: number }[] = [];
  let time = 0;
  for (const g of protocol.segments) {
    spans.push({ t0: time, t1: time + g.duration_s });
    time += g.duration_s;
  }
  const points = t.points ?? DEFAULT_TRANSIENT_POINTS;
  if (!(Number.isFinite(time) && time > 0) || !(Number.isInteger(points) && points >= 2)) return undefined;
  return { totalS: time, points, stepS: time / (points - 1), spans, scans: scans.length };
}

/** Whether the protocol varies the default scan rate, i.e. a sweep of `electrical.transient.rateVPerS` changes it. */
export function usesDefaultRate(t: TransientElectricalSpec | undefined): boolean {
  return !!t && t.rateVPerS !== undefined && t.segments.some((g) => g.kind === 'scan' && g.rateVPerS === undefined);
}

/** The sweep path of the default scan rate (apps/server/src/jobs/sweep.ts paths). */
export const SCAN_RATE_PATH = 'electrical.transient.rateVPerS';

/**
 * Scan rates for a hysteresis-index series: log-spaced from lo to hi V/s, `n` values, 3 significant
 * digits. The default is three decades apart from slow to fast (0.01, 0.1, 1 V/s): each rate is a
 * whole transient run, and three already show where the hysteresis peaks; more are typed in.
 */
export function scanRateSeries(lo = 0.01, hi = 1, n = 3): number[] {
  if (!(lo > 0 && hi > lo && n >= 2)) return [lo];
  return Array.from({ length: n }, (_, k) => Number((lo * (hi / lo) ** (k / (n - 1))).toPrecision(3)));
}
