import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runDeviceSimulation } from '../../src/device/simulate.js';
import type { ElectricalDeviceSpecLike } from '../../src/device/types.js';
import { assets, repoRoot } from './helpers.js';

/**
 * Issue 19: in the library device ITO / PTAA / MAPbI3 / C60 / Ag with doped transport layers the
 * electron quasi-Fermi level in PTAA lies about 0.35 eV under PTAA's conduction band at the
 * maximum-power point. docs/physics/drift-diffusion.md ("Quasi-Fermi level of the minority carrier
 * in a transport layer") explains it as the layer's own photogenerated electrons, held by local
 * balance G = k_rad n p (no lifetime given, mobility 1e-5 cm²/V s), carrying no current that
 * matters. These checks are that explanation, against independent relations rather than stored
 * numbers: local balance, the Boltzmann relation between n and EFn, the electron current.
 */
const spec = JSON.parse(
  readFileSync(join(repoRoot, 'packages/engine/test/device/fixtures/library-pin-doped.device.json'), 'utf8'),
) as ElectricalDeviceSpecLike & { layers: { name: string; electrical?: Record<string, number> }[] };
const ptaa = spec.layers.find((l) => l.name === 'PTAA')!.electrical!;
const kT = (1.380649e-23 * 300) / 1.602176634e-19;

describe('the electron quasi-Fermi level in a p-doped hole transport layer', () => {
  const res = runDeviceSimulation(spec, assets);
  const light = res.light!;
  const mpp = light.profiles.find((p) => p.label === 'maximum power')!;
  // Interior nodes of PTAA (0..20 nm from the front of the electrical domain).
  const inside = mpp.x_nm.map((x, i) => (x > 2 && x < 18 ? i : -1)).filter((i) => i >= 0);
  // Farther than three electron diffusion lengths, sqrt(kT/q mu_n tau) = 1.6 nm, from the contact
  // and from the MAPbI3 interface, where neither drains the electrons: generation and
  // recombination balance there.
  const middle = inside.filter((i) => mpp.x_nm[i]! > 6 && mpp.x_nm[i]! < 14);

  it('runs, with the figures of a working cell', () => {
    expect(light.converged).toBe(true);
    expect(light.figures!.PCE_percent).toBeGreaterThan(10);
    expect(inside.length).toBeGreaterThan(3);
  });

  it('sits a few tenths of an eV under Ec because the layer generates electrons itself, which recombine where they are', () => {
    for (const i of inside) {
      const n = mpp.n_cm3[i]!;
      // EFn is the Boltzmann reading of n: Ec - EFn = kT ln(Nc / n).
      expect(mpp.Ec_eV[i]! - mpp.EFn_eV[i]!).toBeCloseTo(kT * Math.log(ptaa.ncCm3! / n), 3);
      // Non-degenerate, yet far above the dark minority density ni²/Na (about 1e-31 cm⁻³).
      expect(mpp.Ec_eV[i]! - mpp.EFn_eV[i]!).toBeGreaterThan(0.25);
      expect(n).toBeGreaterThan(1e10);
      // n is what the layer's own generation sustains against radiative recombination with the
      // 1e18 cm⁻³ holes (lifetime 1/(k_rad p) = 100 ns; no SRH lifetime is given): G = k_rad n p.
      expect(mpp.G_cm3_s[i]!).toBeGreaterThan(1e20);
      expect(mpp.R_srh_cm3_s[i]!).toBe(0);
    }
    expect(middle.length).toBeGreaterThan(1);
    for (const i of middle) {
      const rRad = ptaa.kRadCm3PerS! * mpp.n_cm3[i]! * mpp.p_cm3[i]!;
      expect(rRad).toBeGreaterThan(0.95 * mpp.G_cm3_s[i]!);
      expect(rRad).toBeLessThan(1.01 * mpp.G_cm3_s[i]!);
    }
  });

  it('carries no current that matters: the holes carry the terminal current through PTAA', () => {
    const jTerminal = Math.abs(mpp.J_mA_cm2);
    for (const i of inside) {
      expect(Math.abs(mpp.Jn_mA_cm2[i]!)).toBeLessThan(1e-3 * jTerminal);
      expect(Math.abs(mpp.Jp_mA_cm2[i]!)).toBeGreaterThan(0.99 * jTerminal);
    }
  });

  it('follows the bands with bias: n does not change between short circuit and maximum power', () => {
    const sc = light.profiles.find((p) => p.label !== 'maximum power' && Math.abs(p.V) < 1e-9)!;
    expect(sc).toBeDefined();
    const mid = inside[Math.floor(inside.length / 2)]!;
    const j = sc.x_nm.findIndex((x) => Math.abs(x - mpp.x_nm[mid]!) < 1e-9);
    expect(sc.n_cm3[j]! / mpp.n_cm3[mid]!).toBeGreaterThan(0.9);
    expect(sc.n_cm3[j]! / mpp.n_cm3[mid]!).toBeLessThan(1.1);
    // The bands of PTAA move with the applied voltage (vacuum reference at the cathode), EFn with them.
    expect(sc.Ec_eV[j]! - mpp.Ec_eV[mid]!).toBeCloseTo(mpp.V, 1);
    expect(sc.EFn_eV[j]! - mpp.EFn_eV[mid]!).toBeCloseTo(mpp.V, 1);
  });
});
