import { describe, expect, it } from 'vitest';
import { CircuitEvaluator } from '../../src/circuit/diode-circuit.js';
import { circuitKeyFigures, sampledKeyFigures } from '../../src/circuit/key-figures.js';
import { lambertW, lambertWOfExp } from '../../src/circuit/lambertw.js';
import {
  intrinsicDensityCm3,
  modifiedCircuit,
  SdmSolver,
  sdmCircuit,
  simulateModified,
  simulateSdm,
  twoDiodeCircuit,
} from '../../src/circuit/models.js';
import { thermalVoltageV } from '../../src/constants.js';

const linspace = (a: number, b: number, n: number) => Array.from({ length: n }, (_, i) => a + ((b - a) * i) / (n - 1));

describe('Lambert W', () => {
  it('satisfies w e^w = x from 1e-300 to 1e300', () => {
    for (const x of [1e-300, 1e-12, 1e-3, 0.1, 0.5, 1, Math.E, 10, 1e3, 1e10, 1e100, 1e300]) {
      const w = lambertW(x);
      // compare in log form: ln w + w = ln x
      expect(Math.abs(Math.log(w) + w - Math.log(x))).toBeLessThan(1e-14 * Math.max(1, Math.abs(Math.log(x))));
    }
    expect(lambertW(0)).toBe(0);
    expect(lambertW(Math.E)).toBeCloseTo(1, 15);
    expect(Number.isNaN(lambertW(-1))).toBe(true);
  });
  it('log form works where exp overflows', () => {
    for (const L of [800, 1e4, 1e8]) {
      const w = lambertWOfExp(L);
      expect(Math.abs(w + Math.log(w) - L)).toBeLessThan(1e-12 * L);
    }
    expect(lambertWOfExp(Math.log(5))).toBeCloseTo(lambertW(5), 15);
  });
});

describe('single-diode model', () => {
  const base = { jphMaCm2: 35, j0MaCm2: 1e-9, n: 1.3, tK: 300 };
  it('Rs = 0, Rsh = inf reduces to the Shockley closed form', () => {
    const s = new SdmSolver({ ...base, rsOhmCm2: 0, rshOhmCm2: Number.POSITIVE_INFINITY });
    const a = base.n * thermalVoltageV(300);
    for (const v of linspace(-0.5, 1, 31)) {
      const exact = base.jphMaCm2 - base.j0MaCm2 * Math.expm1(v / a);
      expect(Math.abs(s.jAtV(v) - exact)).toBeLessThan(1e-12 * Math.max(1, Math.abs(exact)));
    }
    expect(s.vocV()).toBeCloseTo(a * Math.log1p(base.jphMaCm2 / base.j0MaCm2), 13);
    // maximum power point, Shockley: Vmp = a (W(e (Jph/J0 + 1)) - 1)
    const k = s.keyFigures();
    const vmp = a * (lambertW(Math.E * (base.jphMaCm2 / base.j0MaCm2 + 1)) - 1);
    expect(Math.abs(k.vmpV - vmp)).toBeLessThan(1e-12);
  });
  it('tiny Rs and huge Rsh approach the closed form continuously', () => {
    const s = new SdmSolver({ ...base, rsOhmCm2: 1e-9, rshOhmCm2: 1e12 });
    const a = base.n * thermalVoltageV(300);
    for (const v of linspace(0, 0.9, 10)) {
      const exact = base.jphMaCm2 - base.j0MaCm2 * Math.expm1(v / a);
      // first-order effect of Rs: dJ = J'(V) * 1e-3 Rs J
      const slope = -(base.j0MaCm2 / a) * Math.exp(v / a);
      const firstOrder = exact + slope * 1e-3 * 1e-9 * exact;
      expect(Math.abs(s.jAtV(v) - firstOrder)).toBeLessThan(1e-9 * Math.max(1, Math.abs(exact)));
    }
  });
  it('Lambert W solution satisfies the implicit equation, including extreme forward bias', () => {
    const p = { ...base, rsOhmCm2: 2, rshOhmCm2: 500 };
    const s = new SdmSolver(p);
    const a = p.n * thermalVoltageV(300);
    for (const v of [-5, -0.2, 0, 0.4, 0.8, 1.2, 3, 50]) {
      const j = s.jAtV(v);
      const vd = v + 1e-3 * p.rsOhmCm2 * j;
      const f = p.jphMaCm2 - p.j0MaCm2 * Math.expm1(vd / a) - (1e3 * vd) / p.rshOhmCm2 - j;
      expect(Number.isFinite(j)).toBe(true);
      expect(Math.abs(f)).toBeLessThan(1e-9 * Math.max(1, Math.abs(j)));
    }
    // at very high bias the current is limited by Rs: J -> -(V - Vd)/Rs
    expect(s.jAtV(50)).toBeLessThan((-1e3 * (50 - 2)) / 2);
  });
  it('agrees with the generic Newton solver of the diode circuit', () => {
    const p = { ...base, rsOhmCm2: 3, rshOhmCm2: 800 };
    const s = new SdmSolver(p);
    const ev = new CircuitEvaluator(sdmCircuit(p));
    for (const v of linspace(-0.3, 1.0, 27)) expect(Math.abs(s.jAtV(v) - ev.jAtV(v))).toBeLessThan(1e-10);
    expect(Math.abs(s.vocV() - ev.vocV())).toBeLessThan(1e-12);
  });
  it('key figures: FF = Pmax/(Jsc Voc), PCE from Pin, Pmax is the maximum of P(V)', () => {
    const sim = simulateSdm({ ...base, rsOhmCm2: 1, rshOhmCm2: 1000 }, linspace(0, 1, 2001), 100);
    const k = sim.keyFigures;
    expect(k.ff).toBeCloseTo(k.pmaxMwCm2 / (k.jscMaCm2 * k.vocV), 14);
    expect(k.pcePercent).toBeCloseTo(k.pmaxMwCm2, 12);
    const pSampled = Math.max(...sim.voltageV.map((v, i) => v * sim.jMaCm2[i]!));
    expect(k.pmaxMwCm2).toBeGreaterThanOrEqual(pSampled);
    // sampled maximum misses by at most P''/2 (h/2)^2 with h = 0.5 mV
    expect(k.pmaxMwCm2 - pSampled).toBeLessThan(1e-4);
  });
});

describe('two-diode and modified models', () => {
  it('two-diode with J02 = 0 equals the single-diode model', () => {
    const sdm = sdmCircuit({ jphMaCm2: 30, j0MaCm2: 1e-10, n: 1, rsOhmCm2: 1, rshOhmCm2: 2000, tK: 300 });
    const two = twoDiodeCircuit({ jphMaCm2: 30, j01MaCm2: 1e-10, j02MaCm2: 0, rsOhmCm2: 1, rshOhmCm2: 2000, tK: 300 });
    const a = new CircuitEvaluator(sdm);
    const b = new CircuitEvaluator(two);
    for (const v of linspace(-0.2, 0.8, 11)) expect(b.jAtV(v)).toBeCloseTo(a.jAtV(v), 12);
  });
  const absorber = { thicknessNm: 500, ncCm3: 2e18, nvCm3: 2e18, egEV: 1.6, tK: 300 };
  it('intrinsic density n_i = sqrt(Nc Nv) exp(-Eg/2kT)', () => {
    const ni = intrinsicDensityCm3(2e18, 2e18, 1.6, 300);
    expect(ni).toBeCloseTo(2e18 * Math.exp(-1.6 / (2 * thermalVoltageV(300))), -1);
    expect(ni).toBeGreaterThan(1e4);
    expect(ni).toBeLessThan(1e5);
  });
  it('bulk SRH alone is an n = 2 diode with J0 = q y L n_i', () => {
    const p = { jphMaCm2: 22, yBulkPerS: 1e6, uIfPerCm2S: 0, yAugerPerS: 0, rsOhmCm2: 0, rshOhmCm2: Infinity };
    const c = modifiedCircuit(p, { ...absorber, j0RadMaCm2: 0 });
    const ni = intrinsicDensityCm3(2e18, 2e18, 1.6, 300);
    const j0 = 1.602176634e-19 * 1e6 * 500e-7 * ni * 1e3;
    const k = circuitKeyFigures(new CircuitEvaluator(c));
    expect(k.vocV).toBeCloseTo(2 * thermalVoltageV(300) * Math.log1p(22 / j0), 12);
  });
  it('components add up: Jph - sum(recombination) - shunt = J', () => {
    const p = { jphMaCm2: 22, yBulkPerS: 1e6, uIfPerCm2S: 1e4, yAugerPerS: 1e-12, rsOhmCm2: 3, rshOhmCm2: 5000 };
    const sim = simulateModified(p, { ...absorber, j0RadMaCm2: 1e-21 }, linspace(-0.2, 1.3, 61));
    sim.jMaCm2.forEach((j, i) => {
      const c = sim.components;
      const sum = c.radiative[i]! + c.bulk[i]! + c.interface[i]! + c.auger[i]! + c.shunt[i]!;
      expect(Math.abs(22 - sum - j)).toBeLessThan(1e-9 * Math.max(1, Math.abs(j)));
    });
    expect(sim.keyFigures.vocV).toBeGreaterThan(0.7);
    expect(sim.keyFigures.ff).toBeGreaterThan(0.5);
  });
});

describe('sampled key figures', () => {
  it('are interpolated, not snapped to samples', () => {
    const p = { jphMaCm2: 23, j0MaCm2: 3e-12, n: 1.5, rsOhmCm2: 3, rshOhmCm2: 2000, tK: 300 };
    const exact = new SdmSolver(p).keyFigures();
    const v = linspace(-0.1, 1.25, 136); // 10 mV steps
    const j = new SdmSolver(p).curve(v);
    const k = sampledKeyFigures(v, j);
    expect(Math.abs(k.vocV - exact.vocV)).toBeLessThan(2e-5);
    expect(Math.abs(k.jscMaCm2 - exact.jscMaCm2) / exact.jscMaCm2).toBeLessThan(1e-6);
    expect(Math.abs(k.pmaxMwCm2 - exact.pmaxMwCm2) / exact.pmaxMwCm2).toBeLessThan(1e-5);
    expect(Math.abs(k.vmpV - exact.vmpV)).toBeLessThan(1e-3);
    // the interpolated Vmp is not a sampled voltage
    expect(v.some((x) => Math.abs(x - k.vmpV) < 1e-9)).toBe(false);
  });
});
