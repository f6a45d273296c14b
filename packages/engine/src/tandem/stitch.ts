/**
 * The start of a tandem's whole-stack run from its subcells' solutions (docs/physics/tandem.md,
 * "The whole stack as one device").
 *
 * Why: the region between the subcells is tied to the contacts only through the two cells' diodes.
 * From equilibrium its quasi-Fermi levels are set by currents near rounding (in the dark or in weak
 * light), so Newton's step there is noise; switched straight to full light, it must move by the
 * limiting cell's reverse bias in one go and fails. The subcells in series already know the answer
 * away from the junction: at one current J each cell c sits at its own voltage V_c(J) (series.ts).
 *
 * How: each subcell's converged state is placed on the whole stack's mesh (the same nodes per
 * layer, tandem/simulate.ts gives each subcell the intervals its layers have in the stack), with
 * every energy of cell c shifted by
 *     delta_c = E_ref - sum_{cells b before c} V_b - E_ref,c
 * (cells ordered from the stack's cathode to its anode, E_ref the cathode's Fermi level of each
 * run, vacuum-level scale): the cathode of each cell then sits at the anode Fermi level of the cell
 * before it, the ideal junction of the series connection. In the solver's variables
 * (model.ts: E_F = E_ref + f V_t, psi = u V_t) that is
 *     f = f_c - (sum_{b before c} V_b) / V_t,     u = u_c - delta_c / V_t.
 * A node both cells share is the junction: both quasi-Fermi levels there take the junction's Fermi
 * level (each cell's junction contact held one of them at it) and the potential is the mean of the
 * two cells'. Nodes of junction layers in between take each quasi-Fermi level from the cell whose
 * band edge at the junction is nearer the layer's (the carriers that can reach it); the cells' own
 * junction nodes then take the junction's level for both carriers. With junction layers the
 * potential is then solved from Poisson's equation at these fixed levels (poissonAtFixedLevels):
 * local neutrality would put a doped junction's whole built-in step into the one interval at the
 * p++/n++ interface, a field whose tunnelling rate made Newton's electron update in the p++ layer
 * ask for a negative density and grow without bound. Newton then starts there at the sum of the
 * cells' voltages and full light (ContinuationSolver.startFrom), and the sweep continues from it.
 *
 * Shown to converge for a recombination interface between the subcells, with the anode at either
 * side, and for a p++/n++ tunnel junction with band-to-band tunnelling strong enough to carry the
 * photocurrent (test/tandem/tandem.test.ts). A junction too weak for it (the stack
 * current-limited, the J-V S-shaped) does not converge from the start at 0 V; the stack is then
 * started from the subcells near the series Voc (tandem/simulate.ts, stitchPoints), also tested.
 */
import type { DDModel } from '../electrical/discretisation/model.js';
import { DDSystem } from '../electrical/discretisation/system.js';
import { neutralDensities } from '../electrical/models/layer-si.js';
import type { SolvedState } from '../electrical/solvers/states.js';

/** Largest potential update of one Poisson iteration, thermal voltages (see poissonAtFixedLevels). */
const POISSON_MAX_STEP = 2;
const POISSON_TOL = 1e-10;
const POISSON_MAX_ITERATIONS = 200;

/**
 * Solves Poisson's equation for the potential at fixed quasi-Fermi levels (x modified in place,
 * the contact nodes kept): the row of each interior node is the box balance
 *     sum of interval displacements + w (p(u, fp) - n(u, fn) + C) = 0
 * of the system's own assembly (system.ts), whose Jacobian in u alone is tridiagonal and, since
 * dn/du > 0 and dp/du < 0, diagonally dominant, so the solve needs no pivoting; Newton on it with
 * updates capped at POISSON_MAX_STEP thermal voltages (the nonlinear Poisson equation at fixed
 * quasi-Fermi levels, as in the equilibrium start of device solvers; Selberherr 1984, ch. 7)
 * reaches the p++/n++ junction from local neutrality in the tested stacks. Returns false (x then
 * unspecified) when it does not converge.
 */
export function poissonAtFixedLevels(sys: DDSystem, x: Float64Array, v: number): boolean {
  const { N, m } = sys;
  const mm = m * m;
  const { A, B, C } = sys.mat;
  const c = new Float64Array(N);
  const d = new Float64Array(N);
  for (let it = 0; it < POISSON_MAX_ITERATIONS; it++) {
    sys.assemble(x, v, false);
    // Thomas algorithm on the interior nodes, du = 0 at the contacts
    let prevC = 0;
    let prevD = 0;
    for (let i = 1; i < N - 1; i++) {
      const a = i > 1 ? A[mm * i]! : 0;
      const den = B[mm * i]! - a * prevC;
      if (!(Math.abs(den) > 0)) return false;
      c[i] = C[mm * i]! / den;
      d[i] = (-sys.F[m * i]! - a * prevD) / den;
      prevC = c[i]!;
      prevD = d[i]!;
    }
    let big = 0;
    let next = 0;
    for (let i = N - 2; i >= 1; i--) {
      const du = d[i]! - c[i]! * next;
      next = du;
      if (!Number.isFinite(du)) return false;
      big = Math.max(big, Math.abs(du));
      d[i] = du;
    }
    const scale = big > POISSON_MAX_STEP ? POISSON_MAX_STEP / big : 1;
    for (let i = 1; i < N - 1; i++) x[m * i]! += scale * d[i]!;
    if (big < POISSON_TOL) return true;
  }
  return false;
}

/**
 * The stitched unknowns of the whole stack `full` from one state per subcell, the cells ordered from
 * the stack's cathode to its anode; undefined when the meshes do not match layer by layer (or the
 * stack has mobile ions, whose unknowns are not carried over).
 */
export function stitchedState(
  full: DDModel,
  cells: SolvedState[],
): { x: Float64Array; vInternalV: number } | undefined {
  if (full.ions.length > 0) return undefined;
  const N = full.N;
  const m = 3;
  const Vt = full.Vt;
  const uSum = new Float64Array(N);
  const uCount = new Uint8Array(N);
  const fn = new Float64Array(N);
  const fp = new Float64Array(N);
  let vBefore = 0;
  // each cell's node range on the stack's mesh
  const spans: [number, number][] = [];
  for (const cell of cells) {
    const sub = cell.model;
    if (sub.ions.length > 0 || Math.abs(sub.Vt - Vt) > 1e-12) return undefined;
    const first = full.layers.findIndex((l) => l.name === sub.layers[0]!.name);
    if (first < 0) return undefined;
    const delta = full.Eref_eV - vBefore - sub.Eref_eV;
    const ms = 3 + sub.ions.length;
    const lastLayer = full.mesh.layerNodes[first + sub.layers.length - 1];
    if (!lastLayer) return undefined;
    spans.push([full.mesh.layerNodes[first]!.first, lastLayer.last]);
    for (let li = 0; li < sub.layers.length; li++) {
      const a = sub.mesh.layerNodes[li]!;
      const b = full.mesh.layerNodes[first + li];
      if (!b || full.layers[first + li]!.name !== sub.layers[li]!.name || b.last - b.first !== a.last - a.first)
        return undefined;
      for (let k = 0; k <= a.last - a.first; k++) {
        const i = b.first + k;
        const j = a.first + k;
        const u = cell.x[ms * j]! - delta / Vt;
        const en = cell.x[ms * j + 1]! - vBefore / Vt;
        const ep = cell.x[ms * j + 2]! - vBefore / Vt;
        uSum[i]! += u;
        uCount[i]!++;
        // a node two cells share is a junction node: its levels are set below
        fn[i] = en;
        fp[i] = ep;
      }
    }
    vBefore += cell.vInternalV;
  }
  if (uCount[0] === 0 || uCount[N - 1] === 0) return undefined;
  const [a, b] = [...spans].sort((p, q) => p[0] - q[0]);
  if (!a || !b) return undefined;
  const endA = a[1];
  const startB = b[0];
  // a node both cells share is the junction: both quasi-Fermi levels at its Fermi level, the
  // anode level of the first cell (each cell's junction contact held one of them there). With
  // junction layers between the cells, the cells' junction nodes get it too: each held its
  // majority carrier there, and its minority carrier (blocked by the ideal contact, so at no
  // particular level) now meets a heavily doped layer that sets it to the same level
  const fJunction = -cells[0]!.vInternalV / Vt;
  for (const i of new Set([endA, startB])) {
    fn[i] = fJunction;
    fp[i] = fJunction;
  }
  // nodes of junction layers between the cells: each carrier's quasi-Fermi level from the cell
  // whose band edge at the junction is nearer this layer's (the carriers that can reach it), the
  // potential that makes the layer neutral with its majority carrier's level
  const sA = 2 * endA;
  const sB = 2 * startB + 1;
  const ec = (q: number) => full.an[q]! - full.lnNc[q]!;
  const ev = (q: number) => full.ap[q]! + full.lnNv[q]!;
  const x = new Float64Array(m * N);
  for (let i = 0; i < N; i++) {
    if (uCount[i]! > 0) {
      x[m * i] = uSum[i]! / uCount[i]!;
      x[m * i + 1] = fn[i]!;
      x[m * i + 2] = fp[i]!;
      continue;
    }
    const s = full.hs[2 * i + 1]! > 0 ? 2 * i + 1 : 2 * i;
    const en = Math.abs(ec(s) - ec(sA)) <= Math.abs(ec(s) - ec(sB)) ? fn[endA]! : fn[startB]!;
    const ep = Math.abs(ev(s) - ev(sA)) <= Math.abs(ev(s) - ev(sB)) ? fp[endA]! : fp[startB]!;
    const { n, p } = neutralDensities(full.dop[s]!, full.ni2[s]!);
    x[m * i] = full.dop[s]! >= 0 ? Math.log(n) - full.an[s]! - en : -Math.log(p) - full.ap[s]! - ep;
    x[m * i + 1] = en;
    x[m * i + 2] = ep;
  }
  // the potential that goes with these levels: where junction layers meet, local neutrality
  // puts the whole built-in step of a doped junction into the one interval at the interface
  if (full instanceof DDSystem && endA !== startB) {
    const relaxed = x.slice();
    if (poissonAtFixedLevels(full, relaxed, vBefore / Vt)) return { x: relaxed, vInternalV: vBefore };
  }
  return { x, vInternalV: vBefore };
}
