import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateCircuitCase } from '../../src/validation/circuit.js';
import type { BenchCase } from '../../src/validation/types.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../../..');
const dir = join(root, 'assets/validation/cases/circuit');
const ctx = { readAsset: (rel: string) => readFileSync(join(root, 'assets', rel), 'utf8') };
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();

describe('circuit validation cases (assets/validation/cases/circuit)', () => {
  it('finds the cases', () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
  });
  for (const f of files) {
    it(f, () => {
      const c = JSON.parse(readFileSync(join(dir, f), 'utf8')) as BenchCase;
      const r = validateCircuitCase(c, ctx);
      const failed = r.checks.filter((x) => !x.pass);
      expect(r.error).toBeUndefined();
      expect(failed).toEqual([]);
      expect(r.pass).toBe(true);
      // every expected value is checked
      if (c.kind !== 'circuit-fit') {
        const n = (c.expected['J_mA_cm2'] as number[]).length;
        expect(r.checks.length).toBe(n + 6);
      }
    });
  }

  it('fails a case whose expected value is perturbed beyond its tolerance', () => {
    const c = JSON.parse(readFileSync(join(dir, 'sdm-csi.json'), 'utf8')) as BenchCase;
    c.expected['Voc_V'] = (c.expected['Voc_V'] as number) + 2e-6;
    expect(validateCircuitCase(c, ctx).pass).toBe(false);
    const f = JSON.parse(readFileSync(join(dir, 'fit-synthetic-csi-noisefree.json'), 'utf8')) as BenchCase;
    (f.expected['params'] as Record<string, number>)['n'] = 1.002;
    expect(validateCircuitCase(f, ctx).pass).toBe(false);
  });
});
