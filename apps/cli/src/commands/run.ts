import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { checkDeviceSpec, deviceFileParts } from '@pvforge/contracts';
import {
  CIRCUIT_JOB_KINDS,
  CircuitInputError,
  type CircuitJob,
  CurveParseError,
  type DeviceSimulationResult,
  DeviceSpecInputError,
  ElectricalInputError,
  messageText,
  mottSchottkyNote,
  OpticsInputError,
  parseSpectrumCsv,
  runCircuitJob,
  runDeviceOptics,
  runDeviceSimulation,
  runTandemSimulation,
} from '@pvforge/engine';
import { fileAssets } from '@pvforge/workers';
import { CurveFileError, readCurveFile } from '../curve-file.js';
import { type CliLang, checkLineIn } from './check.js';

export interface RunOptions {
  out?: string;
  /** A user spectrum CSV (units in its header) replacing illumination.spectrum. */
  spectrum?: string;
  /** Points per layer of the G(x) sample in the report. */
  points: number;
  /** Language of a refused device's problems (default English). */
  lang?: CliLang;
}

export { fileAssets };

/**
 * `run <device.json>`: a DeviceSpec with an `electrical` block runs the coupled optics +
 * drift-diffusion simulation (summary on stderr); without it, the optical simulation. The result
 * JSON goes to stdout or --out. Exit codes: 0 done, 1 not converged or internal error, 2 bad input.
 */
export async function runDevice(
  file: string,
  opts: RunOptions,
  out = process.stdout,
  err = process.stderr,
): Promise<number> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(resolve(file), 'utf8'));
  } catch (e) {
    err.write(`run: cannot read ${file}: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  if (isCircuitJob(raw)) {
    try {
      return runCircuit(await withCurveFile(raw, dirname(resolve(file))), opts, out, err);
    } catch (e) {
      err.write(`run: ${e instanceof Error ? e.message : String(e)}\n`);
      return 2;
    }
  }
  if (typeof raw === 'object' && raw !== null && !('schemaVersion' in raw) && 'kind' in raw) {
    err.write(
      `run: ${file}: unknown job kind "${String((raw as { kind: unknown }).kind)}"; circuit jobs are ${CIRCUIT_JOB_KINDS.join(', ')}; a device needs "schemaVersion"\n`,
    );
    return 2;
  }
  // an exported library device may be an entry {spec, references, notes}: the spec is what runs
  const checked = checkDeviceSpec(deviceFileParts(raw).spec);
  if (!checked.ok) {
    // the same lines as `pvforge check` (English by default: the engine's own lines)
    err.write(`run: ${file} is not a valid DeviceSpec (schemaVersion 1):\n`);
    for (const i of checked.issues) err.write(`  ${checkLineIn(i, opts.lang ?? 'en')}\n`);
    return 2;
  }
  try {
    const t0 = performance.now();
    const spec = checked.spec;
    if (opts.spectrum) {
      const user = parseSpectrumCsv(readFileSync(resolve(opts.spectrum), 'utf8'), opts.spectrum);
      spec.illumination = {
        ...spec.illumination,
        spectrum: {
          kind: 'tabulated',
          wavelengthNm: Array.from(user.wavelengthNm),
          irradianceWm2Nm: Array.from(user.irradianceWm2Nm),
        },
      };
    }
    if (spec.electrical?.tandem) return runTandem(file, spec, opts, out, err);
    if (spec.electrical) return runElectrical(file, spec, opts, out, err);
    const { report } = runDeviceOptics(spec, fileAssets(), opts.points);
    const text = `${JSON.stringify({ ...report, elapsedMs: Math.round(performance.now() - t0) })}\n`;
    if (opts.out) {
      writeFileSync(resolve(opts.out), text);
      err.write(`run: wrote ${opts.out} (${report.layers.length} layers, ${report.wavelengthNm.length} wavelengths)\n`);
    } else out.write(text);
    return 0;
  } catch (e) {
    err.write(`run: ${e instanceof Error ? e.message : String(e)}\n`);
    return e instanceof OpticsInputError ? 2 : 1;
  }
}

/** The coupled optics + electrical run of a DeviceSpec with an `electrical` block. */
function runElectrical(
  file: string,
  spec: Parameters<typeof runDeviceSimulation>[0],
  opts: RunOptions,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): number {
  let res: DeviceSimulationResult;
  try {
    res = runDeviceSimulation(spec, fileAssets(), { profilePoints: opts.points });
  } catch (e) {
    const bad = e instanceof DeviceSpecInputError || e instanceof ElectricalInputError || e instanceof OpticsInputError;
    if (e instanceof DeviceSpecInputError) {
      err.write(`run: ${file}: the electrical part is not valid:\n`);
      for (const m of e.errors) err.write(`  ${m}\n`);
    } else err.write(`run: ${file}: ${e instanceof Error ? e.message : String(e)}\n`);
    return bad ? 2 : 1;
  }
  const text = `${JSON.stringify(res)}\n`;
  if (opts.out) writeFileSync(resolve(opts.out), text);
  else out.write(text);
  for (const w of [...res.warnings, ...(res.light?.warnings ?? []), ...(res.dark?.warnings ?? [])])
    err.write(`run: warning: ${messageText(w)}\n`);
  err.write(`${electricalSummary(res, windowOf(spec), opts.lang ?? 'en')}\n`);
  if (opts.out) err.write(`run: wrote ${opts.out}\n`);
  const failed = [res.light, res.dark].find((r) => r && !r.converged);
  if (failed) {
    err.write(`run: ${failed.error?.text ?? 'the run did not converge'}\n`);
    return 1;
  }
  return 0;
}

/** A monolithic tandem (electrical.tandem): subcells in series, 4T, current matching. */
function runTandem(
  file: string,
  spec: Parameters<typeof runTandemSimulation>[0],
  opts: RunOptions,
  out: NodeJS.WritableStream,
  err: NodeJS.WritableStream,
): number {
  let res: ReturnType<typeof runTandemSimulation>;
  try {
    res = runTandemSimulation(spec, fileAssets(), { profilePoints: opts.points });
  } catch (e) {
    if (e instanceof DeviceSpecInputError) {
      err.write(`run: ${file}: the electrical part is not valid:\n`);
      for (const m of e.errors) err.write(`  ${m}\n`);
      return 2;
    }
    err.write(`run: ${file}: ${e instanceof Error ? e.message : String(e)}\n`);
    return e instanceof ElectricalInputError || e instanceof OpticsInputError ? 2 : 1;
  }
  const text = `${JSON.stringify(res)}\n`;
  if (opts.out) writeFileSync(resolve(opts.out), text);
  else out.write(text);
  for (const w of res.warnings) err.write(`run: warning: ${messageText(w)}\n`);
  const window = windowOf(spec);
  const lang = opts.lang ?? 'en';
  const fig = (f?: {
    Jsc_mA_cm2: number;
    Voc_V: number;
    FF: number;
    PCE_percent: number;
    pceWindowPercent?: number;
  }) =>
    f
      ? `Jsc ${f.Jsc_mA_cm2.toFixed(2)} mA/cm2   Voc ${f.Voc_V.toFixed(4)} V   FF ${(100 * f.FF).toFixed(2)} %   ${pceText(f.PCE_percent, f.pceWindowPercent, window, lang)}`
      : 'no figures of merit';
  err.write(`run: ${res.device}: tandem, subcells in series\n  2T: ${fig(res.series?.figures)}\n`);
  for (const c of res.subcells)
    err.write(`  ${c.subcell} cell: ${fig(c.figures)}   photocurrent ${c.jPhotoMaCm2.toFixed(2)} mA/cm2\n`);
  if (res.fourTerminal)
    err.write(`  4T: ${pceText(res.fourTerminal.pcePercent, res.fourTerminal.pceWindowPercent, window, lang)}\n`);
  err.write(
    `  mismatch ${res.mismatch.jTopMinusBottomMaCm2.toFixed(2)} mA/cm2, limiting: ${res.mismatch.limiting} cell\n`,
  );
  if (opts.out) err.write(`run: wrote ${opts.out}\n`);
  const failed = res.subcells.find((c) => !c.converged);
  if (failed) {
    err.write(`run: ${failed.subcell} cell: ${failed.error?.text ?? 'the run did not converge'}\n`);
    return 1;
  }
  return 0;
}

/** The simulated wavelength window of a device (the engine's default 300-1600 nm without one). */
function windowOf(spec: { illumination?: { wavelength?: { startNm: number; endNm: number } } }): {
  startNm: number;
  endNm: number;
} {
  return spec.illumination?.wavelength ?? { startNm: 300, endNm: 1600 };
}

/**
 * `PCE 20.10 % (full spectrum) · 21.30 % (300-1200 nm window, as SCAPS)`: the PCE on the whole
 * spectrum's power and, when the result has it, on the power inside the simulated window (SCAPS's).
 */
export function pceText(
  pcePercent: number,
  windowPercent: number | undefined,
  window: { startNm: number; endNm: number },
  lang: CliLang,
): string {
  if (windowPercent === undefined) return `PCE ${pcePercent.toFixed(2)} %`;
  const range = `${window.startNm}-${window.endNm} nm`;
  return lang === 'zh'
    ? `PCE ${pcePercent.toFixed(2)} %（全光谱）· ${windowPercent.toFixed(2)} %（${range} 窗口，同 SCAPS）`
    : `PCE ${pcePercent.toFixed(2)} % (full spectrum) · ${windowPercent.toFixed(2)} % (${range} window, as SCAPS)`;
}

/** A few lines for people: figures of merit, where G came from, the time taken. */
export function electricalSummary(
  res: DeviceSimulationResult,
  window: { startNm: number; endNm: number } = { startNm: 300, endNm: 1600 },
  lang: CliLang = 'en',
): string {
  const layers = res.electricalLayers.map((l) => l.name).join(', ');
  const lines = [`run: ${res.device}: drift-diffusion over ${layers}; generation ${res.generation.kind}`];
  const f = res.light?.figures;
  if (f)
    lines.push(
      `  Jsc ${f.Jsc_mA_cm2.toFixed(2)} mA/cm2   Voc ${f.Voc_V.toFixed(4)} V   FF ${(100 * f.FF).toFixed(2)} %   ${pceText(f.PCE_percent, f.pceWindowPercent, window, lang)}  (P_in ${res.incidentPowerMwCm2.toFixed(2)} mW/cm2${res.incidentPowerWindowMwCm2 !== undefined && f.pceWindowPercent !== undefined ? `, ${res.incidentPowerWindowMwCm2.toFixed(2)} mW/cm2 in the window` : ''})`,
    );
  else if (res.light)
    lines.push('  light J-V: no figures of merit (J does not cross zero in the range, or not converged)');
  if (res.generation.jOpticalMaCm2 !== undefined)
    lines.push(
      `  q int G: ${res.generation.jGenerationMaCm2.toFixed(3)} mA/cm2 on the mesh, ${res.generation.jOpticalMaCm2.toFixed(3)} mA/cm2 from the optics`,
    );
  if (res.eqe)
    lines.push(
      `  EQE at ${res.eqe.wavelengthNm.length} wavelengths: ${
        res.eqe.jscFromEqeMaCm2 === undefined
          ? `failed at ${res.eqe.failedWavelengthNm?.join(', ')} nm, so no Jsc from the EQE`
          : `q int EQE Phi = ${res.eqe.jscFromEqeMaCm2.toFixed(3)} mA/cm2`
      }`,
    );
  if (res.dark) {
    const n = res.dark.V.length;
    if (n > 0)
      lines.push(
        `  dark J-V: ${n} points, J(${res.dark.V[n - 1]} V) = ${res.dark.J_mA_cm2[n - 1]!.toPrecision(4)} mA/cm2`,
      );
  }
  const tr = res.transient;
  if (tr) {
    const span = tr.t_s.length ? tr.t_s[tr.t_s.length - 1]! : 0;
    lines.push(
      `  transient: ${tr.converged ? 'done' : `stopped (${tr.error?.text ?? 'not converged'})`}, ${tr.t_s.length} samples over ${span.toPrecision(4)} s, ${tr.stats.steps} steps`,
    );
    for (const s of tr.scans)
      lines.push(
        `    ${s.direction} scan at ${s.rate_V_s} V/s: ${
          s.figures
            ? `Jsc ${s.figures.Jsc_mA_cm2.toFixed(2)} mA/cm2   Voc ${s.figures.Voc_V.toFixed(4)} V   FF ${(100 * s.figures.FF).toFixed(2)} %   ${pceText(s.figures.PCE_percent, s.figures.pceWindowPercent, window, lang)}`
            : 'no figures of merit'
        }`,
      );
    if (tr.hysteresisIndex !== undefined) lines.push(`    hysteresis index ${tr.hysteresisIndex.toFixed(4)}`);
  }
  const z = res.impedance;
  if (z)
    lines.push(
      `  impedance at ${z.V_dc} V: ${z.frequency_Hz.length} frequencies${z.converged ? '' : ` (stopped: ${z.error?.text ?? 'not converged'})`}`,
    );
  const cv = res.capacitanceVoltage;
  if (cv) {
    const ms = cv.mottSchottky;
    lines.push(
      `  C-V at ${cv.frequency_Hz} Hz: ${cv.V.length} voltages${cv.converged ? '' : ` (stopped: ${cv.error?.text ?? 'not converged'})`}${
        ms
          ? `; Mott-Schottky from ${ms.range_V[0]} to ${ms.range_V[1]} V: N = ${ms.doping_cm3.toExponential(3)} cm-3, Vbi = ${ms.Vbi_V.toFixed(4)} V (eps_r ${ms.eps_r} of ${ms.layer})`
          : ''
      }`,
    );
    const note = cv.mottSchottkyCheck && mottSchottkyNote(cv.mottSchottkyCheck, ms?.Vbi_V);
    if (note) lines.push(`    ${note}`);
  }
  const cf = res.capacitanceFrequency;
  if (cf)
    lines.push(
      `  C-f at ${cf.V_dc} V: ${cf.frequency_Hz.length} frequencies${cf.converged ? '' : ` (stopped: ${cf.error?.text ?? 'not converged'})`}`,
    );
  for (const d of res.defectLosses ?? [])
    lines.push(
      `  without ${d.where} defect "${d.name}" (${d.location}): ${
        d.deltaPCE_percent !== undefined && d.deltaVoc_V !== undefined
          ? `PCE +${d.deltaPCE_percent.toFixed(3)} %, Voc +${(1000 * d.deltaVoc_V).toFixed(2)} mV`
          : 'not converged'
      }`,
    );
  lines.push(`  ${res.elapsedMs} ms`);
  return lines.join('\n');
}

function isCircuitJob(raw: unknown): raw is CircuitJob {
  return (
    typeof raw === 'object' &&
    raw !== null &&
    (CIRCUIT_JOB_KINDS as readonly string[]).includes(String((raw as { kind?: unknown }).kind)) &&
    !('schemaVersion' in raw)
  );
}

/**
 * A fit job may name its measured curve by file ("curve": {"file": "jv.xlsx", "parse": {...}}),
 * relative to the job file; it is read here and handed to the engine as text or spreadsheet rows.
 */
async function withCurveFile(job: CircuitJob, baseDir: string): Promise<CircuitJob> {
  if (job.kind !== 'fit') return job;
  const curve = job.curve as { file?: unknown; parse?: Record<string, unknown> };
  if (typeof curve.file !== 'string') return job;
  const source = await readCurveFile(resolve(baseDir, curve.file));
  return { ...job, curve: { ...source, ...(curve.parse ? { parse: curve.parse } : {}) } } as CircuitJob;
}

export { CurveFileError };

/**
 * `run <job.json>` for a circuit job (simulate, fit, losses, detailed balance); see
 * packages/engine/src/jobs/circuit-job.ts. The engine checks the job itself: a job it refuses
 * (every problem listed with its field) or a curve file it cannot read is bad input, exit 2;
 * anything else that fails is exit 1.
 */
function runCircuit(job: CircuitJob, opts: RunOptions, out: NodeJS.WritableStream, err: NodeJS.WritableStream): number {
  try {
    const t0 = performance.now();
    const result = runCircuitJob(job);
    const text = `${JSON.stringify({ ...result, elapsedMs: Math.round(performance.now() - t0) })}\n`;
    if (opts.out) {
      writeFileSync(resolve(opts.out), text);
      err.write(`run: wrote ${opts.out} (circuit job ${job.kind})\n`);
    } else out.write(text);
    return 0;
  } catch (e) {
    if (e instanceof CircuitInputError) {
      err.write(`run: the circuit job ${job.kind} is not valid:\n`);
      for (const m of e.errors) err.write(`  ${m}\n`);
      return 2;
    }
    err.write(`run: circuit job ${job.kind}: ${e instanceof Error ? e.message : String(e)}\n`);
    return e instanceof CurveParseError ? 2 : 1;
  }
}
