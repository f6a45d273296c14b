/**
 * Charged defects in the bulk of a layer and at interfaces, with their occupation, their charge
 * and the recombination through them (Shockley & Read, Phys. Rev. 87, 835 (1952); Hall, Phys. Rev.
 * 87, 387 (1952); Simmons & Taylor, Phys. Rev. B 4, 502 (1971) for distributions of levels; SCAPS
 * and SIMsalabim manuals; the conventions are FORMAT-dd-notes.md, "Defects (traps)").
 *
 * Every defect is a set of independent levels E_t (a single level, or a distribution discretised by
 * quadrature), each with density N_t, capture coefficients c_n, c_p, and emission from detailed
 * balance with the band it exchanges with:
 *     n1 = Nc exp((E_t - E_c)/Vt),   p1 = Nv exp((E_v - E_t)/Vt).
 * Steady-state occupation (fraction holding an electron) and recombination of a bulk level:
 *     f = (c_n n + c_p p1) / (c_n (n + n1) + c_p (p + p1)),
 *     R = N_t c_n c_p (n p - n_i^2) / (c_n (n + n1) + c_p (p + p1)),
 * charge: donor +q N_t (1 - f), acceptor -q N_t f, neutral none. With N_t, n1 = p1 = n_i this is the
 * plain SRH term (tau_n = 1/(c_n N_t), tau_p = 1/(c_p N_t)).
 * An interface sheet (N_t per area) exchanges with both adjacent layers, each with its own n1, p1:
 *     f_s = (c_n (n_L + n_R) + c_p (p1_L + p1_R)) / (c_n (n_L + n_R + n1_L + n1_R) + c_p (p_L + p_R + p1_L + p1_R)),
 *     U_n,s = c_n N_t (n_s (1 - f_s) - n1_s f_s),   U_p,s = c_p N_t (p_s f_s - p1_s (1 - f_s))
 * (per area, side s = L, R: sinks of electrons and holes), and carries the sheet charge
 * q N_t (1 - f_s) (donor) or -q N_t f_s (acceptor) at the interface node.
 *
 * Distributions of a defect over energy, density per unit energy:
 *   gaussian  N_t / (sigma sqrt(2 pi)) exp(-(E - E0)^2 / (2 sigma^2)), over E0 +- 4 sigma with the
 *             truncated weight renormalised to N_t (as the benchmark references do);
 *   uniform   N_t / W over E0 +- W/2;
 *   tail      N_t / E_ch exp(-|E - E_edge| / E_ch) into the gap from a band edge (Urbach tail),
 *             over 12 E_ch (or to the far band edge), renormalised.
 * Each is discretised by composite Gauss-Legendre quadrature, 8 points per 8 kT of energy (the
 * occupation is a step of width kT; a J-V moves by less than 1e-6 mA/cm^2 against levels 8 times
 * denser).
 *
 * In a transient the occupation of every level is a state variable,
 *     df/dt = c_n n (1 - f) - e_n f - c_p p f + e_p (1 - f) = A - D f,   A = c_n n + c_p p1,
 * and the integrator's formula df/dt = c0 f + h (h from the earlier steps, transient.ts) makes it
 * local: f = (A - h) / (D + c0), so the unknowns per node do not change. The electron and hole
 * capture rates then differ by the trapping rate N df/dt:
 *     U_n = N c_n (c_p (n p - n_i^2) + c0 n + h (n + n1)) / (D + c0),
 *     U_p = N c_p (c_n (n p - n_i^2) - c0 p1 - h (p + p1)) / (D + c0)
 * (written with n p - n_i^2 = n p (1 - e^(E_Fp - E_Fn)) so that they vanish exactly in
 * equilibrium; c0 = h = 0 gives back the steady R). A neutral defect stays quasi-static (its steady
 * occupation, U_n = U_p = R): an electron it held would carry no charge, and current continuity
 * (Gauss's law for the terminal current) would break; only donors and acceptors trap.
 */
import { gaussLegendreNodes } from '../../../numerics/gauss-legendre.js';
import type { BulkDefect, DefectDistribution, InterfaceDefect } from '../../types.js';

/** One discrete level of a defect: its density (per volume or per area, as the defect) and energy (eV, vacuum scale, E = -depth). */
export interface DefectLevel {
  Nt: number;
  E_eV: number;
}

/** The levels of a defect's distribution at thermal voltage Vt (eV). */
export function defectLevels(
  d: Pick<BulkDefect, 'level_below_vacuum_eV' | 'distribution'> & { N: number },
  Vt: number,
  gap: { Ec_eV: number; Ev_eV: number },
): DefectLevel[] {
  const E0 = -d.level_below_vacuum_eV;
  const dist: DefectDistribution | undefined = d.distribution;
  if (!dist || dist.shape === 'single') return [{ Nt: d.N, E_eV: E0 }];
  let lo: number;
  let hi: number;
  let weight: (E: number) => number;
  if (dist.shape === 'gaussian') {
    const s = dist.sigma_eV;
    lo = E0 - 4 * s;
    hi = E0 + 4 * s;
    weight = (E) => Math.exp(-((E - E0) ** 2) / (2 * s * s));
  } else if (dist.shape === 'uniform') {
    lo = E0 - dist.width_eV / 2;
    hi = E0 + dist.width_eV / 2;
    weight = () => 1;
  } else {
    // an exponential tail from a band edge into the gap
    const ech = dist.E_ch_eV;
    const fromConduction = dist.band === 'conduction';
    const edge = fromConduction ? gap.Ec_eV : gap.Ev_eV;
    const span = Math.min(12 * ech, gap.Ec_eV - gap.Ev_eV);
    lo = fromConduction ? edge - span : edge;
    hi = fromConduction ? edge : edge + span;
    weight = (E) => Math.exp(-Math.abs(E - edge) / ech);
  }
  // panels of 8 kT with 8 points each, at least 2 panels
  const panels = Math.max(2, Math.ceil((hi - lo) / (8 * Vt)));
  const q = gaussLegendreNodes(lo, hi, panels, 8);
  const w = q.x.map((E, k) => q.w[k]! * weight(E));
  const total = w.reduce((a, b) => a + b, 0);
  return q.x.map((E, k) => ({ Nt: (d.N * w[k]!) / total, E_eV: E }));
}

/**
 * Solver-ready levels of one side of a node (scaled): density, n1, p1, capture coefficients and
 * the charge state of the empty and the filled level (donor: +1 / 0, acceptor: 0 / -1, neutral
 * 0 / 0), with the index of the defect each belongs to (for the per-defect outputs).
 */
export interface SideLevels {
  nt: Float64Array;
  n1: Float64Array;
  p1: Float64Array;
  cn: Float64Array;
  cp: Float64Array;
  /** +1 donor, -1 acceptor, 0 neutral. */
  kind: Int8Array;
  defect: Int32Array;
  /** The levels of defect d are start[d] .. start[d + 1] - 1 (they share c_n, c_p and the charge type). */
  start: Int32Array;
  /** Each defect's total density (scaled). */
  total: Float64Array;
}

/** Donor +1, acceptor -1, neutral 0. */
export function chargeKind(type: BulkDefect['type'] | InterfaceDefect['type']): 1 | -1 | 0 {
  return type === 'donor' ? 1 : type === 'acceptor' ? -1 : 0;
}

/**
 * The terms of a node side's bulk levels at densities n, p (scaled; dn, dp, E, om as in bulkRate):
 * out[0] = R, out[1..3] = dR/d(u, fn, fp); out[4] = charge rho (trapped, in units of q N0),
 * out[5..7] = drho/d(u, fn, fp).
 *
 * The levels of one defect share c_n and c_p, so with D_k = c_n (n + n1_k) + c_p (p + p1_k) and
 * the sums S1 = sum N_k / D_k, S2 = sum N_k / D_k^2, S3 = sum N_k n1_k / D_k, S4 = sum N_k n1_k / D_k^2
 *     R = c_n c_p e S1,                       dR = c_n c_p (de S1 - e dD S2),
 *     sum N_k f_k = N - c_n S3 - c_p p S1,    d(sum N_k f_k) = c_n dD S4 - c_p (dp S1 - p dD S2)
 * (e = n p - n_i^2, f_k = 1 - (c_n n1_k + c_p p) / D_k, dD = c_n dn - c_p dp the same for every
 * level): a handful of operations per level however finely a distribution is discretised.
 */
export function bulkDefectTerms(
  L: SideLevels,
  n: number,
  p: number,
  dn: number,
  dp: number,
  E: number,
  om: number,
  out: Float64Array,
): void {
  out.fill(0);
  const e = n * p * om;
  // de/d(u, fn, fp); dn/du = dn/dfn = n', dp/du = dp/dfp = -p'
  const eu = (dn * p - n * dp) * om;
  const efn = dn * p * om + n * p * E;
  const efp = -n * dp * om - n * p * E;
  const groups = L.start.length - 1;
  for (let d = 0; d < groups; d++) {
    const k0 = L.start[d]!;
    const k1 = L.start[d + 1]!;
    const cn = L.cn[k0]!;
    const cp = L.cp[k0]!;
    const base = cn * n + cp * p;
    let S1 = 0;
    let S2 = 0;
    let S3 = 0;
    let S4 = 0;
    for (let k = k0; k < k1; k++) {
      const iv = 1 / (base + cn * L.n1[k]! + cp * L.p1[k]!);
      const w = L.nt[k]! * iv;
      const wn = w * L.n1[k]!;
      S1 += w;
      S2 += w * iv;
      S3 += wn;
      S4 += wn * iv;
    }
    // dD/d(u, fn, fp)
    const Du = cn * dn - cp * dp;
    const Dfn = cn * dn;
    const Dfp = -cp * dp;
    const a = cn * cp;
    out[0]! += a * e * S1;
    out[1]! += a * (eu * S1 - e * Du * S2);
    out[2]! += a * (efn * S1 - e * Dfn * S2);
    out[3]! += a * (efp * S1 - e * Dfp * S2);
    const kind = L.kind[k0]!;
    if (kind === 0) continue;
    const filled = L.total[d]! - cn * S3 - cp * p * S1;
    // dp/d(u, fn, fp) = (-p', 0, -p')
    const fu = cn * Du * S4 - cp * (-dp * S1 - p * Du * S2);
    const ffn = cn * Dfn * S4 - cp * (-p * Dfn * S2);
    const ffp = cn * Dfp * S4 - cp * (-dp * S1 - p * Dfp * S2);
    // donor: +(N - filled); acceptor: -filled; either way drho = -d(filled)
    out[4]! += kind > 0 ? L.total[d]! - filled : -filled;
    out[5]! -= fu;
    out[6]! -= ffn;
    out[7]! -= ffp;
  }
}

/**
 * The transient terms of a node side's bulk levels (module comment), with the integrator's c0 and
 * the history terms h of its levels at hist[off ..]: out[0] = U_n, out[1..3] = dU_n/d(u, fn, fp),
 * out[4] = U_p, out[5..7] its derivatives, out[8] = charge, out[9..11] its derivatives (scaled; dn,
 * dp, E, om as in bulkDefectTerms). One pass per level: the history differs from level to level.
 */
export function bulkDefectTermsTransient(
  L: SideLevels,
  n: number,
  p: number,
  dn: number,
  dp: number,
  E: number,
  om: number,
  c0: number,
  hist: Float64Array,
  off: number,
  out: Float64Array,
): void {
  out.fill(0);
  const e = n * p * om;
  const de0 = (dn * p - n * dp) * om;
  const de1 = dn * p * om + n * p * E;
  const de2 = -n * dp * om - n * p * E;
  for (let k = 0; k < L.nt.length; k++) {
    const Nt = L.nt[k]!;
    const cn = L.cn[k]!;
    const cp = L.cp[k]!;
    const n1 = L.n1[k]!;
    const p1 = L.p1[k]!;
    const kind = L.kind[k]!;
    // neutral levels: quasi-static (module comment)
    const h = kind === 0 ? 0 : hist[off + k]!;
    const c = kind === 0 ? 0 : c0;
    const iP = 1 / (cn * (n + n1) + cp * (p + p1) + c);
    const Qn = cp * e + c * n + h * (n + n1);
    const Qp = cn * e - c * p1 - h * (p + p1);
    const f = (cn * n + cp * p1 - h) * iP;
    out[0]! += Nt * cn * Qn * iP;
    out[4]! += Nt * cp * Qp * iP;
    if (kind !== 0) out[8]! += kind > 0 ? Nt * (1 - f) : -Nt * f;
    // per column (u, fn, fp): dn = (n', n', 0), dp = (-p', 0, -p')
    for (let col = 0; col < 3; col++) {
      const Dn = col === 2 ? 0 : dn;
      const Dp = col === 1 ? 0 : -dp;
      const de = col === 0 ? de0 : col === 1 ? de1 : de2;
      const dP = cn * Dn + cp * Dp;
      out[1 + col]! += Nt * cn * (cp * de + (c + h) * Dn - Qn * dP * iP) * iP;
      out[5 + col]! += Nt * cp * (cn * de - h * Dp - Qp * dP * iP) * iP;
      if (kind !== 0) out[9 + col]! -= Nt * (cn * Dn - f * dP) * iP;
    }
  }
}

/**
 * The occupation of each level of a node side into occ[off ..]: steady (c0 = 0, no history) or
 * that of a transient step (bulkDefectTermsTransient).
 */
export function levelOccupations(
  L: SideLevels,
  n: number,
  p: number,
  c0: number,
  hist: Float64Array | undefined,
  off: number,
  occ: Float64Array,
): void {
  for (let k = 0; k < L.nt.length; k++) {
    const cn = L.cn[k]!;
    const cp = L.cp[k]!;
    const dyn = hist !== undefined && L.kind[k] !== 0;
    const h = dyn ? hist[off + k]! : 0;
    occ[off + k] = (cn * n + cp * L.p1[k]! - h) / (cn * (n + L.n1[k]!) + cp * (p + L.p1[k]!) + (dyn ? c0 : 0));
  }
}

/**
 * Per defect of a node side (outputs): recombination into rate[d] and mean occupation into occ[d]
 * (the density-weighted mean over its levels), by the sums of bulkDefectTerms; returns the trapped
 * charge. om = 1 - e^(fp - fn).
 */
export function defectRates(
  L: SideLevels,
  n: number,
  p: number,
  om: number,
  rate: Float64Array,
  occ: Float64Array,
): number {
  const e = n * p * om;
  let rho = 0;
  for (let d = 0; d < L.start.length - 1; d++) {
    const k0 = L.start[d]!;
    const cn = L.cn[k0]!;
    const cp = L.cp[k0]!;
    const base = cn * n + cp * p;
    let S1 = 0;
    let S3 = 0;
    for (let k = k0; k < L.start[d + 1]!; k++) {
      const w = L.nt[k]! / (base + cn * L.n1[k]! + cp * L.p1[k]!);
      S1 += w;
      S3 += w * L.n1[k]!;
    }
    const N = L.total[d]!;
    const filled = N - cn * S3 - cp * p * S1;
    rate[d] = cn * cp * e * S1;
    occ[d] = N > 0 ? filled / N : 0;
    const kind = L.kind[k0]!;
    if (kind !== 0) rho += kind > 0 ? N - filled : -filled;
  }
  return rho;
}

/** The solver's levels of one layer's defects (scaled by N0, t0). */
export function layerLevels(
  defects: readonly BulkDefect[],
  layer: { chi_eV: number; Eg_eV: number; Nc_cm3: number; Nv_cm3: number },
  scale: { N0: number; t0: number; Vt: number },
): SideLevels {
  const Ec = -layer.chi_eV;
  const Ev = Ec - layer.Eg_eV;
  const all: { Nt: number; E: number; cn: number; cp: number; kind: number; defect: number }[] = [];
  defects.forEach((d, k) => {
    for (const lv of defectLevels({ ...d, N: d.N_t_cm3 }, scale.Vt, { Ec_eV: Ec, Ev_eV: Ev }))
      all.push({ Nt: lv.Nt, E: lv.E_eV, cn: d.c_n_cm3_s, cp: d.c_p_cm3_s, kind: chargeKind(d.type), defect: k });
  });
  const N0cm = scale.N0 * 1e-6;
  const c = (v: number) => v * 1e-6 * scale.N0 * scale.t0;
  const start = new Int32Array(defects.length + 1);
  const total = new Float64Array(defects.length);
  for (const q of all) {
    start[q.defect + 1]!++;
    total[q.defect]! += q.Nt / N0cm;
  }
  for (let d = 0; d < defects.length; d++) start[d + 1]! += start[d]!;
  return {
    nt: Float64Array.from(all, (q) => q.Nt / N0cm),
    n1: Float64Array.from(all, (q) => (layer.Nc_cm3 / N0cm) * Math.exp((q.E - Ec) / scale.Vt)),
    p1: Float64Array.from(all, (q) => (layer.Nv_cm3 / N0cm) * Math.exp((Ev - q.E) / scale.Vt)),
    cn: Float64Array.from(all, (q) => c(q.cn)),
    cp: Float64Array.from(all, (q) => c(q.cp)),
    kind: Int8Array.from(all, (q) => q.kind),
    defect: Int32Array.from(all, (q) => q.defect),
    start,
    total,
  };
}

/** An interface's defect sheets, as levels that see both adjacent layers (scaled). */
export interface SheetLevels {
  /** Interface index and the nodes/sides of its left (L) and right (R) layer. */
  index: number;
  nodeL: number;
  sideL: number;
  nodeR: number;
  sideR: number;
  nt: Float64Array;
  cn: Float64Array;
  cp: Float64Array;
  n1L: Float64Array;
  p1L: Float64Array;
  n1R: Float64Array;
  p1R: Float64Array;
  kind: Int8Array;
  defect: Int32Array;
}

/** The solver's levels of an interface's defect sheets (scaled per area by N0 L0). */
export function sheetLevels(
  defects: readonly InterfaceDefect[],
  left: { chi_eV: number; Eg_eV: number; Nc_cm3: number; Nv_cm3: number },
  right: { chi_eV: number; Eg_eV: number; Nc_cm3: number; Nv_cm3: number },
  where: Pick<SheetLevels, 'index' | 'nodeL' | 'sideL' | 'nodeR' | 'sideR'>,
  scale: { N0: number; t0: number; L0: number; Vt: number },
): SheetLevels {
  // the levels are spread within the gap both layers share
  const Ec = Math.min(-left.chi_eV, -right.chi_eV);
  const Ev = Math.max(-left.chi_eV - left.Eg_eV, -right.chi_eV - right.Eg_eV);
  const all: { Nt: number; E: number; cn: number; cp: number; kind: number; defect: number }[] = [];
  defects.forEach((d, k) => {
    for (const lv of defectLevels({ ...d, N: d.N_t_cm2 }, scale.Vt, { Ec_eV: Ec, Ev_eV: Ev }))
      all.push({ Nt: lv.Nt, E: lv.E_eV, cn: d.c_n_cm3_s, cp: d.c_p_cm3_s, kind: chargeKind(d.type), defect: k });
  });
  const N0cm = scale.N0 * 1e-6;
  const perArea = 1e4 / (scale.N0 * scale.L0); // cm^-2 -> scaled
  const c = (v: number) => v * 1e-6 * scale.N0 * scale.t0;
  const n1 = (l: typeof left, E: number) => (l.Nc_cm3 / N0cm) * Math.exp((E + l.chi_eV) / scale.Vt);
  const p1 = (l: typeof left, E: number) => (l.Nv_cm3 / N0cm) * Math.exp((-l.chi_eV - l.Eg_eV - E) / scale.Vt);
  return {
    ...where,
    nt: Float64Array.from(all, (q) => q.Nt * perArea),
    cn: Float64Array.from(all, (q) => c(q.cn)),
    cp: Float64Array.from(all, (q) => c(q.cp)),
    n1L: Float64Array.from(all, (q) => n1(left, q.E)),
    p1L: Float64Array.from(all, (q) => p1(left, q.E)),
    n1R: Float64Array.from(all, (q) => n1(right, q.E)),
    p1R: Float64Array.from(all, (q) => p1(right, q.E)),
    kind: Int8Array.from(all, (q) => q.kind),
    defect: Int32Array.from(all, (q) => q.defect),
  };
}

/**
 * The terms of an interface's sheets at the densities of both sides (scaled): the electron sinks
 * U_n,L, U_n,R, the hole sinks U_p,L, U_p,R and the sheet charge, each with its derivatives with
 * respect to (nL, pL, nR, pR) (the caller chains them to the unknowns), into out:
 * [UnL, UnR, UpL, UpR, rho] x [value, d/dnL, d/dpL, d/dnR, d/dpR] (25 numbers, row-major).
 * In a transient step (c0 > 0 and the history terms of the levels at hist[off ..]) the occupation
 * is that of the integrator, f = (num - h) / (D + c0), as for bulk levels.
 */
export function sheetTerms(
  S: SheetLevels,
  nL: number,
  pL: number,
  nR: number,
  pR: number,
  out: Float64Array,
  c0 = 0,
  hist?: Float64Array,
  off = 0,
): void {
  out.fill(0);
  for (let k = 0; k < S.nt.length; k++) {
    const Nt = S.nt[k]!;
    const cn = S.cn[k]!;
    const cp = S.cp[k]!;
    const n1L = S.n1L[k]!;
    const n1R = S.n1R[k]!;
    const p1L = S.p1L[k]!;
    const p1R = S.p1R[k]!;
    // neutral levels stay quasi-static in a transient (as bulk levels)
    const dyn = hist !== undefined && S.kind[k] !== 0;
    const num = cn * (nL + nR) + cp * (p1L + p1R) - (dyn ? hist[off + k]! : 0);
    const D = cn * (nL + nR + n1L + n1R) + cp * (pL + pR + p1L + p1R) + (dyn ? c0 : 0);
    const f = num / D;
    // df/dn_s = cn (D - num) / D^2 (either side), df/dp_s = -cp num / D^2
    const fn = (cn * (D - num)) / (D * D);
    const fp = (-cp * num) / (D * D);
    const df = [fn, fp, fn, fp]; // d f / d(nL, pL, nR, pR)
    // U_n,s = cn Nt (n_s (1 - f) - n1_s f) = cn Nt (n_s - (n_s + n1_s) f)
    for (const [row, n, n1, own] of [
      [0, nL, n1L, 0],
      [1, nR, n1R, 2],
    ] as const) {
      const o = 5 * row;
      out[o]! += cn * Nt * (n - (n + n1) * f);
      for (let j = 0; j < 4; j++) out[o + 1 + j]! += cn * Nt * (-(n + n1) * df[j]! + (j === own ? 1 - f : 0));
    }
    // U_p,s = cp Nt (p_s f - p1_s (1 - f)) = cp Nt ((p_s + p1_s) f - p1_s)
    for (const [row, p, p1, own] of [
      [2, pL, p1L, 1],
      [3, pR, p1R, 3],
    ] as const) {
      const o = 5 * row;
      out[o]! += cp * Nt * ((p + p1) * f - p1);
      for (let j = 0; j < 4; j++) out[o + 1 + j]! += cp * Nt * ((p + p1) * df[j]! + (j === own ? f : 0));
    }
    const kind = S.kind[k]!;
    if (kind === 0) continue;
    out[20]! += kind > 0 ? Nt * (1 - f) : -Nt * f;
    for (let j = 0; j < 4; j++) out[21 + j]! -= Nt * df[j]!;
  }
}

/** The occupation of each level of a sheet into occ[off ..] (steady, or of a transient step as in sheetTerms). */
export function sheetOccupations(
  S: SheetLevels,
  nL: number,
  pL: number,
  nR: number,
  pR: number,
  c0: number,
  hist: Float64Array | undefined,
  off: number,
  occ: Float64Array,
): void {
  for (let k = 0; k < S.nt.length; k++) {
    const cn = S.cn[k]!;
    const cp = S.cp[k]!;
    const dyn = hist !== undefined && S.kind[k] !== 0;
    const num = cn * (nL + nR) + cp * (S.p1L[k]! + S.p1R[k]!) - (dyn ? hist[off + k]! : 0);
    occ[off + k] =
      num / (cn * (nL + nR + S.n1L[k]! + S.n1R[k]!) + cp * (pL + pR + S.p1L[k]! + S.p1R[k]!) + (dyn ? c0 : 0));
  }
}
