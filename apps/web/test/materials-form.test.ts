import { checkMaterialInput, type MaterialInput, parseNkFile } from '@pvforge/contracts';
import { materialParam } from '@pvforge/params';
import { describe, expect, it } from 'vitest';
import { runRules } from '../src/lib/params';
import {
  cataOf,
  checkNumber,
  ELEC_FIELDS,
  elecRules,
  elecWords,
  emptyFormValues,
  formToMaterial,
  libraryFilter,
  libraryPathOf,
  type MaterialFormValues,
  materialToForm,
  numberText,
  opticalOf,
  problemPath,
} from '../src/pages/plat/materials/material-form';
import { nkCurves } from '../src/pages/plat/materials/nk';

const nk = { wavelengthNm: [400, 500, 600], n: [2.6, 2.5, 2.4], k: [0.5, 0.2, 0.01] };

const mapbi3: MaterialInput = {
  name: 'MAPbI3',
  nameEn: 'Methylammonium lead iodide',
  formula: 'CH3NH3PbI3',
  category: 'lead_perovskite',
  optical: { kind: 'tabulated', ...nk },
  electrical: {
    epsR: 24.1,
    chiEV: 3.9,
    egEV: 1.6,
    ncCm3: 2.2e18,
    nvCm3: 1.8e19,
    muNCm2PerVs: 2,
    tauNS: 1e-6,
    ions: { densityCm3: 1e18, diffusionCm2PerS: 1e-12, sign: 1, activationEnergyEV: 0.58, referenceTemperatureK: 298 },
  },
  sources: { egEV: 'ref1', optical: 'ref2' },
  references: { ref1: 'Koster et al., JOSS 2022', ref2: 'Löper et al., J. Phys. Chem. Lett. 2015' },
  notes: 'room temperature',
};

describe('material form numeric validation (spec §5 numeric helper)', () => {
  it('accepts decimals, scientific notation, surrounding spaces and empty', () => {
    for (const s of ['', '  ', '1', '-0.5', '.5', '2.2e18', ' 1E-6 ', '+3', '1.5e+3'])
      expect(checkNumber(s)).toBeNull();
  });
  it('refuses text, hex, Infinity and half-written exponents', () => {
    for (const s of ['abc', '1e', '0x10', 'Infinity', '1,5', '--1', 'e5', '1e999'])
      expect(checkNumber(s)).toBe('format');
  });
  it('applies the sign rule of the field', () => {
    expect(checkNumber('0', 'pos')).toBe('pos');
    expect(checkNumber('-1e-3', 'pos')).toBe('pos');
    expect(checkNumber('1e-9', 'pos')).toBeNull();
    expect(checkNumber('0', 'nonneg')).toBeNull();
    expect(checkNumber('-1', 'nonneg')).toBe('nonneg');
    expect(checkNumber('-1', 'any')).toBeNull();
    // an ion's charge: +1 or -1, nothing between
    expect(checkNumber('1', 'sign')).toBeNull();
    expect(checkNumber('-1', 'sign')).toBeNull();
    for (const s of ['0', '2', '0.5', '-2']) expect(checkNumber(s, 'sign')).toBe('sign');
  });
  it("takes every electrical parameter's words and rules from the registry; lifetimes/mobilities/DOS/permittivity > 0", async () => {
    for (const f of ELEC_FIELDS) {
      if (f.choice) continue;
      const p = materialParam(f.key);
      expect(p, f.key).toBeDefined();
      expect(elecWords(f.key, 'zh')?.unit, f.key).toBe(p!.unit);
      expect(elecRules(f.key, 'zh').length, f.key).toBeGreaterThan(0);
    }
    for (const k of ['epsR', 'ncCm3', 'nvCm3', 'muNCm2PerVs', 'muPCm2PerVs', 'tauNS', 'tauPS']) {
      const r = await runRules(elecRules(k, 'zh', 'format'), '0');
      expect(r.errors, k).toHaveLength(1);
    }
    expect((await runRules(elecRules('tauNS', 'zh', '请输入数字'), 'abc')).errors).toEqual(['请输入数字']);
    expect(await runRules(elecRules('tauNS', 'zh'), '')).toEqual({ errors: [], warnings: [] });
  });
  it('writes numbers back in a form that round-trips', () => {
    expect(numberText(2.2e18)).toBe('2.2e18');
    expect(numberText(1e-6)).toBe('1e-6');
    expect(numberText(24.1)).toBe('24.1');
    expect(numberText(undefined)).toBe('');
    for (const v of [2.2e18, 1e-6, 24.1, 0, -0.3, 1.234567e-12]) expect(Number(numberText(v))).toBe(v);
  });
});

describe('form values <-> Material', () => {
  it('round-trips a material with an uploaded n,k table, nested ions, sources and references', () => {
    const { values, nk: table } = materialToForm(mapbi3);
    expect(values.opticalKind).toBe('tabulated');
    expect(values.elec['ncCm3']).toBe('2.2e18');
    expect(values.elec['ions.densityCm3']).toBe('1e18');
    // the charge as the select holds it, the reference temperature as typed
    expect(values.elec['ions.sign']).toBe('1');
    expect(values.elec['ions.referenceTemperatureK']).toBe('298');
    expect(values.references).toEqual([
      { key: 'ref1', citation: 'Koster et al., JOSS 2022' },
      { key: 'ref2', citation: 'Löper et al., J. Phys. Chem. Lett. 2015' },
    ]);
    expect(formToMaterial(values, table)).toEqual(mapbi3);
    expect(checkMaterialInput(formToMaterial(values, table)).ok).toBe(true);
  });

  it('builds each optical model from the form', () => {
    const base = { ...emptyFormValues('hole'), name: 'Spiro' };
    expect(opticalOf({ ...base, opticalKind: 'table', tableId: ' spiro_ometad ' }, null)).toEqual({
      kind: 'table',
      materialId: 'spiro_ometad',
    });
    expect(opticalOf({ ...base, opticalKind: 'table' }, null)).toBe('missingTable');
    expect(opticalOf({ ...base, opticalKind: 'tabulated' }, null)).toBe('missingNk');
    expect(opticalOf({ ...base, opticalKind: 'constant', constN: '1.8', constK: '0' }, null)).toEqual({
      kind: 'constant',
      n: 1.8,
      k: 0,
    });
    expect(opticalOf({ ...base, opticalKind: 'cauchy', cauchyA: '1.5', cauchyB: '4.2e-3' }, null)).toEqual({
      kind: 'cauchy',
      a: 1.5,
      bUm2: 0.0042,
    });
  });

  it('drops empty values, blank texts and sources of values not given; trims', () => {
    const v: MaterialFormValues = {
      ...emptyFormValues('electron'),
      name: '  TiO2 ',
      nameEn: '   ',
      opticalKind: 'constant',
      constN: '2.4',
      constK: '0',
      elec: { egEV: ' 3.2 ', chiEV: '', tauNS: undefined },
      src: { egEV: 'r1', chiEV: 'r1', optical: 'r1' },
      references: [
        { key: 'r1', citation: 'Some paper 2020' },
        { key: '', citation: '' },
      ],
      notes: '',
    };
    expect(formToMaterial(v, null)).toEqual({
      name: 'TiO2',
      category: 'electron',
      optical: { kind: 'constant', n: 2.4, k: 0 },
      electrical: { egEV: 3.2 },
      sources: { egEV: 'r1', optical: 'r1' },
      references: { r1: 'Some paper 2020' },
    });
  });

  it('maps checkMaterialInput problems onto form fields', () => {
    const bad = formToMaterial(
      {
        ...emptyFormValues('lead_perovskite'),
        name: 'X',
        opticalKind: 'constant',
        constN: '2',
        constK: '0',
        elec: { ncCm3: '2.2e25', 'ions.densityCm3': '1e18' },
        src: { ncCm3: 'nope' },
      },
      null,
    );
    const r = checkMaterialInput(bad);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const paths = r.problems.map((p) => problemPath(p.field, 'constant'));
    expect(paths).toContainEqual(['elec', 'ncCm3']);
    expect(paths).toContainEqual(['src', 'ncCm3']);
    // ions need both density and diffusion coefficient
    expect(r.problems.some((p) => p.field === 'electrical.ions.diffusionCm2PerS')).toBe(true);
    expect(problemPath('electrical.ions.diffusionCm2PerS', 'constant')).toEqual(['elec', 'ions.diffusionCm2PerS']);
    expect(problemPath('optical.k', 'constant')).toEqual(['constK']);
    expect(problemPath('optical.wavelengthNm[3]', 'tabulated')).toEqual(['nkFile']);
    expect(problemPath('optical.bUm2', 'cauchy')).toEqual(['cauchyB']);
    expect(problemPath('name', 'table')).toEqual(['name']);
    expect(problemPath('', 'table')).toBeNull();
  });
});

describe('n,k curves and files', () => {
  it('draws tables, constants and Cauchy models; not list summaries', () => {
    expect(nkCurves({ kind: 'tabulated', ...nk })).toEqual(nk);
    expect(nkCurves({ kind: 'tabulated', points: 3 })).toBeNull();
    expect(nkCurves({ kind: 'table', materialId: 'mapbi3' })).toBeNull();
    expect(nkCurves({ kind: 'table', materialId: 'mapbi3' }, nk)).toEqual(nk);
    const c = nkCurves({ kind: 'cauchy', a: 1.5, bUm2: 0.01 });
    expect(c?.wavelengthNm[0]).toBe(300);
    expect(c?.n[0]).toBeCloseTo(1.5 + 0.01 / 0.09, 10);
    expect(nkCurves({ kind: 'constant', n: 2, k: 0.1 })?.k.every((k) => k === 0.1)).toBe(true);
  });

  it('checks an uploaded file locally with the shared parser (errors name the line)', () => {
    const ok = parseNkFile('wavelength,n,k\n# comment\n0.4,2.6,0.5\n0.5,2.5,0.2\n0.6,2.4,0.01\n');
    expect(ok.ok && ok.table.wavelengthNm).toEqual([400, 500, 600]);
    const bad = parseNkFile('400,2.6,0.5\n500,2.5,0.2\n450,2.4,0.01\n');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors[0]?.line).toBe(3);
  });
});

describe('library routes', () => {
  it('filters by the sub-path and the menu key', () => {
    expect(libraryFilter('perovskite', '1').categories).toEqual(['lead_perovskite', 'lead_free_perovskite']);
    expect(libraryFilter('electrode', 'positive')).toEqual({
      category: 'electrode_positive',
      categories: ['electrode_positive'],
    });
    expect(libraryFilter('electrode', null).category).toBe('electrode');
    expect(libraryFilter('hole', 'hole')).toEqual({ category: 'hole', categories: ['hole'] });
  });
  it('links each category to its menu entry', () => {
    expect(cataOf('organic')).toBe(1);
    expect(cataOf('electron')).toBe(2);
    expect(cataOf('hole')).toBe(3);
    expect(cataOf('electrode_negative')).toBe(4);
    expect(libraryPathOf('electrode_negative')).toBe('/plat/material-library/electrode?cata=4&key=negative');
    expect(libraryPathOf('lead_free_perovskite')).toBe(
      '/plat/material-library/lead_free_perovskite?cata=1&key=lead_free_perovskite',
    );
  });
});
