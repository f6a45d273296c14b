/**
 * A graded layer in a DeviceSpec (layers[].electrical.grading): each back-face value judged by the
 * registry entry of the parameter it grades, a grading of a parameter the layer does not give
 * refused, the mapping to the solver, and defect levels that follow the local band edges.
 */
import { describe, expect, it } from 'vitest';
import { checkDeviceElectricalCoded } from '../../src/device/check.js';
import { mapElectrical } from '../../src/device/map.js';
import { runDeviceSimulation } from '../../src/device/simulate.js';
import { DDModel } from '../../src/electrical/discretisation/model.js';
import type { ElectricalDevice } from '../../src/electrical/types.js';
import { assets, fixture } from './helpers.js';

const at = 'layers[3] "MAPbI3".electrical';

/** The fixture's perovskite graded towards a wider gap at its back (ETL side). */
function graded() {
  const d = fixture();
  d.layers[3].electrical.grading = { law: 'linear', back: { egEV: 1.75, chiEV: 3.85, muNCm2PerVs: 2 } };
  return d;
}

describe('graded layers in a DeviceSpec', () => {
  it('checks and maps a grading: the back values under the solver names', () => {
    const d = graded();
    const { errors, warnings } = checkDeviceElectricalCoded(d);
    expect(errors).toEqual([]);
    expect(warnings.filter((w) => w.path.includes('grading'))).toEqual([]);
    const { device } = mapElectrical(d);
    const l = device.layers.find((x) => x.name === 'MAPbI3')!;
    expect(l.graded).toEqual({ law: 'linear', back: { Eg_eV: 1.75, chi_eV: 3.85, mu_n_cm2_Vs: 2 } });
    expect(l.Eg_eV).toBe(1.63);
  });

  it('judges each back value by the entry of its parameter, on the grading path', () => {
    const d = graded();
    d.layers[3].electrical.grading.back.egEV = -1;
    d.layers[3].electrical.grading.back.ncCm3 = 1e9;
    const { errors } = checkDeviceElectricalCoded(d);
    const eg = errors.find((e) => e.path === `${at}.grading.back.egEV`);
    expect(eg?.message.code).toBe('check.param-limit');
    // said once, though the solver's own rules judge the mapped value too
    expect(errors.filter((e) => e.path === `${at}.grading.back.egEV`)).toHaveLength(1);
    expect(errors.find((e) => e.path === `${at}.grading.back.ncCm3`)?.message.code).toBe('check.param-limit');
    // the same value as the layer's own is judged alike
    const own = fixture();
    own.layers[3].electrical.egEV = -1;
    const ownIssue = checkDeviceElectricalCoded(own).errors.find((e) => e.path === `${at}.egEV`)!;
    expect(eg!.message.params).toEqual(ownIssue.message.params);
    // an unusual but possible value is a warning, as for the layer's own
    const w = graded();
    w.layers[3].electrical.grading.back.egEV = 12;
    const v = checkDeviceElectricalCoded(w);
    expect(v.errors).toEqual([]);
    expect(v.warnings.find((x) => x.path === `${at}.grading.back.egEV`)?.message.code).toBe('check.param-implausible');
  });

  it('refuses a grading of a parameter the layer does not give', () => {
    const d = graded();
    d.layers[3].electrical.grading.back.naCm3 = 1e17;
    const { errors } = checkDeviceElectricalCoded(d);
    const e = errors.find((x) => x.path === `${at}.naCm3`);
    expect(e?.message.code).toBe('check.missing');
    expect(e?.message.text).toMatch(/grading\.back\.naCm3/);
    // and a grading that grades nothing
    const empty = graded();
    empty.layers[3].electrical.grading.back = {};
    const none = checkDeviceElectricalCoded(empty).errors.find((x) => x.path === `${at}.grading.back`);
    expect(none?.message.code).toBe('check.missing');
  });

  it('refuses a defect level that leaves the gap at the graded face', () => {
    // 1.5 eV below E_c: inside the 1.63 eV gap at the front, outside the 1.4 eV gap at the back
    const d = graded();
    d.layers[3].electrical.grading.back.egEV = 1.4;
    d.layers[3].electrical.defects = [
      {
        type: 'neutral',
        densityCm3: 1e14,
        energyEV: 1.5,
        energyReference: 'conduction',
        sigmaNCm2: 1e-15,
        sigmaPCm2: 1e-15,
      },
    ];
    const e = checkDeviceElectricalCoded(d).errors.filter((x) => x.path.startsWith(`${at}.defects[0]`));
    expect(e.map((x) => x.message.code)).toEqual(['check.level-outside-gap']);
    // inside at both faces: fine
    d.layers[3].electrical.defects[0].energyEV = 0.6;
    expect(checkDeviceElectricalCoded(d).errors).toEqual([]);
  });

  it('runs: the band diagram shows the grading, the gap widening from 1.63 to 1.75 eV', () => {
    const d = graded();
    d.electrical.voltageSweep = { startV: 0, stopV: 1.3, stepV: 0.1 };
    delete d.electrical.eqe;
    const r = runDeviceSimulation(d, assets);
    expect(r.light!.converged).toBe(true);
    const pr = r.light!.profiles[0]!;
    const gaps = pr.x_nm.map((_, i) => pr.Ec_eV[i]! - pr.Ev_eV[i]!);
    // the perovskite spans 10-510 nm of the electrical stack (PTAA 10 nm in front)
    const inside = pr.x_nm.flatMap((x, i) => (x > 10.001 && x < 509.999 ? [[x, gaps[i]!] as const] : []));
    expect(inside.length).toBeGreaterThan(20);
    for (const [x, g] of inside) expect(g).toBeCloseTo(1.63 + (0.12 * (x - 10)) / 500, 9);
  });
});

describe('defects in a graded layer', () => {
  it('keep their distance from the band edge they are given from', () => {
    const base: ElectricalDevice = {
      layers: [
        {
          name: 'graded',
          thickness_nm: 400,
          eps_r: 10,
          chi_eV: 4.0,
          Eg_eV: 1.4,
          Nc_cm3: 1e19,
          Nv_cm3: 1e19,
          mu_n_cm2_Vs: 1,
          mu_p_cm2_Vs: 1,
          mesh_intervals: 40,
          defects: [
            {
              type: 'neutral',
              N_t_cm3: 1e15,
              level_below_vacuum_eV: 4.3,
              reference: 'conduction',
              c_n_cm3_s: 1e-8,
              c_p_cm3_s: 1e-8,
            },
          ],
          graded: { law: 'linear', back: { chi_eV: 4.2, Eg_eV: 1.2 } },
        },
      ],
      contacts: {
        left: { kind: 'schottky', workFunction_eV: 5.3 },
        right: { kind: 'schottky', workFunction_eV: 4.2 },
        anode: 'left',
      },
      T_K: 300,
      generation: { kind: 'dark' },
      voltage_V: [0],
    };
    const m = new DDModel(base);
    const n1 = m.defectLevels.flatMap((lv) => (lv ? [lv.n1[0]!] : []));
    const p1 = m.defectLevels.flatMap((lv) => (lv ? [lv.p1[0]!] : []));
    expect(n1.length).toBeGreaterThan(40);
    // 0.3 eV below the local E_c everywhere: n1 = Nc exp(-0.3/Vt) is the same at every node...
    for (const v of n1) expect(v / n1[0]!).toBeCloseTo(1, 12);
    // ...while the gap below it shrinks by 0.2 eV, so p1 = Nv exp(-(Eg - 0.3)/Vt) grows by e^{0.2/Vt}
    const Vt = (1.380649e-23 * 300) / 1.602176634e-19;
    expect(Math.log(p1[p1.length - 1]! / p1[0]!)).toBeCloseTo(0.2 / Vt, 9);
    // a level at a fixed energy (no reference) would not follow: E_c comes down to it by 0.2 eV
    const fixed = new DDModel({
      ...base,
      layers: [{ ...base.layers[0]!, defects: [{ ...base.layers[0]!.defects![0]!, reference: undefined }] }],
    });
    const f = fixed.defectLevels.flatMap((lv) => (lv ? [lv.n1[0]!] : []));
    expect(Math.log(f[f.length - 1]! / f[0]!)).toBeCloseTo(0.2 / Vt, 9);
  });
});
