/**
 * Field-dependent dissociation of charge-transfer (CT) states in organic bulk heterojunctions
 * (Onsager-Braun), with Langevin recombination reduced by the same probability.
 *
 * Light makes bound electron-hole pairs at rate G (the layer's generation). A pair at separation a
 * dissociates at rate k_d or decays to the ground state at rate k_f, so the free-carrier yield is
 *     P(F, T) = k_d / (k_d + k_f),
 *     k_d(F) = 3 gamma / (4 pi a^3) exp(-E_b / kT) J1(2 sqrt(-2b)) / sqrt(-2b),
 *     E_b = q^2 / (4 pi eps a),   b = q^3 |F| / (8 pi eps (kT)^2),
 *     J1(2 sqrt(-2b)) / sqrt(-2b) = sum_k (2b)^k / (k! (k+1)!) = 1 + b + b^2/3 + b^3/18 + ...
 * (C.L. Braun, J. Chem. Phys. 80, 4157 (1984)), gamma the layer's bimolecular coefficient: Langevin,
 * gamma = prefactor q (mu_n + mu_p) / eps, or k_rad. Free carriers that meet form CT states again,
 * which can dissociate again, so that in the continuity equations
 *     G_free = (P0 + (1 - P0) P) G,     R_bimolecular = (1 - P) gamma (n p - n_i^2)
 * (L.J.A. Koster, E.C.P. Smits, V.D. Mihailetchi & P.W.M. Blom, Phys. Rev. B 72, 085205 (2005)).
 * With a Gaussian distribution of separations, P is averaged with the weight
 * 4 r^2 exp(-r^2/a^2) / (a^3 sqrt(pi)) (SIMsalabim's thermLengDist = 2).
 *
 * F is the field at a node (node-field.ts). The conventions are FORMAT-dd-notes.md, "Excitons".
 */
import { EPS0_F_M, Q_C } from '../../../constants.js';
import { gaussLegendreNodes } from '../../../numerics/gauss-legendre.js';
import type { ElectricalLayer } from '../../types.js';

/** One layer's dissociation model, ready to evaluate. */
export interface DissociationModel {
  /** Decay rate of the CT state to the ground state, 1/s. */
  kf: number;
  /** Field-independent part of the yield. */
  P0: number;
  /** b per unit scaled field |du/dx| (u = psi/Vt, x in units of L0). */
  bScale: number;
  /** Prefactor of k_d at each separation of the quadrature (1/s) and the weight of each (one point for 'delta'). */
  c1: Float64Array;
  weight: Float64Array;
  /**
   * A distribution of separations: P and dP/d(ln B) tabulated on ln B = k dx, interpolated by cubic
   * Hermite pieces (the averaged P depends on the field only through B; the quadrature above is
   * only used beyond the table).
   */
  table?: { dx: number; P: Float64Array; dP: Float64Array };
}

/** Beyond this b the yield is 1 to double precision for any sensible a and k_f; the series would overflow. */
const B_MAX = 2e4;

/**
 * J1(2 sqrt(-2b)) / sqrt(-2b) = I1(2 sqrt(2b)) / sqrt(2b) for b >= 0 and its derivative in b,
 * from the series (all terms positive, so no cancellation).
 */
export function braunBessel(b: number): { value: number; derivative: number } {
  const z = 2 * Math.min(b, B_MAX);
  let term = 1;
  let value = 1;
  let derivative = 0;
  for (let k = 1; k < 2000; k++) {
    // term_k = z^k / (k! (k+1)!);  d/db term_k = 2 k z^(k-1) / (k! (k+1)!) = 2 term_(k-1) / (k+1)
    const dTerm = (2 * term) / (k + 1);
    term *= z / (k * (k + 1));
    value += term;
    derivative += dTerm;
    if (term < 1e-17 * value && dTerm < 1e-17 * derivative) break;
  }
  return { value, derivative: b > B_MAX ? 0 : derivative };
}

/**
 * Separations r = a t and weights of the distribution: one point for 'delta'; for 'gaussian'
 * (weight 4 t^2 exp(-t^2) / sqrt(pi) dt), composite 4-point Gauss-Legendre in s = 1/t, where
 * k_d ~ s^3 exp(-E_b(a) s / kT) makes P a logistic step of constant width in s whatever the field
 * (in t it sharpens without bound as the field grows): panels of 0.05 up to s = 10, of 0.5 up
 * to 200 (t = 0.005, below which no pair dissociates), from s = 1/6 (t = 6, beyond which the
 * weight is below 1e-15).
 */
export function separations(distribution: 'delta' | 'gaussian'): { t: number[]; w: number[] } {
  if (distribution === 'delta') return { t: [1], w: [1] };
  const t: number[] = [];
  const w: number[] = [];
  const pieces: [number, number, number][] = [
    [1 / 6, 10, 0.05],
    [10, 200, 0.5],
  ];
  for (const [lo, hi, width] of pieces) {
    const q = gaussLegendreNodes(lo, hi, Math.round((hi - lo) / width), 4);
    q.x.forEach((sk, k) => {
      // dt = ds / s^2, t^2 = 1/s^2
      t.push(1 / sk);
      w.push(q.w[k]! * ((4 / Math.sqrt(Math.PI)) * Math.exp(-1 / (sk * sk))) * sk ** -4);
    });
  }
  return { t, w };
}

/** The bimolecular coefficient gamma of a layer, m^3/s: Langevin when a prefactor is given, else k_rad. */
export function bimolecularSI(l: ElectricalLayer): number {
  if (l.langevin_prefactor !== undefined)
    return (l.langevin_prefactor * Q_C * (l.mu_n_cm2_Vs + l.mu_p_cm2_Vs) * 1e-4) / (EPS0_F_M * l.eps_r);
  return (l.k_rad_cm3_s ?? 0) * 1e-6;
}

/** Spacing of the table in ln B, and where it stops at the latest (B = e^80, fields beyond any device's). */
const TABLE_DX = 0.1;
const TABLE_MAX = 80;

/** The dissociation model of each layer that has one (undefined elsewhere). */
export function buildDissociation(
  layers: ElectricalLayer[],
  scale: { L0: number; Vt: number },
): (DissociationModel | undefined)[] {
  return layers.map((l) => {
    const ex = l.exciton;
    if (!ex) return undefined;
    const eps = EPS0_F_M * l.eps_r;
    const a = ex.a_nm * 1e-9;
    const gamma = bimolecularSI(l);
    const { t, w } = separations(ex.distribution ?? 'delta');
    const c1 = new Float64Array(t.length);
    for (let k = 0; k < t.length; k++) {
      const r = a * t[k]!;
      const Eb = Q_C / (4 * Math.PI * eps * r); // eV, i.e. in volts
      c1[k] = ((3 * gamma) / (4 * Math.PI * r * r * r)) * Math.exp(-Eb / scale.Vt);
    }
    const d: DissociationModel = {
      c1,
      weight: Float64Array.from(w),
      kf: ex.k_f_s,
      P0: ex.P0 ?? 0,
      bScale: Q_C / (8 * Math.PI * eps * scale.Vt * scale.L0),
    };
    if (t.length > 1) d.table = tableFor(d, [ex.a_nm, ex.k_f_s, l.eps_r, gamma, scale.Vt].join(','));
    return d;
  });
}

/**
 * Tables already built, by the parameters they depend on: a light and a dark run, or an EQE
 * spectrum, build the same device many times. Bounded; the oldest entry goes first.
 */
const tables = new Map<string, NonNullable<DissociationModel['table']>>();

function tableFor(d: DissociationModel, key: string): NonNullable<DissociationModel['table']> {
  const hit = tables.get(key);
  if (hit) return hit;
  const P: number[] = [];
  const dP: number[] = [];
  for (let k = 0; k * TABLE_DX <= TABLE_MAX; k++) {
    const q = averaged(d, Math.exp(k * TABLE_DX));
    P.push(q.P);
    dP.push(q.dPdlnB);
    // saturated: the rest of the table would be 1
    if (q.P > 1 - 1e-15 && k > 0) break;
  }
  const table = { dx: TABLE_DX, P: Float64Array.from(P), dP: Float64Array.from(dP) };
  if (tables.size >= 32) tables.delete(tables.keys().next().value!);
  tables.set(key, table);
  return table;
}

/** P averaged over the quadrature at Bessel factor B, and dP/d(ln B). */
function averaged(d: DissociationModel, B: number): { P: number; dPdlnB: number } {
  let P = 0;
  let dPdlnB = 0;
  for (let k = 0; k < d.c1.length; k++) {
    const kd = d.c1[k]! * B;
    const den = kd + d.kf;
    if (!(den > 0)) continue;
    P += (d.weight[k]! * kd) / den;
    dPdlnB += (d.weight[k]! * d.kf * kd) / (den * den);
  }
  return { P, dPdlnB };
}

/** P and dP/db of a model at b. */
export function dissociationProbability(d: DissociationModel, b: number): { P: number; dPdb: number } {
  const { value: B, derivative: dB } = braunBessel(b);
  const tab = d.table;
  const x = Math.log(B);
  if (tab && x < (tab.P.length - 1) * tab.dx) {
    // cubic Hermite between the two table points around ln B
    const k = Math.min(Math.floor(x / tab.dx), tab.P.length - 2);
    const h = tab.dx;
    const s = (x - k * h) / h;
    const p0 = tab.P[k]!;
    const p1 = tab.P[k + 1]!;
    const m0 = tab.dP[k]! * h;
    const m1 = tab.dP[k + 1]! * h;
    const s2 = s * s;
    const s3 = s2 * s;
    const P = (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * m0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * m1;
    const dPds = (6 * s2 - 6 * s) * p0 + (3 * s2 - 4 * s + 1) * m0 + (-6 * s2 + 6 * s) * p1 + (3 * s2 - 2 * s) * m1;
    return { P, dPdb: ((dPds / h) * dB) / B };
  }
  const q = averaged(d, B);
  return { P: q.P, dPdb: (q.dPdlnB * dB) / B };
}
