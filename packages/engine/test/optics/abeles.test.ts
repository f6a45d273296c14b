import { describe, expect, it } from 'vitest';
import { solveTmm } from '../../src/optics/tmm.js';
import { input, layer, prng } from './helpers.js';

/**
 * Independent reference: the characteristic-matrix (Abeles / admittance) method, Macleod,
 * Thin-Film Optical Filters, ch. 2: for each layer M = [[cos d, -i sin d / eta], [-i eta sin d, cos d]],
 * [B, C] = M_1 ... M_L [1, eta_sub], r = (eta_0 B - C)/(eta_0 B + C),
 * T = 4 Re(eta_0) Re(eta_sub) / |eta_0 B + C|^2; eta = N cos(theta) (s) or N / cos(theta) (p).
 * Plain complex numbers as [re, im] pairs; fine for films (no overflow concern here).
 */
type C = [number, number];
const add = (a: C, b: C): C => [a[0] + b[0], a[1] + b[1]];
const sub = (a: C, b: C): C => [a[0] - b[0], a[1] - b[1]];
const mul = (a: C, b: C): C => [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]];
const div = (a: C, b: C): C => {
  const d = b[0] * b[0] + b[1] * b[1];
  return [(a[0] * b[0] + a[1] * b[1]) / d, (a[1] * b[0] - a[0] * b[1]) / d];
};
const csqrt = (z: C): C => {
  const r = Math.hypot(z[0], z[1]);
  const re = Math.sqrt((r + z[0]) / 2);
  const im = Math.sqrt(Math.max(0, (r - z[0]) / 2)) * (z[1] < 0 ? -1 : 1);
  return [re, im];
};
const ccos = (z: C): C => [Math.cos(z[0]) * Math.cosh(z[1]), -Math.sin(z[0]) * Math.sinh(z[1])];
const csin = (z: C): C => [Math.sin(z[0]) * Math.cosh(z[1]), Math.cos(z[0]) * Math.sinh(z[1])];
const abs2 = (z: C) => z[0] * z[0] + z[1] * z[1];

function abeles(lam: number, n0: number, deg: number, films: { N: C; d: number }[], Ns: C, pol: 's' | 'p') {
  const S = n0 * Math.sin((deg * Math.PI) / 180);
  const q = (N: C): C => csqrt(sub(mul(N, N), [S * S, 0]));
  const eta = (N: C): C => (pol === 's' ? q(N) : div(mul(N, N), q(N)));
  let m11: C = [1, 0];
  let m12: C = [0, 0];
  let m21: C = [0, 0];
  let m22: C = [1, 0];
  for (const f of films) {
    const delta = mul([(2 * Math.PI * f.d) / lam, 0], q(f.N));
    const e = eta(f.N);
    const c = ccos(delta);
    const s = csin(delta);
    const a12 = mul([0, -1], div(s, e));
    const a21 = mul([0, -1], mul(e, s));
    const n11 = add(mul(m11, c), mul(m12, a21));
    const n12 = add(mul(m11, a12), mul(m12, c));
    const n21 = add(mul(m21, c), mul(m22, a21));
    const n22 = add(mul(m21, a12), mul(m22, c));
    [m11, m12, m21, m22] = [n11, n12, n21, n22];
  }
  const es = eta(Ns);
  const B = add(m11, mul(m12, es));
  const Cc = add(m21, mul(m22, es));
  const e0 = eta([n0, 0]);
  const den = add(mul(e0, B), Cc);
  const r = div(sub(mul(e0, B), Cc), den);
  return { R: abs2(r), T: (4 * e0[0] * es[0]) / abs2(den) };
}

describe('coherent stacks against the characteristic-matrix (admittance) method', () => {
  it('R and T agree to 1e-12 for random absorbing films, s and p, 0-80 deg', () => {
    const rnd = prng(42);
    let worst = 0;
    for (let trial = 0; trial < 200; trial++) {
      const pol = trial % 2 ? 's' : 'p';
      const deg = trial % 5 === 0 ? 0 : rnd() * 80;
      const lam = 300 + rnd() * 1200;
      const n0 = 1 + rnd() * 0.5;
      const count = 1 + Math.floor(rnd() * 6);
      const films = Array.from({ length: count }, () => {
        const metal = rnd() < 0.2;
        return {
          N: (metal ? [0.05 + rnd() * 0.5, 1 + rnd() * 5] : [1.2 + rnd() * 3, rnd() < 0.5 ? 0 : rnd() * 0.5]) as C,
          d: metal ? 5 + rnd() * 40 : 5 + rnd() * 300,
        };
      });
      const Ns: C = [1 + rnd() * 3, 0];
      const ref = abeles(lam, n0, deg, films, Ns, pol);
      const res = solveTmm(
        input(
          [lam],
          [n0, 0],
          films.map((f, j) => layer(1, `f${j}`, f.d, f.N[0], f.N[1])),
          [Ns[0], 0],
          deg,
          pol,
        ),
      );
      worst = Math.max(worst, Math.abs(res.R[0]! - ref.R), Math.abs(res.T[0]! - ref.T));
    }
    expect(worst).toBeLessThan(1e-12);
  });
});
