import { type ElectricalDeviceSpecLike, runTandemSimulation } from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
import { ExportError, exportResult } from '../../../src/export/index.js';
import { fileAssets, openXlsx, readJson, sheet, sheetRows } from './helpers.js';

/**
 * The sheets of a tandem run, read back from the XLSX: the electrical perovskite/silicon example,
 * coarsened (fewer wavelengths and nodes, a short thickness sweep) to keep the test fast.
 */
const assets = fileAssets();
const exportedAt = new Date('2026-11-25T08:00:00Z');
const input = readJson<ElectricalDeviceSpecLike & { electrical: Record<string, unknown> }>(
  'assets/devices/perovskite-silicon-tandem-electrical.device.json',
);
input.illumination!.wavelength = { startNm: 300, endNm: 1200, stepNm: 20 };
Object.assign(input.electrical, {
  gridPoints: 200,
  tandem: { thicknessSweep: { layer: 'perovskite', fromNm: 100, toNm: 500, points: 3 } },
});
const result = runTandemSimulation(input, assets);

describe('elec export of a monolithic tandem', () => {
  it('writes the 2T, 4T and subcell figures, the photocurrents with the mismatch, every J-V, the generation and the thickness sweep', async () => {
    const out = await exportResult({ kind: 'elec', input, result, name: 'tandem', format: 'xlsx', exportedAt });
    const wb = await openXlsx(out.body);
    const names = wb.worksheets.map((w) => w.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Tandem figures',
        'Tandem summary',
        'Tandem J-V (2T)',
        'top cell J-V',
        'bottom cell J-V',
        'top cell generation',
        'bottom cell generation',
        'Thickness sweep',
        'Current matching',
      ]),
    );
    const fig = sheetRows(sheet(wb, 'Tandem figures'));
    expect(fig[0]).toEqual(['Curve', 'Jsc (mA/cm²)', 'Voc (V)', 'FF (fraction)', 'PCE (%)', 'Vmp (V)', 'Jmp (mA/cm²)']);
    expect(fig[1]![0]).toBe('2T (subcells in series)');
    expect(fig[1]![3]).toBeCloseTo(result.series!.figures.FF, 12);
    expect(fig[2]![0]).toBe('top cell');
    expect(fig[2]![4]).toBeCloseTo(result.subcells[0].figures!.PCE_percent, 12);
    const summary = new Map(sheetRows(sheet(wb, 'Tandem summary')).map((r) => [r[0], r[1]]));
    expect(summary.get('Limiting subcell')).toBe(result.mismatch.limiting);
    expect(summary.get('PCE 4T (top + bottom)')).toBeCloseTo(result.fourTerminal!.pcePercent, 12);
    expect(summary.get('Photocurrent, bottom cell')).toBeCloseTo(result.subcells[1].jPhotoMaCm2, 12);
    const jv = sheetRows(sheet(wb, 'Tandem J-V (2T)'));
    expect(jv[0]).toEqual(['V (V)', 'J (mA/cm²)']);
    expect(jv.length - 1).toBe(result.series!.V.length);
    const sw = sheetRows(sheet(wb, 'Thickness sweep'));
    expect(sw[0]).toEqual(['Thickness of perovskite (nm)', 'J top (mA/cm²)', 'J bottom (mA/cm²)']);
    expect(sw.slice(1).map((r) => r[0])).toEqual([100, 300, 500]);
  });

  it('writes the whole stack run as one device beside the series result', async () => {
    // the example with its ITO recombination layer replaced by a recombination interface (the whole
    // stack needs contiguous electrical layers), the silicon's bands meeting the PTAA's at it
    const whole = structuredClone(input);
    whole.layers = whole.layers.filter((l) => l.name !== 'ITO recombination');
    for (const l of whole.layers) if (l.subcell === 'bottom') l.electrical!.chiEV = 2.25 + 3.15;
    Object.assign(whole.electrical, {
      interfaces: [{ between: ['PTAA', 'n+ c-Si'], sNCmPerS: 1e7, sPCmPerS: 1e7 }],
      tandem: { fullStack: true },
    });
    const r = runTandemSimulation(whole, assets);
    const light = r.fullStack!.light!;
    expect(light.converged, light.error?.text).toBe(true);
    const out = await exportResult({
      kind: 'elec',
      input: whole,
      result: r,
      name: 'tandem',
      format: 'xlsx',
      exportedAt,
    });
    const wb = await openXlsx(out.body);
    expect(wb.worksheets.map((w) => w.name)).toEqual(
      expect.arrayContaining(['Stack J-V light', 'Stack Recombination light', 'Stack Bias light 0 V']),
    );
    const jv = sheetRows(sheet(wb, 'Stack J-V light'));
    expect(jv.length - 1).toBe(light.V.length);
    const fig = sheetRows(sheet(wb, 'Tandem figures'));
    const row = fig.find((q) => q[0] === '2T (whole stack, drift-diffusion)')!;
    expect(row[4]).toBeCloseTo(light.figures!.PCE_percent, 12);
  });

  it('names the broken field of a damaged tandem result', async () => {
    const broken = { ...result, subcells: [{ ...result.subcells[0], jPhotoMaCm2: 'x' }, result.subcells[1]] };
    await expect(
      exportResult({ kind: 'elec', input, result: broken, name: 'tandem', format: 'xlsx', exportedAt }),
    ).rejects.toThrow(ExportError);
    await expect(
      exportResult({ kind: 'elec', input, result: broken, name: 'tandem', format: 'xlsx', exportedAt }),
    ).rejects.toThrow(/result\.subcells\[0\]\.jPhotoMaCm2/);
  });
});
