import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { type CircuitJob, type CurveParseOptions, runCircuitJob } from '@pvforge/engine';
import { readCurveFile } from '../curve-file.js';

export interface FitCommandOptions {
  model: 'sdm' | '2dm';
  temperatureK: number;
  out?: string;
  parse: CurveParseOptions;
}

/**
 * `fit <curve>`: fits a measured J-V (CSV, TXT, SCAPS .iv or XLSX) with the single- or two-diode
 * model and prints the parameters with their confidence intervals; the full result as JSON goes to
 * --out or stdout. The modified model needs absorber properties: use `run` with a fit job for it.
 */
export async function runFit(
  file: string,
  opts: FitCommandOptions,
  out: NodeJS.WritableStream = process.stdout,
  err: NodeJS.WritableStream = process.stderr,
): Promise<number> {
  let job: CircuitJob;
  try {
    const source = await readCurveFile(resolve(file));
    job = { kind: 'fit', model: opts.model, tK: opts.temperatureK, curve: { ...source, parse: opts.parse } };
  } catch (e) {
    err.write(`fit: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
  try {
    const result = runCircuitJob(job);
    if (result.kind !== 'fit') throw new Error('unexpected job result');
    const f = result.fit;
    err.write(`fit: ${opts.model} model, RMSE ${f.rmseMaCm2.toExponential(3)} mA/cm2, R^2 ${f.r2.toFixed(6)}\n`);
    for (const p of f.parameters) {
      const bound = p.atBound ? `  (at its ${p.atBound} bound)` : '';
      err.write(
        `  ${p.key.padEnd(12)} ${p.value.toPrecision(6)} ${p.unit}  [${p.ciLow.toPrecision(4)}, ${p.ciHigh.toPrecision(4)}]${bound}\n`,
      );
    }
    const text = `${JSON.stringify(result)}\n`;
    if (opts.out) writeFileSync(resolve(opts.out), text);
    else out.write(text);
    return 0;
  } catch (e) {
    err.write(`fit: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}
