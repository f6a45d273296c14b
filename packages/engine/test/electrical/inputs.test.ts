import { describe, expect, it } from 'vitest';
import { buildMesh } from '../../src/electrical/discretisation/mesh.js';
import { checkElectricalDevice, SOLVER_FIELDS, solverParam } from '../../src/electrical/input-check.js';
import { simulateJV } from '../../src/electrical/solvers/jv.js';
import { type ElectricalDevice, ElectricalInputError } from '../../src/electrical/types.js';
import { messageText } from '../../src/messages/index.js';
import { type PvBenchDdInput, pvBenchToDevice } from '../../src/validation/dd-case.js';
import { loadCase, pinDevice } from './helpers.js';

const perovskite = loadCase('simsalabim-pin-perovskite').input as unknown as PvBenchDdInput;

function errorOf(dev: ElectricalDevice): ElectricalInputError {
  try {
    simulateJV(dev);
  } catch (e) {
    if (e instanceof ElectricalInputError) return e;
    throw e;
  }
  throw new Error('no ElectricalInputError');
}

describe('bad input names the layer and the field', () => {
  const cases: [string, (d: ElectricalDevice) => void, string][] = [
    ['zero lifetime', (d) => Object.assign(d.layers[1]!, { tau_n_s: 0, tau_p_s: 1e-7 }), 'tau_n_s'],
    ['zero mobility', (d) => (d.layers[1]!.mu_p_cm2_Vs = 0), 'mu_p_cm2_Vs'],
    ['zero density of states', (d) => (d.layers[1]!.Nc_cm3 = 0), 'Nc_cm3'],
    ['zero permittivity', (d) => (d.layers[1]!.eps_r = 0), 'eps_r'],
    ['negative thickness', (d) => (d.layers[1]!.thickness_nm = -5), 'thickness_nm'],
  ];
  for (const [what, mutate, field] of cases) {
    it(`${what} in a non-electrode layer`, () => {
      const dev = pvBenchToDevice(perovskite);
      mutate(dev);
      const e = errorOf(dev);
      expect(e.issues[0]!.where).toBe('layer "perovskite"');
      expect(e.issues[0]!.field).toBe(field);
      expect(e.message).toContain('layer "perovskite"');
      expect(e.message).toContain(field);
    });
  }
  it('an electrode layer with zero mobility and lifetime is accepted (not part of the domain)', () => {
    const dev = pvBenchToDevice(perovskite);
    dev.layers.unshift({ ...dev.layers[0]!, name: 'ITO', mu_n_cm2_Vs: 0, eps_r: 0, electrode: true });
    expect(checkElectricalDevice(dev).filter((i) => i.severity === 'error')).toEqual([]);
    expect(checkElectricalDevice({ ...dev, layers: [...dev.layers, { ...dev.layers[0]!, thickness_nm: -1 }] })).toEqual(
      expect.arrayContaining([expect.objectContaining({ where: 'layer "ITO"', field: 'thickness_nm' })]),
    );
  });
  it('an unknown statistics option is refused with a message', () => {
    const e = errorOf(pinDevice({ options: { statistics: 'maxwell' as 'boltzmann' } }));
    expect(e.message).toContain('statistics');
  });
});

describe('voltage range ending below Voc', () => {
  it('warns, naming voltage_V', () => {
    const r = simulateJV(pvBenchToDevice({ ...perovskite, voltage_V: [0, 0.5, 1.0] }));
    expect(r.converged).toBe(true);
    expect(r.figures).toBeUndefined();
    expect(r.warnings.map(messageText).join('\n')).toMatch(/voltage_V: the range ends at 1 V, below Voc/);
    // the code and the numbers the UI words it with
    const w = r.warnings.find((m) => typeof m !== 'string' && m.code === 'jv.sweep-below-voc');
    expect(w).toBeDefined();
    if (!w || typeof w === 'string') return;
    expect(w.params['end']).toBe(1);
    expect(Number(w.params['j'])).toBeCloseTo(r.J_mA_cm2[2]!, 2);
  });
  it('extends the range to Voc on request', () => {
    const r = simulateJV(pvBenchToDevice({ ...perovskite, voltage_V: [0, 0.5, 1.0] }, { extendToVoc: true }));
    expect(r.converged).toBe(true);
    expect(r.J_mA_cm2[r.J_mA_cm2.length - 1]!).toBeLessThan(0);
    expect(r.figures!.Voc_V).toBeGreaterThan(1.27);
    expect(r.figures!.Voc_V).toBeLessThan(1.29);
    expect(r.warnings.map(messageText).join('\n')).toMatch(/extended to/);
    expect(r.warnings).toContainEqual(
      expect.objectContaining({ code: 'jv.sweep-extended', params: { end: 1, to: r.V[r.V.length - 1] } }),
    );
  }, 20_000);
});

describe('external resistances, contacts, interfaces, generation', () => {
  const V = [0, 0.4, 0.8, 1.0, 1.1, 1.2, 1.25, 1.3];
  const base = simulateJV(pvBenchToDevice({ ...perovskite, voltage_V: V }, { standardProfiles: false }));
  it('shunt: J = J_device(V) - V/Rsh exactly', () => {
    const r = simulateJV(
      pvBenchToDevice({ ...perovskite, voltage_V: V, Rsh_ohm_cm2: 1000 }, { standardProfiles: false }),
    );
    V.forEach((v, i) => {
      expect(r.J_mA_cm2[i]!).toBeCloseTo(base.J_mA_cm2[i]! - (v / 1000) * 1e3, 9);
    });
  });
  it('series resistance: J(V) = J_device(V + J Rs)', () => {
    const Rs = 3;
    const r = simulateJV(pvBenchToDevice({ ...perovskite, voltage_V: V, Rs_ohm_cm2: Rs }, { standardProfiles: false }));
    expect(r.converged).toBe(true);
    const check = simulateJV(pvBenchToDevice({ ...perovskite, voltage_V: r.Vinternal }, { standardProfiles: false }));
    V.forEach((v, i) => {
      expect(Math.abs(r.Vinternal[i]! - v - r.J_mA_cm2[i]! * 1e-3 * Rs)).toBeLessThan(1e-9);
      expect(Math.abs(r.J_mA_cm2[i]! - check.J_mA_cm2[i]!)).toBeLessThan(1e-6);
    });
    expect(r.J_mA_cm2[V.length - 1]!).toBeGreaterThan(base.J_mA_cm2[V.length - 1]!);
    // the internal voltage is solved with the carriers (the bordered circuit row), so a bias
    // point with Rs costs about one Newton solve, as without: a secant on V_int took three or four
    expect(r.stats.totalNewtonIterations).toBeLessThan(1.5 * base.stats.totalNewtonIterations);
  }, 20_000);
  it('finite contact recombination velocities tend to the Dirichlet limit; interface recombination lowers Voc', () => {
    const dev = pvBenchToDevice({ ...perovskite, voltage_V: V }, { standardProfiles: false });
    dev.contacts.left = { ...dev.contacts.left, S_n_cm_s: 1e9, S_p_cm_s: 1e9 };
    dev.contacts.right = { ...dev.contacts.right, S_n_cm_s: 1e9, S_p_cm_s: 1e9 };
    const r = simulateJV(dev);
    V.forEach((_, i) => {
      expect(Math.abs(r.J_mA_cm2[i]! - base.J_mA_cm2[i]!)).toBeLessThan(1e-3 * Math.abs(base.J_mA_cm2[i]!) + 1e-4);
    });
    const di = pvBenchToDevice({ ...perovskite, voltage_V: V }, { standardProfiles: false });
    di.interfaces = [{ S_n_cm_s: 1e3, S_p_cm_s: 1e3 }, undefined];
    const ri = simulateJV(di);
    expect(ri.converged).toBe(true);
    expect(ri.J_mA_cm2[6]!).toBeLessThan(base.J_mA_cm2[6]! - 0.1);
    expect(ri.recombination.interfaces[0]!.current[6]!).toBeGreaterThan(0.1);
    expect(ri.recombination.interfaces[1]!.current[6]!).toBe(0);
  }, 20_000);
  it('generation as an array on the mesh equals the same G(x) given as a function; a wrong length is refused', () => {
    const G = (x: number) => 1e21 * (1 + Math.sin(x / 50));
    const dev = pinDevice({ options: { nodes: 200 } });
    const x = buildMesh(dev.layers, 200).x;
    const a = simulateJV({ ...dev, generation: { kind: 'function', G } });
    const b = simulateJV({ ...dev, generation: { kind: 'mesh', G_cm3_s: Array.from(x, (m) => G(m * 1e9)) } });
    expect(b.J_mA_cm2[0]).toBeCloseTo(a.J_mA_cm2[0]!, 12);
    expect(() => simulateJV({ ...dev, generation: { kind: 'mesh', G_cm3_s: [1, 2, 3] } })).toThrow(
      /generation: G_cm3_s must have one value per mesh node/,
    );
  });
  it('Beer-Lambert generation integrates to Phi (1 - R)(1 - exp(-alpha d))', () => {
    const phi = 1e17;
    const dev = pinDevice({
      generation: {
        kind: 'beer-lambert',
        lines: [{ photonFlux_cm2_s: phi, alpha_cm: [5e4] }],
        from: 'left',
        reflectance: 0.1,
      },
      options: { nodes: 800 },
    });
    const r = simulateJV(dev);
    const expected = 1.602176634e-19 * phi * 0.9 * -Math.expm1(-5e4 * 300e-7) * 1e3;
    expect(Math.abs(r.recombination.generation[0]! / expected - 1)).toBeLessThan(1e-3);
    const fromRight = simulateJV({ ...dev, generation: { ...dev.generation, from: 'right' } as typeof dev.generation });
    expect(fromRight.recombination.generation[0]).toBeCloseTo(r.recombination.generation[0]!, 6);
  });
});

describe('every input the solver reads is checked, naming the field (no RangeError, no silent fallback)', () => {
  const issuesOf = (dev: ElectricalDevice) => checkElectricalDevice(dev);
  const errorFields = (dev: ElectricalDevice) =>
    issuesOf(dev)
      .filter((i) => i.severity === 'error')
      .map((i) => `${i.where}: ${i.field}`);
  const base = () => pvBenchToDevice(perovskite);

  it('profile, mesh and function generation values', () => {
    expect(
      errorFields({ ...base(), generation: { kind: 'profile', x_nm: [0, 100, 50], G_cm3_s: [1e21, 1e21, 1e21] } }),
    ).toEqual(['generation: x_nm[2]']);
    expect(
      errorFields({ ...base(), generation: { kind: 'profile', x_nm: [0, 100], G_cm3_s: [1e21, Number.NaN] } }),
    ).toEqual(['generation: G_cm3_s[1]']);
    expect(errorFields({ ...base(), generation: { kind: 'mesh', G_cm3_s: [1e21, -1] } })).toEqual([
      'generation: G_cm3_s[1]',
    ]);
    // a function is only known at the nodes: its NaN is caught when the mesh is built
    const fn = {
      ...base(),
      generation: { kind: 'function' as const, G: (x: number) => (x > 200 ? Number.NaN : 1e21) },
    };
    expect(() => simulateJV(fn)).toThrow(ElectricalInputError);
    expect(() => simulateJV(fn)).toThrow(/generation: G must give a finite rate >= 0 at every node \(got NaN at x = /);
  });

  it('Beer-Lambert absorption coefficients and reflectance', () => {
    const dev = {
      ...base(),
      generation: {
        kind: 'beer-lambert' as const,
        lines: [{ photonFlux_cm2_s: 1e17, alpha_cm: [0, Number.NaN, 1e4] }],
        from: 'left' as const,
        reflectance: 1.5,
      },
    };
    expect(errorFields(dev)).toEqual(['generation: lines[0].alpha_cm[1]', 'generation: reflectance']);
  });

  it('solver options: nodes NaN or -5, a negative Newton tolerance, inverted voltage steps', () => {
    for (const nodes of [Number.NaN, -5, 2.5]) {
      const dev = { ...base(), options: { nodes } };
      expect(errorFields(dev)).toEqual(['options: nodes']);
      expect(() => simulateJV(dev)).toThrow(ElectricalInputError);
    }
    const tol = { ...base(), options: { newtonTolerance: -1e-6 } };
    expect(errorFields(tol)).toEqual(['options: newtonTolerance']);
    // before: reported as non-convergence, as if the device were at fault
    expect(() => simulateJV(tol)).toThrow(/options: newtonTolerance must be a finite number > 0/);
    expect(errorFields({ ...base(), options: { maxVoltageStep_V: 0.01, minVoltageStep_V: 0.1 } })).toEqual([
      'options: minVoltageStep_V',
    ]);
  });

  it('judges every field value by its parameter-registry entry, found by the engine name', () => {
    for (const [prefix, name] of SOLVER_FIELDS) {
      const p = solverParam(prefix, name);
      expect(p.path.startsWith(prefix), `${prefix} ${name}`).toBe(true);
    }
    // a pv-bench case is refused with the registry's words, in the DeviceSpec's unit
    const bad = base();
    bad.layers[1]!.mu_n_cm2_Vs = -1;
    const e = issuesOf(bad).find((i) => i.field === 'mu_n_cm2_Vs');
    expect(e).toMatchObject({ severity: 'error', code: 'param-limit' });
    expect(e?.text).toMatch(/^Electron mobility is -1 cm²\/\(V·s\), outside the allowed range/);
  });

  it('refuses a doping beyond any solid and warns where Boltzmann statistics are invalid', () => {
    const impossible = base();
    impossible.layers[1]!.Nd_cm3 = 1e30;
    const e = issuesOf(impossible).find((i) => i.severity === 'error');
    // the registry's hard limit of the doping, in its words, for a solver-only device too
    expect(e).toMatchObject({ where: 'layer "perovskite"', field: 'Nd_cm3', code: 'param-limit' });
    expect(() => simulateJV(impossible)).toThrow(/Donor density is 1e30 cm⁻³, outside the allowed range/);

    // Nd above Nc (2.2e18): runs, but the result says Boltzmann is not valid and suggests Fermi-Dirac
    const degenerate = pvBenchToDevice({ ...perovskite, voltage_V: [0, 0.5] });
    degenerate.layers[1]!.Nd_cm3 = 5e19;
    const w = issuesOf(degenerate).filter((i) => i.severity === 'warning');
    expect(w).toEqual([expect.objectContaining({ field: 'Nd_cm3', code: 'boltzmann-degenerate' })]);
    const r = simulateJV(degenerate);
    expect(r.warnings.map(messageText).join('\n')).toMatch(
      /Nd_cm3 puts the Fermi level .* inside the conduction band.*choose Fermi-Dirac/,
    );
    const fd = { ...degenerate, options: { statistics: 'fermi-dirac' as const } };
    expect(issuesOf(fd).filter((i) => i.code === 'boltzmann-degenerate')).toEqual([]);
    // a moderate doping is silent
    const moderate = base();
    moderate.layers[1]!.Nd_cm3 = 1e16;
    expect(issuesOf(moderate)).toEqual([]);
  });

  it('a Schottky work function inside a band is a Boltzmann warning, not silence', () => {
    const dev = base();
    dev.contacts.left = { kind: 'schottky', workFunction_eV: 5.8, S_n_cm_s: null, S_p_cm_s: null };
    // the HTL's valence band is at chi + Eg below vacuum; 5.8 eV is below it
    const w = issuesOf(dev).filter((i) => i.code === 'boltzmann-degenerate');
    expect(w.map((i) => `${i.where}: ${i.field}`)).toEqual(['contacts.left: workFunction_eV']);
  });
});

describe('figures of merit do not depend on the voltage step', () => {
  const sweep = (step: number) =>
    Array.from({ length: Math.round(1.4 / step) + 1 }, (_, k) => Math.round(k * step * 1e9) / 1e9);
  it('a 0.2 V grid gives the Voc and FF of a 10 mV grid (solved, not interpolated), and says so', () => {
    const run = (step: number, solveFigures?: boolean) =>
      simulateJV(pvBenchToDevice({ ...perovskite, voltage_V: sweep(step) }, { standardProfiles: false, solveFigures }))
        .figures!;
    const fine = run(0.01);
    const coarse = run(0.2);
    expect(fine.method).toBe('solved');
    expect(coarse.method).toBe('solved');
    expect(Math.abs(coarse.Voc_V - fine.Voc_V)).toBeLessThan(1e-6);
    expect(Math.abs(coarse.FF - fine.FF)).toBeLessThan(1e-6);
    expect(Math.abs(coarse.Vmp_V - fine.Vmp_V)).toBeLessThan(1e-4);
    expect(coarse.solves).toBeGreaterThan(0);
    // the interpolant alone is off by tens of mV on the coarse grid: what the solving fixes
    const interpolated = run(0.2, false);
    expect(interpolated.method).toBe('interpolated');
    expect(Math.abs(interpolated.Voc_V - fine.Voc_V)).toBeGreaterThan(0.02);
    expect(Math.abs(interpolated.FF - fine.FF)).toBeGreaterThan(0.01);
  });
  it('solves Jsc at 0 V when the sweep steps over it, with series resistance too', () => {
    const V = [-0.05, 0.3, 0.7, 1.1, 1.3];
    const r = simulateJV(pvBenchToDevice({ ...perovskite, voltage_V: V, Rs_ohm_cm2: 2 }, { standardProfiles: false }));
    const ref = simulateJV(
      pvBenchToDevice({ ...perovskite, voltage_V: [0, 1.3], Rs_ohm_cm2: 2 }, { standardProfiles: false }),
    );
    expect(r.figures!.method).toBe('solved');
    expect(Math.abs(r.figures!.Jsc_mA_cm2 - ref.J_mA_cm2[0]!)).toBeLessThan(1e-9);
    expect(Math.abs(r.figures!.Voc_V - ref.figures!.Voc_V)).toBeLessThan(1e-6);
  });
});
