/**
 * The PCE on the simulated wavelength window (as SCAPS divides) beside the PCE on the whole
 * spectrum: the same maximum power over the window's incident power, computed here from the
 * spectrum's own table.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDeviceSimulation } from '../../src/device/simulate.js';
import { assets, fixture, repoRoot } from './helpers.js';

/** The fixture with a short sweep and no EQE, under the given illumination. */
function cell(illumination: unknown) {
  const d = fixture();
  d.illumination = illumination;
  d.electrical.voltageSweep = { startV: 0, stopV: 1.3, stepV: 0.1 };
  delete d.electrical.eqe;
  delete d.electrical.darkJV;
  return d;
}

/** Trapezoid integral of the AM1.5G table's irradiance over its points in [from, to] (both on the table), W/m^2. */
function am15gWm2(from: number, to: number): number {
  const rows = readFileSync(join(repoRoot, 'assets/data/spectra/am15g.csv'), 'utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((l) => l.split(',').map(Number) as [number, number])
    .filter(([w]) => w >= from && w <= to);
  let s = 0;
  for (let i = 1; i < rows.length; i++) s += 0.5 * (rows[i]![0] - rows[i - 1]![0]) * (rows[i]![1] + rows[i - 1]![1]);
  return s;
}

describe('PCE on the wavelength window', () => {
  it('is the PCE on the window power: AM1.5G seen through 300-850 nm', () => {
    const r = runDeviceSimulation(
      cell({
        spectrum: { kind: 'builtin', id: 'AM1.5G' },
        suns: 1,
        wavelength: { startNm: 300, endNm: 850, stepNm: 2 },
      }),
      assets,
    );
    const f = r.light!.figures!;
    expect(r.incidentPowerMwCm2).toBeCloseTo(0.1 * am15gWm2(0, 5000), 9);
    expect(r.incidentPowerWindowMwCm2).toBeCloseTo(0.1 * am15gWm2(300, 850), 9);
    // most of the sun's power lies outside 300-850 nm for this purpose: the two differ plainly
    expect(r.incidentPowerWindowMwCm2! / r.incidentPowerMwCm2).toBeLessThan(0.7);
    expect(f.pceWindowPercent! / f.PCE_percent).toBeCloseTo(r.incidentPowerMwCm2 / r.incidentPowerWindowMwCm2!, 12);
    expect(f.pceWindowPercent).toBeCloseTo((100 * f.Pmax_mW_cm2) / r.incidentPowerWindowMwCm2!, 9);
  });

  it('agrees with the full-spectrum PCE when the window holds all the light (a lamp table, a line)', () => {
    const lamp = {
      kind: 'tabulated',
      name: 'lamp',
      wavelengthNm: [300, 400, 500, 600, 700, 800, 850],
      irradianceWm2Nm: [0, 1, 2, 2.5, 2, 1, 0],
    };
    const r = runDeviceSimulation(
      cell({ spectrum: lamp, wavelength: { startNm: 300, endNm: 850, stepNm: 5 } }),
      assets,
    );
    // trapezoids of the table: 50 + 150 + 225 + 225 + 150 + 25 W/m^2
    expect(r.incidentPowerMwCm2).toBeCloseTo(82.5, 12);
    expect(r.incidentPowerWindowMwCm2).toBe(r.incidentPowerMwCm2);
    expect(r.light!.figures!.pceWindowPercent).toBe(r.light!.figures!.PCE_percent);

    const line = { kind: 'monochromatic', wavelengthNm: 600, irradianceWm2: 100 };
    const m = runDeviceSimulation(
      cell({ spectrum: line, wavelength: { startNm: 300, endNm: 850, stepNm: 1 } }),
      assets,
    );
    expect(m.incidentPowerWindowMwCm2).toBe(m.incidentPowerMwCm2);
    expect(m.light!.figures!.pceWindowPercent).toBe(m.light!.figures!.PCE_percent);
  });

  it('divides by the light inside the window only: the lamp through 450-750 nm', () => {
    const lamp = {
      kind: 'tabulated',
      name: 'lamp',
      wavelengthNm: [300, 400, 500, 600, 700, 800, 850],
      irradianceWm2Nm: [0, 1, 2, 2.5, 2, 1, 0],
    };
    const r = runDeviceSimulation(
      cell({ spectrum: lamp, wavelength: { startNm: 450, endNm: 750, stepNm: 5 } }),
      assets,
    );
    // 1.5 W/m^2/nm interpolated at both ends: 87.5 + 225 + 225 + 87.5 W/m^2
    expect(r.incidentPowerWindowMwCm2).toBeCloseTo(62.5, 12);
    const f = r.light!.figures!;
    expect(f.pceWindowPercent! / f.PCE_percent).toBeCloseTo(82.5 / 62.5, 12);
  });
});
