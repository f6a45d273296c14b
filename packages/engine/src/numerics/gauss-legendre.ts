/**
 * Composite Gauss-Legendre quadrature: each panel of [a, b] gets the n-point rule (exact for
 * polynomials of degree 2n - 1), so a smooth integrand converges like h^(2n). Abramowitz & Stegun,
 * Handbook of Mathematical Functions, table 25.4 for the nodes and weights.
 */

const RULES: Record<4 | 8, { x: readonly number[]; w: readonly number[] }> = {
  4: {
    x: [-0.8611363115940526, -0.3399810435848563, 0.3399810435848563, 0.8611363115940526],
    w: [0.3478548451374538, 0.6521451548625461, 0.6521451548625461, 0.3478548451374538],
  },
  8: {
    x: [
      -0.9602898564975363, -0.7966664774136267, -0.525532409916329, -0.1834346424956498, 0.1834346424956498,
      0.525532409916329, 0.7966664774136267, 0.9602898564975363,
    ],
    w: [
      0.1012285362903763, 0.2223810344533745, 0.3137066458778873, 0.362683783378362, 0.362683783378362,
      0.3137066458778873, 0.2223810344533745, 0.1012285362903763,
    ],
  },
};

/** Nodes and weights of the composite rule on [a, b] with `panels` equal panels of `order` points. */
export function gaussLegendreNodes(
  a: number,
  b: number,
  panels: number,
  order: 4 | 8 = 8,
): { x: number[]; w: number[] } {
  const rule = RULES[order];
  const h = (b - a) / panels;
  const x: number[] = [];
  const w: number[] = [];
  for (let p = 0; p < panels; p++) {
    const mid = a + (p + 0.5) * h;
    for (let k = 0; k < order; k++) {
      x.push(mid + (rule.x[k]! * h) / 2);
      w.push((rule.w[k]! * h) / 2);
    }
  }
  return { x, w };
}

/** int_a^b f(x) dx by the composite rule. */
export function gaussLegendre(
  f: (x: number) => number,
  a: number,
  b: number,
  panels: number,
  order: 4 | 8 = 8,
): number {
  const { x, w } = gaussLegendreNodes(a, b, panels, order);
  let s = 0;
  for (let k = 0; k < x.length; k++) s += w[k]! * f(x[k]!);
  return s;
}
