import { refuseUnreadable } from './guard.js';
import type { ForeignCurve, ImportOutcome, InteropMessage, SourceFile } from './report.js';
import { type AbsTable, readAbsFile } from './scaps/abs.js';
import { importScaps, readScapsCurves } from './scaps/index.js';
import { ScapsError } from './scaps/lines.js';
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

/**
 * The curves of an output file of either tool: SCAPS's by extension, else SimSS's J-V table. When
 * there are none, `error` says why (too large, binary with the line, or no known output format), so
 * a page can tell the user more than "no curve found".
 */
export function readForeignCurves(file: SourceFile): { curves: ForeignCurve[]; error?: InteropMessage } {
  const unreadable = refuseUnreadable([file]);
  // the guard's refusal carries where (file and line) for a report row; a curve's message needs only its words
  if (unreadable)
    return { curves: [], error: { code: unreadable.code, params: unreadable.params, text: unreadable.text } };
  const curves = /\.(iv|qe|cv|cf)$/i.test(file.name) ? readScapsCurves(file) : readSimsalabimCurves(file);
  if (curves.length) return { curves };
  return {
    curves,
    error: {
      code: 'curve.unknown-format',
      params: { file: file.name },
      text: `${file.name} holds no SCAPS (.iv, .qe, .cv, .cf) or SimSS J-V curve`,
    },
  };
}

/**
 * A SCAPS absorption file (.abs) alone, for an editor replacing a layer's absorption table: the
 * table (wavelength in nm, alpha in 1/cm, whatever units the file was in) or why it cannot be read,
 * naming the line. Never throws: the reader's refusals come back as the message.
 */
export function readAbsorptionFile(
  file: SourceFile,
): { table: AbsTable; error?: undefined } | { table?: undefined; error: InteropMessage } {
  const unreadable = refuseUnreadable([file]);
  if (unreadable) return { error: { code: unreadable.code, params: unreadable.params, text: unreadable.text } };
  try {
    return { table: readAbsFile(file) };
  } catch (e) {
    if (e instanceof ScapsError) return { error: e.message_ };
    throw e;
  }
}
