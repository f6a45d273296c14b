import { describe, expect, it } from 'vitest';
import { passiveMaterials } from '../src/components/device-editor/MaterialPicker';
import { layerFromMaterial, type NkIndexEntry, startingThicknessOf } from '../src/components/device-editor/materials';
import { isBlankLayer, newLayer } from '../src/components/device-editor/model';
import { deviceWarnings, lengthText, warningText } from '../src/components/device-editor/warnings';
import i18n from '../src/i18n';

/**
 * What a layer picked from the library starts with (issue 29): the material's typical thickness
 * instead of 100 nm for everything, incoherent when it is a thick substrate, a warning when a layer
 * is far from its usual range, and glass in the picker under either language's word.
 */

const material = (key: string, name: string, category: string) => ({
  uuid: key,
  key,
  name,
  category,
  optical: { kind: 'table' as const, materialId: key },
});

describe('library defaults in the editor', () => {
  it('a blank layer takes the typical thickness of the material picked; thick glass is incoherent', () => {
    expect(isBlankLayer(newLayer('new'))).toBe(true);
    expect(startingThicknessOf(material('ptaa', 'PTAA', 'hole'), 100)).toEqual({ thicknessNm: 10, coherent: true });
    expect(startingThicknessOf(material('mapbi3', 'MAPbI3', 'lead_perovskite'), 100)).toEqual({
      thicknessNm: 500,
      coherent: true,
    });
    expect(startingThicknessOf(material('glass_soda_lime', 'glass', 'substrate'), 100)).toEqual({
      thicknessNm: 1e6,
      coherent: false,
    });
    // a material the table does not know keeps the fallback
    expect(startingThicknessOf(material('mine', 'my HTL', 'hole'), 100)).toEqual({ thicknessNm: 100, coherent: true });
    // a layer made of a material is no longer blank
    expect(isBlankLayer(layerFromMaterial(material('ptaa', 'PTAA', 'hole'), 10))).toBe(false);
  });

  it('flags a layer far from its usual thickness, in both languages, and not a usual one', () => {
    const ptaa = (thicknessNm: number) => ({ ...layerFromMaterial(material('ptaa', 'PTAA', 'hole'), thicknessNm) });
    expect(deviceWarnings([ptaa(10)], undefined)).toEqual([]);
    const w = deviceWarnings([ptaa(100)], undefined);
    expect(w).toEqual([
      { path: 'layers.0.thicknessNm', key: 'unusualThickness', params: { layer: 'PTAA', min: '5 nm', max: '40 nm' } },
    ]);
    expect(warningText(w[0]!, i18n.getFixedT('zh-CN'), 'zh-CN')).toBe(
      '“PTAA”的厚度远离这种材料通常的 5 nm 至 40 nm，请确认厚度与单位。',
    );
    expect(warningText(w[0]!, i18n.getFixedT('en'), 'en')).toBe(
      'The thickness of "PTAA" is far from the usual 5 nm to 40 nm of this material: check the value and its unit.',
    );
    expect([lengthText(25), lengthText(180_000), lengthText(1e6)]).toEqual(['25 nm', '180 µm', '1 mm']);
  });

  it('offers glass in the library tab under "glass" and "玻璃", named in the UI language', () => {
    const index: NkIndexEntry[] = [
      {
        id: 'glass_soda_lime',
        file: 'x',
        name: 'Soda-lime glass',
        category: 'substrate',
        wl_min_nm: 300,
        wl_max_nm: 2500,
      },
      { id: 'fused_silica', file: 'x', name: 'Fused silica', category: 'substrate', wl_min_nm: 300, wl_max_nm: 2500 },
      { id: 'ptaa', file: 'x', name: 'PTAA', category: 'hole', wl_min_nm: 300, wl_max_nm: 1100 },
    ];
    const zh = i18n.getFixedT('zh-CN');
    const en = i18n.getFixedT('en');
    const keys = (q: string) => passiveMaterials(index, zh, en, q, false).map((m) => m.key);
    expect(keys('glass')).toEqual(['glass_soda_lime', 'fused_silica']);
    expect(keys('玻璃')).toEqual(['glass_soda_lime', 'fused_silica']);
    expect(keys('ptaa')).toEqual([]); // a library material, not a passive table
    // found by either word in either UI language, named in the UI's
    const glass = passiveMaterials(index, zh, en, '玻璃', false)[0]!;
    expect([glass.name, glass.nameEn]).toEqual(['钠钙玻璃（低铁光伏玻璃）', 'Soda-lime glass (low-iron solar glass)']);
    expect(passiveMaterials(index, zh, en, '玻璃', true)[0]!.name).toBe('Soda-lime glass (low-iron solar glass)');
  });
});
