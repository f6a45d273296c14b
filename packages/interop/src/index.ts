/**
 * @pvforge/interop: SCAPS-1D and SIMsalabim files in and out. Pure functions of the files' texts
 * (the CLI and the browser read the files at their edges); every imported value keeps its file and
 * line, and every value not used is listed with the reason (report.ts).
 */
export * from './report.js';
