import { simulateJV } from '../electrical/solvers/jv.js';
import { simulateTransient, type TransientProtocol } from '../electrical/solvers/transient.js';
import { sampledKeyFigures } from '../jv/figures.js';
import { type PvBenchDdInput, pvBenchToDevice, UnsupportedCaseError, unsupportedCaseFields } from './dd-case.js';
import type { BenchCase, CaseCheck, CasePlotSeries, CaseResult, ValidateContext } from './types.js';

/**
 * Validator of kind "dd-jv" (FORMAT.md, FORMAT-dd-notes.md): runs the drift-diffusion solver on
 * the case input and compares every expected J point (|J - J_ref| <= J_abs + J_rel |J_ref|),
 * Jsc (relative), Voc (absolute) and FF (absolute) at the case's tolerances.
 * - Steady cases (with or without ions, then equilibrated at every voltage): the figures are the
 *   solver's own (Voc and the maximum power point solved on the device, jv.ts), independent of how
 *   finely the case lists its voltages.
 * - Cases with a `protocol` (transient scans): the device starts in the steady state at V_start,
 *   the voltage is swept through the segments, and J (total, displacement included) is compared at
 *   every `expected.time_s`; `expected.reverse` / `expected.forward` hold each scan's figures,
 *   read off its samples (jv/figures.ts).
 * A case that needs a model the engine lacks fails naming the model and its fields (dd-case.ts); an
 * expected value the validator does not check fails too, so nothing is ever passed unchecked.
 */

/** Expected values this validator compares (the others of FORMAT-dd-notes.md are informational). */
const CHECKED_EXPECTED = new Set(['J_mA_cm2', 'Jsc_mA_cm2', 'Voc_V', 'FF', 'time_s', 'reverse', 'forward']);
/**
 * Expected values with no tolerance key in the format: derived from the checked ones (PCE, the
 * maximum power point) or a detail of an analytic reference (its saturation current J0).
 */
const INFORMATIONAL_EXPECTED = new Set(['PCE_percent', 'Vmp_V', 'Jmp_mA_cm2', 'J0_mA_cm2']);

/** Mesh used for the cases: fine enough that the answer is within a small fraction of the tolerances. */
export const VALIDATION_NODES = 600;
/** Local error tolerance of the transient cases (a few times tighter than any case needs). */
const VALIDATION_RTOL = 1e-5;

function num(x: unknown): number | undefined {
  return typeof x === 'number' && Number.isFinite(x) ? x : undefined;
}

interface ScanProtocol {
  initial: string;
  V_start: number;
  segments: { to_V: number; rate_V_s: number }[];
}

/** The case's scan as a transient protocol: each segment's duration from its voltage span and rate. */
export function scanProtocol(p: ScanProtocol, lit: boolean): TransientProtocol {
  if (p.initial !== 'steady-state')
    throw new Error(`protocol.initial: only "steady-state" is defined (got ${p.initial})`);
  let V = p.V_start;
  const segments = p.segments.map((s, i) => {
    if (!(s.rate_V_s > 0)) throw new Error(`protocol.segments[${i}].rate_V_s: must be > 0 (got ${s.rate_V_s})`);
    const duration_s = Math.abs(s.to_V - V) / s.rate_V_s;
    V = s.to_V;
    return { duration_s, to_V: s.to_V };
  });
  return { initial: { V: p.V_start, light: lit ? 1 : 0 }, segments };
}

export function validateDdJvCase(c: BenchCase, ctx: ValidateContext): CaseResult {
  const input = c.input as unknown as PvBenchDdInput & { protocol?: ScanProtocol };
  const fail = (error: string): CaseResult => ({ id: c.id, kind: c.kind, pass: false, checks: [], error });
  const unsupported = unsupportedCaseFields(c.input);
  if (unsupported.length > 0) return fail(new UnsupportedCaseError(unsupported).message);
  if (!Array.isArray(input.voltage_V) || input.voltage_V.length === 0) return fail('input.voltage_V is missing');
  const tol = c.tolerance;
  const exp = c.expected;
  const Jref = Array.isArray(exp['J_mA_cm2']) ? (exp['J_mA_cm2'] as number[]) : [];
  const Jabs = num(tol['J_abs_mA_cm2']) ?? 0;
  const Jrel = num(tol['J_rel']) ?? 0;
  const checks: CaseCheck[] = [];
  const pointCheck = (i: number, actual: number, what: string) => {
    const ref = Jref[i];
    if (ref === undefined) return;
    const allowed = Jabs + Jrel * Math.abs(ref);
    checks.push({
      name: `J_mA_cm2[${i}] (${what})`,
      pass: Math.abs(actual - ref) <= allowed,
      actual,
      expected: ref,
      tolerance: `abs ${Jabs} + rel ${Jrel}`,
      allowed,
    });
  };
  const figureChecks = (prefix: string, f: Record<string, unknown>, actual: Record<string, number | undefined>) => {
    const fig = (name: string, key: string, kind: 'rel' | 'abs') => {
      const ref = num(f[name]);
      const t = num(tol[key]);
      if (ref === undefined || t === undefined) return;
      const a = actual[name] ?? Number.NaN;
      const dev = kind === 'rel' ? Math.abs(a - ref) / Math.abs(ref) : Math.abs(a - ref);
      const allowed = kind === 'rel' ? t * Math.abs(ref) : t;
      checks.push({
        name: `${prefix}${name}`,
        pass: dev <= t,
        actual: a,
        expected: ref,
        tolerance: `${kind} ${t}`,
        allowed,
      });
    };
    fig('Jsc_mA_cm2', 'Jsc_rel', 'rel');
    fig('Voc_V', 'Voc_abs_V', 'abs');
    fig('FF', 'FF_abs', 'abs');
  };
  const series: CasePlotSeries[] = [];
  const curve = (origin: 'engine' | 'reference', x: number[], y: number[]) => {
    const n = Math.min(x.length, y.length);
    series.push({ quantity: 'J', origin, x: x.slice(0, n), y: y.slice(0, n) });
  };
  // a scan rate given with the protocol restates its segments' rates: the steady device the
  // transient starts from is built without either (the field check allows the pair above)
  const { protocol, ...withRate } = input;
  const { scan_rate_V_s: _rate, ...rest } = withRate;
  if (protocol) {
    // transient scan: J at the expected times, then each scan's figures
    const times = exp['time_s'];
    if (!Array.isArray(times) || times.length !== input.voltage_V.length)
      return fail('expected.time_s: a protocol case needs one time per listed voltage');
    let tp: TransientProtocol;
    try {
      tp = scanProtocol(protocol, input.illumination !== 'dark');
    } catch (e) {
      return fail(e instanceof Error ? e.message : String(e));
    }
    const device = pvBenchToDevice({ ...rest, voltage_V: [protocol.V_start] }, { nodes: VALIDATION_NODES });
    const r = simulateTransient(device, tp, { sampleTimes_s: times as number[], rtol: VALIDATION_RTOL });
    if (!r.converged) return fail(r.error?.text ?? 'did not converge');
    r.samples.forEach((s, i) => {
      pointCheck(i, s.J_mA_cm2, `t = ${s.t_s} s, V = ${input.voltage_V[i]}`);
    });
    // the scans: the first segment going down, then the first going up after it
    const branches = scanBranches(tp, r.samples);
    for (const dir of ['reverse', 'forward'] as const) {
      const f = exp[dir];
      if (f === undefined) continue;
      const b = branches[dir];
      const k = b ? sampledKeyFigures(b.V, b.J) : undefined;
      figureChecks(`${dir}.`, f as Record<string, unknown>, {
        Jsc_mA_cm2: k?.jscMaCm2,
        Voc_V: k?.vocV,
        FF: k?.ff,
      });
    }
    // the overlay: the whole scan (both branches, a hysteresis loop), at the reference's times
    curve(
      'engine',
      r.samples.map((q) => q.V),
      r.samples.map((q) => q.J_mA_cm2),
    );
    curve('reference', input.voltage_V, Jref);
  } else {
    const device = pvBenchToDevice(
      { ...withRate, voltage_V: input.voltage_V },
      { nodes: ctx.ddNodes ?? VALIDATION_NODES, standardProfiles: false },
    );
    const r = simulateJV(device);
    if (!r.converged) return fail(r.error?.text ?? 'did not converge');
    const byV = new Map<number, number>();
    r.V.forEach((v, i) => {
      byV.set(Math.round(v * 1e9) / 1e9, r.J_mA_cm2[i]!);
    });
    input.voltage_V.forEach((v, i) => {
      pointCheck(i, byV.get(Math.round(v * 1e9) / 1e9) ?? Number.NaN, `V = ${v}`);
    });
    const f = r.figures;
    figureChecks('', exp, { Jsc_mA_cm2: f?.Jsc_mA_cm2, Voc_V: f?.Voc_V, FF: f?.FF });
    curve('engine', Array.from(r.V), Array.from(r.J_mA_cm2));
    curve('reference', input.voltage_V, Jref);
  }
  for (const key of Object.keys(exp)) {
    if (!CHECKED_EXPECTED.has(key) && !INFORMATIONAL_EXPECTED.has(key))
      checks.push({ name: `expected.${key}: not checked by this engine version`, pass: false });
  }
  return {
    id: c.id,
    kind: c.kind,
    pass: checks.length > 0 && checks.every((k) => k.pass),
    checks,
    plot: { kind: 'jv', series },
  };
}

/** The samples of the first downward segment (reverse scan) and the first upward one after it. */
function scanBranches(
  p: TransientProtocol,
  samples: { t_s: number; V: number; J_mA_cm2: number }[],
): { reverse?: { V: number[]; J: number[] }; forward?: { V: number[]; J: number[] } } {
  const out: { reverse?: { V: number[]; J: number[] }; forward?: { V: number[]; J: number[] } } = {};
  let t = 0;
  let V = p.initial.V;
  for (const s of p.segments) {
    const t1 = t + s.duration_s;
    const to = s.to_V ?? V;
    const dir = to < V ? 'reverse' : to > V ? 'forward' : undefined;
    if (dir && !out[dir] && (dir === 'reverse' || out.reverse)) {
      const inSeg = samples.filter((q) => q.t_s >= t - 1e-12 * t1 && q.t_s <= t1 * (1 + 1e-12));
      out[dir] = { V: inSeg.map((q) => q.V), J: inSeg.map((q) => q.J_mA_cm2) };
    }
    t = t1;
    V = to;
  }
  return out;
}
