import { describe, expect, it } from 'vitest';
import { bernoulli, bernoulliAll, bernoulliDerivative } from '../../src/electrical/bernoulli.js';
import { BlockTridiagonal } from '../../src/electrical/block-tridiagonal.js';
import { jvFigures } from '../../src/electrical/figures.js';
import { simulateJV } from '../../src/electrical/jv.js';
import { buildMesh } from '../../src/electrical/mesh.js';
import { type PvBenchDdInput, pvBenchToDevice } from '../../src/electrical/pvbench.js';
import { DDSystem } from '../../src/electrical/system.js';
import { loadCase, pinDevice, VT300 } from './helpers.js';

const perovskite = loadCase('simsalabim-pin-perovskite').input as unknown as PvBenchDdInput;

describe('Bernoulli function', () => {
  it('matches x/(e^x - 1) and its derivative, continuous across the series threshold', () => {
    for (const x of [-50, -5, -1, -0.01, -1.1e-3, -0.9e-3, 1e-8, 0.9e-3, 1.1e-3, 0.3, 2, 40, 600]) {
      const ref = x / Math.expm1(x);
      expect(Math.abs(bernoulli(x) / ref - 1)).toBeLessThan(1e-13);
      const h = 1e-6 * Math.max(1, Math.abs(x));
      const fd = (x / 1 + h) / Math.expm1(x + h) - (x - h) / Math.expm1(x - h);
      expect(Math.abs(bernoulliDerivative(x) - fd / (2 * h))).toBeLessThan(1e-7 * Math.max(1, Math.abs(x)));
      const all = new Float64Array(4);
      bernoulliAll(x, all);
      expect(all[0]).toBeCloseTo(bernoulli(x), 12);
      expect(all[1]).toBeCloseTo(bernoulli(-x), 12);
      expect(all[2]).toBeCloseTo(bernoulliDerivative(x), 12);
      expect(all[3]).toBeCloseTo(bernoulliDerivative(-x), 12);
    }
    expect(bernoulli(0)).toBe(1);
    expect(bernoulli(800)).toBeGreaterThanOrEqual(0);
    expect(bernoulli(700)).toBeGreaterThan(0);
    expect(bernoulli(-800)).toBe(800);
  });
});

describe('block-tridiagonal solver', () => {
  it('solves a random block system like dense elimination', () => {
    const n = 40;
    const m = new BlockTridiagonal(n);
    let seed = 7;
    const rnd = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647 - 0.5;
    };
    for (let k = 0; k < 9 * n; k++) {
      m.A[k] = rnd();
      m.B[k] = rnd();
      m.C[k] = rnd();
    }
    for (let i = 0; i < n; i++) for (let r = 0; r < 3; r++) m.B[9 * i + 4 * r]! += 4; // diagonal dominance
    const dense = (i: number, j: number): number => {
      const bi = Math.floor(i / 3);
      const bj = Math.floor(j / 3);
      const o = 9 * bi + 3 * (i % 3) + (j % 3);
      if (bj === bi) return m.B[o]!;
      if (bj === bi - 1) return m.A[o]!;
      if (bj === bi + 1) return m.C[o]!;
      return 0;
    };
    const d = new Float64Array(3 * n).map(() => rnd());
    const x = new Float64Array(3 * n);
    expect(m.solve(d, x)).toBe(true);
    for (let i = 0; i < 3 * n; i++) {
      let s = 0;
      for (let j = 0; j < 3 * n; j++) s += dense(i, j) * x[j]!;
      expect(Math.abs(s - d[i]!)).toBeLessThan(1e-12);
    }
  });
});

describe('analytic Jacobian', () => {
  it('agrees with finite differences of the residual (heterostructure, light, bias, interface and contact recombination)', () => {
    const dev = pvBenchToDevice({ ...perovskite, voltage_V: [0.9] }, { nodes: 40 });
    dev.interfaces = [
      { S_n_cm_s: 100, S_p_cm_s: 1e3 },
      { S_n_cm_s: 10, S_p_cm_s: 1e4 },
    ];
    dev.contacts.left.S_n_cm_s = 1e2;
    dev.contacts.right.S_p_cm_s = 1e3;
    dev.layers[1]!.Cn_cm6_s = 1e-28;
    dev.layers[1]!.Cp_cm6_s = 2e-28;
    const sys = new DDSystem(dev);
    const r = simulateJV(dev);
    expect(r.converged).toBe(true);
    // a non-equilibrium state: the solution at 0.9 V, then perturbed
    const x = sys.initialGuess();
    for (let i = 0; i < sys.N; i++) {
      x[3 * i + 1] = (-0.9 / sys.Vt) * sys.xs[i]! + 0.3 * Math.sin(i);
      x[3 * i + 2] = (-0.9 / sys.Vt) * sys.xs[i]! + 0.2 * Math.cos(i);
      x[3 * i]! += 0.1 * Math.sin(3 * i);
    }
    const v = 0.9 / sys.Vt;
    sys.assemble(x, v, false);
    const F0 = sys.F.slice();
    const A = sys.mat.A.slice();
    const B = sys.mat.B.slice();
    const C = sys.mat.C.slice();
    let worst = 0;
    for (const j of [1, 5, 12, 20, 27, 33, 38]) {
      for (let c = 0; c < 3; c++) {
        const col = 3 * j + c;
        const hstep = 1e-6;
        const xp = x.slice();
        xp[col]! += hstep;
        sys.assemble(xp, v, false);
        const Fp = sys.F.slice();
        const xm = x.slice();
        xm[col]! -= hstep;
        sys.assemble(xm, v, false);
        for (let i = Math.max(0, j - 1); i <= Math.min(sys.N - 1, j + 1); i++) {
          for (let r2 = 0; r2 < 3; r2++) {
            const row = 3 * i + r2;
            const fd = (Fp[row]! - sys.F[row]!) / (2 * hstep);
            const blk = i === j ? B : i === j + 1 ? A : C;
            const an = blk[9 * i + 3 * r2 + c]!;
            const scale = Math.max(Math.abs(an), Math.abs(fd), Math.abs(F0[row]!), 1e-300);
            worst = Math.max(worst, Math.abs(an - fd) / scale);
          }
        }
      }
    }
    expect(worst).toBeLessThan(1e-5);
  });
});

describe('mesh', () => {
  it('is refined at interfaces and contacts and puts a node on every interface', () => {
    const dev = pvBenchToDevice(perovskite, { nodes: 300 });
    const m = buildMesh(dev.layers, 300);
    expect(m.x.length).toBeGreaterThanOrEqual(290);
    expect(m.interfaceNodes.length).toBe(2);
    expect(m.x[m.interfaceNodes[0]!]! * 1e9).toBeCloseTo(10, 9);
    expect(m.x[m.interfaceNodes[1]!]! * 1e9).toBeCloseTo(510, 9);
    const { first, last } = m.layerNodes[1]!;
    const hEdge = m.x[first + 1]! - m.x[first]!;
    const mid = (first + last) >> 1;
    const hMid = m.x[mid + 1]! - m.x[mid]!;
    expect(hMid / hEdge).toBeGreaterThan(20);
  });
  it('works with 3000 nodes', () => {
    const dev = pvBenchToDevice(
      { ...perovskite, voltage_V: [0, 0.6, 1.0, 1.2] },
      { nodes: 3000, standardProfiles: false },
    );
    const r = simulateJV(dev);
    expect(r.converged).toBe(true);
    expect(r.mesh.nodes).toBeGreaterThanOrEqual(2990);
    expect(Math.abs(r.J_mA_cm2[0]! / 21.5891 - 1)).toBeLessThan(2e-3);
  }, 20_000);
});

describe('figures of merit', () => {
  it('never exceed physical bounds on a coarse grid (no interpolation overshoot)', () => {
    const V: number[] = [];
    const J: number[] = [];
    for (let k = 0; k <= 8; k++) {
      V.push(k * 0.1);
      J.push(20 - 1e-12 * Math.expm1((k * 0.1) / VT300));
    }
    const f = jvFigures(V, J)!;
    expect(f.FF).toBeLessThan(0.9);
    expect(f.FF).toBeGreaterThan(0.7);
    expect(Math.abs(f.Voc_V - VT300 * Math.log(20 / 1e-12 + 1))).toBeLessThan(0.015);
  });
  it('are read off an interpolant, not snapped to the grid (ideal diode)', () => {
    const Jph = 20;
    const J0 = 1e-12;
    const V: number[] = [];
    const J: number[] = [];
    for (let k = 0; k <= 80; k++) {
      const v = k * 0.01;
      V.push(v);
      J.push(Jph - J0 * Math.expm1(v / VT300));
    }
    const f = jvFigures(V, J)!;
    expect(f.Jsc_mA_cm2).toBeCloseTo(Jph, 10);
    // interpolation error of an exponential sampled every 10 mV (J changes 47 % per step near Voc)
    expect(Math.abs(f.Voc_V - VT300 * Math.log(Jph / J0 + 1))).toBeLessThan(1e-5);
    // maximum power: d(VJ)/dV = 0 solved by bisection
    let lo = 0.3;
    let hi = f.Voc_V;
    for (let k = 0; k < 200; k++) {
      const m = 0.5 * (lo + hi);
      const d = Jph - J0 * Math.expm1(m / VT300) - (m * J0 * Math.exp(m / VT300)) / VT300;
      if (d > 0) lo = m;
      else hi = m;
    }
    expect(Math.abs(f.Vmp_V - lo)).toBeLessThan(2e-4);
    expect(f.Vmp_V * 100).not.toBeCloseTo(Math.round(f.Vmp_V * 100), 6);
    expect(f.PCE_percent).toBeCloseTo(f.Pmax_mW_cm2, 12);
  });
});

describe('non-convergence and limits', () => {
  it("stops with 'did not converge at V = ...' and the last residual, never hangs", () => {
    const dev = pinDevice({ generation: { kind: 'dark' }, voltage_V: [0.2, 0.4], options: { maxNewtonIterations: 1 } });
    const r = simulateJV(dev);
    expect(r.converged).toBe(false);
    expect(r.error).toMatch(/^did not converge at V = [0-9.e-]+ V \(last residual [0-9.e+-]+\)$/);
  });
  it('a wall-clock limit ends the run as non-convergent', () => {
    let t = 0;
    const dev = pinDevice({
      voltage_V: [0, 0.2, 0.4, 0.6, 0.8],
      options: { wallClockLimit_ms: 50, clock: () => (t += 1) },
    });
    const r = simulateJV(dev);
    expect(r.converged).toBe(false);
    expect(r.error).toMatch(/wall-clock limit of 0.05 s reached at V = .* run not converged/);
  });
});
