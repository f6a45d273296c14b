/**
 * Transient drift-diffusion with mobile ions: voltage protocols (preconditioning, piecewise-linear
 * scans, steps), light switched on or off, open circuit; the total external current including the
 * displacement current.
 *
 * The discretised equations R(x) + d/dt S(x) = 0 (system.ts in box form, storage.ts) are a DAE of
 * index 1 (Poisson has no time derivative), integrated by the variable-step BDF2 formula
 *     dS/dt(t_n+1) = [a0 S_n+1 + a1 S_n + a2 S_n-1] / h,
 *     a0 = (1 + 2w)/(1 + w),  a1 = -(1 + w),  a2 = w^2/(1 + w),  w = h / h_prev,
 * started (and restarted after every corner of the protocol) by backward Euler. Each step is a
 * fully coupled Newton solve of (u, E_Fn, E_Fp, phi_ion) at every node, plus the internal voltage
 * when a series resistance or an open circuit makes it an unknown.
 *
 * Local error control (Milne's device): the corrector is compared with the quadratic (BE: linear)
 * extrapolation of the last steps; for BDF2 on the grid t_n-2, t_n-1, t_n, t_n+1 with steps
 * h'', h', h the local error is  LTE = Kc / (Kc + Kp) (x_corrector - x_predictor),
 *     Kc = h^2 (h + h')^2 / (2h + h'),   Kp = h (h + h') (h + h' + h'')
 * (2/11 for equal steps; for backward Euler h / (2h + h')). The error is measured in thermal
 * voltages on the potential and, weighted by their share of the density, on the quasi-Fermi levels
 * of electrons, holes and ions (a relative density error), against `rtol`; the next step is
 * h (0.9 / err)^(1/3), within [0.2 h, 2 h]. Steps land exactly on every corner of the protocol;
 * sample times between steps are read off the interpolating polynomial through the last kept
 * states (the BDF2 interpolant: its error is of the step's local error order), so the sampling
 * does not set the steps (Brenan, Campbell & Petzold §3.3, interpolation for output).
 * Defect levels (defects.ts) carry their occupation f as a state: the same BDF formula turns
 * df/dt = A - D f into f = (A - h) / (D + c0) at each node, eliminated there, so the Newton system
 * keeps its size; the occupations of the last steps are kept with the states, extrapolated for the
 * predictor and included in the error norm (relative to each level's min(f, 1 - f), at least
 * 1e-9), so that trapping and detrapping set the step as the carriers do.
 * References: Hairer & Wanner, Solving ODEs II, §VI.5 (BDF for DAEs); Brenan, Campbell & Petzold,
 * Numerical Solution of IVPs in DAEs, ch. 3 (variable-step BDF, error estimates); Courtier et al.,
 * J. Comput. Electron. 18, 1435 (2019) (IonMonger's method of lines with ode15s, the reference).
 */

import type { EngineMessage } from '../../messages/index.js';
import { resultMessage } from '../../messages/results.js';
import { displacement } from '../discretisation/fluxes.js';
import { type NewtonSettings, newContraction, newton, WallClockExceeded } from '../discretisation/newton.js';
import { storage } from '../discretisation/storage.js';
import { DDSystem } from '../discretisation/system.js';
import { ionDensity } from '../models/ions.js';
import type { ElectricalBiasProfile, ElectricalDevice } from '../types.js';
import { biasProfile, ContinuationSolver, DidNotConverge } from './jv.js';

/**
 * A time step's Newton error may be this fraction of its local error tolerance (Hairer & Wanner,
 * Solving ODEs II, §IV.8: a stopping criterion at a small fraction of the tolerance).
 */
const NEWTON_SHARE_OF_RTOL = 1e-2;

/** One piece of a protocol, run after the previous one. */
export interface TransientSegment {
  /** Duration, s (> 0). */
  duration_s: number;
  /** Terminal voltage at the end of the segment, V: reached linearly from the start (a scan). Absent: held. */
  to_V?: number;
  /** Terminal voltage set at the start of the segment (a step), V. */
  jump_V?: number;
  /** Light intensity from the start of the segment (fraction of the device's generation, 0..). Absent: unchanged. */
  light?: number;
  /** Open circuit during the segment (the voltage floats; transient photovoltage). */
  open_circuit?: boolean;
}

export interface TransientProtocol {
  /** The steady state the run starts from (ions equilibrated), at this voltage and light. */
  initial: { V: number; light: number };
  segments: TransientSegment[];
}

export interface TransientOptions {
  /** Times at which to report V and J (and keep the state), s from the start; default 101 evenly spread. */
  sampleTimes_s?: number[];
  /** Times (s) at which to return profiles (the nearest sample). */
  profileTimes_s?: number[];
  /** Local error tolerance (relative, see the module comment), default 1e-4. */
  rtol?: number;
  /** Largest time step, s (default: a tenth of the shortest segment). */
  maxStep_s?: number;
  /** Called after each accepted step: time reached and the total, s. */
  onStep?: (t_s: number, total_s: number) => void;
}

export interface TransientSample {
  t_s: number;
  /** Terminal voltage, V. */
  V: number;
  /** Total external current, mA/cm^2, generation positive, displacement included. */
  J_mA_cm2: number;
}

export interface TransientResult {
  converged: boolean;
  /** Why the run stopped early (messages/results.ts). */
  error?: EngineMessage;
  samples: TransientSample[];
  /** Profiles at the samples nearest to the requested profile times (bands, densities, ions, field). */
  profiles: ElectricalBiasProfile[];
  /** Number of ions per area of each species at each sample, relative to the start (conservation). */
  ionNumberDrift: number[];
  /** Final state (for a following protocol or small-signal analysis). */
  state: Float64Array;
  /** Final occupation of every defect level (DDSystem.trapOccupations layout; empty without defects). */
  trapOccupation: Float64Array;
  stats: { steps: number; rejected: number; newtonIterations: number; elapsed_ms: number };
}

const MAX_GROWTH = 2;
const MIN_SHRINK = 0.2;
const SAFETY = 0.9;
/** Occupied (or empty) fraction of a trap level below which its error is measured absolutely. */
const TRAP_FLOOR = 1e-9;

/** V(t) and the light within a segment, at time tau from its start. */
function segmentState(seg: TransientSegment, V0: number, tau: number): number {
  const start = seg.jump_V ?? V0;
  if (seg.to_V === undefined) return start;
  return start + ((seg.to_V - start) * Math.min(Math.max(tau, 0), seg.duration_s)) / seg.duration_s;
}

/**
 * Runs a protocol on a device (ions allowed) and returns J(t), V(t) at the sample times.
 * Non-convergence ends the run with converged = false and the samples so far.
 */
export function simulateTransient(
  device: ElectricalDevice,
  given: TransientProtocol,
  options: TransientOptions = {},
): TransientResult {
  const protocol = withSteppedRamps(given);
  const o = device.options ?? {};
  const clock = o.clock ?? (() => Date.now());
  const started = clock();
  const deadline = started + (o.wallClockLimit_ms ?? 300000);
  const sys = new DDSystem(device);
  const m = sys.m;
  const total = protocol.segments.reduce((s, g) => s + g.duration_s, 0);
  const rtol = options.rtol ?? 1e-4;
  // from the protocol as given: the rise of a step (withSteppedRamps) must not shrink every step
  const maxStep = options.maxStep_s ?? Math.min(...given.segments.map((g) => g.duration_s)) / 10;
  const sampleTimes = (options.sampleTimes_s ?? Array.from({ length: 101 }, (_, k) => (total * k) / 100)).filter(
    (t) => t >= 0 && t <= total * (1 + 1e-12),
  );
  const samples: TransientSample[] = [];
  const profiles: ElectricalBiasProfile[] = [];
  // each requested profile time is served by its nearest sample
  const profileAt = new Set<number>();
  for (const tp of options.profileTimes_s ?? []) {
    let best = 0;
    sampleTimes.forEach((ts, k) => {
      if (Math.abs(ts - tp) < Math.abs(sampleTimes[best]! - tp)) best = k;
    });
    if (sampleTimes.length > 0) profileAt.add(best);
  }
  const drift: number[] = [];
  const stats = { steps: 0, rejected: 0, newtonIterations: 0, elapsed_ms: 0 };
  const Rs = device.Rs_ohm_cm2 ?? 0;
  // trap occupations of the last accepted state
  let lastF: Float64Array = new Float64Array(0);

  // 1. the steady state at the initial voltage and light, ions equilibrated (quasi-static continuation)
  const cs = new ContinuationSolver(sys, deadline, clock);
  let x: Float64Array;
  let vInt: number;
  try {
    cs.start(protocol.initial.light);
    cs.goTo(protocol.initial.V);
    // with Rs the internal voltage is V + J Rs: fixed-point steps on the continuation (g' >= 1)
    for (let k = 0; k < 60 && Rs > 0; k++) {
      const target = protocol.initial.V + cs.current() * 1e-3 * Rs;
      if (Math.abs(target - cs.v) < 1e-10) break;
      cs.goTo(target);
    }
    x = cs.x.slice();
    vInt = cs.v;
  } catch (e) {
    if (e instanceof DidNotConverge || e instanceof WallClockExceeded)
      return fail(resultMessage.transientInitial(e.msg), new Float64Array(m * sys.N));
    throw e;
  }
  stats.newtonIterations += cs.totalIterations;

  // 2. time stepping in box form
  sys.ionRows = 'box';
  const ionTotals0 = ionNumbers(sys, x);
  // the steps share a contraction estimate: a step whose predictor is already close is accepted
  // after one update when the error it leaves (newton.ts) is below NEWTON_SHARE_OF_RTOL of the
  // local error tolerance, so that it cannot move the step's error estimate
  const settings: NewtonSettings = {
    ...cs.settings,
    maxIterations: 12,
    contraction: newContraction(Math.min(NEWTON_SHARE_OF_RTOL * rtol, cs.settings.tol)),
  };
  // history: states and stored charge at the last accepted times
  // trap occupations of the steady state (quasi-static until now)
  sys.time = undefined;
  // J (displacement included), V and the internal voltage of each kept state: samples between
  // steps are read off the polynomial through them (the BDF2 interpolant)
  let hist: History[] = [
    {
      t: 0,
      x: x.slice(),
      S: storageOf(sys, x),
      D: displacementAt(sys, x),
      f: sys.trapOccupations(x),
      J: sys.terminalCurrent(x, vInt / sys.Vt),
      V: protocol.initial.V,
      vInt,
    },
  ];
  const traps = sys.trapCount > 0;
  lastF = hist[0]!.f;
  let V = protocol.initial.V;
  let t = 0;
  let segIndex = 0;
  let segStart = 0;
  let h = 0;
  const corners: number[] = [];
  for (const g of protocol.segments) corners.push((corners.at(-1) ?? 0) + g.duration_s);
  let sampleIdx = 0;
  /**
   * The samples up to tNow, the time of the newest kept state: a sample at a kept time takes that
   * state; one between the last two takes the interpolant through the kept states of this segment
   * (quadratic with three, linear just after a corner), whose error is of the order of the step's
   * local error, so that the steps follow the tolerance and not the sampling.
   */
  const recordSamples = (tNow: number, voltageAt?: (t: number) => number) => {
    const eps = 1e-12 * Math.max(1, total);
    if (!(sampleIdx < sampleTimes.length && sampleTimes[sampleIdx]! <= tNow + eps)) return;
    const newest = hist[hist.length - 1]!;
    // the ions are conserved by the kept states (the interpolant of a density is not exact)
    const ionDrift = ionDriftOf(sys, newest.x, ionTotals0);
    while (sampleIdx < sampleTimes.length && sampleTimes[sampleIdx]! <= tNow + eps) {
      const ts = sampleTimes[sampleIdx]!;
      const at = Math.abs(ts - tNow) <= eps ? [newest] : hist;
      const w = lagrangeWeights(at, ts);
      const J = combine(w, at, (q) => q.J);
      // the protocol's own voltage where it sets one (a held or scanned segment), else read off
      const V = voltageAt ? voltageAt(ts) : combine(w, at, (q) => q.V);
      samples.push({ t_s: ts, V, J_mA_cm2: J });
      if (profileAt.has(sampleIdx)) {
        const label = `t = ${Number(ts.toPrecision(4))} s`;
        const time = sys.time;
        sys.time = undefined;
        const xs = at.length === 1 ? newest.x : extrapolate(at, ts);
        // the trapped charge and occupations of this state, not the steady ones of its densities
        sys.trapState = traps
          ? at.length === 1
            ? newest.f
            : extrapolate(
                at.map((q) => ({ t: q.t, x: q.f })),
                ts,
              )
          : undefined;
        profiles.push({
          ...biasProfile(
            sys,
            xs,
            combine(w, at, (q) => q.vInt),
            V,
            label,
          ),
          J_mA_cm2: J,
          t_s: ts,
        });
        sys.trapState = undefined;
        sys.time = time;
      }
      drift.push(ionDrift);
      sampleIdx++;
    }
  };
  // the steady state itself: a sample at t = 0 carries no displacement current
  sys.time = undefined;
  recordSamples(0);

  try {
    while (segIndex < protocol.segments.length) {
      const seg = protocol.segments[segIndex]!;
      const segEnd = corners[segIndex]!;
      const V0 = segIndex === 0 ? protocol.initial.V : segmentEndV(protocol, segIndex - 1);
      if (seg.light !== undefined) sys.genScale = seg.light;
      // a corner: restart the history (backward Euler) with a small step
      hist = [hist[hist.length - 1]!];
      h = Math.min(maxStep, seg.duration_s * 1e-6);
      if (seg.jump_V !== undefined) V = seg.jump_V;
      while (t < segEnd - 1e-15 * Math.max(1, segEnd)) {
        if (clock() > deadline) throw new WallClockExceeded(resultMessage.transientWallClock(t));
        // land on the next corner (samples are interpolated between steps)
        let tNext = Math.min(t + h, segEnd);
        if (segEnd - tNext < 1e-3 * h) tNext = segEnd;
        const step = tNext - t;
        const Vnext = segmentState(seg, V0, tNext - segStart);
        // BDF coefficients on the history
        const last = hist[hist.length - 1]!;
        const prev = hist.length >= 2 ? hist[hist.length - 2]! : undefined;
        const w = prev ? step / (last.t - prev.t) : 0;
        const a0 = prev ? (1 + 2 * w) / (1 + w) : 1;
        const a1 = prev ? -(1 + w) : -1;
        const a2 = prev ? (w * w) / (1 + w) : 0;
        // the scaled equations run in units of t0 (model.ts)
        const hs = step / sys.t0;
        const histS = new Float64Array(last.S.length);
        for (let k = 0; k < histS.length; k++) histS[k] = (a1 * last.S[k]! + (prev ? a2 * prev.S[k]! : 0)) / hs;
        const histD = (a1 * last.D + (prev ? a2 * prev.D : 0)) / hs;
        sys.time = { c0: a0 / hs, hist: histS, histD };
        if (traps) {
          const histF = new Float64Array(sys.trapCount);
          for (let k = 0; k < histF.length; k++) histF[k] = (a1 * last.f[k]! + (prev ? a2 * prev.f[k]! : 0)) / hs;
          sys.time.traps = histF;
        }
        // predictor: extrapolation through the last states (quadratic when three are known)
        const pred = extrapolate(hist, tNext);
        const trial = pred.slice();
        const circuit = seg.open_circuit
          ? { mode: 'open' as const, V_V: 0, Rs, v: vInt / sys.Vt }
          : Rs > 0
            ? { mode: 'voltage' as const, V_V: Vnext, Rs, v: vInt / sys.Vt }
            : undefined;
        sys.circuit = circuit;
        const out = newton(sys, trial, (circuit ? vInt : Vnext) / sys.Vt, settings);
        stats.newtonIterations += out.iterations;
        // A step accepted after one update leaves its quadratic remainder in the ion rows, so the
        // box form no longer conserves the ions to rounding (1e-9 per step): a uniform shift of
        // each species' quasi-Fermi level, which scales its density everywhere alike, restores
        // its number (the shift is of the order of the Newton error it corrects).
        if (out.ok && out.iterations === 1) conserveIons(sys, trial, ionTotals0);
        if (out.timedOut) throw new WallClockExceeded(resultMessage.transientWallClock(t));
        if (!out.ok) {
          stats.rejected++;
          h = step / 4;
          if (h < 1e-18 * Math.max(1, total))
            throw new DidNotConverge(
              Vnext,
              out.residual,
              resultMessage.transientNotConverged(tNext, Vnext, out.residual),
            );
          continue;
        }
        // local error estimate against the predictor (trap occupations included)
        const fNew = traps ? sys.trapOccupations(trial) : last.f;
        const fPred =
          traps && hist.length >= 2
            ? extrapolate(
                hist.map((q) => ({ t: q.t, x: q.f })),
                tNext,
              )
            : fNew;
        const err = hist.length >= 2 ? errorNorm(sys, hist, trial, pred, tNext, rtol, fNew, fPred) : 0;
        if (err > 1) {
          stats.rejected++;
          h = step * Math.max(MIN_SHRINK, SAFETY * err ** (-1 / 3));
          continue;
        }
        // accepted
        x = trial;
        vInt = circuit ? circuit.v * sys.Vt : Vnext;
        // at open circuit no current flows, so the terminal voltage is the internal one
        V = circuit?.mode === 'open' ? vInt : Vnext;
        t = tNext;
        stats.steps++;
        lastF = fNew;
        // the current of this step, its displacement part from the step's BDF formula
        const J = sys.terminalCurrent(x, vInt / sys.Vt);
        hist.push({ t, x: x.slice(), S: storageOf(sys, x), D: displacementAt(sys, x), f: fNew, J, V, vInt });
        if (hist.length > 3) hist.shift();
        recordSamples(t, seg.open_circuit ? undefined : (ts) => segmentState(seg, V0, ts - segStart));
        h = Math.min(maxStep, step * Math.min(MAX_GROWTH, err > 0 ? SAFETY * err ** (-1 / 3) : MAX_GROWTH));
        options.onStep?.(t, total);
      }
      segStart = segEnd;
      segIndex++;
    }
  } catch (e) {
    if (e instanceof DidNotConverge || e instanceof WallClockExceeded) return fail(e.msg, x);
    throw e;
  } finally {
    sys.time = undefined;
    sys.circuit = undefined;
  }
  stats.elapsed_ms = clock() - started;
  return {
    converged: true,
    samples,
    profiles,
    ionNumberDrift: drift,
    state: x,
    trapOccupation: lastF,
    stats,
  };

  function fail(error: EngineMessage, state: Float64Array): TransientResult {
    stats.elapsed_ms = clock() - started;
    return { converged: false, error, samples, profiles, ionNumberDrift: drift, state, trapOccupation: lastF, stats };
  }
}

/**
 * A voltage step rises linearly over STEP_RISE_S (or a thousandth of its segment, if shorter):
 * the first time step of an instantaneous jump of a volt or more starts Newton from a state with
 * the wrong boundary potential and fails at any time step, while the ramp lets the time stepper
 * continue in voltage. A microsecond is instantaneous for ions (ms-s) and slow only for the
 * carriers' own ns response, which a measured step does not resolve either (the RC time of a cell).
 */
const STEP_RISE_S = 1e-6;

function withSteppedRamps(p: TransientProtocol): TransientProtocol {
  let V = p.initial.V;
  const segments: TransientSegment[] = [];
  for (const g of p.segments) {
    if (g.jump_V !== undefined && g.jump_V !== V) {
      const rise = Math.min(STEP_RISE_S, g.duration_s / 1000);
      const { jump_V, ...rest } = g;
      segments.push({ ...rest, duration_s: rise, to_V: jump_V });
      // the rest of the segment: a scan on from the step's voltage, or a hold there
      const after: TransientSegment = { duration_s: g.duration_s - rise };
      if (g.to_V !== undefined) after.to_V = g.to_V;
      if (g.open_circuit) after.open_circuit = true;
      segments.push(after);
      V = g.to_V ?? jump_V;
      continue;
    }
    segments.push(g);
    if (g.jump_V !== undefined) V = g.jump_V;
    if (g.to_V !== undefined) V = g.to_V;
  }
  return { initial: p.initial, segments };
}

function segmentEndV(p: TransientProtocol, i: number): number {
  let V = p.initial.V;
  for (let k = 0; k <= i; k++) {
    const g = p.segments[k]!;
    if (g.jump_V !== undefined) V = g.jump_V;
    if (g.to_V !== undefined) V = g.to_V;
  }
  return V;
}

/** The stored charge S(x) (storage.ts), a fresh array. */
function storageOf(sys: DDSystem, x: Float64Array): Float64Array {
  sys.carriers.evaluate(sys, x, sys.m);
  const S = new Float64Array(sys.m * sys.N);
  storage(sys, sys.carriers, x, sys.m, S);
  return S;
}

function displacementAt(sys: DDSystem, x: Float64Array): number {
  return displacement(sys, x, sys.m, sys.anodeInterval).D;
}

/** The largest relative change of a species' ion number from totals0. */
function ionDriftOf(sys: DDSystem, x: Float64Array, totals0: number[]): number {
  return Math.max(0, ...ionNumbers(sys, x).map((q, k) => Math.abs(q / totals0[k]! - 1)));
}

/**
 * Shifts each species' quasi-Fermi level in its layer by ln(total / number), which multiplies its
 * density at every node alike (P = N exp(phi - s u)), so that its number is totals0 again.
 */
function conserveIons(sys: DDSystem, x: Float64Array, totals0: number[]): void {
  const now = ionNumbers(sys, x);
  sys.ions.forEach((ion, k) => {
    const shift = Math.log(totals0[k]! / now[k]!);
    if (!Number.isFinite(shift)) return;
    for (let i = ion.first; i <= ion.last; i++) x[sys.m * i + ion.slot]! += shift;
  });
}

/** Number of ions per area of each species (scaled), for the conservation check. */
function ionNumbers(sys: DDSystem, x: Float64Array): number[] {
  const { hs, m } = sys;
  return sys.ions.map((ion) => {
    let s = 0;
    for (let i = ion.first; i <= ion.last; i++) {
      const w = i === ion.first ? hs[2 * i + 1]! : i === ion.last ? hs[2 * i]! : hs[2 * i]! + hs[2 * i + 1]!;
      s += w * ionDensity(ion, x, m, i);
    }
    return s;
  });
}

/** A kept state of the time stepping. */
interface History {
  t: number;
  x: Float64Array;
  S: Float64Array;
  D: number;
  f: Float64Array;
  /** Terminal current (mA/cm^2, displacement included), terminal and internal voltage (V). */
  J: number;
  V: number;
  vInt: number;
}

/** Weights of the Lagrange polynomial through the points' times, at t. */
function lagrangeWeights(pts: readonly { t: number }[], t: number): number[] {
  return pts.map((p, i) => {
    let w = 1;
    pts.forEach((q, j) => {
      if (j !== i) w *= (t - q.t) / (p.t - q.t);
    });
    return w;
  });
}

function combine<T>(w: number[], pts: readonly T[], value: (p: T) => number): number {
  let s = 0;
  for (let i = 0; i < pts.length; i++) s += w[i]! * value(pts[i]!);
  return s;
}

/** Polynomial extrapolation of the stored states to time t (linear with two, quadratic with three). */
function extrapolate(hist: { t: number; x: Float64Array }[], t: number): Float64Array {
  const n = hist.length;
  const out = hist[n - 1]!.x.slice();
  if (n === 1) return out;
  const pts = hist.slice(-Math.min(3, n));
  const L = lagrangeWeights(pts, t);
  for (let k = 0; k < out.length; k++) {
    let s = 0;
    for (let i = 0; i < pts.length; i++) s += L[i]! * pts[i]!.x[k]!;
    out[k] = s;
  }
  return out;
}

/**
 * The local error (module comment) divided by the tolerance, as a max-norm: the potential in
 * thermal voltages; each quasi-Fermi level weighted by its density's share of the largest density
 * of that kind, so that a carrier that is absent does not set the step.
 */
function errorNorm(
  sys: DDSystem,
  hist: { t: number }[],
  xc: Float64Array,
  xp: Float64Array,
  t: number,
  rtol: number,
  fc: Float64Array,
  fp: Float64Array,
): number {
  const n = hist.length;
  const h = t - hist[n - 1]!.t;
  const h1 = hist[n - 1]!.t - hist[n - 2]!.t;
  let factor: number;
  if (n >= 3) {
    const h2 = hist[n - 2]!.t - hist[n - 3]!.t;
    const Kc = (h * h * (h + h1) ** 2) / (2 * h + h1);
    const Kp = h * (h + h1) * (h + h1 + h2);
    factor = Kc / (Kc + Kp);
  } else factor = h / (2 * h + h1);
  const { m, N } = sys;
  const car = sys.carriers;
  car.evaluate(sys, xc, m);
  let nMax = 0;
  let pMax = 0;
  for (let s = 0; s < 2 * N; s++) {
    nMax = Math.max(nMax, car.nS[s]!);
    pMax = Math.max(pMax, car.pS[s]!);
  }
  let err = 0;
  for (let i = 0; i < N; i++) {
    const nShare = Math.max(car.nS[2 * i]!, car.nS[2 * i + 1]!) / nMax;
    const pShare = Math.max(car.pS[2 * i]!, car.pS[2 * i + 1]!) / pMax;
    err = Math.max(
      err,
      Math.abs(xc[m * i]! - xp[m * i]!),
      nShare * Math.abs(xc[m * i + 1]! - xp[m * i + 1]!),
      pShare * Math.abs(xc[m * i + 2]! - xp[m * i + 2]!),
    );
    for (const ion of sys.ions) {
      if (i < ion.first || i > ion.last) continue;
      const share = Math.min(1, ionDensity(ion, xc, m, i) / ion.N);
      err = Math.max(err, share * Math.abs(xc[m * i + ion.slot]! - xp[m * i + ion.slot]!));
    }
  }
  // trap occupations: relative to the level's smaller fraction (occupied or empty), above
  // TRAP_FLOOR; a level nearly full or nearly empty still sets the step while its minority fraction
  // changes (trapped electrons released at the rate e_n from traps that are almost empty)
  for (let k = 0; k < fc.length; k++)
    err = Math.max(err, Math.abs(fc[k]! - fp[k]!) / Math.max(TRAP_FLOOR, Math.min(fc[k]!, 1 - fc[k]!)));
  return (factor * err) / rtol;
}
