/**
 * What the curves say of each fitted parameter: its interval, its correlations, and whether the
 * data determine it at all.
 *
 * Scale: with residuals weighted by the stated noise (curves.ts), the sum of squares S is
 * chi-square. Its noise factor s^2 = max(1, S_hat / (N - m)) x (1 + rho) / (1 - rho) widens the
 * intervals when the fit misses the data by more than the noise (the model or the noise level is
 * off) and when the residuals are serially correlated (lag-1 autocorrelation rho > 0: model error,
 * not noise; see circuit/fit-statistics.ts). It never narrows them: a noise level stated too high
 * gives intervals too wide, not too tight.
 *
 * Linearised intervals: C = s^2 (J^T J)^-1 in the fit variables u (log10 for log scales), half
 * width z sqrt(C_aa) with z the normal quantile of (1 + c) / 2 (one parameter at a time).
 *
 * Profile likelihood (S. A. Murphy and A. W. van der Vaart, J. Am. Stat. Assoc. 95, 449 (2000);
 * A. Raue et al., Bioinformatics 25, 1923 (2009)): the interval of u_a is where S, minimised over
 * the others with u_a held, stays below S_hat + z^2 s^2. Each linearised end is checked by one
 * run, the others moved by their linear response C_ba / C_aa (the profile line of a quadratic S).
 * Where S there is within [0.7, 1.5] of the threshold the linearisation holds, and the end is
 * where S along that line, quadratic through the optimum and this run, meets the threshold. Where
 * the line reaches the end of the range with S still below the threshold, that side is open
 * (refitting the others could only lower S). Elsewhere the end is searched with the others
 * refitted (a few Levenberg-Marquardt steps each).
 * Where S stays below the threshold up to the end of the parameter's range, that side is open:
 * the data do not determine it, and no interval is claimed there.
 */
import {
  correlationMatrix,
  normalQuantile,
  residualAutocorrelation,
  serialCorrelationFactor,
} from '../circuit/fit-statistics.js';
import { normalEquations } from '../circuit/least-squares.js';
import { invertSpd } from '../circuit/linalg.js';
import type { PreparedCurve } from './curves.js';
import { type Box, boundedLeastSquares } from './least-squares.js';
import { type FitPoint, type FitSession, FitStopped } from './session.js';

export interface VariableInterval {
  /** Ends in the fit variable; null: open on that side (the data do not bound it in its range). */
  low: number | null;
  high: number | null;
  /** How each end was found. */
  method: 'linear' | 'profile' | 'none';
}

export interface Uncertainty {
  intervals: VariableInterval[];
  /** Correlations of the fit variables (NaN where a variance is undetermined). */
  correlation: number[][];
  /** Noise factor s^2, the chi-square per degree of freedom and the residuals' lag-1 autocorrelation. */
  noiseFactor: number;
  reducedChiSquare: number;
  autocorrelation: number;
  /** The threshold z^2 s^2 of the sum of squares. */
  allowed: number;
  /** A point of lower cost met while checking (the fit had not reached the minimum). */
  better?: FitPoint;
  /** The budget ran out before every end was checked: those stand as said in fitUncertainty. */
  unchecked: boolean;
}

/**
 * A point met while checking is a better minimum when its S is lower by this fraction of the
 * threshold z^2 s^2. Less is within the fit's tolerance: the ends, taken from the higher S, then
 * lie at most about 2.5 % of their distance further out than around the lower point (wider, never
 * tighter), which is not worth a refit and a second round of checks.
 */
const BETTER_BY = 0.05;

/** Refit iterations per profile point, and profile points per side, at most. */
const REFIT_ITERATIONS = 2;
const PROFILE_POINTS = 6;

function residualSeries(curves: readonly PreparedCurve[], r: Float64Array): Float64Array[] {
  const out: Float64Array[] = [];
  let o = 0;
  for (const c of curves) {
    out.push(r.subarray(o, o + c.x.length));
    o += c.x.length;
  }
  return out;
}

export async function fitUncertainty(
  session: FitSession,
  box: Box,
  hat: FitPoint,
  jac: Float64Array,
  confidence: number,
  profiles: boolean,
): Promise<Uncertainty> {
  const m = hat.u.length;
  const n = hat.r!.length;
  const dof = Math.max(1, n - m);
  const reducedChiSquare = hat.cost / dof;
  const autocorrelation = residualAutocorrelation(residualSeries(session.curves, hat.r!));
  const noiseFactor = Math.max(1, reducedChiSquare) * serialCorrelationFactor(autocorrelation);
  const z = normalQuantile((1 + confidence) / 2);
  const allowed = z * z * noiseFactor;
  const A = new Float64Array(m * m);
  normalEquations(jac, null, n, m, A, null);
  // a column of zeros (a parameter the curves do not feel) makes J^T J singular: a tiny ridge
  // gives that direction a huge variance instead of no answer
  const unscaled = invertSpd(A, m) ?? invertSpd(A, m, 1e-10);
  const cov = unscaled ? unscaled.map((x) => x * noiseFactor) : null;
  const correlation = cov ? correlationMatrix(cov, m) : Array.from({ length: m }, () => Array(m).fill(Number.NaN));
  const intervals: VariableInterval[] = [];
  let better: FitPoint | undefined;
  const note = (p: FitPoint) => {
    if (p.r && p.cost < hat.cost - BETTER_BY * allowed && (!better || p.cost < better.cost)) better = p;
  };
  // Parameters the curves barely feel (at a bound of the fit, or a linearised interval wider
  // than their whole range) are held where they are when the others' linear response is taken:
  // their huge variances and correlations would move the others along directions the
  // linearisation cannot follow. The others' response comes from J^T J without them.
  const loose = new Set<number>();
  for (let a = 0; a < m; a++) {
    const span = box.uh[a]! - box.ul[a]!;
    const atBound = hat.u[a]! <= box.ul[a]! + 1e-6 * span || hat.u[a]! >= box.uh[a]! - 1e-6 * span;
    const caa = cov ? cov[a * m + a]! : Number.NaN;
    if (atBound || !(caa > 0 && Number.isFinite(caa)) || z * Math.sqrt(caa) > span) loose.add(a);
  }
  const kept = [...Array(m).keys()].filter((a) => !loose.has(a));
  const mk = kept.length;
  const Ak = new Float64Array(mk * mk);
  for (let x = 0; x < mk; x++) for (let y = 0; y < mk; y++) Ak[x * mk + y] = A[kept[x]! * m + kept[y]!]!;
  const covKept = mk ? (invertSpd(Ak, mk) ?? invertSpd(Ak, mk, 1e-10)) : null;
  // the linear end of each side and the run that checks it
  type Side = { a: number; dir: 1 | -1; t: number; room: number; point: Float64Array };
  const sides: Side[] = [];
  for (let a = 0; a < m; a++) {
    const x = kept.indexOf(a);
    const caa = x >= 0 && covKept ? covKept[x * mk + x]! * noiseFactor : Number.NaN;
    const half = caa > 0 && Number.isFinite(caa) ? z * Math.sqrt(caa) : Number.POSITIVE_INFINITY;
    for (const dir of [-1, 1] as const) {
      const room = dir > 0 ? box.uh[a]! - hat.u[a]! : hat.u[a]! - box.ul[a]!;
      const t = Math.min(half, room);
      const point = Float64Array.from(hat.u);
      point[a] = hat.u[a]! + dir * t;
      // the kept others along their linear response (a loose parameter moves alone)
      if (x >= 0 && covKept && caa > 0 && Number.isFinite(caa))
        kept.forEach((b, y) => {
          if (b === a) return;
          const shift = ((covKept[y * mk + x]! * noiseFactor) / caa) * dir * t;
          point[b] = Math.min(box.uh[b]!, Math.max(box.ul[b]!, hat.u[b]! + shift));
        });
      sides.push({ a, dir, t, room, point });
    }
  }
  const ends = new Map<Side, number | null>();
  const methods = new Map<Side, 'linear' | 'profile' | 'none'>();
  const todo: Side[] = [];
  const linearEnd = (s: Side) => (s.t < s.room ? hat.u[s.a]! + s.dir * s.t : null);
  // When the budget runs out during the checks, the ends stand as the linearisation gives them,
  // and as the checks so far say: an end whose run stayed below the threshold is open (the true
  // end lies further out, how far is not known), one above it stays (wider than the true end).
  let unchecked = false;
  const ratios = new Map<Side, number>();
  let checks: FitPoint[] | null = null;
  try {
    checks = await session.run(sides.filter((s) => s.room > 0).map((s) => s.point));
  } catch (e) {
    if (!(e instanceof FitStopped) || e.why === 'cancelled') throw e;
    unchecked = true;
  }
  let k = 0;
  for (const s of sides) {
    if (!(s.room > 0)) {
      ends.set(s, null);
      methods.set(s, 'none');
      continue;
    }
    if (!checks) {
      ends.set(s, linearEnd(s));
      methods.set(s, 'linear');
      continue;
    }
    const p = checks[k++]!;
    note(p);
    const ratio = (p.cost - hat.cost) / allowed;
    ratios.set(s, ratio);
    if (s.t >= s.room && ratio < 1) {
      // the run at the end of the range stays below the threshold with the others only moved
      // along their linear response; refitting them could only lower S further: open
      ends.set(s, null);
      methods.set(s, 'linear');
    } else if (s.t < s.room && ratio >= 0.7 && ratio <= 1.5) {
      // the linearisation holds: the end where S along the same line, taken as quadratic through
      // the optimum and this run, reaches the threshold
      // (past the end of the range: open there)
      const end = s.t * Math.sqrt(1 / ratio);
      ends.set(s, end < s.room ? hat.u[s.a]! + s.dir * end : null);
      methods.set(s, 'linear');
    } else if (!profiles) {
      // without the profile search: an end at the bound whose run stays below the threshold is open
      ends.set(s, s.t >= s.room && ratio < 1 ? null : hat.u[s.a]! + s.dir * s.t);
      methods.set(s, 'linear');
    } else todo.push(s);
  }
  // the sides that need a search run side by side: their refits' batches share the workers
  await Promise.all(
    todo.map(async (s) => {
      if (!unchecked)
        try {
          ends.set(s, await profileEnd(session, box, hat, jac, s, ratios.get(s)!, allowed, note));
          methods.set(s, 'profile');
          return;
        } catch (e) {
          if (!(e instanceof FitStopped) || e.why === 'cancelled') throw e;
          unchecked = true;
        }
      ends.set(s, ratios.get(s)! < 1 ? null : linearEnd(s));
      methods.set(s, 'linear');
    }),
  );
  for (let a = 0; a < m; a++) {
    const lo = sides.find((s) => s.a === a && s.dir < 0)!;
    const hi = sides.find((s) => s.a === a && s.dir > 0)!;
    const method = methods.get(lo) === 'profile' || methods.get(hi) === 'profile' ? 'profile' : 'linear';
    intervals.push({ low: ends.get(lo) ?? null, high: ends.get(hi) ?? null, method });
  }
  return {
    intervals,
    correlation,
    noiseFactor,
    reducedChiSquare,
    autocorrelation,
    allowed,
    unchecked,
    ...(better ? { better } : {}),
  };
}

/**
 * One end of a profile-likelihood interval: refit the others at u_a = hat + dir t (a few
 * Levenberg-Marquardt steps, the first on the optimum's Jacobian) and move t outwards (S below the
 * threshold) or inwards (above) assuming a quadratic profile, to within 20 % of the threshold (the
 * end then read off that quadratic), at most PROFILE_POINTS refits; null when S stays below the
 * threshold at the end of the range. The check run at the side's linear end starts it: its S,
 * with the others only moved along their linear response, is at least the profile's there, so a
 * check below the threshold is a point inside the interval, and the first refit goes where the
 * quadratic through the optimum and the check meets the threshold.
 */
async function profileEnd(
  session: FitSession,
  box: Box,
  hat: FitPoint,
  jac: Float64Array,
  side: { a: number; dir: 1 | -1; t: number; room: number },
  checkRatio: number,
  allowed: number,
  note: (p: FitPoint) => void,
): Promise<number | null> {
  const { a, dir, room } = side;
  const hold = new Set([a]);
  const t0 = Number.isFinite(side.t) && side.t > 0 ? side.t : room;
  let inside = 0;
  let insideExcess = 0;
  let outside = Number.NaN;
  let outsideExcess = Number.NaN;
  let t = t0;
  if (checkRatio > 0 && Number.isFinite(checkRatio)) {
    if (checkRatio < 1) {
      inside = t0;
      insideExcess = checkRatio * allowed;
    }
    t = Math.min(room, t0 * Math.min(Math.max(Math.sqrt(1 / checkRatio), 1 / 8), 8));
  }
  // the optimum's Jacobian without the held column
  const m = hat.u.length;
  const start0 = Float64Array.from(jac);
  for (let i = 0; i < start0.length / m; i++) start0[i * m + a] = 0;
  let warm = hat.u;
  let lastSide: 'in' | 'out' | undefined;
  let repeats = 0;
  for (let k = 0; k < PROFILE_POINTS; k++) {
    const start = Float64Array.from(warm);
    start[a] = hat.u[a]! + dir * t;
    const [first] = await session.run([start]);
    const fit = first!.r
      ? await boundedLeastSquares(session, box, first!, {
          maxIterations: REFIT_ITERATIONS,
          hold,
          jacobian: start0,
          finalJacobian: false,
        })
      : null;
    const p = fit?.point ?? first!;
    note(p);
    const excess = Math.max(0, p.cost - hat.cost);
    if (Math.abs(excess / allowed - 1) < 0.2 && t < room) {
      // close to the threshold: the end where the profile, quadratic through the optimum and this
      // point, meets it (not the point itself, which may lie up to a tenth inside the end)
      const end = t * Math.sqrt(allowed / excess);
      return end < room ? hat.u[a]! + dir * end : null;
    }
    const where = excess <= allowed ? 'in' : 'out';
    if (where === 'in') {
      inside = t;
      insideExcess = excess;
      if (p.r) warm = p.u;
      if (t >= room) return null;
    } else {
      outside = t;
      outsideExcess = excess;
    }
    repeats = where === lastSide ? repeats + 1 : 0;
    lastSide = where;
    if (!Number.isFinite(outside)) {
      // nothing outside yet: outwards by the quadratic guess, 1.5 to 8 times
      const factor = excess > 0 ? Math.sqrt(allowed / excess) * 1.05 : 8;
      t = Math.min(room, t * Math.min(Math.max(factor, 1.5), 8));
    } else {
      // secant on sqrt(excess) between inside and outside; where the profile is flat and then
      // steep (a parameter that matters only past a point) the secant creeps along one end, so
      // every step stays a tenth of the bracket off its ends and the second move of the same end
      // in a row bisects
      const w = outside - inside;
      const gi = Math.sqrt(insideExcess) - Math.sqrt(allowed);
      const go = Math.sqrt(outsideExcess) - Math.sqrt(allowed);
      let next = go !== gi ? inside - (gi * w) / (go - gi) : inside + 0.5 * w;
      if (!(next > inside && next < outside) || repeats >= 1) next = inside + 0.5 * w;
      t = Math.min(Math.max(next, inside + 0.1 * w), outside - 0.1 * w);
    }
  }
  // not settled within the points: the farther estimate, so as never to claim too tight an end
  const end = Number.isFinite(outside) ? outside : inside;
  return inside >= room ? null : hat.u[a]! + dir * end;
}
