import type { OpticalModelSpec } from '@pvforge/contracts';
import type { NkData } from './material-form';

/**
 * The n and k curves of an optical model for the plots. (The n,k file itself is checked with
 * parseNkFile of @pvforge/contracts, the same code the server runs.)
 */

/** Default wavelength grid for models without a table: 300-1200 nm every 5 nm. */
function grid(from = 300, to = 1200, step = 5): number[] {
  const out: number[] = [];
  for (let w = from; w <= to; w += step) out.push(w);
  return out;
}

/**
 * The n and k curves of an optical model, or null when they cannot be drawn here (a shipped
 * table whose numbers the server did not send, or a model the screens do not evaluate).
 */
export function nkCurves(
  optical: OpticalModelSpec | { kind: 'tabulated'; points: number } | undefined,
  resolved?: NkData | null,
): NkData | null {
  if (resolved && resolved.wavelengthNm.length > 0) return resolved;
  if (!optical) return null;
  switch (optical.kind) {
    case 'tabulated':
      // List rows carry a summary ({points, rangeNm}) instead of the arrays.
      return 'wavelengthNm' in optical ? { wavelengthNm: optical.wavelengthNm, n: optical.n, k: optical.k } : null;
    case 'constant': {
      const w = grid();
      return { wavelengthNm: w, n: w.map(() => optical.n), k: w.map(() => optical.k) };
    }
    case 'cauchy': {
      const w = grid();
      return {
        wavelengthNm: w,
        n: w.map((nm) => {
          const l2 = (nm / 1000) ** 2;
          return optical.a + optical.bUm2 / l2 + (optical.cUm4 ?? 0) / (l2 * l2);
        }),
        k: w.map(() => optical.k ?? 0),
      };
    }
    default:
      return null;
  }
}
