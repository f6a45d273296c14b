import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapElectrical } from '../../src/device/map.js';
import type { ElectricalDeviceSpecLike } from '../../src/device/types.js';
import { layerSI } from '../../src/electrical/models/layer-si.js';
import { simulateJV } from '../../src/electrical/solvers/jv.js';
import type { ElectricalLayer } from '../../src/electrical/types.js';
import { pinDevice, VT300 } from './helpers.js';

/**
 * The holes' own thermal velocity (SCAPS gives one per carrier): with a trap density the SRH
 * lifetimes are tau_n = 1/(sigma_n v_th,n N_t) and tau_p = 1/(sigma_p v_th,p N_t), and v_th,p
 * defaults to v_th,n. The rate depends on sigma_p and v_th,p only through their product, so a J-V
 * with v_th,p doubled must equal, to rounding, the J-V with sigma_p doubled instead.
 */
const trapped = (over: Partial<ElectricalLayer>) => {
  const dev = pinDevice({ voltage_V: [0, 0.3, 0.6, 0.9, 1.1] });
  dev.layers[0] = {
    ...dev.layers[0]!,
    Nt_cm3: 1e15,
    sigma_n_cm2: 1e-15,
    sigma_p_cm2: 1e-15,
    vth_cm_s: 1e7,
    ...over,
  };
  return dev;
};

describe('hole thermal velocity', () => {
  it('sets the hole lifetime, and takes the electron one when absent', () => {
    const base = trapped({}).layers[0]!;
    const own = layerSI({ ...base, vth_p_cm_s: 4e7 }, VT300);
    // SI: sigma m^2, v m/s, N m^-3
    expect(own.tp).toBeCloseTo(1 / (1e-19 * 4e5 * 1e21), 20);
    expect(own.tn).toBeCloseTo(1 / (1e-19 * 1e5 * 1e21), 20);
    const shared = layerSI(base, VT300);
    expect(shared.tp).toBe(shared.tn);
  });

  it('enters the J-V only through sigma_p v_th,p', () => {
    const fasterHoles = simulateJV(trapped({ vth_p_cm_s: 2e7 }));
    const largerSigma = simulateJV(trapped({ sigma_p_cm2: 2e-15 }));
    const same = simulateJV(trapped({}));
    for (const r of [fasterHoles, largerSigma, same]) expect(r.converged).toBe(true);
    fasterHoles.J_mA_cm2.forEach((j, i) => {
      expect(j).toBeCloseTo(largerSigma.J_mA_cm2[i]!, 10);
    });
    // and it is not ignored: the J-V near open circuit moves when the holes are captured faster
    const last = same.J_mA_cm2.length - 1;
    expect(Math.abs(fasterHoles.J_mA_cm2[last]! - same.J_mA_cm2[last]!)).toBeGreaterThan(1e-3);
  });

  it('reaches the solver from a DeviceSpec under its registry name', () => {
    const file = join(import.meta.dirname, '../../../../assets/devices/perovskite-pin-electrical.device.json');
    const spec = JSON.parse(readFileSync(file, 'utf8')) as ElectricalDeviceSpecLike;
    const j = spec.layers.findIndex((l) => l.electrical);
    spec.layers[j]!.electrical = { ...spec.layers[j]!.electrical!, vthPCmPerS: 3e7 };
    const { device } = mapElectrical(spec);
    expect(device.layers[0]!.vth_p_cm_s).toBe(3e7);
  });
});
