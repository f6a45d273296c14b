/**
 * A contact's rows in the discretised system: the Dirichlet rows, or the Robin surface
 * recombination added to the box balance of the contact node. The boundary values themselves are
 * in contacts.ts, which the model (discretisation/model.ts) builds from.
 */
import type { BlockTridiagonal } from '../../discretisation/block-tridiagonal.js';
import type { Carriers } from '../statistics/carriers.js';
import { type ContactBC, contactValues } from './contacts.js';

/**
 * Replaces the rows of contact node i by its boundary conditions (Dirichlet rows) or adds the
 * Robin surface-recombination terms to the box balance of its carrier rows. side is the node side
 * inside the stack (1 at the left contact, 0 at the right).
 */
export function applyContact(
  x: Float64Array,
  car: Carriers,
  i: number,
  c: ContactBC,
  v: number,
  side: 0 | 1,
  mat: BlockTridiagonal,
  F: Float64Array,
): void {
  const { A, B, C, m } = mat;
  const o = m * m * i;
  const cv = contactValues(c, v);
  const dirichletRow = (r: number, target: number) => {
    for (let k = 0; k < m; k++) {
      A[o + m * r + k] = 0;
      B[o + m * r + k] = 0;
      C[o + m * r + k] = 0;
    }
    B[o + m * r + r] = 1;
    F[m * i + r] = x[m * i + r]! - target;
  };
  dirichletRow(0, cv.u);
  const s = 2 * i + side;
  if (c.dirichletN) dirichletRow(1, cv.f);
  else {
    F[m * i + 1]! -= c.Sn * (car.nS[s]! - c.nEq);
    B[o + m]! -= c.Sn * car.dnS[s]!;
    B[o + m + 1]! -= c.Sn * car.dnS[s]!;
  }
  if (c.dirichletP) dirichletRow(2, cv.f);
  else {
    F[m * i + 2]! += c.Sp * (car.pS[s]! - c.pEq);
    B[o + 2 * m]! -= c.Sp * car.dpS[s]!;
    B[o + 2 * m + 2]! -= c.Sp * car.dpS[s]!;
  }
}
