import { describe, expect, it } from 'vitest';
import { integrateSpectrum, parseSpectrumCsv, photonFlux } from '../../src/spectra/index.js';
import { parseSpectrumTable, SPECTRUM_TABLE_LIMITS, spectrumCoverage } from '../../src/spectra/table.js';
import { readAsset } from '../optics/helpers.js';

const checks = JSON.parse(readAsset('data/check_values.json'));
const am15g = parseSpectrumCsv(readAsset('data/spectra/am15g.csv'), 'AM1.5G');
const nmWm2 = { wavelength: 'nm', irradiance: 'W_m2_nm' } as const;

/** n rows "l,e" starting at 400 nm in 10 nm steps with irradiance 1. */
const rows = (n: number, sep = ',') => Array.from({ length: n }, (_, i) => `${400 + 10 * i}${sep}1`).join('\n');

describe('user spectrum files (two columns, units chosen by the user)', () => {
  it('reads AM1.5G written in um and mW cm^-2 nm^-1, tab separated with a header: same integral as the standard', () => {
    const text = [
      '# ASTM G173 global tilt, re-expressed',
      'Wavelength (um)\tE (mW/cm2/nm)',
      ...Array.from(am15g.wavelengthNm, (l, i) => `${l / 1000}\t${am15g.irradianceWm2Nm[i]! / 10}`),
    ].join('\r\n');
    const { spectrum, problems } = parseSpectrumTable(text, { wavelength: 'um', irradiance: 'mW_cm2_nm' });
    expect(problems).toEqual([]);
    const s = spectrum!;
    expect(s.wavelengthNm.length).toBe(am15g.wavelengthNm.length);
    expect(integrateSpectrum(s, s.irradianceWm2Nm)).toBeCloseTo(checks.spectra.am15g_integral_280_4000_W_m2, 6);
  });

  it('reads photon flux and gives back the irradiance it came from (E = Phi h c / l)', () => {
    const phi = photonFlux(am15g);
    const text = Array.from(am15g.wavelengthNm, (l, i) => `${l} ${phi[i]}`).join('\n');
    const s = parseSpectrumTable(text, { wavelength: 'nm', irradiance: 'photons_m2_s_nm' }).spectrum!;
    for (const i of [0, 500, 1200, 2001]) {
      expect(s.irradianceWm2Nm[i]! / am15g.irradianceWm2Nm[i]!).toBeCloseTo(1, 12);
    }
  });

  it('W m^-2 um^-1 is a thousandth of W m^-2 nm^-1; semicolons and extra columns are fine', () => {
    const s = parseSpectrumTable(rows(12, ';').replace(/;1$/gm, ';1000;x'), {
      wavelength: 'nm',
      irradiance: 'W_m2_um',
    }).spectrum!;
    expect(Array.from(s.irradianceWm2Nm)).toEqual(new Array(12).fill(1));
  });

  it('refuses too few and too many points', () => {
    expect(parseSpectrumTable(rows(SPECTRUM_TABLE_LIMITS.minPoints - 1), nmWm2).problems).toEqual([
      { rule: 'tooFew', count: SPECTRUM_TABLE_LIMITS.minPoints - 1, min: SPECTRUM_TABLE_LIMITS.minPoints },
    ]);
    expect(parseSpectrumTable(rows(SPECTRUM_TABLE_LIMITS.minPoints), nmWm2).problems).toEqual([]);
    const many = SPECTRUM_TABLE_LIMITS.maxPoints + 1;
    expect(parseSpectrumTable(rows(many), nmWm2).problems).toContainEqual({
      rule: 'tooMany',
      count: many,
      max: SPECTRUM_TABLE_LIMITS.maxPoints,
    });
  });

  it('refuses a file over the size limit before reading it', () => {
    const text = 'x'.repeat(SPECTRUM_TABLE_LIMITS.maxChars + 1);
    expect(parseSpectrumTable(text, nmWm2).problems).toEqual([
      { rule: 'tooLarge', chars: text.length, max: SPECTRUM_TABLE_LIMITS.maxChars },
    ]);
  });

  it('names the line of a wavelength that does not increase, a negative value and text among the numbers', () => {
    const lines = rows(12).split('\n');
    lines[5] = '440,1'; // after 450: goes back
    lines[7] = '470,-2';
    lines.splice(9, 0, '480,abc');
    const { spectrum, problems } = parseSpectrumTable(['wl,E', ...lines].join('\n'), nmWm2);
    expect(spectrum).toBeUndefined();
    expect(problems).toContainEqual({ rule: 'increasing', line: 7, previousNm: 440, wavelengthNm: 440 });
    expect(problems).toContainEqual({ rule: 'negative', line: 9, value: -2 });
    expect(problems).toContainEqual({ rule: 'number', line: 11, text: '480,abc' });
  });

  it('refuses a one-column line, non-positive wavelengths, an all-dark file and unknown units', () => {
    expect(parseSpectrumTable(`${rows(12)}\n530`, nmWm2).problems).toEqual([
      { rule: 'columns', line: 13, text: '530' },
    ]);
    const zeroW = `0,1\n${rows(11)}`;
    expect(parseSpectrumTable(zeroW, nmWm2).problems).toContainEqual({ rule: 'wavelengthPositive', line: 1, value: 0 });
    expect(parseSpectrumTable(rows(12).replace(/,1$/gm, ',0'), nmWm2).problems).toEqual([{ rule: 'allZero' }]);
    expect(parseSpectrumTable(rows(12), { wavelength: 'mm' as 'nm', irradiance: 'W_m2_nm' }).problems).toEqual([
      { rule: 'unit', unit: 'mm' },
    ]);
  });

  it('says when a spectrum does not cover a calculation range', () => {
    const s = parseSpectrumTable(rows(12), nmWm2).spectrum!; // 400-510 nm
    expect(spectrumCoverage(s, 400, 510)).toBeUndefined();
    expect(spectrumCoverage(s, 300, 500)).toEqual({ rule: 'range', fromNm: 400, toNm: 510, startNm: 300, endNm: 500 });
    expect(spectrumCoverage(s, 450, 800)?.rule).toBe('range');
  });
});
