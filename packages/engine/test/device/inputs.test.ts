import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDeviceSpec } from '../../../contracts/src/device/index.js';
import { deviceToElectrical, runDeviceSimulation } from '../../src/device/simulate.js';
import { DeviceSpecInputError } from '../../src/device/types.js';
import { assets, fixture, repoRoot } from './helpers.js';

/**
 * Errors from both edges: the DeviceSpec check (contracts) and the engine's mapping. They are one
 * check (contracts calls the engine's), so they must always agree.
 */
// biome-ignore lint/suspicious/noExplicitAny: invalid shapes on purpose
function errorsOf(d: any): { contracts: string[]; engine: string[] } {
  const c = checkDeviceSpec(d);
  let engine: string[] = [];
  try {
    deviceToElectrical(d);
  } catch (e) {
    if (!(e instanceof DeviceSpecInputError)) throw e;
    engine = e.errors;
  }
  return { contracts: c.ok ? [] : c.errors, engine };
}

describe('electrical part of DeviceSpec: schema and checks', () => {
  it('accepts the example and keeps every optical-only DeviceSpec valid', () => {
    expect(checkDeviceSpec(fixture())).toMatchObject({ ok: true });
    const optical = JSON.parse(
      readFileSync(join(repoRoot, 'packages/engine/test/optics/fixtures/perovskite-pin.device.json'), 'utf8'),
    );
    expect(checkDeviceSpec(optical)).toMatchObject({ ok: true });
    // a free-form layer `electrical` object stays valid while the device has no electrical block
    optical.layers[3].electrical = { anything: 'goes here for now' };
    expect(checkDeviceSpec(optical)).toMatchObject({ ok: true });
  });

  it('a missing parameter names the layer and the field', () => {
    const d = fixture();
    delete d.layers[3].electrical.muNCm2PerVs;
    const { contracts, engine } = errorsOf(d);
    expect(contracts).toEqual(['layers[3] "MAPbI3".electrical.muNCm2PerVs: missing']);
    expect(engine).toEqual(contracts);
  });

  it('zero mobility, lifetime, density of states or permittivity (spec §5) name the layer and field', () => {
    const d = fixture();
    d.layers[3].electrical.muPCm2PerVs = 0;
    d.layers[3].electrical.tauNS = 0;
    d.layers[2].electrical.nvCm3 = 0;
    d.layers[4].electrical.epsR = 0;
    const { contracts, engine } = errorsOf(d);
    expect(engine).toEqual(contracts);
    // refused by the registry's hard limits, in its words (the label and the allowed range)
    for (const f of [
      'layers[3] "MAPbI3".electrical.muPCm2PerVs: Hole mobility is 0 cm²/(V·s), outside the allowed range (> 0',
      'layers[3] "MAPbI3".electrical.tauNS: Electron lifetime is 0 s, outside the allowed range (> 0',
      'layers[2] "PTAA".electrical.nvCm3: Valence-band effective density of states is 0 cm⁻³, outside the allowed range',
      'layers[4] "PCBM".electrical.epsR: Relative permittivity is 0, outside the allowed range (≥ 1',
    ]) {
      expect(contracts.some((m) => m.startsWith(f))).toBe(true);
      expect(engine.some((m) => m.startsWith(f))).toBe(true);
    }
    expect(contracts.length).toBe(4);
  });

  it('every value rule of the solver applies before queuing, under the DeviceSpec names', () => {
    const d = fixture();
    d.layers[3].electrical.ndCm3 = 1e30;
    d.electrical.gridPoints = 2.5;
    const { contracts, engine } = errorsOf(d);
    expect(engine).toEqual(contracts);
    expect(contracts).toEqual([
      'layers[3] "MAPbI3".electrical.ndCm3: Donor density is 1e30 cm⁻³, outside the allowed range (≥ 0 and ≤ 1e22 cm⁻³)',
      'electrical.gridPoints: Total grid points is 2.5, outside the allowed range (a whole number, ≥ 3 and ≤ 20000)',
    ]);
    // what runs but may mislead is a warning of a valid device, under the DeviceSpec names
    const w = fixture();
    w.layers[3].electrical.ndCm3 = 5e19;
    const r = checkDeviceSpec(w);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.warnings).toEqual([
      expect.stringMatching(
        /^layers\[3\] "MAPbI3"\.electrical\.ndCm3: puts the Fermi level .* choose Fermi-Dirac statistics$/,
      ),
    ]);
  });

  it('non-contiguous electrical layers are refused, naming the layer in the gap', () => {
    const d = fixture();
    delete d.layers[3].electrical;
    const { contracts, engine } = errorsOf(d);
    expect(contracts.length).toBe(1);
    expect(contracts[0]).toMatch(
      /^layers\[3\] "MAPbI3"\.electrical: missing: the electrical layers must be contiguous/,
    );
    expect(engine).toEqual(contracts);
  });

  it('a voltage sweep with step 0 (or going away from stop) names the field', () => {
    const d = fixture();
    d.electrical.voltageSweep.stepV = 0;
    const { contracts, engine } = errorsOf(d);
    expect(contracts).toEqual(['electrical.voltageSweep.stepV: must not be 0 (got 0)']);
    expect(engine).toEqual(contracts);
    d.electrical.voltageSweep = { startV: 0, stopV: 1, stepV: -0.1 };
    expect(errorsOf(d).contracts[0]).toMatch(/^electrical\.voltageSweep\.stepV: goes away from stopV/);
  });

  it('an end or step of the sweep that is no number is said once, by the registry on that field', () => {
    const sweepLines = (edit: (d: ReturnType<typeof fixture>) => void) => {
      const d = fixture();
      edit(d);
      return errorsOf(d).engine.filter((l) => l.startsWith('electrical.voltageSweep'));
    };
    expect(sweepLines((d) => (d.electrical.voltageSweep.startV = Number.NaN))).toEqual([
      'electrical.voltageSweep.startV: Start voltage must be a finite number (not given or not a number)',
    ]);
    expect(sweepLines((d) => (d.electrical.voltageSweep.stepV = Number.NaN))).toEqual([
      'electrical.voltageSweep.stepV: Voltage step must be a finite number (not given or not a number)',
    ]);
    // an end left out is no value the registry judges: the sweep's own rule says it
    expect(sweepLines((d) => delete d.electrical.voltageSweep.stopV)).toEqual([
      'electrical.voltageSweep: startV and stopV must be finite numbers',
    ]);
  });

  it('schema errors: unknown fields, bad enums and types name the field', () => {
    const d = fixture();
    d.layers[3].electrical.muNcm2PerVs = 1; // a typo of muNCm2PerVs
    expect(errorsOf(d).contracts).toEqual([
      'layers[3] "MAPbI3".electrical.muNcm2PerVs: unknown field, not supported by the engine',
    ]);
    const e = fixture();
    e.electrical.contacts.anode = 'left';
    e.electrical.generation = { kind: 'sunlight' };
    e.electrical.contacts.back = { kind: 'schottky' };
    const r = checkDeviceSpec(e);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.some((m) => m.startsWith('electrical.contacts.anode'))).toBe(true);
    expect(r.errors.some((m) => m.startsWith('electrical.generation.kind: must be one of "optical"'))).toBe(true);
    const f = fixture();
    f.electrical.contacts.back = { kind: 'schottky' };
    expect(errorsOf(f).contracts).toEqual([
      'electrical.contacts.back.workFunctionEV: missing: a Schottky contact needs its work function',
    ]);
  });

  it('SRH given half, or both ways, and interfaces between non-adjacent layers are refused', () => {
    const d = fixture();
    delete d.layers[3].electrical.tauPS;
    d.layers[2].electrical.ntCm3 = 1e15;
    d.electrical.interfaces = [{ between: ['PTAA', 'PCBM'], sNCmPerS: 10, sPCmPerS: 10 }];
    const { contracts } = errorsOf(d);
    expect(contracts).toContain('layers[3] "MAPbI3".electrical.tauPS: missing: give both SRH lifetimes or neither');
    expect(contracts).toContain(
      'layers[2] "PTAA".electrical.sigmaNCm2: missing: an SRH trap density needs its density and both capture cross-sections',
    );
    expect(contracts).toContain(
      'electrical.interfaces[0].between: "PTAA" and "PCBM" are not adjacent electrical layers (front one first)',
    );
  });

  it('maps names, units and contacts onto the solver device', () => {
    const d = fixture();
    d.electrical.interfaces = [
      { between: ['MAPbI3', 'PCBM'], sNCmPerS: 100, sPCmPerS: 50, thermionic: { vNCmPerS: 1e6 } },
    ];
    d.layers[3].electrical.gridPoints = 200;
    const { device, domain, offsetNm } = deviceToElectrical(d);
    expect(domain).toEqual([2, 3, 4]);
    expect(offsetNm).toBe(1e6 + 150);
    expect(device.layers.map((l) => l.name)).toEqual(['PTAA', 'MAPbI3', 'PCBM']);
    expect(device.layers[1]).toMatchObject({
      thickness_nm: 500,
      eps_r: 24,
      chi_eV: 3.9,
      Eg_eV: 1.63,
      mu_n_cm2_Vs: 1,
      tau_n_s: 2e-7,
      tau_p_s: 5e-7,
      mesh_intervals: 200,
    });
    expect(device.interfaces).toEqual([undefined, { S_n_cm_s: 100, S_p_cm_s: 50, thermionic: { v_n_cm_s: 1e6 } }]);
    expect(device.contacts).toEqual({
      left: { kind: 'schottky', workFunction_eV: 5.2, S_n_cm_s: null, S_p_cm_s: null },
      right: { kind: 'schottky', workFunction_eV: 4.05, S_n_cm_s: null, S_p_cm_s: null },
      anode: 'left',
    });
    expect(device.voltage_V.length).toBe(136);
    expect(device.voltage_V[135]).toBe(1.35);
    expect(device.voltage_V[7]).toBe(0.07);
  });

  it('runDeviceSimulation refuses a device without an electrical block and an electrical block without layers', () => {
    const d = fixture();
    delete d.electrical;
    expect(() => runDeviceSimulation(d, assets)).toThrow(/electrical: missing/);
    const e = fixture();
    for (const l of e.layers) delete l.electrical;
    expect(() => runDeviceSimulation(e, assets)).toThrow(/no layer has an "electrical" object/);
  });

  it('CT-state dissociation of an organic layer: mapped onto the solver, its bad values named in DeviceSpec terms', () => {
    const d = fixture();
    d.layers[3].electrical.langevinPrefactor = 0.5;
    d.layers[3].electrical.ctDissociation = {
      model: 'onsager-braun',
      separationNm: 1.5,
      decayRatePerS: 2e5,
      directYield: 0.1,
      distribution: 'gaussian',
    };
    expect(checkDeviceSpec(d)).toMatchObject({ ok: true });
    const { device } = deviceToElectrical(d);
    expect(device.layers[1]).toMatchObject({
      langevin_prefactor: 0.5,
      exciton: { model: 'onsager-braun', a_nm: 1.5, k_f_s: 2e5, P0: 0.1, distribution: 'gaussian' },
    });
    d.layers[3].electrical.ctDissociation.directYield = 2;
    d.layers[3].electrical.ctDissociation.separationNm = -1;
    const { contracts, engine } = errorsOf(d);
    expect(engine).toEqual(contracts);
    expect(contracts).toEqual(
      expect.arrayContaining([
        expect.stringContaining(
          'layers[3] "MAPbI3".electrical.ctDissociation.directYield: Direct free-carrier yield is 2, outside the allowed range (≥ 0 and ≤ 1)',
        ),
        expect.stringContaining(
          'layers[3] "MAPbI3".electrical.ctDissociation.separationNm: CT-state separation distance is -1 nm, outside the allowed range',
        ),
      ]),
    );
    // an exciton model with no bimolecular coefficient dissociates nothing: refused
    const e = fixture();
    delete e.layers[3].electrical.kRadCm3PerS;
    e.layers[3].electrical.ctDissociation = { model: 'onsager-braun', separationNm: 1.5, decayRatePerS: 2e5 };
    expect(errorsOf(e).contracts.join('\n')).toMatch(/electrical\.ctDissociation: needs a bimolecular coefficient/);
    // an unknown model is a schema error naming the field
    const f = fixture();
    f.layers[3].electrical.ctDissociation = { model: 'frenkel', separationNm: 1.5, decayRatePerS: 2e5 };
    expect(errorsOf(f).contracts.join('\n')).toMatch(/ctDissociation\/model|ctDissociation\.model/);
  });

  it('tunnelling: layer fields and an interface oxide map onto the solver; a bad oxide is named in DeviceSpec terms', () => {
    const d = fixture();
    Object.assign(d.layers[3].electrical, { btbtACm3PerS: 4e14, btbtBVPerCm: 1.9e7, btbtP: 2.5, tatMassRel: 0.25 });
    const between = [d.layers[2].name, d.layers[3].name];
    d.electrical.interfaces = [
      {
        between,
        tunnelOxide: {
          thicknessNm: 1.5,
          barrierElectronEV: 3.1,
          barrierHoleEV: 4.5,
          massElectronRel: 0.4,
          massHoleRel: 0.4,
        },
      },
    ];
    expect(checkDeviceSpec(d)).toMatchObject({ ok: true });
    const { device } = deviceToElectrical(d);
    expect(device.layers[1]).toMatchObject({ btbt_A_cm3_s: 4e14, btbt_B_V_cm: 1.9e7, btbt_P: 2.5, tat_mass_rel: 0.25 });
    expect(device.interfaces?.[0]?.tunnel_oxide).toEqual({
      thickness_nm: 1.5,
      barrier_n_eV: 3.1,
      barrier_p_eV: 4.5,
      mass_n_rel: 0.4,
      mass_p_rel: 0.4,
    });
    d.electrical.interfaces[0].tunnelOxide.thicknessNm = 25;
    const { contracts, engine } = errorsOf(d);
    expect(engine).toEqual(contracts);
    expect(contracts.join('\n')).toMatch(
      /electrical\.interfaces\[0\]\.tunnelOxide\.thicknessNm: Tunnel oxide thickness is 25 nm, outside the allowed range \(> 0 and ≤ 10 nm\)/,
    );
  });
});
