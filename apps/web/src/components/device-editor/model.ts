import {
  checkDeviceSpec,
  type DeviceElectricalSpec,
  type DeviceLayerSpec,
  type DeviceSpec,
  LAYER_FIELDS,
  type LayerElectricalSpec,
  type LayerRole,
  type OpticalModelSpec,
} from '@pvforge/contracts';
import {
  type CheckIssue,
  type ElectricalLayer,
  type EngineMessage,
  OHMIC_BARRIER_WARN_EV,
  ohmicBarrier,
  SELECTIVE_OFFSET_EV,
  thermalVoltageV,
} from '@pvforge/engine';
import { paramsUnder } from '@pvforge/params';
import { type SpecVerdict, sayFieldVerdict, specVerdicts } from '../../lib/params';

/**
 * The editor's state and its mapping to and from a DeviceSpec (pure, unit-tested in
 * apps/web/test/editor-model.test.ts). The form edits a DeviceSpec almost as is; what it adds is a
 * stable key per layer (React keys survive reordering and renaming) and the defaults the engine
 * would apply, filled in so every field shows what will really be used.
 */
export type CalcKindEditable = 'opt' | 'elec';

export interface EditorLayer extends DeviceLayerSpec {
  key: string;
}

export interface EditorState extends Omit<DeviceSpec, 'layers'> {
  layers: EditorLayer[];
}

export const ROLES: LayerRole[] = [
  'absorber',
  'etl',
  'htl',
  'electrode',
  'tco',
  'buffer',
  'arc',
  'passivation',
  'substrate',
  'encapsulant',
  'other',
];

/** The groups of a layer's drift-diffusion fields, in the order the form shows them. */
export const LAYER_GROUPS = ['basic', 'doping', 'recombination', 'traps', 'tunnelling', 'mesh'] as const;
export type LayerGroup = (typeof LAYER_GROUPS)[number];
const isLayerGroup = (g: string): g is LayerGroup => (LAYER_GROUPS as readonly string[]).includes(g);

/**
 * Per-layer drift-diffusion fields, in the order the form shows them: the engine's field list
 * (its order and groups are the form's layout), then any further plain number the registry
 * describes under a layer's electrical block, so a new registry entry shows in the form without
 * editing it. Words, units and limits come from the registry by path (lib/params.ts).
 */
export const LAYER_ELECTRICAL_FIELDS: { key: keyof LayerElectricalSpec; group: LayerGroup }[] = [
  ...LAYER_FIELDS.map(({ key, group }) => ({ key, group: (isLayerGroup(group) ? group : 'basic') as LayerGroup })),
  ...paramsUnder('layers[].electrical.')
    .filter((p) => isLayerGroup(p.group) && !LAYER_FIELDS.some((f) => f.key === p.key))
    .map((p) => ({ key: p.key as keyof LayerElectricalSpec, group: p.group as LayerGroup })),
];

let seq = 0;
/** A key unique in this page (layers created, duplicated or imported). */
export function newKey(): string {
  seq += 1;
  return `l${seq}-${Math.random().toString(36).slice(2, 7)}`;
}

export const AIR: OpticalModelSpec = { kind: 'constant', n: 1, k: 0 };

export const DEFAULT_ILLUMINATION = {
  spectrum: { kind: 'builtin', id: 'AM1.5G' },
  suns: 1,
  wavelength: { startNm: 300, endNm: 1600, stepNm: 1 },
} as const satisfies DeviceSpec['illumination'];

export function defaultElectrical(): DeviceElectricalSpec {
  return {
    contacts: { front: { kind: 'ohmic' }, back: { kind: 'ohmic' }, anode: 'front' },
    rsOhmCm2: 0,
    rshOhmCm2: null,
    temperatureK: 300,
    statistics: 'boltzmann',
    voltageSweep: { startV: 0, stopV: 1.2, stepV: 0.01 },
    extendToVoc: true,
    generation: { kind: 'optical' },
    gridPoints: 400,
  };
}

/** A new, empty-ish layer: constant n = 2, k = 0 until a material is chosen. */
export function newLayer(name: string, role: LayerRole = 'other'): EditorLayer {
  return { key: newKey(), name, role, thicknessNm: 100, coherent: true, optical: { kind: 'constant', n: 2, k: 0 } };
}

/**
 * A layer as newLayer makes it, not yet given a material: constant n = 2, k = 0, no electrical
 * parameters. Picking a material for it gives it the material's typical thickness, and a new
 * device's first layer stays this placeholder until the user's first pick fills it.
 */
export function isBlankLayer(l: Pick<DeviceLayerSpec, 'optical' | 'electrical'>): boolean {
  const o = l.optical as { kind?: string; n?: number; k?: number };
  return o.kind === 'constant' && o.n === 2 && o.k === 0 && !l.electrical;
}

/** A blank device to start from: air / one absorber / air. */
export function blankState(kind: CalcKindEditable, name: string, layerName = 'absorber'): EditorState {
  return specToForm(
    {
      schemaVersion: 1,
      name,
      ambient: AIR,
      layers: [{ ...newLayer(layerName, 'absorber'), key: undefined } as unknown as DeviceLayerSpec],
      substrate: AIR,
    },
    kind,
  );
}

function clone<T>(v: T): T {
  return structuredClone(v);
}

/**
 * DeviceSpec -> editor state: layers get keys; the illumination defaults (AM1.5G, 300-1600 nm in
 * 1 nm steps, 1 sun) are written out; for an electrical calculation a missing `electrical` block
 * gets the platform defaults (contacts that suit the layers next to them, 0-1.2 V in 10 mV steps,
 * 300 K, 400 grid points).
 */
export function specToForm(spec: DeviceSpec, kind: CalcKindEditable): EditorState {
  const s = clone(spec);
  const ill = s.illumination ?? {};
  const state: EditorState = {
    ...s,
    illumination: {
      ...ill,
      spectrum: ill.spectrum ?? { ...DEFAULT_ILLUMINATION.spectrum },
      suns: ill.suns ?? 1,
      wavelength: ill.wavelength ?? { ...DEFAULT_ILLUMINATION.wavelength },
    },
    layers: s.layers.map((l) => ({ ...l, key: newKey(), coherent: l.coherent ?? true })),
  };
  if (kind === 'elec' && !state.electrical) {
    state.electrical = defaultElectrical();
    state.electrical.contacts = suitedContacts(state);
  }
  return state;
}

function isEmpty(v: unknown): boolean {
  return v === undefined || (typeof v === 'number' && Number.isNaN(v));
}

/** Drops undefined and NaN members (an emptied number field) from a plain object. */
function compact<T extends object>(o: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) if (!isEmpty(v)) out[k] = v;
  return out as T;
}

/**
 * Editor state -> DeviceSpec for a calculation of `kind`: layer keys removed, emptied optional
 * numbers removed, a layer's electrical object kept only when it holds something. An optical
 * calculation leaves out the device-level `electrical` block (the layers keep their parameters,
 * unused by the optics, so the same file opens again in the electrical form).
 */
export function formToSpec(state: EditorState, kind: CalcKindEditable): DeviceSpec {
  const { layers, electrical, ...rest } = clone(state);
  const spec: DeviceSpec = {
    ...rest,
    layers: layers.map(({ key: _key, ...l }) => {
      const layer: DeviceLayerSpec = { ...l };
      if (layer.electrical) {
        const e = compact(layer.electrical);
        if (Object.keys(e).length) layer.electrical = e;
        else delete layer.electrical;
      }
      if (layer.excitonic === false) delete layer.excitonic;
      return layer;
    }),
  };
  if (!spec.description) delete spec.description;
  if (!spec.texture) delete spec.texture;
  if (kind === 'elec' && electrical) {
    const e = compact(electrical);
    e.contacts = {
      ...e.contacts,
      front: compact(e.contacts.front),
      back: compact(e.contacts.back),
    };
    if (e.interfaces) e.interfaces = e.interfaces.map((i) => compact(i));
    if (e.interfaces && e.interfaces.length === 0) delete e.interfaces;
    // a tandem exactly when a layer is assigned to a subcell (the layer list's choice)
    const tandem = spec.layers.some((l) => l.subcell !== undefined);
    if (tandem && !e.tandem) e.tandem = {};
    if (!tandem) delete e.tandem;
    spec.electrical = e;
  }
  return spec;
}

/** A field of the form, as a dotted path: `layers.2.electrical.muNCm2PerVs`, `electrical.voltageSweep.stopV`. */
export type FieldPath = string;

export interface FieldIssue {
  path: FieldPath;
  /** The message after the field name, as the checker wrote it (English). */
  message: string;
  /** The same with its check code and numbers (the device check's issues), which the UI words. */
  detail?: EngineMessage;
  /** The registry's verdict on the field's value (lib/params.ts), worded by sayVerdict. */
  verdict?: SpecVerdict;
}

const LAYER_PREFIX = /^layers\[(\d+)\](?: "(?:[^"\\]|\\.)*")?/;

/**
 * One checkDeviceSpec / checkElectricalPart message -> the field it names. The messages read
 * `layers[2] "MAPbI3".electrical.muNCm2PerVs: must be > 0 ...`, `electrical.voltageSweep.stepV: ...`
 * or `(device): ...`. Array indices become path segments, the layer name is dropped.
 */
export function issueOf(message: string): FieldIssue {
  let path = '';
  let rest = message;
  const m = LAYER_PREFIX.exec(rest);
  if (m) {
    path = `layers.${m[1]}`;
    rest = rest.slice(m[0].length);
  }
  const sep = rest.indexOf(': ');
  if (sep < 0) return { path: path || '(device)', message: rest.replace(/^[.:]\s*/, '') || message };
  const field = rest.slice(0, sep).replace(/^\./, '');
  const text = rest.slice(sep + 2);
  const rel = field
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^\./, '')
    .replace(/^device\./, '');
  if (rel === '(device)' || rel === 'device') return { path: path || '(device)', message: text };
  return { path: [path, rel].filter(Boolean).join('.') || '(device)', message: text };
}

/** A device check issue (checkDeviceSpec, the server's 4105 answer) -> the form's field, with its code. */
export function issueOfCheck(issue: CheckIssue): FieldIssue {
  return { ...issueOf(`${issue.path}: ${issue.message.text}`), detail: issue.message };
}

/** The errors of a spec by field (checkDeviceSpec, which includes the electrical rules). */
export function fieldIssues(spec: unknown): FieldIssue[] {
  return checkedFields(spec).errors;
}

/** A registry verdict as a field issue (its message in English, as the checker's are). */
function issueOfVerdict(v: SpecVerdict): FieldIssue {
  return { path: v.path, message: sayFieldVerdict(v, 'en'), verdict: v };
}

/**
 * Errors, and for a valid spec the engine's warnings (what runs but may mislead), by field. The
 * registry judges every registered field first (lib/params.ts specVerdicts): its hard limits
 * refuse and its plausible ranges warn, in the registry's words, as the server and the CLI do; a
 * field it refuses shows that verdict in place of the checker's own words for the same field.
 */
export function checkedFields(spec: unknown): { errors: FieldIssue[]; warnings: FieldIssue[] } {
  const verdicts = specVerdicts(spec);
  const refused = verdicts.filter((v) => v.verdict.severity === 'error').map(issueOfVerdict);
  const advised = verdicts.filter((v) => v.verdict.severity === 'warning').map(issueOfVerdict);
  const judged = new Set(refused.map((i) => i.path));
  const r = checkDeviceSpec(spec);
  const checker = r.ok ? [] : r.issues.map(issueOfCheck).filter((i) => !judged.has(i.path));
  return {
    errors: [...refused, ...checker],
    warnings: [...advised, ...(r.ok ? r.warningIssues.map(issueOfCheck) : [])],
  };
}

/** Moves layer `from` to index `to` (both clamped); returns a new array. */
export function moveLayer<T>(layers: readonly T[], from: number, to: number): T[] {
  const out = [...layers];
  if (from < 0 || from >= out.length) return out;
  const [item] = out.splice(from, 1);
  const at = Math.max(0, Math.min(out.length, to));
  out.splice(at, 0, item as T);
  return out;
}

/** A copy of layer i inserted after it, named "<name> (2)" (or the next free number). */
export function duplicateLayer(layers: readonly EditorLayer[], i: number): EditorLayer[] {
  const src = layers[i];
  if (!src) return [...layers];
  const names = new Set(layers.map((l) => l.name));
  const base = src.name.replace(/ \(\d+\)$/, '');
  let n = 2;
  while (names.has(`${base} (${n})`)) n++;
  const copy: EditorLayer = { ...clone(src), key: newKey(), name: `${base} (${n})` };
  return [...layers.slice(0, i + 1), copy, ...layers.slice(i + 1)];
}

/**
 * Sets a value at a dotted path in a copy of the state (numbers as indices of arrays). Only the
 * objects on the path are copied: the rest is shared with the old state, so the editor's fields
 * see by identity whether their part changed (context.tsx useEditorSelect).
 */
export function setAt<T>(state: T, path: FieldPath, value: unknown): T {
  const parts = path.split('.');
  const put = (node: unknown, i: number): unknown => {
    const p = parts[i]!;
    const copy: Record<string, unknown> = Array.isArray(node)
      ? ([...node] as unknown as Record<string, unknown>)
      : node !== null && typeof node === 'object'
        ? { ...(node as Record<string, unknown>) }
        : ((/^\d+$/.test(p) ? [] : {}) as Record<string, unknown>);
    if (i === parts.length - 1) {
      if (value === undefined) delete copy[p];
      else copy[p] = value;
    } else copy[p] = put(copy[p], i + 1);
    return copy;
  };
  return put(state, 0) as T;
}

/** The value at a dotted path, or undefined. */
export function getAt(state: unknown, path: FieldPath): unknown {
  let cur: unknown = state;
  for (const p of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[p];
  }
  return cur;
}

/** The electrical domain: indices of the layers that have an electrical object. */
export function electricalLayers(layers: readonly DeviceLayerSpec[]): number[] {
  return layers.flatMap((l, j) => (l.electrical ? [j] : []));
}

/** Material ids of the shipped n,k tables a spec refers to (ambient, layers, substrate). */
export function tableIds(spec: Pick<DeviceSpec, 'ambient' | 'substrate' | 'layers'>): string[] {
  const ids = new Set<string>();
  for (const m of [spec.ambient, spec.substrate, ...spec.layers.map((l) => l.optical)])
    if (m && m.kind === 'table') ids.add(m.materialId);
  return [...ids];
}

type Contacts = DeviceElectricalSpec['contacts'];
type Contact = Contacts['front'];

/**
 * The contact that suits the layer next to it: ohmic where that layer is doped for the carrier the
 * contact collects (its Fermi level within the engine's warning barrier of that band edge), else a
 * work-function contact SELECTIVE_OFFSET_EV inside the gap from that edge (anode: chi + Eg - 0.1
 * eV, cathode: chi + 0.1 eV), the carrier-selective contact the engine starts from. The library's
 * transport layers are undoped: an ohmic contact there takes the layer's midgap Fermi level and
 * collects nothing. Ohmic while the layer has no usable band structure yet.
 */
export function suitedContact(layer: DeviceLayerSpec | undefined, anode: boolean, temperatureK = 300): Contact {
  const e = layer?.electrical;
  if (!e) return { kind: 'ohmic' };
  const T = Number.isFinite(temperatureK) && temperatureK > 0 ? temperatureK : 300;
  // the layer in the solver's names through the engine's one field list (absent required values NaN)
  const values = Object.fromEntries(
    LAYER_FIELDS.flatMap((f) => {
      const v = (e as Record<string, unknown>)[f.key];
      return typeof v === 'number' ? [[f.solver, v]] : f.required ? [[f.solver, Number.NaN]] : [];
    }),
  );
  const barrier = ohmicBarrier(
    { ...values, name: layer.name, thickness_nm: layer.thicknessNm } as unknown as ElectricalLayer,
    anode,
    thermalVoltageV(T),
  );
  if (barrier === undefined || barrier <= OHMIC_BARRIER_WARN_EV) return { kind: 'ohmic' };
  // a barrier was found, so chi and Eg are numbers
  const chi = e.chiEV as number;
  const w = anode ? chi + (e.egEV as number) - SELECTIVE_OFFSET_EV : chi + SELECTIVE_OFFSET_EV;
  return { kind: 'schottky', workFunctionEV: Math.round(w * 1000) / 1000 };
}

/** The contacts that suit the first and last electrical layers of a device (see suitedContact). */
export function suitedContacts(state: Pick<EditorState, 'layers' | 'electrical'>): Contacts {
  const anode = state.electrical?.contacts.anode ?? 'front';
  const dom = electricalLayers(state.layers);
  const T = state.electrical?.temperatureK ?? 300;
  const first = dom.length ? state.layers[dom[0]!] : undefined;
  const last = dom.length ? state.layers[dom[dom.length - 1]!] : undefined;
  return {
    front: suitedContact(first, anode === 'front', T),
    back: suitedContact(last, anode === 'back', T),
    anode,
  };
}

const sameContacts = (a: Contacts, b: Contacts) => JSON.stringify(a) === JSON.stringify(b);

/**
 * After an edit (prev -> next): contacts the user has left as suggested keep following the
 * layers (a material picked, a layer added, doping or the anode side changed); contacts the user
 * set, or loaded with a device, stay as they are.
 */
export function contactsFollowLayers(prev: EditorState, next: EditorState): EditorState {
  const was = prev.electrical?.contacts;
  const now = next.electrical?.contacts;
  if (!was || !now || !next.electrical) return next;
  const wasSuited = suitedContacts(prev);
  // the suggestion as it stood before, with the anode side the user may just have switched
  const asSuggested = sameContacts(was, wasSuited) && sameContacts({ ...now, anode: was.anode }, was);
  if (!asSuggested) return next;
  const suited = suitedContacts(next);
  return sameContacts(now, suited) ? next : { ...next, electrical: { ...next.electrical, contacts: suited } };
}

/** The wavelength span (nm) of each shipped n,k table, by material id (assets/data/nk/index.json). */
export type TableSpans = ReadonlyMap<string, { minNm: number; maxNm: number }>;

/** A medium or layer whose n,k table does not cover the wavelength range, with no extrapolation chosen. */
export interface RangeIssue {
  /** The field to mark: `layers.3.optical`, `ambient`, `substrate`. */
  path: FieldPath;
  /** The layer's name, or undefined for the ambient / substrate medium. */
  layer?: string;
  which: 'layer' | 'ambient' | 'substrate';
  minNm: number;
  maxNm: number;
  /** The range asked for. */
  startNm: number;
  endNm: number;
}

/** The media of a device with the table each one uses without extrapolation, and where each is edited. */
function strictTables(
  state: Pick<EditorState, 'layers' | 'ambient' | 'substrate'>,
  spans: TableSpans,
): (Omit<RangeIssue, 'startNm' | 'endNm'> & { id: string })[] {
  const out: (Omit<RangeIssue, 'startNm' | 'endNm'> & { id: string })[] = [];
  const add = (m: OpticalModelSpec | undefined, base: Omit<RangeIssue, 'minNm' | 'maxNm' | 'startNm' | 'endNm'>) => {
    if (m?.kind !== 'table' || (m.extrapolation ?? 'none') !== 'none') return;
    const span = spans.get(m.materialId);
    if (span) out.push({ ...base, id: m.materialId, ...span });
  };
  add(state.ambient, { path: 'ambient', which: 'ambient' });
  state.layers.forEach((l, j) => {
    add(l.optical, { path: `layers.${j}.optical`, layer: l.name, which: 'layer' });
  });
  add(state.substrate, { path: 'substrate', which: 'substrate' });
  return out;
}

/**
 * The media whose n,k table (no extrapolation) does not cover the wavelength range: the optics
 * would stop there, so the editor refuses the run before it is queued and names the options that
 * fix it (the range, or the layer's "outside the table" choice).
 */
export function rangeIssues(state: EditorState, spans: TableSpans, kind: 'opt' | 'elec'): RangeIssue[] {
  // an electrical run with a given generation profile (uniform, from a file) runs no optics, as the server judges
  const gen = state.electrical?.generation?.kind ?? 'optical';
  if (kind === 'elec' && gen !== 'optical' && gen !== 'beer-lambert') return [];
  const wl = state.illumination?.wavelength;
  if (!wl || !Number.isFinite(wl.startNm) || !Number.isFinite(wl.endNm)) return [];
  return strictTables(state, spans)
    .filter((m) => wl.startNm < m.minNm - 1e-9 || wl.endNm > m.maxNm + 1e-9)
    .map(({ id: _id, ...m }) => ({ ...m, startNm: wl.startNm, endNm: wl.endNm }));
}

/**
 * The wavelength range to suggest: the platform's default 300-1600 nm narrowed to what every n,k
 * table without extrapolation covers (whole nm inside), or the default when they share no range.
 */
export function suggestedWavelength(
  state: Pick<EditorState, 'layers' | 'ambient' | 'substrate'>,
  spans: TableSpans,
): { startNm: number; endNm: number; stepNm: number } {
  const d = DEFAULT_ILLUMINATION.wavelength;
  let lo: number = d.startNm;
  let hi: number = d.endNm;
  for (const m of strictTables(state, spans)) {
    lo = Math.max(lo, Math.ceil(m.minNm));
    hi = Math.min(hi, Math.floor(m.maxNm));
  }
  return hi > lo ? { startNm: lo, endNm: hi, stepNm: d.stepNm } : { ...d };
}

const sameRange = (a: { startNm: number; endNm: number; stepNm: number } | undefined, b: typeof a) =>
  !!a && !!b && a.startNm === b.startNm && a.endNm === b.endNm && a.stepNm === b.stepNm;

/**
 * After an edit (prev -> next): a wavelength range the user has left as suggested follows the
 * layers' tables; one the user typed, or loaded with a device, stays.
 */
export function wavelengthFollowsLayers(prev: EditorState, next: EditorState, spans: TableSpans): EditorState {
  const was = prev.illumination?.wavelength;
  const now = next.illumination?.wavelength;
  if (!was || !now || !sameRange(was, now) || !sameRange(was, suggestedWavelength(prev, spans))) return next;
  const range = suggestedWavelength(next, spans);
  if (sameRange(now, range)) return next;
  return { ...next, illumination: { ...next.illumination, wavelength: range } };
}
