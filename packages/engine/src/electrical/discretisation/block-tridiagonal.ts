/**
 * Block-tridiagonal linear solver with m x m blocks (block Thomas algorithm, i.e. block LU without
 * pivoting between blocks, partial pivoting inside each block). O(N m^3) per solve.
 *
 *     A_i x_{i-1} + B_i x_i + C_i x_{i+1} = d_i,   i = 0..N-1 (A_0 and C_{N-1} unused)
 *
 * Forward sweep: M_i = B_i - A_i G_{i-1}, G_i = M_i^{-1} C_i, y_i = M_i^{-1} (d_i - A_i y_{i-1});
 * back substitution: x_{N-1} = y_{N-1}, x_i = y_i - G_i x_{i+1}
 * (e.g. Golub & Van Loan, Matrix Computations, 4th ed., §4.5.1). Stable for the block diagonally
 * dominant (M-matrix-like) Jacobians of Scharfetter-Gummel discretisations after row scaling.
 * Blocks are stored row-major, m^2 numbers per block, in Float64Arrays: entry (r, c) of block i
 * is at m^2 i + m r + c. The block size is the number of unknowns per mesh node (potential and the
 * two quasi-Fermi levels, plus whatever a model adds per node).
 *
 * The factorisation is kept after solve(), so further right-hand sides with the same matrix
 * (low-rank corrections, several voltages of a small-signal analysis) cost one sweep each
 * (solveAgain).
 */

export class BlockTridiagonal {
  readonly n: number;
  /** Block size (unknowns per node). */
  readonly m: number;
  readonly A: Float64Array;
  readonly B: Float64Array;
  readonly C: Float64Array;
  /** Per block row: G_i = M_i^{-1} C_i and y_i (m + 1 columns), and the LU factors of M_i with pivots. */
  private readonly R: Float64Array;
  private readonly LU: Float64Array;
  private readonly piv: Int32Array;
  private readonly y: Float64Array;
  /** The factor each row was multiplied by in the last scaleRows. */
  readonly rowScale: Float64Array;

  constructor(n: number, m = 3) {
    this.n = n;
    this.m = m;
    const mm = m * m;
    this.A = new Float64Array(mm * n);
    this.B = new Float64Array(mm * n);
    this.C = new Float64Array(mm * n);
    this.R = new Float64Array(m * (m + 1) * n);
    this.LU = new Float64Array(mm * n);
    this.piv = new Int32Array(m * n);
    this.y = new Float64Array(m * n);
    this.rowScale = new Float64Array(m * n);
  }

  clear(): void {
    this.A.fill(0);
    this.B.fill(0);
    this.C.fill(0);
  }

  /**
   * Factorises the matrix and solves for right-hand side d (length m n); writes the solution into
   * x (which may be d itself). Returns false when a pivot block is singular or the result is not
   * finite. The forward sweep eliminates on the augmented block [M_i | C_i d_i'] stored row-wise
   * in R (m + 1 columns: G_i then y_i), so that G_i and y_i come out of one pass, while the
   * multipliers and pivots of M_i are kept in LU for solveAgain.
   */
  solve(d: Float64Array, x: Float64Array): boolean {
    const { n, m, A, B, C, R, LU, piv } = this;
    const mm = m * m;
    const w = m + 1;
    const mw = m * w;
    for (let i = 0; i < n; i++) {
      const o = mm * i;
      const oR = mw * i;
      const om = m * i;
      // M_i = B_i - A_i G_{i-1} into LU_i;  [G_i | y_i] = [C_i | d_i - A_i y_{i-1}]
      for (let r = 0; r < m; r++) {
        for (let c = 0; c < m; c++) {
          LU[o + m * r + c] = B[o + m * r + c]!;
          R[oR + w * r + c] = C[o + m * r + c]!;
        }
        R[oR + w * r + m] = d[om + r]!;
      }
      if (i > 0) {
        const g = oR - mw;
        for (let r = 0; r < m; r++) {
          const ar = o + m * r;
          const lr = o + m * r;
          let s = 0;
          for (let k = 0; k < m; k++) {
            const a = A[ar + k]!;
            if (a === 0) continue;
            const gk = g + w * k;
            for (let c = 0; c < m; c++) LU[lr + c]! -= a * R[gk + c]!;
            s += a * R[gk + m]!;
          }
          R[oR + w * r + m]! -= s;
        }
      }
      // Gaussian elimination with partial pivoting on [LU_i | R_i]
      for (let c = 0; c < m; c++) {
        let best = Math.abs(LU[o + m * c + c]!);
        let row = c;
        for (let r = c + 1; r < m; r++) {
          const v = Math.abs(LU[o + m * r + c]!);
          if (v > best) {
            best = v;
            row = r;
          }
        }
        if (!(best > 0) || !Number.isFinite(best)) return false;
        piv[om + c] = row;
        if (row !== c) {
          swapRows(LU, o + m * c, o + m * row, m);
          swapRows(R, oR + w * c, oR + w * row, w);
        }
        const lc = o + m * c;
        const rc = oR + w * c;
        const inv = 1 / LU[lc + c]!;
        for (let r = c + 1; r < m; r++) {
          const lr = o + m * r;
          const f = LU[lr + c]! * inv;
          LU[lr + c] = f;
          if (f === 0) continue;
          for (let k = c + 1; k < m; k++) LU[lr + k]! -= f * LU[lc + k]!;
          const rr = oR + w * r;
          for (let k = 0; k < w; k++) R[rr + k]! -= f * R[rc + k]!;
        }
      }
      // back substitution with U for the m + 1 right-hand sides
      for (let r = m - 1; r >= 0; r--) {
        const lr = o + m * r;
        const rr = oR + w * r;
        for (let k = r + 1; k < m; k++) {
          const u = LU[lr + k]!;
          if (u === 0) continue;
          const rk = oR + w * k;
          for (let c = 0; c < w; c++) R[rr + c]! -= u * R[rk + c]!;
        }
        const inv = 1 / LU[lr + r]!;
        for (let c = 0; c < w; c++) R[rr + c]! *= inv;
      }
    }
    // back substitution: x_{N-1} = y_{N-1}, x_i = y_i - G_i x_{i+1}
    const oLast = mw * (n - 1);
    for (let r = 0; r < m; r++) x[m * (n - 1) + r] = R[oLast + w * r + m]!;
    for (let i = n - 2; i >= 0; i--) {
      const oR = mw * i;
      const om = m * i;
      for (let r = 0; r < m; r++) {
        const rr = oR + w * r;
        let s = R[rr + m]!;
        for (let k = 0; k < m; k++) s -= R[rr + k]! * x[om + m + k]!;
        x[om + r] = s;
      }
    }
    for (let k = 0; k < m * n; k++) if (!Number.isFinite(x[k]!)) return false;
    return true;
  }

  /** Solves for another right-hand side with the factorisation of the last solve(). */
  solveAgain(d: Float64Array, x: Float64Array): boolean {
    const { n, m, A, R, LU, piv, y } = this;
    const mm = m * m;
    const w = m + 1;
    for (let i = 0; i < n; i++) {
      const o = mm * i;
      const om = m * i;
      for (let r = 0; r < m; r++) {
        let s = d[om + r]!;
        if (i > 0) for (let k = 0; k < m; k++) s -= A[o + m * r + k]! * y[om - m + k]!;
        y[om + r] = s;
      }
      luSolveAt(LU, o, piv, om, m, y, om);
    }
    for (let r = 0; r < m; r++) x[m * (n - 1) + r] = y[m * (n - 1) + r]!;
    for (let i = n - 2; i >= 0; i--) {
      const oR = m * w * i;
      const om = m * i;
      for (let r = 0; r < m; r++) {
        let s = y[om + r]!;
        for (let k = 0; k < m; k++) s -= R[oR + w * r + k]! * x[om + m + k]!;
        x[om + r] = s;
      }
    }
    for (let k = 0; k < m * n; k++) if (!Number.isFinite(x[k]!)) return false;
    return true;
  }

  /**
   * Divides every row of the system (and of F) by its largest entry, so that residuals of
   * equations whose natural sizes differ by decades become comparable and the block pivots are
   * well scaled; the factors are left in rowScale, for a caller to scale what it keeps outside the
   * band. Returns the max-norm of F after scaling (NaN propagates, so that a broken iterate is
   * noticed).
   */
  scaleRows(F: Float64Array): number {
    const { A, B, C, m, n, rowScale } = this;
    let norm = 0;
    for (let r = 0; r < m * n; r++) {
      const i = (r / m) | 0;
      const o = m * m * i + m * (r - m * i);
      let mx = 0;
      for (let c = 0; c < m; c++) {
        const a = Math.abs(A[o + c]!);
        const b = Math.abs(B[o + c]!);
        const d = Math.abs(C[o + c]!);
        if (a > mx) mx = a;
        if (b > mx) mx = b;
        if (d > mx) mx = d;
      }
      const inv = mx > 0 && Number.isFinite(mx) ? 1 / mx : 1;
      for (let c = 0; c < m; c++) {
        A[o + c]! *= inv;
        B[o + c]! *= inv;
        C[o + c]! *= inv;
      }
      F[r]! *= inv;
      rowScale[r] = inv;
      const fa = Math.abs(F[r]!);
      if (fa > norm || Number.isNaN(fa)) norm = fa;
    }
    return norm;
  }

  /** The largest magnitude in row r (within the band). */
  rowMax(r: number): number {
    const { A, B, C, m } = this;
    const i = (r / m) | 0;
    const o = m * m * i + m * (r - m * i);
    let mx = 0;
    for (let c = 0; c < m; c++) mx = Math.max(mx, Math.abs(A[o + c]!), Math.abs(B[o + c]!), Math.abs(C[o + c]!));
    return mx;
  }

  /**
   * Multiplies column j of the system by s[j] (length m n): the system in the unknowns y = x / s.
   * Node i's columns sit in B_i, in A_{i+1} and in C_{i-1}.
   */
  scaleColumns(s: Float64Array): void {
    const { A, B, C, m, n } = this;
    const mm = m * m;
    for (let i = 0; i < n; i++) {
      for (let c = 0; c < m; c++) {
        const f = s[m * i + c]!;
        if (f === 1) continue;
        for (let r = 0; r < m; r++) {
          B[mm * i + m * r + c]! *= f;
          if (i + 1 < n) A[mm * (i + 1) + m * r + c]! *= f;
          if (i > 0) C[mm * (i - 1) + m * r + c]! *= f;
        }
      }
    }
  }

  /** out = M x for the assembled matrix (solve() leaves A, B and C unchanged). */
  multiply(x: Float64Array, out: Float64Array): void {
    const { n, m, A, B, C } = this;
    const mm = m * m;
    for (let i = 0; i < n; i++) {
      const o = mm * i;
      const om = m * i;
      for (let r = 0; r < m; r++) {
        let s = 0;
        for (let k = 0; k < m; k++) {
          s += B[o + m * r + k]! * x[om + k]!;
          if (i > 0) s += A[o + m * r + k]! * x[om - m + k]!;
          if (i < n - 1) s += C[o + m * r + k]! * x[om + m + k]!;
        }
        out[om + r] = s;
      }
    }
  }
}

function swapRows(a: Float64Array, r1: number, r2: number, m: number): void {
  for (let k = 0; k < m; k++) {
    const t = a[r1 + k]!;
    a[r1 + k] = a[r2 + k]!;
    a[r2 + k] = t;
  }
}

/** Solves (LU of the block at o, pivots at piv[p..p+m)) z = v[s..s+m), in place. */
function luSolveAt(
  a: Float64Array,
  o: number,
  piv: Int32Array,
  p: number,
  m: number,
  v: Float64Array,
  s: number,
): void {
  for (let c = 0; c < m; c++) {
    const r = piv[p + c]!;
    if (r !== c) {
      const t = v[s + c]!;
      v[s + c] = v[s + r]!;
      v[s + r] = t;
    }
  }
  for (let r = 1; r < m; r++) {
    let acc = v[s + r]!;
    for (let k = 0; k < r; k++) acc -= a[o + m * r + k]! * v[s + k]!;
    v[s + r] = acc;
  }
  for (let r = m - 1; r >= 0; r--) {
    let acc = v[s + r]!;
    for (let k = r + 1; k < m; k++) acc -= a[o + m * r + k]! * v[s + k]!;
    v[s + r] = acc / a[o + m * r + r]!;
  }
}
