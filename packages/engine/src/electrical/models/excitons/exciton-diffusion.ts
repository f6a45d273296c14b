/**
 * Exciton diffusion in planar (bilayer) organic heterojunctions: light makes tightly bound
 * excitons in the donor and the acceptor; they diffuse, decay, and split into an electron (in the
 * acceptor) and a hole (in the donor) only when they reach the donor/acceptor interface.
 *
 *     D d^2X/dx^2 - X / tau + G(x) = 0          in each layer with exciton diffusion, D = L^2 / tau
 *     X = 0                                     at a face shared with another such layer (the
 *                                               donor/acceptor interface dissociates every exciton
 *                                               that reaches it)
 *     dX/dx = 0                                 at every other face (contacts, transport layers)
 *
 * The exciton flux into the interface is a generation of free pairs there (per area): electrons on
 * the acceptor side (the larger electron affinity), holes on the donor side. Excitons carry no
 * charge and do not depend on the carriers, so the equation is linear and solved once per device
 * (finite volumes on the drift-diffusion mesh, one tridiagonal solve per layer); in a transient
 * they follow the light instantly, their lifetime (ns) being far below any time step of interest.
 * For uniform G in a layer of thickness d with one dissociating face the collected fraction is
 *     eta = (L/d) tanh(d/L)
 * (e.g. Peumans, Yakimov & Forrest, J. Appl. Phys. 93, 3693 (2003); Scully & McGehee,
 * J. Appl. Phys. 100, 034907 (2006)).
 */
import { BlockTridiagonal } from '../../discretisation/block-tridiagonal.js';
import type { Mesh } from '../../discretisation/mesh.js';
import type { ElectricalLayer } from '../../types.js';

export interface ExcitonSolution {
  /** Exciton density per node side, cm^-3 (0 outside exciton layers). */
  X_cm3: Float64Array;
  /** Free pairs generated at each node by dissociation, per area: electrons and holes, cm^-2 s^-1. */
  electronsAt: Float64Array;
  holesAt: Float64Array;
  /** Per layer: excitons lost to decay, cm^-2 s^-1 (0 for layers without exciton diffusion). */
  decay: number[];
}

/** True when layer li has exciton diffusion and shares face k (between li and li+1) with another such layer. */
function dissociates(layers: ElectricalLayer[], k: number): boolean {
  return layers[k]?.exciton_diffusion !== undefined && layers[k + 1]?.exciton_diffusion !== undefined;
}

/**
 * Solves the exciton equation on the mesh for the generation G per node side (cm^-3 s^-1, the
 * electrical model's layout) and returns the densities, the dissociation at each interface and
 * the decay per layer. Layers without exciton diffusion keep their G (not touched here).
 */
export function solveExcitons(layers: ElectricalLayer[], mesh: Mesh, G_cm3_s: ArrayLike<number>): ExcitonSolution {
  const N = mesh.x.length;
  const X = new Float64Array(2 * N);
  const electronsAt = new Float64Array(N);
  const holesAt = new Float64Array(N);
  const decay = layers.map(() => 0);
  layers.forEach((l, li) => {
    const ed = l.exciton_diffusion;
    if (!ed) return;
    const { first, last } = mesh.layerNodes[li]!;
    const n = last - first + 1;
    const x = (j: number) => mesh.x[first + j]! * 100; // cm
    const tau = ed.tau_s;
    const L = ed.L_nm * 1e-7;
    const D = (L * L) / tau;
    // box widths and box-averaged generation of each node inside the layer
    const w = new Float64Array(n);
    const g = new Float64Array(n);
    for (let j = 0; j < n; j++) {
      const i = first + j;
      if (j > 0) {
        const h = (x(j) - x(j - 1)) / 2;
        w[j]! += h;
        g[j]! += h * G_cm3_s[2 * i]!;
      }
      if (j < n - 1) {
        const h = (x(j + 1) - x(j)) / 2;
        w[j]! += h;
        g[j]! += h * G_cm3_s[2 * i + 1]!;
      }
    }
    const left = li > 0 && dissociates(layers, li - 1);
    const right = li < layers.length - 1 && dissociates(layers, li);
    // tridiagonal rows: a_j X_j-1 + b_j X_j + c_j X_j+1 = r_j (flux balance of each box)
    const sys = new BlockTridiagonal(n, 1);
    const { A: a, B: b, C: c } = sys;
    const r = new Float64Array(n);
    for (let j = 0; j < n; j++) {
      if ((j === 0 && left) || (j === n - 1 && right)) {
        b[j] = 1; // X = 0: the interface takes every exciton that arrives
        continue;
      }
      if (j > 0) {
        const k = D / (x(j) - x(j - 1));
        a[j] = -k;
        b[j]! += k;
      }
      if (j < n - 1) {
        const k = D / (x(j + 1) - x(j));
        c[j] = -k;
        b[j]! += k;
      }
      b[j]! += w[j]! / tau;
      r[j] = g[j]!;
    }
    const Xl = new Float64Array(n);
    if (!sys.solve(r, Xl)) throw new Error(`exciton diffusion in layer "${l.name}": singular system`);
    for (let j = 0; j < n; j++) {
      const i = first + j;
      if (j > 0) X[2 * i] = Xl[j]!;
      if (j < n - 1) X[2 * i + 1] = Xl[j]!;
    }
    // what reaches a dissociating face: the flux from the neighbouring box plus what the face
    // node's own half-box generates (X = 0 there); the rest decays
    let lost = 0;
    for (let j = 0; j < n; j++) lost += (w[j]! * Xl[j]!) / tau;
    decay[li] = lost;
    const face = (j: number, inner: number) => (D * (Xl[inner]! - Xl[j]!)) / Math.abs(x(inner) - x(j)) + g[j]!;
    if (left) addPairs(layers, mesh, li - 1, face(0, 1), electronsAt, holesAt);
    if (right) addPairs(layers, mesh, li, face(n - 1, n - 2), electronsAt, holesAt);
  });
  return { X_cm3: X, electronsAt, holesAt, decay };
}

/**
 * Puts the pairs split at interface k (between layers k and k+1) on its node(s): the electron on
 * the side with the larger electron affinity (the acceptor), the hole on the other (the donor).
 */
function addPairs(
  layers: ElectricalLayer[],
  mesh: Mesh,
  k: number,
  flux: number,
  electronsAt: Float64Array,
  holesAt: Float64Array,
): void {
  const node = mesh.interfaceNodes[k]!;
  const right = mesh.doubleNode[k] ? node + 1 : node;
  const acceptorRight = layers[k + 1]!.chi_eV >= layers[k]!.chi_eV;
  electronsAt[acceptorRight ? right : node]! += flux;
  holesAt[acceptorRight ? node : right]! += flux;
}
