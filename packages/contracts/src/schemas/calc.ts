import Type, { type Static } from 'typebox';
import Value from 'typebox/value';
import type { CalcKind, JobStatus } from '../calc.js';
import { DB_INT_MAX } from '../limits.js';

/**
 * Payloads and answers of /sys/calc/* (issue 6). Device calculations carry a DeviceSpec
 * (schemaVersion 1, checked with checkDeviceSpec); circuit calculations carry a circuit job
 * (the engine's CircuitJob). Form posts carry either as a JSON string in one field, JSON posts as
 * an object or a string: the server parses and checks before anything is queued.
 *
 * The circuit job schemas below are structural: which kinds each calculation accepts, and the
 * shape and types of their fields. The physics of the values (J0 >= 0, n > 0, a positive absorber
 * thickness, increasing spectrum wavelengths, ...) is the engine's one check,
 * checkCircuitJobInput in packages/engine/src/jobs/circuit-job.ts, which the server runs after this
 * one and runCircuitJob runs again wherever a job is executed.
 */

const Num = Type.Number();
const Voltages = Type.Array(Num, { minItems: 2, maxItems: 5000 });
const Nullable = (t: ReturnType<typeof Type.Number>) => Type.Union([t, Type.Null()]);
const Loose = Type.Record(Type.String(), Type.Unknown());

const SdmParams = Type.Object({
  jphMaCm2: Num,
  j0MaCm2: Num,
  n: Num,
  rsOhmCm2: Num,
  rshOhmCm2: Nullable(Num),
  tK: Num,
});

const ModifiedParams = Type.Object({
  jphMaCm2: Num,
  yBulkPerS: Num,
  uIfPerCm2S: Num,
  yAugerPerS: Num,
  rsOhmCm2: Num,
  rshOhmCm2: Nullable(Num),
});

const Absorber = Type.Object({
  thicknessNm: Num,
  ncCm3: Num,
  nvCm3: Num,
  egEV: Num,
  tK: Num,
  nBulk: Type.Optional(Num),
  nIf: Type.Optional(Num),
  nAuger: Type.Optional(Num),
  j0RadMaCm2: Type.Optional(Num),
});

/**
 * What is known of the absorber's recombination, on which the modified-diode split rests: bulk SRH
 * from the lifetime (y_bulk = 1/(2 tau)) or y_bulk itself, Auger off or its coefficient (C in
 * cm^6/s, or y_Aug), either left to the fit ("fit"; the result then says whether the curves
 * determine it). The engine's check requires it for a modified-model fit and says why.
 */
const Knowns = Type.Object({
  bulk: Type.Union([Type.Literal('fit'), Type.Object({ tauBulkS: Num }), Type.Object({ yBulkPerS: Num })]),
  auger: Type.Union([
    Type.Literal('off'),
    Type.Literal('fit'),
    Type.Object({ cAugerCm6PerS: Num }),
    Type.Object({ yAugerPerS: Num }),
  ]),
});

const Spectrum = Type.Object({
  wavelengthNm: Type.Array(Num, { minItems: 2 }),
  irradianceWm2Nm: Type.Array(Num, { minItems: 2 }),
});

const Illumination = Type.Optional(Type.Union([Type.Literal('light'), Type.Literal('dark')]));
const CurveText = Type.String({ minLength: 1, maxLength: 2_000_000 });
const CurveFormat = Type.Optional(Type.Union([Type.Literal('table'), Type.Literal('scaps-iv')]));
const CurveRows = Type.Array(Type.Array(Type.Unknown()), { minItems: 2 });
const Curve = Type.Union([
  Type.Object({ voltageV: Voltages, jMaCm2: Voltages, illumination: Illumination }),
  Type.Object({ text: CurveText, format: CurveFormat, parse: Type.Optional(Loose) }),
  Type.Object({ rows: CurveRows, parse: Type.Optional(Loose) }),
]);
/** One of several curves of a device: its source, and the light it was measured under. */
const Light = {
  label: Type.Optional(Type.String({ maxLength: 100 })),
  pinMwCm2: Type.Optional(Num),
  suns: Type.Optional(Num),
};
const DeviceCurve = Type.Union([
  Type.Object({ voltageV: Voltages, jMaCm2: Voltages, illumination: Illumination, ...Light }),
  Type.Object({ text: CurveText, format: CurveFormat, parse: Type.Optional(Loose), ...Light }),
  Type.Object({ rows: CurveRows, parse: Type.Optional(Loose), ...Light }),
]);

const Pin = Type.Optional(Num);

/** 'circle': the traditional (single- or two-diode) circuit models: simulate or fit. */
export const CircleJob = Type.Union([
  Type.Object({ kind: Type.Literal('simulate-sdm'), params: SdmParams, voltageV: Voltages, pinMwCm2: Pin }),
  Type.Object({ kind: Type.Literal('simulate-2dm'), params: Loose, voltageV: Voltages, pinMwCm2: Pin }),
  Type.Object({
    kind: Type.Literal('fit'),
    model: Type.Union([Type.Literal('sdm'), Type.Literal('2dm')]),
    tK: Num,
    curve: Curve,
    options: Type.Optional(Loose),
  }),
]);
export type CircleJob = Static<typeof CircleJob>;

/**
 * 'circle2': the modified diode model with loss quantification: simulate, fit or losses. A fit
 * takes one curve or several curves of one device (light intensities, light and dark), fitted
 * together with shared recombination and one photocurrent per curve.
 */
export const Circle2Job = Type.Union([
  Type.Object({
    kind: Type.Literal('simulate-modified'),
    params: ModifiedParams,
    absorber: Absorber,
    voltageV: Voltages,
    pinMwCm2: Pin,
  }),
  Type.Object({
    kind: Type.Literal('fit'),
    model: Type.Literal('modified'),
    tK: Num,
    curve: Type.Optional(Curve),
    // how many curves one fit takes is the engine's rule (MAX_FIT_CURVES), checked before queuing
    curves: Type.Optional(Type.Array(DeviceCurve, { minItems: 1 })),
    absorber: Absorber,
    knowns: Type.Optional(Knowns),
    options: Type.Optional(Loose),
    spectrum: Type.Optional(Spectrum),
  }),
  Type.Object({
    kind: Type.Literal('losses'),
    params: ModifiedParams,
    absorber: Absorber,
    spectrum: Spectrum,
    pinMwCm2: Pin,
    suns: Type.Optional(Num),
  }),
]);
export type Circle2Job = Static<typeof Circle2Job>;

/**
 * Structural check of a circuit job for 'circle' or 'circle2' (kinds, shape, types); errors name
 * the field. The values' physics is the engine's checkCircuitJobInput.
 */
export function checkCircuitJob(
  kind: 'circle' | 'circle2',
  value: unknown,
): { ok: true; job: CircleJob | Circle2Job } | { ok: false; errors: string[] } {
  const schema = kind === 'circle' ? CircleJob : Circle2Job;
  if (Value.Check(schema, value)) return { ok: true, job: value as CircleJob | Circle2Job };
  const kinds =
    kind === 'circle'
      ? 'simulate-sdm, simulate-2dm, fit (model sdm or 2dm)'
      : 'simulate-modified, fit (model modified), losses';
  const k = typeof value === 'object' && value !== null ? (value as { kind?: unknown }).kind : undefined;
  // For a union the first error is the union's; the branch of the given kind says which field is wrong.
  const branch = schema.anyOf.find((b) => (b.properties.kind as { const?: unknown }).const === k);
  if (!branch) return { ok: false, errors: [`kind: must be one of ${kinds}`] };
  const errors = [...Value.Errors(branch, value)].slice(0, 5).map((e) => {
    const where = (e.instancePath || '/').replace(/^\//, '').replaceAll('/', '.') || 'job';
    return `${where}: ${e.message}`;
  });
  return { ok: false, errors: errors.length ? errors : ['invalid circuit job'] };
}

const JsonField = (description: string) =>
  Type.Union([Type.String({ minLength: 1, maxLength: 4_000_000 }), Type.Object({})], { description });

export const CalcDeviceBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100 })),
  device: JsonField('A DeviceSpec (schemaVersion 1), as an object or its JSON text (form posts)'),
  /** Queue priority (a charged feature, docs/finance.md): runs before ordinary jobs still waiting. */
  priority: Type.Optional(Type.Boolean()),
});
export type CalcDeviceBody = Static<typeof CalcDeviceBody>;

export const CalcCircuitBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100 })),
  job: JsonField('A circuit job (see CircleJob / Circle2Job), as an object or its JSON text (form posts)'),
  /** Queue priority (a charged feature, docs/finance.md): runs before ordinary jobs still waiting. */
  priority: Type.Optional(Type.Boolean()),
});
export type CalcCircuitBody = Static<typeof CalcCircuitBody>;

/**
 * A device fit (issue 27): the DeviceFitJob (schemas/device-fit.ts) as an object or its JSON text.
 * Its device is checked as a device submission's is, then the fit's own input check runs; every
 * refusal names the field inside the job (`job.curves[0].voltageV`).
 */
export const CalcFitBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100 })),
  job: JsonField('A device fit job (DeviceFitJob: device, curves, free, options), as an object or its JSON text'),
  /** Queue priority (a charged feature, docs/finance.md): runs before ordinary jobs still waiting. */
  priority: Type.Optional(Type.Boolean()),
});
export type CalcFitBody = Static<typeof CalcFitBody>;

export const CalcIdBody = Type.Object({ id: Type.Integer({ minimum: 1, maximum: DB_INT_MAX }) });
export type CalcIdBody = Static<typeof CalcIdBody>;

// Spelled out (not mapped from CALC_KINDS / JOB_STATUSES) so the static types stay literal unions.
const KindLiteral = Type.Union([
  Type.Literal('opt'),
  Type.Literal('elec'),
  Type.Literal('circle'),
  Type.Literal('circle2'),
  Type.Literal('fit'),
]);
/** A calculation kind as a schema (the price of a submission is asked by kind, schemas/finance.ts). */
export const CalcKindSchema = KindLiteral;
const StatusLiteral = Type.Union([
  Type.Literal('queued'),
  Type.Literal('running'),
  Type.Literal('succeeded'),
  Type.Literal('failed'),
  Type.Literal('nonconvergent'),
  Type.Literal('cancelled'),
]);

export const CalcListBody = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: DB_INT_MAX, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  kind: Type.Optional(KindLiteral),
  status: Type.Optional(StatusLiteral),
  /** Case-insensitive part of the calculation's name. */
  search: Type.Optional(Type.String({ maxLength: 100 })),
  /** Sorted over the whole list, not one page: default newest first. */
  sort: Type.Optional(
    Type.Union([Type.Literal('created'), Type.Literal('name'), Type.Literal('status'), Type.Literal('id')], {
      default: 'created',
    }),
  ),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' })),
});
export type CalcListBody = Static<typeof CalcListBody>;
export type CalcListSort = NonNullable<CalcListBody['sort']>;

export const CalcExportBody = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: DB_INT_MAX }),
  format: Type.Optional(Type.Union([Type.Literal('xlsx'), Type.Literal('csv-zip')], { default: 'xlsx' })),
});
export type CalcExportBody = Static<typeof CalcExportBody>;

export const CalcRecord = Type.Object({
  id: Type.Integer(),
  kind: KindLiteral,
  name: Type.String(),
  status: StatusLiteral,
  priority: Type.Integer(),
  parent_id: Type.Union([Type.Integer(), Type.Null()]),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  progress_detail: Type.Union([Type.String(), Type.Null()]),
  reason: Type.Union([Type.String(), Type.Null()]),
  attempts: Type.Integer(),
  engine_version: Type.String(),
  input_hash: Type.String(),
  result_size: Type.Integer(),
  created_at: Type.Integer(),
  started_at: Type.Union([Type.Integer(), Type.Null()]),
  finished_at: Type.Union([Type.Integer(), Type.Null()]),
});
export type CalcRecord = Static<typeof CalcRecord>;

export const CalcListData = Type.Object({ list: Type.Array(CalcRecord), total: Type.Integer() });
export type CalcListData = Static<typeof CalcListData>;

export const CalcDetail = Type.Object({
  record: CalcRecord,
  input: Type.Unknown(),
  result: Type.Unknown({ description: 'The engine result (null until succeeded)' }),
});
export type CalcDetail = Static<typeof CalcDetail>;

/** Key figures by name (Jsc_mA_cm2, Voc_V, FF, PCE_percent, fitted parameters, ...), numbers only. */
export const CalcResultPara = Type.Object({
  id: Type.Integer(),
  kind: KindLiteral,
  status: StatusLiteral,
  figures: Type.Record(Type.String(), Type.Number()),
  /** A parameter sweep's record only: its aggregated result (parameters, table, map for two). */
  sweep: Type.Optional(Type.Unknown()),
});
export type CalcResultPara = Static<typeof CalcResultPara>;

export const CalcPerformance = Type.Object({
  byStatus: Type.Record(Type.String(), Type.Integer()),
  byKind: Type.Record(Type.String(), Type.Integer()),
  total: Type.Integer(),
  /** Mean of finished_at - started_at over the user's succeeded calculations, ms; null without any. */
  meanRunMs: Type.Union([Type.Number(), Type.Null()]),
  /** Mean of started_at - created_at over the user's started calculations, ms; null without any. */
  meanWaitMs: Type.Union([Type.Number(), Type.Null()]),
});
export type CalcPerformance = Static<typeof CalcPerformance>;

export const OptStructLayer = Type.Object({
  name: Type.String(),
  role: Type.String(),
  thicknessNm: Type.Number(),
  material: Type.String({ description: 'material id of a table, or the model kind (constant, cauchy, ...)' }),
  coherent: Type.Boolean(),
});
export const CalcOptStruct = Type.Object({
  id: Type.Integer(),
  device: Type.String(),
  ambient: Type.String(),
  substrate: Type.String(),
  layers: Type.Array(OptStructLayer),
});
export type CalcOptStruct = Static<typeof CalcOptStruct>;

/**
 * A queued calculation: its id and, when the device check found values that run but are
 * implausible or may mislead, those warnings (field path, check code, words in the request's
 * language; the parameter registry's words for a registered parameter). Absent when there is none.
 */
/** The device check's warnings of an accepted submission (implausible values, in the registry's words). */
const CheckWarnings = Type.Optional(
  Type.Array(Type.Object({ path: Type.String(), code: Type.String(), msg: Type.String() }), {
    description: "the device check's warnings, in the request language",
  }),
);

export const CalcSubmitted = Type.Object({
  id: Type.Integer(),
  repeated: Type.Optional(
    Type.Boolean({
      description:
        'true when a submission with the same Idempotency-Key made this calculation before: nothing new was queued',
    }),
  ),
  warnings: CheckWarnings,
});

/** Calculations of a device: listed by calcList, exported by outputData (a device fit is one). */
export const CALC_DEVICE_KINDS: readonly CalcKind[] = ['opt', 'elec', 'fit'];
export const CALC_CIRCUIT_KINDS: readonly CalcKind[] = ['circle', 'circle2'];

/**
 * A parameter sweep (issue 6): one DeviceSpec, one or two numeric fields varied. Each combination
 * becomes a child calculation (parent_id = the sweep's record); the sweep's own record holds the
 * aggregated result once every child has ended.
 */
export const SWEEP_MAX_VALUES = 50;
export const SWEEP_MAX_COMBINATIONS = 100;

export const SweepParameter = Type.Object({
  path: Type.String({
    minLength: 1,
    maxLength: 200,
    description: 'A numeric field of the DeviceSpec: dotted names and [index], e.g. "layers[3].thicknessNm"',
  }),
  values: Type.Array(Type.Number(), { minItems: 1, description: `at most ${SWEEP_MAX_VALUES} values` }),
  label: Type.Optional(Type.String({ maxLength: 100 })),
});
export type SweepParameter = Static<typeof SweepParameter>;

export const CalcSweepBody = Type.Object({
  kind: Type.Union([Type.Literal('opt'), Type.Literal('elec')]),
  name: Type.Optional(Type.String({ maxLength: 100 })),
  device: JsonField('A DeviceSpec (schemaVersion 1), as an object or its JSON text (form posts)'),
  parameters: Type.Array(SweepParameter, {
    minItems: 1,
    maxItems: 2,
    description: `one or two parameters; at most ${SWEEP_MAX_COMBINATIONS} combinations in all`,
  }),
});
export type CalcSweepBody = Static<typeof CalcSweepBody>;

export const CalcSweepSubmitted = Type.Object({
  id: Type.Integer({ description: "the sweep's (parent) record" }),
  children: Type.Integer({ description: 'child calculations queued, one per combination' }),
  repeated: Type.Optional(
    Type.Boolean({ description: 'true when a submission with the same Idempotency-Key made this sweep before' }),
  ),
  warnings: CheckWarnings,
});
export type CalcSweepSubmitted = Static<typeof CalcSweepSubmitted>;

/** One combination of a sweep's result: its child calculation, the parameters' values, its key figures. */
export interface SweepRow {
  id: number;
  values: number[];
  status: JobStatus;
  reason: string | null;
  /** Figure name (figureNames) -> value; null when the child did not succeed or has no such figure. */
  figures: Record<string, number | null>;
}

/**
 * The aggregated result of a parameter sweep (the sweep record's result): the light J-V figures
 * of each combination and, for a device with a transient protocol, its hysteresis index
 * (`hysteresisIndex`) and the PCE of the reverse and forward scans it compares
 * (`PCE_reverse_percent`, `PCE_forward_percent`).
 */
export interface SweepResult {
  sweep: true;
  kind: 'opt' | 'elec';
  parameters: { path: string; label: string; values: number[] }[];
  figureNames: string[];
  table: SweepRow[];
  /** Two parameters only: figure name -> [i][j] (i: first parameter's value, j: second's). */
  map?: Record<string, (number | null)[][]>;
  statusMap?: JobStatus[][];
}

export const CalcSweepChild = Type.Object({
  id: Type.Integer(),
  /** The parameters' values of this combination, in the order of the sweep's parameters. */
  values: Type.Array(Type.Number()),
  status: StatusLiteral,
  reason: Type.Union([Type.String(), Type.Null()]),
});
export const CalcSweepChildren = Type.Object({ id: Type.Integer(), children: Type.Array(CalcSweepChild) });
export type CalcSweepChildren = Static<typeof CalcSweepChildren>;
