/**
 * From a DeviceSpec (packages/contracts/src/device, schemaVersion 1) to an optical simulation
 * and a JSON-ready report. The engine has no I/O: the caller supplies the text of the n,k tables
 * (by material id) and of the built-in spectra. Types here are structural copies of the optical
 * part of DeviceSpec so that the engine stays free of dependencies.
 */
import type { OpticalMaterial } from '../materials/index.js';
import { interpolateNk } from '../materials/nk-table.js';
import type { EngineMessage } from '../messages/index.js';
import { resultMessage } from '../messages/results.js';
import {
  blackbodySpectrum,
  makeSpectrum,
  monochromaticSpectrum,
  parseSpectrumCsv,
  type Spectrum,
  wavelengthGridNm,
} from '../spectra/index.js';
import { OpticsInputError } from './errors.js';
import { type DeviceOpticalModel, type DeviceOpticsAssets, opticalMaterial } from './optical-model.js';
import { absorptionProfile, generationInLayer } from './profile.js';
import { type OpticsResult, type OpticsSpec, simulateOptics } from './simulate.js';
import type { Polarization } from './tmm.js';

export { type DeviceOpticalModel, type DeviceOpticsAssets, opticalMaterial } from './optical-model.js';

export interface DeviceLayerLike {
  name: string;
  thicknessNm: number;
  coherent?: boolean;
  role: string;
  excitonic?: boolean;
  optical: DeviceOpticalModel;
}

export type DeviceSpectrumLike =
  | { kind: 'builtin'; id: string }
  | { kind: 'blackbody'; temperatureK: number; irradianceWm2?: number }
  | { kind: 'monochromatic'; wavelengthNm: number; irradianceWm2: number }
  | { kind: 'tabulated'; name?: string; wavelengthNm: number[]; irradianceWm2Nm: number[] };

export interface DeviceLike {
  schemaVersion: number;
  name: string;
  ambient: DeviceOpticalModel;
  layers: DeviceLayerLike[];
  substrate: DeviceOpticalModel;
  illumination?: {
    spectrum?: DeviceSpectrumLike;
    suns?: number;
    angleDeg?: number;
    polarization?: Polarization;
    wavelength?: { startNm: number; endNm: number; stepNm: number };
  };
  texture?: { roughnessFactor: number; layer: string; rmsRoughnessNm?: number };
}

function spectrum(s: DeviceSpectrumLike | undefined, grid: Float64Array, assets: DeviceOpticsAssets): Spectrum {
  const sp = s ?? { kind: 'builtin', id: 'AM1.5G' };
  switch (sp.kind) {
    case 'builtin':
      return parseSpectrumCsv(assets.spectrumCsv(sp.id), sp.id);
    case 'blackbody':
      return blackbodySpectrum(sp.temperatureK, grid, sp.irradianceWm2);
    case 'monochromatic':
      return monochromaticSpectrum(sp.wavelengthNm, sp.irradianceWm2);
    case 'tabulated':
      return makeSpectrum('illumination.spectrum', sp.wavelengthNm, sp.irradianceWm2Nm);
    default:
      throw new OpticsInputError(
        'illumination.spectrum.kind',
        `unknown spectrum kind ${JSON.stringify((sp as { kind?: unknown }).kind)}`,
      );
  }
}

/**
 * Throws the run's own OpticsInputError when an n,k or absorption table without extrapolation does not cover the
 * wavelength grid of an OpticsSpec (deviceToOpticsSpec's), naming the medium or layer: what the run
 * would stop on after seconds, found before a job is queued.
 */
export function checkTableCoverage(os: OpticsSpec): void {
  const check = (m: OpticalMaterial, field: string) => {
    if ((m.kind === 'table' || m.kind === 'absorption-table') && (m.extrapolation ?? 'none') === 'none')
      interpolateNk(m.table, os.wavelengthNm, field, 'none');
  };
  check(os.ambient, 'ambient.optical');
  os.layers.forEach((l, j) => {
    check(l.material, `layers[${j}] "${l.name}".optical`);
  });
  check(os.substrate, 'substrate.optical');
}

/** The OpticsSpec of a device (n,k tables resolved, spectrum built). */
export function deviceToOpticsSpec(device: DeviceLike, assets: DeviceOpticsAssets): OpticsSpec {
  if (device.schemaVersion !== 1)
    throw new OpticsInputError('schemaVersion', `unsupported (got ${device.schemaVersion}, expected 1)`);
  if (!Array.isArray(device.layers) || device.layers.length === 0)
    throw new OpticsInputError('layers', 'the stack is empty: give at least one layer');
  const ill = device.illumination ?? {};
  const wr = ill.wavelength ?? { startNm: 300, endNm: 1600, stepNm: 1 };
  const sp = ill.spectrum;
  const grid =
    sp?.kind === 'monochromatic' ? Float64Array.of(sp.wavelengthNm) : wavelengthGridNm(wr.startNm, wr.endNm, wr.stepNm);
  const spec: OpticsSpec = {
    wavelengthNm: grid,
    angleDeg: ill.angleDeg ?? 0,
    polarization: ill.polarization ?? 'unpolarized',
    ambient: opticalMaterial(device.ambient, assets, 'ambient'),
    substrate: opticalMaterial(device.substrate, assets, 'substrate'),
    layers: device.layers.map((l, j) => ({
      name: l.name,
      thicknessNm: l.thicknessNm,
      coherent: l.coherent ?? true,
      absorber: l.role === 'absorber',
      excitonic: l.excitonic ?? false,
      material: opticalMaterial(l.optical, assets, `layers[${j}] "${l.name}".optical`),
    })),
    spectrum: spectrum(sp, grid, assets),
    suns: ill.suns ?? 1,
  };
  if (device.texture) {
    const j = device.layers.findIndex((l) => l.name === device.texture?.layer);
    if (j < 0) throw new OpticsInputError('texture.layer', `no layer named "${device.texture.layer}"`);
    spec.texture = { roughnessFactor: device.texture.roughnessFactor, layerIndex: j };
    if (device.texture.rmsRoughnessNm !== undefined) spec.texture.rmsRoughnessNm = device.texture.rmsRoughnessNm;
  }
  return spec;
}

export interface DeviceOpticsReport {
  schemaVersion: 1;
  device: string;
  wavelengthNm: number[];
  R: number[];
  T: number[];
  eqe: number[];
  layers: {
    name: string;
    role: string;
    coherent: boolean;
    carriers: string;
    A: number[];
    jphMaCm2: number;
    /** G on `profilePoints` points across the layer (depth from its front face). */
    generation: { depthNm: number[]; G_cm3_s: number[] };
  }[];
  totals: { jphAbsorbersMaCm2: number; jReflectedMaCm2: number; jTransmittedMaCm2: number };
  /**
   * Where each wavelength is absorbed: a(x, l), the fraction of the incident power absorbed per nm
   * of depth (1/nm), on a coarse grid (at most MAP_WAVELENGTHS wavelengths, MAP_POINTS points per
   * layer). Layers thicker than MAP_MAX_LAYER_NM (glass, wafers) are left out of the grid but keep
   * their place on the position axis (except a superstrate in front of every gridded layer); integrating a over a layer gives that layer's A(l).
   */
  absorptionMap?: {
    wavelengthNm: number[];
    /** Depth from the front face of the first gridded layer (a thick superstrate is not counted), nm. */
    positionNm: number[];
    /** Index of the layer each position lies in. */
    layer: number[];
    /** [wavelength][position], 1/nm. */
    absorbedPerNm: number[][];
  };
  texture?: { haze: number[]; rSpecular: number[]; rDiffuse: number[] };
  /** Things a physicist should look at (e.g. a thick layer treated coherently). */
  warnings: EngineMessage[];
}

const MAP_WAVELENGTHS = 120;
const MAP_POINTS = 21;
const MAP_MAX_LAYER_NM = 20_000;

/** The coarse absorption map of DeviceOpticsReport.absorptionMap. */
function absorptionMap(spec: OpticsSpec, res: OpticsResult): NonNullable<DeviceOpticsReport['absorptionMap']> {
  const nWl = res.wavelengthNm.length;
  const step = Math.max(1, Math.ceil(nWl / MAP_WAVELENGTHS));
  const wlIdx: number[] = [];
  for (let i = 0; i < nWl; i += step) wlIdx.push(i);
  if (wlIdx[wlIdx.length - 1] !== nWl - 1) wlIdx.push(nWl - 1);
  const positionNm: number[] = [];
  const layer: number[] = [];
  const columns: Float64Array[][] = []; // per mapped layer, per wavelength
  // Depth counts from the first gridded layer: a superstrate in front (1 mm of glass) would push
  // every film to ~1e6 nm and make the axis unreadable; thick layers further in keep their place.
  let offset = 0;
  let started = false;
  spec.layers.forEach((l, j) => {
    if (l.thicknessNm <= MAP_MAX_LAYER_NM) {
      started = true;
      const depth = Array.from({ length: MAP_POINTS }, (_, m) => (l.thicknessNm * m) / (MAP_POINTS - 1));
      for (const d of depth) {
        positionNm.push(offset + d);
        layer.push(j);
      }
      columns.push(wlIdx.map((i) => absorptionProfile(res.tmm, j, depth, i)));
    }
    if (started) offset += l.thicknessNm;
  });
  const absorbedPerNm = wlIdx.map((_, w) => columns.flatMap((perWl) => Array.from(perWl[w]!)));
  return { wavelengthNm: wlIdx.map((i) => res.wavelengthNm[i]!), positionNm, layer, absorbedPerNm };
}

/** Runs the optics of a device; G(x) is sampled on `profilePoints` uniform points per layer. */
export function runDeviceOptics(
  device: DeviceLike,
  assets: DeviceOpticsAssets,
  profilePoints = 101,
): { result: OpticsResult; report: DeviceOpticsReport } {
  const spec = deviceToOpticsSpec(device, assets);
  const res = simulateOptics(spec);
  const jph = res.jphMaCm2 ?? new Float64Array(spec.layers.length);
  const layers = spec.layers.map((l, j) => {
    const depth = Array.from({ length: profilePoints }, (_, m) => (l.thicknessNm * m) / (profilePoints - 1));
    const g = res.weights ? generationInLayer(res.tmm, j, depth, res.weights) : new Float64Array(profilePoints);
    return {
      name: l.name,
      role: device.layers[j]!.role,
      coherent: l.coherent,
      carriers: res.carriers[j]!,
      A: Array.from(res.A[j]!),
      jphMaCm2: jph[j]!,
      generation: { depthNm: depth, G_cm3_s: Array.from(g) },
    };
  });
  let jAbs = 0;
  spec.layers.forEach((l, j) => {
    if (l.absorber) jAbs += jph[j]!;
  });
  const warnings: EngineMessage[] = [];
  spec.layers.forEach((l, j) => {
    // sunlight is coherent over ~1 um; the fringes of a thicker coherent layer are finer than a
    // 1 nm grid resolves, so its R, T, A are aliased
    if (l.coherent && l.thicknessNm > 5000) {
      warnings.push(resultMessage.thickCoherent(j, l.name, l.thicknessNm));
    }
  });
  const report: DeviceOpticsReport = {
    schemaVersion: 1,
    device: device.name,
    wavelengthNm: Array.from(res.wavelengthNm),
    R: Array.from(res.R),
    T: Array.from(res.T),
    eqe: Array.from(res.eqe),
    layers,
    totals: {
      jphAbsorbersMaCm2: jAbs,
      jReflectedMaCm2: res.jReflectedMaCm2 ?? 0,
      jTransmittedMaCm2: res.jTransmittedMaCm2 ?? 0,
    },
    warnings,
    absorptionMap: absorptionMap(spec, res),
  };
  if (res.texture) {
    report.texture = {
      haze: Array.from(res.texture.haze),
      rSpecular: Array.from(res.texture.rSpecular),
      rDiffuse: Array.from(res.texture.rDiffuse),
    };
  }
  return { result: res, report };
}
