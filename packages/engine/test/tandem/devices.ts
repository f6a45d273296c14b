import type { ElectricalDeviceSpecLike } from '../../src/device/types.js';

/** A band edge at `edgeNm`: k falls from kBlue at 300 nm to kEdge just above the gap and to 0 past it. */
function absorber(n: number, kBlue: number, kEdge: number, edgeNm: number) {
  return {
    kind: 'tabulated' as const,
    wavelengthNm: [280, edgeNm - 20, edgeNm, 1300],
    n: [n, n, n, n],
    k: [kBlue, kEdge, 0, 0],
  };
}

const transport = (n: number) => ({ kind: 'constant' as const, n, k: 0 });

/** Transport layers: wide gap, Nc = Nv = 1e20 cm^-3, moderate doping. */
const tl = (chi: number, eg: number, doping: { ndCm3?: number; naCm3?: number }) => ({
  epsR: 10,
  chiEV: chi,
  egEV: eg,
  ncCm3: 1e20,
  nvCm3: 1e20,
  muNCm2PerVs: 1,
  muPCm2PerVs: 1,
  ...doping,
});

const pvk = (chi: number, eg: number) => ({
  epsR: 20,
  chiEV: chi,
  egEV: eg,
  ncCm3: 2e18,
  nvCm3: 2e18,
  muNCm2PerVs: 2,
  muPCm2PerVs: 2,
  tauNS: 1e-6,
  tauPS: 1e-6,
  kRadCm3PerS: 1e-11,
});

/**
 * An all-perovskite tandem with an ideal recombination junction (test device, not a product
 * example): wide-gap (1.8 eV, 300 nm) n-i-p top cell, narrow-gap (1.25 eV, 800 nm) bottom cell, the
 * top cell's hole-transport layer meeting the bottom cell's electron-transport layer at a
 * recombination interface (S = 1e7 cm/s) where the valence band of the one is the conduction band
 * of the other (the bottom cell's energies shifted by that dipole, docs/physics/tandem.md);
 * transparent transport layers, tabulated absorber n,k with an edge at each gap.
 */
export function perovskitePerovskiteTandem(): ElectricalDeviceSpecLike {
  return {
    schemaVersion: 1,
    name: 'test perovskite/perovskite tandem',
    ambient: { kind: 'constant', n: 1, k: 0 },
    substrate: { kind: 'constant', n: 1, k: 0 },
    layers: [
      {
        name: 'ETL top',
        thicknessNm: 30,
        role: 'etl',
        optical: transport(2),
        subcell: 'top',
        electrical: tl(4.0, 2.4, { ndCm3: 1e18 }),
      },
      {
        name: 'WBG',
        thicknessNm: 300,
        role: 'absorber',
        optical: absorber(2.5, 0.6, 0.08, 690),
        subcell: 'top',
        electrical: pvk(3.9, 1.8),
      },
      {
        name: 'HTL top',
        thicknessNm: 20,
        role: 'htl',
        optical: transport(1.7),
        subcell: 'top',
        electrical: tl(3.3, 2.2, { naCm3: 1e18 }),
      },
      {
        name: 'ETL bottom',
        thicknessNm: 30,
        role: 'etl',
        optical: transport(2),
        subcell: 'bottom',
        electrical: tl(5.5, 2.4, { ndCm3: 1e18 }),
      },
      {
        name: 'NBG',
        thicknessNm: 800,
        role: 'absorber',
        optical: absorber(2.6, 0.5, 0.06, 990),
        subcell: 'bottom',
        electrical: pvk(5.45, 1.25),
      },
      {
        name: 'HTL bottom',
        thicknessNm: 20,
        role: 'htl',
        optical: transport(1.7),
        subcell: 'bottom',
        electrical: tl(4.5, 2.2, { naCm3: 1e18 }),
      },
    ],
    illumination: {
      spectrum: { kind: 'builtin', id: 'AM1.5G' },
      suns: 1,
      wavelength: { startNm: 300, endNm: 1100, stepNm: 10 },
    },
    electrical: {
      contacts: { front: { kind: 'ohmic' }, back: { kind: 'ohmic' }, anode: 'back' },
      temperatureK: 300,
      voltageSweep: { startV: 0, stopV: 2.2, stepV: 0.02 },
      extendToVoc: true,
      generation: { kind: 'optical' },
      interfaces: [{ between: ['HTL top', 'ETL bottom'], sNCmPerS: 1e7, sPCmPerS: 1e7 }],
      gridPoints: 400,
      tandem: { thicknessSweep: { layer: 'WBG', fromNm: 100, toNm: 900, points: 9 } },
    },
  };
}

/**
 * The same tandem mirrored electrically: p-i-n subcells (holes leave at the front, anode "front"),
 * the top cell's electron-transport layer meeting the bottom cell's hole-transport layer at the
 * recombination interface, the bottom cell's energies shifted so that the conduction band of the
 * one is the valence band of the other (with the same offsets to the absorber as in the top cell).
 */
export function perovskitePerovskiteTandemAnodeFront(): ElectricalDeviceSpecLike {
  const spec = perovskitePerovskiteTandem();
  const byName = new Map(spec.layers.map((l) => [l.name, l]));
  spec.layers = ['HTL top', 'WBG', 'ETL top', 'HTL bottom', 'NBG', 'ETL bottom'].map((n) => byName.get(n)!);
  const set = (name: string, chiEV: number) => {
    byName.get(name)!.electrical!.chiEV = chiEV;
  };
  const junction = 4.0; // the top ETL's conduction band, eV below vacuum
  set('HTL bottom', junction - 2.2);
  set('NBG', junction + 0.2 - 1.25);
  set('ETL bottom', junction + 0.2 - 1.25 + 0.1);
  spec.electrical!.contacts.anode = 'front';
  spec.electrical!.interfaces = [{ between: ['ETL top', 'HTL bottom'], sNCmPerS: 1e7, sPCmPerS: 1e7 }];
  spec.electrical!.tandem = {};
  return spec;
}

/** Silicon-like band-to-band tunnelling (Hurkx et al. 1992 for silicon; tunnelling.ts). */
export const SILICON_BTBT = { btbtACm3PerS: 4e14, btbtBVPerCm: 1.9e7, btbtP: 2.5 };

/** The tunnel junction's material: silicon-like gap and permittivity, Nc = Nv = 1e20 cm^-3. */
const JUNCTION_GAP_EV = 1.12;

/** One 15 nm heavily doped layer of the tunnel junction, conduction band chiEV below vacuum. */
function junctionLayer(
  name: string,
  chiEV: number,
  doping: { ndCm3?: number; naCm3?: number },
  btbt: { btbtACm3PerS: number; btbtBVPerCm?: number; btbtP?: number },
) {
  return {
    name,
    thicknessNm: 15,
    role: 'other',
    optical: transport(3.5),
    subcell: 'junction' as const,
    electrical: {
      epsR: 11.7,
      chiEV,
      egEV: JUNCTION_GAP_EV,
      ncCm3: 1e20,
      nvCm3: 1e20,
      muNCm2PerVs: 50,
      muPCm2PerVs: 50,
      ...doping,
      ...btbt,
    },
  };
}

/** No interfaces, Fermi-Dirac statistics, the whole stack on. */
function asTunnelJunctionStack(spec: ElectricalDeviceSpecLike): ElectricalDeviceSpecLike {
  spec.electrical!.interfaces = [];
  // 5e19 cm^-3 against Nc = Nv = 1e20 cm^-3 puts the Fermi level within kT of the band edge
  spec.electrical!.statistics = 'fermi-dirac';
  spec.electrical!.tandem = { fullStack: true };
  return spec;
}

/**
 * The same all-perovskite tandem with a tunnel junction instead of the ideal recombination
 * interface: between the top cell's hole-transport layer and the bottom cell's electron-transport
 * layer a p++ and an n++ layer (15 nm each, `dopingCm3` each) of one silicon-like material
 * (Eg = 1.12 eV, eps 11.7), band-to-band tunnelling in both with `btbt` (Hurkx; A = 0 switches
 * it off). The p++ valence band lines up with the top HTL's and the n++ conduction band with the
 * bottom ETL's (the bottom cell's energies shifted by the junction's gap; shifting all energies of
 * a subcell with an ohmic outer contact changes nothing in it), so each carrier enters its doped
 * layer without a barrier and the two meet only where the tunnelling recombines them. Fermi-Dirac
 * statistics (the doped layers are nearly degenerate).
 */
export function perovskitePerovskiteTunnelJunction(
  btbt: { btbtACm3PerS: number; btbtBVPerCm?: number; btbtP?: number } = SILICON_BTBT,
  dopingCm3 = 5e19,
): ElectricalDeviceSpecLike {
  const spec = perovskitePerovskiteTandem();
  // the top HTL's valence band, eV below vacuum, is the p++ valence band
  const chiJunction = 3.3 + 2.2 - JUNCTION_GAP_EV;
  for (const l of spec.layers) if (l.subcell === 'bottom') l.electrical!.chiEV! -= JUNCTION_GAP_EV;
  const at = spec.layers.findIndex((l) => l.name === 'ETL bottom');
  spec.layers.splice(
    at,
    0,
    junctionLayer('p++', chiJunction, { naCm3: dopingCm3 }, btbt),
    junctionLayer('n++', chiJunction, { ndCm3: dopingCm3 }, btbt),
  );
  return asTunnelJunctionStack(spec);
}

/**
 * The tunnel junction mirrored (holes leave at the front): the top cell's electron-transport layer,
 * n++, p++, the bottom cell's hole-transport layer; the n++ conduction band at the top ETL's, the
 * p++ valence band at the bottom HTL's (the bottom cell's energies shifted by the junction's gap).
 */
export function perovskitePerovskiteTunnelJunctionAnodeFront(
  btbt: { btbtACm3PerS: number; btbtBVPerCm?: number; btbtP?: number } = SILICON_BTBT,
  dopingCm3 = 5e19,
): ElectricalDeviceSpecLike {
  const spec = perovskitePerovskiteTandemAnodeFront();
  for (const l of spec.layers) if (l.subcell === 'bottom') l.electrical!.chiEV! += JUNCTION_GAP_EV;
  // the top ETL's conduction band is the n++ conduction band
  const chiJunction = 4.0;
  const at = spec.layers.findIndex((l) => l.name === 'HTL bottom');
  spec.layers.splice(
    at,
    0,
    junctionLayer('n++', chiJunction, { ndCm3: dopingCm3 }, btbt),
    junctionLayer('p++', chiJunction, { naCm3: dopingCm3 }, btbt),
  );
  return asTunnelJunctionStack(spec);
}
