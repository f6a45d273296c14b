import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUILTIN_SPECTRA, runDeviceSimulation } from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
import { importScaps } from '../../src/scaps/index.js';

const ROOT = join(import.meta.dirname, '../../../..');
const assets = {
  nkCsv: (id: string): string => {
    throw new Error(`an imported SCAPS device reads no n,k table (${id})`);
  },
  spectrumCsv: (id: string) => readFileSync(join(ROOT, 'assets', BUILTIN_SPECTRA[id]!), 'utf8'),
};

/**
 * An imported SCAPS device runs with the engine to a converged light J-V. SCAPS's own output of
 * this exact device is not published (the public .iv beside it, scapsml's reference_run.iv, is of a
 * different file and spectrum window), so the figures are held to independent bounds instead: Jsc
 * below the photon flux of AM1.5G above the absorber gap (every photon absorbed), Voc below Eg/q.
 */
describe('an imported SCAPS device runs with the engine', () => {
  it('legacy_3305.def (CsPbI3 n-i-p, square-root absorption): converged J-V within physical bounds', () => {
    const o = importScaps([{ name: 'legacy_3305.def', text: readFileSync(join(import.meta.dirname, '../fixtures/scaps/own/legacy_3305.def'), 'utf8') }]);
    if (!o.ok) throw new Error(o.error.text);
    const r = runDeviceSimulation(o.device, assets, {}) as unknown as { light: { figures: Record<string, number | string> } };
    const f = r.light.figures;
    expect(f.method).toBe('solved');
    // photon flux of AM1.5G between 300 nm and the CsPbI3 edge (1239.84 / 1.745 = 710.5 nm), as a current
    const rows = readFileSync(join(ROOT, 'assets', BUILTIN_SPECTRA['AM1.5G']!), 'utf8')
      .split(/\r?\n/)
      .map((l) => l.split(',').map(Number))
      .filter((c) => c.length >= 2 && Number.isFinite(c[0]) && Number.isFinite(c[1]) && c[0]! >= 300 && c[0]! <= 710.5);
    let jMax = 0;
    for (let i = 1; i < rows.length; i++) {
      const [w0, e0] = rows[i - 1]! as [number, number];
      const [w1, e1] = rows[i]! as [number, number];
      // q * E * lambda / (h c) integrated, W/m^2/nm -> mA/cm^2
      jMax += (0.5 * (e0 * w0 + e1 * w1) * (w1 - w0) * 1e-9) / (6.62607015e-34 * 2.99792458e8) * 1.602176634e-19 * 0.1;
    }
    expect(jMax).toBeGreaterThan(18);
    expect(f.Jsc_mA_cm2 as number).toBeGreaterThan(0.5 * jMax);
    expect(f.Jsc_mA_cm2 as number).toBeLessThan(jMax);
    expect(f.Voc_V as number).toBeGreaterThan(0.8);
    expect(f.Voc_V as number).toBeLessThan(1.745);
  });
});
