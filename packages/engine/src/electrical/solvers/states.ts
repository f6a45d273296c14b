/**
 * The steady solver's state hooks: how a caller collects the converged states of one run and starts
 * another run from them (a tandem's whole stack from its subcells', tandem/stitch.ts). They are
 * handed to simulateJV beside the device, not inside it, because they speak of the built model
 * (DDModel), which is itself built from the device description (types.ts).
 */
import type { DDModel } from '../discretisation/model.js';

/** A converged state of the solver (onState). */
export interface SolvedState {
  /** Terminal and internal voltage, V. */
  V: number;
  vInternalV: number;
  /** The scaled unknowns (u, fn, fp, ions per node; discretisation/model.ts). */
  x: Float64Array;
  model: DDModel;
}

export interface SolverStateHooks {
  /**
   * Called with every converged state the light or dark sweep keeps (its bias points and the
   * figures' solves), for a caller that starts another run from them (a tandem's whole stack from
   * its subcells', tandem/stitch.ts). x is a copy.
   */
  onState?: (state: SolvedState) => void;
  /**
   * Starts other than equilibrium and the light ramp: given the built model, the scaled unknowns
   * and the internal voltage (V) from which Newton starts at full generation, tried in order until
   * one converges (an iterable, so that a later one is built only when needed); the sweep then
   * continues from it to its first voltage. None, or all failing, keeps the usual start.
   */
  initialStates?: (model: DDModel) => Iterable<{ x: Float64Array; vInternalV: number }>;
}
