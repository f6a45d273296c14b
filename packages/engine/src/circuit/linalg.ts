/**
 * Small dense linear algebra for the least-squares fits (at most ~8 unknowns):
 * Cholesky factorisation A = L L^T of a symmetric positive-definite matrix, solves and the
 * inverse (for the covariance (J^T J)^-1). Matrices are row-major Float64Array of size m*m.
 * Reference: G. H. Golub and C. F. Van Loan, Matrix Computations, 4th ed., section 4.2.
 */

/** In-place Cholesky factorisation (lower triangle). Returns false if A is not positive definite. */
export function cholesky(a: Float64Array, m: number): boolean {
  for (let j = 0; j < m; j++) {
    let d = a[j * m + j]!;
    for (let k = 0; k < j; k++) d -= a[j * m + k]! ** 2;
    if (!(d > 0)) return false;
    const l = Math.sqrt(d);
    a[j * m + j] = l;
    for (let i = j + 1; i < m; i++) {
      let s = a[i * m + j]!;
      for (let k = 0; k < j; k++) s -= a[i * m + k]! * a[j * m + k]!;
      a[i * m + j] = s / l;
    }
  }
  return true;
}

/** Solves L L^T x = b with a factor from cholesky(); b is overwritten with x. */
export function choleskySolve(l: Float64Array, m: number, b: Float64Array): void {
  for (let i = 0; i < m; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[i * m + k]! * b[k]!;
    b[i] = s / l[i * m + i]!;
  }
  for (let i = m - 1; i >= 0; i--) {
    let s = b[i]!;
    for (let k = i + 1; k < m; k++) s -= l[k * m + i]! * b[k]!;
    b[i] = s / l[i * m + i]!;
  }
}

/**
 * Inverse of a symmetric positive semi-definite matrix via Cholesky after Jacobi (diagonal)
 * scaling, which keeps badly scaled normal matrices well conditioned. Returns null if singular,
 * unless `ridge` > 0: then ridge is added to the unit diagonal of the scaled matrix (Tikhonov),
 * so that directions the matrix does not determine get very large (but finite) variances.
 */
export function invertSpd(a: Float64Array, m: number, ridge = 0): Float64Array | null {
  const s = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    const d = a[i * m + i]!;
    if (!(d > 0)) return null;
    s[i] = 1 / Math.sqrt(d);
  }
  const b = new Float64Array(m * m);
  for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) b[i * m + j] = a[i * m + j]! * s[i]! * s[j]!;
  const b0 = Float64Array.from(b);
  if (!cholesky(b, m)) {
    if (!(ridge > 0)) return null;
    b.set(b0);
    for (let i = 0; i < m; i++) b[i * m + i] = b[i * m + i]! + ridge;
    if (!cholesky(b, m)) return null;
  }
  const inv = new Float64Array(m * m);
  const col = new Float64Array(m);
  for (let j = 0; j < m; j++) {
    col.fill(0);
    col[j] = 1;
    choleskySolve(b, m, col);
    for (let i = 0; i < m; i++) inv[i * m + j] = col[i]! * s[i]! * s[j]!;
  }
  return inv;
}
