import { describe, expect, it } from 'vitest';
import { runDeviceSimulation } from '../../src/device/simulate.js';
import { fastDevice } from '../fit/helpers.js';
import { assets } from './helpers.js';

/**
 * A DeviceSpec's EQE under a bias light and at a bias voltage (electrical.eqe.biasLightSuns and
 * biasV, issue 27). The bias light is the device's own illumination scaled, so the EQE at the
 * bias state, integrated over that illumination's photon flux, is the derivative of the light J-V
 * with respect to the intensity at that voltage:
 *   dJ/dX (V_b, X_b) = sum_lambda q Phi(lambda) EQE(lambda; V_b, X_b)   (X in suns),
 * checked against a central difference of two light J-V runs at X_b +- 1 % (an independent
 * reference: the whole spectrum at once, no probe).
 */
// biome-ignore lint/suspicious/noExplicitAny: tests edit the JSON freely
function device(eqe: Record<string, number>): any {
  const d = fastDevice();
  // a coarser optical grid: one EQE run per wavelength, the J-V on the same grid
  d.illumination.wavelength.stepNm = 10;
  d.layers[3].electrical.tauNS = 1e-8;
  d.layers[3].electrical.tauPS = 1e-8;
  d.layers[3].electrical.muNCm2PerVs = 1e-3;
  d.layers[3].electrical.muPCm2PerVs = 1e-3;
  d.electrical.eqe = eqe;
  return d;
}

describe('DeviceSpec EQE with bias light and bias voltage', () => {
  it('integrated over the spectrum, is the intensity derivative of the light J-V at the bias voltage', () => {
    const Vb = 0.8;
    const Xb = 1;
    const eqe = runDeviceSimulation(device({ biasLightSuns: Xb, biasV: Vb }), assets, { eqeOnly: true }).eqe!;
    expect(eqe.failedWavelengthNm).toBeUndefined();
    const J = (X: number) => {
      const d = device({});
      d.illumination.suns = X;
      const r = runDeviceSimulation(d, assets, { fitVoltagesV: [Vb] }).light!;
      expect(r.converged).toBe(true);
      return r.J_mA_cm2[0]!;
    };
    const dX = 0.01;
    const reference = (J(Xb + dX) - J(Xb - dX)) / (2 * dX); // mA/cm^2 per sun
    // jscFromEqe is sum q Phi EQE over the 1-sun spectrum: the same derivative from the probes
    // the probe's forward difference (1e14 photons cm^-2 s^-1 per wavelength on a bias of ~1e17
    // absorbed) leaves a first-order term of order 1e-4; the optics and mesh are the same in both
    expect(Math.abs(eqe.jscFromEqeMaCm2! / reference - 1)).toBeLessThan(1e-3);
    // short circuit without bias light is another number (the module's default, unchanged)
    const plain = runDeviceSimulation(device({}), assets, { eqeOnly: true }).eqe!;
    expect(plain.jscFromEqeMaCm2!).toBeGreaterThan(1.1 * eqe.jscFromEqeMaCm2!);
  }, 120_000);

  it('in the dark at reverse bias, every wavelength converges and collection only improves on 0 V', () => {
    // a slow absorber (1e-3 cm^2/(V s), 10 ns): at -1 V the stronger field collects more of what is
    // generated; the probe at 850 nm, absorbed only in the contact layers, once stalled on its way
    // from 0 V to -1 V (now each wavelength starts from its neighbour's state)
    const at = (biasV: number) => runDeviceSimulation(device({ stepNm: 10, biasV }), assets, { eqeOnly: true }).eqe!;
    const short = at(0);
    for (const biasV of [-1, -2]) {
      const rev = at(biasV);
      expect(rev.failedWavelengthNm, `${biasV} V`).toBeUndefined();
      expect(rev.wavelengthNm).toEqual(short.wavelengthNm);
      rev.eqe.forEach((q, i) => {
        expect(q, `${rev.wavelengthNm[i]} nm at ${biasV} V`).toBeGreaterThanOrEqual(short.eqe[i]! - 1e-9);
      });
      // inside the absorber's band the gain is real, not rounding
      const k = rev.wavelengthNm.indexOf(500);
      expect(rev.eqe[k]! / short.eqe[k]!).toBeGreaterThan(1.05);
    }
  }, 120_000);

  it('says what it cannot scale: a bias light on a device at 0 suns', () => {
    const d = device({ biasLightSuns: 1 });
    d.illumination.suns = 0;
    expect(() => runDeviceSimulation(d, assets, { eqeOnly: true })).toThrow(
      /electrical\.eqe\.biasLightSuns: .*illumination\.suns is 0/,
    );
  });
});
