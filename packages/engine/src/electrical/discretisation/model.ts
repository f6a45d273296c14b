/**
 * The discretised device: the mesh, the scaling and every material parameter in scaled form, per
 * mesh interval and per node side. Pure data, built once per device; the assembly (system.ts)
 * reads it at every Newton iteration.
 *
 * Scaling (Selberherr, Analysis and Simulation of Semiconductor Devices, Springer 1984, ch. 5):
 * x by L0 (stack thickness), densities by N0 (largest Nc, Nv or |doping|), potentials and energies
 * by Vt, mobilities by mu0 (largest), time by t0 = L0^2/(mu0 Vt), currents by J0 = q mu0 Vt N0 / L0;
 * Poisson becomes lambda^2 d/dx(eps_r du/dx) + (p - n + C) = 0 with lambda^2 = eps0 Vt/(q N0 L0^2).
 *
 * Energies are relative to the cathode's equilibrium Fermi level E_ref (vacuum-level scale, eV).
 * With theta_n = u + chi/Vt + ln(Nc/N0) and theta_p = u + (chi+Eg)/Vt - ln(Nv/N0), the Boltzmann
 * densities are n/N0 = exp(fn + theta_n) and p/N0 = exp(-fp - theta_p); `an` and `ap` below are
 * theta_n - u and theta_p - u on each node side.
 *
 * Node sides: index 2i is the left side of node i (the layer of interval i-1), 2i+1 its right
 * side (interval i). A node on an interface therefore has each layer's parameters on its own
 * side, and the box method integrates each half-box with its own layer's values. A graded layer
 * (models/grading.ts) gives each node side its values at the node's depth, and each interval its
 * eps_r and mobilities at the interval's midpoint.
 */
import { EPS0_F_M, Q_C, thermalVoltageV } from '../../constants.js';
import { buildContact, type ContactBC, contactWorkFunction } from '../models/contacts/contacts.js';
import { buildDissociation, type DissociationModel } from '../models/excitons/dissociation.js';
import { type ExcitonSolution, solveExcitons } from '../models/excitons/exciton-diffusion.js';
import { generationOnMesh } from '../models/generation.js';
import { defectsAt, isGraded, layerAt } from '../models/grading.js';
import {
  buildInterfaceRecombination,
  buildThermionicGaps,
  type InterfaceRec,
  type ThermionicGap,
} from '../models/interfaces/interfaces.js';
import { buildIons, type IonModel } from '../models/ions.js';
import { type LayerSI, layerSI } from '../models/layer-si.js';
import { layerLevels, type SheetLevels, type SideLevels, sheetLevels } from '../models/recombination/defects.js';
import { type BulkTunnelling, buildBulkTunnelling } from '../models/tunnelling/tunnelling.js';
import type { ElectricalDevice, ElectricalLayer } from '../types.js';
import { buildMesh, DEFAULT_NODES, doubleNodes, type Mesh } from './mesh.js';
import type { ScaledSides } from './scaled-sides.js';

export class DDModel implements ScaledSides {
  readonly device: ElectricalDevice;
  /** The semiconductor layers (electrodes removed), left to right. */
  readonly layers: ElectricalLayer[];
  readonly si: LayerSI[];
  /**
   * Per node side: its layer as seen at the node (a graded layer's values at the node's depth;
   * otherwise the layer itself), and that layer's SI values.
   */
  readonly sideLayers: ElectricalLayer[];
  readonly sideSI: LayerSI[];
  readonly mesh: Mesh;
  readonly N: number;
  readonly Vt: number;
  /** Fermi-Dirac statistics (else Boltzmann). */
  readonly fd: boolean;
  readonly N0: number;
  readonly L0: number;
  readonly mu0: number;
  readonly t0: number;
  /** Current scale, A/m^2. */
  readonly J0: number;
  readonly lambda2: number;
  /** Scaled node positions and interval lengths. */
  readonly xs: Float64Array;
  readonly h: Float64Array;
  /** Per interval: eps_r, scaled mobilities. */
  readonly eps: Float64Array;
  readonly mun: Float64Array;
  readonly mup: Float64Array;
  /** Per node side: half-box length (0 where the side is outside the stack or a thermionic gap). */
  readonly hs: Float64Array;
  /** Per node side: theta_n - u and theta_p - u (see the module comment). */
  readonly an: Float64Array;
  readonly ap: Float64Array;
  /** ln(Nc/N0), ln(Nv/N0) per node side. */
  readonly lnNc: Float64Array;
  readonly lnNv: Float64Array;
  readonly ni2: Float64Array;
  /** Net doping (Nd - Na)/N0 per node side. */
  readonly dop: Float64Array;
  readonly tn: Float64Array;
  readonly tp: Float64Array;
  readonly n1: Float64Array;
  readonly p1: Float64Array;
  readonly krad: Float64Array;
  readonly cn: Float64Array;
  readonly cp: Float64Array;
  /** Scaled generation per side at full intensity. */
  readonly G: Float64Array;
  /** Scaled exciton generation per side (layers with exciton diffusion; their G is 0). */
  readonly Gexciton: Float64Array;
  /** Excitons of the layers with exciton diffusion at full intensity, if any. */
  readonly excitons: ExcitonSolution | undefined;
  /** Free electrons and holes made per area at each node by exciton dissociation (scaled, full intensity). */
  readonly Gn_iface: Float64Array;
  readonly Gp_iface: Float64Array;
  /**
   * 1 where both sides of a node carry the same parameters and generation (inside a layer), so
   * that the node terms are evaluated once over the whole box.
   */
  readonly uniformNode: Uint8Array;
  /** Energy reference: the cathode's equilibrium Fermi level, eV (vacuum-level scale). */
  readonly Eref_eV: number;
  /**
   * The boundary conditions of the two contacts. Not readonly: the start of a J-V run may move the
   * contacts' work functions from carrier-selective values to the given ones (jv.ts, continuation
   * in the contacts) and back; E_ref stays the given cathode's.
   */
  left: ContactBC;
  right: ContactBC;
  readonly interfaces: InterfaceRec[];
  /** Thermionic-emission gaps by left node. */
  readonly te: Map<number, ThermionicGap>;
  /** Mobile ionic species, each with its own unknown after (u, fn, fp). */
  readonly ions: IonModel[];
  /** Per node side: the levels of its layer's defects, if any. */
  readonly defectLevels: (SideLevels | undefined)[];
  /** The defect sheets of the interfaces that have them. */
  readonly sheets: SheetLevels[];
  /** Per node side: the band-to-band and trap-assisted tunnelling of its layer, if any. */
  readonly tunnelling: (BulkTunnelling | undefined)[];
  /** The scaled field du/dx in V/cm. */
  readonly fieldToVcm: number;
  /** Per node side: the CT-state dissociation of its layer (organic blends), if any. */
  readonly dissociation: (DissociationModel | undefined)[];

  constructor(device: ElectricalDevice) {
    this.device = device;
    const layers = device.layers.filter((l) => !l.electrode);
    this.layers = layers;
    const doubleNode = doubleNodes(layers, device.interfaces);
    const mesh = buildMesh(layers, device.options?.nodes ?? DEFAULT_NODES, doubleNode);
    this.mesh = mesh;
    const N = mesh.x.length;
    this.N = N;
    const Vt = thermalVoltageV(device.T_K);
    this.Vt = Vt;
    this.fd = device.options?.statistics === 'fermi-dirac';
    const si = layers.map((l) => layerSI(l, Vt));
    this.si = si;
    // each node side's layer: a graded layer at the node's relative depth in it
    const S2 = 2 * N;
    this.sideLayers = new Array<ElectricalLayer>(S2);
    this.sideSI = new Array<LayerSI>(S2);
    for (let s = 0; s < S2; s++) {
      const i = s >> 1;
      const k = Math.min(Math.max(s % 2 === 0 ? i - 1 : i, 0), N - 2);
      const li = mesh.intervalLayer[k]!;
      const l = layers[li]!;
      if (!isGraded(l)) {
        this.sideLayers[s] = l;
        this.sideSI[s] = si[li]!;
        continue;
      }
      const local = layerAt(l, relativeDepth(mesh, li, mesh.x[i]!));
      this.sideLayers[s] = local;
      this.sideSI[s] = layerSI(local, Vt);
    }
    // eps_r and the mobilities of each interval (a graded layer's at the interval's midpoint)
    const intervalLayers = Array.from({ length: N - 1 }, (_, k) => {
      const li = mesh.intervalLayer[k]!;
      const l = layers[li]!;
      return isGraded(l) ? layerAt(l, relativeDepth(mesh, li, 0.5 * (mesh.x[k]! + mesh.x[k + 1]!))) : l;
    });
    let N0 = 0;
    let mu0 = 0;
    for (const p of [...si, ...this.sideSI]) {
      N0 = Math.max(N0, p.Nc, p.Nv, Math.abs(p.C));
      mu0 = Math.max(mu0, p.mun, p.mup);
    }
    this.N0 = N0;
    this.mu0 = mu0;
    const L0 = mesh.x[N - 1]!;
    this.L0 = L0;
    const t0 = (L0 * L0) / (mu0 * Vt);
    this.t0 = t0;
    this.J0 = (Q_C * mu0 * Vt * N0) / L0;
    this.lambda2 = (EPS0_F_M * Vt) / (Q_C * N0 * L0 * L0);

    // energies relative to the cathode Fermi level E_ref = -W_cathode
    // each contact sees its face of the adjacent layer (node 0's right side, node N-1's left side)
    const sR = 2 * (N - 1);
    const WL = contactWorkFunction(device.contacts.left, this.sideLayers[1]!, this.sideSI[1]!, Vt, this.fd);
    const WR = contactWorkFunction(device.contacts.right, this.sideLayers[sR]!, this.sideSI[sR]!, Vt, this.fd);
    const anodeLeft = device.contacts.anode === 'left';
    this.Eref_eV = -(anodeLeft ? WR : WL);

    this.xs = new Float64Array(N);
    for (let i = 0; i < N; i++) this.xs[i] = mesh.x[i]! / L0;
    this.h = new Float64Array(N - 1);
    this.eps = new Float64Array(N - 1);
    this.mun = new Float64Array(N - 1);
    this.mup = new Float64Array(N - 1);
    for (let k = 0; k < N - 1; k++) {
      const l = intervalLayers[k]!;
      this.h[k] = this.xs[k + 1]! - this.xs[k]!;
      this.eps[k] = l.eps_r;
      this.mun[k] = (l.mu_n_cm2_Vs * 1e-4) / mu0;
      this.mup[k] = (l.mu_p_cm2_Vs * 1e-4) / mu0;
    }
    this.hs = new Float64Array(S2);
    this.an = new Float64Array(S2);
    this.ap = new Float64Array(S2);
    this.lnNc = new Float64Array(S2);
    this.lnNv = new Float64Array(S2);
    this.ni2 = new Float64Array(S2);
    this.dop = new Float64Array(S2);
    this.tn = new Float64Array(S2);
    this.tp = new Float64Array(S2);
    this.n1 = new Float64Array(S2);
    this.p1 = new Float64Array(S2);
    this.krad = new Float64Array(S2);
    this.cn = new Float64Array(S2);
    this.cp = new Float64Array(S2);
    const Gcm = generationOnMesh(device.generation, mesh);
    // layers with exciton diffusion generate no free pairs in the bulk: their excitons split at
    // the donor/acceptor interface (exciton-diffusion.ts)
    this.excitons = layers.some((l) => l.exciton_diffusion) ? solveExcitons(layers, mesh, Gcm) : undefined;
    this.Gn_iface = new Float64Array(N);
    this.Gp_iface = new Float64Array(N);
    if (this.excitons) {
      const perArea = (t0 / (N0 * L0)) * 1e4; // cm^-2 s^-1 -> scaled
      for (let i = 0; i < N; i++) {
        this.Gn_iface[i] = this.excitons.electronsAt[i]! * perArea;
        this.Gp_iface[i] = this.excitons.holesAt[i]! * perArea;
      }
    }
    this.G = new Float64Array(S2);
    this.Gexciton = new Float64Array(S2);
    for (let i = 0; i < N; i++) {
      for (const side of [0, 1] as const) {
        const k = Math.min(Math.max(side === 0 ? i - 1 : i, 0), N - 2);
        const s = 2 * i + side;
        const l = this.sideLayers[s]!;
        const p = this.sideSI[s]!;
        const hasSide = (side === 0 ? i > 0 : i < N - 1) && mesh.teInterval[k]! < 0;
        this.hs[s] = hasSide ? this.h[k]! / 2 : 0;
        const chiS = (l.chi_eV + this.Eref_eV) / Vt;
        this.lnNc[s] = Math.log(p.Nc / N0);
        this.lnNv[s] = Math.log(p.Nv / N0);
        this.an[s] = chiS + this.lnNc[s]!;
        this.ap[s] = chiS + l.Eg_eV / Vt - this.lnNv[s]!;
        this.ni2[s] = p.ni2 / (N0 * N0);
        this.dop[s] = p.C / N0;
        this.tn[s] = p.tn / t0;
        this.tp[s] = p.tp / t0;
        this.n1[s] = p.n1 / N0;
        this.p1[s] = p.p1 / N0;
        this.krad[s] = p.krad * N0 * t0;
        this.cn[s] = p.cn * N0 * N0 * t0;
        this.cp[s] = p.cp * N0 * N0 * t0;
        this.G[s] = l.exciton_diffusion ? 0 : (Gcm[s]! * 1e6 * t0) / N0;
        this.Gexciton[s] = l.exciton_diffusion ? (Gcm[s]! * 1e6 * t0) / N0 : 0;
      }
    }
    this.uniformNode = new Uint8Array(N);
    for (let i = 1; i < N - 1; i++) {
      const same =
        mesh.intervalLayer[i - 1] === mesh.intervalLayer[i] &&
        this.hs[2 * i]! > 0 &&
        this.hs[2 * i + 1]! > 0 &&
        this.G[2 * i] === this.G[2 * i + 1];
      this.uniformNode[i] = same ? 1 : 0;
    }
    this.left = buildContact(this, device.contacts.left, WL, anodeLeft, 1);
    this.right = buildContact(this, device.contacts.right, WR, !anodeLeft, 2 * (N - 1));
    this.interfaces = buildInterfaceRecombination(this);
    this.te = buildThermionicGaps(this);
    this.ions = buildIons(layers, mesh, { N0, L0, mu0, Vt });
    // defects: the levels of each layer's defects, shared by the node sides in the layer
    const lv = layers.map((l) =>
      l.defects && l.defects.length > 0 ? layerLevels(l.defects, l, { N0, t0, Vt }) : undefined,
    );
    this.defectLevels = Array.from({ length: S2 }, (_, s) => {
      const i = s >> 1;
      const k = Math.min(Math.max(s % 2 === 0 ? i - 1 : i, 0), N - 2);
      if (!(this.hs[s]! > 0)) return undefined;
      const li = mesh.intervalLayer[k]!;
      const l = layers[li]!;
      const local = this.sideLayers[s]!;
      // a graded layer's levels at the node's own band edges (models/grading.ts)
      if (local === l || !lv[li]) return lv[li];
      return layerLevels(defectsAt(l, local, Vt)!, local, { N0, t0, Vt });
    });
    this.sheets = [];
    mesh.interfaceNodes.forEach((node, k) => {
      const defs = device.interfaces?.[k]?.defects;
      if (!defs || defs.length === 0) return;
      const nodeR = mesh.doubleNode[k] ? node + 1 : node;
      this.sheets.push(
        sheetLevels(
          defs,
          // the faces the sheet lies between (a graded layer's face values)
          this.sideLayers[2 * node]!,
          this.sideLayers[2 * nodeR + 1]!,
          { index: k, nodeL: node, sideL: 2 * node, nodeR, sideR: 2 * nodeR + 1 },
          { N0, t0, L0, Vt },
        ),
      );
    });
    const tun = layers.map((l) => buildBulkTunnelling(l, device.T_K, (1e6 * t0) / N0));
    this.tunnelling = Array.from({ length: S2 }, (_, s) => {
      const i = s >> 1;
      const k = Math.min(Math.max(s % 2 === 0 ? i - 1 : i, 0), N - 2);
      return this.hs[s]! > 0 ? tun[mesh.intervalLayer[k]!] : undefined;
    });
    this.fieldToVcm = Vt / (L0 * 100);
    const diss = buildDissociation(layers, { L0, Vt });
    this.dissociation = Array.from({ length: S2 }, (_, s) => {
      const i = s >> 1;
      const k = Math.min(Math.max(s % 2 === 0 ? i - 1 : i, 0), N - 2);
      return this.hs[s]! > 0 ? diss[mesh.intervalLayer[k]!] : undefined;
    });
  }

  /** Sets the two contacts' work functions (eV), other contact properties as given. */
  setContactWorkFunctions(WL: number, WR: number): void {
    const anodeLeft = this.device.contacts.anode === 'left';
    this.left = buildContact(this, this.device.contacts.left, WL, anodeLeft, 1);
    this.right = buildContact(this, this.device.contacts.right, WR, !anodeLeft, 2 * (this.N - 1));
  }
}

/** Relative depth (0 at the front face, 1 at the back face) of position x (m) in semiconductor layer li. */
function relativeDepth(mesh: Mesh, li: number, x: number): number {
  const { first, last } = mesh.layerNodes[li]!;
  const x0 = mesh.x[first]!;
  const d = mesh.x[last]! - x0;
  return d > 0 ? (x - x0) / d : 0;
}
