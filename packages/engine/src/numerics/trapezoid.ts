/**
 * The trapezoid rule as weights, the engine's one quadrature on tabulated grids (spectra,
 * detailed balance, mismatch factor, optical generation):
 *
 *   integral f(x) dx ~ sum_i w_i f(x_i),   w_0 = h_0 / 2,  w_i = (h_{i-1} + h_i) / 2,  w_{n-1} = h_{n-2} / 2,
 *   h_i = x_{i+1} - x_i,
 *
 * exact for piecewise-linear f, error -(b - a) h^2 f'' / 12 on a uniform grid (e.g. Press et al.,
 * Numerical Recipes, 3rd ed., section 4.1). Weights rather than a running sum so that one grid
 * serves many integrands (every wavelength's generation profile, the four sums of the mismatch
 * factor) with one pass over the grid.
 */

/**
 * Trapezoid-rule weights of an increasing grid, so that integral f = sum w_i f_i (in the grid's
 * unit); a single point gets weight 1 (a line, e.g. a monochromatic spectrum, integrates to its value).
 */
export function trapezoidWeights(grid: ArrayLike<number>): Float64Array {
  const n = grid.length;
  const w = new Float64Array(n);
  if (n === 1) {
    w[0] = 1;
    return w;
  }
  for (let i = 0; i < n - 1; i++) {
    const half = (grid[i + 1]! - grid[i]!) / 2;
    w[i] = w[i]! + half;
    w[i + 1] = w[i + 1]! + half;
  }
  return w;
}
