/**
 * J-V simulation driver: equilibrium, light ramp, voltage continuation with adaptive steps, series
 * and shunt resistance, recombination currents per mechanism and per layer/interface/contact,
 * profiles at chosen biases, figures of merit, EQE/IQE.
 *
 * External elements (circuit-sdm convention of FORMAT.md):
 *   J = J_device(V + J Rs) - (V + J Rs)/Rsh,  generation-positive J.
 * The device is solved at the internal voltage V_int = V + J Rs. For Rs > 0, V_int is an unknown of
 * the Newton iteration itself: the circuit equation V_int - V - J Rs = 0 borders the drift-diffusion
 * Jacobian (system.ts), and the continuation steps in the terminal voltage; a secant iteration on
 * g(V_int) = V_int - J(V_int) Rs - V (g' >= 1), one Newton solve per secant step, is the fallback.
 * Current balance (exact for the discretisation, used as a check):
 *   J = q int (G - R_srh - R_rad - R_Auger) dx - q sum R_interface - J_contact losses.
 */
import { Q_C } from '../../constants.js';
import type { EngineMessage } from '../../messages/index.js';
import { type ConvergenceStage, type ResultWarning, resultMessage } from '../../messages/results.js';
import { brentMax } from '../../numerics/maximize.js';
import { brentRoot } from '../../numerics/roots.js';
import { type NewtonSettings, newContraction, newton, WallClockExceeded } from '../discretisation/newton.js';
import { DDSystem } from '../discretisation/system.js';
import { checkElectricalDevice } from '../input-check.js';
import { ionDensity } from '../models/ions.js';
import {
  type ElectricalBiasProfile,
  type ElectricalDevice,
  ElectricalInputError,
  type ElectricalJvFigures,
  type ElectricalRecombinationCurrents,
  type ElectricalResult,
} from '../types.js';
import { startThroughContacts } from './contact-continuation.js';
import { jvFigures } from './figures.js';
import type { SolverStateHooks } from './states.js';

/** Newton failed with the smallest voltage step; `msg` says where, for the result. */
export class DidNotConverge extends Error {
  readonly V: number;
  readonly residual: number;
  readonly stage: ConvergenceStage;
  readonly msg: EngineMessage;
  constructor(V: number, residual: number, msg?: EngineMessage, stage: ConvergenceStage = 'sweep') {
    const m = msg ?? resultMessage.notConverged(V, residual, stage);
    super(m.text);
    this.msg = m;
    this.stage = stage;
    this.name = 'DidNotConverge';
    this.V = V;
    this.residual = residual;
  }
}

/** Point-wise breakdown of the terminal current, mA/cm^2. */
export interface PointBreakdown {
  J: number;
  srh: number[];
  rad: number[];
  aug: number[];
  /** Generation lost to CT-state decay (layers with dissociation; 0 elsewhere). */
  geminate: number[];
  /** Excitons that decay before they reach a donor/acceptor interface (layers with exciton diffusion). */
  excitonDecay: number[];
  /** Band-to-band tunnelling (net recombination) per layer. */
  btbt: number[];
  /** Recombination through each defect of each layer, and through each interface's defect sheets. */
  defects: number[][];
  interfaceDefects: number[];
  interfaces: number[];
  /**
   * Electron and hole current through each interface's tunnel oxide (its two-node gap), in the
   * terminal's sign (generation positive); undefined at interfaces without one.
   */
  oxide: ({ electron: number; hole: number } | undefined)[];
  contactAnode: number;
  contactCathode: number;
  generation: number;
}

/** Continuation state: a converged solution x at internal voltage v (V). */
export class ContinuationSolver {
  readonly sys: DDSystem;
  x: Float64Array;
  v = 0;
  /**
   * The states before the last step, newest first (at most two): internal voltage v and, after a
   * terminal step, terminal V. They extrapolate the next step's start (predictorWeights).
   */
  private prev: { x: Float64Array; v: number; V?: number }[] = [];
  private h: number;
  readonly maxStep: number;
  readonly minStep: number;
  readonly settings: NewtonSettings;
  /** The settings of continuation steps: these share the contraction measured along the way. */
  private readonly stepSettings: NewtonSettings;
  totalIterations = 0;

  constructor(sys: DDSystem, deadline: number, clock: () => number) {
    this.sys = sys;
    const o = sys.device.options ?? {};
    this.maxStep = o.maxVoltageStep_V ?? 0.05;
    this.minStep = o.minVoltageStep_V ?? 1e-4;
    this.h = this.maxStep;
    this.settings = {
      maxIterations: o.maxNewtonIterations ?? 40,
      tol: o.newtonTolerance ?? 1e-6,
      maxStep: 10,
      deadline,
      clock,
    };
    // a step's error after one update must stay 100x below the Newton tolerance
    this.stepSettings = { ...this.settings, contraction: newContraction(1e-2 * this.settings.tol) };
    this.x = sys.initialGuess();
  }

  private timeout(V: number): never {
    const lim = (this.sys.device.options?.wallClockLimit_ms ?? 300000) / 1000;
    throw new WallClockExceeded(resultMessage.jvWallClock(lim, V));
  }

  /**
   * Equilibrium (dark, V = 0), then the generation switched on to `intensity` (a fraction of the
   * device's, default 1; ramped geometrically when the direct step fails). When that fails, the
   * start is reached from carrier-selective contacts (contact-continuation.ts); when that fails
   * too, the first failure is reported.
   */
  start(intensity = 1): number {
    try {
      return this.startDirect(intensity);
    } catch (e) {
      if (!(e instanceof DidNotConverge)) throw e;
      const sys = this.sys;
      // startDirect counts its own iterations in totalIterations
      let counted = 0;
      const reached = startThroughContacts(sys, {
        start: () => {
          this.x = sys.initialGuess();
          try {
            const iterations = this.startDirect(intensity);
            counted = iterations;
            return { x: this.x, iterations };
          } catch (e2) {
            if (e2 instanceof DidNotConverge) return undefined;
            throw e2;
          }
        },
        solve: (x) => newton(sys, x, 0, this.settings),
        timeout: () => this.timeout(0),
      });
      if (!reached) throw e;
      this.x = reached.x;
      this.v = 0;
      this.prev = [];
      this.totalIterations += reached.iterations - counted;
      return reached.iterations;
    }
  }

  private startDirect(intensity: number): number {
    const sys = this.sys;
    let its = 0;
    sys.genScale = 0;
    const eq = { ...this.settings, maxIterations: 400, maxStep: 4, tol: Math.min(this.settings.tol, 1e-10) };
    let out = newton(sys, this.x, 0, eq);
    its += out.iterations;
    if (out.timedOut) this.timeout(0);
    if (!out.ok) {
      // fallback: the equilibrium's own problem first (fn = fp = 0 exactly, so Poisson with the
      // traps' and ions' equilibrium charge alone), then the coupled system from its solution. Where
      // mobile ions meet charged traps the coupled Newton can wander off from the neutral guess
      // through the continuity rows, which carry nothing in equilibrium but their round-off.
      const xe = sys.initialGuess();
      sys.equilibriumOnly = true;
      try {
        out = newton(sys, xe, 0, eq);
      } finally {
        sys.equilibriumOnly = false;
      }
      its += out.iterations;
      if (out.timedOut) this.timeout(0);
      if (out.ok) {
        out = newton(sys, xe, 0, eq);
        its += out.iterations;
        if (out.timedOut) this.timeout(0);
        if (out.ok) this.x = xe;
      }
    }
    if (!out.ok) {
      // fallback: linear potential between the contacts
      const N = sys.N;
      const x = new Float64Array(sys.m * N);
      const u0 = sys.left.u0;
      const u1 = sys.right.u0;
      for (let i = 0; i < N; i++) x[sys.m * i] = u0 + (u1 - u0) * sys.xs[i]!;
      out = newton(sys, x, 0, { ...eq, maxStep: 1 });
      its += out.iterations;
      if (out.timedOut) this.timeout(0);
      if (!out.ok) throw new DidNotConverge(0, out.residual, undefined, 'equilibrium');
      this.x = x;
    }
    let hasG = false;
    for (let k = 0; k < sys.G.length; k++) if (sys.G[k]! !== 0) hasG = true;
    // excitons of a planar heterojunction make their pairs at the interface only
    for (let k = 0; k < sys.N; k++) if (sys.Gn_iface[k]! !== 0) hasG = true;
    if (hasG && intensity > 0) {
      const logI = Math.log10(intensity);
      const x1 = this.x.slice();
      sys.genScale = intensity;
      out = newton(sys, x1, 0, this.settings);
      its += out.iterations;
      if (out.timedOut) this.timeout(0);
      if (out.ok) this.x = x1;
      else {
        // ramp the intensity geometrically from 1e-8, halving the (log) step on failure. Each step
        // starts from the secant extrapolation (in log intensity) of the last two solutions, and
        // the step grows again only after two successes in a row: with dense charged traps the
        // occupation, and with it the band bending, changes over every decade, and a step that
        // fails costs a whole Newton run.
        let logS = -8;
        let dLog = 1;
        let cur = this.x.slice();
        let curLog = Number.NEGATIVE_INFINITY;
        let prev: { x: Float64Array; log: number } | undefined;
        let streak = 0;
        while (curLog < logI) {
          const target = Math.min(curLog === Number.NEGATIVE_INFINITY ? Math.min(logS, logI) : curLog + dLog, logI);
          sys.genScale = 10 ** target;
          const trial = cur.slice();
          if (prev) {
            const r = (target - curLog) / (curLog - prev.log);
            for (let k = 0; k < trial.length; k++) trial[k]! += r * (cur[k]! - prev.x[k]!);
          }
          out = newton(sys, trial, 0, this.settings);
          its += out.iterations;
          if (out.timedOut) this.timeout(0);
          if (out.ok) {
            if (curLog > Number.NEGATIVE_INFINITY) prev = { x: cur, log: curLog };
            cur = trial;
            curLog = target;
            streak++;
            if (streak >= 2) dLog = Math.min(dLog * 2, 2);
          } else {
            streak = 0;
            if (curLog === Number.NEGATIVE_INFINITY) logS -= 2;
            else dLog = (target - curLog) / 2;
            if (dLog < 1e-3 || logS < -20) throw new DidNotConverge(0, out.residual, undefined, 'light');
          }
        }
        this.x = cur;
        sys.genScale = intensity;
      }
    }
    this.v = 0;
    this.prev = [];
    this.totalIterations += its;
    return its;
  }

  /**
   * Starts at full generation from a given state x at internal voltage vInternalV (V) instead of
   * equilibrium; returns the Newton iterations, or undefined (state unchanged) when Newton fails
   * from there.
   */
  startFrom(x: Float64Array, vInternalV: number): number | undefined {
    const sys = this.sys;
    sys.genScale = 1;
    const trial = x.slice();
    const v = vInternalV / sys.Vt;
    const out = newton(sys, trial, v, { ...this.settings, maxIterations: 100 });
    this.totalIterations += out.iterations;
    if (out.timedOut) this.timeout(vInternalV);
    if (!out.ok) return undefined;
    this.x = trial;
    this.v = vInternalV;
    this.prev = [];
    return out.iterations;
  }

  /**
   * Restarts the continuation from a stored solution; with a second one (`other`, a converged
   * state at terminal voltage V), the first step is predicted along the line through the two
   * instead of from the first alone.
   */
  reset(x: Float64Array, v: number, other?: { x: Float64Array; v: number; V: number }): void {
    this.x = x.slice();
    this.v = v;
    this.prev = other ? [{ x: other.x, v: other.v, V: other.V }] : [];
  }

  /** Continues to internal voltage target (V); returns the Newton iterations spent. */
  goTo(target: number): number {
    const { sys } = this;
    const Vt = sys.Vt;
    let its = 0;
    while (this.v !== target) {
      const remaining = Math.abs(target - this.v);
      const dir = target > this.v ? 1 : -1;
      let h = Math.min(this.h, remaining);
      if (remaining - h < 0.25 * h) h = remaining;
      const vNew = h >= remaining ? target : this.v + dir * h;
      const attempts: Float64Array[] = [];
      const w = predictorWeights(
        vNew,
        this.v,
        this.prev.map((q) => q.v),
      );
      if (w) attempts.push(extrapolate(w, this.x, this.prev));
      attempts.push(this.x.slice());
      let done = false;
      let lastRes = Number.NaN;
      for (const trial of attempts) {
        const out = newton(sys, trial, vNew / Vt, this.stepSettings);
        its += out.iterations;
        if (out.timedOut) {
          this.totalIterations += its;
          this.timeout(vNew);
        }
        lastRes = out.residual;
        if (out.ok) {
          this.prev = [{ x: this.x, v: this.v }, ...this.prev.slice(0, 1)];
          this.x = trial;
          this.v = vNew;
          if (out.iterations <= 5) this.h = Math.min(this.h * 1.5, this.maxStep);
          done = true;
          break;
        }
      }
      if (!done) {
        this.h = h / 2;
        if (this.h < this.minStep) {
          this.totalIterations += its;
          throw new DidNotConverge(vNew, lastRes);
        }
      }
    }
    this.totalIterations += its;
    return its;
  }

  /**
   * Continues to terminal voltage target (V) through series resistance Rs (Ohm cm^2): each step
   * solves the carriers and the internal voltage together (the circuit equation borders the
   * Jacobian, system.ts `circuit`), predicted by extrapolating state and internal voltage in the
   * terminal voltage, so a bias point costs one Newton solve, not one per secant step on V_int.
   * Returns the Newton iterations spent.
   */
  goToTerminal(target: number, Rs: number): number {
    const { sys } = this;
    const Vt = sys.Vt;
    let its = 0;
    let V = this.v - this.current() * 1e-3 * Rs;
    try {
      while (V !== target) {
        const remaining = Math.abs(target - V);
        const dir = target > V ? 1 : -1;
        let h = Math.min(this.h, remaining);
        if (remaining - h < 0.25 * h) h = remaining;
        const VNew = h >= remaining ? target : V + dir * h;
        const attempts: { x: Float64Array; v: number }[] = [];
        // the history of terminal steps only (a state reached by goTo has no terminal voltage)
        const past: { x: Float64Array; v: number; V: number }[] = [];
        for (const q of this.prev) {
          if (q.V === undefined) break;
          past.push({ x: q.x, v: q.v, V: q.V });
        }
        const w = predictorWeights(
          VNew,
          V,
          past.map((q) => q.V),
        );
        if (w) {
          let vPred = w[0]! * this.v;
          for (let j = 1; j < w.length; j++) vPred += w[j]! * past[j - 1]!.v;
          attempts.push({ x: extrapolate(w, this.x, past), v: vPred });
        }
        // without a history: the internal voltage moves with the terminal one (J held)
        attempts.push({ x: this.x.slice(), v: this.v + (VNew - V) });
        let done = false;
        let lastRes = Number.NaN;
        for (const trial of attempts) {
          sys.circuit = { mode: 'voltage', V_V: VNew, Rs, v: trial.v / Vt };
          const out = newton(sys, trial.x, trial.v / Vt, this.stepSettings);
          its += out.iterations;
          if (out.timedOut) {
            this.totalIterations += its;
            this.timeout(VNew);
          }
          lastRes = out.residual;
          if (out.ok) {
            this.prev = [{ x: this.x, v: this.v, V }, ...this.prev.slice(0, 1)];
            this.x = trial.x;
            this.v = sys.circuit.v * Vt;
            V = VNew;
            if (out.iterations <= 5) this.h = Math.min(this.h * 1.5, this.maxStep);
            done = true;
            break;
          }
        }
        if (!done) {
          this.h = h / 2;
          if (this.h < this.minStep) {
            this.totalIterations += its;
            throw new DidNotConverge(VNew, lastRes);
          }
        }
      }
    } finally {
      sys.circuit = undefined;
    }
    this.totalIterations += its;
    return its;
  }

  /** Terminal-current breakdown of the current solution (mA/cm^2, generation positive). */
  breakdown(): PointBreakdown {
    return pointBreakdown(this.sys, this.x, this.v);
  }

  /** The terminal current of the current solution alone (mA/cm^2, generation positive). */
  current(): number {
    return terminalCurrentOf(this.sys, this.x, this.v);
  }
}

/** Steps to the next point beyond this multiple of the last one are not extrapolated. */
const MAX_STEP_RATIO = 2;

/**
 * Weights of the Lagrange polynomial through the current state (at t0) and up to two earlier
 * ones (at ts, newest first), evaluated at t: the predicted start of the next step is
 * w[0] x(t0) + w[1] x(ts[0]) + w[2] x(ts[1]). Quadratic when the two earlier states lie on the
 * same side at comparable spacing (an evenly stepped sweep: its error falls from O(h^2) to O(h^3),
 * which saves the third Newton iteration of most points near Voc), linear from one earlier state,
 * none when the step would reach more than MAX_STEP_RATIO times beyond the last spacing.
 */
export function predictorWeights(t: number, t0: number, ts: number[]): number[] | undefined {
  const t1 = ts[0];
  if (t1 === undefined || t1 === t0) return undefined;
  const r = (t - t0) / (t0 - t1);
  if (Math.abs(r) > MAX_STEP_RATIO) return undefined;
  const t2 = ts[1];
  // the quadratic only along one direction (a sweep that turns back is not one smooth path)
  // and for spacings within MAX_STEP_RATIO of each other
  if (
    t2 !== undefined &&
    t2 !== t1 &&
    Math.sign(t0 - t1) === Math.sign(t1 - t2) &&
    Math.sign(t - t0) === Math.sign(t0 - t1) &&
    Math.abs((t0 - t1) / (t1 - t2)) <= MAX_STEP_RATIO &&
    Math.abs((t1 - t2) / (t0 - t1)) <= MAX_STEP_RATIO
  ) {
    return [
      ((t - t1) * (t - t2)) / ((t0 - t1) * (t0 - t2)),
      ((t - t0) * (t - t2)) / ((t1 - t0) * (t1 - t2)),
      ((t - t0) * (t - t1)) / ((t2 - t0) * (t2 - t1)),
    ];
  }
  return [1 + r, -r];
}

/** w[0] x + sum_j w[j + 1] past[j].x, a new array. */
function extrapolate(w: number[], x: Float64Array, past: readonly { x: Float64Array }[]): Float64Array {
  const out = new Float64Array(x.length);
  const w0 = w[0]!;
  for (let k = 0; k < x.length; k++) out[k] = w0 * x[k]!;
  for (let j = 1; j < w.length; j++) {
    const wj = w[j]!;
    const xj = past[j - 1]!.x;
    for (let k = 0; k < x.length; k++) out[k]! += wj * xj[k]!;
  }
  return out;
}

const sign = (sys: DDSystem) => (sys.device.contacts.anode === 'left' ? -1 : 1);

/** Boundary currents (scaled, along +x) at both contacts from the box balance of the end nodes. */
function boundaryCurrents(sys: DDSystem, x: Float64Array) {
  const N = sys.N;
  const U = (i: number): number => {
    let u = 0;
    for (const side of [0, 1] as const) {
      const s = 2 * i + side;
      const w = sys.hs[s]!;
      if (w === 0) continue;
      const r = sys.recombination(x, i, side);
      u += w * (r.srh + r.rad + r.aug + r.btbt + r.defect - r.gen);
    }
    return u;
  };
  const U0 = U(0);
  const UN = U(N - 1);
  return {
    Jn0: sys.Jn[0]! - U0,
    Jp0: sys.Jp[0]! + U0,
    JnL: sys.Jn[N - 2]! + UN,
    JpL: sys.Jp[N - 2]! - UN,
  };
}

/**
 * The terminal current of solution x at internal voltage v (scaled), mA/cm^2, generation positive:
 * what pointBreakdown gives as J, without the recombination breakdown (the solvers that only need J
 * call this).
 */
export function terminalCurrentOf(sys: DDSystem, x: Float64Array, v: number): number {
  sys.fluxes(x);
  const N = sys.N;
  // mean of Jn + Jp over the intervals (constant at convergence), leaving out the gaps of
  // thermionic-emission interfaces, where the current through interface recombination (electron
  // captured on one side, hole on the other) is carried by the traps, not by Jn + Jp
  let jt = 0;
  let cnt = 0;
  for (let k = 0; k < N - 1; k++) {
    if (sys.mesh.teInterval[k]! >= 0) continue;
    jt += sys.Jn[k]! + sys.Jp[k]!;
    cnt++;
  }
  jt /= cnt;
  const Rsh = sys.device.Rsh_ohm_cm2;
  const shunt = Rsh ? (v / Rsh) * 1e3 : 0;
  return sign(sys) * jt * sys.J0 * 0.1 - shunt;
}

export function pointBreakdown(sys: DDSystem, x: Float64Array, v: number): PointBreakdown {
  const J = terminalCurrentOf(sys, x, v);
  const N = sys.N;
  const toMa = sys.J0 * 0.1;
  // the fluxes of x are those terminalCurrentOf just evaluated; a gap's interval is its left node's
  const oxide = sys.mesh.interfaceNodes.map((node, k) =>
    sys.device.interfaces?.[k]?.tunnel_oxide && sys.mesh.doubleNode[k]
      ? { electron: sign(sys) * sys.Jn[node]! * toMa, hole: sign(sys) * sys.Jp[node]! * toMa }
      : undefined,
  );
  const nl = sys.layers.length;
  const srh = new Array<number>(nl).fill(0);
  const rad = new Array<number>(nl).fill(0);
  const aug = new Array<number>(nl).fill(0);
  const geminate = new Array<number>(nl).fill(0);
  const btbt = new Array<number>(nl).fill(0);
  const defects = sys.layers.map((l) => new Array<number>(l.defects?.length ?? 0).fill(0));
  const nDef = Math.max(0, ...defects.map((d) => d.length));
  const transientRates = new Float64Array(nDef);
  const transientOcc = new Float64Array(nDef);
  let gen = 0;
  for (let i = 0; i < N; i++) {
    for (const side of [0, 1] as const) {
      const s = 2 * i + side;
      const w = sys.hs[s]!;
      if (w === 0) continue;
      const li = sys.mesh.intervalLayer[side === 0 ? i - 1 : i]!;
      const r = sys.recombination(x, i, side);
      srh[li]! += w * r.srh;
      rad[li]! += w * r.rad;
      aug[li]! += w * r.aug;
      geminate[li]! += w * r.geminate;
      btbt[li]! += w * r.btbt;
      if (r.defect !== 0 || sys.defectLevels[s]) {
        // recombination() above has the per-defect rates of the steady occupation (no second pass
        // over the levels); a transient's state carries its own occupations, which set the rates
        let rates = sys.lastDefectRates;
        if (sys.trapState) {
          sys.defectDetail(x, i, side, transientRates, transientOcc);
          rates = transientRates;
        }
        defects[li]!.forEach((_, k) => {
          defects[li]![k]! += w * rates[k]!;
        });
      }
      // all the light makes: free pairs plus the CT states that decay
      gen += w * (r.gen + r.geminate);
    }
  }
  const interfaces = sys.mesh.interfaceNodes.map((node) => {
    const it = sys.interfaces.find((q) => q.node === node);
    return it ? sys.interfaceRate(it, x) * toMa : 0;
  });
  // excitons (bilayers): the pairs split at the interface, and those that decay on the way
  const excitonDecay = sys.layers.map(() => 0);
  if (sys.excitons) {
    for (let i = 0; i < N; i++) gen += sys.genScale * sys.Gn_iface[i]!;
    sys.excitons.decay.forEach((d, li) => {
      excitonDecay[li] = sys.genScale * d * Q_C * 1e3;
    });
  }
  const bc = boundaryCurrents(sys, x);
  const anodeLeft = sys.device.contacts.anode === 'left';
  const contactAnode = (anodeLeft ? bc.Jn0 : -bc.JnL) * toMa;
  const contactCathode = (anodeLeft ? bc.JpL : -bc.Jp0) * toMa;
  return {
    J,
    srh: srh.map((q) => q * toMa),
    rad: rad.map((q) => q * toMa),
    aug: aug.map((q) => q * toMa),
    geminate: geminate.map((q) => q * toMa),
    btbt: btbt.map((q) => q * toMa),
    defects: defects.map((d) => d.map((q) => q * toMa)),
    interfaceDefects: sys.mesh.interfaceNodes.map((_, k) => {
      const S = sys.sheets.find((q) => q.index === k);
      return S ? sys.sheetDetail(S, x).rate * toMa : 0;
    }),
    excitonDecay,
    interfaces,
    oxide,
    contactAnode,
    contactCathode,
    generation: gen * toMa + excitonDecay.reduce((a, b) => a + b, 0),
  };
}

/** Profiles against position of solution x at internal voltage v. */
export function biasProfile(
  sys: DDSystem,
  x: Float64Array,
  v: number,
  Vext: number,
  label: string,
): ElectricalBiasProfile {
  const bd = pointBreakdown(sys, x, v);
  const N = sys.N;
  const Vt = sys.Vt;
  const toMa = sys.J0 * 0.1;
  const dens = sys.N0 * 1e-6;
  const rate = sys.N0 / sys.t0 / 1e6;
  const iface = new Set(sys.mesh.interfaceNodes.filter((_, k) => !sys.mesh.doubleNode[k]));
  const te = sys.mesh.teInterval;
  const pr: ElectricalBiasProfile = {
    V: Vext,
    J_mA_cm2: bd.J,
    label,
    x_nm: [],
    Ec_eV: [],
    Ev_eV: [],
    EFn_eV: [],
    EFp_eV: [],
    potential_V: [],
    field_V_cm: [],
    n_cm3: [],
    p_cm3: [],
    Jn_mA_cm2: [],
    Jp_mA_cm2: [],
    G_cm3_s: [],
    R_srh_cm3_s: [],
    R_rad_cm3_s: [],
    R_auger_cm3_s: [],
    R_interface_cm2_s: sys.mesh.interfaceNodes.map((node) => {
      const it = sys.interfaces.find((q) => q.node === node);
      return it ? (sys.interfaceRate(it, x) * sys.N0 * sys.L0) / sys.t0 / 1e4 : 0;
    }),
    R_contact_cm2_s: {
      anode: (bd.contactAnode / 0.1 / Q_C) * 1e-4,
      cathode: (bd.contactCathode / 0.1 / Q_C) * 1e-4,
    },
  };
  const m = sys.m;
  if (sys.excitons) pr.X_cm3 = [];
  const withDefects = sys.layers.map((l, li) => ({ li, n: l.defects?.length ?? 0 })).filter((q) => q.n > 0);
  if (withDefects.length > 0) {
    pr.trappedCharge_cm3 = [];
    pr.defects = withDefects.flatMap(({ li }) =>
      sys.layers[li]!.defects!.map((d, k) => ({ layer: sys.layers[li]!.name, index: k, type: d.type, occupation: [] })),
    );
  }
  if (sys.sheets.length > 0)
    pr.interfaceDefects = sys.sheets.map((S) => {
      const q = sys.sheetDetail(S, x);
      return {
        interface: `${sys.layers[S.index]!.name}/${sys.layers[S.index + 1]!.name}`,
        occupation: q.occupation,
        charge_cm2: (q.charge * sys.N0 * sys.L0) / 1e4,
      };
    });
  const nDef = Math.max(0, ...sys.layers.map((l) => l.defects?.length ?? 0));
  const dRate = new Float64Array(nDef);
  const dOcc = new Float64Array(nDef);
  if (sys.tunnelling.some((t) => t !== undefined && t.btbtA > 0)) pr.R_btbt_cm3_s = [];
  if (sys.dissociation.some((d) => d !== undefined)) {
    pr.P_dissociation = [];
    pr.R_geminate_cm3_s = [];
  }
  if (sys.ions.length > 0)
    pr.ions = sys.ions.map((ion) => ({ layer: sys.layers[ion.layer]!.name, sign: ion.sign, density_cm3: [] }));
  const fieldOf = (k: number) => (-(x[m * (k + 1)]! - x[m * k]!) * Vt) / (sys.h[k]! * sys.L0) / 100;
  for (let i = 0; i < N; i++) {
    // a single-node interface shows both sides; the two nodes of a thermionic-emission interface
    // show their own layer's side
    const teLeft = i < N - 1 && te[i]! >= 0;
    const teRight = i > 0 && te[i - 1]! >= 0;
    const sides: (0 | 1)[] = iface.has(i) ? [0, 1] : teLeft ? [0] : teRight ? [1] : [i === N - 1 ? 0 : 1];
    for (const side of sides) {
      const s = 2 * i + side;
      const li = sys.mesh.intervalLayer[side === 0 ? i - 1 : i]!;
      // the layer at this node (a graded layer's local band edges)
      const layer = sys.sideLayers[s]!;
      const u = x[m * i]!;
      const fn = x[m * i + 1]!;
      const fp = x[m * i + 2]!;
      const n = sys.nAt(x, i, side);
      const p = sys.pAt(x, i, side);
      const r = sys.recombination(x, i, side);
      // a transient's state: its defects recombine at the rates of the occupations it carries
      let defectRate = r.defect;
      if (sys.trapState && sys.defectLevels[s]) {
        sys.defectDetail(x, i, side, dRate, dOcc);
        defectRate = dRate.reduce((a, b) => a + b, 0);
      }
      // what the light makes here: free pairs, CT states or excitons
      const g = r.gen + r.geminate + sys.genScale * sys.Gexciton[s]!;
      const w = sys.hs[s]!;
      const Ec = -layer.chi_eV - Vt * u;
      pr.x_nm.push(sys.mesh.x[i]! * 1e9);
      pr.Ec_eV.push(Ec);
      pr.Ev_eV.push(Ec - layer.Eg_eV);
      pr.EFn_eV.push(Vt * fn + sys.Eref_eV);
      pr.EFp_eV.push(Vt * fp + sys.Eref_eV);
      pr.potential_V.push(Vt * u);
      let E: number;
      if (i === 0) E = fieldOf(0);
      else if (i === N - 1) E = fieldOf(N - 2);
      else if (iface.has(i) || teLeft || teRight) E = fieldOf(side === 0 ? i - 1 : i);
      else E = 0.5 * (fieldOf(i - 1) + fieldOf(i));
      pr.field_V_cm.push(E);
      pr.n_cm3.push(n * dens);
      pr.p_cm3.push(p * dens);
      const rt = r.srh + r.rad + r.aug + r.btbt + defectRate - r.gen;
      const Jn = side === 0 ? sys.Jn[i - 1]! + w * rt : sys.Jn[i]! - w * rt;
      const Jp = side === 0 ? sys.Jp[i - 1]! - w * rt : sys.Jp[i]! + w * rt;
      pr.Jn_mA_cm2.push(Jn * toMa);
      pr.Jp_mA_cm2.push(Jp * toMa);
      pr.G_cm3_s.push(g * rate);
      pr.R_srh_cm3_s.push(r.srh * rate);
      pr.R_rad_cm3_s.push(r.rad * rate);
      pr.R_auger_cm3_s.push(r.aug * rate);
      if (pr.X_cm3) pr.X_cm3.push(sys.genScale * sys.excitons!.X_cm3[s]!);
      if (pr.trappedCharge_cm3) {
        const rho = sys.defectDetail(x, i, side, dRate, dOcc);
        pr.trappedCharge_cm3.push(rho * dens);
        for (const d of pr.defects!)
          d.occupation.push(sys.layers[li]!.name === d.layer && sys.defectLevels[s] ? dOcc[d.index]! : null);
      }
      if (pr.R_btbt_cm3_s) pr.R_btbt_cm3_s.push(r.btbt * rate);
      if (pr.P_dissociation) {
        pr.P_dissociation.push(r.P);
        pr.R_geminate_cm3_s!.push(r.geminate * rate);
      }
      sys.ions.forEach((ion, k) => {
        // a side inside the species' layer carries its density; elsewhere there are none
        pr.ions![k]!.density_cm3.push(li === ion.layer ? ionDensity(ion, x, m, i) * dens : 0);
      });
    }
  }
  return pr;
}

/**
 * Solves at terminal voltage Vext (V) including Rs; returns the internal voltage and iterations.
 * With Rs the bordered continuation (goToTerminal); where it fails, the secant on V_int from the
 * state it started at.
 */
function solveTerminal(cs: ContinuationSolver, Vext: number, Rs: number): { Vint: number; its: number } {
  if (!(Rs > 0)) return { Vint: Vext, its: cs.goTo(Vext) };
  const x0 = cs.x.slice();
  const v0 = cs.v;
  const before = cs.totalIterations;
  try {
    const its = cs.goToTerminal(Vext, Rs);
    return { Vint: cs.v, its };
  } catch (e) {
    if (!(e instanceof DidNotConverge)) throw e;
    cs.reset(x0, v0);
    const { Vint } = secantTerminal(cs, Vext, Rs);
    // the failed bordered steps count too
    return { Vint, its: cs.totalIterations - before };
  }
}

/** The secant on g(V_int) = V_int - J(V_int) Rs - V: one continuation solve per step. */
function secantTerminal(cs: ContinuationSolver, Vext: number, Rs: number): { Vint: number; its: number } {
  let its = 0;
  const g = (vi: number): number => {
    its += cs.goTo(vi);
    return vi - cs.current() * 1e-3 * Rs - Vext;
  };
  let v0 = cs.v;
  let g0 = g(v0);
  let v1 = Vext + cs.current() * 1e-3 * Rs;
  if (Math.abs(v1 - v0) < 1e-9) v1 = v0 + 1e-3;
  let g1 = g(v1);
  for (let k = 0; k < 60 && Math.abs(g1) > 1e-10; k++) {
    const slope = (g1 - g0) / (v1 - v0);
    const s = Math.max(slope, 1); // g' >= 1 analytically
    const v2 = v1 - g1 / s;
    v0 = v1;
    g0 = g1;
    v1 = v2;
    g1 = g(v1);
  }
  if (Math.abs(g1) > 1e-6) throw new DidNotConverge(Vext, Math.abs(g1));
  return { Vint: v1, its };
}

/** Voc to this tolerance, V; the maximum power point to VMP_TOL_V (P is flat there: Pmax to ~1e-9). */
const VOC_TOL_V = 1e-7;
const VMP_TOL_V = 1e-5;

/**
 * Jsc, Voc and the maximum power point solved on the device itself, so that they do not depend
 * on the user's voltage step (a 0.2 V grid read Voc 0.890 V instead of 0.950 V through the
 * interpolant): Jsc is J at 0 V (solved when the sweep skips it), Voc the root of J(V) by Brent's
 * method inside the sweep's bracket (started at the interpolated estimate), the maximum power
 * point the maximum of V J(V) by Brent's method between the sweep points around the largest
 * sampled power. solve(V) runs the solver at a terminal voltage.
 */
function solvedFigures(
  V: number[],
  J: number[],
  sampled: ElectricalJvFigures,
  pin: number,
  solve: (V: number) => number,
): ElectricalJvFigures {
  const known = new Map<number, number>(V.map((v, i) => [v, J[i]!]));
  let extra = 0;
  const Jat = (v: number): number => {
    const k = known.get(v);
    if (k !== undefined) return k;
    extra++;
    const j = solve(v);
    known.set(v, j);
    return j;
  };
  const order = V.map((_, i) => i).sort((a, b) => V[a]! - V[b]!);
  const vs = order.map((i) => V[i]!);
  const js = order.map((i) => J[i]!);
  const jsc = Jat(0);
  // Voc: the first change of sign at V > 0, bracketed by the sweep, narrowed by the interpolated estimate
  let k = vs.findIndex((_v, i) => i + 1 < vs.length && vs[i + 1]! > 0 && js[i]! > 0 && js[i + 1]! <= 0);
  let lo = Math.max(vs[k]!, 0);
  let hi = vs[k + 1]!;
  const guess = sampled.Voc_V;
  if (guess > lo && guess < hi) {
    if (Jat(guess) > 0) lo = guess;
    else hi = guess;
  }
  const voc = Jat(lo) === 0 ? lo : brentRoot(Jat, lo, hi, { xtol: VOC_TOL_V });
  // maximum power: between the sweep points around the largest sampled power in [0, Voc]
  k = -1;
  for (let i = 0; i < vs.length; i++)
    if (vs[i]! >= 0 && vs[i]! <= voc && (k < 0 || vs[i]! * js[i]! > vs[k]! * js[k]!)) k = i;
  const a = Math.max(k > 0 ? vs[k - 1]! : 0, 0);
  const b = Math.min(k >= 0 && k + 1 < vs.length ? vs[k + 1]! : voc, voc);
  const mpp = brentMax((v) => v * Jat(v), a, b, { start: sampled.Vmp_V, xtol: VMP_TOL_V });
  const jmp = Jat(mpp.x);
  const pmax = mpp.x * jmp;
  return {
    Jsc_mA_cm2: jsc,
    Voc_V: voc,
    FF: pmax / (jsc * voc),
    PCE_percent: (pmax / pin) * 100,
    Vmp_V: mpp.x,
    Jmp_mA_cm2: jmp,
    Pmax_mW_cm2: pmax,
    method: 'solved',
    solves: extra,
  };
}

/**
 * Runs the J-V sweep of a device: the calculation service's entry point.
 * Throws ElectricalInputError on bad input; a non-convergent run returns converged = false with
 * the error message and the points solved so far. `states` collects its converged states or
 * starts it from others (solvers/states.ts).
 */
export function simulateJV(device: ElectricalDevice, states: SolverStateHooks = {}): ElectricalResult {
  const issues = checkElectricalDevice(device);
  const errors = issues.filter((i) => i.severity === 'error');
  if (errors.length > 0) throw new ElectricalInputError(errors);
  const o = device.options ?? {};
  const clock = o.clock ?? (() => Date.now());
  const t0 = clock();
  const deadline = t0 + (o.wallClockLimit_ms ?? 300000);
  const sys = new DDSystem(device);
  const cs = new ContinuationSolver(sys, deadline, clock);
  const Rs = device.Rs_ohm_cm2 ?? 0;
  // a solver run on its own names the solver's fields (a DeviceSpec run gives the check's warnings itself)
  const warnings: ResultWarning[] =
    (device.options?.inputWarnings ?? true)
      ? issues
          .filter((i) => i.severity === 'warning')
          .map((i) => resultMessage.checkWarning({ path: `${i.where}.${i.field}`, message: i.detail }, i.message))
      : [];
  const V: number[] = [];
  const J: number[] = [];
  const Vint: number[] = [];
  const iters: number[] = [];
  const bds: PointBreakdown[] = [];
  // converged states by terminal voltage (the sweep's, then the figures' solves): restart points
  const stored: { V: number; v: number; x: Float64Array }[] = [];
  let error: EngineMessage | undefined;
  const record = (Vext: number, r: { Vint: number; its: number }) => {
    const bd = cs.breakdown();
    V.push(Vext);
    J.push(bd.J);
    Vint.push(r.Vint);
    iters.push(r.its);
    bds.push(bd);
    stored.push({ V: Vext, v: cs.v, x: cs.x.slice() });
    states.onState?.({ V: Vext, vInternalV: cs.v, x: cs.x.slice(), model: sys });
  };
  const lit = device.generation.kind !== 'dark';
  try {
    let startIts: number | undefined;
    for (const init of lit ? (states.initialStates?.(sys) ?? []) : []) {
      startIts = cs.startFrom(init.x, init.vInternalV);
      if (startIts !== undefined) break;
    }
    startIts ??= cs.start();
    let first = true;
    for (const Vext of device.voltage_V) {
      const r = solveTerminal(cs, Vext, Rs);
      if (first) r.its += startIts;
      first = false;
      record(Vext, r);
      o.onBiasPoint?.(V.length, device.voltage_V.length, Vext);
    }
    // voltage range ending below Voc: J still positive at the highest voltage (any sweep order)
    const maxV = Math.max(...device.voltage_V);
    const lastJ = J[V.indexOf(maxV)];
    if (lit && lastJ !== undefined && lastJ > 0) {
      if (o.extendToVoc) {
        const sorted = [...device.voltage_V].sort((a, b) => a - b);
        // steps of the last spacing, at most 10 mV, so that the interpolant resolves Voc
        const last = sorted.length > 1 ? sorted[sorted.length - 1]! - sorted[sorted.length - 2]! : 0.01;
        const dv = Math.min(Math.max(last, 0.001), 0.01);
        let v = maxV;
        while (J[J.length - 1]! > 0 && v < maxV + 3) {
          v = Math.round((v + dv) * 1e9) / 1e9;
          record(v, solveTerminal(cs, v, Rs));
        }
        warnings.push(resultMessage.sweepExtended(maxV, V[V.length - 1]!));
      } else {
        warnings.push(resultMessage.sweepBelowVoc(maxV, lastJ));
      }
    }
  } catch (e) {
    if (e instanceof DidNotConverge || e instanceof WallClockExceeded) error = e.msg;
    else throw e;
  }
  /**
   * Solves at terminal voltage Vext from the nearest converged state and keeps the result; where a
   * converged state lies on the other side of Vext, the start is interpolated between the two.
   */
  const solveAt = (Vext: number): number => {
    let best = stored[0]!;
    for (const st of stored) if (Math.abs(st.V - Vext) < Math.abs(best.V - Vext)) best = st;
    let other: (typeof stored)[number] | undefined;
    for (const st of stored)
      if (
        Math.sign(st.V - Vext) === -Math.sign(best.V - Vext) &&
        st.V !== Vext &&
        (!other || Math.abs(st.V - Vext) < Math.abs(other.V - Vext))
      )
        other = st;
    cs.reset(best.x, best.v, best.V === Vext ? undefined : other);
    solveTerminal(cs, Vext, Rs);
    stored.push({ V: Vext, v: cs.v, x: cs.x.slice() });
    states.onState?.({ V: Vext, vInternalV: cs.v, x: cs.x.slice(), model: sys });
    return cs.current();
  };
  let figures: ElectricalJvFigures | undefined;
  if (lit && !error) {
    const pin = o.incidentPower_mW_cm2 ?? 100;
    const sampled = jvFigures(V, J, pin);
    if (sampled && (o.solveFigures ?? true)) {
      try {
        figures = solvedFigures(V, J, sampled, pin, solveAt);
      } catch (e) {
        if (!(e instanceof DidNotConverge || e instanceof WallClockExceeded)) throw e;
        warnings.push(resultMessage.figuresInterpolated(e.msg));
      }
    }
    figures ??= sampled ? { ...sampled, method: 'interpolated' } : undefined;
    if (!figures && Math.min(...V) > 0) warnings.push(resultMessage.sweepNoZero());
  }
  // profiles
  const profiles: ElectricalBiasProfile[] = [];
  if (!error && stored.length > 0) {
    const wanted: { V: number; label: string }[] = [];
    if (o.standardProfiles ?? true) {
      wanted.push({ V: 0, label: '0 V' });
      if (figures) {
        wanted.push({ V: figures.Vmp_V, label: 'maximum power' });
        wanted.push({ V: figures.Voc_V, label: 'Voc' });
      }
    }
    for (const pv of o.profileBiases_V ?? []) wanted.push({ V: pv, label: `${pv} V` });
    try {
      for (const w of wanted) {
        // restart from the stored point nearest in terminal voltage
        let best = stored[0]!;
        for (const st of stored) if (Math.abs(st.V - w.V) < Math.abs(best.V - w.V)) best = st;
        cs.reset(best.x, best.v);
        const r = solveTerminal(cs, w.V, Rs);
        profiles.push(biasProfile(sys, cs.x, r.Vint, w.V, w.label));
      }
    } catch (e) {
      if (e instanceof DidNotConverge || e instanceof WallClockExceeded)
        warnings.push(resultMessage.profilesFailed(e.msg));
      else throw e;
    }
  }
  const recombination: ElectricalRecombinationCurrents = {
    layers: sys.layers.map((l, li) => ({
      name: l.name,
      srh: bds.map((b) => b.srh[li]!),
      radiative: bds.map((b) => b.rad[li]!),
      auger: bds.map((b) => b.aug[li]!),
      ...(l.exciton ? { geminate: bds.map((b) => b.geminate[li]!) } : {}),
      ...(l.exciton_diffusion ? { excitonDecay: bds.map((b) => b.excitonDecay[li]!) } : {}),
      ...(l.btbt_A_cm3_s ? { bandToBand: bds.map((b) => b.btbt[li]!) } : {}),
      ...(l.defects?.length ? { defects: l.defects.map((_, k) => bds.map((b) => b.defects[li]![k]!)) } : {}),
    })),
    interfaces: sys.mesh.interfaceNodes.map((_, k) => ({
      name: `${sys.layers[k]!.name}/${sys.layers[k + 1]!.name}`,
      current: bds.map((b) => b.interfaces[k]!),
      ...(sys.sheets.some((q) => q.index === k) ? { defects: bds.map((b) => b.interfaceDefects[k]!) } : {}),
      ...(bds[0]?.oxide[k]
        ? {
            tunnelOxide: {
              electron: bds.map((b) => b.oxide[k]!.electron),
              hole: bds.map((b) => b.oxide[k]!.hole),
            },
          }
        : {}),
    })),
    contacts: { anode: bds.map((b) => b.contactAnode), cathode: bds.map((b) => b.contactCathode) },
    generation: bds.map((b) => b.generation),
  };
  const result: ElectricalResult = {
    converged: error === undefined,
    warnings,
    V,
    J_mA_cm2: J,
    Vinternal: Vint,
    newtonIterations: iters,
    recombination,
    profiles,
    mesh: { x_nm: Array.from(sys.mesh.x, (q) => q * 1e9), nodes: sys.N },
    stats: { elapsed_ms: clock() - t0, totalNewtonIterations: cs.totalIterations, biasPoints: V.length },
  };
  if (figures) result.figures = figures;
  if (error !== undefined) result.error = error;
  return result;
}

/** Light and dark J-V of the same device (the dark run with generation switched off). */
export function simulateLightAndDark(device: ElectricalDevice): { light: ElectricalResult; dark: ElectricalResult } {
  const light = simulateJV(device);
  const dark = simulateJV({
    ...device,
    generation: { kind: 'dark' },
    options: { ...device.options, standardProfiles: false },
  });
  return { light, dark };
}
