import { refuseUnreadable } from './guard.js';
import type { ForeignCurve, ImportOutcome, SourceFile } from './report.js';
import { importScaps, readScapsCurves } from './scaps/index.js';
import { importSimsalabim, readSimsalabimCurves } from './simsalabim/index.js';

/**
 * Which tool wrote these files, recognised from the files themselves (a user drops a folder's
 * worth, names as they come): a SCAPS definition file ends in .def; a SIMsalabim device is led by
 * its simulation_setup file (5.x) or its device_parameters file (4.x). One device per import.
 */
export function importDeviceFiles(files: readonly SourceFile[]): ImportOutcome {
  if (files.length === 0) return { ok: false, error: { code: 'import.no-files', params: {}, text: 'no files given' } };
  const unreadable = refuseUnreadable(files);
  if (unreadable) return { ok: false, error: unreadable };
  const defs = files.filter((f) => /\.def$/i.test(f.name));
  // 5.x leads with simulation_setup.txt; 4.x keeps the whole device in one device_parameters.txt
  const setups = files.filter(
    (f) => /(simulation_setup|device_parameters).*\.txt$/i.test(f.name) || isSimsalabimSetup(f.text),
  );
  if (defs.length > 1 || setups.length > 1 || (defs.length && setups.length)) {
    const names = [...defs, ...setups].map((f) => f.name).join(', ');
    return {
      ok: false,
      error: { code: 'import.several-devices', params: { files: names }, text: `several device files: ${names}` },
    };
  }
  if (defs.length === 1) return importScaps([...files]);
  if (setups.length === 1) return importSimsalabim([...files]);
  const names = files.map((f) => f.name).join(', ');
  return {
    ok: false,
    error: {
      code: 'import.unknown-format',
      params: { files: names },
      text: `not a SCAPS or SIMsalabim device: ${names}`,
    },
  };
}

/** A SIMsalabim setup file names its layer files (`l1 = L1_parameters.txt`), whatever the file is called. */
function isSimsalabimSetup(text: string): boolean {
  return /^\s*l1\s*=\s*\S+/im.test(text) && /^\s*(T|L)\s*=/m.test(text);
}

/** The curves of an output file of either tool: SCAPS's by extension, else SimSS's J-V table. */
export function readForeignCurves(file: SourceFile): ForeignCurve[] {
  if (refuseUnreadable([file])) return [];
  if (/\.(iv|qe|cv|cf)$/i.test(file.name)) return readScapsCurves(file);
  return readSimsalabimCurves(file);
}
