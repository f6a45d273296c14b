/**
 * The global start of a device fit: a Latin hypercube over the box of the fit variables (M. D.
 * McKay, R. J. Beckman and W. J. Conover, Technometrics 21, 239 (1979)): each variable's range cut
 * into `count` equal strata, one point per stratum, the strata paired at random. It covers every
 * variable's whole range with few runs, where a grid would need count^m. Seeded: the same seed
 * gives the same design, so a fit can be repeated.
 */
import { Prng } from '../circuit/prng.js';
import type { Box } from './least-squares.js';

export function latinHypercube(box: Box, count: number, seed: number): Float64Array[] {
  const m = box.ul.length;
  const rng = new Prng(seed);
  const points = Array.from({ length: count }, () => new Float64Array(m));
  for (let a = 0; a < m; a++) {
    const strata = [...Array(count).keys()];
    for (let i = count - 1; i > 0; i--) {
      const j = Math.floor(rng.next() * (i + 1));
      [strata[i], strata[j]] = [strata[j]!, strata[i]!];
    }
    for (let k = 0; k < count; k++) {
      const f = (strata[k]! + rng.next()) / count;
      points[k]![a] = box.ul[a]! + f * (box.uh[a]! - box.ul[a]!);
    }
  }
  return points;
}
