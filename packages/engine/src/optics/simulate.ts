/**
 * Optical simulation of a device: materials -> n,k on the wavelength grid -> transfer matrix
 * (tmm.ts, coherent and incoherent layers) -> optional texture (texture.ts) -> photocurrents,
 * optical EQE and the generation rate G(x) (profile.ts) under a spectrum.
 *
 *   Jph_j = 0.1 q int A_j(l) Phi(l) dl  (mA/cm^2, 100 % IQE),   EQE_opt(l) = sum over absorbers A_j(l)
 *   G(x)  = 1e3 int a(x, l) Phi(l) dl   (cm^-3 s^-1; excitons for layers marked excitonic)
 * Integrals: trapezoid rule on the simulation grid (the spectrum is interpolated onto it).
 */
import { Q_C } from '../constants.js';
import { materialNk, type OpticalMaterial } from '../materials/index.js';
import { photonFlux, resampleSpectrum, type Spectrum, scaleSpectrum } from '../spectra/index.js';
import { OpticsInputError } from './errors.js';
import { generationInLayer, generationOnMeshTmm, generationWeights, layerPhotocurrents } from './profile.js';
import { applyTexture, checkTexture, type TextureInfo, type TextureSpec } from './texture.js';
import { type Polarization, type TmmInput, type TmmResult, TmmSolver, validateTmmInput } from './tmm.js';

export interface OpticalLayerSpec {
  name: string;
  thicknessNm: number;
  /** false: thick layer, intensities add (glass, wafer). */
  coherent: boolean;
  material: OpticalMaterial;
  /** Counts towards the optical EQE (when no layer is marked, every layer counts). */
  absorber?: boolean;
  /** Organic absorber: generation is of excitons (same profile, labelled). */
  excitonic?: boolean;
}

export interface OpticsSpec {
  wavelengthNm: ArrayLike<number>;
  angleDeg?: number;
  polarization?: Polarization;
  ambient: OpticalMaterial;
  layers: OpticalLayerSpec[];
  substrate: OpticalMaterial;
  /** Incident spectrum (any grid covering the simulation grid); omitted: no photocurrents or G. */
  spectrum?: Spectrum;
  /** Intensity in suns (multiplies the spectrum), default 1. */
  suns?: number;
  texture?: TextureSpec;
}

export interface OpticsResult {
  tmm: TmmResult;
  wavelengthNm: Float64Array;
  R: Float64Array;
  T: Float64Array;
  A: Float64Array[];
  layerNames: string[];
  /** What a layer generates: 'excitons' (excitonic layers) or 'electron-hole pairs'. */
  carriers: ('excitons' | 'electron-hole pairs')[];
  /** Sum of A over the absorber layers (optical EQE, 100 % IQE); all layers when none is marked. */
  eqe: Float64Array;
  /** Photon flux on the grid, m^-2 s^-1 nm^-1 (absent without a spectrum). */
  photonFlux?: Float64Array;
  /** Generation weights per wavelength (generationWeights); absent without a spectrum. */
  weights?: Float64Array;
  /** Per-layer photocurrent at 100 % IQE, mA/cm^2 (absent without a spectrum). */
  jphMaCm2?: Float64Array;
  /** Photocurrent lost to reflection and transmission, mA/cm^2. */
  jReflectedMaCm2?: number;
  jTransmittedMaCm2?: number;
  texture?: TextureInfo;
}

function checkSpec(spec: OpticsSpec): void {
  if (!Array.isArray(spec.layers) || spec.layers.length === 0) {
    throw new OpticsInputError('layers', 'the stack is empty: give at least one layer');
  }
  spec.layers.forEach((l, j) => {
    const field = `layers[${j}] "${l?.name}"`;
    if (typeof l?.name !== 'string' || l.name === '') throw new OpticsInputError(`layers[${j}].name`, 'missing');
    if (typeof l.thicknessNm !== 'number' || !Number.isFinite(l.thicknessNm) || l.thicknessNm <= 0) {
      throw new OpticsInputError(`${field}.thicknessNm`, `must be a finite number > 0 (got ${l.thicknessNm})`);
    }
    if (!l.material) throw new OpticsInputError(`${field}.optical`, 'missing');
  });
  if (spec.texture) checkTexture(spec.texture, spec.layers.length);
}

/** Builds the transfer-matrix input (n,k on the grid); errors name the layer and field. */
export function buildTmmInput(spec: OpticsSpec): TmmInput {
  checkSpec(spec);
  const grid = Float64Array.from(spec.wavelengthNm);
  const input: TmmInput = {
    wavelengthNm: grid,
    angleDeg: spec.angleDeg ?? 0,
    polarization: spec.polarization ?? 'unpolarized',
    ambient: materialNk(spec.ambient, grid, 'ambient'),
    substrate: materialNk(spec.substrate, grid, 'substrate'),
    layers: spec.layers.map((l, j) => ({
      name: l.name,
      thicknessNm: l.thicknessNm,
      coherent: l.coherent,
      ...materialNk(l.material, grid, `layers[${j}] "${l.name}".optical`),
    })),
  };
  validateTmmInput(input);
  return input;
}

/** Runs the whole optical model. */
export function simulateOptics(spec: OpticsSpec, solver?: TmmSolver): OpticsResult {
  const input = buildTmmInput(spec);
  const tmm = (solver ?? new TmmSolver(input.layers.length + 2)).solve(input);
  const texture = spec.texture ? applyTexture(tmm, input, spec.texture) : undefined;
  const nWl = input.wavelengthNm.length;
  const eqe = new Float64Array(nWl);
  const anyAbsorber = spec.layers.some((l) => l.absorber);
  spec.layers.forEach((l, j) => {
    if (l.absorber || !anyAbsorber) for (let i = 0; i < nWl; i++) eqe[i] = eqe[i]! + tmm.A[j]![i]!;
  });
  const out: OpticsResult = {
    tmm,
    wavelengthNm: input.wavelengthNm,
    R: tmm.R,
    T: tmm.T,
    A: tmm.A,
    layerNames: tmm.layerNames,
    carriers: spec.layers.map((l) => (l.excitonic ? 'excitons' : 'electron-hole pairs')),
    eqe,
  };
  if (texture) out.texture = texture;
  if (spec.spectrum) {
    // a monochromatic line lands on its grid point and is weighted as a line, not a trapezoid
    let s = resampleSpectrum(spec.spectrum, input.wavelengthNm);
    if (spec.suns !== undefined) s = scaleSpectrum(s, spec.suns);
    const flux = photonFlux(s);
    const weights = generationWeights(input.wavelengthNm, flux, spec.spectrum.monochromatic === true);
    out.photonFlux = flux;
    out.weights = weights;
    out.jphMaCm2 = layerPhotocurrents(tmm, weights);
    let jr = 0;
    let jt = 0;
    for (let i = 0; i < nWl; i++) {
      jr += weights[i]! * tmm.R[i]!;
      jt += weights[i]! * tmm.T[i]!;
    }
    // weights carry 1e3 w Phi; J = 0.1 q sum w Phi X
    out.jReflectedMaCm2 = 1e-4 * Q_C * jr;
    out.jTransmittedMaCm2 = 1e-4 * Q_C * jt;
  }
  return out;
}

/**
 * G(x) in cm^-3 s^-1 on an electrical mesh: x in nm from the front face of layers[originLayer].
 * Needs a result computed with a spectrum.
 */
export function generationProfile(
  res: OpticsResult,
  xNm: ArrayLike<number>,
  originLayer = 0,
  out?: Float64Array,
): Float64Array {
  if (!res.weights) throw new OpticsInputError('illumination.spectrum', 'G(x) needs a spectrum');
  return generationOnMeshTmm(res.tmm, xNm, res.weights, originLayer, out);
}

/**
 * G in cm^-3 s^-1 inside layers[layerIndex] at depths (nm) from its front face, both faces
 * included (an electrical mesh node on an interface gets one value from each side this way).
 */
export function layerGeneration(res: OpticsResult, layerIndex: number, depthNm: ArrayLike<number>): Float64Array {
  if (!res.weights) throw new OpticsInputError('illumination.spectrum', 'G(x) needs a spectrum');
  return generationInLayer(res.tmm, layerIndex, depthNm, res.weights);
}

/** G(x) at one wavelength index, per unit incident photon flux at that wavelength being as in the spectrum. */
export function generationProfileAtWavelength(
  res: OpticsResult,
  xNm: ArrayLike<number>,
  wavelengthIndex: number,
  originLayer = 0,
): Float64Array {
  if (!res.photonFlux) throw new OpticsInputError('illumination.spectrum', 'G(x) needs a spectrum');
  const nWl = res.wavelengthNm.length;
  if (!(Number.isInteger(wavelengthIndex) && wavelengthIndex >= 0 && wavelengthIndex < nWl)) {
    throw new OpticsInputError('wavelengthIndex', `must be in 0..${nWl - 1} (got ${wavelengthIndex})`);
  }
  // spectral G: cm^-3 s^-1 nm^-1 at that wavelength = 1e3 a(x) Phi(l)
  const w = new Float64Array(nWl);
  w[wavelengthIndex] = 1e3 * res.photonFlux[wavelengthIndex]!;
  return generationOnMeshTmm(res.tmm, xNm, w, originLayer);
}
