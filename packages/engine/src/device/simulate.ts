/**
 * One DeviceSpec, one run: optics and drift-diffusion coupled. The transfer matrix (optics/) gives
 * G(x) in the layers that have electrical parameters; it is evaluated exactly at the nodes of the
 * electrical mesh (layerGeneration of each layer at its own depths: the optics works in nm from
 * each optical layer's front face, the mesh in m from the front face of the first electrical
 * layer), and the drift-diffusion solver (electrical/) computes the light (and dark) J-V, the
 * figures of merit and the profiles. EQE and IQE come from the solver's
 * quantumEfficiency hook fed with the spectral absorption profile a(x, lambda) per incident photon:
 *   EQE(lambda) = collected electrons per incident photon, at electrical.eqe.biasV (default 0 V)
 *   under a bias light of electrical.eqe.biasLightSuns (default none): the device's own generation
 *   profile G(x) scaled by biasLightSuns / illumination.suns (the optics is linear in the flux),
 *   IQE(lambda) = EQE / A_el(lambda),  A_el = sum of the transfer-matrix absorptances of the electrical layers.
 * A node on a (single-node) interface gets the average of the two layers' values weighted by the
 * half-box widths on either side, (h_L G_L + h_R G_R) / (h_L + h_R): the box method sums G over both
 * half-boxes of a node, so this is exactly the discrete equation with one value per side.
 * Physics: docs/physics/drift-diffusion.md ("Coupling to the optical engine").
 */
import { Q_C } from '../constants.js';
import { buildMesh, doubleNodes, type Mesh } from '../electrical/discretisation/mesh.js';
import { WallClockExceeded } from '../electrical/discretisation/newton.js';
import { generationOnMesh } from '../electrical/models/generation.js';
import { capacitanceVoltage } from '../electrical/solvers/capacitance.js';
import { impedanceSpectrum } from '../electrical/solvers/impedance.js';
import { DidNotConverge, simulateJV } from '../electrical/solvers/jv.js';
import { quantumEfficiency } from '../electrical/solvers/quantum-efficiency.js';
import { simulateTransient } from '../electrical/solvers/transient.js';
import type { ElectricalDevice, ElectricalGenerationSpec } from '../electrical/types.js';
import { checkLine } from '../messages/device-check.js';
import { type ResultWarning, resultMessage } from '../messages/results.js';
import { type DeviceOpticsAssets, deviceToOpticsSpec, runDeviceOptics } from '../optics/device.js';
import { absorptionProfile, generationWeights } from '../optics/profile.js';
import { buildTmmInput, layerGeneration } from '../optics/simulate.js';
import {
  integrateSpectrum,
  photonFlux,
  resampleSpectrum,
  type Spectrum,
  scaleSpectrum,
  spectrumPowerWithinWm2,
} from '../spectra/index.js';
import {
  minusFdCdf,
  runDefectLosses,
  runDeviceCapacitanceFrequency,
  runDeviceCapacitanceVoltage,
} from './capacitance.js';
import { checkDeviceElectricalCoded } from './check.js';
import { type MappedDevice, mapElectrical } from './map.js';
import { runDeviceImpedance, runDeviceTransient } from './transient.js';
import {
  type DeviceSimulationOptions,
  type DeviceSimulationResult,
  DeviceSpecInputError,
  type ElectricalDeviceSpecLike,
} from './types.js';

/**
 * Checks a device with an `electrical` block, then maps it for the solver: the one way in of a
 * DeviceSpec (check.ts, then map.ts). Throws DeviceSpecInputError (messages naming layer and field)
 * when the electrical part is incomplete or invalid.
 */
export function deviceToElectrical(spec: ElectricalDeviceSpecLike, assets?: DeviceOpticsAssets): MappedDevice {
  if (!spec.electrical)
    throw new DeviceSpecInputError(['electrical: missing: the device has no electrical block (optical only)']);
  const { errors, warnings } = checkDeviceElectricalCoded(spec);
  if (errors.length > 0) throw new DeviceSpecInputError(errors.map(checkLine));
  const mapped = mapElectrical(spec, assets);
  mapped.warnings = warnings.map((w) => resultMessage.checkWarning(w));
  // the caller decides the generation; uniform generation is set from the spec there as well
  mapped.device.generation = { kind: 'dark' };
  return mapped;
}

/** The guidance users are given for the total electrical grid (spec §9). */
export const ADVISED_MAX_GRID_POINTS = 600;

/** The electrical mesh the solver will build for a device (same layers, node count and double nodes). */
export function electricalMeshOf(device: ElectricalDevice): Mesh {
  const layers = device.layers.filter((l) => !l.electrode);
  return buildMesh(layers, device.options?.nodes, doubleNodes(layers, device.interfaces));
}

/**
 * Values at the mesh nodes from a per-layer evaluator: evaluate(li, depthNm) gives the value in
 * electrical layer li at depths (nm) from its front face. Interface nodes shared by two layers get
 * the half-box-weighted average (see the module comment).
 */
export function valuesOnMesh(
  mesh: Mesh,
  thicknessNm: number[],
  evaluate: (li: number, depthNm: Float64Array) => Float64Array,
): Float64Array {
  const N = mesh.x.length;
  const num = new Float64Array(N);
  const den = new Float64Array(N);
  mesh.layerNodes.forEach(({ first, last }, li) => {
    const d = thicknessNm[li]!;
    const x0 = mesh.x[first]!;
    const depth = new Float64Array(last - first + 1);
    for (let i = first; i <= last; i++) depth[i - first] = Math.min(Math.max((mesh.x[i]! - x0) * 1e9, 0), d);
    depth[depth.length - 1] = d;
    const v = evaluate(li, depth);
    for (let i = first; i <= last; i++) {
      // weight: the half-box on this layer's side (only matters where two layers share the node)
      const w = i === first ? mesh.x[first + 1]! - mesh.x[first]! : i === last ? mesh.x[last]! - mesh.x[last - 1]! : 1;
      num[i] = num[i]! + w * v[i - first]!;
      den[i] = den[i]! + w;
    }
  });
  for (let i = 0; i < N; i++) num[i] = den[i]! > 0 ? num[i]! / den[i]! : 0;
  return num;
}

/** q times the box-rule integral of node values G (cm^-3 s^-1) over the mesh, mA/cm^2 (TE gaps excluded). */
export function integrateOnMesh(mesh: Mesh, G: ArrayLike<number>): number {
  let s = 0;
  for (let k = 0; k < mesh.x.length - 1; k++) {
    if (mesh.teInterval[k]! >= 0) continue;
    s += 0.5 * (mesh.x[k + 1]! - mesh.x[k]!) * (G[k]! + G[k + 1]!);
  }
  // m * cm^-3 s^-1 -> cm^-2 s^-1 is 1e2; A/cm^2 -> mA/cm^2 is 1e3
  return Q_C * s * 1e2 * 1e3;
}

/**
 * Runs the electrical simulation of a DeviceSpec with an `electrical` block, its generation from
 * the optical engine in the same run (default with illumination), uniform, Beer-Lambert or dark.
 * Throws DeviceSpecInputError (or OpticsInputError, ElectricalInputError) on bad input; a
 * non-convergent J-V is returned with converged = false.
 */
export function runDeviceSimulation(
  spec: ElectricalDeviceSpecLike,
  assets: DeviceOpticsAssets,
  options: DeviceSimulationOptions = {},
): DeviceSimulationResult {
  const clock = options.clock ?? (() => Date.now());
  const t0 = clock();
  // a tandem's subcells are run by tandem/simulate.ts; run here it would lose its junction layers
  if (spec.electrical?.tandem)
    throw new DeviceSpecInputError([
      'electrical.tandem: a tandem is run subcell by subcell (runTandemSimulation), not as one device here',
    ]);
  const { device, domain, warnings: inputWarnings } = deviceToElectrical(spec, assets);
  const el = spec.electrical!;
  // input warnings once, named as the DeviceSpec names its fields (not again by each solver run)
  device.options = { ...device.options, inputWarnings: false };
  if (options.wallClockLimit_ms !== undefined)
    device.options = { ...device.options, wallClockLimit_ms: options.wallClockLimit_ms };
  if (options.clock) device.options = { ...device.options, clock: options.clock };
  if (options.fitVoltagesV) {
    device.voltage_V = options.fitVoltagesV;
    device.options = { ...device.options, extendToVoc: false, solveFigures: false, standardProfiles: false };
  }
  const states = options.solverStates ?? {};
  const warnings: ResultWarning[] = [...inputWarnings];
  const mesh = electricalMeshOf(device);
  if (mesh.x.length > ADVISED_MAX_GRID_POINTS)
    warnings.push(resultMessage.gridAdvised(mesh.x.length, ADVISED_MAX_GRID_POINTS));
  domain.forEach((j) => {
    const l = spec.layers[j]!;
    if (l.excitonic && !l.electrical?.ctDissociation && !l.electrical?.excitonDiffusion)
      warnings.push(resultMessage.noExcitonModel(j, l.name));
  });
  const kind = el.generation?.kind ?? (spec.illumination ? 'optical' : 'dark');
  const thickness = device.layers.map((l) => l.thickness_nm);
  const xNm = Array.from(mesh.x, (x) => x * 1e9);
  let incidentPowerMwCm2 = 100;
  let incidentPowerWindowMwCm2 = 100;
  if (spec.illumination || kind === 'optical' || kind === 'beer-lambert') {
    const powers = memoised(options.opticsMemo, spec, 'power', () => {
      const os = deviceToOpticsSpec(spec, assets);
      return {
        full: 0.1 * (os.suns ?? 1) * integrateSpectrum(os.spectrum!, os.spectrum!.irradianceWm2Nm),
        window: 0.1 * (os.suns ?? 1) * windowPowerWm2(os.spectrum!, spec.illumination?.wavelength),
      };
    });
    incidentPowerMwCm2 = powers.full;
    incidentPowerWindowMwCm2 = powers.window;
  }
  device.options = { ...device.options, incidentPower_mW_cm2: incidentPowerMwCm2 };
  const result: DeviceSimulationResult = {
    schemaVersion: 1,
    device: spec.name,
    electricalLayers: domain.map((j) => ({ name: spec.layers[j]!.name, index: j })),
    incidentPowerMwCm2,
    incidentPowerWindowMwCm2,
    generation: { kind, x_nm: xNm, G_cm3_s: [], jGenerationMaCm2: 0 },
    warnings,
    elapsedMs: 0,
  };
  let G: Float64Array = new Float64Array(mesh.x.length);
  let opticsResult: ReturnType<typeof runDeviceOptics>['result'] | undefined;
  // layers that absorb but make no free carriers (SIMsalabim's layerGen = 0): their generation is
  // zero whatever its kind, so the optics still counts their parasitic absorption
  const silent = domain.map((j) => spec.layers[j]!.electrical?.generatesCarriers === false);
  const anySilent = silent.some(Boolean);
  if (kind === 'optical') {
    const points = options.profilePoints ?? 101;
    const optics = memoised(options.opticsMemo, spec, `optics ${points}`, () => runDeviceOptics(spec, assets, points));
    opticsResult = optics.result;
    const res = optics.result;
    result.optics = optics.report;
    warnings.push(...optics.report.warnings);
    G = valuesOnMesh(mesh, thickness, (li, depth) =>
      silent[li] ? new Float64Array(depth.length) : layerGeneration(res, domain[li]!, depth),
    );
    const jph = res.jphMaCm2!;
    result.generation.jOpticalMaCm2 = domain.reduce((s, j, li) => s + (silent[li] ? 0 : jph[j]!), 0);
    device.generation = { kind: 'mesh', G_cm3_s: Array.from(G) };
  } else if (kind === 'beer-lambert' || kind === 'profile' || (kind === 'uniform' && anySilent)) {
    const given: ElectricalGenerationSpec =
      kind === 'beer-lambert'
        ? beerLambertGeneration(spec, assets, domain, el.generation as { reflectance?: number })
        : kind === 'profile'
          ? profileGeneration(el.generation as { xNm: number[]; gCm3PerS: number[] })
          : { kind: 'uniform', G_cm3_s: (el.generation as { gCm3PerS: number }).gCm3PerS };
    const sides = generationOnMesh(given, mesh);
    if (anySilent) silenceSides(mesh, sides, silent);
    G = nodeValues(mesh, sides);
    device.generation = anySilent ? { kind: 'mesh', G_cm3_s: Array.from(G) } : given;
  } else if (kind === 'uniform') {
    const g = (el.generation as { gCm3PerS: number }).gCm3PerS;
    G.fill(g);
    device.generation = { kind: 'uniform', G_cm3_s: g };
  }
  result.generation.G_cm3_s = Array.from(G);
  result.generation.jGenerationMaCm2 = integrateOnMesh(mesh, G);
  // Progress: the light sweep, the dark sweep and the EQE share the scale after the optics (5 %).
  const report = options.onProgress;
  const only = options.eqeOnly || options.capacitanceOnly !== undefined || options.scanOnly !== undefined;
  const runLight = kind !== 'dark' && !only;
  const runDark = (kind === 'dark' || el.darkJV === true) && !only;
  // weights of the stages on the progress bar (a transient's steps dominate when there is one)
  const stages = [
    runLight ? 3 : 0,
    runDark ? 2 : 0,
    el.eqe && opticsResult ? 1 : 0,
    el.transient ? 12 : 0,
    el.impedance ? 2 : 0,
    el.capacitanceVoltage ? 2 : 0,
    el.capacitanceFrequency ? 2 : 0,
    el.defectLosses && runLight ? 3 : 0,
  ];
  const before = (k: number) => 0.05 + (0.95 * stages.slice(0, k).reduce((a, b) => a + b, 0)) / total;
  const total = stages.reduce((a, b) => a + b, 0) || 1;
  const sweepProgress = (offset: number, weight: number, label: string) =>
    report
      ? (done: number, n: number, v: number) =>
          report(
            0.05 + (0.95 * (offset + (weight * done) / n)) / total,
            `${label}: V = ${v.toFixed(3)} V (${done}/${n})`,
          )
      : undefined;
  report?.(0.05, 'optics and mesh done');
  if (runLight) {
    const onBiasPoint = sweepProgress(0, stages[0]!, 'light J-V');
    result.light = simulateJV(
      { ...device, options: { ...device.options, ...(onBiasPoint ? { onBiasPoint } : {}) } },
      states,
    );
    const f = result.light.figures;
    if (f) f.pceWindowPercent = pceOnWindow(f.PCE_percent, incidentPowerMwCm2, incidentPowerWindowMwCm2);
  }
  if (runDark) {
    const onBiasPoint = sweepProgress(stages[0]!, stages[1]!, 'dark J-V');
    result.dark = simulateJV({
      ...device,
      generation: { kind: 'dark' },
      options: {
        ...device.options,
        standardProfiles: kind === 'dark' && !options.fitVoltagesV,
        ...(onBiasPoint ? { onBiasPoint } : {}),
      },
    });
  }
  if (el.eqe && opticsResult) {
    report?.(0.05 + (0.95 * (stages[0]! + stages[1]!)) / total, 'EQE and IQE');
    try {
      result.eqe = deviceQuantumEfficiency(device, opticsResult, domain, mesh, thickness, silent, el.eqe.stepNm, {
        G,
        suns: spec.illumination?.suns ?? 1,
        ...el.eqe,
      });
      const failed = result.eqe.failedWavelengthNm;
      if (failed)
        warnings.push(resultMessage.eqeFailedWavelengths(failed, failed.length + result.eqe.wavelengthNm.length));
    } catch (e) {
      if (!(e instanceof DidNotConverge || e instanceof WallClockExceeded)) throw e;
      warnings.push(resultMessage.eqeNotComputed(e.msg));
    }
  }
  if (options.capacitanceOnly) {
    // a fit's C-V or C-f at its measured points and nothing else
    fitCapacitance(device, options.capacitanceOnly, result, report);
    result.elapsedMs = clock() - t0;
    return result;
  }
  const lit = kind !== 'dark';
  if (options.scanOnly) {
    // a fit's measured scan at its voltages and nothing else
    report?.(0.05, 'scan');
    result.scan = fitScan(device, options.scanOnly, lit);
    result.elapsedMs = clock() - t0;
    return result;
  }
  if (el.transient) {
    const offset = stages[0]! + stages[1]! + stages[2]!;
    report?.(0.05 + (0.95 * offset) / total, 'transient: steady state at the start');
    const onStep = report
      ? (t: number, T: number) =>
          report(
            0.05 + (0.95 * (offset + (stages[3]! * t) / T)) / total,
            `transient: t = ${fmtTime(t)} of ${fmtTime(T)}`,
          )
      : undefined;
    result.transient = runDeviceTransient(device, el.transient, lit, incidentPowerMwCm2, onStep);
    for (const s of result.transient.scans)
      if (s.figures)
        s.figures.pceWindowPercent = pceOnWindow(s.figures.PCE_percent, incidentPowerMwCm2, incidentPowerWindowMwCm2);
  }
  if (el.impedance) {
    report?.(0.05 + (0.95 * (stages[0]! + stages[1]! + stages[2]! + stages[3]!)) / total, 'impedance spectrum');
    result.impedance = runDeviceImpedance(device, el.impedance);
  }
  if (el.capacitanceVoltage) {
    report?.(before(5), 'capacitance-voltage');
    result.capacitanceVoltage = runDeviceCapacitanceVoltage(device, el.capacitanceVoltage);
  }
  if (el.capacitanceFrequency) {
    report?.(before(6), 'capacitance-frequency');
    result.capacitanceFrequency = runDeviceCapacitanceFrequency(device, el.capacitanceFrequency);
  }
  if (el.defectLosses && runLight && result.light) {
    result.defectLosses = runDefectLosses(spec, device, result.light.figures, (done, n) =>
      report?.(before(7) + (0.95 * stages[7]! * done) / n / total, `J-V without defect ${done + 1} of ${n}`),
    );
  }
  result.elapsedMs = clock() - t0;
  return result;
}

/**
 * The capacitance of a fit's C-V (one continuation along the biases as given, a small-signal solve
 * at each, at one frequency; no Mott-Schottky reading) or C-f (one steady state, a small-signal
 * solve per frequency), into result.capacitanceVoltage or result.capacitanceFrequency.
 */
function fitCapacitance(
  device: ElectricalDevice,
  cap: NonNullable<DeviceSimulationOptions['capacitanceOnly']>,
  result: DeviceSimulationResult,
  report: DeviceSimulationOptions['onProgress'],
): void {
  if (cap.kind === 'cv') {
    report?.(0.05, 'capacitance-voltage');
    const r = capacitanceVoltage(device, cap.biasV, cap.frequencyHz);
    result.capacitanceVoltage = {
      converged: r.converged,
      frequency_Hz: r.frequency_Hz,
      V: r.V,
      C_F_cm2: r.C_F_cm2,
      invC2_cm4_F2: r.invC2_cm4_F2,
      elapsed_ms: r.stats.elapsed_ms,
      ...(r.error !== undefined ? { error: r.error } : {}),
    };
    return;
  }
  report?.(0.05, 'capacitance-frequency');
  const r = impedanceSpectrum(device, cap.biasV, cap.frequencyHz);
  const f = r.points.map((p) => p.frequency_Hz);
  const C = r.points.map((p) => p.C_F_cm2);
  result.capacitanceFrequency = {
    converged: r.converged,
    V_dc: r.V_dc,
    frequency_Hz: f,
    C_F_cm2: C,
    minusFdCdf_F_cm2: minusFdCdf(f, C),
    elapsed_ms: r.stats.elapsed_ms,
    ...(r.error !== undefined ? { error: r.error } : {}),
  };
}

/**
 * A fit's measured scan: the steady state at fromV, a linear scan to toV, J sampled at the times
 * the scan passes atV (the transient's samples between steps are its interpolant, so the voltages
 * cost no extra steps).
 */
function fitScan(
  device: ElectricalDevice,
  scan: NonNullable<DeviceSimulationOptions['scanOnly']>,
  lit: boolean,
): NonNullable<DeviceSimulationResult['scan']> {
  const duration = Math.abs(scan.toV - scan.fromV) / scan.rateVPerS;
  const times = scan.atV.map((v) => Math.min(duration, Math.abs(v - scan.fromV) / scan.rateVPerS));
  const order = times.map((_, i) => i).sort((a, b) => times[a]! - times[b]!);
  const r = simulateTransient(
    device,
    { initial: { V: scan.fromV, light: lit ? 1 : 0 }, segments: [{ duration_s: duration, to_V: scan.toV }] },
    { sampleTimes_s: order.map((i) => times[i]!) },
  );
  const J = new Array<number>(scan.atV.length).fill(Number.NaN);
  order.forEach((i, k) => {
    const q = r.samples[k];
    if (q) J[i] = q.J_mA_cm2;
  });
  return {
    converged: r.converged && r.samples.length === scan.atV.length,
    V: scan.atV.slice(),
    J_mA_cm2: J,
    ...(r.error !== undefined ? { error: r.error } : {}),
  };
}

/** Entries a memo keeps at most (a fit's curves have a few light intensities). */
const OPTICS_MEMO_SIZE = 16;

/**
 * A value of the device's optics from the memo, or computed and kept. The key is the device
 * without its electrical parameters: a fit that varies only those reuses the optics of every
 * intensity for all its runs. Layers with graded composition are never memoised (their grading
 * sits in the electrical block but changes the absorption).
 */
function memoised<T>(
  memo: Map<string, unknown> | undefined,
  spec: ElectricalDeviceSpecLike,
  what: string,
  compute: () => T,
): T {
  if (!memo || spec.layers.some((l) => l.electrical?.grading)) return compute();
  const { electrical: _e, ...rest } = spec as ElectricalDeviceSpecLike & Record<string, unknown>;
  const key = `${what} ${JSON.stringify({ ...rest, layers: spec.layers.map(({ electrical: _l, ...l }) => l) })}`;
  const hit = memo.get(key);
  if (hit !== undefined) return hit as T;
  const value = compute();
  if (memo.size >= OPTICS_MEMO_SIZE) memo.delete(memo.keys().next().value as string);
  memo.set(key, value);
  return value;
}

/**
 * The incident power inside the simulated wavelength window, W/m^2 (what SCAPS divides the maximum
 * power by): the spectrum between illumination.wavelength's startNm and endNm (300-1600 nm by
 * default); a monochromatic line is its own window (the optics runs at its wavelength alone).
 */
function windowPowerWm2(s: Spectrum, window: { startNm: number; endNm: number } | undefined): number {
  if (s.monochromatic) return integrateSpectrum(s, s.irradianceWm2Nm);
  const w = window ?? { startNm: 300, endNm: 1600 };
  return spectrumPowerWithinWm2(s, w.startNm, w.endNm);
}

/**
 * A PCE on the window's power instead of the full spectrum's, PCE * P_full / P_window (the same
 * maximum power over the other denominator); undefined when the window holds no light.
 */
export function pceOnWindow(pcePercent: number, fullMwCm2: number, windowMwCm2: number): number | undefined {
  return windowMwCm2 > 0 ? (pcePercent * fullMwCm2) / windowMwCm2 : undefined;
}

/** EQE and IQE at the optical wavelengths every stepNm (default: all), see the module comment. */
function deviceQuantumEfficiency(
  device: ElectricalDevice,
  res: ReturnType<typeof runDeviceOptics>['result'],
  domain: number[],
  mesh: Mesh,
  thickness: number[],
  silent: boolean[],
  stepNm?: number,
  conditions: { G?: Float64Array; suns?: number; biasLightSuns?: number; biasV?: number } = {},
): NonNullable<DeviceSimulationResult['eqe']> {
  const wl = res.wavelengthNm;
  const nWl = wl.length;
  const every = nWl > 1 && stepNm !== undefined ? Math.max(1, Math.round(stepNm / (wl[1]! - wl[0]!))) : 1;
  const idx: number[] = [];
  for (let i = 0; i < nWl; i += every) idx.push(i);
  if (idx[idx.length - 1] !== nWl - 1) idx.push(nWl - 1);
  const xNm = Array.from(mesh.x, (x) => x * 1e9);
  const lines = idx.map((i) => ({
    wavelength_nm: wl[i]!,
    x_nm: xNm,
    // a(z) per nm per incident photon -> per cm
    Gper_photon_cm: Array.from(
      valuesOnMesh(mesh, thickness, (li, depth) =>
        silent[li] ? new Float64Array(depth.length) : absorptionProfile(res.tmm, domain[li]!, depth, i),
      ),
      (a) => a * 1e7,
    ),
  }));
  // one bias point per line: no extension of the sweep to Voc, no extra profiles
  const qeDevice: ElectricalDevice = {
    ...device,
    generation: { kind: 'dark' },
    options: { ...device.options, extendToVoc: false, profileBiases_V: [] },
  };
  // the bias light: the device's own generation (at illumination.suns) scaled to biasLightSuns suns
  const B = conditions.biasLightSuns ?? 0;
  let bias: ElectricalGenerationSpec = { kind: 'dark' };
  if (B > 0) {
    const S = conditions.suns ?? 1;
    if (!(S > 0) || !conditions.G)
      throw new DeviceSpecInputError([
        "electrical.eqe.biasLightSuns: a bias light is the device's own illumination scaled, and illumination.suns is 0",
      ]);
    bias = { kind: 'mesh', G_cm3_s: Array.from(conditions.G, (g) => (g * B) / S) };
  }
  const qe = quantumEfficiency(qeDevice, lines, { bias, ...(conditions.biasV ? { biasV: conditions.biasV } : {}) });
  const ok = idx.filter((i) => qe.wavelength_nm.includes(wl[i]!));
  const absorptance = ok.map((i) => domain.reduce((s, j) => s + res.A[j]![i]!, 0));
  const iqe = qe.EQE.map((e, k) => (absorptance[k]! > 0 ? e / absorptance[k]! : Number.NaN));
  const out: NonNullable<DeviceSimulationResult['eqe']> = {
    wavelengthNm: qe.wavelength_nm,
    eqe: qe.EQE,
    iqe,
    absorptance,
  };
  if (qe.failed.length > 0) {
    // a missing wavelength would silently bias the integral: Jsc from the EQE is not given then
    out.failedWavelengthNm = qe.failed.map((f) => f.wavelength_nm);
    return out;
  }
  // EQE linearly interpolated onto the optical grid, integrated with the optics' photon-flux weights
  const w = res.weights!;
  let jsc = w[idx[0]!]! * qe.EQE[0]!;
  for (let k = 0; k + 1 < idx.length; k++) {
    const i0 = idx[k]!;
    const i1 = idx[k + 1]!;
    for (let i = i0 + 1; i <= i1; i++) {
      const t = (i - i0) / (i1 - i0);
      jsc += w[i]! * (qe.EQE[k]! + t * (qe.EQE[k + 1]! - qe.EQE[k]!));
    }
  }
  // weights carry 1e3 w Phi; J = 0.1 q sum w Phi EQE = 1e-4 q sum weights EQE (mA/cm^2)
  out.jscFromEqeMaCm2 = 1e-4 * Q_C * jsc;
  return out;
}

/**
 * Beer-Lambert generation of the illumination spectrum in the electrical layers, light entering the
 * first of them after a reflectance R (layers in front taken as transparent), one line per
 * wavelength bin: photon flux W_i (cm^-2 s^-1) and alpha = 4 pi k / lambda of each electrical layer.
 * The solver evaluates it (electrical/models/generation.ts, the one Beer-Lambert implementation).
 */
function beerLambertGeneration(
  spec: ElectricalDeviceSpecLike,
  assets: DeviceOpticsAssets,
  domain: number[],
  gen: { reflectance?: number },
): ElectricalGenerationSpec {
  if (!domain.length) throw new DeviceSpecInputError(['electrical: no electrical layers']);
  const os = deviceToOpticsSpec(spec, assets);
  const input = buildTmmInput(os);
  const grid = input.wavelengthNm;
  let s = resampleSpectrum(os.spectrum!, grid);
  if (os.suns !== undefined) s = scaleSpectrum(s, os.suns);
  // weights carry 1e3 w Phi (Phi in m^-2 s^-1 nm^-1): photons per cm^2 per s in a bin = 1e-7 weights
  const wts = generationWeights(grid, photonFlux(s), os.spectrum!.monochromatic === true);
  const lines = Array.from(grid, (l, i) => ({
    photonFlux_cm2_s: 1e-7 * wts[i]!,
    alpha_cm: domain.map((j) => (4 * Math.PI * input.layers[j]!.k[i]!) / (l * 1e-7)),
  }));
  const out: ElectricalGenerationSpec = { kind: 'beer-lambert', lines, from: 'left' };
  if (gen.reflectance !== undefined) out.reflectance = gen.reflectance;
  return out;
}

/** A generation-profile file's numbers as the solver reads them (depths from the front face of the first electrical layer). */
function profileGeneration(g: { xNm: number[]; gCm3PerS: number[] }): ElectricalGenerationSpec {
  return { kind: 'profile', x_nm: g.xNm, G_cm3_s: g.gCm3PerS };
}

/** Zeroes the node sides (generation.ts's per-side values) that lie in the layers marked silent. */
function silenceSides(mesh: Mesh, sides: Float64Array, silent: boolean[]): void {
  const N = mesh.x.length;
  for (let i = 0; i < N; i++)
    for (const side of [0, 1] as const) {
      const k = Math.min(Math.max(side === 0 ? i - 1 : i, 0), N - 2);
      if (silent[mesh.intervalLayer[k]!]) sides[2 * i + side] = 0;
    }
}

/**
 * Node values of a per-side quantity (generation.ts gives one value per node side): the half-box
 * weighted average at interface nodes, as in valuesOnMesh, so that q int G is the same integral.
 */
function nodeValues(mesh: Mesh, sides: Float64Array): Float64Array {
  const N = mesh.x.length;
  const out = new Float64Array(N);
  for (let i = 0; i < N; i++) {
    const hl = i > 0 ? mesh.x[i]! - mesh.x[i - 1]! : 0;
    const hr = i < N - 1 ? mesh.x[i + 1]! - mesh.x[i]! : 0;
    out[i] = (hl * sides[2 * i]! + hr * sides[2 * i + 1]!) / (hl + hr);
  }
  return out;
}

/** A time for a progress line: "3.2 s", "45 ms", "2.5 h". */
function fmtTime(t: number): string {
  if (t >= 7200) return `${Number((t / 3600).toPrecision(3))} h`;
  if (t >= 1) return `${Number(t.toPrecision(3))} s`;
  if (t >= 1e-3) return `${Number((t * 1e3).toPrecision(3))} ms`;
  return `${Number((t * 1e6).toPrecision(3))} µs`;
}
