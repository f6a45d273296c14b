/**
 * How coarse the electrical preview is (coarse-jv.ts runs it, the card says it): a module of its
 * own so that the card on the main thread reads these numbers without pulling in the engine.
 */

/** Mesh nodes of the preview (the examples use 250-400): enough for a perovskite's band bending. */
export const PREVIEW_NODES = 50;
/** Voltage step of the preview, V (the examples use 10-20 mV); Voc and the maximum power point are solved, not read off. */
export const PREVIEW_STEP_V = 0.025;
/** Wall-clock limit of one preview run, ms: a hard device gives up instead of holding the worker. */
export const PREVIEW_TIME_LIMIT_MS = 2000;
/** Quiet time after an edit before the preview runs, ms: typing "500" runs once, not for 5 and 50. */
export const PREVIEW_DEBOUNCE_MS = 150;
