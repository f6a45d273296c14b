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
    // the place in its own words, the parameter in the registry's (label and symbol)
    expect(localizeCheckMessage(rate, 'zh-CN')).toBe(
      '瞬态协议第 2 步：本段扫描速率 v：须填写大于 0 的扫描速率，或填写默认扫描速率（未填写）',
    );
    expect(localizeCheckMessage(rate, 'en')).toBe(
      'step 2 of the transient: Scan rate of the segment v: needs a scan rate > 0, or a default scan rate (not given)',
    );
    // a choice (no parameter) after its place
    expect(checkFieldOf('layers.3.electrical.ions.1.sign')).toEqual({
      'zh-CN': '#4 第 2 种可移动离子：电荷',
      en: '#4, mobile ion species 2: charge',
    });
    expect(checkFieldOf('layers[3] "MAPbI3".electrical.ions[0].densityCm3')).toEqual({
      'zh-CN': 'MAPbI3 第 1 种可移动离子：可移动离子浓度 Nion',
      en: 'MAPbI3, mobile ion species 1: Mobile ion density Nion',
    });
    expect(checkFieldOf('electrical.impedance.points')).toEqual({
      'zh-CN': '阻抗谱：频率点数 Nf',
      en: 'impedance spectrum: Frequency points Nf',
    });
    // a layer's own field is the web form's to name with its owner; unknown paths have no name
    expect(checkFieldOf('layers[3] "MAPbI3".electrical.tauNS')).toBeUndefined();
    expect(checkFieldOf('electrical.transient.nonsense')).toBeUndefined();
    // the registry's hard limit, with its entry, bound and value in the params
    const d = example();
    d.layers[3].electrical.ions[0].densityCm3 = 1e30;
    const dense = checkDeviceElectricalCoded(d).errors.find((i) => i.message.code === 'check.param-limit');
    expect(dense?.message.params).toMatchObject({
      param: 'layers[].electrical.ions[].densityCm3',
      rule: 'above',
      limit: 1e22,
      got: '1e+30',
    });
    expect(dense && localizeCheckMessage(dense, 'en')).toBe(
      'MAPbI3, mobile ion species 1: Mobile ion density is 1e30 cm⁻³, outside the allowed range (≥ 0 and ≤ 1e22 cm⁻³)',
    );
    // a layer's drift-diffusion field is named as the form names it
    const tau: CheckIssue = {
      path: 'layers[3] "MAPbI3".electrical.tauNS',
      message: { code: 'check.not-positive', params: { got: -1 }, text: 'must be > 0 (got -1)' },
    };
    expect(localizeCheckMessage(tau, 'zh-CN')).toBe('MAPbI3：电子寿命 τn：须大于 0（现为 -1）');
    expect(localizeCheckMessage({ ...tau, path: 'electrical.temperatureK' }, 'en')).toBe(
      'Temperature T: must be > 0 (got -1)',
    );
    // a field without a label keeps its path, its rule is still worded
    expect(localizeCheckMessage({ ...tau, path: 'electrical.interfaces[0].between' }, 'zh-CN')).toBe(
      'electrical.interfaces[0].between：须大于 0（现为 -1）',
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
    // a registered parameter is refused in the registry's words, which name it
    expect(thickness.message.code).toBe('check.param-limit');
    expect({
      'zh-CN': wordEngineMessage(thickness.message, 'zh-CN'),
      en: wordEngineMessage(thickness.message, 'en'),
    }).toEqual({
      'zh-CN': '厚度为 0 nm，超出允许范围（≥ 0.001 且 ≤ 1e8 nm）',
      en: 'Thickness is 0 nm, outside the allowed range (≥ 0.001 and ≤ 1e8 nm)',
    });
    expect(wordEngineMessage(thickness.message, 'en')).toBe(thickness.message.text);
    const mu = at(errors, 'layers[3] "MAPbI3".electrical.muNCm2PerVs');
    expect(mu.message.code).toBe('check.param-limit');
    // the server's refusal says where the field is (the layer) before the registry's sentence
    // no number: said without a unit after it
    expect(localizeCheckMessage(mu, 'zh-CN')).toBe('MAPbI3：电子迁移率必须是一个有限的数（未填写或不是数字）');
    expect(localizeCheckMessage(mu, 'en')).toBe(
      'MAPbI3: Electron mobility must be a finite number (not given or not a number)',
    );
    expect(localizeCheckMessage(thickness, 'en')).toBe(
      'MAPbI3: Thickness is 0 nm, outside the allowed range (≥ 0.001 and ≤ 1e8 nm)',
    );
    // a rule that is not a registry verdict keeps the field's label before its words
    const notFinite: CheckIssue['message'] = {
      code: 'check.not-finite',
      params: { got: 'NaN' },
      text: 'must be a finite number (got NaN)',
    };
    const step = { path: 'electrical.voltageSweep.stepV', message: notFinite };
    expect(localizeCheckMessage(step, 'zh-CN')).toBe('J-V 扫描：电压步长 ΔV：须为有限的数（未填写）');
    const wf = { path: 'electrical.contacts.back.workFunctionEV', message: notFinite };
    expect(localizeCheckMessage(wf, 'en')).toBe('back contact: Work function W: must be a finite number (not given)');
  });
});
