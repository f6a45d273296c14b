import Type, { type Static } from 'typebox';

/**
 * The electrical (drift-diffusion) part of DeviceSpec v1, additive to the optical part: per layer
 * an `electrical` object of material parameters, and a device-level `electrical` block (contacts,
 * external resistances, temperature, statistics, voltage sweep, generation). Units are in the
 * field names (eV, cm^-3, cm^2/(V s), s, cm/s, Ohm cm^2, K, V). The electrical domain is the
 * contiguous run of layers that have `electrical`; the others (glass, TCO, metal) are optical only.
 * checkElectricalPart applies the rules the TypeBox schema cannot express (required parameters
 * once the device is electrical, contiguity, spec §5: no zero lifetime, mobility, density of states
 * or permittivity in a non-electrode layer, a voltage step that is not 0), each message naming the
 * layer and the field. Physics and defaults: docs/physics/drift-diffusion.md.
 */

const Num = (opts: Record<string, unknown> = {}) => Type.Number(opts);

/**
 * Drift-diffusion parameters of one layer. The schema types every field; which ones are required
 * (see LAYER_REQUIRED) is checked by checkElectricalPart when the device has an `electrical` block,
 * so that layer objects of optical-only devices stay as free as they were.
 */
export const LayerElectricalSpec = Type.Object({
  /** Relative permittivity (-), > 0. */
  epsR: Type.Optional(Num()),
  /** Electron affinity, eV (vacuum level to conduction band). */
  chiEV: Type.Optional(Num()),
  /** Band gap, eV, > 0. */
  egEV: Type.Optional(Num()),
  /** Effective densities of states of the conduction and valence bands, cm^-3, > 0. */
  ncCm3: Type.Optional(Num()),
  nvCm3: Type.Optional(Num()),
  /** Electron and hole mobilities, cm^2/(V s), > 0. */
  muNCm2PerVs: Type.Optional(Num()),
  muPCm2PerVs: Type.Optional(Num()),
  /** Donor and acceptor densities (fully ionised), cm^-3, >= 0, default 0. */
  ndCm3: Type.Optional(Num({ minimum: 0 })),
  naCm3: Type.Optional(Num({ minimum: 0 })),
  /** Bulk SRH as lifetimes, s (> 0; both or neither) ... */
  tauNS: Type.Optional(Num()),
  tauPS: Type.Optional(Num()),
  /** ... or as a trap density, cm^-3, with capture cross-sections, cm^2, thermal velocity, cm/s (default 1e7). */
  ntCm3: Type.Optional(Num({ minimum: 0 })),
  sigmaNCm2: Type.Optional(Num({ minimum: 0 })),
  sigmaPCm2: Type.Optional(Num({ minimum: 0 })),
  vthCmPerS: Type.Optional(Num({ exclusiveMinimum: 0 })),
  /** SRH trap level minus the intrinsic level, eV (default 0). */
  etMinusEiEV: Type.Optional(Num()),
  /** Radiative coefficient, cm^3/s, and Auger coefficients, cm^6/s (default 0). */
  kRadCm3PerS: Type.Optional(Num({ minimum: 0 })),
  cnCm6PerS: Type.Optional(Num({ minimum: 0 })),
  cpCm6PerS: Type.Optional(Num({ minimum: 0 })),
  /** Mesh intervals in this layer (default: a share of electrical.gridPoints). */
  gridPoints: Type.Optional(Type.Integer({ minimum: 2 })),
  /** Clustering of the mesh towards both faces (0 uniform, default 3). */
  gridGrading: Type.Optional(Num({ minimum: 0 })),
});
export type LayerElectricalSpec = Static<typeof LayerElectricalSpec>;

/** Fields every layer of the electrical domain must give. */
export const LAYER_REQUIRED = ['epsR', 'chiEV', 'egEV', 'ncCm3', 'nvCm3', 'muNCm2PerVs', 'muPCm2PerVs'] as const;
/** Fields that must be > 0 in a layer of the electrical domain (spec §5 and the band gap). */
const LAYER_POSITIVE = ['epsR', 'egEV', 'ncCm3', 'nvCm3', 'muNCm2PerVs', 'muPCm2PerVs', 'tauNS', 'tauPS'] as const;
const LAYER_KNOWN = new Set(Object.keys(LayerElectricalSpec.properties));

/** Recombination (and optionally thermionic emission) at the interface between two adjacent electrical layers. */
export const InterfaceElectricalSpec = Type.Object(
  {
    /** Names of the two layers, front one first. */
    between: Type.Tuple([Type.String({ minLength: 1 }), Type.String({ minLength: 1 })]),
    /** Interface recombination velocities, cm/s ... */
    sNCmPerS: Type.Optional(Num({ minimum: 0 })),
    sPCmPerS: Type.Optional(Num({ minimum: 0 })),
    /** ... or an interface trap density, cm^-2, with cross-sections, cm^2, thermal velocity, cm/s. */
    ntCm2: Type.Optional(Num({ minimum: 0 })),
    sigmaNCm2: Type.Optional(Num({ minimum: 0 })),
    sigmaPCm2: Type.Optional(Num({ minimum: 0 })),
    vthCmPerS: Type.Optional(Num({ exclusiveMinimum: 0 })),
    /** Trap level relative to the mid-gap of the interface gap, eV (default 0). */
    etMinusEmidEV: Type.Optional(Num()),
    /** Thermionic emission over the band offsets (transfer velocities, cm/s, default 1e7). */
    thermionic: Type.Optional(
      Type.Object(
        {
          vNCmPerS: Type.Optional(Num({ exclusiveMinimum: 0 })),
          vPCmPerS: Type.Optional(Num({ exclusiveMinimum: 0 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type InterfaceElectricalSpec = Static<typeof InterfaceElectricalSpec>;

/** A contact: ohmic (flat band) or Schottky (work function); surface recombination velocities, null = infinite. */
export const ContactElectricalSpec = Type.Object(
  {
    kind: Type.Union([Type.Literal('ohmic'), Type.Literal('schottky')]),
    /** Metal work function, eV (schottky only, required there). */
    workFunctionEV: Type.Optional(Num({ exclusiveMinimum: 0 })),
    /** cm/s; null or absent = infinite (the carriers are at equilibrium with the metal). */
    sNCmPerS: Type.Optional(Type.Union([Num({ minimum: 0 }), Type.Null()])),
    sPCmPerS: Type.Optional(Type.Union([Num({ minimum: 0 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type ContactElectricalSpec = Static<typeof ContactElectricalSpec>;

/** Where the generation rate of the electrical layers comes from. */
export const GenerationElectricalSpec = Type.Union([
  /** G(x) from the optical engine (transfer matrix) in the same run: default when `illumination` is given. */
  Type.Object({ kind: Type.Literal('optical') }, { additionalProperties: false }),
  /** The same rate in every electrical layer, cm^-3 s^-1. */
  Type.Object({ kind: Type.Literal('uniform'), gCm3PerS: Num({ minimum: 0 }) }, { additionalProperties: false }),
  /**
   * Beer-Lambert absorption of the illumination spectrum entering the first electrical layer
   * (layers in front of it taken as transparent), alpha = 4 pi k / lambda of each layer's n,k,
   * after a front reflectance (fraction, default 0); no interference, no back reflection.
   */
  Type.Object(
    { kind: Type.Literal('beer-lambert'), reflectance: Type.Optional(Num({ minimum: 0, maximum: 1 })) },
    { additionalProperties: false },
  ),
  /** No generation: the dark J-V only. Default without `illumination`. */
  Type.Object({ kind: Type.Literal('dark') }, { additionalProperties: false }),
]);
export type GenerationElectricalSpec = Static<typeof GenerationElectricalSpec>;

export const DeviceElectricalSpec = Type.Object(
  {
    /** The front contact touches the first electrical layer, the back one the last; `anode` collects holes. */
    contacts: Type.Object(
      {
        front: ContactElectricalSpec,
        back: ContactElectricalSpec,
        anode: Type.Union([Type.Literal('front'), Type.Literal('back')]),
      },
      { additionalProperties: false },
    ),
    interfaces: Type.Optional(Type.Array(InterfaceElectricalSpec, { maxItems: 200 })),
    /** External series resistance, Ohm cm^2 (default 0). */
    rsOhmCm2: Type.Optional(Num({ minimum: 0 })),
    /** External shunt resistance, Ohm cm^2; null or absent = no shunt. */
    rshOhmCm2: Type.Optional(Type.Union([Num({ exclusiveMinimum: 0 }), Type.Null()])),
    /** Default 300 K. */
    temperatureK: Type.Optional(Num({ exclusiveMinimum: 0 })),
    /** Carrier statistics, default 'boltzmann'. */
    statistics: Type.Optional(Type.Union([Type.Literal('boltzmann'), Type.Literal('fermi-dirac')])),
    /** Terminal voltages startV, startV + stepV, ... up to stopV (included), V; stepV != 0. */
    voltageSweep: Type.Object({ startV: Num(), stopV: Num(), stepV: Num() }, { additionalProperties: false }),
    /** When the light J-V ends below Voc, keep stepping until J changes sign (default false: a warning). */
    extendToVoc: Type.Optional(Type.Boolean()),
    /** Biases, V, at which to keep band diagrams and rates, besides 0 V, maximum power and Voc. */
    profileBiasesV: Type.Optional(Type.Array(Num(), { maxItems: 50 })),
    /** Default: 'optical' when `illumination` is given, else 'dark'. */
    generation: Type.Optional(GenerationElectricalSpec),
    /** Total mesh nodes shared among layers without their own gridPoints (default 400; users are advised <= 600). */
    gridPoints: Type.Optional(Type.Integer({ minimum: 3, maximum: 20000 })),
    /** Also run the dark J-V (default false). */
    darkJV: Type.Optional(Type.Boolean()),
    /**
     * EQE and IQE at short circuit (optical generation only): at the optical wavelengths from the
     * start of the grid in steps of stepNm (a multiple of the optical step; default: every one).
     */
    eqe: Type.Optional(
      Type.Object({ stepNm: Type.Optional(Num({ exclusiveMinimum: 0 })) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);
export type DeviceElectricalSpec = Static<typeof DeviceElectricalSpec>;

/** The part of a DeviceSpec the electrical checks read (structural, so that any DeviceSpec fits). */
export interface ElectricalCheckInput {
  layers: { name: string; electrical?: Record<string, unknown> }[];
  electrical?: DeviceElectricalSpec;
  illumination?: { wavelength?: { stepNm: number } };
}

/** Most sweep points accepted (10 mV steps over 100 V). */
export const MAX_SWEEP_POINTS = 10001;

/**
 * Rules of the electrical part beyond the schema; [] when the device is not electrical or is fine.
 * Messages: `layers[3] "MAPbI3".electrical.muNCm2PerVs: must be > 0 ...`.
 */
export function checkElectricalPart(spec: ElectricalCheckInput): string[] {
  const el = spec.electrical;
  if (!el) return [];
  const out: string[] = [];
  const at = (j: number) => `layers[${j}] "${spec.layers[j]!.name}"`;
  const domain = spec.layers.flatMap((l, j) => (l.electrical ? [j] : []));
  if (domain.length === 0) {
    out.push(
      'electrical: no layer has an "electrical" object: give the drift-diffusion parameters of the semiconductor layers',
    );
    return out;
  }
  const first = domain[0]!;
  const last = domain[domain.length - 1]!;
  for (let j = first + 1; j < last; j++) {
    if (!spec.layers[j]!.electrical)
      out.push(
        `${at(j)}.electrical: missing: the electrical layers must be contiguous (${at(first)} to ${at(last)} have electrical parameters, this layer lies between them)`,
      );
  }
  for (const j of domain) {
    const e = spec.layers[j]!.electrical!;
    const p = `${at(j)}.electrical`;
    for (const k of Object.keys(e)) if (!LAYER_KNOWN.has(k)) out.push(`${p}.${k}: unknown field`);
    for (const f of LAYER_REQUIRED) if (e[f] === undefined) out.push(`${p}.${f}: missing`);
    for (const f of LAYER_POSITIVE) {
      const v = e[f];
      if (typeof v === 'number' && !(v > 0))
        out.push(`${p}.${f}: must be > 0 in a non-electrode layer (got ${v}; spec §5: the equations become singular)`);
    }
    const hasTau = e.tauNS !== undefined || e.tauPS !== undefined;
    const hasNt = e.ntCm3 !== undefined || e.sigmaNCm2 !== undefined || e.sigmaPCm2 !== undefined;
    if (hasTau && (e.tauNS === undefined || e.tauPS === undefined))
      out.push(`${p}.${e.tauNS === undefined ? 'tauNS' : 'tauPS'}: missing: give both SRH lifetimes or neither`);
    if (hasTau && hasNt)
      out.push(`${p}.ntCm3: give SRH either as lifetimes (tauNS, tauPS) or as a trap density, not both`);
    if (!hasTau && hasNt)
      for (const f of ['ntCm3', 'sigmaNCm2', 'sigmaPCm2'])
        if (e[f] === undefined)
          out.push(`${p}.${f}: missing: an SRH trap density needs ntCm3, sigmaNCm2 and sigmaPCm2`);
  }
  const names = domain.map((j) => spec.layers[j]!.name);
  const seen = new Set<string>();
  (el.interfaces ?? []).forEach((it, i) => {
    const p = `electrical.interfaces[${i}].between`;
    const a = names.indexOf(it.between[0]);
    const b = names.indexOf(it.between[1]);
    if (a < 0 || b < 0) {
      const bad = a < 0 ? it.between[0] : it.between[1];
      out.push(`${p}: "${bad}" is not a layer with electrical parameters (${names.join(', ')})`);
    } else if (b !== a + 1) {
      out.push(`${p}: "${it.between[0]}" and "${it.between[1]}" are not adjacent electrical layers (front one first)`);
    } else if (seen.has(it.between[0])) {
      out.push(`${p}: the interface ${it.between[0]}/${it.between[1]} is given twice`);
    }
    seen.add(it.between[0]);
  });
  for (const side of ['front', 'back'] as const) {
    const c = el.contacts[side];
    if (c.kind === 'schottky' && c.workFunctionEV === undefined)
      out.push(`electrical.contacts.${side}.workFunctionEV: missing: a Schottky contact needs its work function`);
  }
  const sw = el.voltageSweep;
  if (sw.stepV === 0 || !Number.isFinite(sw.stepV))
    out.push(`electrical.voltageSweep.stepV: must not be 0 (got ${sw.stepV})`);
  else {
    const count = Math.floor((sw.stopV - sw.startV) / sw.stepV + 1e-9) + 1;
    if (count < 1)
      out.push(
        `electrical.voltageSweep.stepV: goes away from stopV (${sw.startV} V to ${sw.stopV} V in steps of ${sw.stepV} V)`,
      );
    else if (count > MAX_SWEEP_POINTS)
      out.push(`electrical.voltageSweep.stepV: ${count} points is too many (at most ${MAX_SWEEP_POINTS})`);
  }
  const eqeStep = el.eqe?.stepNm;
  const optStep = spec.illumination?.wavelength?.stepNm ?? 1;
  if (eqeStep !== undefined) {
    const r = eqeStep / optStep;
    if (Math.abs(r - Math.round(r)) > 1e-9 || Math.round(r) < 1)
      out.push(`electrical.eqe.stepNm: must be a multiple of the optical step ${optStep} nm (got ${eqeStep})`);
  }
  const genKind = el.generation?.kind ?? (spec.illumination ? 'optical' : 'dark');
  if (el.eqe && genKind !== 'optical')
    out.push(
      `electrical.eqe: needs generation "optical" (got "${genKind}"; it is the default when illumination is given)`,
    );
  return out;
}
