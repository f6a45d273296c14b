import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simulateSdm } from '@pvforge/engine';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../../../test-support/cli.js';

/**
 * A measured curve as a lab exports it: current in mA for a 0.09 cm^2 cell, photocurrent negative,
 * voltage in mV, in an XLSX workbook and in a CSV. The fit must recover the generating parameters.
 */
const _root = join(import.meta.dirname, '..', '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'pvf-fit-'));
const truth = { jphMaCm2: 23.4, j0MaCm2: 2e-10, n: 1.35, rsOhmCm2: 2.1, rshOhmCm2: 3500, tK: 300 };
const areaCm2 = 0.09;

beforeAll(async () => {
  const voltageV = Array.from({ length: 241 }, (_, i) => -0.1 + i * 0.005);
  const j = simulateSdm(truth, voltageV).jMaCm2;
  const rows = voltageV.map((v, i) => [v * 1000, -j[i]! * areaCm2]);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('JV');
  ws.addRow(['Voltage (mV)', 'Current (mA)']);
  for (const r of rows) ws.addRow(r);
  await wb.xlsx.writeFile(join(dir, 'jv.xlsx'));
  writeFileSync(join(dir, 'jv.csv'), `Voltage (mV),Current (mA)\n${rows.map((r) => r.join(',')).join('\n')}\n`);
  writeFileSync(join(dir, 'one-column.csv'), `V\n${voltageV.join('\n')}\n`);
});

describe('pvforge fit', () => {
  for (const file of ['jv.xlsx', 'jv.csv']) {
    it(`recovers the single-diode parameters from ${file} in mV and mA with the area`, { timeout: 30_000 }, () => {
      const r = cli('fit', join(dir, file), '--area', String(areaCm2));
      expect(r.code, r.err).toBe(0);
      const res = JSON.parse(r.out) as { fit: { params: Record<string, number>; rmseMaCm2: number } };
      const p = res.fit.params;
      expect(p['jphMaCm2']! / truth.jphMaCm2).toBeCloseTo(1, 4);
      expect(p['n']! / truth.n).toBeCloseTo(1, 3);
      expect(p['rsOhmCm2']! / truth.rsOhmCm2).toBeCloseTo(1, 2);
      expect(Math.log10(p['j0MaCm2']!)).toBeCloseTo(Math.log10(truth.j0MaCm2), 2);
      // Noise-free data; what remains is the default resampling to 1000 points (monotone cubic through
      // 241 measured points), about 1e-5 mA/cm^2.
      expect(res.fit.rmseMaCm2).toBeLessThan(1e-4);
      expect(r.err).toMatch(/jphMaCm2/);
    });
  }

  it('explains a bad file and a missing area instead of fitting garbage', { timeout: 60_000 }, () => {
    const one = cli('fit', join(dir, 'one-column.csv'));
    expect(one.code).toBe(2);
    expect(one.err).toMatch(/column/i);
    const noArea = cli('fit', join(dir, 'jv.csv'));
    expect(noArea.code).toBe(2);
    expect(noArea.err).toMatch(/area/i);
    const notXlsx = join(dir, 'broken.xlsx');
    writeFileSync(notXlsx, 'this is not a workbook');
    const broken = cli('fit', notXlsx);
    expect(broken.code).toBe(2);
    expect(broken.err).toMatch(/not a readable \.xlsx/);
  });
});
