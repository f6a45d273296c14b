import { describe, expect, it } from 'vitest';
import { validateDdJvCase } from '../../src/validation/dd-jv.js';
import { validateCase } from '../../src/validation/index.js';
import { loadCases } from './helpers.js';

const ctx = {
  readAsset(): string {
    throw new Error('dd-jv cases need no assets');
  },
};

describe('pv-bench dd-jv cases (assets/validation/cases/dd)', () => {
  const cases = loadCases();
  it('finds the cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(5);
  });
  for (const c of cases) {
    const hasIons = (c.input['layers'] as { ions?: unknown }[]).some((l) => l.ions !== undefined);
    if (hasIons) {
      it(`${c.id} fails with "ions not supported yet"`, async () => {
        const r = await validateCase(c, ctx);
        expect(r.pass).toBe(false);
        expect(r.error).toBe('ions not supported yet');
      });
    } else {
      it(`${c.id} passes at its tolerance`, () => {
        const r = validateDdJvCase(c, ctx);
        const failed = r.checks.filter((k) => !k.pass);
        expect(r.error).toBeUndefined();
        expect(failed).toEqual([]);
        const nJ = (c.expected['J_mA_cm2'] as number[] | undefined)?.length ?? 0;
        expect(r.checks.filter((k) => k.name.startsWith('J_mA_cm2')).length).toBe(nJ);
        if (c.expected['Voc_V'] !== undefined) {
          expect(r.checks.map((k) => k.name)).toEqual(expect.arrayContaining(['Jsc_mA_cm2', 'Voc_V', 'FF']));
        }
        expect(r.pass).toBe(true);
      }, 30_000);
    }
  }
  it('a case with a perturbed expected value fails (the checks can fail)', () => {
    const c = structuredClone(cases.find((k) => k.id === 'simsalabim-pin-perovskite')!);
    c.expected['Voc_V'] = (c.expected['Voc_V'] as number) + 0.005;
    const r = validateDdJvCase(c, ctx);
    expect(r.pass).toBe(false);
    expect(r.checks.find((k) => k.name === 'Voc_V')?.pass).toBe(false);
  }, 30_000);
});
