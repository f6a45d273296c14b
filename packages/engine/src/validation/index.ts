import { validateCircuitCase } from './circuit.js';
import { validateDdJvCase } from './dd-jv.js';
import { validateOpticsTmmCase } from './optics-tmm.js';
import type { BenchCase, CaseResult, CaseValidator, ValidateContext } from './types.js';

export type { BenchCase, CaseCheck, CaseResult, CaseValidator, ValidateContext } from './types.js';

/** Validators by case kind. */
export const VALIDATORS: Record<string, CaseValidator> = {
  'optics-tmm': validateOpticsTmmCase,
  'circuit-sdm': validateCircuitCase,
  'circuit-2dm': validateCircuitCase,
  'circuit-fit': validateCircuitCase,
  'dd-jv': validateDdJvCase,
};

/** Runs one case; an unknown kind or a thrown error becomes a failing result, never a crash. */
export async function validateCase(c: BenchCase, ctx: ValidateContext): Promise<CaseResult> {
  const started = performance.now();
  const validator = VALIDATORS[c.kind];
  if (!validator) {
    return { id: c.id, kind: c.kind, pass: false, checks: [], error: `unknown case kind "${c.kind}"` };
  }
  try {
    const r = await validator(c, ctx);
    return { ...r, elapsedMs: r.elapsedMs ?? performance.now() - started };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    return { id: c.id, kind: c.kind, pass: false, checks: [], error: msg, elapsedMs: performance.now() - started };
  }
}
