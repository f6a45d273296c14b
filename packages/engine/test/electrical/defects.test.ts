import { describe, expect, it } from 'vitest';
import { EPS0_F_M, Q_C } from '../../src/constants.js';
import { DDSystem } from '../../src/electrical/discretisation/system.js';
import { checkElectricalDevice } from '../../src/electrical/input-check.js';
import { defectLevels } from '../../src/electrical/models/recombination/defects.js';
import { ContinuationSolver, simulateJV } from '../../src/electrical/solvers/jv.js';
import type { BulkDefect, ElectricalDevice, InterfaceDefect } from '../../src/electrical/types.js';
import { type PvBenchDdInput, pvBenchToDevice } from '../../src/validation/dd-case.js';
import { jacobianMismatch, loadCase, perturbedSolution, siLayer, VT300 } from './helpers.js';

const pin = loadCase('simsalabim-pin-perovskite').input as unknown as PvBenchDdInput;
/** The public p-i-n perovskite case (tau_n 2e-7 s, tau_p 5e-7 s in the perovskite), 300 nodes. */
const pinDevice = (over: (d: ElectricalDevice) => void = () => {}) => {
  const d = pvBenchToDevice(pin, { nodes: 300, standardProfiles: false });
  over(d);
  return d;
};
/** The perovskite's SRH as a defect: 1e17 cm^-3 at mid-gap, c = 1/(tau N_t). */
const midGap = (type: BulkDefect['type'], over: Partial<BulkDefect> = {}): BulkDefect => ({
  type,
  N_t_cm3: 1e17,
  level_below_vacuum_eV: 3.9 + 1.63 / 2,
  c_n_cm3_s: 1 / (2e-7 * 1e17),
  c_p_cm3_s: 1 / (5e-7 * 1e17),
  ...over,
});
const withoutSrh = (d: ElectricalDevice, defects: BulkDefect[]) => {
  const l = d.layers[1]!;
  delete l.tau_n_s;
  delete l.tau_p_s;
  l.defects = defects;
};

describe('defects: occupation, charge and recombination', () => {
  it('a neutral mid-gap level is exactly the lifetime SRH it replaces', () => {
    const srh = simulateJV(pinDevice());
    const neutral = simulateJV(pinDevice((d) => withoutSrh(d, [midGap('neutral')])));
    expect(neutral.converged).toBe(true);
    srh.J_mA_cm2.forEach((j, k) => {
      expect(Math.abs(neutral.J_mA_cm2[k]! - j)).toBeLessThan(1e-9 * Math.max(1, Math.abs(j)));
    });
    // and charging it changes the cell (the public case's point)
    const charged = simulateJV(pinDevice((d) => withoutSrh(d, [midGap('acceptor')])));
    expect(Math.abs(charged.figures!.FF - srh.figures!.FF)).toBeGreaterThan(0.01);
  });

  it('a Gaussian whose width goes to zero is the single level', () => {
    const single = simulateJV(pinDevice((d) => withoutSrh(d, [midGap('donor')])));
    const narrow = simulateJV(
      pinDevice((d) => withoutSrh(d, [midGap('donor', { distribution: { shape: 'gaussian', sigma_eV: 1e-5 } })])),
    );
    single.J_mA_cm2.forEach((j, k) => {
      expect(Math.abs(narrow.J_mA_cm2[k]! - j)).toBeLessThan(1e-6 * Math.max(1, Math.abs(j)));
    });
    // a wide one spreads the levels: densities add up to N_t and sit within E0 +- 4 sigma
    const lv = defectLevels(
      { level_below_vacuum_eV: 4.7, distribution: { shape: 'gaussian', sigma_eV: 0.1 }, N: 1e17 },
      VT300,
      { Ec_eV: -3.9, Ev_eV: -5.53 },
    );
    expect(Math.abs(lv.reduce((s, q) => s + q.Nt, 0) / 1e17 - 1)).toBeLessThan(1e-12);
    expect(Math.min(...lv.map((q) => q.E_eV))).toBeGreaterThanOrEqual(-4.7 - 0.4 - 1e-12);
    expect(Math.max(...lv.map((q) => q.E_eV))).toBeLessThanOrEqual(-4.7 + 0.4 + 1e-12);
  });

  it('in equilibrium every level is filled by the Fermi function and the bulk is neutral', () => {
    // a uniform n-type silicon layer with a donor and an acceptor defect, ohmic contacts: flat bands
    const defects: BulkDefect[] = [
      { type: 'acceptor', N_t_cm3: 3e15, level_below_vacuum_eV: 4.05 + 0.3, c_n_cm3_s: 1e-8, c_p_cm3_s: 1e-8 },
      { type: 'donor', N_t_cm3: 2e15, level_below_vacuum_eV: 4.05 + 0.9, c_n_cm3_s: 1e-9, c_p_cm3_s: 1e-7 },
    ];
    const dev: ElectricalDevice = {
      layers: [siLayer('n-Si', 2000, { Nd_cm3: 1e16, defects })],
      contacts: { left: { kind: 'ohmic' }, right: { kind: 'ohmic' }, anode: 'left' },
      T_K: 300,
      generation: { kind: 'dark' },
      voltage_V: [0],
      options: { nodes: 100, standardProfiles: false, profileBiases_V: [0] },
    };
    const r = simulateJV(dev);
    expect(r.converged).toBe(true);
    const pr = r.profiles[0]!;
    const mid = Math.floor(pr.x_nm.length / 2);
    const EF = pr.EFn_eV[mid]!;
    expect(Math.abs(pr.EFp_eV[mid]! - EF)).toBeLessThan(1e-9);
    defects.forEach((d, k) => {
      // the level moves with the local band edge: E_t = E_c - (depth - chi)
      const Et = pr.Ec_eV[mid]! - (d.level_below_vacuum_eV - 4.05);
      const fermi = 1 / (1 + Math.exp((Et - EF) / VT300));
      const occ = pr.defects!.find((q) => q.index === k)!.occupation[mid]!;
      expect(Math.abs(occ - fermi)).toBeLessThan(1e-9);
    });
    // p - n + Nd + trapped = 0 in the neutral bulk, to 1e-8 of the doping
    const net = pr.p_cm3[mid]! - pr.n_cm3[mid]! + 1e16 + pr.trappedCharge_cm3![mid]!;
    expect(Math.abs(net)).toBeLessThan(1e-8 * 1e16);
    // acceptor: -N_t f; donor: +N_t (1 - f); here the shallow acceptor is nearly full, the deep
    // donor full (neutral)
    const occ = (k: number) => pr.defects!.find((q) => q.index === k)!.occupation[mid]!;
    const trapped = -3e15 * occ(0) + 2e15 * (1 - occ(1));
    expect(Math.abs(pr.trappedCharge_cm3![mid]! / trapped - 1)).toBeLessThan(1e-9);
    expect(occ(0)).toBeGreaterThan(0.9);
    expect(occ(1)).toBeGreaterThan(0.999);
  });

  it('an interface sheet: the displacement field jumps by its charge', () => {
    const sheet: InterfaceDefect = {
      type: 'donor',
      N_t_cm2: 5e11,
      level_below_vacuum_eV: 4.05 + 0.8,
      c_n_cm3_s: 1e-9,
      c_p_cm3_s: 1e-9,
    };
    const dev: ElectricalDevice = {
      layers: [
        siLayer('p-Si a', 500, { Na_cm3: 1e16, mesh_grading: 6 }),
        siLayer('p-Si b', 500, { Na_cm3: 1e16, eps_r: 5, mesh_grading: 6 }),
      ],
      interfaces: [{ defects: [sheet] }],
      contacts: { left: { kind: 'ohmic' }, right: { kind: 'ohmic' }, anode: 'left' },
      T_K: 300,
      generation: { kind: 'dark' },
      voltage_V: [0],
      options: { nodes: 2000, standardProfiles: false, profileBiases_V: [0] },
    };
    const r = simulateJV(dev);
    expect(r.converged).toBe(true);
    const pr = r.profiles[0]!;
    const sh = pr.interfaceDefects![0]!;
    // a donor sheet: charge +q N_t (1 - f); its own charge depletes the holes around it and pulls
    // the Fermi level towards its level (pinning), so f is neither 0 nor 1 here
    expect(sh.occupation).toBeGreaterThan(0.01);
    expect(sh.occupation).toBeLessThan(0.99);
    expect(Math.abs(sh.charge_cm2 / (5e11 * (1 - sh.occupation)) - 1)).toBeLessThan(1e-9);
    // profiles list the interface node twice (each layer's side), the field of each side's interval
    const at = pr.x_nm.findIndex((x) => Math.abs(x - 500) < 1e-9);
    const EL = pr.field_V_cm[at]!;
    const ER = pr.field_V_cm[at + 1]!;
    const jump = ((EPS0_F_M / 100) * (5 * ER - 11.7 * EL)) / Q_C; // cm^-2 (eps0 in F/cm)
    expect(Math.abs(jump / sh.charge_cm2 - 1)).toBeLessThan(0.01);
  });

  it('the analytic Jacobian with bulk defects of every kind and interface sheets matches finite differences', () => {
    const sheet: InterfaceDefect = {
      type: 'acceptor',
      N_t_cm2: 1e12,
      level_below_vacuum_eV: 4.6,
      c_n_cm3_s: 1e-9,
      c_p_cm3_s: 3e-9,
      distribution: { shape: 'gaussian', sigma_eV: 0.08 },
    };
    for (const thermionic of [false, true]) {
      const dev = pinDevice((d) => {
        withoutSrh(d, [
          midGap('acceptor'),
          midGap('donor', { distribution: { shape: 'gaussian', sigma_eV: 0.1 }, N_t_cm3: 5e16 }),
          midGap('neutral', { distribution: { shape: 'uniform', width_eV: 0.4 } }),
          midGap('acceptor', { distribution: { shape: 'tail', band: 'conduction', E_ch_eV: 0.03 }, N_t_cm3: 1e16 }),
        ]);
        d.interfaces = [
          { defects: [sheet], ...(thermionic ? { thermionic: {} } : {}) },
          { defects: [{ ...sheet, type: 'donor', level_below_vacuum_eV: 4.9 }] },
        ];
      });
      dev.options = { nodes: 40, standardProfiles: false };
      const sys = new DDSystem(dev);
      const x = perturbedSolution(sys, 0.6);
      const all = Array.from({ length: sys.N }, (_, i) => i);
      const { worst, at } = jacobianMismatch(sys, x, 0.6 / sys.Vt, all);
      expect(worst, `thermionic ${thermionic}: ${at}`).toBeLessThanOrEqual(1);
    }
  });

  it('the current breakdown balances with the defects and the sheets in it', () => {
    const r = simulateJV(
      pinDevice((d) => {
        withoutSrh(d, [midGap('acceptor'), midGap('donor', { distribution: { shape: 'gaussian', sigma_eV: 0.1 } })]);
        d.interfaces = [
          {
            defects: [{ type: 'donor', N_t_cm2: 1e11, level_below_vacuum_eV: 4.6, c_n_cm3_s: 1e-9, c_p_cm3_s: 1e-9 }],
          },
        ];
      }),
    );
    expect(r.converged, r.error?.text).toBe(true);
    r.J_mA_cm2.forEach((J, k) => {
      const L = r.recombination.layers;
      const lost = L.reduce(
        (s, l) => s + l.srh[k]! + l.radiative[k]! + l.auger[k]! + (l.defects ?? []).reduce((a, d) => a + d[k]!, 0),
        0,
      );
      const iface = r.recombination.interfaces.reduce((s, q) => s + q.current[k]! + (q.defects?.[k] ?? 0), 0);
      const c = r.recombination.contacts;
      expect(Math.abs(r.recombination.generation[k]! - lost - iface - c.anode[k]! - c.cathode[k]! - J)).toBeLessThan(
        1e-6 * r.recombination.generation[k]!,
      );
    });
    expect(r.recombination.interfaces[0]!.defects![0]!).toBeGreaterThan(0);
  });

  it('dense deep charged traps: switching the light on takes a bounded number of Newton iterations', () => {
    // 1e17 cm^-3 mid-gap donors: under light their occupation, and the band bending with it,
    // changes over every decade of intensity. The intensity ramp starts each step from the secant
    // extrapolation of the last two solutions and grows its step only after two successes; before
    // that the start took 451 iterations, most of them in Newton runs that failed.
    const dev = pinDevice((d) => withoutSrh(d, [midGap('donor')]));
    const sys = new DDSystem(dev);
    const cs = new ContinuationSolver(sys, Number.POSITIVE_INFINITY, () => 0);
    const its = cs.start(1);
    expect(its).toBeLessThan(200);
    // the state reached is the steady state under light: the current balances its breakdown
    const bd = cs.breakdown();
    const lost = bd.defects[1]!.reduce((a, b) => a + b, 0) + bd.rad.reduce((a, b) => a + b, 0);
    const iface = bd.interfaces.reduce((a, b) => a + b, 0);
    expect(Math.abs(bd.generation - lost - iface - bd.contactAnode - bd.contactCathode - bd.J)).toBeLessThan(
      1e-6 * bd.generation,
    );
  });

  it('bad defects are refused naming the layer, the defect and the field', () => {
    const issues = checkElectricalDevice(
      pinDevice((d) => {
        d.layers[1]!.defects = [
          midGap('acceptor', { level_below_vacuum_eV: 3.5 }),
          midGap('donor', { c_n_cm3_s: 0, distribution: { shape: 'gaussian', sigma_eV: -0.1 } }),
          { ...midGap('neutral'), type: 'amphoteric' as 'neutral', N_t_cm3: 1e30 },
        ];
        d.interfaces = [
          { defects: [{ type: 'donor', N_t_cm2: 1e11, level_below_vacuum_eV: 6, c_n_cm3_s: 1e-9, c_p_cm3_s: 1e-9 }] },
        ];
      }),
    ).filter((i) => i.severity === 'error');
    const fields = issues.map((i) => `${i.where} ${i.field}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'layer "perovskite" defects[0].level_below_vacuum_eV',
        'layer "perovskite" defects[1].c_n_cm3_s',
        'layer "perovskite" defects[1].distribution.sigma_eV',
        'layer "perovskite" defects[2].type',
        'layer "perovskite" defects[2].N_t_cm3',
        'interface 1 defects[0].level_below_vacuum_eV',
      ]),
    );
    expect(issues.find((i) => i.field === 'defects[0].level_below_vacuum_eV')!.text).toMatch(/inside the band gap/);
  });
});
