import { readFileSync } from 'node:fs';
import { checkDeviceSpec, type DeviceSpec } from '@pvforge/contracts';
import { describe, expect, it } from 'vitest';
import { layerFromMaterial, materialToLayer, roleOfCategory } from '../src/components/device-editor/materials';
import {
  blankState,
  duplicateLayer,
  fieldIssues,
  formToSpec,
  getAt,
  issueOf,
  moveLayer,
  setAt,
  specToForm,
  tableIds,
} from '../src/components/device-editor/model';

const demo = JSON.parse(
  readFileSync(new URL('../../../assets/devices/perovskite-pin-electrical.device.json', import.meta.url), 'utf8'),
) as DeviceSpec;

describe('spec <-> form', () => {
  it('round-trips the demo device unchanged for an electrical calculation', () => {
    const form = specToForm(demo, 'elec');
    expect(form.layers.every((l) => typeof l.key === 'string')).toBe(true);
    expect(new Set(form.layers.map((l) => l.key)).size).toBe(form.layers.length);
    const back = formToSpec(form, 'elec');
    // coherent: true is written out for the layers that left it implicit; otherwise identical
    const expected = { ...demo, layers: demo.layers.map((l) => ({ ...l, coherent: l.coherent ?? true })) };
    expect(back).toEqual(expected);
    expect(checkDeviceSpec(back).ok).toBe(true);
  });

  it('leaves out the electrical block for an optical calculation but keeps the layer parameters', () => {
    const back = formToSpec(specToForm(demo, 'opt'), 'opt');
    expect(back.electrical).toBeUndefined();
    expect(back.layers[3]!.electrical?.egEV).toBe(1.63);
    expect(checkDeviceSpec(back).ok).toBe(true);
  });

  it('writes out the defaults: illumination for every device, the electrical block for an electrical one', () => {
    const bare: DeviceSpec = { ...demo, illumination: undefined, electrical: undefined };
    delete bare.illumination;
    delete bare.electrical;
    const f = specToForm(bare, 'elec');
    expect(f.illumination).toEqual({
      spectrum: { kind: 'builtin', id: 'AM1.5G' },
      suns: 1,
      wavelength: { startNm: 300, endNm: 1600, stepNm: 1 },
    });
    expect(f.electrical?.voltageSweep).toEqual({ startV: 0, stopV: 1.2, stepV: 0.01 });
    // contacts that suit the undoped PTAA and PCBM next to them (editor-contacts.test.ts)
    expect(f.electrical?.contacts.front).toEqual({ kind: 'schottky', workFunctionEV: 5.3 });
    expect(f.electrical?.contacts.back).toEqual({ kind: 'schottky', workFunctionEV: 4.1 });
    expect(specToForm(bare, 'opt').electrical).toBeUndefined();
  });

  it('drops emptied optional numbers and an emptied electrical object', () => {
    let f = specToForm(demo, 'elec');
    f = setAt(f, 'layers.3.electrical.kRadCm3PerS', undefined);
    f = setAt(f, 'layers.1.electrical', {});
    f = setAt(f, 'electrical.rsOhmCm2', Number.NaN);
    const s = formToSpec(f, 'elec');
    expect('kRadCm3PerS' in s.layers[3]!.electrical!).toBe(false);
    expect(s.layers[1]!.electrical).toBeUndefined();
    expect('rsOhmCm2' in s.electrical!).toBe(false);
    // rshOhmCm2: null means "no shunt" and is kept
    expect(s.electrical!.rshOhmCm2).toBeNull();
  });

  it('a blank device is valid for the optics', () => {
    const s = formToSpec(blankState('opt', 'x'), 'opt');
    expect(checkDeviceSpec(s).ok).toBe(true);
  });

  it('sets and gets by dotted path without touching the original', () => {
    const f = specToForm(demo, 'elec');
    const g = setAt(f, 'layers.3.thicknessNm', 400);
    expect(getAt(g, 'layers.3.thicknessNm')).toBe(400);
    expect(getAt(f, 'layers.3.thicknessNm')).toBe(500);
    expect(getAt(setAt(f, 'texture.layer', 'MAPbI3'), 'texture')).toEqual({ layer: 'MAPbI3' });
  });

  it('moves, duplicates and lists the n,k tables', () => {
    expect(moveLayer(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveLayer(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveLayer(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    const f = specToForm(demo, 'opt');
    const d = duplicateLayer(f.layers, 3);
    expect(d.map((l) => l.name)).toEqual(['glass', 'ITO', 'PTAA', 'MAPbI3', 'MAPbI3 (2)', 'PCBM', 'Ag']);
    expect(d[4]!.key).not.toBe(d[3]!.key);
    expect(duplicateLayer(d, 3)[4]!.name).toBe('MAPbI3 (3)');
    expect(tableIds(demo).sort()).toEqual(['ag', 'glass_soda_lime', 'ito', 'mapbi3', 'pc61bm', 'ptaa']);
  });
});

describe('checker messages -> fields', () => {
  it('maps layer, device and nested paths', () => {
    expect(issueOf('layers[2] "MAPbI3".electrical.muNCm2PerVs: must be > 0 in a non-electrode layer')).toEqual({
      path: 'layers.2.electrical.muNCm2PerVs',
      message: 'must be > 0 in a non-electrode layer',
    });
    expect(issueOf('layers[1] "ITO".thicknessNm: must be > 0')).toEqual({
      path: 'layers.1.thicknessNm',
      message: 'must be > 0',
    });
    expect(issueOf('layers[1] "a: b".name: x')).toEqual({ path: 'layers.1.name', message: 'x' });
    expect(issueOf('electrical.voltageSweep.stepV: must not be 0 (got 0)')).toEqual({
      path: 'electrical.voltageSweep.stepV',
      message: 'must not be 0 (got 0)',
    });
    expect(issueOf('electrical.interfaces[0].between: "x" is not a layer').path).toBe(
      'electrical.interfaces.0.between',
    );
    expect(issueOf('(device): must be an object').path).toBe('(device)');
    expect(issueOf('name: must not have fewer than 1 characters').path).toBe('name');
    expect(issueOf('layers[4] "PCBM".electrical: missing: the electrical layers must be contiguous').path).toBe(
      'layers.4.electrical',
    );
  });

  it('finds the fields of a broken device, with the electrical rules once the schema holds', () => {
    let f = specToForm(demo, 'elec');
    f = setAt(f, 'layers.1.thicknessNm', 0);
    expect(fieldIssues(formToSpec(f, 'elec')).map((i) => i.path)).toEqual(['layers.1.thicknessNm']);
    f = setAt(f, 'layers.1.thicknessNm', 150);
    f = setAt(f, 'layers.3.electrical.tauNS', 0);
    // the registry's hard limit refuses a zero lifetime, in its words (lib/params.ts)
    const zero = fieldIssues(formToSpec(f, 'elec'));
    expect(zero.map((i) => i.path)).toEqual(['layers.3.electrical.tauNS']);
    expect(zero[0]!.verdict).toMatchObject({ verdict: { severity: 'error', rule: 'below' } });
    f = setAt(f, 'layers.3.electrical.tauNS', 1e-7);
    f = setAt(f, 'electrical.contacts.back', { kind: 'schottky' });
    expect(fieldIssues(formToSpec(f, 'elec')).map((i) => i.path)).toContain('electrical.contacts.back.workFunctionEV');
  });
});

describe('material -> layer', () => {
  it('maps category to role and keeps only layer electrical fields', () => {
    expect(roleOfCategory('lead_perovskite')).toBe('absorber');
    expect(roleOfCategory('absorber_organic')).toBe('absorber');
    expect(roleOfCategory('electron')).toBe('etl');
    expect(roleOfCategory('hole')).toBe('htl');
    expect(roleOfCategory('electrode_negative')).toBe('electrode');
    const l = materialToLayer({
      uuid: 'u',
      name: 'MAPbI3',
      category: 'lead_perovskite',
      optical: { kind: 'table', materialId: 'mapbi3' },
      electrical: { egEV: 1.6, chiEV: 3.9, epsR: 24, ions: { densityCm3: 1e17 }, workFunctionEV: 4 },
    });
    expect(l).toEqual({
      name: 'MAPbI3',
      role: 'absorber',
      optical: { kind: 'table', materialId: 'mapbi3' },
      electrical: { egEV: 1.6, chiEV: 3.9, epsR: 24 },
    });
    const ag = materialToLayer({
      uuid: 'v',
      name: 'Ag',
      category: 'electrode_negative',
      optical: { kind: 'table', materialId: 'ag' },
      electrical: { workFunctionEV: 4.3 },
    });
    expect(ag.electrical).toBeUndefined();
  });

  it('uses the contracts mapping for library materials and the local one for shipped n,k tables', () => {
    const lib = layerFromMaterial(
      {
        uuid: 'u',
        name: 'PM6:Y6',
        category: 'organic',
        optical: { kind: 'table', materialId: 'pbdbt_itic' },
        electrical: { egEV: 1.4, chiEV: 4.1, workFunctionEV: 4 },
      },
      120,
    );
    expect(lib).toMatchObject({ name: 'PM6:Y6', role: 'absorber', thicknessNm: 120, excitonic: true });
    expect(lib.electrical).toEqual({ egEV: 1.4, chiEV: 4.1 });
    const glass = layerFromMaterial(
      { uuid: 'nk:glass', name: 'Glass', category: 'substrate', optical: { kind: 'table', materialId: 'glass_bk7' } },
      1e6,
    );
    expect(glass).toEqual({
      name: 'Glass',
      role: 'substrate',
      thicknessNm: 1e6,
      optical: { kind: 'table', materialId: 'glass_bk7' },
    });
  });
});
