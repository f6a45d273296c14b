import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { importDeviceFiles, type SourceFile } from '@pvforge/interop';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { newOpticalModel, opticalKindOf } from '../src/components/device-editor/OpticalEditor';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';
import { deviceInputs } from '../src/lib/device-inputs';
import { materialOf } from '../src/lib/library';

/**
 * What the web app makes of the DeviceSpec fields an imported SCAPS or SIMsalabim device holds:
 * SCAPS's absorption models, graded layers, layers that make no carriers and an imported
 * generation profile, each named in the UI's words (no code identifiers) in both languages.
 */
const t = ((key: string, vars?: Record<string, unknown>) => i18n.t(key, vars)) as typeof i18n.t;
const fixtures = join(import.meta.dirname, '../../../packages/interop/test/fixtures');
const read = (dir: string, name: string): SourceFile => ({ name, text: readFileSync(join(dir, name), 'latin1') });
/** The project's stand-in for the absorption table the published .def names (its authors did not publish it). */
const standin = (): SourceFile => ({
  name: 'CsPbI3_RSC.abs',
  text: readFileSync(join(fixtures, 'scaps/own/CsPbI3_RSC_standin.abs'), 'latin1'),
});

function imported(files: SourceFile[]) {
  const r = importDeviceFiles(files);
  if (!r.ok) throw new Error(r.error.text);
  return r.device;
}

beforeAll(async () => {
  await i18n.init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
});

describe('the optical editor', () => {
  it("offers SCAPS's absorption models and starts the square-root law at the layer's gap", () => {
    expect(opticalKindOf({ kind: 'sqrt-law' })).toBe('sqrt-law');
    expect(opticalKindOf({ kind: 'absorption-table' })).toBe('absorption-table');
    expect(opticalKindOf({ kind: 'cauchy' })).toBe('other');
    expect(newOpticalModel('sqrt-law', 1.73)).toMatchObject({ kind: 'sqrt-law', egEV: 1.73, aPerCmSqrtEV: 1e5 });
    // without a usable gap it starts at a plausible one, never at 0 (which the check refuses)
    expect(newOpticalModel('sqrt-law', 0)).toMatchObject({ egEV: 1.5 });
    const table = newOpticalModel('absorption-table');
    expect(table.kind === 'absorption-table' && table.wavelengthNm.length).toBe(2);
  });
});

describe('an imported SCAPS device with a graded gap', () => {
  const device = imported([read(join(fixtures, 'scaps/own'), 'cspbi3_variant.def'), standin()]);
  const graded = device.layers.findIndex((l) => l.electrical?.grading);

  it('lists each back-face value beside the front value, by the registry words, in both languages', async () => {
    expect(graded).toBeGreaterThanOrEqual(0);
    const back = device.layers[graded]!.electrical!.grading!.back;
    expect(back.egEV).toBeDefined();
    await i18n.changeLanguage('zh-CN');
    const zh = deviceInputs(device, t, 'zh-CN');
    const row = zh.find((i) => i.path === `layers[${graded}].electrical.grading.back.egEV`);
    expect(row?.value).toBe(back.egEV);
    expect(row?.field).toContain('背表面');
    expect(row?.unit).toBe('eV');
    // the front value stays its own row, so a compare tells the faces apart
    const front = zh.find((i) => i.path === `layers[${graded}].electrical.egEV`);
    expect(front?.field).not.toBe(row?.field);
    await i18n.changeLanguage('en');
    const enRow = deviceInputs(device, t, 'en').find((i) => i.path === row!.path);
    expect(enRow?.field).toContain('Back face');
    await i18n.changeLanguage('zh-CN');
  });

  it("names the square-root law in words and lists its numbers with units, and the library names the layer's optics", () => {
    const j = device.layers.findIndex((l) => l.optical.kind === 'sqrt-law');
    expect(j).toBeGreaterThanOrEqual(0);
    const rows = deviceInputs(device, t, 'zh-CN');
    expect(rows.find((i) => i.path === `layers[${j}].optical`)?.value).toBe('SCAPS 平方根吸收定律');
    const a = rows.find((i) => i.path === `layers[${j}].optical.aPerCmSqrtEV`);
    expect(a?.unit).toBe('cm⁻¹ eV⁻¹ᐟ²');
    expect(a?.value).toBe(1e5);
    expect(materialOf(device.layers[j]!.optical)).toMatch(/^α ∝ √\(hν − [\d.]+ eV\)$/);
  });
});

describe('an imported absorption table', () => {
  it('is named by its file in the inputs and the library', () => {
    const dir = join(fixtures, 'scaps/public');
    const def = read(dir, 'scapsml_cspbi3_base.def');
    const abs = {
      name: 'CsPbI3_RSC.abs',
      text: readFileSync(join(fixtures, 'scaps/own/CsPbI3_RSC_standin.abs'), 'latin1'),
    };
    const device = imported([def, abs]);
    const j = device.layers.findIndex((l) => l.optical.kind === 'absorption-table');
    expect(j).toBeGreaterThanOrEqual(0);
    const row = deviceInputs(device, t, 'zh-CN').find((i) => i.path === `layers[${j}].optical`);
    expect(row?.value).toBe('吸收系数表（SCAPS .abs）: CsPbI3_RSC.abs');
    expect(materialOf(device.layers[j]!.optical)).toBe('CsPbI3_RSC.abs');
  });
});

describe("SIMsalabim's shipped 5.36 device", () => {
  const dir = join(fixtures, 'simsalabim/5.36');
  const device = imported(
    readdirSync(dir)
      .filter((n) => !/^JV-|\.md$/i.test(n))
      .map((n) => read(dir, n)),
  );

  it('marks the transport layers as making no carriers and names the imported generation profile', () => {
    const rows = deviceInputs(device, t, 'zh-CN');
    const silent = rows.filter((i) => i.path.endsWith('.electrical.generatesCarriers'));
    const names = silent.map((i) => i.owner);
    expect(names.length).toBe(device.layers.filter((l) => l.electrical?.generatesCarriers === false).length);
    expect(names.length).toBeGreaterThan(0);
    expect(silent[0]!.field).toBe('光生载流子');
    const gen = rows.find((i) => i.path === 'electrical.generation.kind');
    if (device.electrical?.generation?.kind === 'profile') expect(gen?.value).toBe('产生率分布（导入）');
    // no row per point of the profile: it is one input, not hundreds
    expect(rows.filter((i) => i.path.startsWith('electrical.generation.')).length).toBeLessThanOrEqual(2);
  });
});
