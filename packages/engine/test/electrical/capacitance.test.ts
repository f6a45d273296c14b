import { describe, expect, it } from 'vitest';
import { Q_C } from '../../src/constants.js';
import { displacement } from '../../src/electrical/discretisation/fluxes.js';
import { DDSystem } from '../../src/electrical/discretisation/system.js';
import { capacitanceReferences, capacitanceVoltage } from '../../src/electrical/solvers/capacitance.js';
import { impedanceSpectrum, smallSignal } from '../../src/electrical/solvers/impedance.js';
import { ContinuationSolver } from '../../src/electrical/solvers/jv.js';
import { mottSchottky, readMottSchottky } from '../../src/electrical/solvers/mott-schottky.js';
import type { ElectricalDevice } from '../../src/electrical/types.js';
import { siLayer, VT300 } from './helpers.js';

/** A one-sided abrupt p+/n silicon junction, dark. */
function junction(over: Partial<ElectricalDevice> = {}): ElectricalDevice {
  return {
    layers: [siLayer('p+', 200, { Na_cm3: 1e19 }), siLayer('n', 3000, { Nd_cm3: 1e16 })],
    contacts: { left: { kind: 'ohmic' }, right: { kind: 'ohmic' }, anode: 'left' },
    T_K: 300,
    generation: { kind: 'dark' },
    voltage_V: [0],
    options: { nodes: 600, standardProfiles: false },
    ...over,
  };
}

describe('capacitance-voltage and admittance spectroscopy', () => {
  it('Mott-Schottky of a Schottky diode returns its doping and built-in voltage', () => {
    // n-Si under a 4.65 eV metal: the depletion approximation with its kT/q majority-tail term is
    // accurate here (no minority carriers spill in), so the fit must give back N_d and V_bi. A p+/n
    // junction is not a clean reference: holes from the p+ side spill a few nm into the n side and
    // add a drop the depletion formula leaves out (docs/physics/defects.md).
    const dev = junction({
      layers: [siLayer('n', 3000, { Nd_cm3: 1e16 })],
      contacts: { left: { kind: 'schottky', workFunction_eV: 4.65 }, right: { kind: 'ohmic' }, anode: 'left' },
    });
    const V = Array.from({ length: 11 }, (_, k) => -1 + 0.1 * k);
    const r = capacitanceVoltage(dev, V, 1e4);
    expect(r.converged, r.error?.text).toBe(true);
    const fit = mottSchottky(r.V, r.invC2_cm4_F2, 11.7, 300, [-1, 0])!;
    const Vbi = 4.65 - (4.05 + VT300 * Math.log(2.8e19 / 1e16));
    expect(Math.abs(fit.doping_cm3 / 1e16 - 1)).toBeLessThan(0.002);
    expect(Math.abs(fit.Vbi_V - Vbi)).toBeLessThan(0.002);
    expect(fit.r2).toBeGreaterThan(0.99999);
    // the capacitance falls with reverse bias (the depletion region widens)
    expect(r.C_F_cm2[0]!).toBeLessThan(r.C_F_cm2.at(-1)!);
  });

  it('an abrupt p+/n junction: the reading finds N_d within 3 % and V_bi below the bands by the spill-over drop', () => {
    // N_a/N_d = 1000: the intercept falls about 114 mV below V_bi - kT/q (the spill of holes from
    // the p+ side, see the module comment of solvers/capacitance.ts); the reverse-bias part is a
    // straight line far above the geometric capacitance, so the whole of it is taken
    const dev = junction();
    const V = Array.from({ length: 11 }, (_, k) => -1 + 0.1 * k);
    const r = capacitanceVoltage(dev, V, 1e4);
    expect(r.converged, r.error?.text).toBe(true);
    const ref = capacitanceReferences(dev);
    // the equilibrium drop of two ohmic contacts is V_t ln(N_a N_d / n_i^2)
    const ni2 = 2.8e19 * 1.04e19 * Math.exp(-1.12 / VT300);
    expect(ref.builtIn_V).toBeCloseTo(VT300 * Math.log((1e19 * 1e16) / ni2), 6);
    // eps / d of the 3.2 um stack
    expect(ref.geometric_F_cm2 / ((11.7 * 8.8541878128e-14) / 3.2e-4)).toBeCloseTo(1, 6);
    const m = readMottSchottky(r.V, r.C_F_cm2, { eps_r: 11.7, T_K: 300, range: [-1, 0], ...ref });
    expect(m.refused).toBeUndefined();
    expect(m.fit!.range_V).toEqual([-1, 0]);
    expect(Math.abs(m.fit!.doping_cm3 / 1e16 - 1)).toBeLessThan(0.03);
    expect(ref.builtIn_V - m.fit!.Vbi_V).toBeGreaterThan(0.1);
    expect(ref.builtIn_V - m.fit!.Vbi_V).toBeLessThan(0.13);
    expect(m.vbiBeyondBands).toBeUndefined();
  });

  it('a deep electron trap makes a capacitance step where it stops following: -f dC/df peaks near 2 e_n', () => {
    const cn = 1e-8;
    const depth = 0.3; // below the conduction band
    const dev = junction();
    dev.layers[1]!.defects = [
      { type: 'acceptor', N_t_cm3: 2e15, level_below_vacuum_eV: 4.05 + depth, c_n_cm3_s: cn, c_p_cm3_s: cn },
    ];
    const f = Array.from({ length: 61 }, (_, k) => 10 ** (2 + (7 * k) / 60));
    const r = impedanceSpectrum(dev, -0.3, f);
    expect(r.converged, r.error?.text).toBe(true);
    const C = r.points.map((p) => p.C_F_cm2);
    // the trap adds capacitance at low frequency and none at high frequency
    expect(C[0]!).toBeGreaterThan(1.05 * C.at(-1)!);
    const lf = f.map(Math.log);
    let best = 1;
    let peak = 0;
    for (let k = 1; k < f.length - 1; k++) {
      const d = -(C[k + 1]! - C[k - 1]!) / (lf[k + 1]! - lf[k - 1]!);
      if (d > peak) {
        peak = d;
        best = k;
      }
    }
    const en = cn * 2.8e19 * Math.exp(-depth / VT300);
    const f0 = (2 * en) / (2 * Math.PI);
    expect(Math.abs(Math.log10(f[best]! / f0))).toBeLessThan(0.3);
    // without the dynamic occupation (the trap always in equilibrium) there would be no step
  });

  it('an interface trap responds with its own rate: a capacitance step at w = D of the sheet', () => {
    // n-Si under a Schottky contact, split at 150 nm into two layers with an acceptor sheet between
    // them, inside the depletion region at -0.3 V. The sheet's level is put at the electron
    // quasi-Fermi level found there without it, so that it is half full and responds most; its
    // density is small (1e9 cm^-2) so its own charge barely moves that level or screens the signal.
    // The metal takes no electrons (S_n = 0): with a Dirichlet contact the traps of the depletion
    // region also exchange electrons with the metal (diffusion theory: the quasi-Fermi level is not
    // flat there), and the terminal capacitance is then not the change of the metal's charge.
    const cn = 1e-8;
    const base = junction({
      layers: [siLayer('n a', 150, { Nd_cm3: 1e16 }), siLayer('n b', 2850, { Nd_cm3: 1e16 })],
      contacts: {
        left: { kind: 'schottky', workFunction_eV: 4.65, S_n_cm_s: 0 },
        right: { kind: 'ohmic' },
        anode: 'left',
      },
    });
    const V = -0.3;
    const solve = (dev: ElectricalDevice) => {
      const sys = new DDSystem(dev);
      const cs = new ContinuationSolver(sys, Date.now() + 60000, Date.now);
      cs.start();
      cs.goTo(V);
      return { sys, x: cs.x.slice(), v: cs.v };
    };
    const plain = solve(base);
    const node = plain.sys.mesh.interfaceNodes[0]!;
    plain.sys.carriers.evaluate(plain.sys, plain.x, plain.sys.m);
    const n0 = plain.sys.carriers.nS[2 * node]! * plain.sys.N0 * 1e-6; // cm^-3
    const depth = VT300 * Math.log(2.8e19 / n0); // E_c - E_Fn at the interface, eV
    expect(depth).toBeGreaterThan(0.3);
    const dev: ElectricalDevice = {
      ...base,
      interfaces: [
        {
          defects: [
            { type: 'acceptor', N_t_cm2: 1e9, level_below_vacuum_eV: 4.05 + depth, c_n_cm3_s: cn, c_p_cm3_s: cn },
          ],
        },
      ],
    };
    const { sys, x, v } = solve(dev);
    // D = c_n (n_L + n_R + n1_L + n1_R) + c_p (...) at the sheet, from its own state
    const S = sys.sheets[0]!;
    sys.carriers.evaluate(sys, x, sys.m);
    const car = sys.carriers;
    const D =
      (S.cn[0]! * (car.nS[S.sideL]! + car.nS[S.sideR]! + S.n1L[0]! + S.n1R[0]!) +
        S.cp[0]! * (car.pS[S.sideL]! + car.pS[S.sideR]! + S.p1L[0]! + S.p1R[0]!)) /
      sys.t0;
    const f = Array.from({ length: 121 }, (_, k) => 10 ** (1 + (6 * k) / 120));
    const r = smallSignal(sys, x, v, f, Date.now() + 60000, Date.now);
    expect(r.error).toBeUndefined();
    const C = r.points.map((p) => p.C_F_cm2);
    // the step: the sheet adds capacitance while it follows and none above its rate
    expect(C[0]! / C.at(-1)! - 1).toBeGreaterThan(0.01);
    // at low frequency the sheet follows: C is the quasi-static dQ/dV of the metal's charge (eps E
    // at the contact), from two steady states 1 mV apart
    const metalCharge = (VV: number) => {
      const s2 = new DDSystem(dev);
      const cs = new ContinuationSolver(s2, Date.now() + 60000, Date.now);
      cs.start();
      cs.goTo(VV);
      return displacement(s2, cs.x, s2.m, 0).D * Q_C * s2.N0 * s2.L0 * 1e-4; // C/cm^2
    };
    const Cqs = Math.abs(metalCharge(V + 1e-3) - metalCharge(V - 1e-3)) / 2e-3;
    expect(Math.abs(C[0]! / Cqs - 1)).toBeLessThan(1e-5);
    // -dC/dln f peaks at w = D (a Debye step), found by a parabola through the largest three
    const lf = f.map(Math.log);
    const d = f.map((_, k) =>
      k === 0 || k === f.length - 1 ? 0 : -(C[k + 1]! - C[k - 1]!) / (lf[k + 1]! - lf[k - 1]!),
    );
    let best = 1;
    for (let k = 1; k < f.length - 1; k++) if (d[k]! > d[best]!) best = k;
    const [a, b, c] = [d[best - 1]!, d[best]!, d[best + 1]!];
    const shift = (0.5 * (a - c)) / (a - 2 * b + c);
    const peak = lf[best]! + shift * (lf[best + 1]! - lf[best]!);
    const f0 = D / (2 * Math.PI);
    expect(Math.abs((peak - Math.log(f0)) / Math.LN10)).toBeLessThan(0.02);
  });
});

describe('the Mott-Schottky reading: only where the line holds', () => {
  // a synthetic sweep: 1/C^2 = a (1 - V) straight below 0 V, bending above; C_geo well below C
  const V = Array.from({ length: 21 }, (_, k) => -1 + 0.1 * k);
  const straightPart = (v: number) => 1e15 * (1 - v);
  const bent = V.map((v) => (v <= 0 ? straightPart(v) : straightPart(v) * (1 - 2 * v * v)));
  const C = bent.map((y) => 1 / Math.sqrt(y));
  const opts = { eps_r: 10, T_K: 300, range: [-1, 1] as [number, number], geometric_F_cm2: 1e-9, builtIn_V: 1.2 };

  it('fits the longest straight window and leaves the bend out', () => {
    const m = readMottSchottky(V, C, opts);
    expect(m.fit!.range_V[0]).toBeCloseTo(-1, 12);
    // up to the last point whose neighbouring slope stays within 5 % of the line's
    expect(m.fit!.range_V[1]).toBeGreaterThanOrEqual(0);
    expect(m.fit!.range_V[1]).toBeLessThan(0.25);
    expect(m.fit!.Vbi_V).toBeCloseTo(1 + VT300, 2);
    expect(m.vbiBeyondBands).toBeUndefined();
  });

  it('refuses a sweep whose capacitance stays near the geometric one, and one that never runs straight', () => {
    const near = readMottSchottky(V, C, { ...opts, geometric_F_cm2: Math.max(...C) / 1.5 });
    expect(near.fit).toBeUndefined();
    expect(near.refused).toBe('near-geometric');
    const curved = V.map((v) => 1e15 * Math.exp(-3 * v));
    const c2 = readMottSchottky(
      V,
      curved.map((y) => 1 / Math.sqrt(y)),
      { ...opts, geometric_F_cm2: 1e-12 },
    );
    expect(c2.refused).toBe('not-linear');
    const rising = readMottSchottky(
      V,
      V.map((v) => 1 / Math.sqrt(1e15 * (2 + v))),
      opts,
    );
    expect(rising.refused).toBe('not-falling');
  });

  it('flags a built-in voltage beyond what the contacts allow', () => {
    const m = readMottSchottky(V, C, { ...opts, builtIn_V: 0.8 });
    expect(m.fit).toBeDefined();
    expect(m.vbiBeyondBands).toBe(true);
  });
});
