import { readFileSync } from 'node:fs';
import type { DeviceSpec } from '@pvforge/contracts';
import { judge, param, sayVerdict } from '@pvforge/params';
import { describe, expect, it } from 'vitest';
import { checkedFields } from '../src/components/device-editor/model';
import {
  deviceWarnings,
  estimateVoc,
  radiativeVoc,
  totalGrid,
  warningText,
} from '../src/components/device-editor/warnings';

const demo = JSON.parse(
  readFileSync(new URL('../../../assets/devices/perovskite-pin-electrical.device.json', import.meta.url), 'utf8'),
) as DeviceSpec;
const clone = () => JSON.parse(JSON.stringify(demo)) as DeviceSpec;

describe('spec §5 guidance as warnings', () => {
  it('has nothing to say about the demo device', () => {
    expect(deviceWarnings(demo.layers, demo.electrical)).toEqual([]);
  });

  it("shows the engine's Boltzmann-validity warning on the field it concerns", () => {
    const d = clone();
    d.layers[3]!.electrical!.ndCm3 = 5e19;
    const { errors, warnings } = checkedFields(d);
    expect(errors).toEqual([]);
    expect(deviceWarnings(d.layers, d.electrical, undefined, warnings)).toEqual([
      { path: 'layers.3.electrical.ndCm3', key: 'boltzmann', params: {} },
    ]);
    // with Fermi-Dirac statistics there is nothing to warn about
    d.electrical!.statistics = 'fermi-dirac';
    expect(checkedFields(d).warnings).toEqual([]);
  });

  it("shows the engine's warning of a defect distribution reaching past a band edge, by its code", () => {
    const d = clone();
    d.layers[3]!.electrical!.defects = [
      {
        type: 'donor',
        densityCm3: 1e14,
        energyEV: 0.1,
        energyReference: 'conduction',
        distribution: 'gaussian',
        widthEV: 0.1,
        cNCm3PerS: 1e-9,
        cPCm3PerS: 1e-9,
      },
    ];
    const { errors, warnings } = checkedFields(d);
    expect(errors).toEqual([]);
    expect(warnings.map((w) => w.detail?.code)).toEqual(['check.distribution-beyond-edge']);
    expect(deviceWarnings(d.layers, d.electrical, undefined, warnings)).toEqual([
      { path: 'layers.3.electrical.defects.0.widthEV', key: 'defectBeyondGap', params: { ev: '0.3' } },
    ]);
  });

  it('counts the grid: own grid points plus the shared budget', () => {
    const d = clone();
    expect(totalGrid(d.layers, d.electrical)).toBe(400);
    d.layers[3]!.electrical!.gridPoints = 300;
    expect(totalGrid(d.layers, d.electrical)).toBe(700);
    d.layers[2]!.electrical!.gridPoints = 50;
    d.layers[4]!.electrical!.gridPoints = 50;
    expect(totalGrid(d.layers, d.electrical)).toBe(400);
    d.layers[3]!.electrical!.gridPoints = 550;
    const w = deviceWarnings(d.layers, d.electrical);
    expect(w).toEqual([{ path: 'electrical.gridPoints', key: 'gridTotal', params: { total: 650, max: 600 } }]);
  });

  it('leaves zero lifetimes and mobilities to the registry (refused), and shows its plausible-range advice', () => {
    const d = clone();
    d.layers[3]!.electrical!.tauNS = 0;
    d.layers[2]!.electrical!.muNCm2PerVs = 0;
    // no hand-written "must not be 0" advice: the registry's hard limit refuses these (checkedFields)
    expect(deviceWarnings(d.layers, d.electrical)).toEqual([]);
    const refused = checkedFields(d).errors.map((i) => i.path);
    expect(refused).toEqual(expect.arrayContaining(['layers.2.electrical.muNCm2PerVs', 'layers.3.electrical.tauNS']));
    // a value that runs but no real device shows: the registry's warning, in its words
    const e = clone();
    e.layers[3]!.electrical!.muNCm2PerVs = 5e5;
    const checked = checkedFields(e);
    expect(checked.errors).toEqual([]);
    const w = deviceWarnings(e.layers, e.electrical, undefined, checked.warnings);
    const mu = w.find((x) => x.path === 'layers.3.electrical.muNCm2PerVs');
    expect(mu).toMatchObject({ key: 'implausible' });
    const p = param('layers[].electrical.muNCm2PerVs');
    const v = judge(p, 5e5)!;
    expect(warningText(mu!, ((k: string) => k) as never, 'zh-CN')).toBe(sayVerdict(p, v, 5e5, 'zh'));
    expect(warningText(mu!, ((k: string) => k) as never, 'en')).toBe(sayVerdict(p, v, 5e5, 'en'));
  });

  it('warns when the sweep ends below the estimated Voc (unless it extends to Voc)', () => {
    const d = clone();
    d.electrical!.extendToVoc = false;
    d.electrical!.voltageSweep.stopV = 0.8;
    const w = deviceWarnings(d.layers, d.electrical, 21);
    expect(w).toHaveLength(1);
    expect(w[0]).toMatchObject({ path: 'electrical.voltageSweep.stopV', key: 'sweepBelowVoc' });
    d.electrical!.voltageSweep.stopV = 1.35;
    expect(deviceWarnings(d.layers, d.electrical, 21)).toEqual([]);
    d.electrical!.voltageSweep.stopV = 0.8;
    d.electrical!.extendToVoc = true;
    expect(deviceWarnings(d.layers, d.electrical, 21)).toEqual([]);
  });

  it('estimates Voc from the radiative limit of the narrowest gap', () => {
    // Shockley-Queisser: about 1.33 V at 1.63 eV and 1 sun, about 0.85-0.89 V for silicon's 1.12 eV
    expect(radiativeVoc(1.63, 21)).toBeGreaterThan(1.3);
    expect(radiativeVoc(1.63, 21)).toBeLessThan(1.37);
    expect(radiativeVoc(1.12, 43)).toBeGreaterThan(0.83);
    expect(radiativeVoc(1.12, 43)).toBeLessThan(0.92);
    expect(radiativeVoc(1.5, 0)).toBe(0);
    const voc = estimateVoc(demo.layers, 300, 21)!;
    expect(voc).toBeCloseTo(radiativeVoc(1.63, 21) - 0.1, 6);
    expect(
      estimateVoc([{ name: 'g', role: 'substrate', thicknessNm: 1, optical: { kind: 'constant', n: 1.5, k: 0 } }], 300),
    ).toBeUndefined();
  });

  it('warns about a thick coherent layer for optical devices too', () => {
    const d = clone();
    d.layers[0]!.coherent = true;
    expect(deviceWarnings(d.layers, undefined)).toEqual([
      { path: 'layers.0.coherent', key: 'thickCoherent', params: { layer: 'glass' } },
    ]);
  });
});

describe('ohmic contacts on undoped layers', () => {
  it('the engine check becomes a warning on the contact, naming the layer and the barrier', () => {
    const spec = structuredClone(demo);
    spec.electrical!.contacts = { front: { kind: 'ohmic' }, back: { kind: 'ohmic' }, anode: 'front' };
    const w = deviceWarnings(spec.layers, spec.electrical, undefined, checkedFields(spec).warnings).filter((x) =>
      x.key.startsWith('ohmicUndoped'),
    );
    expect(w).toEqual([
      { path: 'electrical.contacts.front.kind', key: 'ohmicUndopedAnode', params: { layer: 'PTAA', ev: '1.58' } },
      { path: 'electrical.contacts.back.kind', key: 'ohmicUndopedCathode', params: { layer: 'PCBM', ev: '0.95' } },
    ]);
    // the demo's own work-function contacts give none
    expect(
      deviceWarnings(demo.layers, demo.electrical, undefined, checkedFields(demo).warnings).some((x) =>
        x.key.startsWith('ohmicUndoped'),
      ),
    ).toBe(false);
  });
});
