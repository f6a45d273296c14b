/**
 * From a DeviceSpec's electrical part to the drift-diffusion solver's ElectricalDevice: the
 * contiguous run of layers with `electrical` becomes the semiconductor stack (x = 0 at the front
 * face of the first of them, left = front), each parameter is renamed through the one field list
 * (electrical/fields.ts: epsR -> eps_r, muNCm2PerVs -> mu_n_cm2_Vs, ...), the contacts front/back
 * become left/right, the sweep becomes a voltage list. The generation is filled in by the caller
 * (simulate.ts); here it is dark.
 *
 * The map judges nothing and never calls the check: an entry point checks the DeviceSpec first
 * (check.ts, which runs the solver's own rules on this mapping) and maps it only when it passes
 * (deviceToElectrical in simulate.ts, the tandem runner). The one refusal here is what only a run
 * can see: a layer taking its k_rad from a library n,k table that cannot give it (the check has no
 * tables; the server refuses it before queuing with kRadFromAbsorptionIssues).
 */
import { KB_J_K, Q_C } from '../constants.js';
import {
  CONTACT_FIELDS,
  INTERFACE_FIELDS,
  LAYER_FIELDS,
  THERMIONIC_FIELDS,
  TUNNEL_OXIDE_FIELDS,
} from '../electrical/fields.js';
import type {
  ElectricalContact,
  ElectricalDevice,
  ElectricalInterface,
  ElectricalLayer,
  ElectricalSolverOptions,
  GradedLayerValues,
  IonSpecies,
} from '../electrical/types.js';
import { checkLine } from '../messages/device-check.js';
import type { EngineMessage } from '../messages/index.js';
import type { DeviceOpticsAssets } from '../optics/optical-model.js';
import { bulkDefect, type DefectGap, interfaceDefect, interfaceGap } from './defects-map.js';
import { electricalDomain, gapOf, sweepSteppable, sweepVoltages } from './electrical-spec.js';
import { kRadAbsorptionIssue, kRadFromAbsorptionChosen, layerKRadFromAbsorption } from './radiative-absorption.js';
import {
  type ContactElectricalLike,
  type DeviceElectricalLike,
  DeviceSpecInputError,
  type ElectricalDeviceSpecLike,
  type InterfaceElectricalLike,
  type IonElectricalLike,
  type LayerElectricalLike,
} from './types.js';

/** Copies the fields of a table from DeviceSpec names to solver names. */
function renamed(
  table: readonly { key: string; solver: string }[],
  from: object,
  into: Record<string, unknown>,
): Record<string, unknown> {
  const src = from as Record<string, unknown>;
  for (const f of table) if (src[f.key] !== undefined) into[f.solver] = src[f.key];
  return into;
}

function layer(name: string, thicknessNm: number, e: LayerElectricalLike, T_K: number): ElectricalLayer {
  const out = renamed(LAYER_FIELDS, e, { name, thickness_nm: thicknessNm }) as unknown as ElectricalLayer;
  if (Array.isArray(e.ions) && e.ions.length > 0) out.ions = e.ions.map((ion) => ionAt(ion, T_K));
  if (Array.isArray(e.defects) && e.defects.length > 0) {
    // levels placed in the gap of the layer's own (front-face) values; a graded layer moves them
    // with the band edge they were given from (electrical/models/grading.ts)
    const gap = gapOf(e, T_K);
    const graded = e.grading !== undefined && Object.keys(e.grading.back).length > 0;
    out.defects = e.defects.map((d) => bulkDefect(d, gap, graded));
  }
  if (e.grading && Object.keys(e.grading.back).length > 0)
    out.graded = { law: e.grading.law, back: renamed(LAYER_FIELDS, e.grading.back, {}) as GradedLayerValues };
  if (e.excitonDiffusion)
    out.exciton_diffusion = { L_nm: e.excitonDiffusion.diffusionLengthNm, tau_s: e.excitonDiffusion.lifetimeS };
  if (e.ctDissociation) {
    const x = e.ctDissociation;
    out.exciton = { model: x.model, a_nm: x.separationNm, k_f_s: x.decayRatePerS };
    if (x.directYield !== undefined) out.exciton.P0 = x.directYield;
    if (x.distribution !== undefined) out.exciton.distribution = x.distribution;
  }
  return out;
}

/**
 * A species at the device temperature: the diffusion coefficient is thermally activated,
 * D(T) = D(T_ref) exp(-Ea/k (1/T - 1/T_ref)) (Eames et al., Nat. Commun. 6, 7497 (2015)).
 */
function ionAt(ion: IonElectricalLike, T_K: number): IonSpecies {
  const Tref = ion.referenceTemperatureK ?? 300;
  const Ea = ion.activationEnergyEV ?? 0;
  const kB_eV = KB_J_K / Q_C;
  return {
    N_ion_cm3: ion.densityCm3,
    D_ion_cm2_s: ion.diffusionCm2PerS * Math.exp((-Ea / kB_eV) * (1 / T_K - 1 / Tref)),
    sign: ion.sign,
  };
}

function contact(c: ContactElectricalLike): ElectricalContact {
  const out = renamed(CONTACT_FIELDS, c, {}) as unknown as ElectricalContact;
  // null or absent: infinite surface recombination velocity (the carriers are at equilibrium with the metal)
  out.S_n_cm_s = c.sNCmPerS ?? null;
  out.S_p_cm_s = c.sPCmPerS ?? null;
  if (out.kind === 'ohmic') delete out.workFunction_eV;
  return out;
}

function iface(it: InterfaceElectricalLike, gap: DefectGap): ElectricalInterface {
  const out = renamed(INTERFACE_FIELDS, it, {}) as ElectricalInterface;
  if (Array.isArray(it.defects) && it.defects.length > 0) out.defects = it.defects.map((d) => interfaceDefect(d, gap));
  if (it.thermionic) out.thermionic = renamed(THERMIONIC_FIELDS, it.thermionic, {});
  if (it.tunnelOxide)
    out.tunnel_oxide = renamed(TUNNEL_OXIDE_FIELDS, it.tunnelOxide, {}) as ElectricalInterface['tunnel_oxide'];
  return out;
}

export interface MappedDevice {
  /** The solver's device, generation dark (the caller sets it). */
  device: ElectricalDevice;
  /** Index in spec.layers of each electrical layer (electrical layer li is optical layer domain[li]). */
  domain: number[];
  /** Depth of the front face of the first electrical layer below the front of the stack, nm. */
  offsetNm: number;
  /** What runs but may mislead, named as the DeviceSpec names its fields (check.ts). */
  warnings: EngineMessage[];
}

/**
 * A layer that takes its k_rad from its absorption (kRadFrom: 'absorption', radiative-absorption.ts)
 * gets the van Roosbroeck-Shockley value in place of the entered one. Without the assets a library
 * n,k table cannot be read: the check's own mapping leaves such a layer's k_rad as entered; with
 * them (a run) a layer whose optics has nothing to emit is refused here, in the check's words, as
 * the check refuses the inline optical models it can read itself.
 */
function withKRadFromAbsorption(
  out: ElectricalLayer,
  spec: ElectricalDeviceSpecLike,
  j: number,
  assets: DeviceOpticsAssets | undefined,
): ElectricalLayer {
  if (!kRadFromAbsorptionChosen(spec, j)) return out;
  let r: ReturnType<typeof layerKRadFromAbsorption>;
  try {
    r = layerKRadFromAbsorption(spec, j, assets);
  } catch (err) {
    // a malformed optical model: a run stops on the optics' own error; the check names it elsewhere
    if (assets) throw err;
    return out;
  }
  if (!r) return out;
  const refused = kRadAbsorptionIssue(spec, j, r);
  if (refused && assets) throw new DeviceSpecInputError([checkLine(refused)]);
  if ('kRadCm3PerS' in r) out.k_rad_cm3_s = r.kRadCm3PerS;
  return out;
}

/**
 * The mapping without any check: what the checks themselves run on (check.ts), so that the
 * solver's rules are judged once, on the solver's device. `assets` (the n,k tables by id) lets a
 * layer take its k_rad from a library table's absorption.
 */
export function mapElectrical(spec: ElectricalDeviceSpecLike, assets?: DeviceOpticsAssets): MappedDevice {
  const el = spec.electrical!;
  const domain = electricalDomain(spec);
  const T_K = el.temperatureK ?? 300;
  const layers = domain.map((j) =>
    withKRadFromAbsorption(
      layer(spec.layers[j]!.name, spec.layers[j]!.thicknessNm, spec.layers[j]!.electrical!, T_K),
      spec,
      j,
      assets,
    ),
  );
  const names = layers.map((l) => l.name);
  const interfaces: (ElectricalInterface | undefined)[] = new Array(Math.max(layers.length - 1, 0)).fill(undefined);
  for (const it of el.interfaces ?? []) {
    const k = names.indexOf(it.between?.[0]);
    if (k >= 0 && k < interfaces.length) {
      const gap = interfaceGap(
        gapOf(spec.layers[domain[k]!]!.electrical!, T_K),
        gapOf(spec.layers[domain[k + 1]!]!.electrical!, T_K),
      );
      interfaces[k] = iface(it, gap);
    }
  }
  const options: ElectricalSolverOptions = {};
  if (el.gridPoints !== undefined) options.nodes = el.gridPoints;
  if (el.statistics !== undefined) options.statistics = el.statistics;
  if (el.extendToVoc !== undefined) options.extendToVoc = el.extendToVoc;
  if (el.profileBiasesV !== undefined) options.profileBiases_V = el.profileBiasesV;
  let offsetNm = 0;
  for (let j = 0; j < (domain[0] ?? 0); j++) offsetNm += spec.layers[j]!.thicknessNm;
  // a sweep the check refuses (e.g. 1e308 V wide: an array of that length cannot be built) is left empty
  const sweepOk = sweepSteppable(el.voltageSweep);
  const device: ElectricalDevice = {
    layers,
    interfaces,
    contacts: {
      left: contact(el.contacts?.front ?? ({} as ContactElectricalLike)),
      right: contact(el.contacts?.back ?? ({} as ContactElectricalLike)),
      anode: el.contacts?.anode === 'front' ? 'left' : 'right',
    },
    Rs_ohm_cm2: el.rsOhmCm2 ?? 0,
    Rsh_ohm_cm2: el.rshOhmCm2 ?? null,
    T_K,
    generation: solverGeneration(el.generation),
    voltage_V: sweepOk ? sweepVoltages(el.voltageSweep) : [],
    options,
  };
  return { device, domain, offsetNm, warnings: [] };
}

/**
 * The generation the solver's own check judges (values given as numbers); the optical kinds are
 * computed by the caller (simulate.ts) and are dark here.
 */
function solverGeneration(g: DeviceElectricalLike['generation']): ElectricalDevice['generation'] {
  if (g?.kind === 'uniform') return { kind: 'uniform', G_cm3_s: g.gCm3PerS };
  if (g?.kind === 'profile') return { kind: 'profile', x_nm: g.xNm, G_cm3_s: g.gCm3PerS };
  return { kind: 'dark' };
}
