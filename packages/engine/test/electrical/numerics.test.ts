import { describe, expect, it } from 'vitest';
import { bernoulli, bernoulliAll, bernoulliDerivative } from '../../src/electrical/discretisation/bernoulli.js';
import { BlockTridiagonal } from '../../src/electrical/discretisation/block-tridiagonal.js';
import { buildMesh } from '../../src/electrical/discretisation/mesh.js';
import { DDSystem } from '../../src/electrical/discretisation/system.js';
import { bulkRate } from '../../src/electrical/models/recombination/recombination.js';
import { jvFigures } from '../../src/electrical/solvers/figures.js';
import { DidNotConverge, simulateJV } from '../../src/electrical/solvers/jv.js';
import { type PvBenchDdInput, pvBenchToDevice } from '../../src/validation/dd-case.js';
import { jacobianMismatch, loadCase, perturbedSolution, pinDevice, siLayer, VT300 } from './helpers.js';

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

describe('block-tridiagonal solver with larger blocks (unknowns a model adds per node)', () => {
  // m = 3 runs the unrolled sweep, m = 5 the general one: both with pivoting inside the blocks
  it.each([3, 5])('solves, re-solves with the kept factorisation and multiplies consistently for m = %i', (m) => {
    const n = 30;
    const mat = new BlockTridiagonal(n, m);
    let seed = 11;
    const rnd = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647 - 0.5;
    };
    for (let k = 0; k < m * m * n; k++) {
      mat.A[k] = rnd();
      mat.B[k] = rnd();
      mat.C[k] = rnd();
    }
    // weak diagonal, so that the pivoting inside each block is exercised
    for (let i = 0; i < n; i++) for (let r = 0; r < m; r++) mat.B[m * m * i + (m + 1) * r]! += 0.3;
    const d = new Float64Array(m * n).map(() => rnd());
    const x = new Float64Array(m * n);
    expect(mat.solve(d, x)).toBe(true);
    const back = new Float64Array(m * n);
    mat.multiply(x, back);
    for (let k = 0; k < m * n; k++) expect(Math.abs(back[k]! - d[k]!)).toBeLessThan(1e-9);
    const d2 = new Float64Array(m * n).map(() => rnd());
    const x2 = new Float64Array(m * n);
    expect(mat.solveAgain(d2, x2)).toBe(true);
    mat.multiply(x2, back);
    for (let k = 0; k < m * n; k++) expect(Math.abs(back[k]! - d2[k]!)).toBeLessThan(1e-9);
  });
});

describe('analytic Jacobian', () => {
  // a state where every recombination term carries weight: forward bias far from equilibrium,
  // short SRH lifetimes, strong Auger and radiative coefficients, interface and contact recombination
  const recombiningDevice = () => {
    const dev = pvBenchToDevice({ ...perovskite, voltage_V: [0.9] }, { nodes: 40 });
    dev.interfaces = [
      { S_n_cm_s: 100, S_p_cm_s: 1e3, Et_minus_Emid_eV: 0.1 },
      { S_n_cm_s: 10, S_p_cm_s: 1e4 },
    ];
    dev.contacts.left.S_n_cm_s = 1e2;
    dev.contacts.right.S_p_cm_s = 1e3;
    const absorber = dev.layers[1]!;
    Object.assign(absorber, { tau_n_s: 1e-9, tau_p_s: 3e-9, Et_minus_Ei_eV: 0.15 });
    absorber.k_rad_cm3_s = 1e-9;
    absorber.Cn_cm6_s = 1e-26;
    absorber.Cp_cm6_s = 2e-26;
    return dev;
  };
  it('matches finite differences entry by entry to 1e-6 (heterostructure, light, bias, all recombination paths)', () => {
    const dev = recombiningDevice();
    const r = simulateJV(dev);
    expect(r.converged).toBe(true);
    const sys = new DDSystem(dev);
    const x = perturbedSolution(sys, 0.9);
    const all = Array.from({ length: sys.N }, (_, i) => i);
    const { worst, at } = jacobianMismatch(sys, x, 0.9 / sys.Vt, all);
    expect(worst, at).toBeLessThanOrEqual(1);
  });

  it('matches finite differences where Auger dominates (heavily doped silicon at forward bias)', () => {
    const dev = pinDevice({
      layers: [
        siLayer('n+', 300, { Nd_cm3: 1e19, tau_n_s: 1e-5, tau_p_s: 1e-5 }),
        siLayer('p', 2000, { Na_cm3: 1e17, tau_n_s: 1e-5, tau_p_s: 1e-5 }),
      ],
      contacts: { left: { kind: 'ohmic' }, right: { kind: 'ohmic', S_n_cm_s: 1e3 }, anode: 'right' },
      generation: { kind: 'uniform', G_cm3_s: 1e22 },
      options: { nodes: 40 },
    });
    for (const l of dev.layers) {
      l.Cn_cm6_s = 2.8e-31;
      l.Cp_cm6_s = 9.9e-32;
    }
    const sys = new DDSystem(dev);
    const x = perturbedSolution(sys, 0.75);
    const { worst, at } = jacobianMismatch(
      sys,
      x,
      0.75 / sys.Vt,
      Array.from({ length: sys.N }, (_, i) => i),
    );
    expect(worst, at).toBeLessThanOrEqual(1);
  });

  it('is sensitive: the recombination derivatives are large enough that dropping any one would fail the check', () => {
    // at the test state each derivative of the bulk rate is a sizeable part of its row
    const sys = new DDSystem(recombiningDevice());
    const x = perturbedSolution(sys, 0.9);
    sys.assemble(x, 0.9 / sys.Vt, false);
    const out = new Float64Array(4);
    const mid = (sys.mesh.layerNodes[1]!.first + sys.mesh.layerNodes[1]!.last) >> 1;
    const s = 2 * mid + 1;
    const c = sys.carriers;
    const fn = x[3 * mid + 1]!;
    const fp = x[3 * mid + 2]!;
    bulkRate(sys, s, c.nS[s]!, c.pS[s]!, c.dnS[s]!, c.dpS[s]!, Math.exp(fp - fn), -Math.expm1(fp - fn), out);
    const w = sys.hs[s]! + sys.hs[s - 1]!;
    const rowMax = Math.max(...[0, 1, 2].map((k) => Math.abs(sys.mat.B[9 * mid + 3 + k]!)));
    for (const d of [out[1]!, out[2]!, out[3]!]) expect((w * Math.abs(d)) / rowMax).toBeGreaterThan(1e-4);
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
    expect(r.error?.code).toBe('jv.not-converged');
    expect(r.error?.text).toMatch(/^did not converge at V = [0-9.e-]+ V \(last residual [0-9.e+-]+\)$/);
  });
  it('a failure before the sweep says where it happened (the UI words it, with its own advice)', () => {
    expect(new DidNotConverge(0, 2.007e-8, undefined, 'light').message).toBe(
      'did not converge at V = 0.00000 V (last residual 2.007e-8) while switching the light on',
    );
    expect(new DidNotConverge(0, 1.5, undefined, 'equilibrium').message).toBe(
      'did not converge at V = 0.00000 V (last residual 1.500e+0) in the dark equilibrium',
    );
    expect(new DidNotConverge(0.3, 1e-3).stage).toBe('sweep');
  });
  it('a wall-clock limit ends the run as non-convergent', () => {
    let t = 0;
    const dev = pinDevice({
      voltage_V: [0, 0.2, 0.4, 0.6, 0.8],
      options: { wallClockLimit_ms: 50, clock: () => (t += 1) },
    });
    const r = simulateJV(dev);
    expect(r.converged).toBe(false);
    expect(r.error?.code).toBe('jv.wall-clock');
    expect(r.error?.params['limitS']).toBe(0.05);
    expect(r.error?.text).toMatch(/wall-clock limit of 0.05 s reached at V = .* run not converged/);
  });
});
