import { checkDeviceSpec } from '@pvforge/contracts';
import {
  type CheckIssue,
  type DeviceOpticsAssets,
  type ElectricalDeviceSpecLike,
  OpticsInputError,
  runDeviceSimulation,
} from '@pvforge/engine';
import { PREVIEW_NODES, PREVIEW_STEP_V, PREVIEW_TIME_LIMIT_MS } from './coarse-settings';

/**
 * The electrical preview's calculation: the device the editor holds, checked by the one device
 * check the server runs (checkDeviceSpec), then the engine's own device run (runDeviceSimulation:
 * map, optics, drift-diffusion) on a coarse version of it. The coarse device is the user's with
 * only what makes a J-V expensive changed: the mesh, the voltage step, and every study beside the
 * lit steady J-V left out (transient, impedance, C-V, C-f, EQE, dark J-V, defect losses, profiles at extra biases).
 * Pure apart from the clock: the worker (jv-preview.worker.ts) runs it, and a unit test runs it on
 * the example devices against the full calculation.
 */

/** What the preview shows of a run: the curve and the figures (percent as the result page shows them). */
export interface CoarseJv {
  V: number[];
  J: number[];
  /** Undefined in the dark or when the current does not cross zero in the sweep. */
  figures?: { jscMaCm2: number; vocV: number; ffPercent: number; pcePercent: number };
  /** Total mesh nodes and bias points solved (the preview says how coarse it was). */
  nodes: number;
  points: number;
  /** The preview's voltage step, V. */
  stepV: number;
  /** The full calculation's nodes and step, for the sentence on how the preview differs. */
  fullNodes: number | undefined;
  fullStepV: number;
  computeMs: number;
}

export type CoarseJvOutcome =
  | { kind: 'ok'; jv: CoarseJv }
  /** The device check refused the device: no preview, the check's issues (worded by their codes). */
  | { kind: 'invalid'; issues: CheckIssue[] }
  /** A tandem runs subcell by subcell: the preview does not cover it. */
  | { kind: 'tandem' }
  /** The coarse run gave up: at the wall-clock limit, or Newton failed at a bias. */
  | { kind: 'failed'; reason: 'time' | 'convergence'; atV?: number; computeMs: number }
  /** The engine refused the input after the check (an n,k table short of the range); its English and field. */
  | { kind: 'error'; message: string; field?: string };

/** The coarse device: the user's with the preview's mesh and step and no study beside the lit J-V. */
export function coarseDevice(spec: ElectricalDeviceSpecLike): ElectricalDeviceSpecLike {
  const el = spec.electrical!;
  const {
    transient: _transient,
    impedance: _impedance,
    capacitanceVoltage: _cv,
    capacitanceFrequency: _cf,
    defectLosses: _losses,
    eqe: _eqe,
    darkJV: _dark,
    ...kept
  } = el;
  return {
    ...spec,
    // a layer's own interval count would override the device total
    layers: spec.layers.map((l) => {
      if (!l.electrical || l.electrical.gridPoints === undefined) return l;
      const { gridPoints: _g, ...rest } = l.electrical;
      return { ...l, electrical: rest };
    }),
    electrical: {
      ...kept,
      gridPoints: PREVIEW_NODES,
      voltageSweep: { ...el.voltageSweep, stepV: Math.max(PREVIEW_STEP_V, el.voltageSweep.stepV) },
      profileBiasesV: [],
    },
  };
}

/**
 * Checks and runs the coarse J-V of `raw` (the editor's DeviceSpec). `opticsMemo` keeps the optics
 * between runs of devices that differ only in electrical values (the engine's memo), so an edit of a
 * lifetime or a mobility costs the J-V alone.
 */
export function runCoarseJv(
  raw: unknown,
  assets: DeviceOpticsAssets,
  opticsMemo: Map<string, unknown>,
  clock: () => number = () => performance.now(),
): CoarseJvOutcome {
  const checked = checkDeviceSpec(raw);
  if (!checked.ok) return { kind: 'invalid', issues: checked.issues };
  const spec = checked.spec as ElectricalDeviceSpecLike;
  if (!spec.electrical) return { kind: 'invalid', issues: [] };
  if (spec.electrical.tandem) return { kind: 'tandem' };
  const coarse = coarseDevice(spec);
  const t0 = clock();
  let res: ReturnType<typeof runDeviceSimulation>;
  try {
    res = runDeviceSimulation(coarse, assets, {
      wallClockLimit_ms: PREVIEW_TIME_LIMIT_MS,
      clock,
      opticsMemo,
      // the optics report's G(x) sample is not shown: the fewest points it takes
      profilePoints: 2,
    });
  } catch (e) {
    return {
      kind: 'error',
      message: e instanceof Error ? e.message : String(e),
      ...(e instanceof OpticsInputError ? { field: e.field } : {}),
    };
  }
  const computeMs = clock() - t0;
  const curve = res.light ?? res.dark;
  if (!curve) return { kind: 'error', message: 'no J-V computed' };
  if (!curve.converged) {
    const reason = curve.error?.code === 'jv.wall-clock' ? 'time' : 'convergence';
    const v = Number(curve.error?.params['v']);
    return { kind: 'failed', reason, ...(Number.isFinite(v) ? { atV: v } : {}), computeMs };
  }
  const f = res.light?.figures;
  return {
    kind: 'ok',
    jv: {
      V: curve.V,
      J: curve.J_mA_cm2,
      ...(f
        ? { figures: { jscMaCm2: f.Jsc_mA_cm2, vocV: f.Voc_V, ffPercent: 100 * f.FF, pcePercent: f.PCE_percent } }
        : {}),
      nodes: curve.mesh.nodes,
      points: curve.V.length,
      stepV: coarse.electrical!.voltageSweep.stepV,
      fullNodes: spec.electrical.gridPoints,
      fullStepV: spec.electrical.voltageSweep.stepV,
      computeMs,
    },
  };
}
