/**
 * Benchmark cases in the pv-bench/1 format (assets/validation/FORMAT.md). A validator runs the
 * engine on a case's input and compares with its expected values at its stated tolerances.
 * Validators are pure: whatever data they need beyond the case (the AM1.5G table) comes through
 * the context, which the caller (CLI, tests) backs with files.
 */
export interface BenchCase {
  format: string;
  kind: string;
  id: string;
  description?: string;
  source?: string;
  input: Record<string, unknown>;
  expected: Record<string, unknown>;
  tolerance: Record<string, unknown>;
  notes?: unknown;
}

export interface CaseCheck {
  /** What was compared, e.g. "R[12]" or "Voc_V". */
  name: string;
  pass: boolean;
  actual?: number;
  expected?: number;
  /** The tolerance applied, in words, e.g. "abs 1e-6". */
  tolerance?: string;
  /** The largest |actual - expected| this check allows; lets a report rank checks by deviation / allowed. */
  allowed?: number;
}

export interface CaseResult {
  id: string;
  kind: string;
  pass: boolean;
  checks: CaseCheck[];
  /** Why a case could not be run at all (unsupported feature, bad input). Set means fail. */
  error?: string;
  elapsedMs?: number;
  /** Engine and reference curves for an overlay plot (the public validation page, the paper). */
  plot?: CasePlot;
}

/**
 * What a case's overlay plot shows: 'spectra' = R, T, A against wavelength (nm, fraction);
 * 'jv' = current density (mA/cm²) against voltage (V); 'nyquist' = −Im Z against Re Z (Ω cm²); 'parity' = the engine's
 * current density (y) against the reference's (x), both mA/cm², one point per compared value.
 * Each series comes from the engine or from the case's reference, with its own x values.
 */
export interface CasePlot {
  kind: 'spectra' | 'jv' | 'nyquist' | 'parity';
  series: CasePlotSeries[];
}

export interface CasePlotSeries {
  /** R, T, A (with the layer's name), J, Z. */
  quantity: 'R' | 'T' | 'A' | 'J' | 'Z';
  /** The layer an absorptance belongs to, as the case names it. */
  layer?: string;
  origin: 'engine' | 'reference';
  x: number[];
  y: number[];
}

export interface ValidateContext {
  /** Reads a file shipped under assets/ (e.g. "data/spectra/am15g.csv") as text. */
  readAsset(relPath: string): string;
  /**
   * Mesh nodes of a drift-diffusion J-V or impedance case (default VALIDATION_NODES): the benchmark
   * runs a case on the mesh it is timed on, and says how far that is from the reference.
   */
  ddNodes?: number;
}

export type CaseValidator = (c: BenchCase, ctx: ValidateContext) => CaseResult | Promise<CaseResult>;
