import type { SourceFile } from '../report.js';
import { checkText, fail, parseNum, splitLines } from './lines.js';

/** hc in eV nm: a photon of E eV has the wavelength HC_EV_NM / E nm. */
export const HC_EV_NM = 1239.841984;

export interface AbsTable {
  wavelengthNm: number[];
  alphaPerCm: number[];
  /** What the first column was: wavelength (nm) or photon energy (eV). */
  xUnit: 'nm' | 'eV';
  /** The alpha unit read: SCAPS's own is 1/m; a header may say 1/cm. */
  alphaUnit: '1/m' | '1/cm';
  /** Lines that were comments or headers (accounted for in the report). */
  commentLines: number[];
}

/**
 * A SCAPS absorption file: two columns, the first the wavelength in nm (or the photon energy in
 * eV: values below 20 cannot be wavelengths of light SCAPS simulates), the second alpha in SCAPS's
 * 1/m unless the header says 1/cm. Comment lines start with '//' or hold no number.
 */
export function readAbsFile(file: SourceFile): AbsTable {
  checkText(file.name, file.text);
  const lines = splitLines(file.text);
  const header: string[] = [];
  const commentLines: number[] = [];
  const rows: { x: number; a: number; line: number }[] = [];
  for (const l of lines) {
    const t = l.raw.trim();
    if (!t) continue;
    const cols = t.split(/[\s,;]+/);
    const x = parseNum(cols[0]);
    const a = parseNum(cols[1]);
    if (t.startsWith('//') || t.startsWith('#') || Number.isNaN(x)) {
      header.push(t);
      commentLines.push(l.no);
      continue;
    }
    if (Number.isNaN(a))
      fail(
        'scaps.abs-row',
        { file: file.name, line: l.no },
        `expected two numbers (wavelength or energy, alpha), got "${t.slice(0, 60)}"`,
        { file: file.name, line: l.no },
      );
    if (a < 0 || x < 0)
      fail('scaps.abs-negative', { file: file.name, line: l.no }, 'negative wavelength or absorption', {
        file: file.name,
        line: l.no,
      });
    rows.push({ x, a, line: l.no });
  }
  if (rows.length < 2)
    fail('scaps.abs-short', { file: file.name }, `${file.name} holds fewer than two rows of data`, {
      file: file.name,
      line: lines.length,
    });
  const h = header.join(' ').toLowerCase();
  const energy = /\bev\b|energy/.test(h.replace(/sqrt\(ev\)/g, '')) || rows.every((r) => r.x < 20);
  const perCm = /1\/cm|\/cm|cm\^-1|cm-1/.test(h);
  const alphaFactor = perCm ? 1 : 0.01;
  const pts = rows
    .filter((r) => r.x > 0)
    .map((r) => ({ w: energy ? HC_EV_NM / r.x : r.x, a: r.a * alphaFactor, line: r.line }))
    .sort((p, q) => p.w - q.w);
  const wavelengthNm: number[] = [];
  const alphaPerCm: number[] = [];
  for (const p of pts) {
    if (wavelengthNm.length && Math.abs(p.w - wavelengthNm[wavelengthNm.length - 1]!) < 1e-9) continue;
    wavelengthNm.push(Number(p.w.toPrecision(10)));
    alphaPerCm.push(p.a);
  }
  if (wavelengthNm.length < 2)
    fail('scaps.abs-short', { file: file.name }, `${file.name} holds fewer than two distinct wavelengths`);
  return { wavelengthNm, alphaPerCm, xUnit: energy ? 'eV' : 'nm', alphaUnit: perCm ? '1/cm' : '1/m', commentLines };
}

/** A .abs text as SCAPS writes one: wavelength (nm) and alpha (1/m), tab-separated, CRLF. */
export function writeAbsFile(title: string, wavelengthNm: number[], alphaPerCm: number[]): string {
  const out = [`// ${title}`, '// lambda [nm]\talpha [1/m]'];
  for (let i = 0; i < wavelengthNm.length; i++)
    out.push(`${wavelengthNm[i]!.toFixed(3)}\t${(alphaPerCm[i]! * 100).toExponential(6)}`);
  return `${out.join('\r\n')}\r\n`;
}
