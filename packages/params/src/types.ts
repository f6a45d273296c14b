/**
 * What the registry says of one device parameter. Every surface reads these entries: the contract
 * schema takes its bounds, the engine's field rules their limits, the editor and the material form
 * their labels, units and tips, the docs their table, and the importers their names in other tools'
 * files. How a new parameter is added: docs/ARCHITECTURE.md "Adding a device parameter".
 */

/** A text in both languages of the UI (zh-CN first). */
export interface Words {
  readonly zh: string;
  readonly en: string;
}

export type Lang = 'zh' | 'en';

/** Where in a device the parameter sits; decides the form that shows it and the docs section. */
export type Place =
  /** A layer: layers[].thicknessNm and layers[].electrical.X. */
  | 'layer'
  /** A defect of a layer (per volume) or of an interface (per area). */
  | 'defect'
  /** Mobile ions of a layer. */
  | 'ions'
  /** Excitons of a layer: diffusion (planar heterojunction) or CT-state dissociation (blend). */
  | 'exciton'
  /** An interface between two electrical layers, with its thermionic emission and tunnel oxide. */
  | 'interface'
  /** A contact (front or back). */
  | 'contact'
  /** The device as a whole: temperature, external resistances, mesh, generation. */
  | 'device'
  /** The voltage sweep of the J-V and what is kept along it. */
  | 'sweep'
  /** The analyses beside the J-V: transient, impedance, C-V, C-f, tandem current matching. */
  | 'analysis'
  /** The light: intensity, angle, wavelength grid. */
  | 'illumination'
  /** Carried by a library material only (not a DeviceSpec field). */
  | 'material';

/**
 * Hard limits: a value outside them is refused before a job is queued (it is impossible, or the
 * equations become singular). Absent: no limit on that side. Every value must also be finite.
 */
export interface Limits {
  readonly min?: number;
  /** true: min itself is refused (> min); false or absent: min is allowed (>= min). */
  readonly minExclusive?: boolean;
  readonly max?: number;
  readonly maxExclusive?: boolean;
  /** Only whole numbers. */
  readonly integer?: boolean;
}

/** The range real devices fall in: outside it the value runs, with a warning that says why. */
export interface Plausible {
  readonly min?: number;
  readonly max?: number;
  /** Why values outside are suspicious (what real materials show, a common unit slip). */
  readonly why: Words;
}

/**
 * The parameter's name in another tool's files, so importers and exporters map by this table:
 * our value = the tool's value x factor (SCAPS writes SI-like units: m^-3 -> cm^-3 is 1e-6).
 */
export interface OtherToolName {
  /** The key (or the column) as the tool writes it. */
  readonly key: string;
  /** The tool's unit as it writes it. */
  readonly unit: string;
  readonly factor: number;
  /** How the mapping is not one to one, when it is not. */
  readonly note?: string;
}

export interface ParamEntry {
  /**
   * Where the value sits in a DeviceSpec, dotted, `[]` for any item of a list and `*` for any key:
   * `layers[].electrical.muNCm2PerVs`, `electrical.contacts.*.workFunctionEV`. Material-only
   * parameters start with `material.`.
   */
  readonly path: string;
  readonly place: Place;
  /** The form group that shows it (layer groups: basic, doping, recombination, traps, tunnelling, mesh). */
  readonly group: string;
  /** The unit as users read it ('' for a pure number). */
  readonly unit: string;
  /**
   * The drift-diffusion solver's name of it (ElectricalLayer, ElectricalInterface, ... and the
   * pv-bench/1 cases) and the factor from the DeviceSpec's unit to the solver's. Absent: the
   * solver reads it under its DeviceSpec name, or it is not a solver input.
   */
  readonly engine?: { readonly name: string; readonly factor: number };
  readonly hard: Limits;
  readonly plausible?: Plausible;
  /** Entered, swept, fitted and plotted on a logarithmic scale (densities, lifetimes, mobilities). */
  readonly log: boolean;
  readonly label: Words;
  /** Symbol as printed (Unicode, no markup): 'μn', 'Nc', 'τn'. */
  readonly symbol: string;
  /** One or two sentences: what it does in the model, the default, what a typical value is. */
  readonly tip: Words;
  /** The docs page and anchor that explain it: 'drift-diffusion.md#transport'. */
  readonly docs: string;
  /** Its name in SCAPS-1D definition files (.def, 3.3.x). */
  readonly scaps?: OtherToolName;
  /** Its name in SIMsalabim parameter files (v4.5 and later). */
  readonly simsalabim?: OtherToolName;
  /** Every layer of the electrical domain (or every item of its list) must give it. */
  readonly required?: boolean;
  /** null stands for "infinite" or "none" (a contact's recombination velocity, the shunt). */
  readonly nullable?: boolean;
  /** The value the engine takes when the field is absent. */
  readonly defaultValue?: number;
  /** The material library carries it, under this key of MaterialElectrical ('epsR', 'ions.densityCm3'). */
  readonly material?: string;
}

/** A registry entry with what follows from its path. */
export interface Param extends ParamEntry {
  /** The last segment of the path: the field's name in its object ('muNCm2PerVs'). */
  readonly key: string;
}

/**
 * A device setting that is one of a few named choices rather than a number (how a value is
 * obtained, which model applies). Every surface reads it as it reads a numeric entry: the schema
 * takes its choices, the engine's check its path, the editor its label, tip and the choices' words
 * (beside the numeric entry it decides about), the docs their table.
 */
export interface ChoiceEntry {
  /** Where it sits in a DeviceSpec, as ParamEntry.path. */
  readonly path: string;
  readonly place: Place;
  /** The form group that shows it (the group of the entry it decides about). */
  readonly group: string;
  /** The choices, the default first; `value` is what the DeviceSpec holds. */
  readonly choices: readonly { readonly value: string; readonly label: Words }[];
  /** The choice taken when the field is absent. */
  readonly defaultValue: string;
  readonly label: Words;
  /** What each choice does, and the default. */
  readonly tip: Words;
  /** The docs page and anchor that explain it. */
  readonly docs: string;
  /** The numeric entry (its path) this setting decides about; the editor shows it beside that field. */
  readonly beside?: string;
}

/** A choice entry with its key (the last segment of the path). */
export interface Choice extends ChoiceEntry {
  readonly key: string;
}
