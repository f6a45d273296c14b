import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkDeviceSpec, checkFieldOf, checkTextOf, localizeCheckMessage } from '../src/index.js';

/**
 * The engine's check lines about transients, impedance spectra and mobile ions in both languages:
 * every line the check writes for a broken protocol, spectrum or species is in the catalogue (a new
 * line without words makes this fail), with its field.
 */
// biome-ignore lint/suspicious/noExplicitAny: the test breaks the JSON on purpose
const example = (): any =>
  JSON.parse(
    readFileSync(
      new URL('../../../assets/devices/perovskite-pin-ions-electrical.device.json', import.meta.url),
      'utf8',
    ),
  );

/** Devices broken one way each, covering every rule of the transient, impedance and ion checks. */
function broken(): unknown[] {
  const out: unknown[] = [];
  const add = (edit: (d: ReturnType<typeof example>) => void) => {
    const d = example();
    edit(d);
    out.push(d);
  };
  add((d) => {
    d.electrical.transient.initialV = Number.NaN;
  });
  add((d) => {
    d.electrical.transient.rateVPerS = -1;
  });
  add((d) => {
    delete d.electrical.transient.rateVPerS;
  });
  add((d) => {
    d.electrical.transient.segments = [];
  });
  add((d) => {
    d.electrical.transient.segments = Array.from({ length: 201 }, () => ({ kind: 'hold', durationS: 1 }));
  });
  add((d) => {
    d.electrical.transient.segments[1].toV = 1.2;
  });
  add((d) => {
    d.electrical.transient.segments[0].durationS = 0;
    d.electrical.transient.segments[0].voltageV = Number.POSITIVE_INFINITY;
  });
  add((d) => {
    d.electrical.transient.segments[2] = { kind: 'jump' };
  });
  add((d) => {
    d.electrical.transient.segments[0].durationS = 1e9;
  });
  add((d) => {
    d.electrical.transient.points = 20000;
    d.electrical.transient.profileTimesS = [100];
  });
  add((d) => {
    d.electrical.impedance = { voltageV: Number.NaN, startHz: -1, stopHz: 1e13, points: 0 };
  });
  add((d) => {
    const ion = d.layers[3].electrical.ions[0];
    d.layers[3].electrical.ions = [
      { ...ion, densityCm3: -1, diffusionCm2PerS: 0, activationEnergyEV: -1, referenceTemperatureK: Number.NaN },
      { ...ion, densityCm3: 1e30 },
    ];
  });
  add((d) => {
    d.layers[3].electrical.ions = [
      d.layers[3].electrical.ions[0],
      d.layers[3].electrical.ions[0],
      d.layers[3].electrical.ions[0],
    ];
  });
  return out;
}

function lines(): string[] {
  return broken().flatMap((d) => {
    const r = checkDeviceSpec(d);
    return r.ok ? ['(no error)'] : r.errors;
  });
}

describe('check lines of transients, impedance spectra and mobile ions in both languages', () => {
  it('knows every line the check writes for them, field and rule', () => {
    const all = lines();
    expect(all).not.toContain('(no error)');
    expect(all.length).toBeGreaterThan(15);
    const unknown = all.filter((m) => localizeCheckMessage(m, 'zh-CN') === m || localizeCheckMessage(m, 'en') === m);
    expect(unknown).toEqual([]);
    for (const m of all) {
      expect(localizeCheckMessage(m, 'zh-CN'), m).not.toMatch(/must|got|electrical\.|\[\d+\]/);
      expect(localizeCheckMessage(m, 'en'), m).not.toMatch(/electrical\.|\[\d+\]|\b[a-z]{2,}[A-Z]/);
    }
  });

  it('words a line as the user reads it', () => {
    const m =
      'electrical.transient.segments[1].rateVPerS: must be a scan rate > 0 (got undefined; or give electrical.transient.rateVPerS)';
    expect(localizeCheckMessage(m, 'zh-CN')).toBe(
      '瞬态协议第 2 步的扫描速率：须填写大于 0 的扫描速率，或填写默认扫描速率（未填写）',
    );
    expect(localizeCheckMessage(m, 'en')).toBe(
      'scan rate of step 2 of the transient: needs a scan rate > 0, or a default scan rate (not given)',
    );
    expect(checkFieldOf('layers.3.electrical.ions.1.sign')).toEqual({
      'zh-CN': '#4：第 2 种可移动离子的电荷',
      en: '#4: charge of mobile ion species 2',
    });
    expect(checkTextOf('is 1.00e+30 cm^-3, more than any solid has atoms (at most 1e+23 cm^-3)')?.en).toMatch(
      /check the unit/,
    );
    // anything else stays as written
    expect(localizeCheckMessage('layers[3] "MAPbI3".electrical.tauNS: must be > 0', 'zh-CN')).toBe(
      'layers[3] "MAPbI3".electrical.tauNS: must be > 0',
    );
    expect(checkTextOf('something new')).toBeUndefined();
  });
});

describe('the value rules a new user meets first', () => {
  it('an emptied number and a thickness of 0 are told in both languages', () => {
    expect(checkTextOf('must be a positive thickness (got 0)')).toEqual({
      'zh-CN': '厚度须大于 0（现为 0）',
      en: 'the thickness must be > 0 (got 0)',
    });
    expect(checkTextOf('must be a finite number (got NaN)')).toEqual({
      'zh-CN': '须为有限的数（未填写）',
      en: 'must be a finite number (not given)',
    });
  });
});
