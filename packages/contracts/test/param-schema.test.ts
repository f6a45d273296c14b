import { readFileSync } from 'node:fs';
import { judge, materialParam, param, paramAt, sayVerdict } from '@pvforge/params';
import type { TSchema } from 'typebox';
import { describe, expect, it } from 'vitest';
import {
  checkDeviceSpec,
  checkMaterialInput,
  DeviceSpec,
  LayerElectricalSpec,
  MaterialElectrical,
} from '../src/index.js';

/**
 * The contract schema carries the registry's hard limits and words (so OpenAPI shows what the
 * engine refuses), a value the schema refuses is said in the registry's words as the engine's check
 * says it, and a material is refused or warned by the same entries.
 */
type Node = TSchema & {
  type?: string;
  const?: unknown;
  properties?: Record<string, Node>;
  items?: Node;
  anyOf?: Node[];
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  exclusiveMaximum?: number;
  description?: string;
};

/** Every numeric leaf of a schema with its registry pattern. */
function leaves(s: Node, at: string, out: [string, Node][]): [string, Node][] {
  if ((s.type === 'number' || s.type === 'integer') && s.const === undefined) out.push([at, s]);
  for (const [k, v] of Object.entries(s.properties ?? {})) leaves(v, at ? `${at}.${k}` : k, out);
  if (s.items) leaves(s.items, `${at}[]`, out);
  for (const u of s.anyOf ?? []) leaves(u, at, out);
  return out;
}

const example = () =>
  JSON.parse(
    readFileSync(new URL('../../../assets/devices/perovskite-pin-electrical.device.json', import.meta.url), 'utf8'),
  );

describe('the schema from the registry', () => {
  it('shows an entry’s bounds and words in the schema', () => {
    expect(LayerElectricalSpec.properties.muNCm2PerVs).toMatchObject({
      type: 'number',
      exclusiveMinimum: 0,
      maximum: param('layers[].electrical.muNCm2PerVs').hard.max,
      description: 'Electron mobility (cm²/(V·s))',
    });
  });

  it('every registered number of a DeviceSpec carries its entry’s hard limits', () => {
    const all = leaves(DeviceSpec as Node, '', []).map(
      ([path, s]) => [path.replace(/^electrical\.contacts\.(front|back)\./, 'electrical.contacts.*.'), s] as const,
    );
    let checked = 0;
    for (const [path, s] of all) {
      const p = paramAt(path);
      if (!p || /^(ambient|substrate)\.|\.optical\./.test(path)) continue;
      checked++;
      const h = p.hard;
      expect(s.type, path).toBe(h.integer ? 'integer' : 'number');
      expect(h.minExclusive ? s.exclusiveMinimum : s.minimum, path).toBe(h.min);
      expect(h.maxExclusive ? s.exclusiveMaximum : s.maximum, path).toBe(h.max);
      expect(s.description, path).toContain(p.label.en);
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('a value the schema refuses is said in the registry words, with the engine check’s code', () => {
    const d = example();
    d.layers[3].thicknessNm = 1e300;
    d.layers[3].electrical.muNCm2PerVs = 1e9;
    const r = checkDeviceSpec(d);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const thickness = param('layers[].thicknessNm');
    const mu = param('layers[].electrical.muNCm2PerVs');
    expect(r.errors).toEqual(
      expect.arrayContaining([
        `layers[3] "MAPbI3".thicknessNm: ${sayVerdict(thickness, judge(thickness, 1e300)!, 1e300, 'en')}`,
        `layers[3] "MAPbI3".electrical.muNCm2PerVs: ${sayVerdict(mu, judge(mu, 1e9)!, 1e9, 'en')}`,
      ]),
    );
    expect(r.issues.every((i) => i.message.code !== 'check.schema')).toBe(true);
    // an optical-only device: the schema alone refuses it, with the same words
    const o = example();
    delete o.electrical;
    o.layers[3].thicknessNm = -5;
    const c = checkDeviceSpec(o);
    expect(c.ok ? [] : c.errors).toEqual([
      `layers[3] "MAPbI3".thicknessNm: ${sayVerdict(thickness, judge(thickness, -5)!, -5, 'en')}`,
    ]);
  });
});

describe('the material check from the registry', () => {
  const base = { name: 'X', category: 'electron', optical: { kind: 'constant', n: 2, k: 0 } };

  it('keeps an implausible value with a warning in both languages, and refuses an impossible one', () => {
    const ok = checkMaterialInput({ ...base, electrical: { muNCm2PerVs: 5e5, epsR: 10 } });
    expect(ok.ok).toBe(true);
    if (!ok.ok) return;
    const mu = materialParam('muNCm2PerVs')!;
    expect(ok.warnings).toEqual([
      {
        field: 'electrical.muNCm2PerVs',
        msg: { 'zh-CN': sayVerdict(mu, judge(mu, 5e5)!, 5e5, 'zh'), en: sayVerdict(mu, judge(mu, 5e5)!, 5e5, 'en') },
      },
    ]);
    const bad = checkMaterialInput({ ...base, electrical: { ions: { densityCm3: 1e30, diffusionCm2PerS: 1e-12 } } });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    const n = materialParam('ions.densityCm3')!;
    expect(bad.problems).toEqual([
      {
        field: 'electrical.ions.densityCm3',
        msg: { 'zh-CN': sayVerdict(n, judge(n, 1e30)!, 1e30, 'zh'), en: sayVerdict(n, judge(n, 1e30)!, 1e30, 'en') },
      },
    ]);
    // the schema of a material carries the same bounds
    expect(MaterialElectrical.properties.ions).toBeDefined();
  });
});
