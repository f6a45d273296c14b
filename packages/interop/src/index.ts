/**
 * @pvforge/interop: SCAPS-1D and SIMsalabim files in and out. Pure functions of the files' texts
 * (the CLI and the browser read the files at their edges); every imported value keeps its file and
 * line, and every value not used is listed with the reason (report.ts).
 *
 * The API (one entry each way per tool, and a dispatcher that recognises the tool):
 *   importScaps(files)        a .def with the .abs files it names         -> ImportOutcome
 *   importSimsalabim(files)   simulation_setup.txt with the files it names -> ImportOutcome
 *   importDeviceFiles(files)  either, recognised from the files           -> ImportOutcome
 *   exportScaps(device)       -> ExportOutcome (the .def and its .abs files)
 *   exportSimsalabim(device)  -> ExportOutcome (simulation_setup.txt, L*_parameters.txt, ...)
 *   readForeignCurves(file)   SCAPS .iv/.qe/.cv/.cf or SimSS J-V output   -> { curves, error? }
 *                             (error: why there are none: too large, binary, no known format)
 *   readAbsorptionFile(file)  a SCAPS .abs table alone (an editor replacing a layer's table) -> { table } | { error }
 *   decodeText(bytes)         a file's bytes as text: UTF-8 when valid, else Windows-1252 (SCAPS's ANSI files)
 *   wordInterop(message, lang) the report's words in zh-CN or English
 */

export type { ComputedKRad } from './computed-krad.js';
export { importDeviceFiles, readAbsorptionFile, readForeignCurves } from './dispatch.js';
export { MAX_FILE_BYTES } from './guard.js';
export * from './report.js';
export type { AbsTable } from './scaps/abs.js';
export { exportScaps, importScaps, readScapsCurves } from './scaps/index.js';
export { exportSimsalabim, importSimsalabim, readSimsalabimCurves } from './simsalabim/index.js';
export { decodeText } from './text.js';
export { INTEROP_MESSAGES, wordInterop } from './words.js';
