/**
 * Block-tridiagonal linear solver with 3x3 blocks (block Thomas algorithm, i.e. block LU without
 * pivoting between blocks, partial pivoting inside each 3x3 block). O(N) per solve.
 *
 *     A_i x_{i-1} + B_i x_i + C_i x_{i+1} = d_i,   i = 0..N-1 (A_0 and C_{N-1} unused)
 *
 * Forward sweep: M_i = B_i - A_i G_{i-1}, G_i = M_i^{-1} C_i, y_i = M_i^{-1} (d_i - A_i y_{i-1});
 * back substitution: x_{N-1} = y_{N-1}, x_i = y_i - G_i x_{i+1}
 * (e.g. Golub & Van Loan, Matrix Computations, 4th ed., §4.5.1). Stable for the block diagonally
 * dominant (M-matrix-like) Jacobians of Scharfetter-Gummel discretisations after row scaling.
 * Blocks are stored row-major, 9 numbers per block, in Float64Arrays.
 */

export class BlockTridiagonal {
  readonly n: number;
  readonly A: Float64Array;
  readonly B: Float64Array;
  readonly C: Float64Array;
  private readonly G: Float64Array;
  private readonly y: Float64Array;
  private readonly M = new Float64Array(9);
  private readonly rhs = new Float64Array(12);

  constructor(n: number) {
    this.n = n;
    this.A = new Float64Array(9 * n);
    this.B = new Float64Array(9 * n);
    this.C = new Float64Array(9 * n);
    this.G = new Float64Array(9 * n);
    this.y = new Float64Array(3 * n);
  }

  clear(): void {
    this.A.fill(0);
    this.B.fill(0);
    this.C.fill(0);
  }

  /**
   * Solves the system for right-hand side d (length 3n); writes the solution into x.
   * Returns false when a pivot block is singular (or the result not finite).
   */
  solve(d: Float64Array, x: Float64Array): boolean {
    const { n, A, B, C, G, y, M, rhs } = this;
    for (let i = 0; i < n; i++) {
      const o = 9 * i;
      const o3 = 3 * i;
      // M = B_i - A_i G_{i-1};  r = d_i - A_i y_{i-1}
      for (let k = 0; k < 9; k++) M[k] = B[o + k]!;
      let r0 = d[o3]!;
      let r1 = d[o3 + 1]!;
      let r2 = d[o3 + 2]!;
      if (i > 0) {
        const g = o - 9;
        const py = o3 - 3;
        for (let r = 0; r < 3; r++) {
          const a0 = A[o + 3 * r]!;
          const a1 = A[o + 3 * r + 1]!;
          const a2 = A[o + 3 * r + 2]!;
          if (a0 === 0 && a1 === 0 && a2 === 0) continue;
          for (let c = 0; c < 3; c++) {
            M[3 * r + c]! -= a0 * G[g + c]! + a1 * G[g + 3 + c]! + a2 * G[g + 6 + c]!;
          }
          const s = a0 * y[py]! + a1 * y[py + 1]! + a2 * y[py + 2]!;
          if (r === 0) r0 -= s;
          else if (r === 1) r1 -= s;
          else r2 -= s;
        }
      }
      // right-hand sides: columns of C_i (3) and r, as a 3x4 matrix, row-major
      for (let r = 0; r < 3; r++) {
        rhs[4 * r] = C[o + 3 * r]!;
        rhs[4 * r + 1] = C[o + 3 * r + 1]!;
        rhs[4 * r + 2] = C[o + 3 * r + 2]!;
      }
      rhs[3] = r0;
      rhs[7] = r1;
      rhs[11] = r2;
      if (!solve3x4(M, rhs)) return false;
      for (let r = 0; r < 3; r++) {
        G[o + 3 * r] = rhs[4 * r]!;
        G[o + 3 * r + 1] = rhs[4 * r + 1]!;
        G[o + 3 * r + 2] = rhs[4 * r + 2]!;
        y[o3 + r] = rhs[4 * r + 3]!;
      }
    }
    // back substitution
    for (let r = 0; r < 3; r++) x[3 * (n - 1) + r] = y[3 * (n - 1) + r]!;
    for (let i = n - 2; i >= 0; i--) {
      const o = 9 * i;
      const o3 = 3 * i;
      const x0 = x[o3 + 3]!;
      const x1 = x[o3 + 4]!;
      const x2 = x[o3 + 5]!;
      for (let r = 0; r < 3; r++) {
        x[o3 + r] = y[o3 + r]! - (G[o + 3 * r]! * x0 + G[o + 3 * r + 1]! * x1 + G[o + 3 * r + 2]! * x2);
      }
    }
    for (let k = 0; k < 3 * n; k++) if (!Number.isFinite(x[k]!)) return false;
    return true;
  }
}

/** Gaussian elimination with partial pivoting on a 3x3 matrix M, 4 right-hand sides R (3x4, row-major), in place. */
function solve3x4(M: Float64Array, R: Float64Array): boolean {
  for (let col = 0; col < 3; col++) {
    // pivot
    let p = col;
    let best = Math.abs(M[3 * col + col]!);
    for (let r = col + 1; r < 3; r++) {
      const v = Math.abs(M[3 * r + col]!);
      if (v > best) {
        best = v;
        p = r;
      }
    }
    if (!(best > 0)) return false;
    if (p !== col) {
      for (let c = 0; c < 3; c++) {
        const t = M[3 * col + c]!;
        M[3 * col + c] = M[3 * p + c]!;
        M[3 * p + c] = t;
      }
      for (let c = 0; c < 4; c++) {
        const t = R[4 * col + c]!;
        R[4 * col + c] = R[4 * p + c]!;
        R[4 * p + c] = t;
      }
    }
    const piv = M[3 * col + col]!;
    for (let r = col + 1; r < 3; r++) {
      const f = M[3 * r + col]! / piv;
      if (f === 0) continue;
      for (let c = col; c < 3; c++) M[3 * r + c]! -= f * M[3 * col + c]!;
      for (let c = 0; c < 4; c++) R[4 * r + c]! -= f * R[4 * col + c]!;
    }
  }
  for (let col = 2; col >= 0; col--) {
    const piv = M[3 * col + col]!;
    for (let c = 0; c < 4; c++) {
      let s = R[4 * col + c]!;
      for (let k = col + 1; k < 3; k++) s -= M[3 * col + k]! * R[4 * k + c]!;
      R[4 * col + c] = s / piv;
    }
  }
  return true;
}
