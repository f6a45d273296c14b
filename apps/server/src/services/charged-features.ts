import { type CalcKind, CHARGED_FEATURES, type ChargedFeature } from '@pvforge/contracts';

/**
 * The one rule of what a calculation is charged for (issue 29; docs/finance.md), used both when a
 * calculation is submitted (routes/calc.ts) and when a form asks the price beforehand
 * (/sys/finance/quote), so what is shown is what is charged.
 */
export interface ChargeDescriptor {
  kind: CalcKind;
  /** A circuit job's kind: 'fit', 'simulate-modified', 'losses', ... */
  mode?: string | undefined;
  /** A modified-model fit given a spectrum: it draws each light curve's loss waterfall. */
  waterfall?: boolean | undefined;
  priority?: boolean | undefined;
}

/**
 * Efficiency-loss quantification is whatever produces the loss waterfall: the modified diode model's
 * 'losses' mode (given parameters) and its fit when given a spectrum, alike. Queue priority is
 * charged whenever asked for.
 */
export function chargedFeatures(d: ChargeDescriptor): ChargedFeature[] {
  const features: ChargedFeature[] = [];
  if (d.kind === 'circle2' && (d.mode === 'losses' || (d.mode === 'fit' && d.waterfall === true)))
    features.push(CHARGED_FEATURES.lossQuantification);
  if (d.priority === true) features.push(CHARGED_FEATURES.queuePriority);
  return features;
}

/** The descriptor of a checked submission: its job's kind, and whether a fit carries a spectrum. */
export function describeSubmission(kind: CalcKind, input: unknown, priority: boolean | undefined): ChargeDescriptor {
  const job = (typeof input === 'object' && input !== null ? input : {}) as { kind?: unknown; spectrum?: unknown };
  return {
    kind,
    mode: typeof job.kind === 'string' ? job.kind : undefined,
    waterfall: job.spectrum !== undefined && job.spectrum !== null,
    priority,
  };
}
