/**
 * The electric field at a mesh node, for the models that depend on it locally (CT dissociation,
 * band-to-band and trap-assisted tunnelling): the centred difference of the potential over the
 * node's two neighbours (as SIMsalabim evaluates it), one-sided at the ends of the mesh and next to
 * a thermionic-emission gap (whose two nodes belong to different layers and carry a potential
 * step of no width). Depending on u at two nodes, it keeps the Jacobian block-tridiagonal.
 */
import type { Mesh } from './mesh.js';

/** The two nodes of the difference at node i. */
export function fieldNeighbours(mesh: Mesh, N: number, i: number): { lo: number; hi: number } {
  let lo = i > 0 && mesh.teInterval[i - 1]! < 0 ? i - 1 : i;
  let hi = i < N - 1 && mesh.teInterval[i]! < 0 ? i + 1 : i;
  if (lo === hi) {
    // an isolated node (both sides gaps) cannot happen in a valid mesh; keep a finite answer
    lo = Math.max(0, i - 1);
    hi = Math.min(N - 1, i + 1);
  }
  return { lo, hi };
}

/** The scaled field du/dx at node i (u = psi/Vt, x in units of L0), its nodes, and d(du/dx)/du_hi (= -d/du_lo). */
export function nodeField(
  mesh: Mesh,
  xs: Float64Array,
  x: Float64Array,
  m: number,
  i: number,
): { F: number; lo: number; hi: number; dFdu: number } {
  const N = xs.length;
  const { lo, hi } = fieldNeighbours(mesh, N, i);
  const dx = xs[hi]! - xs[lo]!;
  return { F: (x[m * hi]! - x[m * lo]!) / dx, lo, hi, dFdu: 1 / dx };
}
