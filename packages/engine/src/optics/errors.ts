/**
 * Bad optical input: the message names the layer (or medium) and the field, e.g.
 * `layers[2] "MAPbI3".thicknessNm: must be a finite number > 0 (got -5)`.
 */
export class OpticsInputError extends Error {
  /** Path of the offending field, e.g. `layers[2].thicknessNm` or `spectrum.wavelengthNm[12]`. */
  readonly field: string;
  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = 'OpticsInputError';
    this.field = field;
  }
}

/** Throws unless x is a finite number; `what` names the field. */
export function requireFinite(x: number, what: string): void {
  if (typeof x !== 'number' || !Number.isFinite(x))
    throw new OpticsInputError(what, `must be a finite number (got ${x})`);
}
