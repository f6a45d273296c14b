import type { DeviceSpec } from '@pvforge/contracts';

/**
 * The shared vocabulary of every import and export: the files a user hands over, what became of
 * each value (mapped, approximated, refused, not used) with the file and line it came from, and
 * the outcome. Nothing an importer reads is dropped silently: a value it does not use is listed
 * with the reason. Messages carry a code and parameters (worded in zh-CN and English by words.ts)
 * and an English text for logs.
 */

/** One file as the user gave it: its name (no directory) and its text. */
export interface SourceFile {
  name: string;
  text: string;
}

/** Where a value came from: the file's name and the 1-based line in it. */
export interface SourceRef {
  file: string;
  line: number;
}

/** A message with a code (words.ts words it), its parameters and the English text. */
export interface InteropMessage {
  code: string;
  params: Record<string, string | number>;
  text: string;
}

/**
 * What became of one value of the other tool's file:
 *  - mapped: it is in the device exactly (after a unit conversion);
 *  - approximated: it is in the device, but PVForge models it differently (the message says how);
 *  - refused: it could not be expressed; the device was written without it only when that does
 *    not change the physics the user asked for (else the import fails, see ImportOutcome);
 *  - unused: read, and deliberately not used (solver settings, output switches), with the reason.
 */
export type ReportStatus = 'mapped' | 'approximated' | 'refused' | 'unused';

export interface ReportItem {
  status: ReportStatus;
  /** The other tool's name of the value, as in the file (`mu_n`, `Eg`, `L1_parameters.txt: N_t_bulk`). */
  name: string;
  /** The value as written in the file. */
  raw?: string;
  source?: SourceRef;
  /** The DeviceSpec path it went to (`layers[2].electrical.muNCm2PerVs`), when it went somewhere. */
  path?: string;
  /** The value in the device, in the DeviceSpec unit. */
  value?: number | string | boolean | null;
  /** Why (approximated, refused, unused); absent for a plain mapping. */
  message?: InteropMessage;
}

export interface ImportReport {
  /** 'scaps' (a .def with its .abs files) or 'simsalabim' (simulation_setup.txt and the files it names). */
  tool: 'scaps' | 'simsalabim';
  /** The version the file says it was written by, when it says. */
  version?: string;
  /** The files read, in the order read. */
  files: string[];
  items: ReportItem[];
}

/**
 * An import: the device (valid against DeviceSpec and the engine's check, ready to run) with its
 * report, or the reason no device could be made, naming the file and line. A refusal never comes
 * with a partial device.
 */
export type ImportOutcome =
  | { ok: true; device: DeviceSpec; report: ImportReport; warnings: InteropMessage[] }
  | { ok: false; error: InteropMessage & { source?: SourceRef }; report?: ImportReport };

/** What an export wrote and what the other tool cannot express. */
export interface ExportOutcome {
  tool: 'scaps' | 'simsalabim';
  files: SourceFile[];
  /** The device's values the other tool cannot hold (status 'refused' or 'approximated'), by path. */
  items: ReportItem[];
}

/** A curve another tool wrote (SCAPS .iv/.qe/.cv/.cf, SimSS's J-V output), ready to overlay. */
export interface ForeignCurve {
  tool: 'scaps' | 'simsalabim';
  /** 'jv': V (V) and J (mA/cm², photocurrent positive, as the engine's J-V); 'qe': wavelength (nm) and QE (%); 'cv': V (V) and C (nF/cm²); 'cf': f (Hz) and C (nF/cm²). */
  kind: 'jv' | 'qe' | 'cv' | 'cf';
  /** The file's name and, where the file holds several, which one (`illuminated`, `dark`, a temperature...). */
  label: string;
  x: number[];
  y: number[];
}
