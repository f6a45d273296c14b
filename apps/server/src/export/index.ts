/**
 * Result exports of the calculation service (issue 6, "Results and exports"): outputData and
 * circleData answer with an XLSX workbook, one sheet per result with units in every header, or
 * the same sheets as CSV files in a zip. Every export starts with a Metadata sheet and ends with
 * the exact input (pretty JSON), so that a file on its own says what was calculated and how.
 *
 * `result` is what the engine returned for the kind (opt: runDeviceOptics' report; elec: the
 * coupled runDeviceSimulation result or a bare simulateJV result; circle, circle2: the
 * runCircuitJob result; fit: fitDevice's DeviceFitResult). It comes from storage, so its shape is checked at run time and an
 * ExportError names the field that is wrong.
 */
import { CALC_KINDS, type CalcKind } from '@pvforge/contracts';
import { bilingualTables } from './bilingual.js';
import { circuitTables } from './circuit.js';
import { writeCsvZip } from './csv.js';
import { electricalTables } from './electrical.js';
import { ExportError } from './errors.js';
import { safeFileStem } from './filename.js';
import { fitTables } from './fit.js';
import { opticsTables } from './optics.js';
import { Shape } from './shape.js';
import { isSweepResult, sweepTables } from './sweep.js';
import { type Cell, finaliseSheetNames, type Table } from './table.js';
import { writeXlsx } from './xlsx.js';

export { ExportError } from './errors.js';
export { contentDisposition, safeFileStem } from './filename.js';

export type ExportFormat = 'xlsx' | 'csv-zip';
export const EXPORT_FORMATS: readonly ExportFormat[] = ['xlsx', 'csv-zip'];

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const ZIP_CONTENT_TYPE = 'application/zip';

const KIND_NAMES: Record<CalcKind, string> = {
  opt: 'optical',
  elec: 'electrical (drift-diffusion)',
  circle: 'circuit fit (traditional)',
  circle2: 'circuit fit (modified diode, losses)',
  fit: 'device fit (drift-diffusion parameters to measured curves)',
};

export interface ExportArgs {
  kind: CalcKind;
  /** The DeviceSpec or circuit job, as stored; written to the Input sheet. */
  input: unknown;
  result: unknown;
  /** The calculation's name; sanitised into the file name (Chinese letters kept). */
  name: string;
  format: ExportFormat;
  /** Optional extras for the Metadata sheet (the stored record has them). */
  inputHash?: string;
  engineVersion?: string;
  /** Date written to the Metadata sheet and the zip entries (default: now). */
  exportedAt?: Date;
  /** 'en' (default): 'J (mA/cm²)'; 'zh-en': Chinese first, English in brackets, '电流密度 (J, mA/cm²)'. */
  headers?: 'en' | 'zh-en';
}

export interface ExportFile {
  filename: string;
  contentType: string;
  body: Buffer;
}

/** The sheets of a result, without writing them (also used by tests and by other formats). */
export function resultTables(args: Pick<ExportArgs, 'kind' | 'result'>): {
  tables: Table[];
  resultType: string;
  device?: string;
  warnings: string[];
  converged?: boolean;
} {
  const { kind, result } = args;
  if (!(CALC_KINDS as readonly string[]).includes(kind))
    throw new ExportError(
      `cannot export: unknown calculation kind ${JSON.stringify(kind)} (known: ${CALC_KINDS.join(', ')})`,
    );
  if (result === undefined || result === null)
    throw new ExportError(`cannot export this '${kind}' calculation: it has no result (not finished, or failed)`);
  const s = new Shape(`this '${kind}' result`);
  // a parameter sweep's record (opt or elec): its combinations and their key figures
  if (isSweepResult(result)) return sweepTables(result, s);
  switch (kind) {
    case 'opt': {
      const o = opticsTables(result, s);
      return {
        tables: o.tables,
        resultType: 'optics report (runDeviceOptics)',
        device: o.device,
        warnings: o.warnings,
      };
    }
    case 'elec':
      return electricalTables(result, s);
    case 'circle':
    case 'circle2':
      return circuitTables(result, s);
    case 'fit':
      return fitTables(result, s);
  }
}

export async function exportResult(args: {
  kind: CalcKind;
  input: unknown;
  result: unknown;
  name: string;
  format: 'xlsx' | 'csv-zip';
  inputHash?: string;
  engineVersion?: string;
  exportedAt?: Date;
  headers?: 'en' | 'zh-en';
}): Promise<ExportFile> {
  if (!EXPORT_FORMATS.includes(args.format))
    throw new ExportError(
      `cannot export: unknown format ${JSON.stringify(args.format)} (known: ${EXPORT_FORMATS.join(', ')})`,
    );
  const built = resultTables(args);
  const date = args.exportedAt ?? new Date();
  const meta = metadataTable(args, built, date);
  const english = [meta, ...built.tables];
  const tables = args.headers === 'zh-en' ? bilingualTables(english) : english;
  // 'Input' is reserved first: the input sheet is written under that exact name
  const names = finaliseSheetNames(['Input', ...tables.map((t) => t.name)]).slice(1);
  const input = inputJson(args.input);
  // the name comes from storage too: anything but a string becomes the fallback stem
  const stem = `${safeFileStem(typeof args.name === 'string' ? args.name : '', 'calculation')}-${args.kind}`;
  if (args.format === 'xlsx')
    return {
      filename: `${stem}.xlsx`,
      contentType: XLSX_CONTENT_TYPE,
      body: await writeXlsx(tables, names, input),
    };
  return { filename: `${stem}.zip`, contentType: ZIP_CONTENT_TYPE, body: writeCsvZip(tables, names, input, date) };
}

function metadataTable(args: ExportArgs, built: ReturnType<typeof resultTables>, date: Date): Table {
  const r = args.result as Record<string, unknown>;
  // the stored record may carry the engine version inside the result; the caller's value is next
  const engineVersion = typeof r['engineVersion'] === 'string' ? r['engineVersion'] : (args.engineVersion ?? undefined);
  const rows: [string, Cell | undefined][] = [
    ['Calculation name', typeof args.name === 'string' ? args.name : null],
    ['Kind', `${args.kind} (${KIND_NAMES[args.kind]})`],
    ['Result', built.resultType],
    ['Device', built.device],
    ['Converged', built.converged],
    ['Engine version', engineVersion],
    ['Exported at (UTC)', date.toISOString()],
    ['Input hash', args.inputHash],
    ...built.warnings.map((w): [string, Cell] => ['Warning', w]),
  ];
  return {
    name: 'Metadata',
    headers: ['Item', 'Value'],
    rows: rows.filter((x): x is [string, Cell] => x[1] !== undefined),
  };
}

/** Pretty JSON of the input; infinities (not JSON) as null, as the engine's jobs accept them. */
function inputJson(input: unknown): string | undefined {
  if (input === undefined) return undefined;
  try {
    return JSON.stringify(input, null, 2);
  } catch (e) {
    throw new ExportError(`cannot export: the input is not JSON (${e instanceof Error ? e.message : String(e)})`);
  }
}
