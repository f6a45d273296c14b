/** SIMsalabim (SimSS 5.x) parameter files in and out, and SimSS's J-V output. */

export { readSimsalabimCurves } from './curves.js';
export { exportSimsalabim } from './export.js';
export { importSimsalabim } from './import.js';
export { SIMSALABIM_MESSAGES } from './words.js';
