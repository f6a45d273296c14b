import { readFileSync } from 'node:fs';
import type { DeviceSpec } from '@pvforge/contracts';
import { fileAssets } from '@pvforge/workers';
import { describe, expect, it } from 'vitest';
import { coarseDevice, runCoarseJv } from '../src/components/device-editor/preview/coarse-jv';
import { PREVIEW_NODES, PREVIEW_STEP_V } from '../src/components/device-editor/preview/coarse-settings';

/**
 * The editor's electrical preview (issue 30): the coarse J-V the worker runs, on the example
 * devices, against the figures their full calculation gives (assets/devices/example-figures.json,
 * held to its own band there).
 */
const devices = new URL('../../../assets/devices/', import.meta.url);
const read = (file: string) => JSON.parse(readFileSync(new URL(file, devices), 'utf8')) as DeviceSpec;
const figures = JSON.parse(readFileSync(new URL('example-figures.json', devices), 'utf8')) as {
  band: { jscMaCm2: number; vocV: number; ffPercent: number; pcePercent: number };
  examples: { file: string; jscMaCm2?: number; vocV?: number; ffPercent?: number; pcePercent?: number }[];
};
const assets = fileAssets();

describe('coarse J-V preview', () => {
  it.each([
    'perovskite-pin-electrical.device.json',
    'perovskite-nip-electrical.device.json',
    'perovskite-pin-defects-electrical.device.json',
    'perovskite-pin-ions-electrical.device.json',
  ])('gives the full calculation figures of %s within the examples band', (file) => {
    const full = figures.examples.find((e) => e.file === file)!;
    const out = runCoarseJv(read(file), assets, new Map());
    if (out.kind !== 'ok') throw new Error(`preview of ${file}: ${JSON.stringify(out)}`);
    const f = out.jv.figures!;
    const band = figures.band;
    expect(Math.abs(f.jscMaCm2 - full.jscMaCm2!)).toBeLessThanOrEqual(band.jscMaCm2);
    expect(Math.abs(f.vocV - full.vocV!)).toBeLessThanOrEqual(band.vocV);
    expect(Math.abs(f.ffPercent - full.ffPercent!)).toBeLessThanOrEqual(band.ffPercent);
    expect(Math.abs(f.pcePercent - full.pcePercent!)).toBeLessThanOrEqual(band.pcePercent);
    // the device total, plus the interfaces' double nodes
    expect(out.jv.nodes).toBeLessThan(1.5 * PREVIEW_NODES);
    // the curve reaches beyond Voc, so the plot shows the knee and the crossing
    expect(Math.max(...out.jv.V)).toBeGreaterThan(f.vocV);
    expect(out.jv.V.length).toBe(out.jv.J.length);
  });

  it('keeps only the lit steady J-V, on the coarse mesh and step', () => {
    const ions = read('perovskite-pin-ions-electrical.device.json');
    const c = coarseDevice(ions);
    expect(c.electrical?.transient).toBeUndefined();
    expect(c.electrical?.impedance).toBeUndefined();
    expect(c.electrical?.gridPoints).toBe(PREVIEW_NODES);
    expect(c.electrical?.voltageSweep.stepV).toBe(PREVIEW_STEP_V);
    expect(c.electrical?.profileBiasesV).toEqual([]);
    // the user's device is not changed
    expect(ions.electrical?.transient).toBeDefined();
    expect(ions.electrical?.gridPoints).toBe(250);
  });

  it('answers an invalid device with the check issues and runs nothing', () => {
    const d = read('perovskite-pin-electrical.device.json');
    d.layers[3]!.electrical!.tauNS = -1;
    const out = runCoarseJv(d, assets, new Map());
    expect(out.kind).toBe('invalid');
    if (out.kind === 'invalid') expect(out.issues.some((i) => i.path.includes('tauNS'))).toBe(true);
  });

  it('does not preview a tandem (it runs subcell by subcell)', () => {
    expect(runCoarseJv(read('perovskite-silicon-tandem-electrical.device.json'), assets, new Map()).kind).toBe(
      'tandem',
    );
  });

  it('says the wall-clock limit stopped a run', () => {
    // a clock that jumps a second per reading: the limit (2 s) is passed within the first bias points
    let now = 0;
    const out = runCoarseJv(read('perovskite-pin-electrical.device.json'), assets, new Map(), () => (now += 1000));
    expect(out).toMatchObject({ kind: 'failed', reason: 'time' });
  });
});
