/**
 * Measured J-V curves: parsing, unit and sign detection, validation and resampling.
 *
 * Input is text (CSV, TSV, semicolon- or whitespace-separated TXT, SCAPS .iv) or rows of cells
 * already extracted from a spreadsheet (parseCurveRows: an XLSX reader on the server or CLI
 * feeds its rows here; the engine itself reads no files).
 *
 * Steps:
 * 1. Cells: delimiter per line (tab, ';', ',', else whitespace); with ';' a decimal comma is
 *    accepted. Lines starting with '#', '%' or '//' are comments.
 * 2. Table: the first block of numeric rows is the data; the last text row before it is the header.
 * 3. Columns: from header names (v, u, volt, voltage, bias / j, i, current, density, jtot), else
 *    columns 1 and 2; explicit override by index.
 * 4. Units: from the header ("(mV)", "[mA/cm2]", "A", ...) or explicit override; without a unit
 *    a voltage span above 20 is taken as mV and currents as mA/cm^2 (a warning says so).
 *    A or mA need the device area (cm^2): J = I / area. A/m^2 is converted with 0.1.
 *    Result: V in volts, J in mA/cm^2.
 * 5. Sign: the engine's convention is generation positive, so J decreases with V for any diode
 *    (light or dark); a curve whose current increases from the lowest to the highest voltage is
 *    flipped (override: sign "as-is" or "flip").
 * 6. Light or dark: light when |J(0)| exceeds 1 % of the largest |J| (and 1e-3 mA/cm^2).
 * 7. Voltage must be strictly monotonic (a reverse sweep is reversed; a hysteresis loop or repeated
 *    voltage is an error); at least 10 points; no NaN or empty cell.
 * 8. Resampling: monotone piecewise-cubic Hermite interpolation (PCHIP; F. N. Fritsch and
 *    R. E. Carlson, SIAM J. Numer. Anal. 17, 238 (1980)) onto a uniform voltage grid of about 1000
 *    points (spec section 9). Linear interpolation would bias a fit where the curve bends near
 *    Voc; PCHIP is third-order accurate on smooth data and never overshoots between noisy points.
 *    The measured point count is kept for the fit statistics. The interpolant is the engine's one
 *    (jv/figures.ts MonotoneCubic), so the fit, the preview and the key figures see the same curve.
 */

import { MonotoneCubic } from '../jv/figures.js';
import type { EngineMessage } from '../messages/index.js';
import { resultMessage } from '../messages/results.js';
import { check, type Problems } from './input-check.js';

export type VoltageUnit = 'V' | 'mV';
export type CurrentUnit = 'A' | 'mA' | 'A/cm2' | 'mA/cm2' | 'A/m2';

export interface CurveParseOptions {
  /** 0-based column of the voltage (default: detected). */
  voltageColumn?: number;
  /** 0-based column of the current (default: detected). */
  currentColumn?: number;
  voltageUnit?: VoltageUnit;
  currentUnit?: CurrentUnit;
  /** Device area in cm^2, required when the current is in A or mA. */
  areaCm2?: number;
  /** "auto" (default): detect; "as-is": keep; "flip": multiply by -1. */
  sign?: 'auto' | 'as-is' | 'flip';
  illumination?: 'auto' | 'light' | 'dark';
  /** Number of points after resampling (default 1000; 0 keeps the measured points). */
  resamplePoints?: number;
}

export interface MeasuredCurve {
  /** Resampled curve (ascending voltage, V; generation-positive J, mA/cm^2). */
  voltageV: number[];
  jMaCm2: number[];
  /** The measured points after conversion, sign and ordering (before resampling). */
  measured: { voltageV: number[]; jMaCm2: number[] };
  detected: {
    header: string[] | null;
    voltageColumn: number;
    currentColumn: number;
    voltageUnit: VoltageUnit;
    currentUnit: CurrentUnit;
    signFlipped: boolean;
    illumination: 'light' | 'dark';
    sweep: 'forward' | 'reverse';
  };
  /** Other numeric columns of the table by header name (measured order and points, unconverted). */
  otherColumns: Record<string, number[]>;
  warnings: EngineMessage[];
}

const VOLTAGE_UNITS: readonly VoltageUnit[] = ['V', 'mV'];
const CURRENT_UNITS: readonly CurrentUnit[] = ['A', 'mA', 'A/cm2', 'mA/cm2', 'A/m2'];

/** Problems of parse options, under `prefix` (where they sit in the caller's input). */
export function curveParseOptionProblems(o: unknown, prefix: string, out: Problems): void {
  if (o === undefined || !out.object(prefix, o)) return;
  out.wholeNumber(`${prefix}.voltageColumn`, o['voltageColumn'], 0);
  out.wholeNumber(`${prefix}.currentColumn`, o['currentColumn'], 0);
  out.oneOf(`${prefix}.voltageUnit`, o['voltageUnit'], VOLTAGE_UNITS);
  out.oneOf(`${prefix}.currentUnit`, o['currentUnit'], CURRENT_UNITS);
  out.optionalPositive(`${prefix}.areaCm2`, o['areaCm2']);
  out.oneOf(`${prefix}.sign`, o['sign'], ['auto', 'as-is', 'flip']);
  out.oneOf(`${prefix}.illumination`, o['illumination'], ['auto', 'light', 'dark']);
  out.wholeNumber(`${prefix}.resamplePoints`, o['resamplePoints'], 0);
}

/** A file or table that cannot be used, with a message meant for the user. */
/** What is wrong with a curve file, as a code a UI words in its own language with the params. */
export type CurveParseCode =
  | 'no-data'
  | 'one-column'
  | 'no-column'
  | 'same-columns'
  | 'bad-value'
  | 'too-few-points'
  | 'area-needed'
  | 'not-monotonic'
  | 'not-scaps';

export class CurveParseError extends Error {
  readonly code: CurveParseCode;
  readonly params: Record<string, string | number>;
  constructor(message: string, code: CurveParseCode, params: Record<string, string | number> = {}) {
    super(message);
    this.name = 'CurveParseError';
    this.code = code;
    this.params = params;
  }
}

export type Cell = string | number | boolean | null | undefined;

const NUMBER_RE = /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;

function cellNumber(c: Cell, decimalComma: boolean): number | 'nan' | 'empty' | 'text' {
  if (typeof c === 'number') return Number.isFinite(c) ? c : 'nan';
  if (c === null || c === undefined || c === '') return 'empty';
  if (typeof c === 'boolean') return 'text';
  let s = c.trim();
  if (s === '') return 'empty';
  if (/^[-+]?(nan|inf|infinity)$/i.test(s)) return 'nan';
  if (decimalComma) s = s.replace(',', '.');
  return NUMBER_RE.test(s) ? Number(s) : 'text';
}

function splitLine(line: string): { cells: string[]; decimalComma: boolean } {
  if (line.includes('\t')) return { cells: line.split('\t').map((s) => s.trim()), decimalComma: false };
  if (line.includes(';')) return { cells: line.split(';').map((s) => s.trim()), decimalComma: true };
  if (line.includes(',')) return { cells: line.split(',').map((s) => s.trim()), decimalComma: false };
  return { cells: line.trim().split(/\s+/), decimalComma: false };
}

/** Parses CSV/TSV/TXT text into a measured curve. */
/**
 * Light or dark: light when |J(0)| (read off the monotone interpolant) exceeds 1 % of the largest
 * |J| and 1e-3 mA/cm^2; a curve that does not reach 0 V is dark.
 */
export function detectIllumination(
  v: number[],
  j: number[],
  spline: MonotoneCubic = new MonotoneCubic(v, j),
): 'light' | 'dark' {
  const jAbsMax = Math.max(...j.map(Math.abs));
  const j0 = v[0]! <= 0 && v[v.length - 1]! >= 0 ? spline.value(0) : Number.NaN;
  return Number.isFinite(j0) && Math.abs(j0) > Math.max(0.01 * jAbsMax, 1e-3) ? 'light' : 'dark';
}

export function parseCurveText(text: string, opts: CurveParseOptions = {}): MeasuredCurve {
  const rows: Cell[][] = [];
  let decimalComma = false;
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('%') || line.startsWith('//')) continue;
    const s = splitLine(line);
    decimalComma ||= s.decimalComma;
    rows.push(s.cells);
  }
  return parseRowsInternal(rows, opts, decimalComma);
}

/** Parses rows of cells (e.g. extracted from an XLSX sheet) into a measured curve. */
export function parseCurveRows(rows: Cell[][], opts: CurveParseOptions = {}): MeasuredCurve {
  return parseRowsInternal(rows, opts, false);
}

/**
 * The voltage unit a header names: "(V)", "[V]", "/V", "in V" or "volts". A bare "V" (or "U") is
 * the quantity's symbol, not a unit: a 0-1200 mV sweep headed "V,J" was read as 1200 volts.
 */
function unitOfVoltageHeader(h: string): VoltageUnit | undefined {
  if (/\bmv\b|\(mv\)|\[mv\]/i.test(h)) return 'mV';
  if (/\(v\)|\[v\]|\/\s*v\b|\bin\s+v\b|\bvolts?\b/i.test(h)) return 'V';
  return undefined;
}

function unitOfCurrentHeader(h: string): CurrentUnit | undefined {
  const s = h.toLowerCase().replace(/\s+/g, '').replace('^', '').replace('²', '2');
  if (/ma\/cm2|macm-2|ma\.cm-2/.test(s)) return 'mA/cm2';
  if (/a\/cm2|acm-2|a\.cm-2/.test(s)) return 'A/cm2';
  if (/a\/m2|am-2/.test(s)) return 'A/m2';
  if (/\(ma\)|\[ma\]|^ma$|_ma$/.test(s)) return 'mA';
  if (/\(a\)|\[a\]|^a$|_a$|amps?\b/.test(s)) return 'A';
  return undefined;
}

const isVoltageName = (h: string) => /^(v|u|volt|voltage|bias|vol|v_)|^v\(|voltage/i.test(h.trim());
const isCurrentName = (h: string) => /^(j|i|jtot|current|curr|density)|current|density/i.test(h.trim());

function parseRowsInternal(rows: Cell[][], opts: CurveParseOptions, decimalComma: boolean): MeasuredCurve {
  check((out) => curveParseOptionProblems(opts, 'parse', out));
  const warnings: EngineMessage[] = [];
  // locate the first block of numeric rows
  type Parsed = { idx: number; values: Array<number | 'nan' | 'empty' | 'text'> };
  const parsed: Parsed[] = rows.map((r, idx) => ({ idx, values: r.map((c) => cellNumber(c, decimalComma)) }));
  const isNumericRow = (p: Parsed) =>
    p.values.some((x) => typeof x === 'number') &&
    p.values.every((x) => typeof x === 'number' || x === 'nan' || x === 'empty');
  const start = parsed.findIndex(isNumericRow);
  if (start < 0)
    throw new CurveParseError('the file contains no numeric data (no row of numbers was found)', 'no-data');
  let end = start;
  while (end < parsed.length && isNumericRow(parsed[end]!)) end++;
  const block = parsed.slice(start, end);
  const header = start > 0 ? rows[start - 1]!.map((c) => String(c ?? '').trim()) : null;
  const width = Math.max(...block.map((p) => p.values.length));
  if (width < 2) {
    throw new CurveParseError(
      'the data have only one column: a voltage column and a current column are needed',
      'one-column',
    );
  }
  // columns
  let vCol = opts.voltageColumn;
  let jCol = opts.currentColumn;
  if (header) {
    if (vCol === undefined) {
      const k = header.findIndex(isVoltageName);
      if (k >= 0) vCol = k;
    }
    if (jCol === undefined) {
      const k = header.findIndex((h, i) => i !== vCol && isCurrentName(h));
      if (k >= 0) jCol = k;
    }
  }
  vCol ??= 0;
  jCol ??= vCol === 0 ? 1 : 0;
  for (const [name, col] of [
    ['voltage', vCol],
    ['current', jCol],
  ] as const) {
    if (!(Number.isInteger(col) && col >= 0 && col < width)) {
      throw new CurveParseError(
        `the ${name} column ${col + 1} does not exist (the data have ${width} columns)`,
        'no-column',
        {
          column: name,
          n: col + 1,
          width,
        },
      );
    }
  }
  if (vCol === jCol) throw new CurveParseError('the voltage and current columns must differ', 'same-columns');
  // values
  const vRaw: number[] = [];
  const jRaw: number[] = [];
  for (const p of block) {
    for (const [name, col] of [
      ['voltage', vCol],
      ['current', jCol],
    ] as const) {
      const x = p.values[col];
      if (typeof x !== 'number') {
        const what = x === 'nan' ? 'is not a number (NaN or infinite)' : 'is empty';
        throw new CurveParseError(`row ${p.idx + 1}: the ${name} value ${what}`, 'bad-value', {
          row: p.idx + 1,
          column: name,
          what: x === 'nan' ? 'nan' : 'empty',
        });
      }
    }
    vRaw.push(p.values[vCol] as number);
    jRaw.push(p.values[jCol] as number);
  }
  if (vRaw.length < 10) {
    throw new CurveParseError(
      `the curve has ${vRaw.length} points; at least 10 are needed for a fit`,
      'too-few-points',
      {
        n: vRaw.length,
        min: 10,
      },
    );
  }
  // units
  const vHead = header?.[vCol] ?? '';
  const jHead = header?.[jCol] ?? '';
  let vUnit = opts.voltageUnit ?? unitOfVoltageHeader(vHead);
  if (!vUnit) {
    const span = Math.max(...vRaw.map(Math.abs));
    vUnit = span > 20 ? 'mV' : 'V';
    warnings.push(resultMessage.curveVoltageUnit(vUnit, span));
  }
  let jUnit = opts.currentUnit ?? unitOfCurrentHeader(jHead);
  if (!jUnit) {
    jUnit = 'mA/cm2';
    warnings.push(resultMessage.curveCurrentUnit());
  }
  let jScale: number;
  if (jUnit === 'A' || jUnit === 'mA') {
    const area = opts.areaCm2;
    if (!(area !== undefined && area > 0)) {
      throw new CurveParseError(
        `the current is in ${jUnit}: the device area (cm^2) is needed to convert it to mA/cm^2`,
        'area-needed',
        { unit: jUnit },
      );
    }
    jScale = (jUnit === 'A' ? 1e3 : 1) / area;
  } else jScale = jUnit === 'A/cm2' ? 1e3 : jUnit === 'A/m2' ? 0.1 : 1;
  const vScale = vUnit === 'mV' ? 1e-3 : 1;
  let v = vRaw.map((x) => x * vScale);
  let j = jRaw.map((x) => x * jScale);
  // monotonic voltage
  const dir = Math.sign(v[1]! - v[0]!);
  for (let i = 1; i < v.length; i++) {
    if (Math.sign(v[i]! - v[i - 1]!) !== dir || dir === 0) {
      throw new CurveParseError(
        `the voltage is not monotonic at row ${block[i]!.idx + 1} (${vRaw[i - 1]} then ${vRaw[i]}): ` +
          'split forward and reverse sweeps and remove repeated voltages',
        'not-monotonic',
        { row: block[i]!.idx + 1, before: vRaw[i - 1]!, after: vRaw[i]! },
      );
    }
  }
  const sweep = dir > 0 ? 'forward' : 'reverse';
  if (dir < 0) {
    v = v.reverse();
    j = j.reverse();
  }
  // sign
  let flip = false;
  if (opts.sign === 'flip') flip = true;
  else if (opts.sign !== 'as-is' && j[j.length - 1]! > j[0]!) flip = true;
  if (flip) j = j.map((x) => -x);
  if (flip && (opts.sign ?? 'auto') === 'auto') {
    warnings.push(resultMessage.curveSignFlipped());
  }
  // light or dark, from the same interpolant the resampling and the key figures use
  const spline = new MonotoneCubic(v, j);
  let illumination = opts.illumination ?? 'auto';
  if (illumination === 'auto') illumination = detectIllumination(v, j, spline);
  // resample
  const nOut = opts.resamplePoints ?? 1000;
  let vOut = v;
  let jOut = j;
  if (nOut > 0) {
    const a = v[0]!;
    const b = v[v.length - 1]!;
    vOut = Array.from({ length: nOut }, (_, i) => (i === nOut - 1 ? b : a + ((b - a) * i) / (nOut - 1)));
    jOut = vOut.map((x) => spline.value(x));
  }
  const otherColumns: Record<string, number[]> = {};
  if (header) {
    header.forEach((h, col) => {
      if (col === vCol || col === jCol || h === '') return;
      const vals = block.map((p) => p.values[col]);
      if (vals.every((x) => typeof x === 'number')) {
        const arr = vals as number[];
        otherColumns[h] = dir < 0 ? arr.reverse() : arr;
      }
    });
  }
  return {
    voltageV: vOut,
    jMaCm2: jOut,
    measured: { voltageV: v, jMaCm2: j },
    detected: {
      header,
      voltageColumn: vCol,
      currentColumn: jCol,
      voltageUnit: vUnit,
      currentUnit: jUnit,
      signFlipped: flip,
      illumination,
      sweep,
    },
    otherColumns,
    warnings,
  };
}

export interface ScapsIv extends MeasuredCurve {
  /** Recombination and other current columns of the SCAPS table, mA/cm^2, by SCAPS name
   * (jbulk, jifr, j_SRH, j_Radiative, j_Auger, ...), on the measured (unresampled) voltages. */
  scapsColumns: Record<string, number[]>;
  /** Figures SCAPS printed (Voc in V, Jsc in mA/cm^2, FF in %, eta in %), when present. */
  scapsSummary: Record<string, number>;
}

/**
 * SCAPS-1D .iv file (ELIS, Ghent University): a text header, a whitespace table starting with
 * "v(V) jtot(mA/cm2) j_total_rec(mA/cm2) ... jbulk(mA/cm2) jifr(mA/cm2) ... j_SRH(mA/cm2)
 * j_Radiative(mA/cm2) j_Auger(mA/cm2)", then a text footer with Voc, Jsc, FF and eta.
 */
export function parseScapsIv(text: string, opts: CurveParseOptions = {}): ScapsIv {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const h = lines.findIndex((l) => /^\s*v\(V\)\s/.test(l));
  if (h < 0)
    throw new CurveParseError(
      'not a SCAPS .iv file: the table header "v(V) jtot(mA/cm2) ..." was not found',
      'not-scaps',
    );
  const header = lines[h]!.trim().split(/\s+/);
  const rows: Cell[][] = [header];
  for (let i = h + 1; i < lines.length; i++) {
    const l = lines[i]!.trim();
    if (l === '') {
      if (rows.length > 1) break;
      continue;
    }
    const cells = l.split(/\s+/);
    if (!cells.every((c) => NUMBER_RE.test(c) || /^[-+]?nan$/i.test(c))) break;
    rows.push(cells);
  }
  const jtot = header.findIndex((x) => x.startsWith('jtot'));
  const curve = parseCurveRows(rows, {
    voltageColumn: 0,
    currentColumn: jtot >= 0 ? jtot : 1,
    voltageUnit: 'V',
    currentUnit: 'mA/cm2',
    ...opts,
  });
  const scapsColumns: Record<string, number[]> = {};
  for (const [name, vals] of Object.entries(curve.otherColumns)) scapsColumns[name.replace(/\(mA\/cm2\)$/, '')] = vals;
  const scapsSummary: Record<string, number> = {};
  const tail = lines.slice(h).join('\n');
  for (const key of ['Voc', 'Jsc', 'FF', 'eta', 'V_MPP', 'J_MPP']) {
    const m = new RegExp(`^\\s*${key}\\s*=\\s*([-+]?\\d*\\.?\\d+(?:[eE][-+]?\\d+)?)`, 'm').exec(tail);
    if (m) scapsSummary[key] = Number(m[1]);
  }
  return { ...curve, scapsColumns, scapsSummary };
}
