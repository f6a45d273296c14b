import { describe, expect, it } from 'vitest';
import { absorptionProfile } from '../../src/optics/profile.js';
import { solveTmm } from '../../src/optics/tmm.js';
import { input, layer } from './helpers.js';

describe('incoherent (thick) layers', () => {
  it('a free-standing absorbing slab at 45 deg: R and T of the incoherent sum of multiple reflections', () => {
    const n = 1.8;
    const k = 2e-5;
    const d = 200_000;
    const lam = 700;
    const th0 = Math.PI / 4;
    const th1 = Math.asin(Math.sin(th0) / n);
    for (const pol of ['s', 'p'] as const) {
      const r =
        pol === 's'
          ? (Math.cos(th0) - n * Math.cos(th1)) / (Math.cos(th0) + n * Math.cos(th1))
          : (n * Math.cos(th0) - Math.cos(th1)) / (n * Math.cos(th0) + Math.cos(th1));
      const R1 = r * r; // the tiny k changes the interface by ~1e-10
      const q = Math.sqrt((n * n - k * k - Math.sin(th0) ** 2) ** 2 + (2 * n * k) ** 2);
      // Im(sqrt(N^2 - sin^2)) for N = n + ik
      const imq = Math.sqrt((q - (n * n - k * k - Math.sin(th0) ** 2)) / 2);
      const P = Math.exp((-4 * Math.PI * imq * d) / lam);
      const Tslab = ((1 - R1) ** 2 * P) / (1 - R1 * R1 * P * P);
      const Rslab = R1 + ((1 - R1) ** 2 * R1 * P * P) / (1 - R1 * R1 * P * P);
      const res = solveTmm(input([lam], [1, 0], [layer(1, 'slab', d, n, k, false)], [1, 0], 45, pol));
      expect(res.T[0]!).toBeCloseTo(Tslab, 8);
      expect(res.R[0]!).toBeCloseTo(Rslab, 8);
      expect(res.A[0]![0]!).toBeCloseTo(1 - Rslab - Tslab, 8);
    }
  });

  it.each([
    // lossless slab: phase averaging is exactly the incoherent sum
    [0, 1e-12],
    // absorbing slab: the power bookkeeping at the faces of an absorbing incoherent layer differs
    // from true phase averaging by O(k/n) (~1e-6 here)
    [1e-6, 5e-6],
  ])('equals the coherent result averaged over a thickness period (k = %d)', (k, tol) => {
    const wl = [480, 633, 910];
    const n = 1.5;
    const d0 = 20_000;
    for (const lam of wl) {
      const inc = solveTmm(
        input(
          [lam],
          [1, 0],
          [layer(1, 'ARC', 90, 2.0, 0.01), layer(1, 'slab', d0, n, k, false), layer(1, 'film', 40, 2.5, 0.2)],
          [1.3, 0],
        ),
      );
      // average over one interference period of the slab, d0 .. d0 + lam / (2 n), fine sampling;
      const steps = 400;
      let R = 0;
      let T = 0;
      let A = 0;
      for (let s = 0; s < steps; s++) {
        const d = d0 + ((s + 0.5) / steps) * (lam / (2 * n));
        const coh = solveTmm(
          input(
            [lam],
            [1, 0],
            [layer(1, 'ARC', 90, 2.0, 0.01), layer(1, 'slab', d, n, k, true), layer(1, 'film', 40, 2.5, 0.2)],
            [1.3, 0],
          ),
        );
        R += coh.R[0]! / steps;
        T += coh.T[0]! / steps;
        A += coh.A[2]![0]! / steps;
      }
      expect(Math.abs(inc.R[0]! - R)).toBeLessThan(tol);
      expect(Math.abs(inc.T[0]! - T)).toBeLessThan(tol);
      expect(Math.abs(inc.A[2]![0]! - A)).toBeLessThan(tol);
    }
  });
});

describe('profile of a coherent film lit from both sides (behind it, a thick slab reflects light back)', () => {
  it('equals F a_front(z) + B a_back(d - z), each from an independent single-sided calculation', () => {
    const wl = [450, 550, 700];
    for (const pol of ['s', 'p'] as const) {
      const film = (nW: number) => layer(nW, 'film', 180, 2.4, 0.15);
      const both = solveTmm(input(wl, [1, 0], [film(3), layer(3, 'slab', 1e5, 1.5, 0, false)], [3.5, 0.5], 30, pol));
      // the same film lit from the front only (slab as a semi-infinite exit medium) ...
      const front = solveTmm(input(wl, [1, 0], [film(3)], [1.5, 0], 30, pol));
      // ... and from the back only (from the slab, angle from Snell's law)
      const thB = (Math.asin(Math.sin(Math.PI / 6) / 1.5) * 180) / Math.PI;
      const back = solveTmm(input(wl, [1.5, 0], [film(3)], [1, 0], thB, pol));
      const z = [0, 20, 55, 90, 133, 180];
      wl.forEach((_, i) => {
        // B from the layer absorption, then the shape must match at every depth
        const B = (both.A[0]![i]! - front.A[0]![i]!) / back.A[0]![i]!;
        expect(B).toBeGreaterThan(0.01);
        const aBoth = absorptionProfile(both, 0, z, i);
        const aF = absorptionProfile(front, 0, z, i);
        const aB = absorptionProfile(
          back,
          0,
          z.map((x) => 180 - x),
          i,
        );
        z.forEach((_, m) => {
          expect(Math.abs(aBoth[m]! - (aF[m]! + B * aB[m]!))).toBeLessThan(1e-12);
        });
      });
    }
  });
});

describe('round-off in incoherent layers', () => {
  it('a lossless thick glass absorbs exactly nothing, never a negative round-off, at every wavelength', () => {
    const wl = Array.from({ length: 301 }, (_, i) => 300 + 4 * i);
    const res = solveTmm(
      input(
        wl,
        [1, 0],
        [
          layer(wl.length, 'glass', 1_000_000, 1.52, 0, false),
          layer(wl.length, 'ITO', 100, 1.9, 0.01),
          layer(wl.length, 'absorber', 500, 2.5, 0.3),
        ],
        [1, 0],
      ),
    );
    for (let i = 0; i < wl.length; i++) {
      expect(res.A[0]![i]).toBe(0);
      for (const A of res.A) expect(A[i]!).toBeGreaterThanOrEqual(0);
      expect(res.R[i]! + res.T[i]! + res.A.reduce((s, A) => s + A[i]!, 0)).toBeCloseTo(1, 11);
    }
  });
});
