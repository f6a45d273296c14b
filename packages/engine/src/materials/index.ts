/** Optical materials: tabulated n,k, constant, dispersion models, and absorption-given materials. */
import { OpticsInputError, requireFinite } from '../optics/errors.js';
import { type AbsorptionTableMaterial, absorptionNk, type SqrtLawModel } from './absorption.js';
import { type DispersionModel, evaluateDispersion } from './dispersion.js';
import { interpolateNk, type NkExtrapolation, type NkTable } from './nk-table.js';

export * from './absorption.js';
export * from './dispersion.js';
export * from './nk-table.js';

/** Any optical description of a medium. */
export type OpticalMaterial =
  | { kind: 'constant'; n: number; k: number }
  | { kind: 'table'; table: NkTable; extrapolation?: NkExtrapolation }
  | SqrtLawModel
  | AbsorptionTableMaterial
  | DispersionModel;

/** n and k of a material on a wavelength grid; `field` names the layer in errors. */
export function materialNk(
  m: OpticalMaterial,
  wavelengthNm: ArrayLike<number>,
  field: string,
): { n: Float64Array; k: Float64Array } {
  if (m.kind === 'constant') {
    requireFinite(m.n, `${field}.n`);
    requireFinite(m.k, `${field}.k`);
    if (!(m.n > 0)) throw new OpticsInputError(`${field}.n`, `must be > 0 (got ${m.n})`);
    if (!(m.k >= 0)) throw new OpticsInputError(`${field}.k`, `must be >= 0 (got ${m.k})`);
    return { n: new Float64Array(wavelengthNm.length).fill(m.n), k: new Float64Array(wavelengthNm.length).fill(m.k) };
  }
  if (m.kind === 'table') return interpolateNk(m.table, wavelengthNm, field, m.extrapolation ?? 'none');
  if (m.kind === 'sqrt-law' || m.kind === 'absorption-table') return absorptionNk(m, wavelengthNm, field);
  return evaluateDispersion(m, wavelengthNm, field);
}
