/**
 * The scales and per-node-side band parameters of the discretised device that a physical model
 * reads to build its own data (a contact's boundary values, an interface's recombination and
 * thermionic emission). DDModel (model.ts) holds them and hands itself to those builders while it
 * is being built; naming them here lets the models depend on these fields rather than on DDModel,
 * which is built from the models.
 */
import type { ElectricalDevice } from '../types.js';
import type { Mesh } from './mesh.js';

export interface ScaledSides {
  readonly device: ElectricalDevice;
  readonly mesh: Mesh;
  /** Thermal voltage, V. */
  readonly Vt: number;
  /** Fermi-Dirac statistics (else Boltzmann). */
  readonly fd: boolean;
  /** Length and time scales, m and s. */
  readonly L0: number;
  readonly t0: number;
  /** Energy reference: the cathode's equilibrium Fermi level, eV (vacuum-level scale). */
  readonly Eref_eV: number;
  /** Per node side: theta_n - u and theta_p - u (model.ts). */
  readonly an: Float64Array;
  readonly ap: Float64Array;
  /** ln(Nc/N0), ln(Nv/N0) per node side. */
  readonly lnNc: Float64Array;
  readonly lnNv: Float64Array;
}
