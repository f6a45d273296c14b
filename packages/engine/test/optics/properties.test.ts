import { describe, expect, it } from 'vitest';
import { Q_C } from '../../src/constants.js';
import {
  absorptionProfile,
  generationInLayer,
  generationWeights,
  integratedProfile,
  layerPhotocurrents,
} from '../../src/optics/profile.js';
import { solveTmm, type TmmInput } from '../../src/optics/tmm.js';
import { constNk, input, layer, prng } from './helpers.js';

const WL = [350, 420, 500, 633, 780, 950, 1200];

function sumCheck(inp: TmmInput, tol: number): number {
  const r = solveTmm(inp);
  let worst = 0;
  for (let i = 0; i < inp.wavelengthNm.length; i++) {
    let s = r.R[i]! + r.T[i]!;
    for (const A of r.A) s += A[i]!;
    worst = Math.max(worst, Math.abs(s - 1));
    expect(r.R[i]!).toBeGreaterThanOrEqual(-tol);
    expect(r.T[i]!).toBeGreaterThanOrEqual(-tol);
  }
  return worst;
}

function randomStack(rnd: () => number, nWl: number, allowIncoherent: boolean) {
  const count = 1 + Math.floor(rnd() * 8);
  return Array.from({ length: count }, (_, j) => {
    const inc = allowIncoherent && rnd() < 0.3;
    const d = inc ? 2e4 + rnd() * 2e6 : 5 + rnd() * 400;
    const metal = rnd() < 0.15;
    const n = metal ? 0.05 + rnd() * 0.5 : 1.3 + rnd() * 2.7;
    const k = metal ? 2 + rnd() * 5 : rnd() < 0.5 ? 0 : rnd() * (inc ? 1e-3 : 0.8);
    return layer(nWl, `L${j}`, d, n, k, !inc);
  });
}

describe('energy conservation R + T + sum(A) = 1', () => {
  it('holds to 1e-9 for random coherent/incoherent, absorbing stacks, s, p and unpolarised, 0-85 deg', () => {
    const rnd = prng(20261122);
    let worst = 0;
    for (let trial = 0; trial < 300; trial++) {
      const pol = (['s', 'p', 'unpolarized'] as const)[trial % 3]!;
      const angle = trial % 4 === 0 ? 0 : rnd() * 85;
      const layers = randomStack(rnd, WL.length, true);
      const sub: [number, number] = [1 + rnd() * 3, rnd() < 0.3 ? rnd() * 0.5 : 0];
      worst = Math.max(worst, sumCheck(input(WL, [1 + rnd() * 0.6, 0], layers, sub, angle, pol), 1e-12));
    }
    expect(worst).toBeLessThan(1e-9);
  });

  it('stays finite and conserves energy for a 1 mm coherent absorbing layer (no overflow)', () => {
    const layers = [layer(WL.length, 'thick', 1e6, 3.5, 0.05), layer(WL.length, 'film', 80, 2, 0.01)];
    const r = solveTmm(input(WL, [1, 0], layers, [1.5, 0], 30, 'unpolarized'));
    for (let i = 0; i < WL.length; i++) {
      expect(Number.isFinite(r.A[0]![i]!)).toBe(true);
      expect(r.T[i]!).toBeLessThan(1e-100);
      expect(r.R[i]! + r.A[0]![i]! + r.A[1]![i]!).toBeCloseTo(1, 12);
    }
  });
});

describe('Fresnel and Brewster', () => {
  it('normal incidence: R = |(N1 - N2)/(N1 + N2)|^2 for a bare interface, absorbing substrate included', () => {
    for (const [n2, k2] of [
      [1.5, 0],
      [3.9, 0.02],
      [0.05, 4],
    ] as const) {
      const r = solveTmm(input([600], [1, 0], [], [n2, k2]));
      const ref = ((1 - n2) ** 2 + k2 ** 2) / ((1 + n2) ** 2 + k2 ** 2);
      expect(r.R[0]!).toBeCloseTo(ref, 14);
      expect(r.T[0]!).toBeCloseTo(1 - ref, 14);
    }
  });

  it('oblique: s and p reflectance equal the Fresnel formulas; R_p = 0 at Brewster', () => {
    const n1 = 1.0;
    const n2 = 1.7;
    for (const deg of [10, 35, 60, 80]) {
      const t1 = (deg * Math.PI) / 180;
      const t2 = Math.asin((n1 * Math.sin(t1)) / n2);
      const rs = (n1 * Math.cos(t1) - n2 * Math.cos(t2)) / (n1 * Math.cos(t1) + n2 * Math.cos(t2));
      const rp = (n2 * Math.cos(t1) - n1 * Math.cos(t2)) / (n2 * Math.cos(t1) + n1 * Math.cos(t2));
      expect(solveTmm(input([550], [n1, 0], [], [n2, 0], deg, 's')).R[0]!).toBeCloseTo(rs * rs, 14);
      expect(solveTmm(input([550], [n1, 0], [], [n2, 0], deg, 'p')).R[0]!).toBeCloseTo(rp * rp, 14);
    }
    const brewster = (Math.atan(n2 / n1) * 180) / Math.PI;
    expect(solveTmm(input([550], [n1, 0], [], [n2, 0], brewster, 'p')).R[0]!).toBeLessThan(1e-28);
    expect(solveTmm(input([550], [n1, 0], [], [n2, 0], brewster, 's')).R[0]!).toBeGreaterThan(0.05);
  });

  it('absorbing ambient at normal incidence: R = |r|^2 and T carries the ambient interference term (tmm convention)', () => {
    const [n1, k1, n2] = [2.0, 0.3, 1.5];
    const r = solveTmm(input([600], [n1, k1], [], [n2, 0]));
    // r = (N1 - N2) / (N1 + N2)
    const den = (n1 + n2) ** 2 + k1 ** 2;
    const rr = ((n1 - n2) * (n1 + n2) + k1 * k1) / den;
    const ri = (k1 * (n1 + n2) - k1 * (n1 - n2)) / den;
    expect(r.R[0]!).toBeCloseTo(rr * rr + ri * ri, 14);
    expect(r.R[0]! + r.T[0]!).toBeCloseTo(1 + (2 * k1 * ri) / n1, 14);
  });

  it('total internal reflection beyond the critical angle', () => {
    const r = solveTmm(input([550], [1.5, 0], [], [1.0, 0], 60, 'unpolarized'));
    expect(r.R[0]!).toBeCloseTo(1, 14);
    expect(Math.abs(r.T[0]!)).toBeLessThan(1e-14);
  });
});

describe('Beer-Lambert limit', () => {
  it('a thick index-matched absorber transmits exp(-4 pi k d / lambda), coherent or not', () => {
    const n = 2.2;
    const k = 2e-4;
    const d = 50_000;
    for (const coherent of [true, false]) {
      const r = solveTmm(input(WL, [n, 0], [layer(WL.length, 'abs', d, n, k, coherent)], [n, 0]));
      WL.forEach((l, i) => {
        // index matching is exact only for k -> 0: the k mismatch reflects ~ (k / 2n)^2 ~ 2e-9
        expect(r.T[i]!).toBeCloseTo(Math.exp((-4 * Math.PI * k * d) / l), 7);
        expect(r.R[i]!).toBeLessThan(1e-8);
      });
    }
  });

  it('oblique: the path length is d / cos(theta) inside the absorber', () => {
    const n = 1.5;
    const k = 1e-4;
    const d = 10_000;
    const th = (40 * Math.PI) / 180;
    const r = solveTmm(input([600], [n, 0], [layer(1, 'abs', d, n, k, false)], [n, 0], 40, 's'));
    expect(r.T[0]!).toBeCloseTo(Math.exp((-4 * Math.PI * k * d) / 600 / Math.cos(th)), 6);
  });
});

describe('reciprocity', () => {
  it('T is the same from both sides of a lossy stack (normal and oblique, s and p)', () => {
    const rnd = prng(7);
    for (let trial = 0; trial < 60; trial++) {
      const layers = randomStack(rnd, WL.length, trial % 2 === 0);
      const n0 = 1 + rnd();
      const ns = 1 + rnd() * 2.5;
      const pol = trial % 3 === 0 ? 'p' : 's';
      const deg = trial % 5 === 0 ? 0 : rnd() * 60;
      const fwd = solveTmm(input(WL, [n0, 0], layers, [ns, 0], deg, pol));
      // the same Snell invariant from the other side: n_s sin(theta_s) = n_0 sin(theta_0)
      const sinS = (n0 * Math.sin((deg * Math.PI) / 180)) / ns;
      if (sinS >= 1) continue;
      const back = solveTmm(input(WL, [ns, 0], [...layers].reverse(), [n0, 0], (Math.asin(sinS) * 180) / Math.PI, pol));
      WL.forEach((_, i) => {
        expect(Math.abs(fwd.T[i]! - back.T[i]!)).toBeLessThan(1e-12);
      });
    }
  });
});

describe('absorption profile and generation', () => {
  const wl = Array.from({ length: 61 }, (_, i) => 300 + 10 * i);
  const nW = wl.length;
  const stack = () =>
    input(
      wl,
      [1, 0],
      [
        layer(nW, 'glass', 1e6, 1.52, 1e-7, false),
        layer(nW, 'ITO', 120, 1.9, 0.01),
        layer(nW, 'absorber', 450, 2.5, 0.3),
        layer(nW, 'wafer', 1e5, 3.6, 0.004, false),
        layer(nW, 'Ag', 100, 0.1, 4),
      ],
      [1, 0],
      20,
      'unpolarized',
    );

  it('a(z) integrates over every layer to its A (coherent and incoherent)', () => {
    const r = solveTmm(stack());
    for (let j = 0; j < r.A.length; j++) {
      const integ = integratedProfile(r, j);
      for (let i = 0; i < nW; i++) expect(Math.abs(integ[i]! - r.A[j]![i]!)).toBeLessThan(1e-12);
    }
  });

  it('q * integral of G over a layer equals its photocurrent (numerical quadrature on a fine mesh)', () => {
    const r = solveTmm(stack());
    const flux = wl.map((l) => 2e18 * (1 + Math.sin(l / 50)));
    const w = generationWeights(wl, flux);
    const jph = layerPhotocurrents(r, w);
    for (const j of [1, 2, 3, 4]) {
      const d = r.thicknessNm[j]!;
      const m = 4001;
      const z = Array.from({ length: m }, (_, i) => (d * i) / (m - 1));
      const g = generationInLayer(r, j, z, w);
      // Simpson's rule, G in cm^-3 s^-1, dz in cm -> cm^-2 s^-1; times q -> A/cm^2 -> mA/cm^2
      let s = g[0]! + g[m - 1]!;
      for (let i = 1; i < m - 1; i++) s += (i % 2 ? 4 : 2) * g[i]!;
      const integral = ((s * (d / (m - 1))) / 3) * 1e-7;
      expect(Math.abs(Q_C * integral * 1e3 - jph[j]!) / jph[j]!).toBeLessThan(1e-6);
    }
  });

  it('uniform and graded-mesh recurrences equal point-by-point evaluation', () => {
    const r = solveTmm(stack());
    const w = generationWeights(wl, new Array(nW).fill(1e18));
    let worst = 0;
    for (const j of [1, 2, 3, 4]) {
      const d = r.thicknessNm[j]!;
      const uniform = Array.from({ length: 1000 }, (_, i) => (d * i) / 999);
      // tanh-graded (every step different, small at the faces, large in the middle)
      const graded = Array.from(
        { length: 300 },
        (_, i) => (d / 2) * (1 + Math.tanh(3 * ((2 * i) / 299 - 1)) / Math.tanh(3)),
      );
      for (const z of [uniform, graded]) {
        const fast = generationInLayer(r, j, z, w);
        for (let i = 0; i < z.length; i += 7) {
          // a single point is evaluated directly
          const single = generationInLayer(r, j, [z[i]!], w)[0]!;
          worst = Math.max(worst, Math.abs(fast[i]! - single) / Math.abs(single));
        }
      }
    }
    expect(worst).toBeLessThan(1e-10);
  });

  it('the profile in an index-matched absorber is alpha exp(-alpha z)', () => {
    const n = 2;
    const k = 0.05;
    // thick enough that the wave reflected at the back (|r| = k / 2n) has died out near the front
    const r = solveTmm(input([500], [n, 0], [layer(1, 'abs', 6000, n, k)], [n, 0]));
    const alpha = (4 * Math.PI * k) / 500;
    const z = [0, 50, 150, 300];
    const a = absorptionProfile(r, 0, z, 0);
    z.forEach((zz, m) => {
      expect(a[m]! / (alpha * Math.exp(-alpha * zz))).toBeCloseTo(1, 3);
    });
  });
});

describe('bad input names the layer and the field', () => {
  const ok = () => input([500, 600], [1, 0], [layer(2, 'absorber', 100, 2, 0.1)], [1.5, 0]);
  it('thickness', () => {
    for (const d of [-5, 0, Number.NaN, Number.POSITIVE_INFINITY]) {
      const inp = ok();
      inp.layers[0]!.thicknessNm = d;
      expect(() => solveTmm(inp)).toThrow(/layers\[0\] "absorber"\.thicknessNm/);
    }
  });
  it('n,k missing or NaN', () => {
    const inp = ok();
    inp.layers[0]!.k = new Float64Array([0.1, Number.NaN]);
    expect(() => solveTmm(inp)).toThrow(/layers\[0\] "absorber"\.k: missing or invalid at 600 nm/);
    const inp2 = ok();
    inp2.layers[0]!.n = new Float64Array([2]);
    expect(() => solveTmm(inp2)).toThrow(/layers\[0\] "absorber": n,k missing/);
    const inp3 = ok();
    inp3.substrate = constNk(2, -1, 0);
    expect(() => solveTmm(inp3)).toThrow(/substrate\.n/);
  });
  it('angle of 90 degrees or more, NaN angle, absorbing ambient at an angle', () => {
    for (const a of [90, 120, -1, Number.NaN]) {
      const inp = ok();
      inp.angleDeg = a;
      expect(() => solveTmm(inp)).toThrow(/angleDeg/);
    }
    const inp = ok();
    inp.angleDeg = 10;
    inp.ambient = constNk(2, 1.5, 0.01);
    expect(() => solveTmm(inp)).toThrow(/ambient\.k/);
  });
});
