import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ElectricalDevice, ElectricalLayer } from '../../src/electrical/types.js';
import type { BenchCase } from '../../src/validation/types.js';

export const CASES_DIR = join(import.meta.dirname, '..', '..', '..', '..', 'assets', 'validation', 'cases', 'dd');

export function loadCases(): BenchCase[] {
  return readdirSync(CASES_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(CASES_DIR, f), 'utf8')) as BenchCase);
}

export function loadCase(id: string): BenchCase {
  return JSON.parse(readFileSync(join(CASES_DIR, `${id}.json`), 'utf8')) as BenchCase;
}

export const VT300 = (1.380649e-23 * 300) / 1.602176634e-19;

/** Silicon layer (Nc, Nv, Eg as in the analytic cases). */
export function siLayer(name: string, thickness_nm: number, over: Partial<ElectricalLayer>): ElectricalLayer {
  return {
    name,
    thickness_nm,
    eps_r: 11.7,
    chi_eV: 4.05,
    Eg_eV: 1.12,
    Nc_cm3: 2.8e19,
    Nv_cm3: 1.04e19,
    mu_n_cm2_Vs: 1000,
    mu_p_cm2_Vs: 400,
    Nd_cm3: 0,
    Na_cm3: 0,
    ...over,
  };
}

/** A symmetric p-i-n cell with one intrinsic absorber and selective Schottky contacts. */
export function pinDevice(over: Partial<ElectricalDevice> = {}): ElectricalDevice {
  return {
    layers: [
      {
        name: 'absorber',
        thickness_nm: 300,
        eps_r: 10,
        chi_eV: 4,
        Eg_eV: 1.5,
        Nc_cm3: 1e19,
        Nv_cm3: 1e19,
        mu_n_cm2_Vs: 1,
        mu_p_cm2_Vs: 1,
        Nd_cm3: 0,
        Na_cm3: 0,
      },
    ],
    contacts: {
      left: { kind: 'schottky', workFunction_eV: 5.4 },
      right: { kind: 'schottky', workFunction_eV: 4.1 },
      anode: 'left',
    },
    T_K: 300,
    generation: { kind: 'uniform', G_cm3_s: 1e21 },
    voltage_V: [0],
    ...over,
  };
}
