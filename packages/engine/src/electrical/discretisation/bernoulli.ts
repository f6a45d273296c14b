/**
 * The Bernoulli function B(x) = x / (e^x - 1) of the Scharfetter-Gummel flux (Scharfetter & Gummel,
 * IEEE Trans. Electron Devices 16, 64 (1969)) and its derivative, evaluated without cancellation or
 * overflow: B(x) = 1 - x/2 + x^2/12 - x^4/720 near 0, B(x) = x e^-x for large x, -x for very negative x;
 * B'(x) = B(x) (1 - B(-x)) / x.
 */

export function bernoulli(x: number): number {
  const ax = Math.abs(x);
  if (ax < 1e-3) {
    const x2 = x * x;
    return 1 - 0.5 * x + x2 / 12 - (x2 * x2) / 720;
  }
  if (x > 700) return x * Math.exp(-x);
  if (x < -700) return -x;
  return x / Math.expm1(x);
}

export function bernoulliDerivative(x: number): number {
  const ax = Math.abs(x);
  if (ax < 1e-3) return -0.5 + x / 6 - (x * x * x) / 180;
  return (bernoulli(x) * (1 - bernoulli(-x))) / x;
}

/**
 * B(x), B(-x), B'(x), B'(-x) at once into out[0..3], with one expm1: B(-x) = B(x) + x,
 * B'(x) = B(x)(1 - B(-x))/x, B'(-x) = -B(-x)(1 - B(x))/x.
 */
export function bernoulliAll(x: number, out: Float64Array): void {
  const ax = Math.abs(x);
  if (ax < 1e-3) {
    const x2 = x * x;
    const even = 1 + x2 / 12 - (x2 * x2) / 720;
    out[0] = even - 0.5 * x;
    out[1] = even + 0.5 * x;
    const odd = x / 6 - (x2 * x) / 180;
    out[2] = -0.5 + odd;
    out[3] = -0.5 - odd;
    return;
  }
  const bp = bernoulli(x);
  const bm = x > 700 || x < -700 ? bernoulli(-x) : bp + x;
  out[0] = bp;
  out[1] = bm;
  out[2] = (bp * (1 - bm)) / x;
  out[3] = (-bm * (1 - bp)) / x;
}
