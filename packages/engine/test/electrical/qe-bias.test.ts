import { describe, expect, it } from 'vitest';
import { Q_C } from '../../src/constants.js';
import { simulateJV } from '../../src/electrical/solvers/jv.js';
import { quantumEfficiency } from '../../src/electrical/solvers/quantum-efficiency.js';
import type { ElectricalDevice } from '../../src/electrical/types.js';
import { pinDevice } from './helpers.js';

/**
 * EQE under a bias light and at a bias voltage (issue 27): the lock-in's small-signal EQE is the
 * derivative of the terminal current with respect to the probe's photon flux at the DC state,
 *   EQE(V_b, G_b) = dJ(V_b; G_b + Phi g_lambda) / (q dPhi) at Phi -> 0,
 * checked against an independent reference: two full J-V sweeps (continuation from 0 V up to
 * V_b along the sweep) with the probe's profile added and subtracted, a central difference.
 */
const ALPHA = 5e4; // cm^-1: most light absorbed in the first 200 nm of the 300 nm absorber
const xNm = Array.from({ length: 301 }, (_, i) => i);
const profile = (x: number) => ALPHA * Math.exp(-ALPHA * x * 1e-7);
const lines = [{ wavelength_nm: 550, x_nm: xNm, Gper_photon_cm: xNm.map(profile) }];

/** The p-i-n absorber with the given mobility and bimolecular (radiative) coefficient. */
function absorber(mu: number, kRad: number, tau: number): ElectricalDevice {
  const d = pinDevice();
  return {
    ...d,
    layers: [{ ...d.layers[0]!, mu_n_cm2_Vs: mu, mu_p_cm2_Vs: mu, k_rad_cm3_s: kRad, tau_n_s: tau, tau_p_s: tau }],
  };
}

describe('EQE at a bias voltage under a bias light', () => {
  // collection limited (L_D ~ 50 nm at 1e-3 cm^2/Vs) and strongly bimolecular: the most nonlinear case
  const dev = absorber(1e-3, 1e-9, 1e-6);
  const Gb = 1e21;
  const bias = { kind: 'uniform' as const, G_cm3_s: Gb };

  it('equals the derivative of the J-V under monochromatic light at 0.5 V (central difference of two sweeps)', () => {
    const sweep = [0, 0.1, 0.2, 0.3, 0.4, 0.5];
    const eps = 1e13; // photons cm^-2 s^-1 of the probe in the reference runs
    const jv = (s: number) =>
      simulateJV({
        ...dev,
        generation: { kind: 'function', G: (x) => Gb + s * profile(x) },
        voltage_V: sweep,
        options: { extendToVoc: false, standardProfiles: false },
      });
    const up = jv(eps);
    const down = jv(-eps);
    expect(up.converged && down.converged).toBe(true);
    const reference = ((up.J_mA_cm2[5]! - down.J_mA_cm2[5]!) * 1e-3) / (2 * eps * Q_C);
    // under a bias light the EQE is the linear response at the lit state: the probe's flux scales
    // the step and cancels, so the default probe (1e14) gives the derivative as a weak one does
    const weak = quantumEfficiency(dev, lines, { bias, biasV: 0.5, photonFlux_cm2_s: 1e12 });
    expect(Math.abs(weak.EQE[0]! / reference - 1)).toBeLessThan(1e-5);
    const probe = quantumEfficiency(dev, lines, { bias, biasV: 0.5 });
    expect(Math.abs(probe.EQE[0]! / reference - 1)).toBeLessThan(1e-5);
    // the bias voltage matters: at short circuit the same light is collected better
    const short = quantumEfficiency(dev, lines, { bias, photonFlux_cm2_s: 1e12 });
    expect(short.EQE[0]!).toBeGreaterThan(1.2 * reference);
    // and so does the bias light: the derivative of the dark J-V at 0.5 V is another number
    const dark = quantumEfficiency(dev, lines, { biasV: 0.5, photonFlux_cm2_s: 1e12 });
    expect(Math.abs(dark.EQE[0]! / reference - 1)).toBeGreaterThan(0.1);
  }, 60_000);

  it('a bias light given per mesh node is the same bias as the uniform one', () => {
    const nodes = simulateJV({ ...dev, options: { extendToVoc: false, standardProfiles: false } }).mesh.x_nm.length;
    const perNode = quantumEfficiency(dev, lines, {
      bias: { kind: 'mesh', G_cm3_s: Array(nodes).fill(Gb) },
      biasV: 0.5,
    });
    const uniform = quantumEfficiency(dev, lines, { bias, biasV: 0.5 });
    expect(Math.abs(perNode.EQE[0]! / uniform.EQE[0]! - 1)).toBeLessThan(1e-9);
  }, 30_000);

  it('bias light leaves a device without bimolecular recombination nearly alone and lowers it with strong radiative recombination', () => {
    // SRH of the intrinsic absorber, np/(tau (n + p)), is of degree one in the carrier densities:
    // the extra carriers of the probe recombine at a rate that does not grow with the bias light's.
    // Radiative recombination k n p is of degree two: the bias light's carriers shorten the probe
    // carriers' lifetime 1/(k (n + p)), so fewer are collected.
    const at = (d: ElectricalDevice, G: number) =>
      quantumEfficiency(d, lines, {
        bias: G > 0 ? { kind: 'uniform', G_cm3_s: G } : { kind: 'dark' },
        photonFlux_cm2_s: 1e12,
      }).EQE[0]!;
    const srh = absorber(1e-2, 0, 1e-7);
    const srhChange = Math.abs(at(srh, 1e22) / at(srh, 0) - 1);
    const rad = absorber(1e-3, 1e-9, 1e-3);
    const rad0 = at(rad, 0);
    const rad1 = at(rad, 1e21);
    const rad10 = at(rad, 1e22);
    expect(rad1).toBeLessThan(0.95 * rad0);
    expect(rad10).toBeLessThan(0.6 * rad1);
    // the fall with bimolecular recombination is tens of times what SRH alone makes of ten times the light
    expect(1 - rad10 / rad0).toBeGreaterThan(20 * srhChange);
  }, 60_000);
});
