/**
 * The drift-diffusion solver's view of the parameter registry (@pvforge/params): for each layer,
 * interface and contact parameter, its DeviceSpec name (camelCase with the unit, as forms, the API
 * and the library use it) and the solver's and the benchmark cases' name (snake_case with the
 * unit, ElectricalLayer and pv-bench/1), with the layer fields' unit, form group, rule, whether
 * required and whether a material carries it. Nothing here is written by hand: every list follows
 * from the registry's entries, and their types from its literal entries, so a new layer parameter
 * is one registry entry plus its physics (ElectricalLayer in types.ts must then name it: a
 * compile-time check there fails until it does). Physics of each parameter:
 * docs/physics/drift-diffusion.md; the table of all of them: docs/physics/parameters.md.
 */
import {
  CONTACT_PARAMS,
  choicesUnder,
  INTERFACE_PARAMS,
  type LAYER_CHOICES,
  LAYER_PARAMS,
  type Param,
  param,
} from '@pvforge/params';

/** What a value must satisfy at the least (the registry's hard limits say the rest). */
export type FieldRule =
  /** > 0 (lifetimes, mobilities, densities of states, permittivity: spec §5; the gap). */
  | 'positive'
  /** >= 0. */
  | 'non-negative'
  /** Any finite number (energies relative to a reference). */
  | 'finite'
  /** An integer >= 2 (mesh intervals). */
  | 'intervals';

/** The fields of one object of the registry: entries at `prefix + key` with an engine name. */
type FieldsUnder<E, Prefix extends string> = E extends {
  readonly path: `${Prefix}${infer K}`;
  readonly engine: { readonly name: infer N };
}
  ? K extends `${string}.${string}`
    ? never
    : { readonly key: K; readonly solver: N }
  : never;

type LayerPair = FieldsUnder<(typeof LAYER_PARAMS)[number], 'layers[].electrical.'>;
export type LayerFieldKey = LayerPair['key'];
export type LayerSolverKey = LayerPair['solver'];
/** The layer fields a library material carries (the entries with a `material` key). */
export type LayerMaterialFieldKey = FieldsUnder<
  Extract<(typeof LAYER_PARAMS)[number], { readonly material: string }>,
  'layers[].electrical.'
>['key'];

export interface LayerField {
  /** DeviceSpec name (LayerElectricalSpec). */
  readonly key: LayerFieldKey;
  /** Solver (ElectricalLayer) and benchmark-case name. */
  readonly solver: LayerSolverKey;
  /** Unit as shown to users ('' for dimensionless). */
  readonly unit: string;
  readonly group: 'basic' | 'doping' | 'recombination' | 'traps' | 'tunnelling' | 'mesh';
  readonly rule: FieldRule;
  /** Every layer of the electrical domain must give it. */
  readonly required: boolean;
  /** A material of the library carries it (mesh settings belong to a device, not a material). */
  readonly material: boolean;
  /** The registry entry. */
  readonly param: Param;
}

/** The least rule the hard limits imply (the checks judge the limits themselves by the registry). */
function ruleOf(p: Param): FieldRule {
  if (p.hard.integer) return 'intervals';
  if (p.hard.min === undefined) return 'finite';
  return p.hard.min > 0 || p.hard.minExclusive ? 'positive' : 'non-negative';
}

const LAYER_GROUPS = new Set<string>(['basic', 'doping', 'recombination', 'traps', 'tunnelling', 'mesh']);

/** The fields of one registry object, in registry order. */
function fieldsUnder(entries: readonly { readonly path: string }[], prefix: string): Param[] {
  return entries
    .filter((e) => e.path.startsWith(prefix) && !e.path.slice(prefix.length).includes('.'))
    .map((e) => param(e.path));
}

/** The per-layer drift-diffusion parameters, in the registry's order. */
export const LAYER_FIELDS: readonly LayerField[] = fieldsUnder(LAYER_PARAMS, 'layers[].electrical.').map((p) => {
  if (!p.engine) throw new Error(`layer parameter ${p.path} has no engine name in the registry`);
  if (!LAYER_GROUPS.has(p.group)) throw new Error(`layer parameter ${p.path} has an unknown form group ${p.group}`);
  return {
    key: p.key as LayerFieldKey,
    solver: p.engine.name as LayerSolverKey,
    unit: p.unit,
    group: p.group as LayerField['group'],
    rule: ruleOf(p),
    required: p.required === true,
    material: p.material !== undefined,
    param: p,
  };
});

/** The per-layer parameters of a DeviceSpec (all optional; which are required is checked). */
export type LayerElectricalValues = { [K in LayerFieldKey]?: number };

type LayerChoiceEntry = (typeof LAYER_CHOICES)[number];
/** The per-layer choices of a DeviceSpec (registry choice entries: kRadFrom), each one of its values. */
export type LayerChoiceValues = {
  [E in LayerChoiceEntry as E['path'] extends `layers[].electrical.${infer K}`
    ? K
    : never]?: E['choices'][number]['value'];
};
/** The DeviceSpec names of the per-layer choices, in registry order. */
export const LAYER_CHOICE_FIELDS = choicesUnder('layers[].electrical.');

/**
 * The layer parameters a linear grading may vary across a layer (DeviceSpec names;
 * electrical/models/grading.ts): the band parameters, densities of states, mobilities and doping
 * that change with a graded composition.
 */
export const GRADABLE_KEYS = [
  'epsR',
  'chiEV',
  'egEV',
  'ncCm3',
  'nvCm3',
  'muNCm2PerVs',
  'muPCm2PerVs',
  'ndCm3',
  'naCm3',
] as const satisfies readonly LayerFieldKey[];
export type GradableKey = (typeof GRADABLE_KEYS)[number];

const BY_SOLVER = new Map<string, LayerField>(LAYER_FIELDS.map((f) => [f.solver, f]));
const BY_KEY = new Map<string, LayerField>(LAYER_FIELDS.map((f) => [f.key, f]));

/** The field of a DeviceSpec name or a solver name. */
export function layerFieldByKey(key: string): LayerField | undefined {
  return BY_KEY.get(key);
}
export function layerFieldBySolver(solver: string): LayerField | undefined {
  return BY_SOLVER.get(solver);
}

/** DeviceSpec name -> solver name of the registry entries directly under a prefix. */
function pairsUnder<T extends { readonly key: string; readonly solver: string }>(
  entries: readonly { readonly path: string }[],
  prefix: string,
): readonly T[] {
  return fieldsUnder(entries, prefix).map((p) => {
    if (!p.engine) throw new Error(`parameter ${p.path} has no engine name in the registry`);
    return { key: p.key, solver: p.engine.name } as unknown as T;
  });
}

/** Interface parameters: DeviceSpec name -> solver (ElectricalInterface) name. */
export const INTERFACE_FIELDS = pairsUnder<FieldsUnder<(typeof INTERFACE_PARAMS)[number], 'electrical.interfaces[].'>>(
  INTERFACE_PARAMS,
  'electrical.interfaces[].',
);
/** Thermionic emission at an interface: DeviceSpec name -> solver name. */
export const THERMIONIC_FIELDS = pairsUnder<
  FieldsUnder<(typeof INTERFACE_PARAMS)[number], 'electrical.interfaces[].thermionic.'>
>(INTERFACE_PARAMS, 'electrical.interfaces[].thermionic.');
/** Tunnelling through a thin interlayer at an interface (oxide tunnelling): DeviceSpec name -> solver name. */
export const TUNNEL_OXIDE_FIELDS = pairsUnder<
  FieldsUnder<(typeof INTERFACE_PARAMS)[number], 'electrical.interfaces[].tunnelOxide.'>
>(INTERFACE_PARAMS, 'electrical.interfaces[].tunnelOxide.');
/** Contact parameters: DeviceSpec name -> solver (ElectricalContact) name; `kind` is a choice, not a parameter. */
export const CONTACT_FIELDS: readonly { readonly key: string; readonly solver: string }[] = [
  { key: 'kind', solver: 'kind' },
  ...pairsUnder<FieldsUnder<(typeof CONTACT_PARAMS)[number], 'electrical.contacts.*.'>>(
    CONTACT_PARAMS,
    'electrical.contacts.*.',
  ),
];
/** Device-level settings the solver names differently: solver name -> DeviceSpec path under `electrical`. */
export const DEVICE_FIELDS: Record<string, string> = {
  T_K: 'temperatureK',
  Rs_ohm_cm2: 'rsOhmCm2',
  Rsh_ohm_cm2: 'rshOhmCm2',
  voltage_V: 'voltageSweep',
  layers: 'layers',
  'options.nodes': 'gridPoints',
  'options.statistics': 'statistics',
  'options.profileBiases_V': 'profileBiasesV',
  'generation.G_cm3_s': 'generation.gCm3PerS',
  'generation.x_nm': 'generation.xNm',
  'generation.reflectance': 'generation.reflectance',
};

/** solver name -> DeviceSpec name of one of the tables above (the name itself when not listed). */
export function specName(table: readonly { key: string; solver: string }[], solver: string): string {
  return table.find((f) => f.solver === solver)?.key ?? solver;
}
