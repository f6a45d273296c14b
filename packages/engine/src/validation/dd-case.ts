/**
 * Mapping of a pv-bench/1 "dd-jv" case input (assets/validation/FORMAT.md and
 * FORMAT-dd-notes.md) to the solver's ElectricalDevice: uniform per-layer generation, SRH at the
 * intrinsic level (tau = 1e30 s means none), ohmic or work-function contacts with null = infinite
 * surface recombination velocities, the anode naming the hole-collecting contact, Rs and Rsh.
 *
 * A case field the engine does not implement is never ignored: unsupportedCaseFields lists every
 * such field with the model it needs, and pvBenchToDevice refuses the case naming them, so a case
 * that asks for a model the engine lacks (charged defects, say) cannot be computed as if the block
 * were absent.
 */
import type {
  ElectricalContact,
  ElectricalDevice,
  ElectricalInterface,
  ElectricalLayer,
  ElectricalSolverOptions,
  InterfaceDefect,
  IonSpecies,
} from '../electrical/types.js';

/** A case layer: the solver's layer (the same names) with its uniform generation. */
export interface PvBenchDdLayer extends Omit<ElectricalLayer, 'tau_n_s' | 'tau_p_s' | 'ions'> {
  tau_n_s: number;
  tau_p_s: number;
  G_cm3_s: number;
  /** One mobile species of the layer (FORMAT-dd-notes.md "Ions"). */
  ions?: IonSpecies;
}

/** A case's interface defect sheet: the layers it sits between (0-based, adjacent, left first). */
export type PvBenchInterfaceDefect = InterfaceDefect & { between: [number, number] };

export interface PvBenchDdContact {
  work_function_eV?: number;
  ohmic?: boolean;
  S_n_cm_s?: number | null;
  S_p_cm_s?: number | null;
}

export interface PvBenchDdInput {
  T_K: number;
  layers: PvBenchDdLayer[];
  contacts: { left: PvBenchDdContact; right: PvBenchDdContact; anode?: 'left' | 'right' };
  Rs_ohm_cm2?: number;
  Rsh_ohm_cm2?: number | null;
  illumination: 'uniform-G' | 'dark';
  voltage_V: number[];
  scan_rate_V_s?: number;
  interface_defects?: PvBenchInterfaceDefect[];
}

/** Fields of a dd-jv input the engine computes, by level. */
const INPUT_FIELDS = new Set([
  'protocol',
  'interface_defects',
  'T_K',
  'layers',
  'contacts',
  'Rs_ohm_cm2',
  'Rsh_ohm_cm2',
  'illumination',
  'voltage_V',
  'scan_rate_V_s',
]);
const LAYER_FIELDS = new Set([
  'name',
  'ions',
  'thickness_nm',
  'eps_r',
  'chi_eV',
  'Eg_eV',
  'Nc_cm3',
  'Nv_cm3',
  'mu_n_cm2_Vs',
  'mu_p_cm2_Vs',
  'Nd_cm3',
  'Na_cm3',
  'tau_n_s',
  'tau_p_s',
  'k_rad_cm3_s',
  'Cn_cm6_s',
  'Cp_cm6_s',
  'G_cm3_s',
  'langevin_prefactor',
  'exciton',
  'defects',
]);
const DEFECT_FIELDS = new Set(['type', 'N_t_cm3', 'level_below_vacuum_eV', 'c_n_cm3_s', 'c_p_cm3_s', 'distribution']);
const INTERFACE_DEFECT_FIELDS = new Set([
  'between',
  'type',
  'N_t_cm2',
  'level_below_vacuum_eV',
  'c_n_cm3_s',
  'c_p_cm3_s',
  'distribution',
]);
const EXCITON_FIELDS = new Set(['model', 'a_nm', 'k_f_s', 'P0', 'distribution']);
const CONTACT_FIELDS = new Set(['work_function_eV', 'ohmic', 'S_n_cm_s', 'S_p_cm_s']);

/**
 * Fields the case format defines for models this engine version does not have (FORMAT-dd-notes.md).
 * The ion message is the one assets/validation/README.md prescribes.
 */
const MISSING_MODELS: Record<string, string> = {
  // a scan rate alone does not say where the scan starts or goes (a transient case has a protocol)
  scan_rate_V_s: 'a scan rate without a protocol is not defined',
};

export interface UnsupportedField {
  /** Path of the field in the case input, e.g. "layers[1].exciton". */
  path: string;
  /** Why: the missing model, or "unknown field". */
  reason: string;
}

/** Every field of a dd-jv input the engine would have to ignore; [] when all of it is computed. */
export function unsupportedCaseFields(input: Record<string, unknown>): UnsupportedField[] {
  const out: UnsupportedField[] = [];
  const visit = (obj: unknown, known: Set<string>, path: string) => {
    if (typeof obj !== 'object' || obj === null) return;
    for (const [k, v] of Object.entries(obj)) {
      // a scan rate of 0 means quasi-static; with a protocol the segments carry the rates
      if (k === 'scan_rate_V_s' && (v === 0 || v === null || input['protocol'] !== undefined)) continue;
      const p = path ? `${path}.${k}` : k;
      const missing = MISSING_MODELS[k];
      if (missing) out.push({ path: p, reason: missing });
      else if (!known.has(k)) out.push({ path: p, reason: 'unknown field' });
    }
  };
  visit(input, INPUT_FIELDS, '');
  const layers = Array.isArray(input['layers']) ? input['layers'] : [];
  layers.forEach((l, i) => {
    visit(l, LAYER_FIELDS, `layers[${i}]`);
    const ex = (l as Record<string, unknown>)['exciton'];
    if (typeof ex === 'object' && ex !== null) {
      const e = ex as Record<string, unknown>;
      visit(e, EXCITON_FIELDS, `layers[${i}].exciton`);
      // Onsager-Braun with one or a Gaussian distribution of separations is what exists
      if (e['model'] !== 'onsager-braun')
        out.push({ path: `layers[${i}].exciton.model`, reason: `exciton model "${String(e['model'])}" not supported` });
      if (e['distribution'] !== undefined && e['distribution'] !== 'delta' && e['distribution'] !== 'gaussian')
        out.push({
          path: `layers[${i}].exciton.distribution`,
          reason: `separation distribution "${String(e['distribution'])}" not supported`,
        });
    }
  });
  // defects: the format's single level and Gaussian distribution (FORMAT-dd-notes.md)
  const distribution = (d: Record<string, unknown>, path: string) => {
    const dist = d['distribution'];
    if (dist === undefined) return;
    const shape = typeof dist === 'object' && dist !== null ? (dist as Record<string, unknown>)['shape'] : undefined;
    if (shape !== 'gaussian')
      out.push({ path: `${path}.distribution`, reason: `defect distribution "${String(shape)}" not supported` });
    else visit(dist, new Set(['shape', 'sigma_eV']), `${path}.distribution`);
  };
  layers.forEach((l, i) => {
    const defs = (l as Record<string, unknown>)['defects'];
    if (!Array.isArray(defs)) return;
    defs.forEach((d, k) => {
      visit(d, DEFECT_FIELDS, `layers[${i}].defects[${k}]`);
      distribution(d as Record<string, unknown>, `layers[${i}].defects[${k}]`);
    });
  });
  const idefs = input['interface_defects'];
  if (Array.isArray(idefs))
    idefs.forEach((d, k) => {
      visit(d, INTERFACE_DEFECT_FIELDS, `interface_defects[${k}]`);
      distribution(d as Record<string, unknown>, `interface_defects[${k}]`);
    });
  const contacts = input['contacts'];
  if (typeof contacts === 'object' && contacts !== null) {
    for (const [side, c] of Object.entries(contacts)) {
      if (side === 'anode') continue;
      if (side !== 'left' && side !== 'right') out.push({ path: `contacts.${side}`, reason: 'unknown field' });
      else visit(c, CONTACT_FIELDS, `contacts.${side}`);
    }
  }
  return out;
}

/** A case that needs a model the engine lacks: the message names every such field. */
export class UnsupportedCaseError extends Error {
  readonly fields: UnsupportedField[];
  constructor(fields: UnsupportedField[]) {
    // one line per missing model, each naming its fields: "ions not supported yet (layers[1].ions)"
    const byReason = new Map<string, string[]>();
    for (const f of fields) byReason.set(f.reason, [...(byReason.get(f.reason) ?? []), f.path]);
    super([...byReason].map(([r, paths]) => `${r} (${paths.join(', ')})`).join('; '));
    this.name = 'UnsupportedCaseError';
    this.fields = fields;
  }
}

function contact(c: PvBenchDdContact): ElectricalContact {
  const out: ElectricalContact =
    c.ohmic || c.work_function_eV === undefined
      ? { kind: 'ohmic' }
      : { kind: 'schottky', workFunction_eV: c.work_function_eV };
  out.S_n_cm_s = c.S_n_cm_s ?? null;
  out.S_p_cm_s = c.S_p_cm_s ?? null;
  return out;
}

/** The solver's device for a case; throws UnsupportedCaseError when the case needs a missing model. */
export function pvBenchToDevice(input: PvBenchDdInput, options: ElectricalSolverOptions = {}): ElectricalDevice {
  const unsupported = unsupportedCaseFields(input as unknown as Record<string, unknown>);
  if (unsupported.length > 0) throw new UnsupportedCaseError(unsupported);
  const layers: ElectricalLayer[] = input.layers.map((l) => {
    const { G_cm3_s: _g, ions, tau_n_s, tau_p_s, ...rest } = l;
    const layer: ElectricalLayer = ions ? { ...rest, ions: [ions] } : rest;
    // tau_n = tau_p = 1e30 s is the cases' way of saying "no SRH in this layer"
    return tau_n_s >= 1e30 && tau_p_s >= 1e30 ? layer : { ...layer, tau_n_s, tau_p_s };
  });
  const dark = input.illumination === 'dark' || input.layers.every((l) => !l.G_cm3_s);
  // interface defect sheets onto the solver's interfaces (interface k between layers k and k+1)
  let interfaces: (ElectricalInterface | undefined)[] | undefined;
  for (const d of input.interface_defects ?? []) {
    const [a, b] = d.between;
    if (!(Number.isInteger(a) && b === a + 1 && b < input.layers.length))
      throw new RangeError(`interface_defects: "between" must name two adjacent layers, left first (got [${a}, ${b}])`);
    const { between: _b, ...sheet } = d;
    interfaces ??= input.layers.slice(0, -1).map(() => undefined);
    const it = interfaces[a] ?? {};
    interfaces[a] = it;
    it.defects = [...(it.defects ?? []), sheet];
  }
  return {
    ...(interfaces ? { interfaces } : {}),
    layers,
    contacts: {
      left: contact(input.contacts.left),
      right: contact(input.contacts.right),
      anode: input.contacts.anode ?? 'left',
    },
    Rs_ohm_cm2: input.Rs_ohm_cm2 ?? 0,
    Rsh_ohm_cm2: input.Rsh_ohm_cm2 ?? null,
    T_K: input.T_K,
    generation: dark ? { kind: 'dark' } : { kind: 'per-layer', G_cm3_s: input.layers.map((l) => l.G_cm3_s) },
    voltage_V: input.voltage_V,
    options,
  };
}
