import { readFileSync } from 'node:fs';
import { parseSpectrumTable, spectrumCoverage } from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
import { localizeCheckMessage } from '../src/device/check-messages.js';
import { checkDeviceSpec } from '../src/device/device-spec.js';
import { spectrumProblemText } from '../src/schemas/spectrum.js';

/** Every problem of a spectrum file reads in both languages with all its numbers filled in. */
describe('spectrum file messages', () => {
  const nm = { wavelength: 'nm', irradiance: 'W_m2_nm' } as const;
  const problems = [
    ...parseSpectrumTable('x'.repeat(300_001), nm).problems,
    ...parseSpectrumTable(['h', '400,1', '400,-1', '0,2', '410', '420,y'].join('\n'), nm).problems,
    ...parseSpectrumTable(Array.from({ length: 12 }, (_, i) => `${400 + i},0`).join('\n'), nm).problems,
    ...parseSpectrumTable('1,1', { wavelength: 'mm' as 'nm', irradiance: 'W_m2_nm' }).problems,
    spectrumCoverage({ wavelengthNm: [400, 800] }, 300, 850)!,
  ];

  it('covers every rule', () => {
    expect(new Set(problems.map((p) => p.rule))).toEqual(
      new Set([
        'tooLarge',
        'increasing',
        'negative',
        'wavelengthPositive',
        'columns',
        'number',
        'tooFew',
        'allZero',
        'unit',
        'range',
      ]),
    );
  });

  it('leaves no placeholder unfilled and differs between the languages', () => {
    for (const p of problems) {
      const zh = spectrumProblemText(p, 'zh-CN');
      const en = spectrumProblemText(p, 'en');
      expect(zh, p.rule).not.toMatch(/[{}]/);
      expect(en, p.rule).not.toMatch(/[{}]/);
      expect(zh).not.toBe(en);
      expect(zh).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(spectrumProblemText(spectrumCoverage({ wavelengthNm: [400, 800] }, 300, 850)!, 'en')).toBe(
      'the spectrum covers 400-800 nm, not the calculation range 300-850 nm',
    );
  });
});

describe('a device with a user spectrum', () => {
  const device = JSON.parse(
    readFileSync(new URL('../../../assets/devices/perovskite-pin-electrical.device.json', import.meta.url), 'utf8'),
  );
  const withSpectrum = (wavelengthNm: number[], irradianceWm2Nm = wavelengthNm.map(() => 1)) => ({
    ...device,
    illumination: {
      ...device.illumination,
      spectrum: { kind: 'tabulated', name: 'lamp', wavelengthNm, irradianceWm2Nm },
    },
  });

  it('is valid when the spectrum covers the calculation range (300-850 nm)', () => {
    expect(checkDeviceSpec(withSpectrum([300, 500, 850])).ok).toBe(true);
  });

  it('is refused, with the field and the reason in both languages, when it does not', () => {
    const r = checkDeviceSpec(withSpectrum([350, 500, 900]));
    expect(r.ok).toBe(false);
    const errors = r.ok ? [] : r.errors;
    expect(errors).toEqual([
      'illumination.spectrum: the spectrum covers 350-900 nm, not the calculation range 300-850 nm',
    ]);
    const issues = r.ok ? [] : r.issues;
    expect(issues.map((i) => i.message.code)).toEqual(['check.spectrum-coverage']);
    expect(localizeCheckMessage(issues[0]!, 'zh-CN')).toBe(
      '光谱：光谱覆盖 350–900 nm，不能覆盖计算波长范围 300–850 nm',
    );
  });

  it('is refused when its wavelengths do not increase or its columns differ in length', () => {
    const back = checkDeviceSpec(withSpectrum([300, 600, 500, 900]));
    expect(back.ok ? [] : back.issues.map((e) => localizeCheckMessage(e, 'en'))).toEqual([
      'spectrum: wavelengths must increase strictly (600 then 500 nm)',
    ]);
    const short = checkDeviceSpec(withSpectrum([300, 900], [1, 1, 1]));
    expect(short.ok ? [] : short.issues.map((e) => localizeCheckMessage(e, 'zh-CN'))).toEqual([
      '光谱：有 2 个波长却有 3 个辐照度值',
    ]);
  });
});
