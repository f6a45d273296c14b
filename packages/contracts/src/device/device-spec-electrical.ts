import {
  checkDeviceElectricalCoded,
  type ElectricalCheckIssues,
  GRADABLE_KEYS,
  type GradableKey,
  INTERFACE_FIELDS,
  LAYER_CHOICE_FIELDS,
  LAYER_FIELDS,
  type LayerChoiceValues,
  type LayerFieldKey,
  THERMIONIC_FIELDS,
  TUNNEL_OXIDE_FIELDS,
} from '@pvforge/engine/spec-check';
import { paramAt } from '@pvforge/params';
import Type, { type Static, type TInteger, type TNumber, type TOptional, type TUnsafe } from 'typebox';
import { ParamChoice, ParamNumber } from './param-schema.js';

/**
 * The electrical (drift-diffusion) part of DeviceSpec v1, additive to the optical part: per layer
 * an `electrical` object of material parameters, and a device-level `electrical` block (contacts,
 * external resistances, temperature, statistics, voltage sweep, generation). Units are in the
 * field names (eV, cm^-3, cm^2/(V s), s, cm/s, Ohm cm^2, K, V). The electrical domain is the
 * contiguous run of layers that have `electrical`; the others (glass, TCO, metal) are optical only.
 *
 * The parameter names, units and rules come from the engine's one field list
 * (@pvforge/engine/spec-check, electrical/fields.ts), and the values are judged by the engine's one
 * check (checkElectricalIssues below), so the schema, the solver and the forms cannot disagree.
 * Every number carries its parameter-registry entry's hard limits and description (@pvforge/params),
 * so OpenAPI shows them; the rules that couple fields are the engine check's. Physics and defaults: docs/physics/drift-diffusion.md.
 */

/** A registered number of the electrical part: its registry bounds and description (param-schema.ts). */
const Num = (path: string) => ParamNumber(path);
/** The same for a whole number (counts of points) while the registry has no entry. */
const Int = (path: string) => ParamNumber(path);
const ION = 'layers[].electrical.ions[].';
const CT = 'layers[].electrical.ctDissociation.';

type LayerProperties = { [K in LayerFieldKey]: TOptional<TNumber | TInteger> };
type LayerChoiceProperties = {
  // the choice's values as its static type (a union over an array of literals would be never)
  [K in keyof LayerChoiceValues]-?: TOptional<TUnsafe<NonNullable<LayerChoiceValues[K]>>>;
};

/**
 * Drift-diffusion parameters of one layer, one optional number per entry of the field list (mesh
 * intervals an integer). Which are required, and the rules of their values, are checked when the
 * device has an `electrical` block, so that layer objects of optical-only devices stay free.
 */
/**
 * A mobile ionic species of a layer (perovskite vacancies): mean density (also the immobile
 * background's), diffusion coefficient at referenceTemperatureK (default 300 K) with its activation
 * energy, and charge. Values are judged by the engine's check.
 */
export const IonElectricalSpec = Type.Object(
  {
    densityCm3: Num(`${ION}densityCm3`),
    diffusionCm2PerS: Num(`${ION}diffusionCm2PerS`),
    sign: Type.Union([Type.Literal(1), Type.Literal(-1)]),
    activationEnergyEV: Type.Optional(Num(`${ION}activationEnergyEV`)),
    referenceTemperatureK: Type.Optional(Num(`${ION}referenceTemperatureK`)),
  },
  { additionalProperties: false },
);
export type IonElectricalSpec = Static<typeof IonElectricalSpec>;

/**
 * Onsager-Braun dissociation of the charge-transfer states of an organic blend (the engine's
 * electrical/dissociation.ts): CT-state separation, decay rate to the ground state, the
 * field-independent yield (default 0) and one separation or a Gaussian distribution of them.
 */
export const CtDissociationElectricalSpec = Type.Object(
  {
    model: Type.Literal('onsager-braun'),
    separationNm: Num(`${CT}separationNm`),
    decayRatePerS: Num(`${CT}decayRatePerS`),
    directYield: Type.Optional(Num(`${CT}directYield`)),
    distribution: Type.Optional(Type.Union([Type.Literal('delta'), Type.Literal('gaussian')])),
  },
  { additionalProperties: false },
);
export type CtDissociationElectricalSpec = Static<typeof CtDissociationElectricalSpec>;

/**
 * The fields every defect has, in a layer or at an interface (the engine's device/defects-map.ts),
 * with the bounds of the registry entries under `at` (the layer's or the interface's defect list).
 */
const defectFields = (at: string) => ({
  /** A label for the results; default the defect's number. */
  name: Type.Optional(Type.String({ maxLength: 60 })),
  type: Type.Union([Type.Literal('donor'), Type.Literal('acceptor'), Type.Literal('neutral')]),
  /** The level (or centre), eV: below E_c, above E_v or above E_i (signed), per energyReference; default 0. */
  energyEV: Type.Optional(Num(`${at}energyEV`)),
  energyReference: Type.Union([Type.Literal('conduction'), Type.Literal('valence'), Type.Literal('intrinsic')]),
  distribution: Type.Optional(
    Type.Union([Type.Literal('single'), Type.Literal('uniform'), Type.Literal('gaussian'), Type.Literal('tail')]),
  ),
  /** Uniform: full width; Gaussian: standard deviation; tail: characteristic energy; eV. */
  widthEV: Type.Optional(Num(`${at}widthEV`)),
  /** Capture cross-sections, cm^2, with thermal velocities, cm/s (default 1e7)... */
  sigmaNCm2: Type.Optional(Num(`${at}sigmaNCm2`)),
  sigmaPCm2: Type.Optional(Num(`${at}sigmaPCm2`)),
  vthNCmPerS: Type.Optional(Num(`${at}vthNCmPerS`)),
  vthPCmPerS: Type.Optional(Num(`${at}vthPCmPerS`)),
  /** ...or capture coefficients, cm^3/s. */
  cNCm3PerS: Type.Optional(Num(`${at}cNCm3PerS`)),
  cPCm3PerS: Type.Optional(Num(`${at}cPCm3PerS`)),
});

/**
 * A defect of a layer as SCAPS users give it: charge type, density per volume, energy relative to
 * a band edge or the intrinsic level, distribution, capture. The engine's check judges the values.
 */
const BULK_DEFECT = 'layers[].electrical.defects[].';
export const BulkDefectSpec = Type.Object(
  { ...defectFields(BULK_DEFECT), densityCm3: Num(`${BULK_DEFECT}densityCm3`) },
  { additionalProperties: false },
);
export type BulkDefectSpec = Static<typeof BulkDefectSpec>;

/** A defect sheet at an interface (density per area), capturing from both layers. */
const INTERFACE_DEFECT = 'electrical.interfaces[].defects[].';
export const InterfaceDefectSpec = Type.Object(
  { ...defectFields(INTERFACE_DEFECT), densityCm2: Num(`${INTERFACE_DEFECT}densityCm2`) },
  { additionalProperties: false },
);
export type InterfaceDefectSpec = Static<typeof InterfaceDefectSpec>;

/** Most defects per layer or per interface (the engine's MAX_DEFECTS). */
export const MAX_DEFECTS_PER_PLACE = 20;

/** The layer parameters a grading may vary across a layer (the engine's list). */
export { GRADABLE_KEYS, type GradableKey } from '@pvforge/engine/spec-check';

/** A linear grading: each listed parameter's value at the layer's back face (the front face keeps the layer's value). */
export const LayerGradingSpec = Type.Object(
  {
    law: Type.Literal('linear'),
    back: Type.Object(
      Object.fromEntries(GRADABLE_KEYS.map((k) => [k, Type.Optional(Num(`layers[].electrical.${k}`))])) as {
        [K in GradableKey]: TOptional<TNumber>;
      },
      // at least one value: the engine's check says so (a schema minProperties would be said as
      // the whole device being invalid)
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type LayerGradingSpec = Static<typeof LayerGradingSpec>;

export const LayerElectricalSpec = Type.Object({
  ...(Object.fromEntries(
    LAYER_FIELDS.map((f) => [
      f.key,
      Type.Optional(
        paramAt(`layers[].electrical.${f.key}`)
          ? Num(`layers[].electrical.${f.key}`)
          : f.rule === 'intervals'
            ? Type.Integer()
            : Type.Number(),
      ),
    ]),
  ) as LayerProperties),
  /** The layer's choices (registry choice entries): kRadFrom, where k_rad comes from. */
  ...(Object.fromEntries(
    LAYER_CHOICE_FIELDS.map((c) => [c.key, Type.Optional(ParamChoice(`layers[].electrical.${c.key}`))]),
  ) as unknown as LayerChoiceProperties),
  /** Defects of the layer (electrical/defects.ts). */
  defects: Type.Optional(Type.Array(BulkDefectSpec, { maxItems: MAX_DEFECTS_PER_PLACE })),
  /** Mobile ions of the layer, at most two species (electrical/ions.ts). */
  ions: Type.Optional(Type.Array(IonElectricalSpec, { maxItems: 2 })),
  /**
   * Composition grading (SCAPS's graded layers): the listed parameters change linearly across the
   * layer from the layer's own value at its front face to `back`'s value at its back face.
   */
  grading: Type.Optional(LayerGradingSpec),
  /**
   * false: the layer absorbs light (the optics counts it, as parasitic absorption) but makes no free
   * carriers, whatever the generation kind (SIMsalabim's layerGen = 0). Default true.
   */
  generatesCarriers: Type.Optional(Type.Boolean()),
  /** CT-state dissociation of an organic blend (its generation is of bound pairs). */
  ctDissociation: Type.Optional(CtDissociationElectricalSpec),
  /** Excitons that diffuse to the donor/acceptor interface of a planar heterojunction. */
  excitonDiffusion: Type.Optional(
    Type.Object(
      {
        diffusionLengthNm: Num('layers[].electrical.excitonDiffusion.diffusionLengthNm'),
        lifetimeS: Num('layers[].electrical.excitonDiffusion.lifetimeS'),
      },
      { additionalProperties: false },
    ),
  ),
});
export type LayerElectricalSpec = Static<typeof LayerElectricalSpec>;

/** The parameter list (names, units, form groups, rules), for forms and the material library. */
export { LAYER_FIELDS, type LayerField, type LayerFieldKey } from '@pvforge/engine/spec-check';

/** Recombination (and optionally thermionic emission) at the interface between two adjacent electrical layers. */
export const InterfaceElectricalSpec = Type.Object(
  {
    /** Names of the two layers, front one first. */
    between: Type.Tuple([Type.String({ minLength: 1 }), Type.String({ minLength: 1 })]),
    /**
     * Interface recombination velocities sNCmPerS, sPCmPerS (cm/s), or an interface trap density
     * ntCm2 (cm^-2) with cross-sections sigmaNCm2, sigmaPCm2 (cm^2) and thermal velocity vthCmPerS
     * (cm/s); the trap level etMinusEmidEV (eV) relative to the mid-gap of the interface gap.
     */
    ...(Object.fromEntries(
      INTERFACE_FIELDS.map((f) => [f.key, Type.Optional(Num(`electrical.interfaces[].${f.key}`))]),
    ) as {
      [K in (typeof INTERFACE_FIELDS)[number]['key']]: TOptional<TNumber>;
    }),
    /** Thermionic emission over the band offsets (transfer velocities vNCmPerS, vPCmPerS, cm/s, default 1e7). */
    thermionic: Type.Optional(
      Type.Object(
        Object.fromEntries(
          THERMIONIC_FIELDS.map((f) => [f.key, Type.Optional(Num(`electrical.interfaces[].thermionic.${f.key}`))]),
        ) as {
          [K in (typeof THERMIONIC_FIELDS)[number]['key']]: TOptional<TNumber>;
        },
        { additionalProperties: false },
      ),
    ),
    /**
     * A thin interlayer the carriers tunnel through (TOPCon's SiOx): thicknessNm, the barrier of
     * each band above its edge (barrierElectronEV, barrierHoleEV) and the tunnelling masses
     * (massElectronRel, massHoleRel, in m0). Makes the interface a two-node (thermionic) one.
     */
    tunnelOxide: Type.Optional(
      Type.Object(
        Object.fromEntries(
          TUNNEL_OXIDE_FIELDS.map((f) => [f.key, Num(`electrical.interfaces[].tunnelOxide.${f.key}`)]),
        ) as {
          [K in (typeof TUNNEL_OXIDE_FIELDS)[number]['key']]: TNumber;
        },
        { additionalProperties: false },
      ),
    ),
    /** Defect sheets at the interface. */
    defects: Type.Optional(Type.Array(InterfaceDefectSpec, { maxItems: MAX_DEFECTS_PER_PLACE })),
  },
  { additionalProperties: false },
);
export type InterfaceElectricalSpec = Static<typeof InterfaceElectricalSpec>;

/** A contact: ohmic (flat band) or Schottky (work function); surface recombination velocities, null = infinite. */
export const ContactElectricalSpec = Type.Object(
  {
    kind: Type.Union([Type.Literal('ohmic'), Type.Literal('schottky')]),
    /** Metal work function, eV (schottky only, required there). */
    workFunctionEV: Type.Optional(Num('electrical.contacts.*.workFunctionEV')),
    /** cm/s; null or absent = infinite (the carriers are at equilibrium with the metal). */
    sNCmPerS: Type.Optional(Type.Union([Num('electrical.contacts.*.sNCmPerS'), Type.Null()])),
    sPCmPerS: Type.Optional(Type.Union([Num('electrical.contacts.*.sPCmPerS'), Type.Null()])),
  },
  { additionalProperties: false },
);
export type ContactElectricalSpec = Static<typeof ContactElectricalSpec>;

/** Where the generation rate of the electrical layers comes from. */
export const GenerationElectricalSpec = Type.Union([
  /** G(x) from the optical engine (transfer matrix) in the same run: default when `illumination` is given. */
  Type.Object({ kind: Type.Literal('optical') }, { additionalProperties: false }),
  /** The same rate in every electrical layer, cm^-3 s^-1. */
  Type.Object(
    { kind: Type.Literal('uniform'), gCm3PerS: Num('electrical.generation.gCm3PerS') },
    { additionalProperties: false },
  ),
  /**
   * Beer-Lambert absorption of the illumination spectrum entering the first electrical layer
   * (layers in front of it taken as transparent), alpha = 4 pi k / lambda of each layer's n,k,
   * after a front reflectance (fraction, default 0); no interference, no back reflection.
   */
  Type.Object(
    {
      kind: Type.Literal('beer-lambert'),
      reflectance: Type.Optional(Num('electrical.generation.reflectance')),
    },
    { additionalProperties: false },
  ),
  /**
   * A generation profile given as numbers (a SIMsalabim generation-profile file): G at depths xNm
   * from the front face of the first electrical layer, strictly increasing and covering the
   * electrical layers, linearly interpolated onto the mesh.
   */
  Type.Object(
    {
      kind: Type.Literal('profile'),
      xNm: Type.Array(Type.Number({ minimum: 0 }), { minItems: 2, maxItems: 100000 }),
      gCm3PerS: Type.Array(Type.Number({ minimum: 0 }), { minItems: 2, maxItems: 100000 }),
    },
    { additionalProperties: false },
  ),
  /** No generation: the dark J-V only. Default without `illumination`. */
  Type.Object({ kind: Type.Literal('dark') }, { additionalProperties: false }),
]);
export type GenerationElectricalSpec = Static<typeof GenerationElectricalSpec>;

const SEG = 'electrical.transient.segments[].';
/** One piece of a transient protocol (the engine's device/transient.ts). */
export const TransientSegmentSpec = Type.Union([
  /** A linear scan to toV at rateVPerS (default: the protocol's rateVPerS). */
  Type.Object(
    { kind: Type.Literal('scan'), toV: Num(`${SEG}toV`), rateVPerS: Type.Optional(Num(`${SEG}rateVPerS`)) },
    { additionalProperties: false },
  ),
  /** The voltage held for durationS, after a step to voltageV when given (preconditioning, J(t) of a step). */
  Type.Object(
    { kind: Type.Literal('hold'), durationS: Num(`${SEG}durationS`), voltageV: Type.Optional(Num(`${SEG}voltageV`)) },
    { additionalProperties: false },
  ),
  /** The light switched on or off, the voltage held (transient photocurrent). */
  Type.Object(
    { kind: Type.Literal('light'), on: Type.Boolean(), durationS: Num(`${SEG}durationS`) },
    { additionalProperties: false },
  ),
  /** Open circuit for durationS, the light optionally switched at its start (transient photovoltage). */
  Type.Object(
    { kind: Type.Literal('open-circuit'), durationS: Num(`${SEG}durationS`), light: Type.Optional(Type.Boolean()) },
    { additionalProperties: false },
  ),
]);
export type TransientSegmentSpec = Static<typeof TransientSegmentSpec>;

/** A transient protocol, from the steady state (ions equilibrated) at initialV. */
export const TransientElectricalSpec = Type.Object(
  {
    initialV: Num('electrical.transient.initialV'),
    /** Light at the start (default: on when the device is illuminated). */
    initialLight: Type.Optional(Type.Boolean()),
    /** Scan rate of the scans that do not give their own, V/s. */
    rateVPerS: Type.Optional(Num('electrical.transient.rateVPerS')),
    segments: Type.Array(TransientSegmentSpec, { minItems: 1, maxItems: 200 }),
    /** Samples saved over the whole protocol (spec §9: step = time / (points - 1); default 201). */
    points: Type.Optional(Int('electrical.transient.points')),
    /** Times at which to keep profiles, s. */
    profileTimesS: Type.Optional(Type.Array(Num('electrical.transient.profileTimesS[]'), { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type TransientElectricalSpec = Static<typeof TransientElectricalSpec>;

/** A small-signal impedance spectrum about the steady state at voltageV (log-spaced frequencies). */
export const ImpedanceElectricalSpec = Type.Object(
  {
    voltageV: Num('electrical.impedance.voltageV'),
    startHz: Type.Optional(Num('electrical.impedance.startHz')),
    stopHz: Type.Optional(Num('electrical.impedance.stopHz')),
    points: Type.Optional(Int('electrical.impedance.points')),
  },
  { additionalProperties: false },
);
export type ImpedanceElectricalSpec = Static<typeof ImpedanceElectricalSpec>;

/**
 * C-V: the capacitance at frequencyHz over DC voltages startV..stopV in steps of stepV, with the
 * Mott-Schottky line fitted over fitFromV..fitToV (default: the reverse-bias part of the sweep)
 * using the permittivity of fitLayer (default: the thickest electrical layer).
 */
export const CapacitanceVoltageSpec = Type.Object(
  {
    frequencyHz: Num('electrical.capacitanceVoltage.frequencyHz'),
    startV: Num('electrical.capacitanceVoltage.startV'),
    stopV: Num('electrical.capacitanceVoltage.stopV'),
    stepV: Num('electrical.capacitanceVoltage.stepV'),
    fitFromV: Type.Optional(Num('electrical.capacitanceVoltage.fitFromV')),
    fitToV: Type.Optional(Num('electrical.capacitanceVoltage.fitToV')),
    fitLayer: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false },
);
export type CapacitanceVoltageSpec = Static<typeof CapacitanceVoltageSpec>;

/** C-f: the capacitance over log-spaced frequencies at voltageV (defaults 10 Hz to 10 MHz, 41 points). */
export const CapacitanceFrequencySpec = Type.Object(
  {
    voltageV: Num('electrical.capacitanceFrequency.voltageV'),
    startHz: Type.Optional(Num('electrical.capacitanceFrequency.startHz')),
    stopHz: Type.Optional(Num('electrical.capacitanceFrequency.stopHz')),
    points: Type.Optional(Int('electrical.capacitanceFrequency.points')),
  },
  { additionalProperties: false },
);
export type CapacitanceFrequencySpec = Static<typeof CapacitanceFrequencySpec>;

/**
 * A monolithic two-terminal tandem (engine/tandem): the layers' `subcell` says which layers form
 * the top and bottom cells; the engine's check names every mistake (tandem/check.ts).
 */
export const TandemElectricalSpec = Type.Object(
  {
    /** Also solve the whole stack as one drift-diffusion device with its junction (default false). */
    fullStack: Type.Optional(Type.Boolean()),
    /** Current matching: the subcell photocurrents with one top-cell layer's thickness swept (optics only). */
    thicknessSweep: Type.Optional(
      Type.Object(
        {
          layer: Type.String({ minLength: 1, maxLength: 100 }),
          fromNm: Num('electrical.tandem.thicknessSweep.fromNm'),
          toNm: Num('electrical.tandem.thicknessSweep.toNm'),
          points: Int('electrical.tandem.thicknessSweep.points'),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type TandemElectricalSpec = Static<typeof TandemElectricalSpec>;

/** Which subcell of a tandem a layer belongs to; 'junction' layers exist only in the whole-stack run. */
export const TandemSubcellSpec = Type.Union([Type.Literal('top'), Type.Literal('junction'), Type.Literal('bottom')]);

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
    rsOhmCm2: Type.Optional(Num('electrical.rsOhmCm2')),
    /** External shunt resistance, Ohm cm^2; null or absent = no shunt. */
    rshOhmCm2: Type.Optional(Type.Union([Num('electrical.rshOhmCm2'), Type.Null()])),
    /** Default 300 K. */
    temperatureK: Type.Optional(Num('electrical.temperatureK')),
    /** Carrier statistics, default 'boltzmann'. */
    statistics: Type.Optional(Type.Union([Type.Literal('boltzmann'), Type.Literal('fermi-dirac')])),
    /** Terminal voltages startV, startV + stepV, ... up to stopV (included), V; stepV != 0. */
    voltageSweep: Type.Object(
      {
        startV: Num('electrical.voltageSweep.startV'),
        stopV: Num('electrical.voltageSweep.stopV'),
        stepV: Num('electrical.voltageSweep.stepV'),
      },
      { additionalProperties: false },
    ),
    /** When the light J-V ends below Voc, keep stepping until J changes sign (default false: a warning). */
    extendToVoc: Type.Optional(Type.Boolean()),
    /** Biases, V, at which to keep band diagrams and rates, besides 0 V, maximum power and Voc. */
    profileBiasesV: Type.Optional(Type.Array(Num('electrical.profileBiasesV[]'), { maxItems: 50 })),
    /** Default: 'optical' when `illumination` is given, else 'dark'. */
    generation: Type.Optional(GenerationElectricalSpec),
    /**
     * Total mesh nodes shared among layers without their own gridPoints (default 400; users are
     * advised <= 600); an integer from 3 to MAX_NODES, judged by the engine's check.
     */
    gridPoints: Type.Optional(Num('electrical.gridPoints')),
    /** Also run the dark J-V (default false). */
    darkJV: Type.Optional(Type.Boolean()),
    /**
     * EQE and IQE (optical generation only): at the optical wavelengths from the start of the grid
     * in steps of stepNm (a multiple of the optical step; default: every one), at the DC voltage
     * biasV (default 0: short circuit) under a bias light of biasLightSuns suns of the device's
     * spectrum (default 0).
     */
    eqe: Type.Optional(
      Type.Object(
        {
          stepNm: Type.Optional(Num('electrical.eqe.stepNm')),
          biasLightSuns: Type.Optional(Num('electrical.eqe.biasLightSuns')),
          biasV: Type.Optional(Num('electrical.eqe.biasV')),
        },
        { additionalProperties: false },
      ),
    ),
    /** A transient protocol (hysteresis loops, preconditioning, steps, light switching, open circuit). */
    transient: Type.Optional(TransientElectricalSpec),
    /** A small-signal impedance spectrum. */
    impedance: Type.Optional(ImpedanceElectricalSpec),
    /** A capacitance-voltage sweep with its Mott-Schottky reading. */
    capacitanceVoltage: Type.Optional(CapacitanceVoltageSpec),
    /** A capacitance-frequency sweep with the admittance-spectroscopy view -f dC/df. */
    capacitanceFrequency: Type.Optional(CapacitanceFrequencySpec),
    /** Run the light J-V again without each defect to give what each costs (default false). */
    defectLosses: Type.Optional(Type.Boolean()),
    /** A monolithic two-terminal tandem (subcells in series, four-terminal figures, current matching). */
    tandem: Type.Optional(TandemElectricalSpec),
  },
  { additionalProperties: false },
);
export type DeviceElectricalSpec = Static<typeof DeviceElectricalSpec>;

/** The part of a DeviceSpec the electrical checks read (structural, so that any DeviceSpec fits). */
export interface ElectricalCheckInput {
  layers: { name: string; thicknessNm: number; electrical?: Record<string, unknown>; subcell?: string }[];
  electrical?: DeviceElectricalSpec;
  illumination?: { wavelength?: { stepNm: number } };
}

export { MAX_SWEEP_POINTS } from '@pvforge/engine/spec-check';

/**
 * The engine's check of the electrical part (errors and warnings); both empty when the device is
 * not electrical or is fine. Each names its field (`layers[3] "MAPbI3".electrical.muNCm2PerVs`) and the rule by code.
 */
export function checkElectricalIssues(spec: ElectricalCheckInput): ElectricalCheckIssues {
  return checkDeviceElectricalCoded(spec as Parameters<typeof checkDeviceElectricalCoded>[0]);
}
