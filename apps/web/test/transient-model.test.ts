import { readFileSync } from 'node:fs';
import { checkDeviceSpec, type DeviceSpec, type TransientElectricalSpec } from '@pvforge/contracts';
import { judge, param, paramAt, sayVerdict } from '@pvforge/params';
import i18n, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { fieldLabel, translateIssue } from '../src/components/device-editor/messages';
import { fieldIssues, formToSpec, issueOf, setAt, specToForm } from '../src/components/device-editor/model';
import {
  changeKind,
  DEFAULT_TRANSIENT_POINTS,
  defaultImpedance,
  defaultIon,
  hysteresisPreset,
  newSegment,
  photovoltagePreset,
  protocolEndVoltage,
  protocolSummary,
  scanRateSeries,
  segmentStartVoltages,
  usesDefaultRate,
} from '../src/components/device-editor/transient-model';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';
import { formatDuration } from '../src/lib/duration';
import { progressText } from '../src/live/progress-detail';
import { parseRates, seriesDevice } from '../src/pages/plat/calc/ScanRateSweep';

/** The ion, protocol and impedance forms' model, their field messages and the progress lines. */
const example = JSON.parse(
  readFileSync(new URL('../../../assets/devices/perovskite-pin-ions-electrical.device.json', import.meta.url), 'utf8'),
) as DeviceSpec;
const plain = JSON.parse(
  readFileSync(new URL('../../../assets/devices/perovskite-pin-electrical.device.json', import.meta.url), 'utf8'),
) as DeviceSpec;

let zh: TFunction;
let english: TFunction;
beforeAll(async () => {
  await i18n.init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
  zh = i18n.getFixedT('zh-CN');
  english = i18n.getFixedT('en');
});

describe('the protocol as the engine maps it', () => {
  it('gives the hysteresis preset its total time and sample step (spec §9: time / (points - 1))', () => {
    const p = hysteresisPreset(1.2, 0.1, 5, -0.1);
    const s = protocolSummary(p)!;
    // 5 s of preconditioning, two scans of 1.3 V at 0.1 V/s
    expect(s.totalS).toBeCloseTo(31, 12);
    expect(s.points).toBe(DEFAULT_TRANSIENT_POINTS);
    expect(s.stepS).toBeCloseTo(31 / 200, 12);
    expect(s.scans).toBe(2);
    expect(s.spans.map((x) => [x.t0, x.t1].map((v) => Number(v.toFixed(9))))).toEqual([
      [0, 5],
      [5, 18],
      [18, 31],
    ]);
    // profiles: end of the preconditioning, short circuit on each scan, the end
    expect(p.profileTimesS).toEqual([5, 17, 19, 31]);
    expect(formatDuration(s.totalS)).toBe('31 s');
    expect(formatDuration(s.stepS)).toBe('155 ms');
  });

  it('has no summary while a scan has no rate or a duration is missing', () => {
    const p = hysteresisPreset();
    delete p.rateVPerS;
    expect(protocolSummary(p)).toBeUndefined();
    const q = hysteresisPreset();
    q.segments[0] = { kind: 'hold', durationS: Number.NaN };
    expect(protocolSummary(q)).toBeUndefined();
    expect(protocolSummary(undefined)).toBeUndefined();
    expect(protocolSummary({ ...hysteresisPreset(), points: 1 })).toBeUndefined();
  });

  it('follows the voltage through the segments: scans end at their target, holds step to theirs', () => {
    const t: TransientElectricalSpec = {
      initialV: 1,
      rateVPerS: 1,
      segments: [
        { kind: 'hold', durationS: 1, voltageV: 1.2 },
        { kind: 'scan', toV: 0 },
        { kind: 'light', on: false, durationS: 1 },
        { kind: 'hold', durationS: 1 },
      ],
    };
    expect(segmentStartVoltages(t)).toEqual([1, 1.2, 0, 0]);
    expect(protocolEndVoltage(t)).toBe(0);
    // a new scan goes somewhere from where the protocol stands
    expect(newSegment('scan', 1.2)).toEqual({ kind: 'scan', toV: 0 });
    expect(newSegment('scan', 0)).toEqual({ kind: 'scan', toV: 1.2 });
    // a changed kind keeps the duration
    expect(changeKind({ kind: 'hold', durationS: 7 }, 'open-circuit')).toEqual({ kind: 'open-circuit', durationS: 7 });
    expect(changeKind({ kind: 'scan', toV: 1 }, 'light')).toEqual({ kind: 'light', on: false, durationS: 1 });
  });

  it('varies the default scan rate in a series only when the scans take it', () => {
    expect(usesDefaultRate(hysteresisPreset())).toBe(true);
    const own = hysteresisPreset();
    own.segments = own.segments.map((g) => (g.kind === 'scan' ? { ...g, rateVPerS: 1 } : g));
    expect(usesDefaultRate(own)).toBe(false);
    expect(usesDefaultRate(photovoltagePreset())).toBe(false);
    expect(scanRateSeries(0.01, 10, 7)).toEqual([0.01, 0.0316, 0.1, 0.316, 1, 3.16, 10]);
    expect(parseRates('0.1, 1，10')).toEqual([0.1, 1, 10]);
    expect(parseRates('0.1, -1')).toBeUndefined();
    expect(parseRates('')).toBeUndefined();
    // the series leaves out what belongs to one rate's run
    const d = seriesDevice(example);
    expect(d.electrical?.transient?.profileTimesS).toBeUndefined();
    expect(d.electrical?.impedance).toBeUndefined();
    expect(example.electrical?.transient?.profileTimesS).toBeDefined();
    expect(fieldIssues(d)).toEqual([]);
  });
});

describe('defaults that pass the checks', () => {
  it('a device with a new species, a preset protocol and an impedance spectrum is valid', () => {
    let f = specToForm(plain, 'elec');
    f = setAt(f, 'layers.3.electrical.ions', [defaultIon()]);
    f = setAt(f, 'electrical.transient', hysteresisPreset(1.35));
    f = setAt(f, 'electrical.impedance', defaultImpedance());
    expect(fieldIssues(formToSpec(f, 'elec'))).toEqual([]);
    f = setAt(f, 'electrical.transient', photovoltagePreset());
    expect(fieldIssues(formToSpec(f, 'elec'))).toEqual([]);
    // a second species has the other charge; a third is one too many
    const two = [defaultIon(), defaultIon([defaultIon()])];
    expect(two.map((s) => s.sign)).toEqual([1, -1]);
    f = setAt(f, 'layers.3.electrical.ions', [...two, defaultIon()]);
    expect(fieldIssues(formToSpec(f, 'elec')).map((i) => i.path)).toContain('layers.3.electrical.ions');
  });

  it('the example device round-trips through the form and passes the checks', () => {
    const back = formToSpec(specToForm(example, 'elec'), 'elec');
    expect(back.electrical?.transient).toEqual(example.electrical?.transient);
    expect(back.layers[3]!.electrical?.ions).toEqual(example.layers[3]!.electrical?.ions);
    expect(checkDeviceSpec(back).ok).toBe(true);
  });
});

describe('field messages in both languages', () => {
  /** The editor's issues of a device, each as (path, translated text). */
  const issues = (spec: DeviceSpec, t: TFunction, lang: string) =>
    fieldIssues(spec).map((i) => [i.path, translateIssue(i, t, lang)]);

  it('names the field of a bad protocol, ion species or impedance spectrum and says why', () => {
    const bad = structuredClone(example);
    const tr = bad.electrical!.transient!;
    delete tr.rateVPerS;
    tr.segments[0] = { kind: 'hold', durationS: -1 };
    tr.points = 1;
    bad.electrical!.impedance = { voltageV: 1, startHz: 10, stopHz: 1 };
    const z = Object.fromEntries(issues(bad, zh, 'zh-CN'));
    // a field the registry refuses is told in its words; the rules between fields in the checker's
    const said = (path: string, value: number, lang: 'zh' | 'en', otherwise: string) => {
      const p = paramAt(path);
      const v = p && judge(p, value);
      return p && v?.severity === 'error' ? sayVerdict(p, v, value, lang) : otherwise;
    };
    expect(z['electrical.transient.segments.0.durationS']).toBe(
      said('electrical.transient.segments.0.durationS', -1, 'zh', '须大于 0（现为 -1）'),
    );
    expect(z['electrical.transient.segments.1.rateVPerS']).toBe(
      '须填写大于 0 的扫描速率，或填写默认扫描速率（未填写）',
    );
    expect(z['electrical.transient.points']).toBe(
      said('electrical.transient.points', 1, 'zh', '须为 2 到 10001 之间的整数（现为 1）'),
    );
    expect(z['electrical.impedance.stopHz']).toBe('须高于起始频率且不超过 1e12 Hz（现为 1）');
    const e = Object.fromEntries(issues(bad, english, 'en'));
    expect(e['electrical.transient.segments.1.rateVPerS']).toBe(
      'needs a scan rate > 0, or a default scan rate (not given)',
    );
    expect(e['electrical.impedance.stopHz']).toBe('must be above the start frequency and at most 1e12 Hz (got 1)');
    // no line is left in the checker's English, in Chinese
    for (const text of Object.values(z)) expect(text).not.toMatch(/must|got|electrical/);
  });

  it("names a bad ion species by the registry's words", () => {
    const bad = structuredClone(example);
    bad.layers[3]!.electrical!.ions![0]!.diffusionCm2PerS = 0;
    const p = param('layers[].electrical.ions[].diffusionCm2PerS');
    const v = judge(p, 0)!;
    expect(Object.fromEntries(issues(bad, zh, 'zh-CN'))['layers.3.electrical.ions.0.diffusionCm2PerS']).toBe(
      sayVerdict(p, v, 0, 'zh'),
    );
    expect(Object.fromEntries(issues(bad, english, 'en'))['layers.3.electrical.ions.0.diffusionCm2PerS']).toBe(
      sayVerdict(p, v, 0, 'en'),
    );
  });

  it('labels the fields for the summary, layers by name', () => {
    const names = example.layers.map((l) => l.name);
    // the place, then the registry's label and symbol
    expect(fieldLabel('electrical.transient.segments.1.rateVPerS', names, zh, 'zh-CN')).toBe(
      '瞬态协议第 2 步：本段扫描速率 v',
    );
    expect(fieldLabel('electrical.transient.profileTimesS.0', names, english, 'en')).toBe(
      'transient protocol, item 1: Time to keep profiles at t',
    );
    expect(fieldLabel('layers.3.electrical.ions.0.densityCm3', names, zh, 'zh-CN')).toBe(
      'MAPbI3 第 1 种可移动离子：可移动离子浓度 Nion',
    );
    expect(fieldLabel('electrical.impedance.points', names, english, 'en')).toBe(
      'impedance spectrum: Frequency points Nf',
    );
    // other fields by their form label, never the path
    expect(fieldLabel('layers.3.electrical.tauNS', names, zh, 'zh-CN')).toMatch(/^MAPbI3 › \S/);
    expect(fieldLabel('layers.3.electrical.tauNS', names, zh, 'zh-CN')).not.toContain('tauNS');
    expect(fieldLabel('electrical.voltageSweep.stepV', names, english, 'en')).not.toContain('voltageSweep');
    expect(issueOf('electrical.transient.segments[2].toV: the scan goes nowhere (it starts at 1 V)').path).toBe(
      'electrical.transient.segments.2.toV',
    );
  });
});

describe('progress lines in the UI language', () => {
  it('tells the transient step by step, and the other stages, with their numbers', () => {
    expect(progressText('transient: t = 3.2 s of 26 s', zh)).toBe('瞬态：t = 3.2 s / 26 s');
    expect(progressText('transient: t = 537 ms of 26 s', english)).toBe('Transient: t = 537 ms / 26 s');
    expect(progressText('transient: steady state at the start', zh)).toBe('瞬态：计算初始稳态');
    expect(progressText('light J-V: V = 0.300 V (31/136)', zh)).toBe('光照 J-V：V = 0.300 V（31/136）');
    expect(progressText('dark J-V: V = 0.300 V (31/136)', english)).toBe('Dark J-V: V = 0.300 V (31/136)');
    expect(progressText('impedance spectrum', zh)).toBe('阻抗谱');
    expect(progressText('capacitance-voltage', zh)).toBe('电容-电压扫描');
    expect(progressText('J-V without defect 2 of 3', zh)).toBe('去掉第 2 个缺陷（共 3 个）重新计算 J-V');
    expect(progressText('J-V without defect 2 of 3', english)).toBe('J-V without defect 2 of 3');
    expect(progressText('optics and mesh', zh)).toBe('光学与网格');
    // a stage nobody translated yet is shown, not hidden
    expect(progressText('something new', zh)).toBe('something new');
  });
});
