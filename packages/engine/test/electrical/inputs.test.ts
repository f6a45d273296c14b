import { describe, expect, it } from 'vitest';
import { checkElectricalDevice } from '../../src/electrical/input-check.js';
import { simulateJV } from '../../src/electrical/jv.js';
import { buildMesh } from '../../src/electrical/mesh.js';
import { type PvBenchDdInput, pvBenchToDevice } from '../../src/electrical/pvbench.js';
import { type ElectricalDevice, ElectricalInputError } from '../../src/electrical/types.js';
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
    ['zero lifetime', (d) => (d.layers[1]!.srh = { tau_n_s: 0, tau_p_s: 1e-7 }), 'srh.tau_n_s'],
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
    expect(r.warnings.join('\n')).toMatch(/voltage_V: the range ends at 1 V, below Voc/);
  });
  it('extends the range to Voc on request', () => {
    const r = simulateJV(pvBenchToDevice({ ...perovskite, voltage_V: [0, 0.5, 1.0] }, { extendToVoc: true }));
    expect(r.converged).toBe(true);
    expect(r.J_mA_cm2[r.J_mA_cm2.length - 1]!).toBeLessThan(0);
    expect(r.figures!.Voc_V).toBeGreaterThan(1.27);
    expect(r.figures!.Voc_V).toBeLessThan(1.29);
    expect(r.warnings.join('\n')).toMatch(/extended to/);
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
      generation: { kind: 'beer-lambert', photonFlux_cm2_s: phi, alpha_cm: [5e4], from: 'left', reflectance: 0.1 },
      options: { nodes: 800 },
    });
    const r = simulateJV(dev);
    const expected = 1.602176634e-19 * phi * 0.9 * -Math.expm1(-5e4 * 300e-7) * 1e3;
    expect(Math.abs(r.recombination.generation[0]! / expected - 1)).toBeLessThan(1e-3);
    const fromRight = simulateJV({ ...dev, generation: { ...dev.generation, from: 'right' } as typeof dev.generation });
    expect(fromRight.recombination.generation[0]).toBeCloseTo(r.recombination.generation[0]!, 6);
  });
});
