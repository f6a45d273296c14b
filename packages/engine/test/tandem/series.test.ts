import { describe, expect, it } from 'vitest';
import { sampledKeyFigures } from '../../src/jv/figures.js';
import { seriesConnect } from '../../src/tandem/series.js';

const VT = 0.025852;

/** An ideal Shockley diode under light: J(V) = Jph - J0 (exp(V / (n Vt)) - 1), mA/cm^2. */
const shockley = (jph: number, j0: number, n: number) => ({
  J: (v: number) => jph - j0 * Math.expm1(v / (n * VT)),
  /** The exact inverse V(J). */
  V: (j: number) => n * VT * Math.log1p((jph - j) / j0),
});

/** Samples of a diode from reverse bias to just past its Voc, every step volts. */
function sample(d: { J: (v: number) => number }, from: number, step: number) {
  const V: number[] = [];
  const J: number[] = [];
  for (let v = from; ; v += step) {
    V.push(v);
    J.push(d.J(v));
    if (J[J.length - 1]! < 0) break;
  }
  return { V, J_mA_cm2: J };
}

describe('series connection of two subcells (2T, no bypass)', () => {
  const top = shockley(19.5, 1e-18, 1.2); // a wide-gap cell: Voc about 1.3 V
  const bottom = shockley(21.0, 1e-10, 1.0); // a silicon-like cell: Voc about 0.68 V

  it('reproduces the analytic series connection of two Shockley diodes, V(J) = V_top(J) + V_bottom(J)', () => {
    const s = seriesConnect([sample(top, -2, 0.01), sample(bottom, -2, 0.01)]);
    // independent reference: the exact inverse sum on a dense current grid, figures from it
    const Jx: number[] = [];
    const Vx: number[] = [];
    for (let k = 0; k <= 20000; k++) {
      const j = 19.5 - 1e-9 - (k / 20000) * 19.6;
      Jx.push(j);
      Vx.push(top.V(j) + bottom.V(j));
    }
    const ref = sampledKeyFigures(Vx, Jx);
    // V_top(J) + V_bottom(J) = 0 at J = Jph_top + J0_top (1 - exp(-V_bottom / (n Vt))): 19.5 to 1e-17
    const jscExact = 19.5;
    // 10 mV samples: each subcell's V(J) is interpolated to a few 0.1 mV near Voc
    expect(Math.abs(s.figures.vocV - ref.vocV)).toBeLessThan(5e-4);
    expect(Math.abs(s.figures.vocV - (top.V(0) + bottom.V(0)))).toBeLessThan(5e-4);
    expect(s.figures.jscMaCm2).toBeCloseTo(jscExact, 6);
    expect(Math.abs(s.figures.pcePercent / ref.pcePercent - 1)).toBeLessThan(1e-4);
    expect(Math.abs(s.figures.ff - ref.pmaxMwCm2 / (jscExact * ref.vocV))).toBeLessThan(1e-4);
    // every point of the stack curve lies on the exact curve (away from the saturated photocurrent,
    // where the exact inverse is not representable in double precision)
    for (let i = 0; i < s.V.length; i += 25) {
      if (s.J_mA_cm2[i]! > 19.5 - 1e-6) continue;
      expect(s.V[i]!).toBeCloseTo(top.V(s.J_mA_cm2[i]!) + bottom.V(s.J_mA_cm2[i]!), 3);
    }
  });

  it('current matching: the stack cannot carry more than the smaller photocurrent; Jsc sits just below it', () => {
    const s = seriesConnect([sample(top, -2, 0.01), sample(bottom, -2, 0.01)]);
    expect(s.jRangeMaCm2[1]).toBeLessThanOrEqual(19.5 + 1e-12);
    expect(Math.max(...s.J_mA_cm2)).toBeLessThanOrEqual(19.5 + 1e-12);
    expect(s.figures.jscMaCm2).toBeLessThan(19.5);
    expect(s.figures.jscMaCm2).toBeGreaterThan(19.5 - 0.01);
    // the stack reaches V <= 0 only by driving the limiting (top) cell into reverse bias
    const i0 = s.V.indexOf(Math.min(...s.V));
    expect(s.V[i0]).toBeLessThan(0);
    expect(s.subcellV[0]![i0]!).toBeLessThan(-0.5);
    expect(s.subcellV[1]![i0]!).toBeGreaterThan(0.5);
  });

  it('series resistance lowers the terminal voltage by J Rs at every current; a shunt across the stack leaks V/Rsh', () => {
    const curves = [sample(top, -2, 0.01), sample(bottom, -2, 0.01)];
    const bare = seriesConnect(curves);
    const rs = seriesConnect(curves, { rsOhmCm2: 5 });
    for (let i = 0; i < bare.V.length; i += 40) expect(rs.V[i]).toBeCloseTo(bare.V[i]! - 5e-3 * bare.J_mA_cm2[i]!, 10);
    expect(rs.figures.vocV).toBeCloseTo(bare.figures.vocV, 6);
    expect(rs.figures.ff).toBeLessThan(bare.figures.ff);
    const sh = seriesConnect(curves, { rshOhmCm2: 1000 });
    for (let i = 0; i < bare.V.length; i += 40) expect(sh.J_mA_cm2[i]).toBeCloseTo(bare.J_mA_cm2[i]! - bare.V[i]!, 10); // 1e3 V / 1000 Ohm cm^2 in mA
  });

  it('refuses curves that share no current', () => {
    const a = { V: [0, 0.5, 1], J_mA_cm2: [10, 9, -1] };
    const b = { V: [0, 0.5, 1], J_mA_cm2: [30, 25, 20] };
    expect(() => seriesConnect([a, b])).toThrow(/share no current/);
  });
});
