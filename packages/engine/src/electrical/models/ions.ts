/**
 * Mobile ions (perovskite vacancies): drift-diffusion of each ionic species inside its own layer,
 * coupled to Poisson's equation and, through it, to the electrons and holes (fully coupled Newton:
 * one unknown per species and node besides psi, E_Fn and E_Fp).
 *
 *   dP/dt = -dF/dx,   F = -D (dP/dx + s P d(psi/Vt)/dx)          (s = +1 or -1, the ion's charge in q)
 *   Poisson:  d/dx(eps dpsi/dx) = -q (p - n + Nd - Na + s (P - N_ion))
 * with a uniform immobile background of the opposite charge and the same mean density N_ion, and
 * zero ionic flux at the faces of the layer (the ions are confined to it), so the number of ions
 * is conserved (Courtier, Cave, Foster, Walker & Richardson, Energy Environ. Sci. 12, 396 (2019);
 * IonMonger 2.0, Clarke et al., J. Comput. Electron. 22, 364 (2023); Calado et al., Nat. Commun. 7,
 * 13831 (2016); FORMAT-dd-notes.md "Ions").
 *
 * Unknown: the species' quasi-Fermi level phi (in kT/q), P = N_ion exp(phi - s u) with u = psi/Vt,
 * so that densities stay positive and the exponential response to the potential (Debye layers of
 * a few nm at 1e19 cm^-3) is handled by Newton as for electrons and holes.
 *
 * Discretisation: the Scharfetter-Gummel flux of a species of charge s over interval k,
 *   F_k = (D/h) [B(s du) P_k - B(-s du) P_k+1] = -(D/h) P_k B(s du) expm1(phi_k+1 - phi_k),
 * du = u_k+1 - u_k, exact for a constant field and zero exactly when phi is constant.
 *
 * Rows of a species at the nodes of its layer (first..last):
 *   transient (box) form:   F_k+1/2 - F_k-1/2 + w dP/dt = 0   (F = 0 at the layer's faces)
 *   steady form:            phi_k+1 - phi_k = 0 for first <= k < last (zero ionic current), and at
 *                           the last node the number of ions: sum_j w_j P_j = N_ion d.
 * The steady form is the equilibrium of the ions (the quasi-static state of a slow scan) with the
 * conserved total; its last row is dense over the layer, which the linear solver handles as a
 * low-rank correction of the block-tridiagonal matrix (system.ts). At nodes outside the layer the
 * species' unknown is pinned to 0.
 */
import { bernoulliAll } from '../discretisation/bernoulli.js';
import type { BlockTridiagonal } from '../discretisation/block-tridiagonal.js';
import type { Mesh } from '../discretisation/mesh.js';
import { U } from '../discretisation/unknowns.js';
import type { ElectricalLayer } from '../types.js';

/** One mobile species as the solver sees it (scaled). */
export interface IonModel {
  /** Index of its unknown in each node's block (3, 4, ...). */
  slot: number;
  /** Semiconductor layer it lives in, and that layer's first and last node. */
  layer: number;
  first: number;
  last: number;
  sign: 1 | -1;
  /** Scaled diffusion coefficient D / (mu0 Vt). */
  D: number;
  /** Scaled mean density N_ion / N0 (also the background). */
  N: number;
  /** Scaled number of ions per area, N d / (N0 L0): the steady-state constraint. */
  total: number;
}

/** The ionic species of the semiconductor layers, with their unknowns after (u, fn, fp). */
export function buildIons(
  layers: ElectricalLayer[],
  mesh: Mesh,
  scale: { N0: number; L0: number; mu0: number; Vt: number },
): IonModel[] {
  const out: IonModel[] = [];
  layers.forEach((l, li) => {
    for (const sp of l.ions ?? []) {
      const { first, last } = mesh.layerNodes[li]!;
      const N = (sp.N_ion_cm3 * 1e6) / scale.N0;
      out.push({
        slot: 3 + out.length,
        layer: li,
        first,
        last,
        sign: sp.sign,
        D: (sp.D_ion_cm2_s * 1e-4) / (scale.mu0 * scale.Vt),
        N,
        total: (N * l.thickness_nm * 1e-9) / scale.L0,
      });
    }
  });
  return out;
}

const bw = new Float64Array(4);

/** The density of species `ion` at node i (scaled), P = N exp(phi - s u). */
export function ionDensity(ion: IonModel, x: Float64Array, m: number, i: number): number {
  const e = x[m * i + ion.slot]! - ion.sign * x[m * i + U]!;
  return ion.N * Math.exp(e > 700 ? 700 : e);
}

/**
 * The ionic flux of species `ion` over interval k (scaled, along +x) and its derivatives with
 * respect to u_k, u_k+1, phi_k, phi_k+1, into d[0..3].
 */
export function ionFlux(ion: IonModel, x: Float64Array, m: number, k: number, h: number, d: Float64Array): number {
  const s = ion.sign;
  const du = x[m * (k + 1) + U]! - x[m * k + U]!;
  const dphi = x[m * (k + 1) + ion.slot]! - x[m * k + ion.slot]!;
  const Pa = ionDensity(ion, x, m, k);
  const Pb = ionDensity(ion, x, m, k + 1);
  bernoulliAll(s * du, bw);
  // bw: B(s du), B(-s du), B'(s du), B'(-s du)
  const c = ion.D / h;
  // Slotboom form, each branch free of cancellation: from node a or from node b
  const F = dphi > 0 ? c * Pb * bw[1]! * Math.expm1(-dphi) : -c * Pa * bw[0]! * Math.expm1(dphi);
  // derivatives from the plain form F = c (B(s du) P_a - B(-s du) P_b), with dP/dphi = P, dP/du = -s P
  const dFdu1 = c * s * (bw[2]! * Pa + bw[3]! * Pb); // through B, d/du_k+1 (d/du_k: minus)
  d[0] = -dFdu1 + c * bw[0]! * -s * Pa;
  d[1] = dFdu1 - c * bw[1]! * -s * Pb;
  d[2] = c * bw[0]! * Pa;
  d[3] = -c * bw[1]! * Pb;
  return F;
}

const fd = new Float64Array(4);

/**
 * Adds the rows of every species: its fluxes (box form) or its equilibrium and number (steady
 * form), its charge in Poisson's equation, and the pinned rows outside its layer. `hs` holds the
 * half-box widths per node side. Returns the dense parts of the steady-state constraints (one per
 * species): the row of node `last` and its derivatives with respect to the unknowns of the nodes
 * first..last-2, which the band of the matrix cannot hold.
 */
export function assembleIons(
  ions: IonModel[],
  x: Float64Array,
  h: Float64Array,
  hs: Float64Array,
  steady: boolean,
  mat: BlockTridiagonal,
  F: Float64Array,
): { row: number; cols: number[]; weights: number[] }[] {
  const { A, B, C, m } = mat;
  const mm = m * m;
  const dense: { row: number; cols: number[]; weights: number[] }[] = [];
  const N = F.length / m;
  for (const ion of ions) {
    const r = ion.slot;
    for (let i = 0; i < N; i++) {
      if (i >= ion.first && i <= ion.last) continue;
      // outside its layer the species' unknown is 0: an identity row
      B[mm * i + m * r + r] = 1;
      F[m * i + r] = x[m * i + r]!;
    }
    // the half-box of each node on the side inside the layer
    const w = (i: number) =>
      i === ion.first ? hs[2 * i + 1]! : i === ion.last ? hs[2 * i]! : hs[2 * i]! + hs[2 * i + 1]!;
    if (steady) {
      // zero ionic current: phi_k+1 - phi_k = 0 in row k
      for (let k = ion.first; k < ion.last; k++) {
        const oa = mm * k + m * r;
        F[m * k + r]! += x[m * (k + 1) + r]! - x[m * k + r]!;
        B[oa + r]! -= 1;
        C[oa + r]! += 1;
      }
    } else {
      for (let k = ion.first; k < ion.last; k++) {
        const Fk = ionFlux(ion, x, m, k, h[k]!, fd);
        // box form: the flux leaves box k and enters box k+1
        const oa = mm * k + m * r;
        const ob = oa + mm;
        F[m * k + r]! += Fk;
        F[m * (k + 1) + r]! -= Fk;
        B[oa + U]! += fd[0]!;
        C[oa + U]! += fd[1]!;
        B[oa + r]! += fd[2]!;
        C[oa + r]! += fd[3]!;
        A[ob + U]! -= fd[0]!;
        B[ob + U]! -= fd[1]!;
        A[ob + r]! -= fd[2]!;
        B[ob + r]! -= fd[3]!;
      }
    }
    // charge in Poisson's equation: s (P - N) over each node's half-box inside the layer
    for (let i = ion.first; i <= ion.last; i++) {
      const wi = w(i);
      const P = ionDensity(ion, x, m, i);
      F[m * i + U]! += wi * ion.sign * (P - ion.N);
      B[mm * i + U]! -= wi * P; // d(s P)/du = -s^2 P
      B[mm * i + r]! += wi * ion.sign * P;
    }
    if (steady) {
      // the number of ions: sum_j w_j P_j - total = 0 in the row of the last node
      const L = ion.last;
      let sum = 0;
      const cols: number[] = [];
      const weights: number[] = [];
      for (let j = ion.first; j <= L; j++) {
        const wP = w(j) * ionDensity(ion, x, m, j);
        sum += wP;
        const blk = j === L ? B : j === L - 1 ? A : undefined;
        if (blk) {
          blk[mm * L + m * r + U] = -ion.sign * wP;
          blk[mm * L + m * r + r] = wP;
        } else {
          cols.push(m * j + U, m * j + r);
          weights.push(-ion.sign * wP, wP);
        }
      }
      F[m * L + r] = sum - ion.total;
      dense.push({ row: m * L + r, cols, weights });
    }
  }
  return dense;
}
