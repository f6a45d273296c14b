import { type ElectricalDeviceSpecLike, runDeviceSimulation } from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
import { exportResult } from '../../../src/export/index.js';
import { column, fileAssets, openXlsx, readJson, sheet, sheetRows } from './helpers.js';

/**
 * The defect and capacitance sheets of an electrical export, read back from the XLSX: the
 * perovskite example with a Gaussian bulk defect and interface defects at both transport layers,
 * with a C-V and a C-f sweep added and the mesh coarsened to keep the test fast.
 */
const assets = fileAssets();
const exportedAt = new Date('2026-11-25T08:00:00Z');
const input = readJson<ElectricalDeviceSpecLike & { electrical: Record<string, unknown> }>(
  'assets/devices/perovskite-pin-defects-electrical.device.json',
);
Object.assign(input.electrical, {
  gridPoints: 150,
  voltageSweep: { startV: 0, stopV: 1.2, stepV: 0.1 },
  capacitanceVoltage: { frequencyHz: 1e4, startV: -0.5, stopV: 0.5, stepV: 0.1 },
  capacitanceFrequency: { voltageV: 0, startHz: 100, stopHz: 1e6, points: 9 },
});
const result = runDeviceSimulation(input, assets);

describe('elec export of defects, C-V and C-f', () => {
  it('writes the trapped charge, occupation, per-defect recombination, defect losses, C-V with its Mott-Schottky line and C-f', async () => {
    expect(result.light?.converged).toBe(true);
    const out = await exportResult({ kind: 'elec', input, result, name: 'defects', format: 'xlsx', exportedAt });
    const wb = await openXlsx(out.body);
    const names = wb.worksheets.map((w) => w.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'C-V',
        'Mott-Schottky',
        'C-f',
        'C-f summary',
        'Defect losses',
        'Interface defects light',
      ]),
    );

    const cv = result.capacitanceVoltage!;
    const cvSheet = sheet(wb, 'C-V');
    // the p-i-n cell is depleted through: no line, no doping, and the reason in the sheet
    expect(cv.mottSchottky).toBeUndefined();
    expect(sheetRows(cvSheet)[0]).toEqual(['V (V)', 'C (F/cm²)', '1/C² (cm⁴/F²)']);
    expect(column(cvSheet, 'C (F/cm²)')).toEqual(cv.C_F_cm2);
    const ms = Object.fromEntries(
      sheetRows(sheet(wb, 'Mott-Schottky'))
        .slice(1)
        .map((r) => [r[0], r[1]]),
    );
    expect(ms['Mott-Schottky doping']).toBeUndefined();
    expect(ms['Range searched from']).toBe(-0.5);
    expect(ms['Range searched to']).toBe(0);
    expect(ms['Geometric capacitance']).toBe(cv.mottSchottkyCheck!.geometric_F_cm2);
    expect(ms['Equilibrium potential drop (W anode - W cathode)']).toBe(cv.mottSchottkyCheck!.builtIn_V);
    expect(String(ms['Note'])).toMatch(/^no Mott-Schottky reading: C stays within 2 times the geometric capacitance/);

    const cf = result.capacitanceFrequency!;
    expect(column(sheet(wb, 'C-f'), '-f dC/df (F/cm²)')).toEqual(cf.minusFdCdf_F_cm2);

    const losses = sheetRows(sheet(wb, 'Defect losses'));
    expect(losses.slice(1).map((r) => r.slice(0, 4))).toEqual([
      ['layer', 'MAPbI3', 'Gaussian deep acceptor', 'acceptor'],
      ['interface', 'PTAA/MAPbI3', 'HTL interface', 'neutral'],
      ['interface', 'MAPbI3/PCBM', 'ETL interface', 'acceptor'],
    ]);
    expect(losses[1]![7]).toBe(result.defectLosses![0]!.deltaPCE_percent);

    const bias = sheet(wb, 'Bias light 0 V');
    const p0 = result.light!.profiles[0]!;
    expect(column(bias, 'Trapped charge (q cm⁻³)')).toEqual(p0.trappedCharge_cm3);
    const occ = sheetRows(bias)[0]!.find((x) => String(x).startsWith('Occupation MAPbI3 defect 1 acceptor'));
    expect(occ).toBe('Occupation MAPbI3 defect 1 acceptor (fraction)');
    expect(sheetRows(sheet(wb, 'Recombination light'))[0]).toContain('MAPbI3 defect 1 (mA/cm²)');
  });
});
