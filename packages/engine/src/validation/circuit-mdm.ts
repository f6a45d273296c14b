/**
 * Validator for the kind "circuit-mdm" of pv-bench/1 (assets/validation/FORMAT-extensions.md):
 * the modified-diode recombination split of one or more J-V curves of a device, compared with
 * the drift-diffusion truth (SCAPS's own bulk and interface recombination currents).
 *
 * The case runs as a circuit job (kind "fit", model "modified"; jobs/circuit-job.ts) with what
 * the case says is known - T, L, Nc, Nv, Eg, y_bulk, n_bulk and the Auger setting - exactly as a
 * user's fit on the platform. Per curve, from the job's fitted model of that curve:
 *   J_bulk = all recombination in the absorber volume (bulk SRH + radiative + Auger; the split's
 *            "volume"), J_if = interface recombination, J_Aug = the Auger current alone, at the
 *            expected terminal voltages (points of the curve: no interpolation);
 *   band checks: J_ref / f <= J <= f J_ref, reported as |ln(J / J_ref)| / ln f;
 *   J_Aug: |J_Aug - J_Aug_ref| <= frac (J_bulk_ref + J_if_ref);
 *   RMSE over all points of the curve <= rmse_max;
 *   ranking: the losses by decreasing PCE gain, each removed with the other fitted values
 *            unchanged and P_max taken over the curve's voltage range (as lossAnalysis.m); its
 *            first `ranking_top` entries must equal the case's.
 */
import type { MdmKnowns } from '../circuit/mdm.js';
import type { ModifiedParams } from '../circuit/models.js';
import { type CircuitJob, type CircuitJobResult, rankingOf, runCircuitJob } from '../jobs/circuit-job.js';
import { removalGains } from '../losses/loss-analysis.js';
import type { BenchCase, CaseCheck, CasePlot, CaseResult, ValidateContext } from './types.js';

type Obj = Record<string, unknown>;

function obj(o: unknown, what: string): Obj {
  if (typeof o !== 'object' || o === null || Array.isArray(o))
    throw new Error(`circuit-mdm: ${what} must be an object`);
  return o as Obj;
}

function num(o: Obj, key: string): number {
  const v = o[key];
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new Error(`circuit-mdm: field "${key}" must be a finite number`);
  return v;
}

function nums(o: Obj, key: string): number[] {
  const v = o[key];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'number' || !Number.isFinite(x)))
    throw new Error(`circuit-mdm: field "${key}" must be an array of finite numbers`);
  return v as number[];
}

function list(o: Obj, key: string): Obj[] {
  const v = o[key];
  if (!Array.isArray(v) || v.length === 0) throw new Error(`circuit-mdm: field "${key}" must be a non-empty list`);
  return v.map((x, i) => obj(x, `${key}[${i}]`));
}

/** The circuit job of a case: its knowns and curves, nothing else. */
export function mdmCaseJob(c: BenchCase): Extract<CircuitJob, { kind: 'fit' }> {
  const inp = c.input;
  const a = obj(inp['absorber'], 'input.absorber');
  const auger = inp['auger'];
  const knowns: MdmKnowns = {
    bulk: a['y_bulk_per_s'] !== undefined ? { yBulkPerS: num(a, 'y_bulk_per_s') } : { tauBulkS: num(a, 'tau_bulk_s') },
    auger: auger === 'off' ? 'off' : { yAugerPerS: num(obj(auger, 'input.auger'), 'y_Aug_per_s') },
  };
  return {
    kind: 'fit',
    model: 'modified',
    tK: num(inp, 'T_K'),
    absorber: {
      thicknessNm: num(a, 'thickness_nm'),
      ncCm3: num(a, 'Nc_cm3'),
      nvCm3: num(a, 'Nv_cm3'),
      egEV: num(a, 'Eg_eV'),
      tK: num(inp, 'T_K'),
      nBulk: a['n_bulk'] === undefined ? 2 : num(a, 'n_bulk'),
    },
    knowns,
    curves: list(inp, 'curves').map((cu) => ({
      ...(typeof cu['label'] === 'string' ? { label: cu['label'] } : {}),
      voltageV: nums(cu, 'voltage_V'),
      jMaCm2: nums(cu, 'J_mA_cm2'),
      ...(cu['incident_power_mW_cm2'] !== undefined ? { pinMwCm2: num(cu, 'incident_power_mW_cm2') } : {}),
      ...(cu['suns'] !== undefined ? { suns: num(cu, 'suns') } : {}),
    })),
  };
}

/** |ln(J / J_ref)| <= ln f, reported so that |actual - expected| / allowed is that ratio over ln f. */
function ratioCheck(name: string, actual: number | null, expected: number, f: number): CaseCheck {
  const x = actual ?? Number.NaN;
  const logDev = x > 0 && expected > 0 ? Math.abs(Math.log(x / expected)) : Number.POSITIVE_INFINITY;
  const multiple = logDev / Math.log(f);
  const dev = Math.abs(x - expected);
  const allowed = Number.isFinite(multiple) && multiple > 0 ? dev / multiple : (f - 1) * Math.abs(expected);
  return { name, actual: x, expected, pass: logDev <= Math.log(f), tolerance: `factor ${f}`, allowed };
}

/** The checks of a job result against the case's expected split (one entry per curve, same order). */
export function mdmCaseChecks(
  c: BenchCase,
  job: Extract<CircuitJob, { kind: 'fit' }>,
  r: CircuitJobResult,
): CaseCheck[] {
  if (r.kind !== 'fit' || !r.curves) throw new Error(`circuit-mdm: the job returned no split (${r.kind})`);
  const expected = list(c.expected, 'curves');
  const tolerances = list(c.tolerance, 'curves');
  if (expected.length !== job.curves!.length)
    throw new Error('circuit-mdm: expected.curves and input.curves differ in number');
  const checks: CaseCheck[] = [];
  expected.forEach((e, ci) => {
    const t = tolerances.find((x) => x['label'] === e['label']) ?? tolerances[ci];
    if (!t) throw new Error(`circuit-mdm: no tolerance for curve ${ci}`);
    const label = typeof e['label'] === 'string' ? e['label'] : String(ci);
    const fit = r.fit.curves[ci]!;
    const split = r.curves![ci]!.split;
    const vIn = job.curves![ci]! as { voltageV: number[] };
    const vs = nums(e, 'voltage_V');
    const bulkRef = nums(e, 'J_bulk_mA_cm2');
    const ifRef = nums(e, 'J_if_mA_cm2');
    const augRef = nums(e, 'J_Aug_mA_cm2');
    const fBulk = num(t, 'J_bulk_factor');
    const fIf = num(t, 'J_if_factor');
    const augFrac = num(t, 'J_Aug_abs_frac_of_Jrec');
    vs.forEach((v, k) => {
      const i = vIn.voltageV.indexOf(v);
      if (i < 0) throw new Error(`circuit-mdm: expected voltage ${v} V is not a point of curve ${label}`);
      const at = `[${label}] @ ${v} V`;
      checks.push(ratioCheck(`J_bulk ${at}`, split.volume[i]!, bulkRef[k]!, fBulk));
      checks.push(ratioCheck(`J_if ${at}`, split.interface[i]!, ifRef[k]!, fIf));
      const allowed = augFrac * (bulkRef[k]! + ifRef[k]!);
      const aug = split.auger[i]!;
      checks.push({
        name: `J_Aug ${at}`,
        actual: aug,
        expected: augRef[k]!,
        pass: Math.abs(aug - augRef[k]!) <= allowed,
        tolerance: `abs ${allowed}`,
        allowed,
      });
    });
    const rmseMax = num(e, 'rmse_max_mA_cm2');
    const rmse = fit.rmseMaCm2 ?? Number.NaN;
    checks.push({
      name: `RMSE [${label}] (limit ${rmseMax})`,
      actual: rmse,
      expected: 0,
      pass: rmse <= rmseMax,
      tolerance: `<= ${rmseMax}`,
      allowed: rmseMax,
    });
    const want = e['pce_gain_ranking'];
    if (!Array.isArray(want)) throw new Error('circuit-mdm: pce_gain_ranking must be a list');
    const top = num(t, 'ranking_top');
    const got = rankingInRange(r, ci, job, vIn.voltageV);
    const pass = want.slice(0, top).every((m, k) => got[k] === m);
    checks.push({
      name: `ranking [${label}]: ${got.join(' > ')} (first ${top} of ${want.join(' > ')})`,
      pass,
    });
  });
  return checks;
}

/** The PCE-gain ranking of curve ci with the maximum power point over its voltage range. */
function rankingInRange(
  r: Extract<CircuitJobResult, { kind: 'fit' }>,
  ci: number,
  job: Extract<CircuitJob, { kind: 'fit' }>,
  v: number[],
): string[] {
  const q = r.fit.curves[ci]!.params;
  const p = (k: string) => {
    const x = q[k];
    return x === null || x === undefined ? Number.POSITIVE_INFINITY : x;
  };
  const params: ModifiedParams = {
    jphMaCm2: p('jphMaCm2'),
    yBulkPerS: p('yBulkPerS'),
    uIfPerCm2S: p('uIfPerCm2S'),
    yAugerPerS: p('yAugerPerS'),
    rsOhmCm2: p('rsOhmCm2'),
    rshOhmCm2: p('rshOhmCm2'),
  };
  const absorber = { ...job.absorber!, nIf: p('nIf') };
  const pin = r.curves![ci]!.pinMwCm2 ?? 100;
  const { removal } = removalGains(params, absorber, pin, [v[0]!, v[v.length - 1]!]);
  return rankingOf(removal, params);
}

export function validateCircuitMdmCase(c: BenchCase, _ctx: ValidateContext): CaseResult {
  const job = mdmCaseJob(c);
  const checks = mdmCaseChecks(c, job, runCircuitJob(job));
  // parity overlay of the recombination split: reference current on x, the engine's on y (mA/cm²)
  const split = checks.filter((k) => /^J_(bulk|if|Aug) /.test(k.name) && k.actual !== undefined);
  const plot: CasePlot = {
    kind: 'parity',
    series: [
      {
        quantity: 'J',
        origin: 'engine',
        x: split.map((k) => k.expected ?? Number.NaN),
        y: split.map((k) => k.actual ?? Number.NaN),
      },
    ],
  };
  return { id: c.id, kind: c.kind, pass: checks.length > 0 && checks.every((x) => x.pass), checks, plot };
}
