/**
 * Generation rate G(x) on the mesh, per node and side (a node on an interface has one value for
 * the layer on its left and one for the layer on its right), cm^-3 s^-1.
 *
 *   dark:          G = 0
 *   uniform:       G = G0 everywhere; per-layer: G = G_l inside layer l
 *   Beer-Lambert:  G(x) = sum_i Phi_i (1 - R) alpha_l,i exp(-int_0^x alpha_i dx') (depth x from the lit
 *                  face; one term per spectral line or bin i)
 *   mesh:          values at the solver's nodes (e.g. the optical engine evaluated on buildMesh's x)
 *   profile:       linear interpolation of a tabulated G(x) (e.g. from the optical engine)
 *   function:      G(x) evaluated at the nodes
 */
import { checkMessage } from '../../messages/device-check.js';
import type { EngineMessage } from '../../messages/index.js';
import type { Mesh } from '../discretisation/mesh.js';
import { type ElectricalGenerationSpec, ElectricalInputError } from '../types.js';

function interpolate(xs: number[], ys: number[], x: number): number {
  const n = xs.length;
  if (n === 0) return 0;
  if (x <= xs[0]!) return ys[0]!;
  if (x >= xs[n - 1]!) return ys[n - 1]!;
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (xs[mid]! <= x) lo = mid;
    else hi = mid;
  }
  const x0 = xs[lo]!;
  const x1 = xs[hi]!;
  const t = x1 > x0 ? (x - x0) / (x1 - x0) : 0;
  return ys[lo]! + t * (ys[hi]! - ys[lo]!);
}

function generationError(field: string, detail: EngineMessage): ElectricalInputError {
  return new ElectricalInputError([
    {
      severity: 'error',
      where: 'generation',
      field,
      text: detail.text,
      detail,
      code: 'generation',
      message: `generation: ${field} ${detail.text}`,
    },
  ]);
}

/** Returns G per node side: index 2i = left side of node i, 2i+1 = right side, cm^-3 s^-1. */
export function generationOnMesh(spec: ElectricalGenerationSpec, mesh: Mesh): Float64Array {
  const N = mesh.x.length;
  const g = new Float64Array(2 * N);
  const layerOfSide = (i: number, side: 0 | 1): number => {
    const k = side === 0 ? i - 1 : i;
    const kk = Math.min(Math.max(k, 0), N - 2);
    return mesh.intervalLayer[kk]!;
  };
  switch (spec.kind) {
    case 'dark':
      return g;
    case 'uniform':
      g.fill(spec.G_cm3_s);
      return g;
    case 'per-layer':
      for (let i = 0; i < N; i++) {
        g[2 * i] = spec.G_cm3_s[layerOfSide(i, 0)] ?? 0;
        g[2 * i + 1] = spec.G_cm3_s[layerOfSide(i, 1)] ?? 0;
      }
      return g;
    case 'mesh':
      if (spec.G_cm3_s.length !== N)
        throw generationError(
          'G_cm3_s',
          checkMessage(
            'check.length',
            { count: N, got: spec.G_cm3_s.length },
            `must have one value per mesh node (${N}), got ${spec.G_cm3_s.length}`,
          ),
        );
      for (let i = 0; i < N; i++) {
        const v = spec.G_cm3_s[i]!;
        g[2 * i] = v;
        g[2 * i + 1] = v;
      }
      return g;
    case 'profile':
      for (let i = 0; i < N; i++) {
        const v = interpolate(spec.x_nm, spec.G_cm3_s, mesh.x[i]! * 1e9);
        g[2 * i] = v;
        g[2 * i + 1] = v;
      }
      return g;
    case 'function':
      for (let i = 0; i < N; i++) {
        const x = mesh.x[i]! * 1e9;
        const v = spec.G(x);
        // a user's function is only known at the nodes: each value is checked there
        if (!(Number.isFinite(v) && v >= 0))
          throw generationError(
            'G',
            checkMessage(
              'check.negative',
              { got: String(v) },
              `must give a finite rate >= 0 at every node (got ${v} at x = ${x.toPrecision(6)} nm)`,
            ),
          );
        g[2 * i] = v;
        g[2 * i + 1] = v;
      }
      return g;
    case 'beer-lambert': {
      const keep = 1 - (spec.reflectance ?? 0);
      for (const line of spec.lines) {
        // optical depth tau(x) = int alpha dx from the left face, cm units
        const tau = new Float64Array(N);
        for (let k = 0; k < N - 1; k++) {
          const a = line.alpha_cm[mesh.intervalLayer[k]!] ?? 0;
          tau[k + 1] = tau[k]! + a * (mesh.x[k + 1]! - mesh.x[k]!) * 100;
        }
        const total = tau[N - 1]!;
        const phi = line.photonFlux_cm2_s * keep;
        if (phi === 0) continue;
        for (let i = 0; i < N; i++) {
          const depth = spec.from === 'left' ? tau[i]! : total - tau[i]!;
          const att = Math.exp(-depth);
          for (const side of [0, 1] as const) {
            const a = line.alpha_cm[layerOfSide(i, side)] ?? 0;
            g[2 * i + side] = g[2 * i + side]! + phi * a * att;
          }
        }
      }
      return g;
    }
  }
}
