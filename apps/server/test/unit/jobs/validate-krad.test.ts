import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCalculationInput } from '../../../src/jobs/validate.js';

const root = join(import.meta.dirname, '../../../../..');
// biome-ignore lint/suspicious/noExplicitAny: a DeviceSpec edited as JSON
const demo = (): any =>
  JSON.parse(readFileSync(join(root, 'assets/devices/perovskite-pin-electrical.device.json'), 'utf8'));
const mapi = (d: { layers: { name: string }[] }) => d.layers.findIndex((l) => l.name === 'MAPbI3');

describe('k_rad from a layer absorption is refused before a job is queued (issue 28)', () => {
  it('refuses a library table whose sub-gap floor emits beyond any k_rad, naming the layer, in the check code', () => {
    const d = demo();
    d.layers[mapi(d)].optical = { kind: 'table', materialId: 'mapbi3_phillips' };
    d.layers[mapi(d)].electrical.kRadFrom = 'absorption';
    const c = checkCalculationInput('elec', d);
    expect(c.ok).toBe(false);
    if (c.ok) return;
    expect(c.errors[0]).toMatch(/^layers\[\d\] "MAPbI3"\.electrical\.kRadFrom: the layer's absorption gives/);
    expect(c.issues?.[0]?.message.code).toBe('check.krad-absorption-limit');
  });

  it('queues the demo device with its MAPbI3 table as the source of k_rad', () => {
    const d = demo();
    d.layers[mapi(d)].electrical.kRadFrom = 'absorption';
    expect(checkCalculationInput('elec', d).ok).toBe(true);
  });

  it('queues a k_rad computed outside the plausible range with one warning on the field, not two', () => {
    const d = demo();
    const j = mapi(d);
    d.layers[j].electrical.kRadFrom = 'absorption';
    d.layers[j].electrical.ncCm3 = 1e17;
    d.layers[j].electrical.nvCm3 = 1e17;
    const c = checkCalculationInput('elec', d);
    expect(c.ok).toBe(true);
    if (!c.ok) return;
    const w = (c.warnings ?? []).filter((x) => x.path.endsWith('.electrical.kRadFrom'));
    expect(w.map((x) => x.message.code)).toEqual(['check.krad-absorption-implausible']);
  });
});
