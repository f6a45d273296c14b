/** SCAPS-1D files in and out: .def (with .abs) to and from a DeviceSpec, and SCAPS's output curves. */

export { readScapsCurves } from './curves.js';
export { exportScaps } from './export.js';
export { importScaps } from './import.js';
export { SCAPS_MESSAGES } from './words.js';
