/**
 * Discretised drift-diffusion system: Poisson and electron/hole continuity in one dimension over a
 * heterostructure, in scaled variables, with its residual and analytic Jacobian.
 *
 * Equations (steady state, Boltzmann statistics; Selberherr, Analysis and Simulation of
 * Semiconductor Devices, Springer 1984, ch. 2-3; Koster et al., SIMsalabim, J. Appl. Phys. 2005
 * and github.com/kostergroup/SIMsalabim):
 *   d/dx(eps dpsi/dx) = -q (p - n + Nd - Na)
 *   dJn/dx = q (R - G),  dJp/dx = -q (R - G)
 *   Jn = q mu_n n dE_Fn/dx,  Jp = q mu_p p dE_Fp/dx          (E_F in eV)
 *   n = Nc exp((E_Fn - E_c)/Vt),  p = Nv exp((E_v - E_Fp)/Vt),  E_c = -chi - psi,  E_v = E_c - Eg.
 * Unknowns per node: u = psi/Vt, fn = E_Fn/Vt, fp = E_Fp/Vt (energies relative to the cathode's
 * equilibrium Fermi level). With theta_n = u + chi/Vt + ln(Nc/N0) and theta_p = u + (chi+Eg)/Vt
 * - ln(Nv/N0), n/N0 = exp(fn + theta_n) and p/N0 = exp(-fp - theta_p): the band-parameter
 * gradients (chi, Eg, Nc, Nv) enter the Scharfetter-Gummel fluxes through theta, which is taken
 * linear in each interval (the heterojunction form of the SG scheme):
 *   Jn = (mu_n/h) n_k B(-dtheta_n) expm1(dfn) = -(mu_n/h) n_k+1 B(dtheta_n) expm1(-dfn)
 *   Jp = -(mu_p/h) p_k B(dtheta_p) expm1(-dfp) = (mu_p/h) p_k+1 B(-dtheta_p) expm1(dfp)
 * (scaled; Scharfetter & Gummel, IEEE TED 16, 64 (1969)); the expm1 (Slotboom) forms keep
 * near-equilibrium currents free of cancellation.
 *
 * Box (finite-volume) method: node i owns [x_i - h_{i-1}/2, x_i + h_i/2]; the half-boxes on either
 * side of an interface node use the parameters of their own layer, so psi, E_Fn, E_Fp and the
 * normal displacement are continuous across heterointerfaces while n and p jump with the band
 * offsets (the infinite-transfer-velocity limit).
 *
 * Scaling: x by L0 (stack thickness), densities by N0, potentials and energies by Vt, mobilities
 * by mu0, time by t0 = L0^2/(mu0 Vt), currents by J0 = q mu0 Vt N0 / L0;
 * Poisson becomes lambda^2 d/dx(eps_r du/dx) + (p - n + C) = 0 with lambda^2 = eps0 Vt/(q N0 L0^2).
 *
 * Recombination per node side: SRH (n p - n_i^2)/(tau_p (n + n1) + tau_n (p + p1)), radiative
 * k (n p - n_i^2), Auger (Cn n + Cp p)(n p - n_i^2), with n p - n_i^2 = -n p expm1(fp - fn).
 * Interface recombination at internal interfaces, contact recombination through finite surface
 * recombination velocities (Robin conditions Jn = +/- q S_n (n - n_eq)).
 *
 * Fermi-Dirac option: n = Nc F_1/2(eta_n); the degeneracy factor ln(F/e^eta) is added to theta
 * (generalised Einstein relation in SG form). Thermionic-emission option per interface: two nodes
 * joined by a charge-free 1e-4 nm gap whose carrier fluxes are the emission over the band offset
 * written with the quasi-Fermi levels (Horio & Yanai, IEEE TED 37, 1093 (1990)), so that the
 * quasi-Fermi levels may jump there (see thermionic()).
 */
import { bernoulli, bernoulliAll } from './bernoulli.js';
import { BlockTridiagonal } from './block-tridiagonal.js';
import { EPS0_F_M, Q_C, thermalVoltage } from './constants.js';
import { fermiHalf, logFermiHalf } from './fermi-dirac.js';
import { generationOnMesh } from './generation.js';
import { buildMesh, DEFAULT_NODES, type Mesh } from './mesh.js';
import type { ElectricalContact, ElectricalDevice, ElectricalLayer } from './types.js';

const EXP_CAP = 700;
function ex(a: number): number {
  return Math.exp(a > EXP_CAP ? EXP_CAP : Math.max(a, -EXP_CAP));
}

interface ContactBC {
  /** Scaled potential at V = 0, and its shift per unit of scaled voltage (+1 at the anode). */
  u0: number;
  anode: boolean;
  /** Dirichlet on fn / fp (infinite S) or Robin with scaled S. */
  Sn: number;
  Sp: number;
  dirichletN: boolean;
  dirichletP: boolean;
  nEq: number;
  pEq: number;
  /** Work function used, eV. */
  W_eV: number;
}

interface InterfaceRec {
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
  /** exp(Et offset) factors for n1 = sqrt(ni2eff) e^{+e}, p1 = sqrt(ni2eff) e^{-e}. */
  trapFactor: number;
}

/** Equilibrium (charge-neutral) electron density of a layer, m^-3 (Boltzmann, full ionisation). */
export function neutralDensities(C: number, ni2: number): { n: number; p: number } {
  const half = C / 2;
  const r = Math.sqrt(half * half + ni2);
  if (C >= 0) {
    const n = half + r;
    return { n, p: ni2 / n };
  }
  const p = -half + r;
  return { n: ni2 / p, p };
}

export class DDSystem {
  readonly device: ElectricalDevice;
  readonly layers: ElectricalLayer[];
  readonly mesh: Mesh;
  readonly N: number;
  readonly Vt: number;
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
  /** Per node side (2i left, 2i+1 right): half-box length and material parameters (scaled). */
  readonly hs: Float64Array;
  readonly an: Float64Array;
  readonly ap: Float64Array;
  readonly ni2: Float64Array;
  readonly dop: Float64Array;
  readonly tn: Float64Array;
  readonly tp: Float64Array;
  readonly n1: Float64Array;
  readonly p1: Float64Array;
  readonly krad: Float64Array;
  readonly cn: Float64Array;
  readonly cp: Float64Array;
  /** Scaled generation per side at full intensity, and the current intensity factor. */
  readonly G: Float64Array;
  genScale = 1;
  /** Energy reference: the cathode's equilibrium Fermi level, eV (vacuum-level scale). */
  readonly Eref_eV: number;
  readonly left: ContactBC;
  readonly right: ContactBC;
  readonly interfaces: InterfaceRec[];
  /** Thermionic-emission gaps by left node: scaled velocities and the barrier sides. */
  readonly te: Map<number, { vn: number; vp: number; nBarrierRight: boolean; pBarrierRight: boolean }>;
  readonly mat: BlockTridiagonal;
  readonly F: Float64Array;
  /** Interval fluxes of the last assembly (scaled). */
  readonly Jn: Float64Array;
  readonly Jp: Float64Array;
  private readonly bw = new Float64Array(4);
  private readonly lw = new Float64Array(2);
  private readonly rd = new Float64Array(4);
  /** Fermi-Dirac statistics (else Boltzmann). */
  readonly fd: boolean;
  /** ln(Nc/N0), ln(Nv/N0) per node side. */
  readonly lnNc: Float64Array;
  readonly lnNv: Float64Array;
  private readonly nS: Float64Array;
  private readonly pS: Float64Array;
  private readonly dnS: Float64Array;
  private readonly dpS: Float64Array;
  private readonly gnS: Float64Array;
  private readonly gpS: Float64Array;
  private readonly lgnS: Float64Array;
  private readonly lgpS: Float64Array;

  constructor(device: ElectricalDevice) {
    this.device = device;
    const layers = device.layers.filter((l) => !l.electrode);
    this.layers = layers;
    const doubleNode = layers.slice(0, -1).map((_, k) => device.interfaces?.[k]?.thermionic !== undefined);
    const mesh = buildMesh(layers, device.options?.nodes ?? DEFAULT_NODES, doubleNode);
    this.mesh = mesh;
    const N = mesh.x.length;
    this.N = N;
    const Vt = thermalVoltage(device.T_K);
    this.Vt = Vt;
    this.fd = device.options?.statistics === 'fermi-dirac';
    const fd = this.fd;
    // SI layer parameters
    const si = layers.map((l) => {
      const Nc = l.Nc_cm3 * 1e6;
      const Nv = l.Nv_cm3 * 1e6;
      const ni2 = Nc * Nv * Math.exp(-l.Eg_eV / Vt);
      let tn = Number.POSITIVE_INFINITY;
      let tp = Number.POSITIVE_INFINITY;
      let et = 0;
      const s = l.srh;
      if (s) {
        if ('tau_n_s' in s) {
          tn = s.tau_n_s;
          tp = s.tau_p_s;
        } else {
          const vth = (s.vth_cm_s ?? 1e7) * 1e-2;
          const Nt = s.Nt_cm3 * 1e6;
          tn = 1 / (s.sigma_n_cm2 * 1e-4 * vth * Nt);
          tp = 1 / (s.sigma_p_cm2 * 1e-4 * vth * Nt);
        }
        et = s.Et_minus_Ei_eV ?? 0;
      }
      // intrinsic level E_i = (Ec + Ev)/2 + (Vt/2) ln(Nv/Nc): n1 = ni exp(Et - Ei), p1 = ni exp(Ei - Et)
      const ni = Math.sqrt(ni2);
      return {
        Nc,
        Nv,
        ni2,
        C: (l.Nd_cm3 - l.Na_cm3) * 1e6,
        mun: l.mu_n_cm2_Vs * 1e-4,
        mup: l.mu_p_cm2_Vs * 1e-4,
        tn,
        tp,
        n1: ni * Math.exp(et / Vt),
        p1: ni * Math.exp(-et / Vt),
        krad: (l.k_rad_cm3_s ?? 0) * 1e-6,
        cn: (l.Cn_cm6_s ?? 0) * 1e-12,
        cp: (l.Cp_cm6_s ?? 0) * 1e-12,
      };
    });
    let N0 = 0;
    let mu0 = 0;
    for (const p of si) {
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

    // contacts: work functions (ohmic = equilibrium Fermi level of the adjacent layer)
    const contactW = (c: ElectricalContact, l: ElectricalLayer, p: (typeof si)[number]): number => {
      if (c.kind === 'schottky') return c.workFunction_eV!;
      if (!fd) {
        const { n } = neutralDensities(p.C, p.ni2);
        return l.chi_eV + Vt * Math.log(p.Nc / n);
      }
      // Fermi-Dirac: Nc F(eta) - Nv F(-eta - Eg/Vt) = Nd - Na, eta = (E_F - E_c)/Vt, by bisection
      const eg = l.Eg_eV / Vt;
      let lo = -eg - 80;
      let hi = 80;
      for (let k = 0; k < 200; k++) {
        const mid = 0.5 * (lo + hi);
        const q = p.Nc * fermiHalf(mid) - p.Nv * fermiHalf(-mid - eg) - p.C;
        if (q > 0) hi = mid;
        else lo = mid;
      }
      return l.chi_eV - Vt * 0.5 * (lo + hi);
    };
    const lastL = layers.length - 1;
    const WL = contactW(device.contacts.left, layers[0]!, si[0]!);
    const WR = contactW(device.contacts.right, layers[lastL]!, si[lastL]!);
    const anodeLeft = device.contacts.anode === 'left';
    const Wc = anodeLeft ? WR : WL;
    // energies relative to the cathode Fermi level E_ref = -Wc
    this.Eref_eV = -Wc;

    this.xs = new Float64Array(N);
    for (let i = 0; i < N; i++) this.xs[i] = mesh.x[i]! / L0;
    this.h = new Float64Array(N - 1);
    this.eps = new Float64Array(N - 1);
    this.mun = new Float64Array(N - 1);
    this.mup = new Float64Array(N - 1);
    for (let k = 0; k < N - 1; k++) {
      const li = mesh.intervalLayer[k]!;
      this.h[k] = this.xs[k + 1]! - this.xs[k]!;
      this.eps[k] = layers[li]!.eps_r;
      this.mun[k] = si[li]!.mun / mu0;
      this.mup[k] = si[li]!.mup / mu0;
    }
    const S2 = 2 * N;
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
    this.G = new Float64Array(S2);
    for (let i = 0; i < N; i++) {
      for (const side of [0, 1] as const) {
        const k = Math.min(Math.max(side === 0 ? i - 1 : i, 0), N - 2);
        const li = mesh.intervalLayer[k]!;
        const l = layers[li]!;
        const p = si[li]!;
        const s = 2 * i + side;
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
        this.G[s] = (Gcm[s]! * 1e6 * t0) / N0;
      }
    }
    const mkContact = (c: ElectricalContact, W: number, isAnode: boolean, sideIdx: number): ContactBC => {
      const Sscale = t0 / L0;
      const sn = c.S_n_cm_s;
      const sp = c.S_p_cm_s;
      // equilibrium densities at the contact: n = Nc exp(-(W - chi)/Vt), p = Nv exp(-(chi + Eg - W)/Vt)
      const Wp = (W + this.Eref_eV) / Vt;
      return {
        u0: -Wp,
        anode: isAnode,
        Sn: sn === undefined || sn === null ? 0 : sn * 1e-2 * Sscale,
        Sp: sp === undefined || sp === null ? 0 : sp * 1e-2 * Sscale,
        dirichletN: sn === undefined || sn === null,
        dirichletP: sp === undefined || sp === null,
        nEq: fd
          ? Math.exp(this.lnNc[sideIdx]!) * fermiHalf(-Wp + this.an[sideIdx]! - this.lnNc[sideIdx]!)
          : ex(-Wp + this.an[sideIdx]!),
        pEq: fd
          ? Math.exp(this.lnNv[sideIdx]!) * fermiHalf(Wp - this.ap[sideIdx]! - this.lnNv[sideIdx]!)
          : ex(Wp - this.ap[sideIdx]!),
        W_eV: W,
      };
    };
    this.left = mkContact(device.contacts.left, WL, anodeLeft, 1);
    this.right = mkContact(device.contacts.right, WR, !anodeLeft, 2 * (N - 1));

    // internal interfaces
    this.interfaces = [];
    mesh.interfaceNodes.forEach((node, k) => {
      const spec = device.interfaces?.[k];
      if (!spec) return;
      const vth = (spec.vth_cm_s ?? 1e7) * 1e-2;
      const Nt = (spec.Nt_cm2 ?? 0) * 1e4;
      let Sn = (spec.S_n_cm_s ?? 0) * 1e-2;
      let Sp = (spec.S_p_cm_s ?? 0) * 1e-2;
      if (Nt > 0) {
        Sn += (spec.sigma_n_cm2 ?? 0) * 1e-4 * vth * Nt;
        Sp += (spec.sigma_p_cm2 ?? 0) * 1e-4 * vth * Nt;
      }
      // SRH through interface traps needs capture of both carriers
      if (!(Sn > 0 && Sp > 0)) return;
      // left candidate: the node's left side; right candidate: its right side, or the right side of
      // the second node of a thermionic-emission interface
      const nodeR = mesh.doubleNode[k] ? node + 1 : node;
      const sL = 2 * node;
      const sR = 2 * nodeR + 1;
      const eLeft = this.an[sL]! >= this.an[sR]!;
      const hLeft = this.ap[sL]! <= this.ap[sR]!;
      this.interfaces.push({
        index: k,
        node,
        Sn: (Sn * t0) / L0,
        Sp: (Sp * t0) / L0,
        eNode: eLeft ? node : nodeR,
        eSide: eLeft ? 0 : 1,
        hNode: hLeft ? node : nodeR,
        hSide: hLeft ? 0 : 1,
        trapFactor: Math.exp((spec.Et_minus_Emid_eV ?? 0) / Vt),
      });
    });

    // thermionic emission across the gap interval of double-node interfaces
    this.te = new Map();
    mesh.interfaceNodes.forEach((node, k) => {
      if (!mesh.doubleNode[k]) return;
      const th = device.interfaces?.[k]?.thermionic ?? {};
      const sa = 2 * node; // left layer side of the left node
      const sb = 2 * (node + 1) + 1; // right layer side of the right node
      const chiA = this.an[sa]! - this.lnNc[sa]!;
      const chiB = this.an[sb]! - this.lnNc[sb]!;
      const evA = this.ap[sa]! + this.lnNv[sa]!;
      const evB = this.ap[sb]! + this.lnNv[sb]!;
      this.te.set(node, {
        vn: ((th.v_n_cm_s ?? 1e7) * 1e-2 * t0) / L0,
        vp: ((th.v_p_cm_s ?? 1e7) * 1e-2 * t0) / L0,
        // the barrier is on the side with the higher conduction band (smaller chi) for electrons,
        // the lower valence band (larger chi + Eg) for holes
        nBarrierRight: chiB < chiA,
        pBarrierRight: evB > evA,
      });
    });

    this.mat = new BlockTridiagonal(N);
    this.F = new Float64Array(3 * N);
    this.Jn = new Float64Array(N - 1);
    this.Jp = new Float64Array(N - 1);
    this.nS = new Float64Array(2 * N);
    this.pS = new Float64Array(2 * N);
    this.dnS = new Float64Array(2 * N);
    this.dpS = new Float64Array(2 * N);
    this.gnS = new Float64Array(2 * N).fill(1);
    this.gpS = new Float64Array(2 * N).fill(1);
    this.lgnS = new Float64Array(2 * N);
    this.lgpS = new Float64Array(2 * N);
  }

  /** Scaled contact potential and Fermi level at scaled internal voltage v (anode Fermi level -v). */
  contactValues(c: ContactBC, v: number): { u: number; f: number } {
    return c.anode ? { u: c.u0 + v, f: -v } : { u: c.u0, f: 0 };
  }

  /** Charge-neutral equilibrium initial guess (f = 0), contacts at their equilibrium potentials. */
  initialGuess(): Float64Array {
    const { N } = this;
    const x = new Float64Array(3 * N);
    for (let i = 0; i < N; i++) {
      let sum = 0;
      let cnt = 0;
      for (const side of [0, 1] as const) {
        const s = 2 * i + side;
        if (this.hs[s] === 0) continue;
        const { n } = neutralDensities(this.dop[s]!, this.ni2[s]!);
        sum += Math.log(n) - this.an[s]!;
        cnt++;
      }
      x[3 * i] = sum / cnt;
    }
    x[0] = this.left.u0;
    x[3 * (N - 1)] = this.right.u0;
    return x;
  }

  /** Densities on one side of a node (scaled), Boltzmann or Fermi-Dirac. */
  nAt(x: Float64Array, i: number, side: 0 | 1): number {
    const s = 2 * i + side;
    const e = x[3 * i + 1]! + x[3 * i]! + this.an[s]!;
    if (!this.fd) return ex(e);
    logFermiHalf(e - this.lnNc[s]!, this.lw);
    return ex(this.lw[0]! + this.lnNc[s]!);
  }
  pAt(x: Float64Array, i: number, side: 0 | 1): number {
    const s = 2 * i + side;
    const e = -x[3 * i + 2]! - x[3 * i]! - this.ap[s]!;
    if (!this.fd) return ex(e);
    logFermiHalf(e - this.lnNv[s]!, this.lw);
    return ex(this.lw[0]! + this.lnNv[s]!);
  }

  /**
   * Carrier densities and their derivatives on every node side, into nS, pS (densities), dnS, dpS
   * (dn/d eta, dp/d eta), gnS, gpS (d ln F / d eta; 1 for Boltzmann) and lgnS, lgpS (ln of the
   * degeneracy factor F(eta)/e^eta; 0 for Boltzmann), which enters the effective potentials.
   */
  private evalCarriers(x: Float64Array): void {
    const { N, an, ap, nS, pS, dnS, dpS, gnS, gpS, lgnS, lgpS, lw } = this;
    const fd = this.fd;
    for (let i = 0; i < N; i++) {
      const u = x[3 * i]!;
      const fn = x[3 * i + 1]!;
      const fp = x[3 * i + 2]!;
      for (let s = 2 * i; s < 2 * i + 2; s++) {
        let e = fn + u + an[s]!;
        let q = -fp - u - ap[s]!;
        if (!fd) {
          const n = Math.exp(e > EXP_CAP ? EXP_CAP : Math.max(e, -EXP_CAP));
          const p = Math.exp(q > EXP_CAP ? EXP_CAP : Math.max(q, -EXP_CAP));
          nS[s] = n;
          dnS[s] = n;
          pS[s] = p;
          dpS[s] = p;
        } else {
          const lnc = this.lnNc[s]!;
          logFermiHalf(e - lnc, lw);
          lgnS[s] = lw[0]! - (e - lnc);
          gnS[s] = lw[1]!;
          e = lw[0]! + lnc;
          nS[s] = Math.exp(e > EXP_CAP ? EXP_CAP : Math.max(e, -EXP_CAP));
          dnS[s] = nS[s]! * lw[1]!;
          const lnv = this.lnNv[s]!;
          logFermiHalf(q - lnv, lw);
          lgpS[s] = lw[0]! - (q - lnv);
          gpS[s] = lw[1]!;
          q = lw[0]! + lnv;
          pS[s] = Math.exp(q > EXP_CAP ? EXP_CAP : Math.max(q, -EXP_CAP));
          dpS[s] = pS[s]! * lw[1]!;
        }
      }
    }
  }

  /** Bulk recombination rates on one side (scaled): SRH, radiative, Auger. */
  recombination(s: number, n: number, p: number, fn: number, fp: number): { srh: number; rad: number; aug: number } {
    const excess = -n * p * Math.expm1(fp - fn);
    const den = this.tp[s]! * (n + this.n1[s]!) + this.tn[s]! * (p + this.p1[s]!);
    return {
      srh: Number.isFinite(den) ? excess / den : 0,
      rad: this.krad[s]! * excess,
      aug: (this.cn[s]! * n + this.cp[s]! * p) * excess,
    };
  }

  /** n_i of an interface gap: n and p of the recombining sides at equal quasi-Fermi levels (Boltzmann parts). */
  private interfaceNi(it: InterfaceRec): number {
    return Math.exp(0.5 * (this.an[2 * it.eNode + it.eSide]! - this.ap[2 * it.hNode + it.hSide]!));
  }

  /** Interface recombination rate (scaled, per area) at an interface. */
  interfaceRate(it: InterfaceRec, x: Float64Array): number {
    const n = this.nAt(x, it.eNode, it.eSide);
    const p = this.pAt(x, it.hNode, it.hSide);
    const fn = x[3 * it.eNode + 1]!;
    const fp = x[3 * it.hNode + 2]!;
    const ni = this.interfaceNi(it);
    const den = (n + ni * it.trapFactor) / it.Sp + (p + ni / it.trapFactor) / it.Sn;
    return (-n * p * Math.expm1(fp - fn)) / den;
  }

  /**
   * Thermionic emission across the gap between node a (left layer) and a+1 (right layer), written
   * with the quasi-Fermi levels so that it vanishes at equal levels (detailed balance):
   * electrons, barrier on the right: Jn = -v_n n_b expm1(fn_a - fn_b); on the left:
   * Jn = v_n n_a expm1(fn_b - fn_a); holes, barrier on the right: Jp = v_p p_b expm1(fp_b - fp_a);
   * on the left: Jp = -v_p p_a expm1(fp_a - fp_b) (n_a, p_a of the left layer at node a, n_b, p_b of
   * the right layer at node a+1). Adds the fluxes and, when withJacobian, their derivatives.
   */
  private thermionic(
    x: Float64Array,
    a: number,
    te: { vn: number; vp: number; nBarrierRight: boolean; pBarrierRight: boolean },
    withJacobian = true,
  ): void {
    const { F, nS, pS, dnS, dpS } = this;
    const { A, B, C } = this.mat;
    const b = a + 1;
    const sa = 2 * a;
    const sb = 2 * b + 1;
    const oa = 9 * a;
    const ob = 9 * b;
    // electrons: J and d/d(ua, fna, ub, fnb)
    let J: number;
    let dua = 0;
    let dfa = 0;
    let dub = 0;
    let dfb = 0;
    const fa = x[3 * a + 1]!;
    const fb = x[3 * b + 1]!;
    if (te.nBarrierRight) {
      const e = ex(fa - fb);
      J = -te.vn * nS[sb]! * Math.expm1(fa - fb);
      dfa = -te.vn * nS[sb]! * e;
      dub = -te.vn * dnS[sb]! * (e - 1);
      dfb = dub + te.vn * nS[sb]! * e;
    } else {
      const e = ex(fb - fa);
      J = te.vn * nS[sa]! * Math.expm1(fb - fa);
      dfb = te.vn * nS[sa]! * e;
      dua = te.vn * dnS[sa]! * (e - 1);
      dfa = dua - te.vn * nS[sa]! * e;
    }
    this.Jn[a] = J;
    if (withJacobian) {
      F[3 * a + 1]! += J;
      F[3 * b + 1]! -= J;
      B[oa + 3]! += dua;
      B[oa + 4]! += dfa;
      C[oa + 3]! += dub;
      C[oa + 4]! += dfb;
      A[ob + 3]! -= dua;
      A[ob + 4]! -= dfa;
      B[ob + 3]! -= dub;
      B[ob + 4]! -= dfb;
    }
    // holes: dp/du = dp/dfp = -p'
    const ga = x[3 * a + 2]!;
    const gb = x[3 * b + 2]!;
    dua = 0;
    dfa = 0;
    dub = 0;
    dfb = 0;
    if (te.pBarrierRight) {
      const e = ex(gb - ga);
      J = te.vp * pS[sb]! * Math.expm1(gb - ga);
      dfa = -te.vp * pS[sb]! * e;
      dub = -te.vp * dpS[sb]! * (e - 1);
      dfb = dub + te.vp * pS[sb]! * e;
    } else {
      const e = ex(ga - gb);
      J = -te.vp * pS[sa]! * Math.expm1(ga - gb);
      dfb = te.vp * pS[sa]! * e;
      dua = te.vp * dpS[sa]! * (e - 1);
      dfa = dua - te.vp * pS[sa]! * e;
    }
    this.Jp[a] = J;
    if (withJacobian) {
      F[3 * a + 2]! += J;
      F[3 * b + 2]! -= J;
      B[oa + 6]! += dua;
      B[oa + 8]! += dfa;
      C[oa + 6]! += dub;
      C[oa + 8]! += dfb;
      A[ob + 6]! -= dua;
      A[ob + 8]! -= dfa;
      B[ob + 6]! -= dub;
      B[ob + 8]! -= dfb;
    }
  }

  /** Interval fluxes Jn, Jp (scaled, along +x) of solution x, without the Jacobian. */
  fluxes(x: Float64Array): void {
    this.evalCarriers(x);
    const { N, h, mun, mup, an, ap, nS, pS, lgnS, lgpS } = this;
    for (let k = 0; k < N - 1; k++) {
      const te = this.te.size > 0 && this.mesh.teInterval[k]! >= 0 ? this.te.get(k) : undefined;
      if (te) {
        this.thermionic(x, k, te, false);
        continue;
      }
      const ua = x[3 * k]!;
      const ub = x[3 * k + 3]!;
      const sa = 2 * k + 1;
      const sb = 2 * k + 2;
      const hk = h[k]!;
      {
        const d = ub + an[sb]! + lgnS[sb]! - (ua + an[sa]! + lgnS[sa]!);
        const df = x[3 * k + 4]! - x[3 * k + 1]!;
        const c = mun[k]! / hk;
        this.Jn[k] =
          df > 0 ? -c * nS[sb]! * bernoulli(d) * Math.expm1(-df) : c * nS[sa]! * bernoulli(-d) * Math.expm1(df);
      }
      {
        const d = ub + ap[sb]! - lgpS[sb]! - (ua + ap[sa]! - lgpS[sa]!);
        const df = x[3 * k + 5]! - x[3 * k + 2]!;
        const c = mup[k]! / hk;
        this.Jp[k] =
          df >= 0 ? -c * pS[sa]! * bernoulli(d) * Math.expm1(-df) : c * pS[sb]! * bernoulli(-d) * Math.expm1(df);
      }
    }
  }

  /**
   * Assembles the residual F(x) and the Jacobian at scaled internal voltage v; rows are scaled to
   * unit maximum (unless scaleRows is false). Returns the max-norm of the (scaled) residual.
   * Derivatives are written for general statistics: dn/du = dn/dfn = n' (= n for Boltzmann),
   * dp/du = dp/dfp = -p', and the effective potentials thetaS = theta + ln(F/e^eta) have
   * d(thetaS)/du = g, d(thetaS)/df = g - 1 with g = F'/F (g = 1 for Boltzmann).
   */
  assemble(x: Float64Array, v: number, scaleRows = true): number {
    const { N, F, mat, h, eps, mun, mup, an, ap, hs, lambda2, G, genScale } = this;
    const { A, B, C } = mat;
    const { bw, nS, pS, dnS, dpS, gnS, gpS, lgnS, lgpS } = this;
    mat.clear();
    F.fill(0);
    this.evalCarriers(x);
    // interval fluxes
    for (let k = 0; k < N - 1; k++) {
      const a = k;
      const b = k + 1;
      const sa = 2 * a + 1;
      const sb = 2 * b;
      const oa = 9 * a;
      const ob = 9 * b;
      const ua = x[3 * a]!;
      const ub = x[3 * b]!;
      const hk = h[k]!;
      // Poisson: D = lambda^2 eps (ub - ua)/h
      const cP = (lambda2 * eps[k]!) / hk;
      const D = cP * (ub - ua);
      F[3 * a]! += D;
      F[3 * b]! -= D;
      B[oa]! -= cP;
      C[oa]! += cP;
      A[ob]! += cP;
      B[ob]! -= cP;
      const te = this.te.size > 0 ? this.te.get(a) : undefined;
      if (te && this.mesh.teInterval[k]! >= 0) {
        this.thermionic(x, a, te);
        continue;
      }
      // electrons
      {
        const c = mun[k]! / hk;
        const d = ub + an[sb]! + lgnS[sb]! - (ua + an[sa]! + lgnS[sa]!);
        const na = nS[sa]!;
        const nb = nS[sb]!;
        bernoulliAll(d, bw);
        const bp = bw[0]!;
        const bm = bw[1]!;
        const df = x[3 * b + 1]! - x[3 * a + 1]!;
        const J = df > 0 ? -c * nb * bp * Math.expm1(-df) : c * na * bm * Math.expm1(df);
        this.Jn[k] = J;
        const K = c * (nb * bw[2]! + na * bw[3]!);
        const ga = gnS[sa]!;
        const gb = gnS[sb]!;
        const ta = -c * bm * dnS[sa]!;
        const tb = c * bp * dnS[sb]!;
        const dUa = ta - K * ga;
        const dFa = ta - K * (ga - 1);
        const dUb = tb + K * gb;
        const dFb = tb + K * (gb - 1);
        F[3 * a + 1]! += J;
        F[3 * b + 1]! -= J;
        B[oa + 3]! += dUa;
        B[oa + 4]! += dFa;
        C[oa + 3]! += dUb;
        C[oa + 4]! += dFb;
        A[ob + 3]! -= dUa;
        A[ob + 4]! -= dFa;
        B[ob + 3]! -= dUb;
        B[ob + 4]! -= dFb;
      }
      // holes
      {
        const c = mup[k]! / hk;
        const d = ub + ap[sb]! - lgpS[sb]! - (ua + ap[sa]! - lgpS[sa]!);
        const pa = pS[sa]!;
        const pb = pS[sb]!;
        bernoulliAll(d, bw);
        const bp = bw[0]!;
        const bm = bw[1]!;
        const df = x[3 * b + 2]! - x[3 * a + 2]!;
        const J = df >= 0 ? -c * pa * bp * Math.expm1(-df) : c * pb * bm * Math.expm1(df);
        this.Jp[k] = J;
        const K = c * (pa * bw[2]! + pb * bw[3]!);
        const ga = gpS[sa]!;
        const gb = gpS[sb]!;
        const ta = -c * bp * dpS[sa]!;
        const tb = c * bm * dpS[sb]!;
        const dUa = ta - K * ga;
        const dFa = ta - K * (ga - 1);
        const dUb = tb + K * gb;
        const dFb = tb + K * (gb - 1);
        F[3 * a + 2]! += J;
        F[3 * b + 2]! -= J;
        B[oa + 6]! += dUa;
        B[oa + 8]! += dFa;
        C[oa + 6]! += dUb;
        C[oa + 8]! += dFb;
        A[ob + 6]! -= dUa;
        A[ob + 8]! -= dFa;
        B[ob + 6]! -= dUb;
        B[ob + 8]! -= dFb;
      }
    }
    // node terms: space charge, recombination - generation
    const rd = this.rd;
    for (let i = 0; i < N; i++) {
      const o = 9 * i;
      const fn = x[3 * i + 1]!;
      const fp = x[3 * i + 2]!;
      const E = Math.exp(fp - fn);
      const om = -Math.expm1(fp - fn);
      for (let side = 0; side < 2; side++) {
        const s = 2 * i + side;
        const w = hs[s]!;
        if (w === 0) continue;
        const n = nS[s]!;
        const p = pS[s]!;
        const dn = dnS[s]!;
        const dp = dpS[s]!;
        // Poisson charge
        F[3 * i]! += w * (p - n + this.dop[s]!);
        B[o]! += -w * (dp + dn);
        B[o + 1]! += -w * dn;
        B[o + 2]! += -w * dp;
        // recombination: value and derivatives with respect to (u, fn, fp)
        this.bulkRate(s, n, p, dn, dp, E, om, rd);
        const U = w * (rd[0]! - genScale * G[s]!);
        const dUu = w * rd[1]!;
        const dUfn = w * rd[2]!;
        const dUfp = w * rd[3]!;
        F[3 * i + 1]! -= U;
        F[3 * i + 2]! += U;
        B[o + 3]! -= dUu;
        B[o + 4]! -= dUfn;
        B[o + 5]! -= dUfp;
        B[o + 6]! += dUu;
        B[o + 7]! += dUfn;
        B[o + 8]! += dUfp;
      }
    }
    // interface recombination: electrons of node eNode, holes of node hNode (equal, or the two
    // nodes of a thermionic-emission interface)
    const addJ = (rn: number, r: number, cn: number, c: number, val: number) => {
      const blk = cn === rn ? B : cn === rn + 1 ? C : A;
      blk[9 * rn + 3 * r + c]! += val;
    };
    for (const it of this.interfaces) {
      const ie = it.eNode;
      const ih = it.hNode;
      const fn = x[3 * ie + 1]!;
      const fp = x[3 * ih + 2]!;
      const se = 2 * ie + it.eSide;
      const sh = 2 * ih + it.hSide;
      const n = nS[se]!;
      const p = pS[sh]!;
      const dn = dnS[se]!;
      const dp = dpS[sh]!;
      const E = Math.exp(fp - fn);
      const om = -Math.expm1(fp - fn);
      const ni = this.interfaceNi(it);
      const den = (n + ni * it.trapFactor) / it.Sp + (p + ni / it.trapFactor) / it.Sn;
      const R = (n * p * om) / den;
      const dUe = (dn * p * om - (R * dn) / it.Sp) / den;
      const dFn = (dn * p * om + n * p * E - (R * dn) / it.Sp) / den;
      const dUh = (-n * dp * om + (R * dp) / it.Sn) / den;
      const dFp = (-n * dp * om - n * p * E + (R * dp) / it.Sn) / den;
      F[3 * ie + 1]! -= R;
      F[3 * ih + 2]! += R;
      addJ(ie, 1, ie, 0, -dUe);
      addJ(ie, 1, ie, 1, -dFn);
      addJ(ie, 1, ih, 0, -dUh);
      addJ(ie, 1, ih, 2, -dFp);
      addJ(ih, 2, ie, 0, dUe);
      addJ(ih, 2, ie, 1, dFn);
      addJ(ih, 2, ih, 0, dUh);
      addJ(ih, 2, ih, 2, dFp);
    }
    // contacts
    this.applyContact(x, 0, this.left, v, 1);
    this.applyContact(x, N - 1, this.right, v, 0);
    // row scaling
    let norm = 0;
    for (let r = 0; r < 3 * N; r++) {
      const i = (r / 3) | 0;
      const o = 9 * i + 3 * (r - 3 * i);
      let m = 0;
      for (let c = 0; c < 3; c++) {
        m = Math.max(m, Math.abs(A[o + c]!), Math.abs(B[o + c]!), Math.abs(C[o + c]!));
      }
      if (!(m > 0) || !Number.isFinite(m) || !scaleRows) m = 1;
      const inv = 1 / m;
      for (let c = 0; c < 3; c++) {
        A[o + c]! *= inv;
        B[o + c]! *= inv;
        C[o + c]! *= inv;
      }
      F[r]! *= inv;
      const fa = Math.abs(F[r]!);
      if (fa > norm || Number.isNaN(fa)) norm = fa;
    }
    return norm;
  }

  /**
   * Bulk recombination R = R_SRH + R_rad + R_Auger on side s and its derivatives with respect to
   * (u, fn, fp), into out[0..3]. excess = n p (1 - e^{fp - fn}) (= n p - n_i^2 for Boltzmann).
   */
  private bulkRate(s: number, n: number, p: number, dn: number, dp: number, E: number, om: number, out: Float64Array) {
    const excess = n * p * om;
    const eu = (dn * p - n * dp) * om;
    const efn = dn * p * om + n * p * E;
    const efp = -n * dp * om - n * p * E;
    let R = 0;
    let Ru = 0;
    let Rfn = 0;
    let Rfp = 0;
    const tn = this.tn[s]!;
    const tp = this.tp[s]!;
    if (Number.isFinite(tn) && Number.isFinite(tp)) {
      const den = tp * (n + this.n1[s]!) + tn * (p + this.p1[s]!);
      const r = excess / den;
      R += r;
      Ru += (eu - r * (tp * dn - tn * dp)) / den;
      Rfn += (efn - r * tp * dn) / den;
      Rfp += (efp + r * tn * dp) / den;
    }
    const kr = this.krad[s]!;
    if (kr !== 0) {
      R += kr * excess;
      Ru += kr * eu;
      Rfn += kr * efn;
      Rfp += kr * efp;
    }
    const cn = this.cn[s]!;
    const cp = this.cp[s]!;
    if (cn !== 0 || cp !== 0) {
      const a = cn * n + cp * p;
      R += a * excess;
      Ru += (cn * dn - cp * dp) * excess + a * eu;
      Rfn += cn * dn * excess + a * efn;
      Rfp += -cp * dp * excess + a * efp;
    }
    out[0] = R;
    out[1] = Ru;
    out[2] = Rfn;
    out[3] = Rfp;
  }

  private applyContact(x: Float64Array, i: number, c: ContactBC, v: number, side: 0 | 1): void {
    const { A, B, C } = this.mat;
    const F = this.F;
    const o = 9 * i;
    const cv = this.contactValues(c, v);
    const dirichletRow = (r: number, target: number) => {
      for (let k = 0; k < 3; k++) {
        A[o + 3 * r + k] = 0;
        B[o + 3 * r + k] = 0;
        C[o + 3 * r + k] = 0;
      }
      B[o + 3 * r + r] = 1;
      F[3 * i + r] = x[3 * i + r]! - target;
    };
    dirichletRow(0, cv.u);
    if (c.dirichletN) dirichletRow(1, cv.f);
    else {
      const s = 2 * i + side;
      const n = this.nS[s]!;
      F[3 * i + 1]! -= c.Sn * (n - c.nEq);
      B[o + 3]! -= c.Sn * this.dnS[s]!;
      B[o + 4]! -= c.Sn * this.dnS[s]!;
    }
    if (c.dirichletP) dirichletRow(2, cv.f);
    else {
      const s = 2 * i + side;
      const p = this.pS[s]!;
      F[3 * i + 2]! += c.Sp * (p - c.pEq);
      B[o + 6]! -= c.Sp * this.dpS[s]!;
      B[o + 8]! -= c.Sp * this.dpS[s]!;
    }
  }
}
