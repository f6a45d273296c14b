import { describe, expect, it } from 'vitest';
import {
  checkMaterialInput,
  MATERIAL_CATEGORIES,
  materialCategoriesOf,
  materialToLayer,
  NK_MAX_POINTS,
  parseNkFile,
} from '../src/index.js';

function ok(text: string, unit?: 'nm' | 'um') {
  const r = parseNkFile(text, unit);
  if (!r.ok) throw new Error(`expected a table, got ${r.errors.map((e) => e.msg.en).join('; ')}`);
  return r.table;
}
function bad(text: string, unit?: 'nm' | 'um') {
  const r = parseNkFile(text, unit);
  if (r.ok) throw new Error('expected errors');
  return r.errors;
}

describe('parseNkFile', () => {
  it('reads three comma-separated columns in nm', () => {
    const t = ok('300,2.5,0.5\n600,2.4,0.1\n1200,2.3,0\n');
    expect(t).toMatchObject({
      wavelengthNm: [300, 600, 1200],
      n: [2.5, 2.4, 2.3],
      k: [0.5, 0.1, 0],
      points: 3,
      rangeNm: [300, 1200],
      unit: 'nm',
      unitFrom: 'detected',
    });
    expect(t.warnings).toEqual([]);
  });

  it('accepts tabs, semicolons, spaces, comments, CRLF, a BOM and a header line', () => {
    const t = ok(
      '\uFEFF# exported\r\nwavelength\tn\tk\r\n400\t1.5\t0.01 # first\r\n500;1.6;0.02\r\n600  1.7  1e-3\r\n',
    );
    expect(t.wavelengthNm).toEqual([400, 500, 600]);
    expect(t.k).toEqual([0.01, 0.02, 0.001]);
  });

  it('detects micrometres when every wavelength is below 30, and converts exactly', () => {
    const t = ok('0.3,2.5,0.5\n0.55,2.4,0.1\n1.2,2.3,0\n');
    expect(t.wavelengthNm).toEqual([300, 550, 1200]);
    expect(t.unit).toBe('um');
    expect(t.warnings.map((w) => w.msg.en).join(' ')).toMatch(/micrometres/);
  });

  it('uses an explicit unit, else the header unit', () => {
    expect(ok('300,2,0\n900,2,0', 'um').wavelengthNm).toEqual([300_000, 900_000]);
    const h = ok('wavelength (um), n, k\n0.4,2,0\n0.8,2,0');
    expect(h).toMatchObject({ unit: 'um', unitFrom: 'header', wavelengthNm: [400, 800] });
    expect(ok('lambda_nm n k\n4 2 0\n8 2 0')).toMatchObject({ unit: 'nm', unitFrom: 'header' });
  });

  it('takes k = 0 for two columns, with a warning', () => {
    const t = ok('300 1.5\n1200 1.4');
    expect(t.k).toEqual([0, 0]);
    expect(t.warnings.some((w) => /no k column/.test(w.msg.en))).toBe(true);
  });

  it('warns when the table does not cover 300-1200 nm', () => {
    expect(ok('400,2,0\n800,2,0').warnings.some((w) => /400-800 nm/.test(w.msg.en))).toBe(true);
  });

  it('refuses unsorted or repeated wavelengths, naming the line', () => {
    const e = bad('# c\n300,2,0\n500,2,0\n400,2,0\n');
    expect(e[0]?.line).toBe(4);
    expect(e[0]?.msg.en).toMatch(/line 4: wavelength 400 is not greater than 500 on line 3/);
    expect(e[0]?.msg['zh-CN']).toMatch(/第 4 行/);
    expect(bad('300,2,0\n300,2,0')[0]?.line).toBe(2);
  });

  it('refuses negative k and non-positive n or wavelength', () => {
    expect(bad('300,2,0\n400,2,-0.1')[0]).toMatchObject({ line: 2 });
    expect(bad('300,2,0\n400,2,-0.1')[0]?.msg.en).toMatch(/k = -0.1 must not be negative/);
    expect(bad('300,0,0\n400,2,0')[0]?.msg.en).toMatch(/line 1: refractive index n = 0 must be > 0/);
    expect(bad('-300,2,0\n400,2,0')[0]?.msg.en).toMatch(/wavelength -300 must be > 0/);
  });

  it('refuses text garbage, binary content, wrong column counts and empty files', () => {
    expect(bad('hello world\nthis is not a table\n')[0]?.msg.en).toMatch(/line 2: "this" is not a number/);
    expect(bad('300,2,0\n400,abc,0')[0]?.msg.en).toMatch(/line 2: "abc" is not a number/);
    expect(bad('300,2,0\n0x10,2,0')[0]?.line).toBe(2);
    expect(bad('\u0000\u0001PK')[0]?.line).toBeNull();
    expect(bad('300,2,0,1\n')[0]?.msg.en).toMatch(/has 4 columns/);
    expect(bad('300,2,0\n400,2')[0]?.msg.en).toMatch(/line 2: has 2 columns but line 1 has 3/);
    expect(bad('# nothing\n\n')[0]?.msg.en).toMatch(/no data lines/);
    expect(bad('300,2,0')[0]?.msg.en).toMatch(/at least 2/);
  });

  it('limits the number of points and of errors reported', () => {
    const many = Array.from({ length: NK_MAX_POINTS + 1 }, (_, i) => `${i + 1},2,0`).join('\n');
    expect(bad(many).some((e) => /More than 20000/.test(e.msg.en))).toBe(true);
    const garbage = Array.from({ length: 100 }, () => 'x y z').join('\n');
    expect(bad(`300,2,0\n${garbage}`).length).toBe(20);
  });
});

describe('material helpers', () => {
  it('maps cata and route sub-paths to categories', () => {
    expect(materialCategoriesOf()).toBeUndefined();
    expect(materialCategoriesOf('perovskite')).toEqual(['lead_perovskite', 'lead_free_perovskite']);
    expect(materialCategoriesOf('electrode')).toEqual(['electrode_positive', 'electrode_negative']);
    expect(materialCategoriesOf(undefined, 1)).toEqual([
      'organic',
      'tetrahedral',
      'lead_perovskite',
      'lead_free_perovskite',
    ]);
    expect(materialCategoriesOf('electrode', 4)).toEqual(['electrode_positive', 'electrode_negative']);
    expect(materialCategoriesOf('hole', 1)).toEqual([]);
    expect(materialCategoriesOf('toString')).toBeNull();
    for (const c of MATERIAL_CATEGORIES) expect(materialCategoriesOf(c)).toEqual([c]);
  });

  const base = {
    name: 'MAPbI3',
    category: 'lead_perovskite',
    optical: { kind: 'table', materialId: 'mapbi3' },
    electrical: { egEV: 1.6, epsR: 24, muNCm2PerVs: 2, ions: { densityCm3: 1e17, diffusionCm2PerS: 1e-12 } },
    sources: { egEV: 'a' },
    references: { a: 'A. Author, J. Phys. 1 (2020)' },
  };

  it('accepts a sound material and names the field of each problem', () => {
    expect(checkMaterialInput(base, { knownTables: new Set(['mapbi3']) }).ok).toBe(true);
    const r = checkMaterialInput(
      {
        ...base,
        optical: { kind: 'tabulated', wavelengthNm: [300, 200], n: [1, 1], k: [0, 0] },
        electrical: { egEV: 0, muPCm2PerVs: -1, ncCm3: 1e30, bogus: 1, exciton: { lifetimeS: 1e-9 } },
        sources: { egEV: 'missing' },
      },
      {},
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const fields = r.problems.map((p) => p.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'optical.wavelengthNm[1]',
        'electrical.egEV',
        'electrical.muPCm2PerVs',
        'electrical.ncCm3',
        'electrical.bogus',
        'electrical.exciton.diffusionLengthNm',
        'sources.egEV',
      ]),
    );
    // the registry's words (sayVerdict), as the device check, the server and the CLI say them
    expect(r.problems.find((p) => p.field === 'electrical.egEV')?.msg).toEqual({
      'zh-CN': '带隙为 0 eV，超出允许范围（> 0 且 ≤ 15 eV）',
      en: 'Band gap is 0 eV, outside the allowed range (> 0 and ≤ 15 eV)',
    });
    expect(checkMaterialInput({ ...base }, { knownTables: new Set(['x']) }).ok).toBe(false);
  });

  it('turns a material into a DeviceSpec layer', () => {
    const layer = materialToLayer(base as Parameters<typeof materialToLayer>[0], 400);
    expect(layer).toEqual({
      name: 'MAPbI3',
      thicknessNm: 400,
      role: 'absorber',
      optical: { kind: 'table', materialId: 'mapbi3' },
      // the material's mobile ions become the layer's species, the charge written out (+1 by default)
      electrical: {
        egEV: 1.6,
        epsR: 24,
        muNCm2PerVs: 2,
        ions: [{ densityCm3: 1e17, diffusionCm2PerS: 1e-12, sign: 1 }],
      },
    });
    const anions = materialToLayer(
      {
        ...base,
        electrical: {
          ...base.electrical,
          ions: {
            densityCm3: 3e15,
            diffusionCm2PerS: 1e-8,
            sign: -1,
            activationEnergyEV: 0.5,
            referenceTemperatureK: 298,
          },
        },
      } as never,
      400,
    );
    expect(anions.electrical?.ions).toEqual([
      { densityCm3: 3e15, diffusionCm2PerS: 1e-8, sign: -1, activationEnergyEV: 0.5, referenceTemperatureK: 298 },
    ]);
    expect(
      checkMaterialInput({ ...base, electrical: { ions: { densityCm3: 1, diffusionCm2PerS: 1, sign: 2 } } }).ok,
    ).toBe(false);
    const organic = materialToLayer({ ...base, category: 'organic', electrical: {} } as never, 100);
    expect(organic.excitonic).toBe(true);
    expect(organic.electrical).toBeUndefined();
    expect(() => materialToLayer(base as never, 0)).toThrow(RangeError);
  });
});
