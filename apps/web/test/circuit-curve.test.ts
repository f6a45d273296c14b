import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { fileKind, previewCurve, RECOMMENDED_POINTS } from '../src/pages/plat/calc/CircuitModel';
import { decodeXml, readXlsxRows } from '../src/pages/plat/calc/CircuitXlsx';

const samplePath = join(import.meta.dirname, '..', 'public', 'downloads', 'sample-perovskite-jv.csv');

const table = (rows: Array<[number, number]>, header = 'voltage_V,current_density_mA_cm2') =>
  [header, ...rows.map(([v, j]) => `${v},${j}`)].join('\n');
const diode = (n: number, v0 = 0, v1 = 1.2) =>
  Array.from({ length: n }, (_, i) => {
    const v = v0 + ((v1 - v0) * i) / (n - 1);
    return [Number(v.toFixed(4)), Number((22 - 1e-9 * Math.expm1(v / 0.0388)).toFixed(4))] as [number, number];
  });

describe('measured-curve preview', () => {
  it('reads the sample curve of the help page as the server will', () => {
    const p = previewCurve({ text: readFileSync(samplePath, 'utf8'), format: 'table' });
    if (!p.ok) throw new Error(p.message);
    expect(p.measuredPoints).toBe(1001);
    expect(p.fewPoints).toBe(false);
    expect(p.curve.detected.illumination).toBe('light');
    expect(p.curve.detected.voltageUnit).toBe('V');
    expect(p.curve.detected.currentUnit).toBe('mA/cm2');
    expect(p.jFirst).toBeGreaterThan(22.5);
    expect(p.jFirst).toBeLessThan(23.5);
    expect(p.curve.voltageV).toHaveLength(1000);
  });

  it('warns below about 1000 measured points', () => {
    const p = previewCurve({ text: table(diode(121)), format: 'table' });
    expect(p.ok && p.fewPoints).toBe(true);
    expect(p.ok && p.measuredPoints).toBe(121);
    expect(RECOMMENDED_POINTS).toBe(1000);
  });

  it('detects mV and A with the area, flips a negative photocurrent, reverses a reverse sweep', () => {
    const rows = diode(50)
      .reverse()
      .map(([v, j]) => [v * 1000, -j * 1e-3 * 0.1] as [number, number]);
    const text = table(rows, 'Voltage (mV),Current (A)');
    const without = previewCurve({ text, format: 'table' });
    expect(without.ok).toBe(false);
    expect(!without.ok && without.message).toMatch(/area/);
    const p = previewCurve({ text, format: 'table' }, { areaCm2: 0.1 });
    if (!p.ok) throw new Error(p.message);
    expect(p.curve.detected.voltageUnit).toBe('mV');
    expect(p.curve.detected.currentUnit).toBe('A');
    expect(p.curve.detected.sweep).toBe('reverse');
    expect(p.curve.detected.signFlipped).toBe(true);
    expect(p.jFirst).toBeCloseTo(22, 3);
    expect(p.curve.measured.voltageV[0]).toBe(0);
  });

  it('honours unit overrides and semicolon tables with decimal commas', () => {
    const text = [
      'U;I',
      ...diode(20).map(([v, j]) => `${String(v).replace('.', ',')};${String(j).replace('.', ',')}`),
    ].join('\n');
    const p = previewCurve({ text, format: 'table' }, { voltageUnit: 'V', currentUnit: 'mA/cm2' });
    if (!p.ok) throw new Error(p.message);
    expect(p.measuredPoints).toBe(20);
    expect(p.curve.warnings).toEqual([]);
  });

  it('explains a curve it cannot use', () => {
    const few = previewCurve({ text: table(diode(5)), format: 'table' });
    expect(!few.ok && few.message).toMatch(/at least 10/);
    const loop = previewCurve({ text: table([...diode(12), ...diode(12).reverse()]), format: 'table' });
    expect(!loop.ok && loop.message).toMatch(/not monotonic/);
    const none = previewCurve({ text: 'hello\nworld', format: 'table' });
    expect(!none.ok && none.message).toMatch(/no numeric data/);
  });

  it('reads a SCAPS .iv table', () => {
    const lines = [
      'SCAPS 3.3.10 ELIS-UGent: Version scaps3310.exe',
      '',
      'v(V)  jtot(mA/cm2)  jbulk(mA/cm2)',
      ...diode(30).map(([v, j]) => `${v}  ${-j}  0.1`),
      '',
      'Voc = 1.1 V',
    ];
    const p = previewCurve({ text: lines.join('\n'), format: 'scaps-iv' });
    if (!p.ok) throw new Error(p.message);
    expect(p.measuredPoints).toBe(30);
    expect(p.curve.detected.signFlipped).toBe(true);
  });

  it('tells the file kinds apart', () => {
    expect(fileKind('a.csv')).toBe('table');
    expect(fileKind('a.TXT')).toBe('table');
    expect(fileKind('a.dat')).toBe('table');
    expect(fileKind('cell.iv')).toBe('scaps-iv');
    expect(fileKind('b.xlsx')).toBe('xlsx');
    expect(fileKind('b.xls')).toBe('xls');
    expect(fileKind('b.pdf')).toBe('unknown');
  });
});

describe('XLSX in the browser', () => {
  it('reads the first worksheet with numbers, shared strings and formula results included', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('notes').getCell('A1').value = 'measured on 2026-04-22 & calibrated';
    const ws = wb.addWorksheet('IV');
    ws.addRow(['Voltage (V)', 'J (mA/cm2)', 'comment <raw>']);
    const pts = diode(40);
    for (const [v, j] of pts) ws.addRow([v, j]);
    ws.getCell('D2').value = { formula: 'A2*2', result: 0 };
    const buf = new Uint8Array(await wb.xlsx.writeBuffer());
    const rows = await readXlsxRows(buf);
    expect(rows[0]).toEqual(['Voltage (V)', 'J (mA/cm2)', 'comment <raw>']);
    expect(rows).toHaveLength(41);
    expect(rows[1]?.[0]).toBe(pts[0]?.[0]);
    expect(rows[1]?.[3]).toBe(0);
    const p = previewCurve({ rows });
    if (!p.ok) throw new Error(p.message);
    expect(p.measuredPoints).toBe(40);
    expect(p.jFirst).toBeCloseTo(22, 3);
  });

  it('refuses what is not a workbook', async () => {
    await expect(readXlsxRows(new TextEncoder().encode('voltage,current\n0,1'))).rejects.toThrow(/ZIP/);
  });

  it('decodes XML entities', () => {
    expect(decodeXml('a &amp; b &lt;c&gt; &#8451; &#x2103;')).toBe('a & b <c> ℃ ℃');
  });
});
