import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateOpticsTmmCase } from '../../src/validation/optics-tmm.js';
import type { BenchCase } from '../../src/validation/types.js';
import { readAsset, repoRoot } from './helpers.js';

const dir = join(repoRoot, 'assets/validation/cases/optics');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('optics-tmm validation cases (assets/validation/cases/optics)', () => {
  it('finds the cases', () => {
    expect(files.length).toBeGreaterThanOrEqual(11);
  });
  for (const f of files) {
    it(f, () => {
      const c = JSON.parse(readFileSync(join(dir, f), 'utf8')) as BenchCase;
      const r = validateOpticsTmmCase(c, { readAsset });
      expect(r.error).toBeUndefined();
      expect(r.checks.filter((x) => !x.pass)).toEqual([]);
      expect(r.pass).toBe(true);
      // R, T, every layer's A, each Jph array and profile row are compared
      const layers = (c.input['layers'] as unknown[]).length;
      let arrays = 2 + layers;
      if (c.expected['Jph_mA_cm2']) arrays += 1;
      const prof = c.expected['profile'] as { a_per_nm: unknown[]; G_cm3_s?: unknown } | undefined;
      if (prof) arrays += prof.a_per_nm.length + (prof.G_cm3_s ? 1 : 0);
      expect(r.checks.length).toBe(arrays);
      expect(r.checks.every((k) => k.allowed !== undefined && k.allowed > 0)).toBe(true);
    });
  }

  it('fails a case with an expected value it does not know how to check', () => {
    const c = JSON.parse(readFileSync(join(dir, 'quarterwave-arc-ideal.json'), 'utf8')) as BenchCase;
    c.expected['haze'] = [0.1];
    const r = validateOpticsTmmCase(c, { readAsset });
    expect(r.pass).toBe(false);
    expect(r.checks.some((k) => k.name.startsWith('expected.haze: not checked'))).toBe(true);
  });

  it('fails a case whose expected value is off by more than its tolerance', () => {
    const c = JSON.parse(readFileSync(join(dir, 'quarterwave-arc-ideal.json'), 'utf8')) as BenchCase;
    const R = c.expected['R'] as number[];
    R[10] = R[10]! + 2e-6;
    const r = validateOpticsTmmCase(c, { readAsset });
    expect(r.pass).toBe(false);
    expect(r.checks.filter((k) => !k.pass).map((k) => k.name)).toEqual([expect.stringMatching(/^R at 350 nm/)]);
  });

  it('fails a case that expects a profile it did not compute, instead of skipping it', () => {
    const c = JSON.parse(
      readFileSync(join(dir, 'cell-perovskite-pin-glass-ambient-profile.json'), 'utf8'),
    ) as BenchCase;
    const noInput = structuredClone(c);
    delete noInput.input['profile'];
    const r1 = validateOpticsTmmCase(noInput, { readAsset });
    expect(r1.pass).toBe(false);
    expect(r1.checks.some((k) => k.name.startsWith('expected.profile: the case gives no input.profile'))).toBe(true);
    const badRows = structuredClone(c);
    (badRows.expected['profile'] as { a_per_nm: unknown }).a_per_nm = 'none';
    const r2 = validateOpticsTmmCase(badRows, { readAsset });
    expect(r2.pass).toBe(false);
    expect(r2.checks.some((k) => k.name.startsWith('expected.profile.a_per_nm: needs one row'))).toBe(true);
  });
});
