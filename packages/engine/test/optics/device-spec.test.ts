import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDeviceSpec } from '../../../contracts/src/device/index.js';
import { repoRoot } from './helpers.js';

const fixture = () =>
  JSON.parse(readFileSync(join(repoRoot, 'packages/engine/test/optics/fixtures/perovskite-pin.device.json'), 'utf8'));

describe('DeviceSpec schema (packages/contracts/src/device)', () => {
  it('accepts the example device and every optical model kind', () => {
    const d = fixture();
    expect(checkDeviceSpec(d)).toMatchObject({ ok: true });
    d.layers[1].optical = { kind: 'cauchy', a: 1.9, bUm2: 0.02 };
    d.layers[2].optical = { kind: 'sellmeier', terms: [{ b: 1.03961212, cUm2: 0.00600069867 }] };
    d.layers[4].optical = {
      kind: 'oscillators',
      epsInf: 2.7,
      terms: [
        { type: 'drude', plasmaEv: 1.3, gammaEv: 0.11 },
        { type: 'tauc-lorentz', aEv: 80, e0Ev: 4.8, cEv: 1.5, egEv: 3.5 },
        { type: 'lorentz', f: 0.1, e0Ev: 3, gammaEv: 0.3 },
      ],
    };
    d.layers[5].optical = { kind: 'tabulated', wavelengthNm: [300, 900], n: [0.1, 0.2], k: [3, 5] };
    d.texture = { roughnessFactor: 0.5, layer: 'MAPbI3', rmsRoughnessNm: 50 };
    d.layers[3].electrical = { anything: 'goes here for now' };
    expect(checkDeviceSpec(d)).toMatchObject({ ok: true });
  });

  it('names the layer and the field of every error, reporting only the union branch chosen', () => {
    const d = fixture();
    d.layers[3].thicknessNm = -5;
    d.layers[2].optical = { kind: 'table' };
    d.layers[1].optical = { kind: 'magic' };
    d.illumination.angleDeg = 95;
    d.illumination.polarization = 'circular';
    const r = checkDeviceSpec(d);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toContain(
      'layers[3] "MAPbI3".thicknessNm: Thickness is -5 nm, outside the allowed range (≥ 0.001 and ≤ 1e8 nm)',
    );
    expect(r.errors).toContain('layers[2] "PEDOT:PSS".optical.materialId: missing');
    expect(r.errors.some((e) => e.startsWith('layers[1] "ITO".optical.kind: must be one of "table"'))).toBe(true);
    expect(r.errors.some((e) => e.startsWith('illumination.angleDeg: Angle of incidence is 95'))).toBe(true);
    expect(r.errors.some((e) => e.startsWith('illumination.polarization'))).toBe(true);
    expect(r.errors.length).toBe(5);
  });

  it('rejects an empty stack, another schema version and unknown fields', () => {
    const d = fixture();
    d.layers = [];
    d.schemaVersion = 2;
    d.colour = 'blue';
    const r = checkDeviceSpec(d);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.some((e) => e.startsWith('layers:'))).toBe(true);
    expect(r.errors.some((e) => e.startsWith('schemaVersion:'))).toBe(true);
    expect(r.errors).toContain('colour: unknown field, not supported by the engine');
  });
});
