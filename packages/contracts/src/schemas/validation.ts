import Type, { type Static } from 'typebox';

/**
 * The public validation report (GET /calc/sys/validation/report, the /validation page, the
 * platform paper): every public benchmark case of assets/validation/cases run by the engine that
 * serves it. `worstRatio` is the largest |engine - reference| / allowed over the case's checks
 * (<= 1 passes); the plot carries engine and reference curves for an overlay.
 */
export const VALIDATION_SOURCES = [
  'tmm',
  'pvlib',
  'pvmismatch',
  'scaps',
  'simsalabim',
  'ionmonger',
  'analytic',
  'other',
] as const;
export type ValidationSource = (typeof VALIDATION_SOURCES)[number];

export const ValidationPlotSeries = Type.Object({
  quantity: Type.Union([Type.Literal('R'), Type.Literal('T'), Type.Literal('A'), Type.Literal('J'), Type.Literal('Z')]),
  layer: Type.Optional(Type.String()),
  origin: Type.Union([Type.Literal('engine'), Type.Literal('reference')]),
  x: Type.Array(Type.Number()),
  y: Type.Array(Type.Number()),
});

export const ValidationCaseReport = Type.Object({
  id: Type.String(),
  kind: Type.String(),
  source: Type.Union([
    Type.Literal('tmm'),
    Type.Literal('pvlib'),
    Type.Literal('pvmismatch'),
    Type.Literal('scaps'),
    Type.Literal('simsalabim'),
    Type.Literal('ionmonger'),
    Type.Literal('analytic'),
    Type.Literal('other'),
  ]),
  /** The case's own description (English, as written in the case file). */
  description: Type.String(),
  /** The case's tolerance entries, nested keys joined by "." (e.g. "params.n"). */
  tolerance: Type.Array(Type.Object({ key: Type.String(), value: Type.Number() })),
  pass: Type.Boolean(),
  /** Largest |engine - reference| / allowed over the checks; null when no check states an allowance. */
  worstRatio: Type.Union([Type.Number(), Type.Null()]),
  checkCount: Type.Integer({ minimum: 0 }),
  failedChecks: Type.Integer({ minimum: 0 }),
  /** Why the case could not run at all (engine text, English). */
  error: Type.Optional(Type.String()),
  elapsedMs: Type.Number(),
  plot: Type.Optional(
    Type.Object({
      kind: Type.Union([Type.Literal('spectra'), Type.Literal('jv'), Type.Literal('nyquist'), Type.Literal('parity')]),
      series: Type.Array(ValidationPlotSeries),
    }),
  ),
});
export type ValidationCaseReport = Static<typeof ValidationCaseReport>;

export const ValidationReport = Type.Object({
  engineVersion: Type.String(),
  generatedAt: Type.String(),
  passed: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  cases: Type.Array(ValidationCaseReport),
});
export type ValidationReport = Static<typeof ValidationReport>;

/** The route's answer: the report once computed, meanwhile the progress. */
export const ValidationReportAnswer = Type.Union([
  Type.Object({ state: Type.Literal('ready'), report: ValidationReport }),
  Type.Object({
    state: Type.Literal('computing'),
    done: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0 }),
  }),
  Type.Object({ state: Type.Literal('failed'), reason: Type.String() }),
]);
export type ValidationReportAnswer = Static<typeof ValidationReportAnswer>;
