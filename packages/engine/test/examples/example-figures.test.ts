import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDeviceSimulation } from '../../src/device/simulate.js';
import type { ElectricalDeviceSpecLike } from '../../src/device/types.js';
import type { ElectricalJvFigures } from '../../src/electrical/types.js';
import { runDeviceOptics } from '../../src/optics/device.js';
import { runTandemSimulation } from '../../src/tandem/simulate.js';
import { assets, repoRoot } from '../device/helpers.js';

/**
 * Every public example (assets/devices) says what it models, and gives what it says (issue 29):
 * assets/devices/example-figures.json lists each one's figures, and the example runs here through
 * the engine as the server would run it (optics, drift-diffusion, the tandem in series) with its
 * figures checked against that band. Its description states the same figures in both languages,
 * and a generic device is named one in both languages.
 */

const dir = join(repoRoot, 'assets/devices');

interface Band {
  jscMaCm2: number;
  vocV: number;
  ffPercent: number;
  pcePercent: number;
}
interface Entry extends Partial<Band> {
  file: string;
  kind: 'generic' | 'measured';
  /** Optical examples: the absorber layer and its photocurrent, mA/cm^2. */
  absorber?: string;
  jphMaCm2?: number;
  /** Tandems: the largest allowed difference of the subcells' photocurrents, mA/cm^2. */
  matchMaCm2?: number;
}
const table = JSON.parse(readFileSync(join(dir, 'example-figures.json'), 'utf8')) as { band: Band; examples: Entry[] };
const band = table.band;

// biome-ignore lint/suspicious/noExplicitAny: the example files are plain JSON read as DeviceSpecs
const load = (file: string): any => JSON.parse(readFileSync(join(dir, file), 'utf8'));

/** The example's light J-V figures as a user gets them, without the extra studies it asks for. */
function jvFigures(spec: ElectricalDeviceSpecLike): ElectricalJvFigures {
  const e = spec.electrical!;
  for (const k of ['eqe', 'transient', 'impedance', 'capacitanceVoltage', 'capacitanceFrequency'] as const) delete e[k];
  const r = runDeviceSimulation(spec, assets);
  expect(r.light?.converged, r.light?.error?.text).toBe(true);
  return r.light!.figures!;
}

function expectInBand(got: Band, want: Entry) {
  expect(Math.abs(got.jscMaCm2 - want.jscMaCm2!), `Jsc ${got.jscMaCm2}`).toBeLessThanOrEqual(band.jscMaCm2);
  expect(Math.abs(got.vocV - want.vocV!), `Voc ${got.vocV}`).toBeLessThanOrEqual(band.vocV);
  expect(Math.abs(got.ffPercent - want.ffPercent!), `FF ${got.ffPercent}`).toBeLessThanOrEqual(band.ffPercent);
  expect(Math.abs(got.pcePercent - want.pcePercent!), `PCE ${got.pcePercent}`).toBeLessThanOrEqual(band.pcePercent);
}

const asBand = (f: ElectricalJvFigures): Band => ({
  jscMaCm2: f.Jsc_mA_cm2,
  vocV: f.Voc_V,
  ffPercent: 100 * f.FF,
  pcePercent: f.PCE_percent,
});

describe('every public example gives the figures it states', () => {
  it('lists every shipped example once', () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.device.json'));
    expect(table.examples.map((e) => e.file).sort()).toEqual(files.sort());
  });

  it.each(table.examples)('$file: names what it models and states its figures in both languages', (e) => {
    const spec = load(e.file);
    const text = spec.description as string;
    // the DeviceSpec's and the library's limit: a longer one would be refused when copied or run
    expect(text.length).toBeLessThanOrEqual(2000);
    expect(spec.name.length).toBeLessThanOrEqual(100);
    if (e.kind === 'generic') {
      expect(spec.name).toMatch(/^通用.*\| Generic /);
      expect(text).toMatch(/^通用器件，不是实测电池：/);
      expect(text).toContain(' A generic device, not a measured cell: ');
    }
    const stated =
      e.jphMaCm2 !== undefined
        ? [`${e.jphMaCm2.toFixed(1)} mA/cm²`]
        : [
            `Jsc ${e.jscMaCm2!.toFixed(1)} mA/cm²`,
            `Voc ${e.vocV!.toFixed(3)} V`,
            `FF ${e.ffPercent!.toFixed(1)} %`,
            `PCE ${e.pcePercent!.toFixed(1)} %`,
          ];
    // each figure twice: once in each language
    for (const s of stated) expect(text.split(s).length - 1, s).toBeGreaterThanOrEqual(2);
  });

  it.each(table.examples)('$file: runs within its band', (e) => {
    const spec = load(e.file);
    if (e.jphMaCm2 !== undefined) {
      const layer = runDeviceOptics(spec, assets, 2).report.layers.find((l) => l.name === e.absorber);
      expect(layer, e.absorber).toBeDefined();
      expect(Math.abs(layer!.jphMaCm2 - e.jphMaCm2), `Jph ${layer!.jphMaCm2}`).toBeLessThanOrEqual(band.jscMaCm2);
      return;
    }
    if (spec.electrical.tandem) {
      delete spec.electrical.tandem.thicknessSweep;
      const r = runTandemSimulation(spec, assets);
      const [top, bottom] = r.subcells;
      expect(Math.abs(top.jPhotoMaCm2 - bottom.jPhotoMaCm2), 'top - bottom photocurrent').toBeLessThanOrEqual(
        e.matchMaCm2!,
      );
      expect(r.series, 'the subcells in series').toBeDefined();
      expectInBand(asBand(r.series!.figures), e);
      return;
    }
    expectInBand(asBand(jvFigures(spec)), e);
  });
});
