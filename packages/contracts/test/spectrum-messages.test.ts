import { parseSpectrumTable, spectrumCoverage } from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
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
