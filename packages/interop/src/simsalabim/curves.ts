import type { ForeignCurve, SourceFile } from '../report.js';
import { binaryProblem, parseNumber } from './parse.js';

/**
 * SimSS's J-V output (JV.dat, or the file its JVFile names): a header line of column names
 * (`Vext Jext errJ Vint Jint ...` in 5.x, `Vext Jext ...` in 4.x), then rows of numbers. J is in
 * A/m^2 with the photocurrent negative; the curve is given in mA/cm^2 with the photocurrent
 * positive, as the engine's J-V (1 A/m^2 = 0.1 mA/cm^2). A file that is not one gives no curve.
 */
export function readSimsalabimCurves(file: SourceFile): ForeignCurve[] {
  if (binaryProblem(file)) return [];
  const lines = file.text.split(/\r\n|\r|\n/).filter((l) => l.trim() !== '');
  if (lines.length < 2) return [];
  const head = lines[0]!.trim().split(/\s+/);
  const iv = head.indexOf('Vext');
  const ij = head.indexOf('Jext');
  if (iv < 0 || ij < 0) return [];
  const x: number[] = [];
  const y: number[] = [];
  for (const line of lines.slice(1)) {
    const cells = line.trim().split(/\s+/);
    const v = parseNumber(cells[iv] ?? '');
    const j = parseNumber(cells[ij] ?? '');
    // a truncated last row (a run stopped mid-write) ends the curve
    if (v === undefined || j === undefined) break;
    x.push(v);
    y.push(-j * 0.1);
  }
  if (x.length === 0) return [];
  return [{ tool: 'simsalabim', kind: 'jv', label: file.name, x, y }];
}
