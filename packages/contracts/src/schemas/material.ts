import { checkDefectSpec, type LayerMaterialFieldKey, layerGap } from '@pvforge/engine/spec-check';
import { judge, materialParam, type Param, paramAt, sayVerdict } from '@pvforge/params';
import Type, { type Static, type TSchema } from 'typebox';
import Value from 'typebox/value';
import { localizeCheckMessage } from '../device/check-messages.js';
import { type DeviceLayerSpec, type LayerRole, OpticalModelSpec } from '../device/device-spec.js';
import {
  BulkDefectSpec,
  type IonElectricalSpec,
  LAYER_FIELDS,
  LayerElectricalSpec,
  MAX_DEFECTS_PER_PLACE,
} from '../device/device-spec-electrical.js';
import { MaterialNumber } from '../device/param-schema.js';
import type { Localized } from '../i18n.js';
import { NK_MAX_POINTS, NK_MIN_POINTS } from '../material/nk-file.js';
import { FormBoolean, Paging } from './common.js';

/**
 * The material library (issue 7, docs/api/library.md "Materials"): what a layer is made of,
 * optical constants and electrical parameters, each value with its source. The body schemas type
 * what the transport can check (form posts carry the JSON parts as text); checkMaterialInput then
 * applies the whole schema and the physical sanity rules with field-level messages in both
 * languages, so the server, the web form and the CLI refuse the same materials with the same words.
 */

export const MATERIAL_CATEGORIES = [
  'organic',
  'tetrahedral',
  'lead_perovskite',
  'lead_free_perovskite',
  'electron',
  'hole',
  'electrode_positive',
  'electrode_negative',
] as const;
export type MaterialCategory = (typeof MATERIAL_CATEGORIES)[number];

export const MATERIAL_STATUSES = ['public', 'private', 'pending', 'approved', 'rejected'] as const;
export type MaterialStatus = (typeof MATERIAL_STATUSES)[number];

/** The side menu's `cata` query (spec §2): 1 absorber, 2 electron transport, 3 hole transport, 4 electrode. */
export const MATERIAL_CATA = {
  1: ['organic', 'tetrahedral', 'lead_perovskite', 'lead_free_perovskite'],
  2: ['electron'],
  3: ['hole'],
  4: ['electrode_positive', 'electrode_negative'],
} as const satisfies Record<1 | 2 | 3 | 4, readonly MaterialCategory[]>;
export type MaterialCata = keyof typeof MATERIAL_CATA;

/**
 * The sub-paths of /plat/material-library (spec §2) and the categories each shows: every category
 * names itself, `perovskite` and `electrode` stand for both of their kinds.
 */
export const MATERIAL_ROUTE_CATEGORIES: Readonly<Record<string, readonly MaterialCategory[]>> = {
  ...Object.fromEntries(MATERIAL_CATEGORIES.map((c) => [c, [c]])),
  perovskite: ['lead_perovskite', 'lead_free_perovskite'],
  electrode: ['electrode_positive', 'electrode_negative'],
};

/**
 * The categories a list query asks for: the `category` (a category or a route sub-path) and the
 * `cata` filter together (both given: the categories in both). undefined = no filter; null = a
 * `category` that is neither a category nor a sub-path.
 */
export function materialCategoriesOf(category?: string, cata?: number): MaterialCategory[] | undefined | null {
  let out: MaterialCategory[] | undefined;
  if (category !== undefined && category !== '') {
    const named = Object.hasOwn(MATERIAL_ROUTE_CATEGORIES, category) ? MATERIAL_ROUTE_CATEGORIES[category] : undefined;
    if (!named) return null;
    out = [...named];
  }
  if (cata !== undefined) {
    const byCata: readonly MaterialCategory[] = MATERIAL_CATA[cata as MaterialCata] ?? [];
    out = out ? out.filter((c) => byCata.includes(c)) : [...byCata];
  }
  return out;
}

// Spelled out (not mapped from the lists) so the static types stay literal unions.
const CategoryLiteral = Type.Union([
  Type.Literal('organic'),
  Type.Literal('tetrahedral'),
  Type.Literal('lead_perovskite'),
  Type.Literal('lead_free_perovskite'),
  Type.Literal('electron'),
  Type.Literal('hole'),
  Type.Literal('electrode_positive'),
  Type.Literal('electrode_negative'),
]);
const StatusLiteral = Type.Union([
  Type.Literal('public'),
  Type.Literal('private'),
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
]);

/** The LayerElectricalSpec fields a material carries (the field list's `material`): mesh settings are a device's. */
export const LAYER_MATERIAL_FIELDS = LAYER_FIELDS.filter((f) => f.material).map(
  (f) => f.key,
) as LayerMaterialFieldKey[];
type LayerMaterialField = (typeof LAYER_MATERIAL_FIELDS)[number];

/**
 * The mobile ionic species of a material (a perovskite's halide vacancies): what a layer made of it
 * gets as its `electrical.ions[0]` (IonElectricalSpec of the DeviceSpec, same names and units).
 */
export const MaterialIons = Type.Object(
  {
    /** Mobile ion density, cm^-3 (also the immobile background's, of opposite charge). */
    densityCm3: MaterialNumber('ions.densityCm3'),
    /** Ion diffusion coefficient at referenceTemperatureK, cm^2/s. */
    diffusionCm2PerS: MaterialNumber('ions.diffusionCm2PerS'),
    /** Charge of the mobile species in units of q; absent = +1 (iodide vacancies are positive). */
    sign: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(-1)])),
    /** Activation energy of ion migration, eV: D(T) = D_ref exp(-Ea/k (1/T - 1/T_ref)). */
    activationEnergyEV: Type.Optional(MaterialNumber('ions.activationEnergyEV')),
    /** Temperature at which diffusionCm2PerS holds, K (absent = 300 K). */
    referenceTemperatureK: Type.Optional(MaterialNumber('ions.referenceTemperatureK')),
  },
  { additionalProperties: false },
);
export type MaterialIons = Static<typeof MaterialIons>;
/** The charge of a material's mobile ions when it does not say (iodide vacancies, V_I+). */
export const DEFAULT_ION_SIGN = 1;

export const MaterialExciton = Type.Object(
  {
    diffusionLengthNm: MaterialNumber('exciton.diffusionLengthNm'),
    lifetimeS: MaterialNumber('exciton.lifetimeS'),
    bindingEnergyEV: Type.Optional(MaterialNumber('exciton.bindingEnergyEV')),
  },
  { additionalProperties: false },
);

/**
 * Onsager-Braun dissociation of the CT states of an organic blend (a layer's `ctDissociation`):
 * separation distance, decay rate k_f, one distance or a Gaussian spread of them.
 */
export const MaterialCtDissociation = Type.Object(
  {
    separationNm: MaterialNumber('ctDissociation.separationNm'),
    decayRatePerS: MaterialNumber('ctDissociation.decayRatePerS'),
    distribution: Type.Optional(Type.Union([Type.Literal('delta'), Type.Literal('gaussian')])),
  },
  { additionalProperties: false },
);
export type MaterialCtDissociation = Static<typeof MaterialCtDissociation>;

/**
 * A thin oxide grown on this semiconductor (SiOx on silicon) as carriers tunnel through it: the
 * barriers above the conduction-band edge and below the valence-band edge, and the tunnelling
 * masses; the thickness belongs to the device (an interface's `tunnelOxide`).
 */
export const MaterialTunnelOxide = Type.Object(
  {
    barrierElectronEV: MaterialNumber('tunnelOxide.barrierElectronEV'),
    barrierHoleEV: MaterialNumber('tunnelOxide.barrierHoleEV'),
    massElectronRel: MaterialNumber('tunnelOxide.massElectronRel'),
    massHoleRel: MaterialNumber('tunnelOxide.massHoleRel'),
  },
  { additionalProperties: false },
);
export type MaterialTunnelOxide = Static<typeof MaterialTunnelOxide>;

/** LayerElectricalSpec's material fields plus the work function (electrodes), mobile ions (perovskites), excitons and CT dissociation (organics) and tunnel-oxide barriers; all optional. */
export const MaterialElectrical = Type.Object(
  {
    ...(Object.fromEntries(LAYER_MATERIAL_FIELDS.map((f) => [f, LayerElectricalSpec.properties[f]])) as {
      [F in LayerMaterialField]: (typeof LayerElectricalSpec.properties)[F];
    }),
    /** Work function, eV (electrodes). */
    workFunctionEV: Type.Optional(MaterialNumber('workFunctionEV')),
    ions: Type.Optional(MaterialIons),
    exciton: Type.Optional(MaterialExciton),
    /** A typical defect set of the material (as a layer's `electrical.defects`), brought along when picked. */
    defects: Type.Optional(Type.Array(BulkDefectSpec, { maxItems: MAX_DEFECTS_PER_PLACE })),
    ctDissociation: Type.Optional(MaterialCtDissociation),
    tunnelOxide: Type.Optional(MaterialTunnelOxide),
  },
  { additionalProperties: false },
);
export type MaterialElectrical = Static<typeof MaterialElectrical>;

/** "egEV" -> "Zhang2019": which reference each value (or "optical") comes from. */
export const MaterialSources = Type.Record(
  Type.String({ minLength: 1, maxLength: 64 }),
  Type.String({ maxLength: 64 }),
);
/** Reference key -> full citation (authors, journal, year, DOI). */
export const MaterialReferences = Type.Record(
  Type.String({ minLength: 1, maxLength: 64 }),
  Type.String({ minLength: 1, maxLength: 2000 }),
);

/** Stable slug of a seeded material ("mapbi3"). */
export const MATERIAL_KEY_PATTERN = '^[a-z0-9][a-z0-9_.-]{0,63}$';

/** A material as it is stored and checked: the Material fields without uuid, owner, status and dates. */
export const MaterialInput = Type.Object(
  {
    key: Type.Optional(Type.Union([Type.String({ pattern: MATERIAL_KEY_PATTERN }), Type.Null()])),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    nameEn: Type.Optional(Type.String({ maxLength: 100 })),
    formula: Type.Optional(Type.String({ maxLength: 100 })),
    category: CategoryLiteral,
    optical: OpticalModelSpec,
    electrical: MaterialElectrical,
    sources: MaterialSources,
    references: MaterialReferences,
    notes: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type MaterialInput = Static<typeof MaterialInput>;

/** A list row's optical part without the n,k arrays (findMaterialLibrary without withData). */
export const MaterialOpticalSummary = Type.Object({
  kind: Type.Literal('tabulated'),
  points: Type.Integer(),
  rangeNm: Type.Tuple([Type.Number(), Type.Number()]),
});
export type MaterialOpticalSummary = Static<typeof MaterialOpticalSummary>;

const Uuid = Type.String({ minLength: 36, maxLength: 36, pattern: '^[0-9a-fA-F-]{36}$' });

export const Material = Type.Object({
  uuid: Uuid,
  key: Type.Union([Type.String(), Type.Null()]),
  name: Type.String(),
  nameEn: Type.Optional(Type.String()),
  /** The full Chinese name of a library material (issue 29); a user's own material has none. */
  nameZh: Type.Optional(Type.String()),
  formula: Type.Optional(Type.String()),
  category: CategoryLiteral,
  /** OpticalModelSpec; in list rows without `withData` a tabulated table is a MaterialOpticalSummary. */
  optical: Type.Union([OpticalModelSpec, MaterialOpticalSummary]),
  electrical: MaterialElectrical,
  sources: Type.Record(Type.String(), Type.String()),
  references: Type.Record(Type.String(), Type.String()),
  notes: Type.Optional(Type.String()),
  ownerId: Type.Union([Type.Integer(), Type.Null()]),
  status: StatusLiteral,
  /** Public copies made by review: who contributed it and the personal material it came from. */
  contributorId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  originUuid: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  createdAt: Type.Number(),
  updatedAt: Type.Number(),
});
export type Material = Static<typeof Material>;

/**
 * The answer schema of a material: the same fields, the optical part passed through as it is
 * (the serializer must not pick a union branch and drop n,k arrays or summary fields).
 */
export const MaterialAnswer = Type.Object({
  ...Material.properties,
  optical: Type.Unknown({
    description: 'OpticalModelSpec, or a tabulated summary {kind, points, rangeNm} in list rows',
  }),
});

export const MaterialListData = Type.Object({ list: Type.Array(MaterialAnswer), total: Type.Integer() });

/**
 * A material as a save answers it: the material, and the registry's warnings on values that run
 * but are implausible (outside the range real materials show, with why), each naming its field, in
 * the request's language. Absent when there is none, so clients that read a material still read it.
 */
export const MaterialSavedAnswer = Type.Object({
  ...MaterialAnswer.properties,
  warnings: Type.Optional(
    Type.Array(Type.Object({ field: Type.String(), msg: Type.String() }), {
      description: 'implausible values of the material (saved as given), in the request language',
    }),
  ),
});

/** A JSON part of a material: an object in JSON posts, its JSON text in form posts. */
const JsonPart = (description: string) =>
  Type.Union([Type.String({ minLength: 1, maxLength: 4_000_000 }), Type.Object({})], { description });

const fieldProps = {
  /** Admin only; ignored for personal materials. Empty = none. */
  key: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  nameEn: Type.Optional(Type.String({ maxLength: 100 })),
  formula: Type.Optional(Type.String({ maxLength: 100 })),
  category: CategoryLiteral,
  optical: JsonPart('OpticalModelSpec: {kind:"table", materialId} | {kind:"tabulated", wavelengthNm, n, k} | a model'),
  electrical: Type.Optional(JsonPart('MaterialElectrical (LayerElectricalSpec fields, workFunctionEV, ions, exciton)')),
  sources: Type.Optional(JsonPart('field name -> reference key')),
  references: Type.Optional(JsonPart('reference key -> full citation')),
  notes: Type.Optional(Type.String({ maxLength: 2000 })),
};

export const MaterialFieldsBody = Type.Object(fieldProps);
export type MaterialFieldsBody = Static<typeof MaterialFieldsBody>;

export const MaterialUuidBody = Type.Object({ uuid: Uuid });
export type MaterialUuidBody = Static<typeof MaterialUuidBody>;

/** `uuid` and the fields to change; fields left out keep their values. */
export const MaterialUpdateBody = Type.Object({
  uuid: Uuid,
  ...Type.Partial(Type.Object(fieldProps)).properties,
});
export type MaterialUpdateBody = Static<typeof MaterialUpdateBody>;

export const MaterialListBody = Type.Object({
  /** Case-insensitive substring of name, formula or notes. */
  search: Type.Optional(Type.String({ maxLength: 100 })),
  /** A category or a route sub-path (perovskite, electrode). */
  category: Type.Optional(Type.String({ maxLength: 32 })),
  cata: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
  ...Paging.properties,
  /** Include the n,k arrays of tabulated materials (default false). */
  withData: Type.Optional(FormBoolean),
});
export type MaterialListBody = Static<typeof MaterialListBody>;

/** n,k upload without multipart: the file's text, and the wavelength unit if known. */
export const MaterialParseNkBody = Type.Object({
  text: Type.Optional(Type.String({ description: 'the n,k file text (clients without multipart)' })),
  type: Type.Optional(Type.Union([Type.Literal('nm'), Type.Literal('um')])),
});
export type MaterialParseNkBody = Static<typeof MaterialParseNkBody>;

export const MaterialParseNkData = Type.Object({
  wavelengthNm: Type.Array(Type.Number()),
  n: Type.Array(Type.Number()),
  k: Type.Array(Type.Number()),
  points: Type.Integer(),
  rangeNm: Type.Tuple([Type.Number(), Type.Number()]),
  warnings: Type.Array(Type.String()),
});
export type MaterialParseNkData = Static<typeof MaterialParseNkData>;

// ---------------------------------------------------------------------------------------------
// Checking a material: schema and physical sanity, one message per problem, naming the field.

export interface MaterialProblem {
  /** Dotted path: "electrical.egEV", "optical.k[12]", "sources.egEV". */
  field: string;
  msg: Localized;
}

/**
 * The verdict of checkMaterialInput. A material that passes may still carry warnings: values the
 * registry finds implausible (outside the range real materials show, with why), which are kept.
 */
export type MaterialCheck =
  | { ok: true; material: MaterialInput; warnings: MaterialProblem[] }
  | { ok: false; problems: MaterialProblem[] };

/**
 * The material's numbers are the registry's parameters (@pvforge/params, by their `material` key:
 * 'epsR', 'ions.densityCm3'): a value outside the entry's hard limits is refused and one outside its
 * plausible range is warned, in the registry's words (sayVerdict), so the material form, the server
 * and a device made of the material say the same thing about the same value.
 */
const MATERIAL_SUBS = ['ions', 'exciton', 'ctDissociation', 'tunnelOxide'] as const;

/** Fields checked by their own rule rather than a numeric range. */
const CHOICE_FIELDS = new Set(['sign', 'distribution', 'defects']);
const REQUIRED_SUB: Record<string, readonly string[]> = {
  ions: ['densityCm3', 'diffusionCm2PerS'],
  exciton: ['diffusionLengthNm', 'lifetimeS'],
  ctDissociation: ['separationNm', 'decayRatePerS'],
  tunnelOxide: ['barrierElectronEV', 'barrierHoleEV', 'massElectronRel', 'massHoleRel'],
};

const problem = (field: string, zh: string, en: string): MaterialProblem => ({ field, msg: { 'zh-CN': zh, en } });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A verdict of the registry as a material problem (or warning), in the registry's words. */
function verdictProblem(p: Param, field: string, v: unknown): { problem: MaterialProblem; error: boolean } | undefined {
  const verdict = judge(p, v);
  if (!verdict) return undefined;
  return {
    problem: problem(field, sayVerdict(p, verdict, v, 'zh'), sayVerdict(p, verdict, v, 'en')),
    error: verdict.severity === 'error',
  };
}

/** The numbers of a material object (its electrical part or a sub-object), judged by the registry. */
function checkNumbers(
  obj: Record<string, unknown>,
  sub: string | undefined,
  prefix: string,
  out: MaterialProblem[],
  warnings: MaterialProblem[],
): void {
  for (const [name, v] of Object.entries(obj)) {
    const field = `${prefix}.${name}`;
    const p = materialParam(sub ? `${sub}.${name}` : name);
    if (!p) {
      if (!(MATERIAL_SUBS as readonly string[]).includes(name) && !CHOICE_FIELDS.has(name))
        out.push(problem(field, `${field} 不是可识别的参数`, `${field} is not a known parameter`));
      continue;
    }
    const said = verdictProblem(p, field, v);
    if (said) (said.error ? out : warnings).push(said.problem);
  }
}

function checkElectrical(value: unknown, out: MaterialProblem[], warnings: MaterialProblem[]): void {
  if (!isObject(value)) {
    out.push(problem('electrical', 'electrical 必须是对象', 'electrical must be an object'));
    return;
  }
  checkNumbers(value, undefined, 'electrical', out, warnings);
  checkMaterialDefects(value, out, warnings);
  for (const sub of MATERIAL_SUBS) {
    const v = value[sub];
    if (v === undefined) continue;
    const field = `electrical.${sub}`;
    if (!isObject(v)) {
      out.push(problem(field, `${field} 必须是对象`, `${field} must be an object`));
      continue;
    }
    for (const r of REQUIRED_SUB[sub] ?? [])
      if (v[r] === undefined) out.push(problem(`${field}.${r}`, `缺少 ${field}.${r}`, `${field}.${r} is missing`));
    checkNumbers(v, sub, field, out, warnings);
    if (sub === 'ions' && v['sign'] !== undefined && v['sign'] !== 1 && v['sign'] !== -1)
      out.push(
        problem(
          `${field}.sign`,
          `离子电荷符号（${field}.sign）只能是 +1 或 -1`,
          `the ion charge (${field}.sign) must be +1 or -1`,
        ),
      );
    if (
      sub === 'ctDissociation' &&
      v['distribution'] !== undefined &&
      !['delta', 'gaussian'].includes(String(v['distribution']))
    )
      out.push(
        problem(
          `${field}.distribution`,
          `分离距离分布（${field}.distribution）只能是 delta（单一值）或 gaussian（高斯分布）`,
          `the separation distribution (${field}.distribution) must be delta (one value) or gaussian`,
        ),
      );
  }
}

/**
 * A material's defect set: each defect by the DeviceSpec's own rules (energy reference, level
 * inside the material's gap at 300 K, one way of giving the capture, widths), in both languages.
 */
function checkMaterialDefects(e: Record<string, unknown>, out: MaterialProblem[], warnings: MaterialProblem[]): void {
  const list = e['defects'];
  if (list === undefined) return;
  if (!Array.isArray(list) || list.length > MAX_DEFECTS_PER_PLACE) {
    out.push(
      problem(
        'electrical.defects',
        `缺陷（electrical.defects）须为最多 ${MAX_DEFECTS_PER_PLACE} 个缺陷的列表`,
        `the defects (electrical.defects) must be a list of at most ${MAX_DEFECTS_PER_PLACE}`,
      ),
    );
    return;
  }
  const n = (k: string) => (typeof e[k] === 'number' ? (e[k] as number) : Number.NaN);
  const gap = layerGap(n('chiEV'), n('egEV'), n('ncCm3'), n('nvCm3'), 300);
  list.forEach((d, k) => {
    for (const issue of checkDefectSpec(d, `electrical.defects[${k}]`, 'bulk', gap))
      out.push(problem(issue.path, localizeCheckMessage(issue, 'zh-CN'), localizeCheckMessage(issue, 'en')));
    // the values of a defect are the registry's, as in a layer's defect list
    if (!isObject(d)) return;
    for (const [f, v] of Object.entries(d)) {
      const p = paramAt(`layers[].electrical.defects[].${f}`);
      const said = p && verdictProblem(p, `electrical.defects[${k}].${f}`, v);
      if (said) (said.error ? out : warnings).push(said.problem);
    }
  });
}

function checkNumberArray(
  value: unknown,
  field: string,
  rule: (v: number) => boolean,
  zh: string,
  en: string,
  out: MaterialProblem[],
): value is number[] {
  if (!Array.isArray(value)) {
    out.push(problem(field, `${field} 必须是数组`, `${field} must be an array`));
    return false;
  }
  const i = value.findIndex((v) => typeof v !== 'number' || !Number.isFinite(v) || !rule(v));
  if (i >= 0) {
    out.push(
      problem(
        `${field}[${i}]`,
        `${field}[${i}] = ${String(value[i])}：${zh}`,
        `${field}[${i}] = ${String(value[i])}: ${en}`,
      ),
    );
    return false;
  }
  return true;
}

const OPTICAL_KINDS = OpticalModelSpec.anyOf.map((b) => b.properties.kind.const as string);

function checkOptical(value: unknown, out: MaterialProblem[], knownTables?: ReadonlySet<string>): void {
  if (!isObject(value)) {
    out.push(problem('optical', 'optical（光学模型）必须是对象', 'optical (the optical model) must be an object'));
    return;
  }
  const kind = value['kind'];
  const branch = OpticalModelSpec.anyOf.find((b) => b.properties.kind.const === kind);
  if (!branch) {
    out.push(
      problem(
        'optical.kind',
        `optical.kind 必须是 ${OPTICAL_KINDS.join('、')} 之一`,
        `optical.kind must be one of ${OPTICAL_KINDS.join(', ')}`,
      ),
    );
    return;
  }
  const before = out.length;
  if (kind === 'tabulated') {
    const { wavelengthNm: wl, n, k } = value;
    const okW = checkNumberArray(
      wl,
      'optical.wavelengthNm',
      (v) => v > 0,
      '波长必须大于 0',
      'wavelength must be > 0',
      out,
    );
    const okN = checkNumberArray(n, 'optical.n', (v) => v > 0, '折射率 n 必须大于 0', 'n must be > 0', out);
    const okK = checkNumberArray(k, 'optical.k', (v) => v >= 0, '消光系数 k 不能为负数', 'k must not be negative', out);
    if (okW && okN && okK) {
      if (wl.length !== n.length || wl.length !== k.length)
        out.push(
          problem(
            'optical',
            `wavelengthNm、n、k 长度必须相同（${wl.length}、${n.length}、${k.length}）`,
            `wavelengthNm, n and k must have the same length (${wl.length}, ${n.length}, ${k.length})`,
          ),
        );
      else if (wl.length < NK_MIN_POINTS || wl.length > NK_MAX_POINTS)
        out.push(
          problem(
            'optical.wavelengthNm',
            `n,k 表需要 ${NK_MIN_POINTS}–${NK_MAX_POINTS} 个点（现有 ${wl.length} 个）`,
            `an n,k table needs ${NK_MIN_POINTS}-${NK_MAX_POINTS} points (it has ${wl.length})`,
          ),
        );
      else {
        const i = wl.findIndex((v, j) => j > 0 && v <= wl[j - 1]!);
        if (i > 0)
          out.push(
            problem(
              `optical.wavelengthNm[${i}]`,
              `波长必须严格递增：第 ${i} 个 ${wl[i]} nm 不大于前一个 ${wl[i - 1]} nm`,
              `wavelengths must be strictly increasing: [${i}] = ${wl[i]} nm is not greater than ${wl[i - 1]} nm`,
            ),
          );
      }
    }
  } else if (kind === 'constant') {
    if (typeof value['n'] !== 'number' || !(value['n'] > 0))
      out.push(problem('optical.n', '折射率 n 必须大于 0', 'n must be greater than 0'));
    if (typeof value['k'] !== 'number' || !(value['k'] >= 0))
      out.push(problem('optical.k', '消光系数 k 不能为负数', 'k must not be negative'));
  } else if (kind === 'table' && knownTables && typeof value['materialId'] === 'string') {
    if (!knownTables.has(value['materialId']))
      out.push(
        problem(
          'optical.materialId',
          `n,k 数据表“${value['materialId']}”不存在`,
          `there is no n,k table "${value['materialId']}"`,
        ),
      );
  }
  if (out.length > before) return;
  // Everything else the schema says (unknown fields, model parameters), in TypeBox's words.
  for (const e of Value.Errors(branch as TSchema, value)) {
    const field = `optical${e.instancePath.replaceAll('/', '.')}`;
    out.push(problem(field, `${field} 格式错误：${e.message}`, `${field}: ${e.message}`));
    if (out.length - before >= 5) break;
  }
}

function checkRecord(
  value: unknown,
  field: 'sources' | 'references',
  maxValue: number,
  out: MaterialProblem[],
): value is Record<string, string> {
  if (!isObject(value)) {
    out.push(problem(field, `${field} 必须是对象（键 → 文本）`, `${field} must be an object (key -> text)`));
    return false;
  }
  const entries = Object.entries(value);
  if (entries.length > 200) {
    out.push(problem(field, `${field} 最多 200 项`, `${field} has more than 200 entries`));
    return false;
  }
  let ok = true;
  for (const [k, v] of entries) {
    const f = `${field}.${k}`;
    if (k.length < 1 || k.length > 64) {
      out.push(problem(field, `${field} 的键长度必须为 1–64 个字符`, `${field} keys must have 1-64 characters`));
      ok = false;
    } else if (typeof v !== 'string' || v.trim() === '' || v.length > maxValue) {
      out.push(problem(f, `${f} 必须是 1–${maxValue} 个字符的文本`, `${f} must be text of 1-${maxValue} characters`));
      ok = false;
    }
  }
  return ok;
}

const optionalText = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '') ? undefined : v;

/**
 * Checks a material against MaterialInput and the physical sanity rules; every problem names its
 * field. Blank optional texts are dropped and texts trimmed; `electrical`, `sources` and
 * `references` default to {}. `knownTables` (the shipped n,k table ids) lets the caller refuse a
 * `{kind:'table'}` optical model that names no table.
 */
export function checkMaterialInput(raw: unknown, opts: { knownTables?: ReadonlySet<string> } = {}): MaterialCheck {
  const out: MaterialProblem[] = [];
  if (!isObject(raw)) return { ok: false, problems: [problem('', '材料必须是对象', 'A material must be an object')] };
  const known = new Set(Object.keys(MaterialInput.properties));
  for (const k of Object.keys(raw))
    if (!known.has(k)) out.push(problem(k, `${k} 不是材料的字段`, `${k} is not a field of a material`));

  const m: Record<string, unknown> = {};
  const key = optionalText(raw['key']);
  if (key !== undefined) {
    if (typeof key !== 'string' || !new RegExp(MATERIAL_KEY_PATTERN).test(key))
      out.push(
        problem(
          'key',
          'key 只能包含小写字母、数字、_ . -，最多 64 个字符',
          'key may only contain lower-case letters, digits, _ . - (at most 64 characters)',
        ),
      );
    else m['key'] = key;
  }
  const name = typeof raw['name'] === 'string' ? raw['name'].trim() : '';
  if (!name) out.push(problem('name', '请输入材料名称', 'Enter the material name'));
  else if (name.length > 100)
    out.push(problem('name', '材料名称最多 100 个字符', 'The name has at most 100 characters'));
  else m['name'] = name;
  for (const [f, max] of [
    ['nameEn', 100],
    ['formula', 100],
    ['notes', 2000],
  ] as const) {
    const v = optionalText(raw[f]);
    if (v === undefined) continue;
    if (typeof v !== 'string' || v.length > max)
      out.push(problem(f, `${f} 必须是最多 ${max} 个字符的文本`, `${f} must be text of at most ${max} characters`));
    else m[f] = v.trim();
  }
  if (!MATERIAL_CATEGORIES.includes(raw['category'] as MaterialCategory))
    out.push(
      problem(
        'category',
        `category 必须是 ${MATERIAL_CATEGORIES.join('、')} 之一`,
        `category must be one of ${MATERIAL_CATEGORIES.join(', ')}`,
      ),
    );
  else m['category'] = raw['category'];

  if (raw['optical'] === undefined) out.push(problem('optical', '缺少光学模型 optical', 'optical is missing'));
  else {
    checkOptical(raw['optical'], out, opts.knownTables);
    m['optical'] = raw['optical'];
  }
  m['electrical'] = raw['electrical'] ?? {};
  const warnings: MaterialProblem[] = [];
  checkElectrical(m['electrical'], out, warnings);
  m['sources'] = raw['sources'] ?? {};
  m['references'] = raw['references'] ?? {};
  const sourcesOk = checkRecord(m['sources'], 'sources', 64, out);
  const refsOk = checkRecord(m['references'], 'references', 2000, out);
  if (sourcesOk && refsOk) {
    const refs = m['references'] as Record<string, string>;
    for (const [f, ref] of Object.entries(m['sources'] as Record<string, string>))
      if (!Object.hasOwn(refs, ref))
        out.push(
          problem(
            `sources.${f}`,
            `sources.${f} 引用的文献“${ref}”不在 references 中`,
            `sources.${f} names reference "${ref}", which references does not have`,
          ),
        );
  }
  if (out.length) return { ok: false, problems: out };
  // The rules above cover every field; the schema check is the guarantee the stored shape is exact.
  if (!Value.Check(MaterialInput, m)) {
    const e = [...Value.Errors(MaterialInput, m)][0];
    const field = e ? e.instancePath.replace(/^\//, '').replaceAll('/', '.') : '';
    return {
      ok: false,
      problems: [problem(field, `${field} 格式错误：${e?.message ?? ''}`, `${field}: ${e?.message ?? 'invalid'}`)],
    };
  }
  return { ok: true, material: m as MaterialInput, warnings };
}

const ROLE_OF: Record<MaterialCategory, LayerRole> = {
  organic: 'absorber',
  tetrahedral: 'absorber',
  lead_perovskite: 'absorber',
  lead_free_perovskite: 'absorber',
  electron: 'etl',
  hole: 'htl',
  electrode_positive: 'electrode',
  electrode_negative: 'electrode',
};

/**
 * A material's mobile ions as a layer's species (IonElectricalSpec): the same fields, the charge
 * written out (+1 when the material does not give it).
 */
export function materialIonsToLayer(ions: MaterialIons): IonElectricalSpec {
  return {
    densityCm3: ions.densityCm3,
    diffusionCm2PerS: ions.diffusionCm2PerS,
    sign: ions.sign ?? DEFAULT_ION_SIGN,
    ...(ions.activationEnergyEV !== undefined ? { activationEnergyEV: ions.activationEnergyEV } : {}),
    ...(ions.referenceTemperatureK !== undefined ? { referenceTemperatureK: ions.referenceTemperatureK } : {}),
  };
}

/**
 * A DeviceSpec layer made of a material: its optical model, the electrical fields a layer knows
 * (LayerElectricalSpec) and, when the material has them and the layer is a semiconductor, its
 * mobile ions as the layer's one species (`electrical.ions`), its CT-state dissociation
 * (`electrical.ctDissociation`, Onsager-Braun) or, without one, its exciton diffusion
 * (`electrical.excitonDiffusion`, for one side of a planar heterojunction). The work function, the
 * exciton binding energy and the tunnel-oxide barriers (an interface's, with the device's
 * thickness) are not layer parameters and stay in the library. Organic absorbers generate
 * excitons. A layer of a material without electrical parameters is optical only.
 */
export function materialToLayer(
  material: Pick<MaterialInput, 'name' | 'category' | 'optical' | 'electrical'>,
  thicknessNm: number,
): DeviceLayerSpec {
  if (!(Number.isFinite(thicknessNm) && thicknessNm > 0)) throw new RangeError('thicknessNm must be a positive number');
  const electrical: Record<string, number> = {};
  for (const f of LAYER_MATERIAL_FIELDS) {
    const v = material.electrical?.[f];
    if (typeof v === 'number') electrical[f] = v;
  }
  const excitonic = material.category === 'organic' || material.electrical?.exciton !== undefined;
  const ions = material.electrical?.ions;
  const ct = material.electrical?.ctDissociation;
  const ex = material.electrical?.exciton;
  const layerElectrical: LayerElectricalSpec | undefined = Object.keys(electrical).length
    ? {
        ...electrical,
        ...(ions ? { ions: [materialIonsToLayer(ions)] } : {}),
        ...(material.electrical?.defects?.length
          ? { defects: material.electrical.defects.map((d) => ({ ...d })) }
          : {}),
        // a blend's CT states, else a neat material's excitons (a layer takes one of the two models)
        ...(ct
          ? {
              ctDissociation: {
                model: 'onsager-braun' as const,
                separationNm: ct.separationNm,
                decayRatePerS: ct.decayRatePerS,
                ...(ct.distribution ? { distribution: ct.distribution } : {}),
              },
            }
          : ex
            ? { excitonDiffusion: { diffusionLengthNm: ex.diffusionLengthNm, lifetimeS: ex.lifetimeS } }
            : {}),
      }
    : undefined;
  return {
    name: material.name.slice(0, 100),
    thicknessNm,
    role: ROLE_OF[material.category],
    ...(excitonic && ROLE_OF[material.category] === 'absorber' ? { excitonic: true } : {}),
    optical: material.optical,
    ...(layerElectrical ? { electrical: layerElectrical } : {}),
  };
}
