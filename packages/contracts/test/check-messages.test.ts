import { readFileSync } from 'node:fs';
import type { CheckIssue } from '@pvforge/engine';
import { checkDeviceElectricalCoded } from '@pvforge/engine/spec-check';
import { describe, expect, it } from 'vitest';
import {
  checkDeviceSpec,
  checkFieldOf,
  hasMessageWording,
  localizeCheckMessage,
  wordEngineMessage,
} from '../src/index.js';

/**
 * The engine's check issues about transients, impedance spectra and mobile ions in both languages:
 * every issue the check finds in a broken protocol, spectrum or species has a worded code (a new
 * rule without words makes this fail) and a labelled field.
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

function issues(): CheckIssue[] {
  return broken().flatMap((d) => {
    const r = checkDeviceSpec(d);
    expect(r.ok).toBe(false);
    return r.ok ? [] : r.issues;
  });
}

const at = (all: CheckIssue[], path: string): CheckIssue => {
  const hit = all.find((i) => i.path === path);
  expect(hit, path).toBeDefined();
  return hit!;
};

describe('check issues of transients, impedance spectra and mobile ions in both languages', () => {
  it('words every issue the check finds in them, field and rule', () => {
    const all = issues();
    expect(all.length).toBeGreaterThan(15);
    const unworded = all.filter((i) => !hasMessageWording(i.message.code) || !checkFieldOf(i.path));
    expect(unworded).toEqual([]);
    for (const i of all) {
      expect(localizeCheckMessage(i, 'zh-CN'), i.path).not.toMatch(/must|got|electrical\.|\[\d+\]|\{\w+\}/);
      expect(localizeCheckMessage(i, 'en'), i.path).not.toMatch(/electrical\.|\[\d+\]|\b[a-z]{2,}[A-Z]|\{\w+\}/);
    }
  });

  it('words an issue as the user reads it', () => {
    const all = issues();
    // the protocol whose default scan rate was deleted
    const rate = at(
      all.filter((i) => i.message.params['got'] === 'undefined'),
      'electrical.transient.segments[1].rateVPerS',
    );
    expect(rate.message.code).toBe('check.scan-rate-missing');
    expect(`${rate.path}: ${rate.message.text}`).toBe(
      'electrical.transient.segments[1].rateVPerS: must be a scan rate > 0 (got undefined; or give electrical.transient.rateVPerS)',
    );
    expect(localizeCheckMessage(rate, 'zh-CN')).toBe(
      '瞬态协议第 2 步的扫描速率：须填写大于 0 的扫描速率，或填写默认扫描速率（未填写）',
    );
    expect(localizeCheckMessage(rate, 'en')).toBe(
      'scan rate of step 2 of the transient: needs a scan rate > 0, or a default scan rate (not given)',
    );
    expect(checkFieldOf('layers.3.electrical.ions.1.sign')).toEqual({
      'zh-CN': '#4：第 2 种可移动离子的电荷',
      en: '#4: charge of mobile ion species 2',
    });
    // the engine's own limit (the schema's field types pass it)
    const d = example();
    d.layers[3].electrical.ions[0].densityCm3 = 1e30;
    const dense = checkDeviceElectricalCoded(d).errors.find((i) => i.message.code === 'check.density-impossible');
    expect(dense?.message.params).toMatchObject({ value: '1.00e+30', max: '1e+22' });
    expect(dense && wordEngineMessage(dense.message, 'en')).toMatch(/check the unit/);
    // a layer's drift-diffusion field is named as the form names it
    const tau: CheckIssue = {
      path: 'layers[3] "MAPbI3".electrical.tauNS',
      message: { code: 'check.not-positive', params: { got: -1 }, text: 'must be > 0 (got -1)' },
    };
    expect(localizeCheckMessage(tau, 'zh-CN')).toBe('MAPbI3：电子寿命：须大于 0（现为 -1）');
    // a field without a label keeps its path, its rule is still worded
    expect(localizeCheckMessage({ ...tau, path: 'electrical.gridPoints' }, 'zh-CN')).toBe(
      'electrical.gridPoints：须大于 0（现为 -1）',
    );
    // a code without words is shown as the engine wrote it
    expect(wordEngineMessage({ code: 'check.something-new', params: {}, text: 'something new' }, 'zh-CN')).toBe(
      'something new',
    );
  });
});

describe('the value rules a new user meets first', () => {
  it('an emptied number and a thickness of 0 are told in both languages', () => {
    const d = example();
    d.layers[3].thicknessNm = 0;
    d.layers[3].electrical.muNCm2PerVs = Number.NaN;
    const { errors } = checkDeviceElectricalCoded(d);
    const thickness = at(errors, 'layers[3] "MAPbI3".thicknessNm');
    expect(thickness.message.code).toBe('check.thickness-not-positive');
    expect({
      'zh-CN': wordEngineMessage(thickness.message, 'zh-CN'),
      en: wordEngineMessage(thickness.message, 'en'),
    }).toEqual({ 'zh-CN': '厚度须大于 0（现为 0）', en: 'the thickness must be > 0 (got 0)' });
    const mu = at(errors, 'layers[3] "MAPbI3".electrical.muNCm2PerVs');
    expect({ 'zh-CN': wordEngineMessage(mu.message, 'zh-CN'), en: wordEngineMessage(mu.message, 'en') }).toEqual({
      'zh-CN': '须为有限的数（未填写）',
      en: 'must be a finite number (not given)',
    });
    // the server's refusal names the field as the form does, never by its code name
    expect(localizeCheckMessage(mu, 'zh-CN')).toBe('MAPbI3：电子迁移率：须为有限的数（未填写）');
    expect(localizeCheckMessage(thickness, 'en')).toBe('MAPbI3: thickness: the thickness must be > 0 (got 0)');
    const step = { path: 'electrical.voltageSweep.stepV', message: mu.message };
    expect(localizeCheckMessage(step, 'zh-CN')).toBe('扫描步长：须为有限的数（未填写）');
    const wf = { path: 'electrical.contacts.back.workFunctionEV', message: mu.message };
    expect(localizeCheckMessage(wf, 'en')).toBe('back contact work function: must be a finite number (not given)');
  });
});
