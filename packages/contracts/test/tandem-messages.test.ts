import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkDeviceSpec, checkFieldOf, hasMessageWording, localizeCheckMessage } from '../src/index.js';

/**
 * The engine's tandem check lines (engine/tandem/check.ts) in both languages: every line the check
 * writes for a tandem broken one way is told in Chinese and English with its field, so the server's
 * refusal and the editor never show the engine's English.
 */
// biome-ignore lint/suspicious/noExplicitAny: the test breaks the JSON on purpose
const example = (): any =>
  JSON.parse(
    readFileSync(
      new URL('../../../assets/devices/perovskite-silicon-tandem-electrical.device.json', import.meta.url),
      'utf8',
    ),
  );

function broken(): unknown[] {
  const out: unknown[] = [];
  const add = (edit: (d: ReturnType<typeof example>) => void) => {
    const d = example();
    edit(d);
    out.push(d);
  };
  add((d) => {
    delete d.layers[3].subcell;
  });
  add((d) => {
    d.layers[7].subcell = 'top';
  });
  add((d) => {
    d.layers[1].subcell = 'top';
  });
  add((d) => {
    delete d.electrical.tandem;
  });
  add((d) => {
    for (const l of d.layers) if (l.subcell === 'bottom') l.subcell = 'top';
  });
  add((d) => {
    d.electrical.generation = { kind: 'uniform', gCm3PerS: 1e21 };
  });
  add((d) => {
    d.electrical.eqe = {};
  });
  add((d) => {
    d.electrical.tandem.thicknessSweep = { layer: 'n c-Si base', fromNm: 0, toNm: -1, points: 100 };
  });
  add((d) => {
    d.electrical.tandem.thicknessSweep.layer = 'nothing';
  });
  add((d) => {
    d.electrical.tandem.fullStack = true;
  });
  return out;
}

describe('tandem check lines in both languages', () => {
  it('every line of a broken tandem is told with its field in Chinese and in English', () => {
    const checks = broken().map((d) => checkDeviceSpec(d));
    const issues = checks.flatMap((r) => {
      expect(r.ok).toBe(false);
      return r.ok ? [] : r.issues;
    });
    const lines = checks.flatMap((r) => (r.ok ? [] : r.errors));
    expect(issues.length).toBeGreaterThanOrEqual(12);
    for (const i of issues) {
      const line = `${i.path}: ${i.message.text}`;
      expect(hasMessageWording(i.message.code), line).toBe(true);
      expect(checkFieldOf(i.path), line).toBeDefined();
      const zh = localizeCheckMessage(i, 'zh-CN');
      const en = localizeCheckMessage(i, 'en');
      expect(zh, line).not.toBe(line);
      expect(en, line).not.toBe(line);
      expect(zh, line).not.toMatch(/subcell|tandem|electrical\.|\{\w+\}/);
    }
    expect(lines).toContain(
      'layers[3] "perovskite".subcell: missing: every electrical layer of a tandem is "top", "junction" or "bottom"',
    );
    const missing = issues.find((i) => i.path === 'layers[3] "perovskite".subcell');
    expect(missing?.message.code).toBe('check.subcell-missing');
    expect(missing && localizeCheckMessage(missing, 'zh-CN')).toBe(
      'perovskite：叠层子电池：未指定：叠层器件的每个电学层都须指定为顶电池、复合结或底电池',
    );
  });
});
