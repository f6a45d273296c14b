import { validateCircuitCase } from './circuit.js';
import { validateCircuitMdmCase } from './circuit-mdm.js';
import { validateDdImpedanceCase } from './dd-impedance.js';
import { validateDdJvCase } from './dd-jv.js';
import { validateOpticsTmmCase } from './optics-tmm.js';
import type { BenchCase, CaseResult, CaseValidator, ValidateContext } from './types.js';

export { mdmCaseChecks, mdmCaseJob } from './circuit-mdm.js';
export {
  type PvBenchDdInput,
  pvBenchToDevice,
  UnsupportedCaseError,
  type UnsupportedField,
  unsupportedCaseFields,
} from './dd-case.js';
export type {
  BenchCase,
  CaseCheck,
  CasePlot,
  CasePlotSeries,
  CaseResult,
  CaseValidator,
  ValidateContext,
} from './types.js';

/** Validators by case kind. */
export const VALIDATORS: Record<string, CaseValidator> = {
  'optics-tmm': validateOpticsTmmCase,
  'circuit-sdm': validateCircuitCase,
  'circuit-2dm': validateCircuitCase,
  'circuit-fit': validateCircuitCase,
  'circuit-mdm': validateCircuitMdmCase,
  'dd-jv': validateDdJvCase,
  'dd-impedance': validateDdImpedanceCase,
};

/** Kinds the case format defines for models this engine version does not have yet. */
const KINDS_NOT_YET: Record<string, string> = {};

/** Runs one case; an unknown kind or a thrown error becomes a failing result, never a crash. */
export async function validateCase(c: BenchCase, ctx: ValidateContext): Promise<CaseResult> {
  const started = performance.now();
  const validator = VALIDATORS[c.kind];
  if (!validator) {
    const error = KINDS_NOT_YET[c.kind] ?? `unknown case kind "${c.kind}"`;
    return { id: c.id, kind: c.kind, pass: false, checks: [], error };
  }
  try {
    const r = await validator(c, ctx);
    return { ...r, elapsedMs: r.elapsedMs ?? performance.now() - started };
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    return { id: c.id, kind: c.kind, pass: false, checks: [], error: msg, elapsedMs: performance.now() - started };
  }
}

/**
 * The check that came closest to (or furthest past) its tolerance: |actual - expected| / allowed.
 * Checks that state no numeric allowance are left out.
 */
export function worstDeviation(r: CaseResult): { name: string; ratio: number } | undefined {
  let worst: { name: string; ratio: number } | undefined;
  for (const k of r.checks) {
    if (k.actual === undefined || k.expected === undefined || k.allowed === undefined) continue;
    const dev = Math.abs(k.actual - k.expected);
    const ratio = Number.isNaN(dev)
      ? Number.POSITIVE_INFINITY
      : k.allowed > 0
        ? dev / k.allowed
        : dev === 0
          ? 0
          : Number.POSITIVE_INFINITY;
    if (!worst || ratio > worst.ratio) worst = { name: k.name, ratio };
  }
  return worst;
}
