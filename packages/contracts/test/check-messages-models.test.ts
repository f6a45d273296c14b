import { readFileSync } from 'node:fs';
import type { CheckIssue } from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
import {
  checkDeviceSpec,
  checkFieldLabel,
  checkFieldOf,
  hasMessageWording,
  localizeCheckMessage,
} from '../src/index.js';

/**
 * The exciton and tunnelling fields of a DeviceSpec: every line the checks write for a broken CT
 * dissociation, exciton diffusion or tunnel oxide is worded by its code in both languages, and a
 * field or a choice the engine does not implement fails with "not supported", naming it, before
 * anything is queued (never ignored).
 */
// biome-ignore lint/suspicious/noExplicitAny: the test breaks the JSON on purpose
const device = (file: string): any =>
  JSON.parse(readFileSync(new URL(`../../../assets/devices/${file}`, import.meta.url), 'utf8'));
const bhj = () => device('organic-bhj-p3ht-pcbm-electrical.device.json');
const topcon = () => device('silicon-topcon-electrical.device.json');
const blendOf = (d: { layers: { name: string }[] }) => d.layers.findIndex((l) => l.name === 'P3HT:PC61BM');

function errors(d: unknown): string[] {
  const r = checkDeviceSpec(d);
  return r.ok ? ['(no error)'] : r.errors;
}

function issuesOf(d: unknown): CheckIssue[] {
  const r = checkDeviceSpec(d);
  expect(r.ok).toBe(false);
  return r.ok ? [] : r.issues;
}

/** Devices broken one way each, covering every rule of the exciton and tunnel-oxide checks. */
function brokenIssues(): CheckIssue[] {
  const out: CheckIssue[] = [];
  const add = (base: () => ReturnType<typeof bhj>, edit: (d: ReturnType<typeof bhj>) => void) => {
    const d = base();
    edit(d);
    out.push(...issuesOf(d));
  };
  add(bhj, (d) => {
    d.layers[blendOf(d)].electrical.ctDissociation.model = 'marcus';
  });
  add(bhj, (d) => {
    d.layers[blendOf(d)].electrical.ctDissociation.distribution = 'exponential';
  });
  add(bhj, (d) => {
    Object.assign(d.layers[blendOf(d)].electrical.ctDissociation, {
      separationNm: 0,
      decayRatePerS: -1,
      directYield: 2,
    });
  });
  add(bhj, (d) => {
    d.layers[blendOf(d)].electrical.excitonDiffusion = { diffusionLengthNm: 0, lifetimeS: 0 };
  });
  add(bhj, (d) => {
    const e = d.layers[blendOf(d)].electrical;
    e.langevinPrefactor = undefined;
    e.kRadCm3PerS = 0;
  });
  add(topcon, (d) => {
    d.electrical.interfaces[0].tunnelOxide = {
      thicknessNm: 20,
      barrierElectronEV: -1,
      barrierHoleEV: 11,
      massElectronRel: 0,
      massHoleRel: 20,
    };
  });
  return out;
}

describe('exciton and tunnelling fields of a DeviceSpec', () => {
  it('the examples pass the checks', () => {
    expect(checkDeviceSpec(bhj()).ok).toBe(true);
    expect(checkDeviceSpec(topcon()).ok).toBe(true);
  });

  it('a field or a choice the engine does not implement is refused as not supported, naming it', () => {
    const d = bhj();
    const i = blendOf(d);
    // the validation cases' name of the block, and a model the engine lacks
    d.layers[i].electrical.exciton = { model: 'onsager-braun', a_nm: 1.8, k_f_s: 1e6 };
    expect(errors(d)).toEqual([
      `layers[${i}] "P3HT:PC61BM".electrical.exciton: unknown field, not supported by the engine`,
    ]);
    const m = bhj();
    m.layers[i].electrical.ctDissociation.model = 'marcus';
    expect(errors(m)).toEqual([
      `layers[${i}] "P3HT:PC61BM".electrical.ctDissociation.model: "marcus" is not supported (supported: "onsager-braun")`,
    ]);
    const t = topcon();
    t.electrical.interfaces[0].tunnelOxide.shape = 'trapezoidal';
    expect(errors(t)).toEqual([
      'electrical.interfaces[0].tunnelOxide.shape: unknown field, not supported by the engine',
    ]);
    const b = bhj();
    b.layers[i].electrical.btbtModel = 'kane';
    expect(errors(b)[0]).toMatch(/btbtModel: unknown field, not supported by the engine$/);
  });

  it('words every issue of the exciton and tunnel-oxide checks in both languages, field and rule', () => {
    const all = brokenIssues();
    expect(all.length).toBeGreaterThanOrEqual(12);
    const unworded = all.filter((i) => !hasMessageWording(i.message.code) || !checkFieldLabel(i.path));
    expect(unworded).toEqual([]);
    for (const i of all) {
      expect(localizeCheckMessage(i, 'zh-CN'), i.path).not.toMatch(/must|got|electrical\.|\[\d+\]|\{\w+\}/);
      expect(localizeCheckMessage(i, 'en'), i.path).not.toMatch(/electrical\.|\[\d+\]|\b[a-z]{2,}[A-Z]|\{\w+\}/);
    }
  });

  it('words an issue as the user reads it', () => {
    const d = bhj();
    d.layers[blendOf(d)].electrical.ctDissociation.model = 'marcus';
    const [m] = issuesOf(d);
    expect(m?.path).toBe(`layers[${blendOf(d)}] "P3HT:PC61BM".electrical.ctDissociation.model`);
    expect(m?.message.code).toBe('check.not-supported');
    expect(m && localizeCheckMessage(m, 'zh-CN')).toBe(
      'P3HT:PC61BM：解离模型：不支持“marcus”（可选："onsager-braun"）',
    );
    expect(m && localizeCheckMessage(m, 'en')).toBe(
      'P3HT:PC61BM: dissociation model: "marcus" is not supported (supported: "onsager-braun")',
    );
    // a parameter by its place and the registry's label and symbol
    expect(checkFieldOf('electrical.interfaces.0.tunnelOxide.barrierHoleEV')).toEqual({
      'zh-CN': '第 1 个界面：空穴隧穿势垒 φp',
      en: 'interface 1: Hole tunnelling barrier φp',
    });
    expect(checkFieldOf('layers[2] "P3HT:PC61BM".electrical.ctDissociation.separationNm')).toEqual({
      'zh-CN': 'P3HT:PC61BM：电荷转移态分离距离 a',
      en: 'P3HT:PC61BM: CT-state separation distance a',
    });
  });
});
