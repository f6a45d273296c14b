/**
 * Internal interfaces between semiconductor layers: recombination through interface traps, and
 * the optional thermionic emission over the band offsets.
 *
 * Interface recombination (Shockley-Read-Hall through a sheet of traps; Fonash, Solar Cell Device
 * Physics, 2nd ed., ch. 3):
 *     R_s = (n p - n_i,s^2) / ((n + n1)/S_p + (p + p1)/S_n),   S = sigma v_th N_t,
 * an electron from one side and a hole from the other may meet at the trap: n is taken on the
 * side with the larger electron density at equal quasi-Fermi level (the lower conduction band when
 * the densities of states are equal), p on the side with the larger hole density (the higher
 * valence band), and n_i,s^2 is their product at equal quasi-Fermi levels (the interface gap).
 *
 * Thermionic emission (Horio & Yanai, IEEE TED 37, 1093 (1990)): the interface gets two nodes
 * joined by a charge-free 1e-4 nm gap; the carrier fluxes across the gap are the emission over the
 * band offset, written with the quasi-Fermi levels so that they vanish at equal levels (detailed
 * balance), and the quasi-Fermi levels may jump there:
 *   electrons, barrier on the right: Jn = -v_n n_b expm1(fn_a - fn_b); on the left:
 *   Jn = v_n n_a expm1(fn_b - fn_a); holes, barrier on the right: Jp = v_p p_b expm1(fp_b - fp_a);
 *   on the left: Jp = -v_p p_a expm1(fp_a - fp_b)
 * (n_a, p_a of the left layer at node a, n_b, p_b of the right layer at node a+1). A thin interlayer
 * to tunnel through (TOPCon's oxide) multiplies v_n and v_p by its mean transmission
 * (oxide-tunnelling.ts).
 */
import type { ScaledSides } from '../../discretisation/scaled-sides.js';
import { thermalTransmission } from '../tunnelling/oxide-tunnelling.js';

export interface InterfaceRec {
  /** Interface index (between semiconductor layers k and k+1) and its (left) node. */
  index: number;
  node: number;
  Sn: number;
  Sp: number;
  /** Node and side (0 left, 1 right) whose electrons / holes recombine at the interface. */
  eNode: number;
  eSide: 0 | 1;
  hNode: number;
  hSide: 0 | 1;
  /** exp(Et offset / Vt): n1 = n_i,s e^{+e}, p1 = n_i,s e^{-e}. */
  trapFactor: number;
}

export interface ThermionicGap {
  /** Scaled transfer velocities. */
  vn: number;
  vp: number;
  /** The barrier is on the side with the higher conduction band (electrons) or lower valence band (holes). */
  nBarrierRight: boolean;
  pBarrierRight: boolean;
}

type ModelData = Pick<ScaledSides, 'device' | 'mesh' | 'an' | 'ap' | 'lnNc' | 'lnNv' | 't0' | 'L0' | 'Vt'>;

export function buildInterfaceRecombination(m: ModelData): InterfaceRec[] {
  const out: InterfaceRec[] = [];
  m.mesh.interfaceNodes.forEach((node, k) => {
    const spec = m.device.interfaces?.[k];
    if (!spec) return;
    const vth = (spec.vth_cm_s ?? 1e7) * 1e-2;
    const Nt = (spec.Nt_cm2 ?? 0) * 1e4;
    let Sn = (spec.S_n_cm_s ?? 0) * 1e-2;
    let Sp = (spec.S_p_cm_s ?? 0) * 1e-2;
    if (Nt > 0) {
      Sn += (spec.sigma_n_cm2 ?? 0) * 1e-4 * vth * Nt;
      Sp += (spec.sigma_p_cm2 ?? 0) * 1e-4 * vth * Nt;
    }
    // SRH through interface traps needs the capture of both carriers
    if (!(Sn > 0 && Sp > 0)) return;
    // left candidate: the node's left side; right candidate: its right side, or the right side of
    // the second node of a thermionic-emission interface
    const nodeR = m.mesh.doubleNode[k] ? node + 1 : node;
    const sL = 2 * node;
    const sR = 2 * nodeR + 1;
    const eLeft = m.an[sL]! >= m.an[sR]!;
    const hLeft = m.ap[sL]! <= m.ap[sR]!;
    out.push({
      index: k,
      node,
      Sn: (Sn * m.t0) / m.L0,
      Sp: (Sp * m.t0) / m.L0,
      eNode: eLeft ? node : nodeR,
      eSide: eLeft ? 0 : 1,
      hNode: hLeft ? node : nodeR,
      hSide: hLeft ? 0 : 1,
      trapFactor: Math.exp((spec.Et_minus_Emid_eV ?? 0) / m.Vt),
    });
  });
  return out;
}

export function buildThermionicGaps(m: ModelData): Map<number, ThermionicGap> {
  const te = new Map<number, ThermionicGap>();
  m.mesh.interfaceNodes.forEach((node, k) => {
    if (!m.mesh.doubleNode[k]) return;
    const th = m.device.interfaces?.[k]?.thermionic ?? {};
    // an interlayer to tunnel through scales each band's emission by its mean transmission
    const ox = m.device.interfaces?.[k]?.tunnel_oxide;
    const kT = m.Vt;
    const Tn = ox ? thermalTransmission(ox.barrier_n_eV, ox.thickness_nm, ox.mass_n_rel, kT) : 1;
    const Tp = ox ? thermalTransmission(ox.barrier_p_eV, ox.thickness_nm, ox.mass_p_rel, kT) : 1;
    const sa = 2 * node; // left layer side of the left node
    const sb = 2 * (node + 1) + 1; // right layer side of the right node
    const chiA = m.an[sa]! - m.lnNc[sa]!;
    const chiB = m.an[sb]! - m.lnNc[sb]!;
    const evA = m.ap[sa]! + m.lnNv[sa]!;
    const evB = m.ap[sb]! + m.lnNv[sb]!;
    te.set(node, {
      vn: (Tn * (th.v_n_cm_s ?? 1e7) * 1e-2 * m.t0) / m.L0,
      vp: (Tp * (th.v_p_cm_s ?? 1e7) * 1e-2 * m.t0) / m.L0,
      nBarrierRight: chiB < chiA,
      pBarrierRight: evB > evA,
    });
  });
  return te;
}
