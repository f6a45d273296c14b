/**
 * From a DeviceSpec's electrical part to the drift-diffusion solver's ElectricalDevice: the
 * contiguous run of layers with `electrical` becomes the semiconductor stack (x = 0 at the front
 * face of the first of them, left = front), the DeviceSpec names (epsR, muNCm2PerVs, ...) become the
 * solver's (eps_r, mu_n_cm2_Vs, ...), the contacts front/back become left/right, the sweep becomes
 * a voltage list. The generation is filled in by the caller (simulate.ts); here it is dark.
 */
import type {
  ElectricalContact,
  ElectricalDevice,
  ElectricalInterface,
  ElectricalLayer,
  ElectricalSolverOptions,
} from '../electrical/types.js';
import { checkDeviceElectrical, electricalDomain, sweepVoltages } from './check.js';
import {
  type ContactElectricalLike,
  DeviceSpecInputError,
  type ElectricalDeviceSpecLike,
  type InterfaceElectricalLike,
  type LayerElectricalLike,
} from './types.js';

function layer(name: string, thicknessNm: number, e: LayerElectricalLike): ElectricalLayer {
  const out: ElectricalLayer = {
    name,
    thickness_nm: thicknessNm,
    eps_r: e.epsR!,
    chi_eV: e.chiEV!,
    Eg_eV: e.egEV!,
    Nc_cm3: e.ncCm3!,
    Nv_cm3: e.nvCm3!,
    mu_n_cm2_Vs: e.muNCm2PerVs!,
    mu_p_cm2_Vs: e.muPCm2PerVs!,
    Nd_cm3: e.ndCm3 ?? 0,
    Na_cm3: e.naCm3 ?? 0,
  };
  if (e.tauNS !== undefined && e.tauPS !== undefined) {
    out.srh = { tau_n_s: e.tauNS, tau_p_s: e.tauPS };
    if (e.etMinusEiEV !== undefined) out.srh.Et_minus_Ei_eV = e.etMinusEiEV;
  } else if (e.ntCm3 !== undefined && e.sigmaNCm2 !== undefined && e.sigmaPCm2 !== undefined) {
    out.srh = { Nt_cm3: e.ntCm3, sigma_n_cm2: e.sigmaNCm2, sigma_p_cm2: e.sigmaPCm2 };
    if (e.vthCmPerS !== undefined) out.srh.vth_cm_s = e.vthCmPerS;
    if (e.etMinusEiEV !== undefined) out.srh.Et_minus_Ei_eV = e.etMinusEiEV;
  }
  if (e.kRadCm3PerS !== undefined) out.k_rad_cm3_s = e.kRadCm3PerS;
  if (e.cnCm6PerS !== undefined) out.Cn_cm6_s = e.cnCm6PerS;
  if (e.cpCm6PerS !== undefined) out.Cp_cm6_s = e.cpCm6PerS;
  if (e.gridPoints !== undefined || e.gridGrading !== undefined) {
    out.mesh = {};
    if (e.gridPoints !== undefined) out.mesh.intervals = e.gridPoints;
    if (e.gridGrading !== undefined) out.mesh.grading = e.gridGrading;
  }
  return out;
}

function contact(c: ContactElectricalLike): ElectricalContact {
  const out: ElectricalContact = { kind: c.kind };
  if (c.kind === 'schottky' && c.workFunctionEV !== undefined) out.workFunction_eV = c.workFunctionEV;
  out.S_n_cm_s = c.sNCmPerS ?? null;
  out.S_p_cm_s = c.sPCmPerS ?? null;
  return out;
}

function iface(it: InterfaceElectricalLike): ElectricalInterface {
  const out: ElectricalInterface = {};
  if (it.sNCmPerS !== undefined) out.S_n_cm_s = it.sNCmPerS;
  if (it.sPCmPerS !== undefined) out.S_p_cm_s = it.sPCmPerS;
  if (it.ntCm2 !== undefined) out.Nt_cm2 = it.ntCm2;
  if (it.sigmaNCm2 !== undefined) out.sigma_n_cm2 = it.sigmaNCm2;
  if (it.sigmaPCm2 !== undefined) out.sigma_p_cm2 = it.sigmaPCm2;
  if (it.vthCmPerS !== undefined) out.vth_cm_s = it.vthCmPerS;
  if (it.etMinusEmidEV !== undefined) out.Et_minus_Emid_eV = it.etMinusEmidEV;
  if (it.thermionic) {
    out.thermionic = {};
    if (it.thermionic.vNCmPerS !== undefined) out.thermionic.v_n_cm_s = it.thermionic.vNCmPerS;
    if (it.thermionic.vPCmPerS !== undefined) out.thermionic.v_p_cm_s = it.thermionic.vPCmPerS;
  }
  return out;
}

export interface MappedDevice {
  /** The solver's device, generation dark (the caller sets it). */
  device: ElectricalDevice;
  /** Index in spec.layers of each electrical layer (electrical layer li is optical layer domain[li]). */
  domain: number[];
  /** Depth of the front face of the first electrical layer below the front of the stack, nm. */
  offsetNm: number;
}

/**
 * Maps a device with an `electrical` block; throws DeviceSpecInputError (messages naming layer and
 * field) when the electrical part is incomplete or invalid.
 */
export function deviceToElectrical(spec: ElectricalDeviceSpecLike): MappedDevice {
  const el = spec.electrical;
  if (!el) throw new DeviceSpecInputError(['electrical: missing: the device has no electrical block (optical only)']);
  const errors = checkDeviceElectrical(spec);
  if (errors.length > 0) throw new DeviceSpecInputError(errors);
  const domain = electricalDomain(spec);
  const layers = domain.map((j) =>
    layer(spec.layers[j]!.name, spec.layers[j]!.thicknessNm, spec.layers[j]!.electrical!),
  );
  const names = layers.map((l) => l.name);
  const interfaces: (ElectricalInterface | undefined)[] = new Array(Math.max(layers.length - 1, 0)).fill(undefined);
  for (const it of el.interfaces ?? []) interfaces[names.indexOf(it.between[0])] = iface(it);
  const options: ElectricalSolverOptions = {};
  if (el.gridPoints !== undefined) options.nodes = el.gridPoints;
  if (el.statistics !== undefined) options.statistics = el.statistics;
  if (el.extendToVoc !== undefined) options.extendToVoc = el.extendToVoc;
  if (el.profileBiasesV !== undefined) options.profileBiases_V = el.profileBiasesV;
  let offsetNm = 0;
  for (let j = 0; j < domain[0]!; j++) offsetNm += spec.layers[j]!.thicknessNm;
  const device: ElectricalDevice = {
    layers,
    interfaces,
    contacts: {
      left: contact(el.contacts.front),
      right: contact(el.contacts.back),
      anode: el.contacts.anode === 'front' ? 'left' : 'right',
    },
    Rs_ohm_cm2: el.rsOhmCm2 ?? 0,
    Rsh_ohm_cm2: el.rshOhmCm2 ?? null,
    T_K: el.temperatureK ?? 300,
    generation: { kind: 'dark' },
    voltage_V: sweepVoltages(el.voltageSweep),
    options,
  };
  return { device, domain, offsetNm };
}
