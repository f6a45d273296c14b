/**
 * The Mott-Schottky reading of a C-V sweep, and the cases where it has none.
 *
 * For a one-sided abrupt junction the depletion capacitance per area is
 *     C = sqrt(q eps N / (2 (V_bi - V - kT/q))),   i.e.   1/C^2 = 2 (V_bi - kT/q - V) / (q eps N),
 * so a straight line through 1/C^2 against V gives N = -2 / (q eps slope) and V_bi from its zero
 * plus kT/q (Sze & Ng, Physics of Semiconductor Devices, 3rd ed., §2.3.2 and §3.2).
 *
 * The formula needs a depletion edge that moves inside a doped layer. When the absorber is thin
 * and nearly intrinsic between selective layers it is depleted through, C stays near the geometric
 * capacitance of the stack, C_geo = 1 / sum_i d_i / (eps0 eps_i), and 1/C^2 bends: its slope then
 * measures no doping (Kirchartz et al., "Sensitivity of the Mott-Schottky analysis in organic solar
 * cells", J. Phys. Chem. C 116, 7672 (2012); Ravishankar, Liu, Rau & Kirchartz, "Multilayer
 * capacitances: how selective contacts affect capacitance measurements of perovskite solar cells",
 * PRX Energy 1, 013003 (2022)). So the line is fitted only over a window where
 *   - C >= 2 C_geo (the depletion region at most half the stack's dielectric thickness),
 *   - 1/C^2 falls with V (a depletion region widening under reverse bias), and
 *   - it is straight: every local slope (between neighbouring points) within 5 % of the line's,
 * at least four points; the longest such window inside the candidate range is taken, and without
 * one there is no reading, with the reason.
 *
 * A built-in voltage read from the line is bounded by the band alignment: in equilibrium the whole
 * device drops W_anode - W_cathode (the contacts' work functions, or for an ohmic contact the
 * Fermi level of its layer), and a depletion region cannot hold more. An intercept above that
 * (by more than kT/q) or below 0 V is flagged as meaningless.
 */
import { EPS0_F_M, Q_C, thermalVoltageV } from '../../constants.js';

/** The rules a window must meet (see the module comment). */
export const MOTT_SCHOTTKY_CRITERIA = { minOverGeometric: 2, maxSlopeDeviation: 0.05, minPoints: 4 } as const;

export interface MottSchottkyFit {
  /** Doping of the depleted side, cm^-3, and the built-in voltage, V. */
  doping_cm3: number;
  Vbi_V: number;
  /** The voltages the line was fitted over, and its slope (cm^4/F^2 per V) and intercept. */
  range_V: [number, number];
  slope: number;
  intercept: number;
  /** Coefficient of determination of the straight line. */
  r2: number;
}

/** Why a sweep has no Mott-Schottky reading. */
export type MottSchottkyRefusal = 'too-few-points' | 'near-geometric' | 'not-falling' | 'not-linear';

export interface MottSchottkyReading {
  fit?: MottSchottkyFit;
  refused?: MottSchottkyRefusal;
  /** The geometric capacitance of the stack, F/cm^2, and the largest C / C_geo in the candidate range. */
  geometric_F_cm2: number;
  maxOverGeometric: number;
  /** W_anode - W_cathode, V: the equilibrium potential drop of the device. */
  builtIn_V: number;
  /** The fitted V_bi lies outside [0, builtIn_V + kT/q]: the intercept means nothing. */
  vbiBeyondBands?: boolean;
}

/**
 * The Mott-Schottky line through the points with V in [Vmin, Vmax] (least squares), read with the
 * relative permittivity of the depleted layer at temperature T.
 */
export function mottSchottky(
  V: number[],
  invC2: number[],
  eps_r: number,
  T_K: number,
  range: [number, number],
): MottSchottkyFit | undefined {
  const idx = V.map((_, k) => k).filter((k) => V[k]! >= range[0] && V[k]! <= range[1]);
  if (idx.length < 2) return undefined;
  const line = leastSquares(
    idx.map((k) => V[k]!),
    idx.map((k) => invC2[k]!),
  );
  const eps = EPS0_F_M * 1e-2 * eps_r; // F/cm
  return {
    doping_cm3: -2 / (Q_C * eps * line.slope),
    Vbi_V: -line.intercept / line.slope + thermalVoltageV(T_K),
    range_V: range,
    ...line,
  };
}

function leastSquares(x: number[], y: number[]): { slope: number; intercept: number; r2: number } {
  const n = x.length;
  const mx = x.reduce((s, v) => s + v, 0) / n;
  const my = y.reduce((s, v) => s + v, 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (let k = 0; k < n; k++) {
    sxx += (x[k]! - mx) ** 2;
    sxy += (x[k]! - mx) * (y[k]! - my);
    syy += (y[k]! - my) ** 2;
  }
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx, r2: syy > 0 ? (sxy * sxy) / (sxx * syy) : 1 };
}

/** Is the run of points a..b (sorted by V) one straight falling line within the criteria? */
function straight(V: number[], y: number[], a: number, b: number): boolean {
  const { slope } = leastSquares(V.slice(a, b + 1), y.slice(a, b + 1));
  if (!(slope < 0)) return false;
  for (let k = a; k < b; k++) {
    const local = (y[k + 1]! - y[k]!) / (V[k + 1]! - V[k]!);
    if (Math.abs(local / slope - 1) > MOTT_SCHOTTKY_CRITERIA.maxSlopeDeviation) return false;
  }
  return true;
}

/**
 * The Mott-Schottky reading of C(V) (F/cm^2) over the candidate range: the line through the
 * longest window meeting the criteria, or the reason there is none.
 */
export function readMottSchottky(
  V_in: number[],
  C_in: number[],
  opts: { eps_r: number; T_K: number; range: [number, number]; geometric_F_cm2: number; builtIn_V: number },
): MottSchottkyReading {
  const order = V_in.map((_, k) => k).filter((k) => V_in[k]! >= opts.range[0] && V_in[k]! <= opts.range[1]);
  order.sort((a, b) => V_in[a]! - V_in[b]!);
  const V = order.map((k) => V_in[k]!);
  const C = order.map((k) => C_in[k]!);
  const y = C.map((c) => 1 / (c * c));
  const base = {
    geometric_F_cm2: opts.geometric_F_cm2,
    maxOverGeometric: C.length ? Math.max(...C) / opts.geometric_F_cm2 : Number.NaN,
    builtIn_V: opts.builtIn_V,
  };
  const { minPoints, minOverGeometric } = MOTT_SCHOTTKY_CRITERIA;
  if (V.length < minPoints) return { ...base, refused: 'too-few-points' };
  const deep = C.map((c) => c >= minOverGeometric * opts.geometric_F_cm2);
  let best: [number, number] | undefined;
  let anyFalling = false;
  for (let a = 0; a < V.length; a++) {
    if (!deep[a]) continue;
    for (let b = a + minPoints - 1; b < V.length && deep[b]; b++) {
      if (!straight(V, y, a, b)) continue;
      if (!best || V[b]! - V[a]! > V[best[1]]! - V[best[0]]!) best = [a, b];
    }
    if (a + 1 < V.length && deep[a + 1] && y[a + 1]! < y[a]!) anyFalling = true;
  }
  if (!best) {
    if (!deep.some((d) => d)) return { ...base, refused: 'near-geometric' };
    return { ...base, refused: anyFalling ? 'not-linear' : 'not-falling' };
  }
  const fit = mottSchottky(V, y, opts.eps_r, opts.T_K, [V[best[0]]!, V[best[1]]!])!;
  const out: MottSchottkyReading = { ...base, fit };
  if (fit.Vbi_V < 0 || fit.Vbi_V > opts.builtIn_V + thermalVoltageV(opts.T_K)) out.vbiBeyondBands = true;
  return out;
}

/** The English of a refusal and of the built-in voltage flag, for logs, the CLI and exports (the UI words them itself). */
export function mottSchottkyNote(m: Omit<MottSchottkyReading, 'fit'>, Vbi_V?: number): string | undefined {
  const c = MOTT_SCHOTTKY_CRITERIA;
  const geo = `${m.geometric_F_cm2.toExponential(3)} F/cm^2`;
  switch (m.refused) {
    case 'too-few-points':
      return `no Mott-Schottky reading: fewer than ${c.minPoints} voltages in the fit range`;
    case 'near-geometric':
      return `no Mott-Schottky reading: C stays within ${c.minOverGeometric} times the geometric capacitance ${geo} (at most ${m.maxOverGeometric.toFixed(3)} times), so the absorber is depleted through and the slope of 1/C^2 measures no doping`;
    case 'not-falling':
      return 'no Mott-Schottky reading: 1/C^2 does not fall with the voltage where C is well above the geometric capacitance (no depletion region widening under reverse bias)';
    case 'not-linear':
      return `no Mott-Schottky reading: 1/C^2 is nowhere straight over ${c.minPoints} voltages (local slopes within ${100 * c.maxSlopeDeviation} % of the line) where C is above ${c.minOverGeometric} times the geometric capacitance`;
  }
  if (m.vbiBeyondBands && Vbi_V !== undefined)
    return `the line's built-in voltage ${Vbi_V.toFixed(3)} V lies outside 0 to ${m.builtIn_V.toFixed(3)} V, the potential drop the contacts allow: it has no meaning`;
  return undefined;
}
