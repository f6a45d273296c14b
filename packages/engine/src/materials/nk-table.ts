/**
 * Tabulated complex refractive index N = n + i k (k >= 0 for loss, fields ~ exp(i(kz - wt))).
 *
 * n and k are interpolated linearly and separately in vacuum wavelength:
 *   n(l) = n_i + (n_{i+1} - n_i) (l - l_i) / (l_{i+1} - l_i),  l_i <= l <= l_{i+1}  (same for k).
 * Outside the tabulated range the default is an error naming the material and the wavelength;
 * extrapolation is only done when asked for:
 *   'hold'        hold the end values of n and k,
 *   'transparent' hold n, set k = 0 (a layer that is transparent beyond its table).
 * Format of the CSV tables: assets/data/README.md (header `wavelength_nm,n,k`, nm, strictly increasing).
 */
import { OpticsInputError } from '../optics/errors.js';

export interface NkTable {
  /** Material name or id, used in error messages. */
  name: string;
  wavelengthNm: Float64Array;
  n: Float64Array;
  k: Float64Array;
}

export type NkExtrapolation = 'none' | 'hold' | 'transparent';

/** Checks and wraps arrays as an n,k table (strictly increasing wavelengths, finite, n > 0, k >= 0). */
export function makeNkTable(
  name: string,
  wavelengthNm: ArrayLike<number>,
  n: ArrayLike<number>,
  k: ArrayLike<number>,
): NkTable {
  const m = wavelengthNm.length;
  if (m < 1) throw new OpticsInputError(`${name}.wavelengthNm`, 'the n,k table is empty');
  if (n.length !== m || k.length !== m) {
    throw new OpticsInputError(name, `wavelength, n and k columns differ in length (${m}, ${n.length}, ${k.length})`);
  }
  const w = Float64Array.from(wavelengthNm);
  const nn = Float64Array.from(n);
  const kk = Float64Array.from(k);
  for (let i = 0; i < m; i++) {
    const wi = w[i]!;
    if (!Number.isFinite(wi) || wi <= 0)
      throw new OpticsInputError(`${name}.wavelengthNm[${i}]`, `must be > 0 (got ${wi})`);
    if (i > 0 && !(wi > w[i - 1]!)) {
      throw new OpticsInputError(
        `${name}.wavelengthNm[${i}]`,
        `wavelengths must increase strictly (${w[i - 1]} then ${wi})`,
      );
    }
    if (!Number.isFinite(nn[i]!) || nn[i]! <= 0)
      throw new OpticsInputError(`${name}.n[${i}]`, `must be > 0 (got ${nn[i]})`);
    if (!Number.isFinite(kk[i]!) || kk[i]! < 0)
      throw new OpticsInputError(`${name}.k[${i}]`, `must be >= 0 (got ${kk[i]})`);
  }
  return { name, wavelengthNm: w, n: nn, k: kk };
}

/** Parses a `wavelength_nm,n,k` CSV (one header line; wavelength in nm). */
export function parseNkCsv(text: string, name = 'n,k table'): NkTable {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = (lines[0] ?? '').trim().toLowerCase().replace(/\s+/g, '');
  if (!header.startsWith('wavelength_nm,n,k')) {
    throw new OpticsInputError(name, `expected the header "wavelength_nm,n,k" (got "${lines[0] ?? ''}")`);
  }
  const w: number[] = [];
  const n: number[] = [];
  const k: number[] = [];
  for (let i = 1; i < lines.length; i++) {
    const cells = lines[i]!.split(',');
    if (cells.length < 3) throw new OpticsInputError(`${name} line ${i + 1}`, 'needs three columns');
    const v = cells.slice(0, 3).map((c) => Number(c.trim()));
    if (v.some((x) => !Number.isFinite(x)))
      throw new OpticsInputError(`${name} line ${i + 1}`, `not a number: "${lines[i]}"`);
    w.push(v[0]!);
    n.push(v[1]!);
    k.push(v[2]!);
  }
  return makeNkTable(name, w, n, k);
}

/**
 * n and k of a table at the given wavelengths (linear interpolation). `field` names the layer for
 * errors. Wavelengths need not be sorted; a sorted grid is walked in O(M + N).
 */
export function interpolateNk(
  table: NkTable,
  wavelengthNm: ArrayLike<number>,
  field: string,
  extrapolation: NkExtrapolation = 'none',
): { n: Float64Array; k: Float64Array } {
  const tw = table.wavelengthNm;
  const m = tw.length;
  const out = { n: new Float64Array(wavelengthNm.length), k: new Float64Array(wavelengthNm.length) };
  const lo = tw[0]!;
  const hi = tw[m - 1]!;
  let j = 0;
  for (let i = 0; i < wavelengthNm.length; i++) {
    const l = wavelengthNm[i]!;
    if (!Number.isFinite(l)) throw new OpticsInputError(`wavelengthNm[${i}]`, `must be a finite number (got ${l})`);
    if (l < lo || l > hi) {
      if (extrapolation === 'none') {
        throw new OpticsInputError(
          field,
          `n,k of "${table.name}" missing at ${l} nm: the table covers ${lo}-${hi} nm (ask for extrapolation 'hold' or 'transparent' to go beyond)`,
        );
      }
      const end = l < lo ? 0 : m - 1;
      out.n[i] = table.n[end]!;
      out.k[i] = extrapolation === 'transparent' ? 0 : table.k[end]!;
      continue;
    }
    if (m === 1) {
      out.n[i] = table.n[0]!;
      out.k[i] = table.k[0]!;
      continue;
    }
    // find j with tw[j] <= l <= tw[j+1]; restart the walk if the grid went backwards
    if (j > m - 2 || tw[j]! > l) j = 0;
    while (j < m - 2 && tw[j + 1]! <= l) j++;
    const w0 = tw[j]!;
    const w1 = tw[j + 1]!;
    const t = (l - w0) / (w1 - w0);
    const n0 = table.n[j]!;
    const k0 = table.k[j]!;
    // t = 0 and t = 1 give the node values exactly
    out.n[i] = t === 1 ? table.n[j + 1]! : n0 + t * (table.n[j + 1]! - n0);
    out.k[i] = t === 1 ? table.k[j + 1]! : k0 + t * (table.k[j + 1]! - k0);
  }
  return out;
}
