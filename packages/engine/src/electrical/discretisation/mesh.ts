/**
 * Non-uniform 1-D mesh over the semiconductor stack, refined towards every interface and contact.
 *
 * Inside a layer of thickness d with m intervals, node j sits at
 *     x_j = d/2 (1 + tanh(beta (2 j/m - 1)) / tanh(beta)),
 * a tanh-stretched grid (cf. the exponential grids of SIMsalabim, Koster et al., and the graded
 * meshes of Selberherr, Analysis and Simulation of Semiconductor Devices, Springer 1984, ch. 6):
 * spacing ~ d beta sech^2(beta)/(m tanh beta) at the faces, ~ d beta/(m tanh beta) in the middle.
 * beta = 0 gives a uniform grid. Layers share one node at each interface.
 */
import type { ElectricalLayer } from '../types.js';

export interface Mesh {
  /** Node positions from the left face, m. */
  x: Float64Array;
  /** Layer index (into the semiconductor layers) of each interval [x_k, x_k+1]. */
  intervalLayer: Int32Array;
  /**
   * Node index of each internal interface (length layers - 1): the node on the left side. An
   * interface with thermionic emission has two nodes, interfaceNodes[k] and interfaceNodes[k] + 1,
   * joined by a zero-charge interval of length TE_GAP_M (teInterval marks it).
   */
  interfaceNodes: number[];
  /** Per interface, whether it is a double node (thermionic emission). */
  doubleNode: boolean[];
  /** Per interval, the interface index when the interval is a thermionic-emission gap, else -1. */
  teInterval: Int32Array;
  /** Node range of each layer: first and last node index. */
  layerNodes: { first: number; last: number }[];
}

export const DEFAULT_NODES = 400;
export const DEFAULT_GRADING = 3;
const MIN_INTERVALS = 12;

/** Splits totalIntervals among the layers that do not set their own, in proportion to sqrt(thickness). */
function allocateIntervals(layers: ElectricalLayer[], totalNodes: number): number[] {
  const fixed = layers.map((l) => l.mesh_intervals);
  const used = fixed.reduce<number>((s, m) => s + (m ?? 0), 0);
  const free = layers.map((l, i) => (fixed[i] === undefined ? Math.sqrt(Math.max(l.thickness_nm, 1e-3)) : 0));
  const wsum = free.reduce((s, w) => s + w, 0);
  const budget = Math.max(totalNodes - 1 - used, 0);
  return layers.map((_, i) => {
    const f = fixed[i];
    if (f !== undefined) return f;
    return Math.max(MIN_INTERVALS, Math.round((budget * free[i]!) / (wsum || 1)));
  });
}

/**
 * Which interfaces are double nodes (the two sides keep their own densities): those with
 * thermionic emission or a tunnel oxide. One rule for the solver and for whoever lays values on
 * its mesh beforehand (the device layer's generation), so that their node counts cannot differ.
 */
export function doubleNodes(
  layers: readonly unknown[],
  interfaces: readonly ({ thermionic?: unknown; tunnel_oxide?: unknown } | undefined | null)[] | undefined,
): boolean[] {
  return layers
    .slice(0, -1)
    .map((_, k) => interfaces?.[k]?.thermionic !== undefined || interfaces?.[k]?.tunnel_oxide !== undefined);
}

/** Length of the gap between the two nodes of a thermionic-emission interface, m (1e-4 nm). */
export const TE_GAP_M = 1e-13;

export function buildMesh(layers: ElectricalLayer[], totalNodes = DEFAULT_NODES, doubleNode: boolean[] = []): Mesh {
  const counts = allocateIntervals(layers, totalNodes);
  const nDouble = layers.slice(0, -1).filter((_, k) => doubleNode[k]).length;
  const nIntervals = counts.reduce((s, m) => s + m, 0) + nDouble;
  const x = new Float64Array(nIntervals + 1);
  const intervalLayer = new Int32Array(nIntervals);
  const teInterval = new Int32Array(nIntervals).fill(-1);
  const interfaceNodes: number[] = [];
  const layerNodes: { first: number; last: number }[] = [];
  let k = 0;
  let x0 = 0;
  layers.forEach((l, li) => {
    const m = counts[li]!;
    const d = l.thickness_nm * 1e-9;
    const beta = l.mesh_grading ?? DEFAULT_GRADING;
    const first = k;
    for (let j = 1; j <= m; j++) {
      const s = j / m;
      const frac = beta < 1e-6 ? s : 0.5 * (1 + Math.tanh(beta * (2 * s - 1)) / Math.tanh(beta));
      intervalLayer[k] = li;
      k++;
      x[k] = j === m ? x0 + d : x0 + d * frac;
    }
    layerNodes.push({ first, last: k });
    x0 += d;
    if (li < layers.length - 1) {
      interfaceNodes.push(k);
      if (doubleNode[li]) {
        intervalLayer[k] = li;
        teInterval[k] = li;
        k++;
        x0 += TE_GAP_M;
        x[k] = x0;
      }
    }
  });
  return {
    x,
    intervalLayer,
    interfaceNodes,
    doubleNode: layers.slice(0, -1).map((_, i) => doubleNode[i] === true),
    teInterval,
    layerNodes,
  };
}
