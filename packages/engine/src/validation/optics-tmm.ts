/**
 * pv-bench optics-tmm cases (assets/validation/FORMAT.md, FORMAT-extensions.md): runs the
 * transfer-matrix engine on a case's input and compares every expected value at the case's
 * tolerance (R, T, A per layer: abs; Jph: rel; profile: profile_abs + profile_rel |x|, G: profile_rel).
 * One check per compared array reports its worst point, with the deviation it was allowed, so a
 * report can rank the case's checks by deviation / tolerance.
 */
import { interpolateNk, makeNkTable } from '../materials/nk-table.js';
import { OpticsInputError } from '../optics/errors.js';
import { absorptionProfile, generationInLayer, generationWeights, layerPhotocurrents } from '../optics/profile.js';
import { type MediumNk, type Polarization, solveTmm, type TmmLayer } from '../optics/tmm.js';
import { parseSpectrumCsv, photonFlux, resampleSpectrum } from '../spectra/index.js';
import type { BenchCase, CaseCheck, CasePlotSeries, CaseResult, ValidateContext } from './types.js';

type Json = Record<string, unknown>;

function num(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new OpticsInputError(field, `must be a finite number (got ${JSON.stringify(v)})`);
  return v;
}

function numArray(v: unknown, field: string): number[] {
  if (!Array.isArray(v)) throw new OpticsInputError(field, 'must be an array of numbers');
  return v.map((x, i) => num(x, `${field}[${i}]`));
}

/** A case medium: constant {n, k} or a table {wavelength_nm, n, k}, on the case grid. */
function caseMedium(v: unknown, grid: Float64Array, field: string): MediumNk {
  const m = v as Json;
  if (typeof m !== 'object' || m === null) throw new OpticsInputError(field, 'missing medium');
  if (Array.isArray(m['n'])) {
    const t = makeNkTable(
      field,
      numArray(m['wavelength_nm'], `${field}.wavelength_nm`),
      numArray(m['n'], `${field}.n`),
      numArray(m['k'], `${field}.k`),
    );
    return interpolateNk(t, grid, field);
  }
  const n = num(m['n'], `${field}.n`);
  const k = num(m['k'] ?? 0, `${field}.k`);
  return { n: new Float64Array(grid.length).fill(n), k: new Float64Array(grid.length).fill(k) };
}

interface Worst {
  name: string;
  /** |x - ref| / allowed; <= 1 passes. */
  ratio: number;
  dev: number;
  allowed: number;
  actual: number;
  expected: number;
  tol: string;
}

class Comparer {
  readonly checks: CaseCheck[] = [];

  /** Compares arrays; allowed(ref) gives the bound at each point. label(i) names a point. */
  compare(
    name: string,
    actual: ArrayLike<number>,
    expected: unknown,
    allowed: (ref: number) => number,
    tol: string,
    label: (i: number) => string,
  ): void {
    const ref = numArray(expected, `expected.${name}`);
    if (ref.length !== actual.length) {
      this.checks.push({
        name: `${name}: length`,
        pass: false,
        actual: actual.length,
        expected: ref.length,
        tolerance: 'exact',
      });
      return;
    }
    let w: Worst | undefined;
    for (let i = 0; i < ref.length; i++) {
      const a = actual[i]!;
      const r = ref[i]!;
      const dev = Math.abs(a - r);
      const lim = allowed(r);
      const ratio = Number.isFinite(dev)
        ? lim > 0
          ? dev / lim
          : dev === 0
            ? 0
            : Number.POSITIVE_INFINITY
        : Number.POSITIVE_INFINITY;
      if (!w || ratio > w.ratio)
        w = { name: `${name} ${label(i)}`, ratio, dev, allowed: lim, actual: a, expected: r, tol };
    }
    if (!w) return;
    this.checks.push({
      name: `${w.name} (worst of ${ref.length}; |dev| ${w.dev.toExponential(2)} = ${w.ratio.toPrecision(3)} x allowed)`,
      pass: w.ratio <= 1,
      actual: w.actual,
      expected: w.expected,
      tolerance: w.tol,
      allowed: w.allowed,
    });
  }
}

export function validateOpticsTmmCase(c: BenchCase, ctx: ValidateContext): CaseResult {
  const inp = c.input as Json;
  const exp = c.expected as Json;
  const tol = c.tolerance as Json;
  const grid = Float64Array.from(numArray(inp['wavelength_nm'], 'input.wavelength_nm'));
  const pol = inp['polarization'] as Polarization;
  const rawLayers = inp['layers'];
  if (!Array.isArray(rawLayers)) throw new OpticsInputError('input.layers', 'must be an array');
  const layers: TmmLayer[] = rawLayers.map((l: Json, j) => {
    const name = typeof l['name'] === 'string' ? l['name'] : `layer ${j}`;
    const field = `input.layers[${j}] "${name}"`;
    return {
      name,
      thicknessNm: num(l['thickness_nm'], `${field}.thickness_nm`),
      coherent: l['coherent'] !== false,
      ...caseMedium(l['medium'], grid, `${field}.medium`),
    };
  });
  const res = solveTmm({
    wavelengthNm: grid,
    angleDeg: num(inp['angle_deg'] ?? 0, 'input.angle_deg'),
    polarization: pol,
    ambient: caseMedium(inp['ambient'], grid, 'input.ambient'),
    layers,
    substrate: caseMedium(inp['substrate'], grid, 'input.substrate'),
  });
  const cmp = new Comparer();
  const wl = (i: number) => `at ${grid[i]} nm`;
  const abs = num(tol['abs'], 'tolerance.abs');
  const absBound = () => abs;
  cmp.compare('R', res.R, exp['R'], absBound, `abs ${abs}`, wl);
  cmp.compare('T', res.T, exp['T'], absBound, `abs ${abs}`, wl);
  const expA = exp['A'];
  if (!Array.isArray(expA) || expA.length !== layers.length) {
    cmp.checks.push({
      name: 'A: one row per layer',
      pass: false,
      actual: layers.length,
      expected: Array.isArray(expA) ? expA.length : -1,
    });
  } else {
    layers.forEach((l, j) => {
      cmp.compare(`A[${j}] "${l.name}"`, res.A[j]!, expA[j], absBound, `abs ${abs}`, wl);
    });
  }
  const needsSpectrum =
    exp['Jph_mA_cm2'] !== undefined || (exp['profile'] as Json | undefined)?.['G_cm3_s'] !== undefined;
  let weights: Float64Array | undefined;
  if (needsSpectrum) {
    if (inp['spectrum'] !== 'AM1.5G')
      throw new OpticsInputError('input.spectrum', `unsupported spectrum ${String(inp['spectrum'])}`);
    const am15g = resampleSpectrum(parseSpectrumCsv(ctx.readAsset('data/spectra/am15g.csv'), 'AM1.5G'), grid);
    weights = generationWeights(grid, photonFlux(am15g));
  }
  if (exp['Jph_mA_cm2'] !== undefined && weights) {
    const rel = num(tol['rel'], 'tolerance.rel');
    const jph = layerPhotocurrents(res, weights);
    cmp.compare(
      'Jph_mA_cm2',
      jph,
      exp['Jph_mA_cm2'],
      (r) => rel * Math.abs(r),
      `rel ${rel}`,
      (j) => `[${j}] "${layers[j]?.name}"`,
    );
  }
  const prof = inp['profile'] as Json | undefined;
  const expProf = exp['profile'] as Json | undefined;
  if (expProf && !prof) {
    // an expected profile with nothing to compute it from is a failure, never skipped
    cmp.checks.push({ name: 'expected.profile: the case gives no input.profile to compute it at', pass: false });
  }
  if (prof && expProf) {
    const j = num(prof['layer_index'], 'input.profile.layer_index');
    const depth = numArray(prof['depth_nm'], 'input.profile.depth_nm');
    const pw = numArray(prof['wavelength_nm'], 'input.profile.wavelength_nm');
    const pRel = num(tol['profile_rel'], 'tolerance.profile_rel');
    const pAbs = num(tol['profile_abs'], 'tolerance.profile_abs');
    const rows = expProf['a_per_nm'];
    if (rows !== undefined && (!Array.isArray(rows) || rows.length !== pw.length)) {
      cmp.checks.push({
        name: `expected.profile.a_per_nm: needs one row per input.profile.wavelength_nm (${pw.length})`,
        pass: false,
      });
    } else if (Array.isArray(rows)) {
      pw.forEach((l, r) => {
        const i = grid.indexOf(l);
        if (i < 0) throw new OpticsInputError(`input.profile.wavelength_nm[${r}]`, `${l} nm is not a case wavelength`);
        const a = absorptionProfile(res, j, depth, i);
        cmp.compare(
          `a_per_nm at ${l} nm`,
          a,
          rows[r],
          (x) => pAbs + pRel * Math.abs(x),
          `abs ${pAbs} + rel ${pRel}`,
          (m) => `z=${depth[m]} nm`,
        );
      });
    }
    if (expProf['G_cm3_s'] !== undefined && weights) {
      const g = generationInLayer(res, j, depth, weights);
      cmp.compare(
        'G_cm3_s',
        g,
        expProf['G_cm3_s'],
        (x) => pRel * Math.abs(x),
        `rel ${pRel}`,
        (m) => `z=${depth[m]} nm`,
      );
    }
  }
  // an expected value this validator does not know is a failure, never silently unchecked
  const known = new Set(['R', 'T', 'A', 'Jph_mA_cm2', 'profile']);
  for (const key of Object.keys(exp)) {
    if (!known.has(key)) cmp.checks.push({ name: `expected.${key}: not checked by this engine version`, pass: false });
  }
  if (expProf) {
    for (const key of Object.keys(expProf)) {
      if (key !== 'a_per_nm' && key !== 'G_cm3_s') {
        cmp.checks.push({ name: `expected.profile.${key}: not checked by this engine version`, pass: false });
      }
    }
  }
  const checks = cmp.checks;
  return {
    id: c.id,
    kind: c.kind,
    pass: checks.length > 0 && checks.every((k) => k.pass),
    checks,
    plot: { kind: 'spectra', series: spectraSeries(grid, res, exp, layers) },
  };
}

/** R, T and each layer's A, engine and reference, for the overlay plot (reference rows of the wrong length are left out). */
function spectraSeries(
  grid: Float64Array,
  res: { R: ArrayLike<number>; T: ArrayLike<number>; A: ArrayLike<number>[] },
  exp: Json,
  layers: TmmLayer[],
): CasePlotSeries[] {
  const x = Array.from(grid);
  const out: CasePlotSeries[] = [];
  const pair = (quantity: 'R' | 'T' | 'A', engine: ArrayLike<number>, ref: unknown, layer?: string) => {
    const named = layer === undefined ? {} : { layer };
    out.push({ quantity, ...named, origin: 'engine', x, y: Array.from(engine) });
    if (Array.isArray(ref) && ref.length === x.length && ref.every((v) => typeof v === 'number'))
      out.push({ quantity, ...named, origin: 'reference', x, y: ref as number[] });
  };
  pair('R', res.R, exp['R']);
  pair('T', res.T, exp['T']);
  const expA = Array.isArray(exp['A']) ? (exp['A'] as unknown[]) : [];
  layers.forEach((l, j) => {
    pair('A', res.A[j]!, expA[j], l.name);
  });
  return out;
}
