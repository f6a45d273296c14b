import { describe, expect, it } from 'vitest';
import { runDeviceSimulation } from '../../src/device/simulate.js';
import { simulateJV } from '../../src/electrical/solvers/jv.js';
import type { ElectricalDevice } from '../../src/electrical/types.js';
import { runDeviceOptics } from '../../src/optics/device.js';
import { generationProfile } from '../../src/optics/simulate.js';
import { jscFromEqe, parseSpectrumCsv, resampleSpectrum } from '../../src/spectra/index.js';
import { assets, fixture, perfectExtraction } from './helpers.js';

const Q = 1.602176634e-19;
const rel = (a: number, b: number) => Math.abs(a / b - 1);

/** q * integral of G (cm^-3 s^-1) over x (nm), composite Simpson on a uniform grid, mA/cm^2. */
function simpsonMaCm2(xNm: number[], G: ArrayLike<number>): number {
  const n = xNm.length - 1;
  const h = (xNm[n]! - xNm[0]!) / n;
  let s = G[0]! + G[n]!;
  for (let i = 1; i < n; i++) s += (i % 2 ? 4 : 2) * G[i]!;
  return ((s * h) / 3) * 1e-7 * Q * 1e3;
}

describe('coupled optics + drift-diffusion run of a DeviceSpec', () => {
  it('perfect extraction: Jsc = q int G over the electrical layers = the sum of their optical photocurrents', () => {
    const spec = perfectExtraction();
    const r = runDeviceSimulation(spec, assets);
    expect(r.light?.converged, r.light?.error?.text).toBe(true);
    const jsc = r.light!.J_mA_cm2[0]!;
    expect(r.light!.V[0]).toBe(0);
    // independent reference 1: the optics' per-layer photocurrents (A_j from the transfer matrix)
    const optics = runDeviceOptics(spec, assets).report;
    const jOpt = [2, 3, 4].reduce((s, j) => s + optics.layers[j]!.jphMaCm2, 0);
    expect(r.generation.jOpticalMaCm2).toBeCloseTo(jOpt, 12);
    expect(rel(jsc, jOpt)).toBeLessThan(1e-3);
    // the solver collects exactly what it was given on its mesh
    expect(rel(jsc, r.generation.jGenerationMaCm2)).toBeLessThan(1e-6);
    expect(rel(jsc, r.light!.recombination.generation[0]!)).toBeLessThan(1e-6);
    // independent reference 2: G(x) on a fine uniform grid from the front face of PTAA (optical
    // layer 2, 150 nm of ITO behind 1 mm of glass in front), Simpson-integrated
    const res = runDeviceOptics(spec, assets).result;
    const dTotal = 10 + 500 + 25;
    const perLayer = [10, 500, 25].map((d, li) => {
      const x0 = [0, 10, 510][li]!;
      const x = Array.from({ length: 2001 }, (_, i) => x0 + (d * i) / 2000);
      // interior points only belong unambiguously to the layer: nudge the faces inwards
      x[0] = x0 + 1e-9;
      x[2000] = x0 + d - 1e-9;
      return simpsonMaCm2(x, generationProfile(res, x, 2));
    });
    const jSimpson = perLayer.reduce((s, v) => s + v, 0);
    expect(dTotal).toBe(535);
    expect(rel(jSimpson, jOpt)).toBeLessThan(1e-5);
    [2, 3, 4].forEach((j, k) => {
      expect(rel(perLayer[k]!, optics.layers[j]!.jphMaCm2)).toBeLessThan(1e-5);
    });
  });

  it('G on the electrical mesh is the optical G at the nodes (the right layers, the right offset)', () => {
    const spec = perfectExtraction();
    const r = runDeviceSimulation(spec, assets);
    const res = runDeviceOptics(spec, assets).result;
    // the optics' own mesh evaluation, x from the front face of optical layer 2 (PTAA); the back
    // contact node is taken just inside PCBM (generationProfile gives a face to the layer behind it)
    const x = r.generation.x_nm;
    const ref = generationProfile(
      res,
      x.map((v, i) => (i === x.length - 1 ? v - 1e-9 : v)),
      2,
    );
    const faces = new Set([0, 10, 510, 535].map((f) => x.findIndex((v) => Math.abs(v - f) < 1e-6)));
    let checked = 0;
    x.forEach((_, i) => {
      if (faces.has(i) && i !== 0 && i !== x.length - 1) return; // interfaces: weighted average of both sides
      expect(rel(r.generation.G_cm3_s[i]!, ref[i]!)).toBeLessThan(1e-9);
      checked++;
    });
    expect(checked).toBe(x.length - 2);
    // a node on an interface: between the two one-sided values
    const i = x.findIndex((v) => Math.abs(v - 10) < 1e-6);
    const left = generationProfile(res, [10 - 1e-9], 2)[0]!;
    const right = generationProfile(res, [10 + 1e-9], 2)[0]!;
    const g = r.generation.G_cm3_s[i]!;
    expect(g).toBeGreaterThanOrEqual(Math.min(left, right));
    expect(g).toBeLessThanOrEqual(Math.max(left, right));
  });

  it('a thermionic-emission interface: each of its two nodes holds the G of its own layer', () => {
    const spec = perfectExtraction();
    spec.electrical!.interfaces = [{ between: ['MAPbI3', 'PCBM'], thermionic: { vNCmPerS: 1e7, vPCmPerS: 1e7 } }];
    const r = runDeviceSimulation(spec, assets);
    const res = runDeviceOptics(spec, assets).result;
    const x = r.generation.x_nm;
    const i = x.findIndex((v) => Math.abs(v - 510) < 1e-6);
    expect(x[i + 1]! - x[i]!).toBeCloseTo(1e-4, 9);
    const back = generationProfile(res, [510 - 1e-9], 2)[0]!; // MAPbI3 at its back face
    const front = generationProfile(res, [510 + 1e-9], 2)[0]!; // PCBM at its front face
    expect(rel(r.generation.G_cm3_s[i]!, back)).toBeLessThan(1e-6);
    expect(rel(r.generation.G_cm3_s[i + 1]!, front)).toBeLessThan(1e-6);
    expect(rel(r.generation.jGenerationMaCm2, r.generation.jOpticalMaCm2!)).toBeLessThan(1e-3);
    expect(rel(r.light!.recombination.generation[0]!, r.generation.jGenerationMaCm2)).toBeLessThan(1e-9);
  });

  it('a tunnel-oxide interface is a double node too: G is laid on the mesh the solver builds', () => {
    // the device layer once built its mesh without the tunnel oxide's second node, one short of
    // the solver's, and every optically illuminated device with a tunnel oxide failed
    const spec = perfectExtraction();
    spec.electrical!.interfaces = [
      {
        between: ['MAPbI3', 'PCBM'],
        tunnelOxide: {
          thicknessNm: 1,
          barrierElectronEV: 0.3,
          barrierHoleEV: 3,
          massElectronRel: 0.4,
          massHoleRel: 0.4,
        },
      },
    ];
    const r = runDeviceSimulation(spec, assets);
    expect(r.light!.converged, r.light!.error?.text).toBe(true);
    const x = r.generation.x_nm;
    const i = x.findIndex((v) => Math.abs(v - 510) < 1e-6);
    expect(x[i + 1]! - x[i]!).toBeCloseTo(1e-4, 9);
    expect(r.generation.G_cm3_s.length).toBe(r.light!.mesh.nodes);
    expect(rel(r.light!.recombination.generation[0]!, r.generation.jGenerationMaCm2)).toBeLessThan(1e-9);
  });

  it('q int G on the electrical mesh converges to the optical photocurrent as the mesh is refined', () => {
    const errs = [100, 200, 400, 800].map((n) => {
      const spec = perfectExtraction();
      spec.electrical!.gridPoints = n;
      spec.electrical!.voltageSweep = { startV: 0, stopV: 0, stepV: 0.1 };
      const r = runDeviceSimulation(spec, assets);
      return rel(r.generation.jGenerationMaCm2, r.generation.jOpticalMaCm2!);
    });
    for (const e of errs.slice(1)) expect(e).toBeLessThan(1e-3);
    expect(errs[3]!).toBeLessThan(errs[1]!);
  });

  it('EQE integrated against the AM1.5G photon flux gives Jsc; IQE <= 1 and close to 1 for perfect extraction', () => {
    const spec = perfectExtraction();
    spec.illumination!.wavelength = { startNm: 300, endNm: 850, stepNm: 10 };
    spec.electrical!.eqe = { stepNm: 10 };
    const r = runDeviceSimulation(spec, assets);
    const eqe = r.eqe!;
    expect(eqe.wavelengthNm.length).toBe(56);
    const jsc = r.light!.J_mA_cm2[0]!;
    // independent integral: the spectra module's jscFromEqe on the AM1.5G table resampled to the EQE grid
    const am15 = resampleSpectrum(parseSpectrumCsv(assets.spectrumCsv('AM1.5G')), eqe.wavelengthNm);
    expect(rel(jscFromEqe(am15, eqe.eqe), jsc)).toBeLessThan(1e-3);
    expect(eqe.failedWavelengthNm).toBeUndefined();
    expect(rel(eqe.jscFromEqeMaCm2!, jsc)).toBeLessThan(1e-3);
    eqe.iqe.forEach((v, k) => {
      if (eqe.absorptance[k]! < 1e-3) return;
      // within the mesh quadrature tolerance of q int G (1e-3, the refinement test above)
      expect(v).toBeLessThanOrEqual(1 + 1e-3);
      expect(v).toBeGreaterThan(0.999);
    });
    // IQE can exceed 1 only by the box rule's quadrature error of the absorption profile on the
    // mesh (O(h^2), positive for the convex decay near the front): refining the mesh removes it
    const fine = perfectExtraction();
    fine.illumination!.wavelength = { startNm: 300, endNm: 400, stepNm: 10 };
    fine.electrical!.eqe = { stepNm: 10 };
    fine.electrical!.gridPoints = 1600;
    const rf = runDeviceSimulation(fine, assets).eqe!;
    const excess = (e: typeof eqe, k: number) => e.iqe[k]! - 1;
    for (let k = 0; k < rf.wavelengthNm.length; k++) {
      expect(excess(rf, k)).toBeLessThan(2e-5);
      // four times the nodes: the O(h^2) error falls about 16-fold; ask for at least 4
      expect(Math.abs(excess(rf, k))).toBeLessThanOrEqual(Math.abs(excess(eqe, k)) / 4);
    }
  });

  it('IQE < 1 with bulk recombination and poorly conducting transport layers (the fixture)', () => {
    const spec = fixture();
    spec.illumination.wavelength = { startNm: 300, endNm: 850, stepNm: 5 };
    spec.electrical.eqe = { stepNm: 50 };
    spec.electrical.voltageSweep = { startV: 0, stopV: 0, stepV: 0.1 };
    const r = runDeviceSimulation(spec, assets);
    expect(r.eqe!.iqe.every((v, k) => r.eqe!.absorptance[k]! < 1e-3 || (v < 1 && v > 0.5))).toBe(true);
  });

  it('an EQE that cannot be computed is a warning of the result, not J = 0 or NaN', () => {
    const spec = fixture();
    spec.electrical.eqe = { stepNm: 100 };
    delete spec.electrical.darkJV;
    // count the clock readings of the run without the EQE, then let time jump when the EQE starts
    let readings = 0;
    const counting = () => {
      readings++;
      return 0;
    };
    runDeviceSimulation({ ...spec, electrical: { ...spec.electrical, eqe: undefined } }, assets, { clock: counting });
    let n = 0;
    const jumping = () => {
      n++;
      return n < readings - 1 ? 0 : n * 1e9;
    };
    const r = runDeviceSimulation(spec, assets, { clock: jumping });
    expect(r.light!.converged).toBe(true);
    expect(r.eqe).toBeUndefined();
    expect(r.warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          code: 'eqe.not-computed',
          params: expect.objectContaining({ cause: 'eqe.base-failed' }),
          text: expect.stringMatching(/^electrical\.eqe: not computed: EQE: the short-circuit run/),
        }),
      ]),
    );
  });

  it('a uniform-generation DeviceSpec gives the J-V of the same ElectricalDevice built by hand', () => {
    const spec = fixture();
    spec.electrical.generation = { kind: 'uniform', gCm3PerS: 2.7e21 };
    spec.electrical.voltageSweep = { startV: 0, stopV: 1.3, stepV: 0.05 };
    spec.electrical.rsOhmCm2 = 1;
    spec.electrical.rshOhmCm2 = 5000;
    delete spec.electrical.eqe;
    const r = runDeviceSimulation(spec, assets);
    const common = { k_rad_cm3_s: 1e-11, Nd_cm3: 0, Na_cm3: 0 };
    const hand: ElectricalDevice = {
      layers: [
        {
          name: 'PTAA',
          thickness_nm: 10,
          eps_r: 3,
          chi_eV: 2.25,
          Eg_eV: 3.15,
          Nc_cm3: 1e20,
          Nv_cm3: 1e20,
          mu_n_cm2_Vs: 1e-5,
          mu_p_cm2_Vs: 1e-3,
          ...common,
        },
        {
          name: 'MAPbI3',
          thickness_nm: 500,
          eps_r: 24,
          chi_eV: 3.9,
          Eg_eV: 1.63,
          Nc_cm3: 2.2e18,
          Nv_cm3: 2.2e18,
          mu_n_cm2_Vs: 1,
          mu_p_cm2_Vs: 1,
          tau_n_s: 2e-7,
          tau_p_s: 5e-7,
          ...common,
        },
        {
          name: 'PCBM',
          thickness_nm: 25,
          eps_r: 5,
          chi_eV: 4,
          Eg_eV: 1.9,
          Nc_cm3: 5e20,
          Nv_cm3: 5e20,
          mu_n_cm2_Vs: 1e-2,
          mu_p_cm2_Vs: 1e-5,
          ...common,
        },
      ],
      contacts: {
        left: { kind: 'schottky', workFunction_eV: 5.2 },
        right: { kind: 'schottky', workFunction_eV: 4.05 },
        anode: 'left',
      },
      Rs_ohm_cm2: 1,
      Rsh_ohm_cm2: 5000,
      T_K: 300,
      generation: { kind: 'uniform', G_cm3_s: 2.7e21 },
      voltage_V: Array.from({ length: 27 }, (_, k) => Math.round(k * 0.05 * 100) / 100),
      options: { nodes: 400, extendToVoc: true, statistics: 'boltzmann', incidentPower_mW_cm2: 100.03706555734 },
    };
    const h = simulateJV(hand);
    expect(r.light!.V).toEqual(h.V);
    r.light!.J_mA_cm2.forEach((j, k) => {
      expect(Math.abs(j - h.J_mA_cm2[k]!)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(j)));
    });
    expect(r.light!.figures!.Voc_V).toBeCloseTo(h.figures!.Voc_V, 12);
    expect(r.generation.kind).toBe('uniform');
    expect(r.optics).toBeUndefined();
    // the fixture's AM1.5G table: 1000.4 W/m^2 over 280-4000 nm
    expect(r.incidentPowerMwCm2).toBeCloseTo(100.037, 2);
  });

  it('Beer-Lambert: q int G = q Phi (1 - R)(1 - exp(-alpha d)) for a monochromatic line', () => {
    const spec = perfectExtraction();
    const lambda = 600;
    const k = 0.05;
    const alphaCm = (4 * Math.PI * k) / (lambda * 1e-7);
    for (const l of spec.layers) l.optical = { kind: 'constant', n: 2, k: l.electrical ? k : 0 };
    spec.illumination = { spectrum: { kind: 'monochromatic', wavelengthNm: lambda, irradianceWm2: 100 } };
    spec.electrical!.generation = { kind: 'beer-lambert', reflectance: 0.1 };
    spec.electrical!.gridPoints = 800;
    const r = runDeviceSimulation(spec, assets);
    const phiCm2 = (100 * lambda * 1e-9) / (6.62607015e-34 * 299792458) / 1e4;
    const expected = Q * phiCm2 * 0.9 * -Math.expm1(-alphaCm * 535e-7) * 1e3;
    expect(rel(r.generation.jGenerationMaCm2, expected)).toBeLessThan(1e-4);
    expect(rel(r.light!.J_mA_cm2[0]!, expected)).toBeLessThan(1e-4);
    // G at the front contact = Phi (1 - R) alpha
    expect(rel(r.generation.G_cm3_s[0]!, phiCm2 * 0.9 * alphaCm)).toBeLessThan(1e-9);
  });

  it('dark generation: a dark J-V with its profiles, no light run, no optics', () => {
    const spec = fixture();
    spec.electrical.generation = { kind: 'dark' };
    delete spec.electrical.eqe;
    spec.electrical.voltageSweep = { startV: 0, stopV: 1.2, stepV: 0.1 };
    const r = runDeviceSimulation(spec, assets);
    expect(r.light).toBeUndefined();
    expect(r.optics).toBeUndefined();
    expect(r.dark!.converged).toBe(true);
    expect(r.dark!.J_mA_cm2[0]).toBeCloseTo(0, 12);
    expect(r.dark!.J_mA_cm2[12]!).toBeLessThan(0);
    expect(r.dark!.profiles.length).toBeGreaterThan(0);
  });

  it('the example fixture runs with plausible figures (its speed is in bench/, not here)', () => {
    const r = runDeviceSimulation(fixture(), assets);
    const f = r.light!.figures!;
    expect(r.light!.converged).toBe(true);
    // Jsc below the optical limit of the electrical layers, and close to it (good extraction)
    expect(f.Jsc_mA_cm2).toBeLessThan(r.generation.jOpticalMaCm2!);
    expect(f.Jsc_mA_cm2).toBeGreaterThan(0.95 * r.generation.jOpticalMaCm2!);
    expect(f.Voc_V).toBeGreaterThan(1.1);
    expect(f.Voc_V).toBeLessThan(1.63);
    expect(f.FF).toBeGreaterThan(0.6);
    expect(r.light!.profiles.map((p) => p.label)).toEqual(['0 V', 'maximum power', 'Voc']);
    expect(r.eqe!.wavelengthNm.length).toBe(56);
  });
});
