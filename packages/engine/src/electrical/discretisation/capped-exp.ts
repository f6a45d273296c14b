/**
 * The capped exponential every model of the discretised system evaluates densities and rates
 * with. Its own module because the statistics, the contacts and the interfaces need it while the
 * model (model.ts) is being built from them.
 */
/** Exponentials are capped at e^700 so that a wild Newton iterate gives a large finite residual, never Infinity. */
export const EXP_CAP = 700;
export function ex(a: number): number {
  return Math.exp(a > EXP_CAP ? EXP_CAP : Math.max(a, -EXP_CAP));
}
