import { describe, expect, it } from 'vitest';
import { fitMeasuredCurve } from '../../src/circuit/index.js';
import { CurveParseError, parseCurveRows, parseCurveText, parseScapsIv } from '../../src/circuit/measured-curve.js';
import { SdmSolver } from '../../src/circuit/models.js';

const p = { jphMaCm2: 22, j0MaCm2: 2e-11, n: 1.6, rsOhmCm2: 4, rshOhmCm2: 3000, tK: 300 };
const solver = new SdmSolver(p);
const volts = Array.from({ length: 141 }, (_, i) => -0.2 + i * 0.01);
const amps = Array.from(solver.curve(volts));

describe('measured-curve parsing', () => {
  it('reads CSV with a header in V and mA/cm^2', () => {
    const text = ['Voltage (V),Current density (mA/cm2)', ...volts.map((v, i) => `${v},${amps[i]}`)].join('\n');
    const c = parseCurveText(text);
    expect(c.detected.voltageUnit).toBe('V');
    expect(c.detected.currentUnit).toBe('mA/cm2');
    expect(c.detected.signFlipped).toBe(false);
    expect(c.detected.illumination).toBe('light');
    expect(c.voltageV.length).toBe(1000);
    expect(c.measured.voltageV.length).toBe(141);
    expect(c.warnings).toEqual([]);
  });
  it('converts mV and A with the area, detects the opposite sign and a reverse sweep', () => {
    const area = 0.09;
    const lines = ['time\tU [mV]\tI [A]'];
    for (let i = volts.length - 1; i >= 0; i--)
      lines.push(`${i}\t${volts[i]! * 1e3}\t${(-amps[i]! * 1e-3 * area).toExponential(12)}`);
    const c = parseCurveText(lines.join('\r\n'), { areaCm2: area, resamplePoints: 0 });
    expect(c.detected.voltageColumn).toBe(1);
    expect(c.detected.currentColumn).toBe(2);
    expect(c.detected.voltageUnit).toBe('mV');
    expect(c.detected.currentUnit).toBe('A');
    expect(c.detected.signFlipped).toBe(true);
    expect(c.detected.sweep).toBe('reverse');
    c.jMaCm2.forEach((j, i) => {
      expect(j).toBeCloseTo(amps[i]!, 9);
    });
    expect(c.voltageV[0]).toBeCloseTo(-0.2, 12);
  });
  it('takes a bare V or U column name for the quantity, not the unit: a 0-1200 mV sweep is mV', () => {
    const text = ['V,J', ...volts.map((v, i) => `${Math.round(v * 1e3)},${amps[i]}`)].join('\n');
    const c = parseCurveText(text, { resamplePoints: 0 });
    expect(c.detected.voltageUnit).toBe('mV');
    expect(c.voltageV.at(-1)).toBeCloseTo(1.2, 12);
    for (const head of ['Voltage (V)', 'U/V', 'bias in V', 'V [V]', 'volts'])
      expect(
        parseCurveText([`${head},J`, ...volts.map((v, i) => `${v},${amps[i]}`)].join('\n')).detected.voltageUnit,
      ).toBe('V');
  });
  it('needs the area for A or mA', () => {
    const text = ['V,I (mA)', ...volts.map((v, i) => `${v},${amps[i]}`)].join('\n');
    expect(() => parseCurveText(text)).toThrow(/area/);
  });
  it('accepts explicit overrides and spreadsheet rows', () => {
    const rows = [['bias', 'x', 'y'], ...volts.map((v, i) => [v, 0, String(amps[i]! * 1e-3)])];
    const c = parseCurveRows(rows, { voltageColumn: 0, currentColumn: 2, currentUnit: 'A/cm2' });
    expect(c.detected.currentColumn).toBe(2);
    expect(c.measured.jMaCm2[10]).toBeCloseTo(amps[10]!, 9);
  });
  it('accepts semicolons with decimal commas, detects dark curves', () => {
    const dark = new SdmSolver({ ...p, jphMaCm2: 0 });
    const text = volts
      .map((v) => `${String(v).replace('.', ',')};${String(dark.jAtV(v)).replace('.', ',')}`)
      .join('\n');
    const c = parseCurveText(text);
    expect(c.detected.illumination).toBe('dark');
    expect(c.warnings.some((w) => w.text.includes('voltage unit not stated'))).toBe(true);
    expect(c.warnings).toContainEqual(expect.objectContaining({ code: 'curve.voltage-unit' }));
  });
  it('gives clear messages for bad files', () => {
    expect(() => parseCurveText('hello\nworld\n')).toThrow(/no numeric data/);
    expect(() => parseCurveText('V\n0.1\n0.2\n0.3')).toThrow(/only one column/);
    const withNan = ['V,J', ...volts.map((v, i) => `${v},${i === 7 ? 'NaN' : amps[i]}`)].join('\n');
    expect(() => parseCurveText(withNan)).toThrow(/row 9: the current value is not a number/);
    const short = ['V,J', ...volts.slice(0, 9).map((v, i) => `${v},${amps[i]}`)].join('\n');
    expect(() => parseCurveText(short)).toThrow(/9 points; at least 10/);
    const loop = ['V,J', ...[...volts, ...volts.slice(0, 20).reverse()].map((v) => `${v},1`)].join('\n');
    expect(() => parseCurveText(loop)).toThrow(/not monotonic at row 143/);
    expect(() => parseCurveText(short)).toThrow(CurveParseError);
  });
  it('reads a SCAPS .iv file with its recombination columns', () => {
    const head = [
      'SCAPS 3.3.10 ELIS-UGent: Version scaps3310.exe',
      'Simulation of I-V curves',
      '',
      '    v(V)\tjtot(mA/cm2)\tj_total_rec(mA/cm2)\tjbulk(mA/cm2)\tjifr(mA/cm2)\tj_SRH(mA/cm2)\tj_Radiative(mA/cm2)\tj_Auger(mA/cm2)',
      '',
    ];
    const body = volts.map(
      (v, i) =>
        `  ${v.toFixed(6)}\t  ${amps[i]!.toExponential(8)}\t ${(p.jphMaCm2 - amps[i]!).toExponential(8)}\t 1.0e-1\t 2.0e-2\t 1.0e-1\t 3.0e-5\t 0.0e+00`,
    );
    const tail = [
      '',
      'solar cell parameters deduced from calculated IV-curve:',
      'Voc =\t    1.149480\tVolt',
      'Jsc =\t   22.9655\tmA/cm2',
      'FF =\t   78.5\t%',
      'eta =\t   20.72\t%',
    ];
    const iv = parseScapsIv([...head, ...body, ...tail].join('\n'));
    expect(iv.measured.voltageV.length).toBe(141);
    expect(Object.keys(iv.scapsColumns)).toEqual(['j_total_rec', 'jbulk', 'jifr', 'j_SRH', 'j_Radiative', 'j_Auger']);
    expect(iv.scapsSummary['Voc']).toBeCloseTo(1.14948, 6);
    expect(iv.scapsSummary['eta']).toBeCloseTo(20.72, 6);
    const fit = fitMeasuredCurve(iv, { model: 'sdm', tK: 300 });
    expect(Math.abs(fit.params['n']! / 1.6 - 1)).toBeLessThan(1e-4);
    expect(Math.abs(fit.modelKeyFigures!.vocV - solver.vocV())).toBeLessThan(1e-5);
  });
});
