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
    if (this.m === 3) return this.solve3(d, x);
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

  /**
   * solve() for 3 x 3 blocks (potential and the two quasi-Fermi levels: every device without ions
   * or excitons), unrolled into local variables: the same operations in the same order as the
   * general sweep, with the same pivots and the same factors left for solveAgain, at a fraction of
   * its cost (the loops over m = 3 and their index arithmetic dominated the J-V's linear solves).
   */
  private solve3(d: Float64Array, x: Float64Array): boolean {
    const { n, A, B, C, R, LU, piv } = this;
    let y0 = 0;
    let y1 = 0;
    let y2 = 0;
    for (let i = 0; i < n; i++) {
      const o = 9 * i;
      const oR = 12 * i;
      const om = 3 * i;
      // rows of [M_i | C_i d_i]: l = M (3 columns), q = right-hand sides (4 columns)
      let l00 = B[o]!;
      let l01 = B[o + 1]!;
      let l02 = B[o + 2]!;
      let l10 = B[o + 3]!;
      let l11 = B[o + 4]!;
      let l12 = B[o + 5]!;
      let l20 = B[o + 6]!;
      let l21 = B[o + 7]!;
      let l22 = B[o + 8]!;
      let q00 = C[o]!;
      let q01 = C[o + 1]!;
      let q02 = C[o + 2]!;
      let q03 = d[om]!;
      let q10 = C[o + 3]!;
      let q11 = C[o + 4]!;
      let q12 = C[o + 5]!;
      let q13 = d[om + 1]!;
      let q20 = C[o + 6]!;
      let q21 = C[o + 7]!;
      let q22 = C[o + 8]!;
      let q23 = d[om + 2]!;
      if (i > 0) {
        // M_i = B_i - A_i G_{i-1}, d_i - A_i y_{i-1}
        const g = oR - 12;
        const g00 = R[g]!;
        const g01 = R[g + 1]!;
        const g02 = R[g + 2]!;
        const g10 = R[g + 4]!;
        const g11 = R[g + 5]!;
        const g12 = R[g + 6]!;
        const g20 = R[g + 8]!;
        const g21 = R[g + 9]!;
        const g22 = R[g + 10]!;
        let a0 = A[o]!;
        let a1 = A[o + 1]!;
        let a2 = A[o + 2]!;
        l00 = l00 - a0 * g00 - a1 * g10 - a2 * g20;
        l01 = l01 - a0 * g01 - a1 * g11 - a2 * g21;
        l02 = l02 - a0 * g02 - a1 * g12 - a2 * g22;
        q03 -= a0 * y0 + a1 * y1 + a2 * y2;
        a0 = A[o + 3]!;
        a1 = A[o + 4]!;
        a2 = A[o + 5]!;
        l10 = l10 - a0 * g00 - a1 * g10 - a2 * g20;
        l11 = l11 - a0 * g01 - a1 * g11 - a2 * g21;
        l12 = l12 - a0 * g02 - a1 * g12 - a2 * g22;
        q13 -= a0 * y0 + a1 * y1 + a2 * y2;
        a0 = A[o + 6]!;
        a1 = A[o + 7]!;
        a2 = A[o + 8]!;
        l20 = l20 - a0 * g00 - a1 * g10 - a2 * g20;
        l21 = l21 - a0 * g01 - a1 * g11 - a2 * g21;
        l22 = l22 - a0 * g02 - a1 * g12 - a2 * g22;
        q23 -= a0 * y0 + a1 * y1 + a2 * y2;
      }
      let t = 0;
      // column 0: partial pivoting, then elimination below the pivot
      let best = Math.abs(l00);
      let p0 = 0;
      if (Math.abs(l10) > best) {
        best = Math.abs(l10);
        p0 = 1;
      }
      if (Math.abs(l20) > best) {
        best = Math.abs(l20);
        p0 = 2;
      }
      if (!(best > 0) || !Number.isFinite(best)) return false;
      if (p0 === 1) {
        t = l00;
        l00 = l10;
        l10 = t;
        t = l01;
        l01 = l11;
        l11 = t;
        t = l02;
        l02 = l12;
        l12 = t;
        t = q00;
        q00 = q10;
        q10 = t;
        t = q01;
        q01 = q11;
        q11 = t;
        t = q02;
        q02 = q12;
        q12 = t;
        t = q03;
        q03 = q13;
        q13 = t;
      } else if (p0 === 2) {
        t = l00;
        l00 = l20;
        l20 = t;
        t = l01;
        l01 = l21;
        l21 = t;
        t = l02;
        l02 = l22;
        l22 = t;
        t = q00;
        q00 = q20;
        q20 = t;
        t = q01;
        q01 = q21;
        q21 = t;
        t = q02;
        q02 = q22;
        q22 = t;
        t = q03;
        q03 = q23;
        q23 = t;
      }
      let inv = 1 / l00;
      let f = l10 * inv;
      l10 = f;
      if (f !== 0) {
        l11 -= f * l01;
        l12 -= f * l02;
        q10 -= f * q00;
        q11 -= f * q01;
        q12 -= f * q02;
        q13 -= f * q03;
      }
      f = l20 * inv;
      l20 = f;
      if (f !== 0) {
        l21 -= f * l01;
        l22 -= f * l02;
        q20 -= f * q00;
        q21 -= f * q01;
        q22 -= f * q02;
        q23 -= f * q03;
      }
      // column 1
      best = Math.abs(l11);
      let p1 = 1;
      if (Math.abs(l21) > best) {
        best = Math.abs(l21);
        p1 = 2;
      }
      if (!(best > 0) || !Number.isFinite(best)) return false;
      if (p1 === 2) {
        t = l10;
        l10 = l20;
        l20 = t;
        t = l11;
        l11 = l21;
        l21 = t;
        t = l12;
        l12 = l22;
        l22 = t;
        t = q10;
        q10 = q20;
        q20 = t;
        t = q11;
        q11 = q21;
        q21 = t;
        t = q12;
        q12 = q22;
        q22 = t;
        t = q13;
        q13 = q23;
        q23 = t;
      }
      inv = 1 / l11;
      f = l21 * inv;
      l21 = f;
      if (f !== 0) {
        l22 -= f * l12;
        q20 -= f * q10;
        q21 -= f * q11;
        q22 -= f * q12;
        q23 -= f * q13;
      }
      // column 2
      best = Math.abs(l22);
      if (!(best > 0) || !Number.isFinite(best)) return false;
      // back substitution with U for the four right-hand sides
      inv = 1 / l22;
      q20 *= inv;
      q21 *= inv;
      q22 *= inv;
      q23 *= inv;
      if (l12 !== 0) {
        q10 -= l12 * q20;
        q11 -= l12 * q21;
        q12 -= l12 * q22;
        q13 -= l12 * q23;
      }
      inv = 1 / l11;
      q10 *= inv;
      q11 *= inv;
      q12 *= inv;
      q13 *= inv;
      if (l01 !== 0) {
        q00 -= l01 * q10;
        q01 -= l01 * q11;
        q02 -= l01 * q12;
        q03 -= l01 * q13;
      }
      if (l02 !== 0) {
        q00 -= l02 * q20;
        q01 -= l02 * q21;
        q02 -= l02 * q22;
        q03 -= l02 * q23;
      }
      inv = 1 / l00;
      q00 *= inv;
      q01 *= inv;
      q02 *= inv;
      q03 *= inv;
      LU[o] = l00;
      LU[o + 1] = l01;
      LU[o + 2] = l02;
      LU[o + 3] = l10;
      LU[o + 4] = l11;
      LU[o + 5] = l12;
      LU[o + 6] = l20;
      LU[o + 7] = l21;
      LU[o + 8] = l22;
      piv[om] = p0;
      piv[om + 1] = p1;
      piv[om + 2] = 2;
      R[oR] = q00;
      R[oR + 1] = q01;
      R[oR + 2] = q02;
      R[oR + 3] = q03;
      R[oR + 4] = q10;
      R[oR + 5] = q11;
      R[oR + 6] = q12;
      R[oR + 7] = q13;
      R[oR + 8] = q20;
      R[oR + 9] = q21;
      R[oR + 10] = q22;
      R[oR + 11] = q23;
      y0 = q03;
      y1 = q13;
      y2 = q23;
    }
    // back substitution: x_{N-1} = y_{N-1}, x_i = y_i - G_i x_{i+1}
    let x0 = y0;
    let x1 = y1;
    let x2 = y2;
    let ok = Number.isFinite(x0) && Number.isFinite(x1) && Number.isFinite(x2);
    const last = 3 * (n - 1);
    x[last] = x0;
    x[last + 1] = x1;
    x[last + 2] = x2;
    for (let i = n - 2; i >= 0; i--) {
      const oR = 12 * i;
      const n0 = R[oR + 3]! - R[oR]! * x0 - R[oR + 1]! * x1 - R[oR + 2]! * x2;
      const n1 = R[oR + 7]! - R[oR + 4]! * x0 - R[oR + 5]! * x1 - R[oR + 6]! * x2;
      const n2 = R[oR + 11]! - R[oR + 8]! * x0 - R[oR + 9]! * x1 - R[oR + 10]! * x2;
      x0 = n0;
      x1 = n1;
      x2 = n2;
      x[3 * i] = x0;
      x[3 * i + 1] = x1;
      x[3 * i + 2] = x2;
      ok &&= Number.isFinite(x0) && Number.isFinite(x1) && Number.isFinite(x2);
    }
    return ok;
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
