import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CircuitInputError, type CircuitJob, type CurveParseOptions, runCircuitJob } from '@pvforge/engine';
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
    err.write(
      `fit: ${opts.model} model, RMSE ${shown(f.rmseMaCm2, (x) => x.toExponential(3))} mA/cm2, R^2 ${shown(f.r2, (x) => x.toFixed(6))}\n`,
    );
    for (const p of f.parameters) {
      const bound = p.atBound ? `  (at its ${p.atBound} bound)` : '';
      const ci = (x: number | null) => shown(x, (y) => y.toPrecision(4));
      err.write(
        `  ${p.key.padEnd(12)} ${shown(p.value, (x) => x.toPrecision(6))} ${p.unit}  [${ci(p.ciLow)}, ${ci(p.ciHigh)}]${bound}\n`,
      );
    }
    const text = `${JSON.stringify(result)}\n`;
    if (opts.out) writeFileSync(resolve(opts.out), text);
    else out.write(text);
    return 0;
  } catch (e) {
    if (e instanceof CircuitInputError) {
      err.write('fit: the fit cannot run:\n');
      for (const m of e.errors) err.write(`  ${m}\n`);
    } else err.write(`fit: ${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}

/** A number of the result, or "n/a" where the result has none (null: NaN or infinite in the engine). */
function shown(x: number | null, format: (x: number) => string): string {
  return x === null ? 'n/a' : format(x);
}
