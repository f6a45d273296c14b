import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, dirname, resolve } from 'node:path';
import {
  checkDeviceSpec,
  type DeviceFitCfCurve,
  type DeviceFitCurve,
  type DeviceFitCvCurve,
  type DeviceFitEqeCurve,
  type DeviceFitFree,
  DeviceFitJob,
  type DeviceFitJvCurve,
  deviceFileParts,
} from '@pvforge/contracts';
import {
  CAPACITANCE_UNITS,
  type CapacitanceUnit,
  CurveParseError,
  capacitanceUnitFromHeader,
  checkDeviceFitInput,
  DeviceFitInputError,
  type DeviceFitResult,
  detectCapacitanceUnit,
  deviceCapacitanceScale,
  fitDevice,
  frequencyFactorFromHeader,
  type MeasuredCurve,
  parseCurveRows,
  parseCurveText,
  toNFPerCm2,
} from '@pvforge/engine';
import { readForeignCurves } from '@pvforge/interop';
import { formatValue } from '@pvforge/params';
import { threadEvaluator } from '@pvforge/workers';
import Value from 'typebox/value';
import { readCurveFile } from '../curve-file.js';
import { type CliLang, checkLineIn } from './check.js';

/** One J-V entry of CURVES.json: a curve file (relative to CURVES.json) and its conditions. */
interface JvEntry extends Omit<DeviceFitJvCurve, 'voltageV' | 'jMaCm2' | 'kind'> {
  file: string;
  kind?: 'jv';
  /** Overrides of the detected units and sign, as the circuit fit's `fit` command takes them. */
  voltageUnit?: 'V' | 'mV';
  currentUnit?: 'A/cm2' | 'mA/cm2' | 'A/m2';
  sign?: 'auto' | 'as-is' | 'flip';
}

/** An EQE entry: a file of wavelength and EQE columns, with a header line. */
interface EqeEntry extends Omit<DeviceFitEqeCurve, 'wavelengthNm' | 'eqePercent' | 'kind'> {
  file: string;
  kind: 'eqe';
  /** Overrides of the detected units. */
  wavelengthUnit?: 'nm' | 'um';
  eqeUnit?: 'percent' | 'fraction';
}

/** Overrides of a capacitance file's detected units, and the device's area for absolute values. */
interface CapacitanceFileUnits {
  capacitanceUnit?: CapacitanceUnit;
  /** The device's area, cm^2: absolute capacitances (F, nF, pF) are divided by it. */
  areaCm2?: number;
}

/** A C-V entry: a file of bias (V) and capacitance columns, with a header line. */
interface CvEntry extends Omit<DeviceFitCvCurve, 'biasV' | 'capacitanceNFPerCm2' | 'kind'>, CapacitanceFileUnits {
  file: string;
  kind: 'cv';
  biasUnit?: 'V' | 'mV';
}

/** A C-f entry: a file of frequency (Hz) and capacitance columns, with a header line. */
interface CfEntry extends Omit<DeviceFitCfCurve, 'frequencyHz' | 'capacitanceNFPerCm2' | 'kind'>, CapacitanceFileUnits {
  file: string;
  kind: 'cf';
  frequencyUnit?: 'Hz' | 'kHz' | 'MHz' | 'rad/s';
}

type CurveEntry = JvEntry | EqeEntry | CvEntry | CfEntry;

export interface FitDeviceOptions {
  curves: string;
  free: string;
  out: string;
  workers?: number;
  maxEvaluations?: number;
  maxSeconds?: number;
  seed?: number;
  lang: CliLang;
}

class CliInputError extends Error {}

/**
 * `fit-device DEVICE.json --curves CURVES.json --free FREE.json --out RESULT.json`: the platform's
 * device fit (packages/engine/src/fit) from files, its forward runs spread over worker threads.
 * Each curve file is read as the circuit fit reads measured curves (CSV/TSV/TXT/XLSX with a header;
 * SCAPS .iv and SimSS J-V outputs through the importers): V in V and J in mA/cm^2, photocurrent
 * positive, unless its header or the entry says otherwise; what was detected is printed so the
 * user can check it. Exit 0 with a result, 2 when the input is refused (nothing written), 1 when
 * the fit fails.
 */
export async function runFitDevice(
  deviceFile: string,
  opts: FitDeviceOptions,
  err: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  const zh = opts.lang === 'zh';
  let job: DeviceFitJob;
  try {
    job = await readJob(deviceFile, opts, err);
  } catch (e) {
    if (e instanceof CliInputError || e instanceof CurveParseError || e instanceof SyntaxError) {
      err.write(`fit-device: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  const checked = checkDeviceSpec(deviceFileParts(job.device).spec);
  if (!checked.ok) {
    err.write(`fit-device: ${deviceFile} is not a valid DeviceSpec:\n`);
    for (const i of checked.issues) err.write(`  ${checkLineIn(i, opts.lang)}\n`);
    return 2;
  }
  job.device = checked.spec;
  const problems = checkDeviceFitInput(job);
  if (problems.length) {
    err.write(zh ? 'fit-device: 拟合无法进行：\n' : 'fit-device: the fit cannot run:\n');
    for (const p of problems) err.write(`  ${p.field}: ${zh ? p.words.zh : p.words.en}\n`);
    return 2;
  }
  const threads = Math.max(1, opts.workers ?? availableParallelism());
  const evaluator = threadEvaluator(job, threads);
  let last = 0;
  let result: DeviceFitResult;
  try {
    result = await fitDevice(job, evaluator, {
      onProgress: (p) => {
        const now = Date.now();
        if (now - last < 1000) return;
        last = now;
        err.write(
          `  ${p.stage.padEnd(9)} runs ${p.evaluations}/${p.maxEvaluations}  ${(p.elapsedMs / 1000).toFixed(0)}/${p.maxSeconds} s  chi2 ${p.chiSquare === null ? 'n/a' : p.chiSquare.toPrecision(5)}\n`,
        );
      },
    });
  } catch (e) {
    if (e instanceof DeviceFitInputError) {
      err.write(zh ? 'fit-device: 拟合无法进行：\n' : 'fit-device: the fit cannot run:\n');
      for (const p of e.problems) err.write(`  ${p.field}: ${zh ? p.words.zh : p.words.en}\n`);
      return 2;
    }
    err.write(`fit-device: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  } finally {
    await evaluator.close();
  }
  writeFileSync(resolve(opts.out), `${JSON.stringify(result)}\n`);
  err.write(summary(result, opts.lang, threads));
  return 0;
}

async function readJob(deviceFile: string, opts: FitDeviceOptions, err: NodeJS.WritableStream): Promise<DeviceFitJob> {
  const device = JSON.parse(readFileSync(resolve(deviceFile), 'utf8')) as unknown;
  const curvesPath = resolve(opts.curves);
  const entries = JSON.parse(readFileSync(curvesPath, 'utf8')) as unknown;
  if (!Array.isArray(entries) || entries.length === 0)
    throw new CliInputError(
      `${opts.curves}: give a JSON list of curves [{"file": ..., "kind": "jv", "intensitySuns": 1}, ...]`,
    );
  const curves: DeviceFitCurve[] = [];
  for (const [k, e] of entries.entries())
    curves.push(await readCurve(e as CurveEntry, k, dirname(curvesPath), device, err));
  const free = JSON.parse(readFileSync(resolve(opts.free), 'utf8')) as DeviceFitFree[];
  const options = {
    ...(opts.maxEvaluations !== undefined ? { maxEvaluations: opts.maxEvaluations } : {}),
    ...(opts.maxSeconds !== undefined ? { maxSeconds: opts.maxSeconds } : {}),
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
  };
  const job = { device, curves, free, ...(Object.keys(options).length ? { options } : {}) };
  if (!Value.Check(DeviceFitJob, job)) {
    const first = [...Value.Errors(DeviceFitJob, job)].slice(0, 5);
    throw new CliInputError(
      `the fit's input is not well formed:\n${first.map((e) => `  ${e.instancePath || '/'}: ${e.message}`).join('\n')}`,
    );
  }
  return job;
}

/** One curve of CURVES.json, its file read and its units and sign detected (and said). */
async function readCurve(
  e: CurveEntry,
  k: number,
  base: string,
  device: unknown,
  err: NodeJS.WritableStream,
): Promise<DeviceFitCurve> {
  if (!e || typeof e !== 'object' || typeof e.file !== 'string')
    throw new CliInputError(`curves[${k}]: give "file" (relative to the curves file)`);
  if (e.kind === 'eqe') return readEqe(e, k, base, err);
  if (e.kind === 'cv' || e.kind === 'cf') return readCapacitance(e, k, base, device, err);
  if (e.kind !== undefined && e.kind !== 'jv')
    throw new CliInputError(
      `curves[${k}].kind: "jv" (a J-V curve), "eqe" (an EQE spectrum), "cv" (a C-V curve) or "cf" (a C-f curve)`,
    );
  if (typeof e.intensitySuns !== 'number')
    throw new CliInputError(`curves[${k}].intensitySuns: give the light intensity in suns (0 for dark)`);
  const path = resolve(base, e.file);
  const { file: _f, voltageUnit, currentUnit, sign, kind: _k, ...conditions } = e;
  let v: number[];
  let j: number[];
  let said: string;
  if (
    /\.iv$/i.test(path) ||
    (!/\.xlsx$/i.test(path) && /^\s*Vext\b/m.test(readFileSync(path, 'latin1').slice(0, 2000)))
  ) {
    // a SCAPS .iv or a SimSS J-V output: the importer knows its units and sign
    const found = readForeignCurves({ name: basename(path), text: readFileSync(path, 'latin1') });
    const jv = found.curves.find((c) => c.kind === 'jv');
    if (!jv) throw new CliInputError(`curves[${k}]: ${e.file}: ${found.error?.text ?? 'no J-V curve in it'}`);
    v = jv.x;
    j = jv.y;
    said = `${jv.tool === 'scaps' ? 'SCAPS' : 'SimSS'} J-V output (${jv.label})`;
  } else {
    const parse = {
      resamplePoints: 0,
      illumination: e.intensitySuns > 0 ? ('light' as const) : ('dark' as const),
      ...(voltageUnit ? { voltageUnit } : {}),
      ...(currentUnit ? { currentUnit } : {}),
      sign: sign ?? ('auto' as const),
    };
    const source = await readCurveFile(path);
    const m: MeasuredCurve = 'rows' in source ? parseCurveRows(source.rows, parse) : parseCurveText(source.text, parse);
    v = m.measured.voltageV;
    j = m.measured.jMaCm2;
    const d = m.detected;
    said = `V in ${d.voltageUnit}, J in ${d.currentUnit}${d.signFlipped ? ', sign flipped to photocurrent positive' : ''}${d.header ? '' : ' (no header: units assumed)'}`;
  }
  err.write(`  ${e.file}: ${v.length} points, ${said}\n`);
  // a curve without a label is called by its file in the result
  return { kind: 'jv', label: e.file, ...conditions, voltageV: v, jMaCm2: j };
}

/** The rows of two numbers of a CSV/TSV/TXT or XLSX file, and the text of the row before the first. */
async function twoColumns(path: string): Promise<{ pairs: (readonly [number, number])[]; header: string[] }> {
  const source = await readCurveFile(path);
  const rows: unknown[][] =
    'rows' in source
      ? source.rows
      : source.text.split(/\r?\n/).map((line) => line.trim().split(/\s*[,;\t]\s*|\s+(?=[^\s([])/));
  const numeric = (r: unknown[]) =>
    r[0] !== '' && r[0] !== null && Number.isFinite(Number(r[0])) && Number.isFinite(Number(r[1]));
  const first = rows.findIndex(numeric);
  const header = first > 0 ? rows[first - 1]!.map((c) => String(c ?? '')) : [];
  const pairs = rows.filter(numeric).map((r) => [Number(r[0]), Number(r[1])] as const);
  return { pairs, header };
}

/**
 * A C-V or C-f curve of CURVES.json: two numeric columns (bias or frequency, capacitance) with a
 * header line. The capacitance's unit is the entry's ("capacitanceUnit"), else the header's
 * ("C (pF)", "C [F/cm2]"), else detected from the values against the device's geometric
 * capacitance; absolute units (F, nF, pF) are divided by "areaCm2" and refused without it. Biases
 * above 10 in magnitude are read as mV, frequencies as the header names them (Hz, kHz, MHz, rad/s).
 * What was read is said.
 */
async function readCapacitance(
  e: CvEntry | CfEntry,
  k: number,
  base: string,
  device: unknown,
  err: NodeJS.WritableStream,
): Promise<DeviceFitCurve> {
  const path = resolve(base, e.file);
  const { pairs, header } = await twoColumns(path);
  const cv = e.kind === 'cv';
  if (pairs.length === 0)
    throw new CliInputError(
      `curves[${k}]: ${e.file}: no rows of two numbers (${cv ? 'bias' : 'frequency'}, capacitance)`,
    );
  const said: string[] = [];
  // the abscissa: bias in V (mV above 10 in magnitude) or frequency in Hz (as the header says)
  let x = pairs.map((p) => p[0]);
  if (e.kind === 'cv') {
    const mv = e.biasUnit ? e.biasUnit === 'mV' : /\bmV\b/.test(header[0] ?? '') || Math.max(...x.map(Math.abs)) > 10;
    if (mv) x = x.map((v) => v / 1000);
    said.push(`bias in ${mv ? 'mV (divided by 1000)' : 'V'}${e.biasUnit ? '' : ' (detected)'}`);
  } else {
    const f = e.frequencyUnit
      ? { unit: e.frequencyUnit, factor: { Hz: 1, kHz: 1e3, MHz: 1e6, 'rad/s': 1 / (2 * Math.PI) }[e.frequencyUnit] }
      : (frequencyFactorFromHeader(header[0] ?? '') ?? { unit: 'Hz', factor: 1 });
    if (f.factor !== 1) x = x.map((v) => v * f.factor);
    said.push(
      `frequency in ${f.unit}${f.unit === 'rad/s' ? ' (divided by 2π)' : f.factor !== 1 ? ` (times ${f.factor})` : ''}`,
    );
  }
  const { areaCm2, capacitanceUnit } = e;
  // the curve's conditions: the entry without what only says how to read its file
  const rest: Record<string, unknown> = { ...e };
  for (const key of ['file', 'kind', 'areaCm2', 'capacitanceUnit', 'biasUnit', 'frequencyUnit']) delete rest[key];
  const y = pairs.map((p) => p[1]);
  const fromHeader = capacitanceUnitFromHeader(header[1] ?? '');
  const unit =
    capacitanceUnit ??
    fromHeader ??
    detectCapacitanceUnit(Math.max(...y.map(Math.abs)), deviceCapacitanceScale(device).geometricNFPerCm2, areaCm2);
  if (unit !== undefined && !Object.hasOwn(CAPACITANCE_UNITS, unit))
    throw new CliInputError(
      `curves[${k}].capacitanceUnit: one of ${Object.keys(CAPACITANCE_UNITS).join(', ')} (cm2: per area of the device)`,
    );
  let C = y;
  if (unit !== undefined) {
    const u = CAPACITANCE_UNITS[unit];
    if (!u.perArea && !(typeof areaCm2 === 'number' && areaCm2 > 0))
      throw new CliInputError(
        `curves[${k}]: ${e.file}: the capacitance is in ${u.label} of the whole device: give its area, "areaCm2" (cm²), to have it per cm²`,
      );
    C = toNFPerCm2(y, unit, areaCm2);
    const how = capacitanceUnit ? '' : fromHeader ? ' (from the header)' : ' (detected from the values)';
    said.push(
      `C in ${u.label}${how}${u.perArea ? (u.toNF === 1 ? '' : ` (times ${u.toNF})`) : ` over ${areaCm2} cm²`}`,
    );
  } else said.push('C taken as nF/cm² (no unit fits the device: see the check below)');
  err.write(`  ${e.file}: ${pairs.length} points, ${said.join(', ')}\n`);
  return cv
    ? ({
        kind: 'cv',
        label: e.file,
        ...(rest as Omit<CvEntry, 'file' | 'kind'>),
        biasV: x,
        capacitanceNFPerCm2: C,
      } as DeviceFitCvCurve)
    : ({
        kind: 'cf',
        label: e.file,
        ...(rest as Omit<CfEntry, 'file' | 'kind'>),
        frequencyHz: x,
        capacitanceNFPerCm2: C,
      } as DeviceFitCfCurve);
}

/**
 * An EQE spectrum of CURVES.json: two numeric columns (wavelength, EQE) of a CSV/TSV/TXT or XLSX
 * file, rows that are not two numbers (the header) skipped. Wavelengths below 5 are read as um and
 * an EQE of at most 1 everywhere as a fraction, unless the entry says otherwise; what was read is said.
 */
async function readEqe(e: EqeEntry, k: number, base: string, err: NodeJS.WritableStream): Promise<DeviceFitCurve> {
  const path = resolve(base, e.file);
  const { file: _f, wavelengthUnit, eqeUnit, kind: _k, ...conditions } = e;
  const source = await readCurveFile(path);
  const rows: unknown[][] =
    'rows' in source ? source.rows : source.text.split(/\r?\n/).map((line) => line.trim().split(/\s*[,;\t]\s*|\s+/));
  const pairs = rows
    .map((r) => [Number(r[0]), Number(r[1])] as const)
    .filter(([x, y], i) => rows[i]![0] !== '' && rows[i]![0] !== null && Number.isFinite(x) && Number.isFinite(y));
  if (pairs.length === 0) throw new CliInputError(`curves[${k}]: ${e.file}: no rows of two numbers (wavelength, EQE)`);
  const um = wavelengthUnit ? wavelengthUnit === 'um' : Math.max(...pairs.map((p) => p[0])) < 5;
  const fraction = eqeUnit ? eqeUnit === 'fraction' : Math.max(...pairs.map((p) => p[1])) <= 1;
  // the conditions (bias light, bias voltage) go to the job as given; the engine's check judges them
  const at = `${e.biasLightSuns ? `, bias light ${e.biasLightSuns} sun(s)` : ''}${e.biasV ? `, at ${e.biasV} V` : ''}`;
  const said = `wavelength in ${um ? 'µm (times 1000)' : 'nm'}, EQE ${fraction ? 'as a fraction (times 100)' : 'in %'}${wavelengthUnit || eqeUnit ? '' : ' (detected)'}${at}`;
  err.write(`  ${e.file}: ${pairs.length} points, ${said}\n`);
  return {
    kind: 'eqe',
    label: e.file,
    ...conditions,
    wavelengthNm: pairs.map((p) => (um ? 1000 * p[0] : p[0])),
    eqePercent: pairs.map((p) => (fraction ? 100 * p[1] : p[1])),
  };
}

function summary(r: DeviceFitResult, lang: CliLang, threads: number): string {
  const zh = lang === 'zh';
  const lines = [
    `fit-device: ${r.status}, chi2/dof ${r.reducedChiSquare?.toPrecision(4) ?? 'n/a'} (${r.points} points), ${r.evaluations} runs in ${(r.elapsedMs / 1000).toFixed(1)} s on ${threads} thread(s)`,
  ];
  for (const p of r.parameters) {
    const unit = p.unit ? ` ${p.unit}` : '';
    const iv = p.tiedTo
      ? `= ${p.tiedTo}`
      : `[${p.low === null ? '-' : formatValue(p.low)}, ${p.high === null ? '-' : formatValue(p.high)}]${p.atBound ? ` (at its ${p.atBound})` : ''}`;
    lines.push(`  ${p.path}  ${formatValue(p.value)}${unit}  ${iv}`);
    if (p.statement && !p.tiedTo) lines.push(`    ${zh ? p.statement.zh : p.statement.en}`);
  }
  for (const m of r.messages) lines.push(`  ${zh ? m.zh : m.en}`);
  return `${lines.join('\n')}\n`;
}
