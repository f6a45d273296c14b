import { type ElectricalDeviceSpecLike, runDeviceSimulation } from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
import { ExportError, exportResult } from '../../../src/export/index.js';
import { column, fileAssets, openXlsx, parseCsv, readJson, sheet, sheetRows, unzip } from './helpers.js';

/**
 * The transient protocol's and the impedance spectrum's sheets of an electrical export, read back
 * from the XLSX and the CSV zip: the mobile-ion example device, coarsened to keep the test fast.
 */
const assets = fileAssets();
const exportedAt = new Date('2026-11-25T08:00:00Z');
const input = readJson<ElectricalDeviceSpecLike & { electrical: Record<string, unknown> }>(
  'assets/devices/perovskite-pin-ions-electrical.device.json',
);
Object.assign(input.electrical, {
  gridPoints: 150,
  voltageSweep: { startV: 0, stopV: 1.25, stepV: 0.05 },
  impedance: { voltageV: 1, startHz: 0.01, stopHz: 1e5, points: 8 },
});
const result = runDeviceSimulation(input, assets);
const tr = result.transient!;
const z = result.impedance!;

describe('elec export of a transient protocol and an impedance spectrum', () => {
  it('writes the samples, the scans with their figures and the hysteresis index, the profiles in time and the impedance table', async () => {
    expect(tr.converged, tr.error?.text).toBe(true);
    const out = await exportResult({ kind: 'elec', input, result, name: 'ions', format: 'xlsx', exportedAt });
    const wb = await openXlsx(out.body);
    const names = wb.worksheets.map((w) => w.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Transient',
        'Transient summary',
        'Scan figures',
        'Scan 1 reverse',
        'Scan 2 forward',
        'Transient profiles',
        'Profile t=5 s',
        'Profile t=31 s',
        'Impedance',
        'Impedance summary',
      ]),
    );
    // the transient sheets come after the J-V ones and before the optics
    expect(names.indexOf('Transient')).toBeGreaterThan(names.indexOf('J-V light'));
    expect(names.indexOf('Impedance')).toBeLessThan(names.indexOf('Optics Spectra R T A'));

    const samples = sheet(wb, 'Transient');
    expect(sheetRows(samples)[0]).toEqual(['Time (s)', 'V (V)', 'J (mA/cm²)', 'Light (1 = on)']);
    expect(column(samples, 'Time (s)')).toEqual(tr.t_s);
    expect(column(samples, 'J (mA/cm²)')).toEqual(tr.J_mA_cm2);
    expect(column(samples, 'Light (1 = on)')).toEqual(tr.light);

    const summary = Object.fromEntries(
      sheetRows(sheet(wb, 'Transient summary'))
        .slice(1)
        .map((r) => [r[0], r[1]]),
    );
    expect(summary['Hysteresis index']).toBe(tr.hysteresisIndex);
    expect(summary['Converged']).toBe(true);

    const figs = sheetRows(sheet(wb, 'Scan figures'));
    expect(figs[0]).toEqual([
      'Scan',
      'Direction',
      'Rate (V/s)',
      'Jsc (mA/cm²)',
      'Voc (V)',
      'FF (fraction)',
      'PCE (%)',
      'Vmp (V)',
      'Jmp (mA/cm²)',
    ]);
    expect(figs.slice(1).map((r) => r.slice(0, 3))).toEqual([
      [1, 'reverse', 0.1],
      [2, 'forward', 0.1],
    ]);
    expect(figs[1]![6]).toBe(tr.scans[0]!.figures!.PCE_percent);
    expect(column(sheet(wb, 'Scan 2 forward'), 'J (mA/cm²)')).toEqual(tr.scans[1]!.J_mA_cm2);

    const last = sheetRows(sheet(wb, 'Profile t=31 s'));
    expect(last[0]).toContain('Ions 1 MAPbI3 + (cm⁻³)');
    expect(column(sheet(wb, 'Profile t=31 s'), 'Ions 1 MAPbI3 + (cm⁻³)')).toEqual(
      tr.profiles.at(-1)!.ions![0]!.density_cm3,
    );
    expect(
      sheetRows(sheet(wb, 'Transient profiles'))
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(tr.profiles.map((p) => p.t_s));

    const imp = sheet(wb, 'Impedance');
    expect(sheetRows(imp)[0]).toEqual([
      'Frequency (Hz)',
      "Z' (Ω·cm²)",
      "Z'' (Ω·cm²)",
      '|Z| (Ω·cm²)',
      'Phase (°)',
      'C (F/cm²)',
    ]);
    expect(column(imp, 'Frequency (Hz)')).toEqual(z.frequency_Hz);
    expect(column(imp, "Z'' (Ω·cm²)")).toEqual(z.Z_im_ohm_cm2);
    const abs = column(imp, '|Z| (Ω·cm²)') as number[];
    const phase = column(imp, 'Phase (°)') as number[];
    abs.forEach((a, i) => {
      expect(a).toBeCloseTo(Math.hypot(z.Z_re_ohm_cm2[i]!, z.Z_im_ohm_cm2[i]!), 9);
      expect(phase[i]!).toBeCloseTo((Math.atan2(z.Z_im_ohm_cm2[i]!, z.Z_re_ohm_cm2[i]!) * 180) / Math.PI, 9);
    });
    expect(column(imp, 'C (F/cm²)')).toEqual(z.C_F_cm2);
  }, 60_000);

  it('writes the same sheets as CSV files, with bilingual headers when asked', async () => {
    const out = await exportResult({
      kind: 'elec',
      input,
      result,
      name: 'ions',
      format: 'csv-zip',
      exportedAt,
      headers: 'zh-en',
    });
    const files = unzip(out.body);
    const name = (s: string) => Object.keys(files).find((f) => f.endsWith(` ${s}.csv`))!;
    const samples = parseCsv(files[name('Transient')]!.slice(1));
    expect(samples[0]).toEqual(['时间 (Time, s)', '电压 (V, V)', '电流密度 (J, mA/cm²)', '光照 (Light, 1 = on)']);
    expect(samples.slice(1).map((r) => Number(r[2]))).toEqual(tr.J_mA_cm2);
    const imp = parseCsv(files[name('Impedance')]!.slice(1));
    expect(imp[0]).toEqual([
      '频率 (Frequency, Hz)',
      "阻抗实部 (Z', Ω·cm²)",
      "阻抗虚部 (Z'', Ω·cm²)",
      '阻抗模 (|Z|, Ω·cm²)',
      '相位 (Phase, °)',
      '电容 (C, F/cm²)',
    ]);
    expect(imp.slice(1).map((r) => Number(r[1]))).toEqual(z.Z_re_ohm_cm2);
    const figs = parseCsv(files[name('Scan figures')]!.slice(1));
    expect(figs[0]!.slice(0, 3)).toEqual(['扫描 (Scan)', '方向 (Direction)', '扫描速率 (Rate, V/s)']);
  }, 60_000);

  it('names the field when a stored transient is broken', async () => {
    const broken = structuredClone(result) as unknown as { transient: { J_mA_cm2: number[] } };
    broken.transient.J_mA_cm2 = broken.transient.J_mA_cm2.slice(1);
    await expect(
      exportResult({ kind: 'elec', input, result: broken, name: 'x', format: 'xlsx', exportedAt }),
    ).rejects.toThrow(ExportError);
    await expect(
      exportResult({ kind: 'elec', input, result: broken, name: 'x', format: 'xlsx', exportedAt }),
    ).rejects.toThrow(/result\.transient\.J_mA_cm2/);
  });
});
