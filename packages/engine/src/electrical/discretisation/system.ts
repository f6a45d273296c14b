/**
 * The discretised drift-diffusion system: Poisson and electron/hole continuity in one dimension
 * over a heterostructure, in scaled variables, with its residual F(x) and analytic Jacobian.
 *
 * Equations (steady state; Selberherr, Analysis and Simulation of Semiconductor Devices, Springer
 * 1984, ch. 2-3; Koster et al., SIMsalabim, J. Appl. Phys. 2005 and github.com/kostergroup/SIMsalabim):
 *   d/dx(eps dpsi/dx) = -q (p - n + Nd - Na)
 *   dJn/dx = q (R - G),  dJp/dx = -q (R - G)
 *   Jn = q mu_n n dE_Fn/dx,  Jp = q mu_p p dE_Fp/dx          (E_F in eV)
 *   n = Nc exp((E_Fn - E_c)/Vt),  p = Nv exp((E_v - E_Fp)/Vt),  E_c = -chi - psi,  E_v = E_c - Eg.
 * Unknowns per node: u = psi/Vt, fn = E_Fn/Vt, fp = E_Fp/Vt (energies relative to the cathode's
 * equilibrium Fermi level; carriers.ts).
 *
 * Box (finite-volume) method: node i owns [x_i - h_{i-1}/2, x_i + h_i/2]; the half-boxes on either
 * side of an interface node use the parameters of their own layer (model.ts), so psi, E_Fn, E_Fp and
 * the normal displacement are continuous across heterointerfaces while n and p jump with the band
 * offsets (the infinite-transfer-velocity limit). Row i of each equation is the balance of box i:
 *   Poisson:    sum of interval displacements + w (p - n + C) = 0
 *   electrons:  sum of interval fluxes Jn - w (R - G) = 0,   holes: sum of Jp + w (R - G) = 0
 * The pieces live in their own modules, which the transient and small-signal solvers reuse:
 *   model.ts                                mesh, scaling, per-side parameters
 *   ../models/statistics/carriers.ts         densities and their derivatives (Boltzmann or Fermi-Dirac)
 *   fluxes.ts                               displacement and Scharfetter-Gummel fluxes of each interval
 *   ../models/recombination/                bulk SRH, radiative and Auger rates; defects
 *   ../models/interfaces/interface-rows.ts  interface recombination and thermionic emission
 *   ../models/contacts/contact-rows.ts      boundary conditions
 * Rows are scaled to unit maximum before the solve, so the Newton residual is comparable across
 * equations whose natural sizes differ by many decades.
 */

import { applyContact } from '../models/contacts/contact-rows.js';
import { contactValues } from '../models/contacts/contacts.js';
import { dissociationProbability } from '../models/excitons/dissociation.js';
import {
  assembleInterfaceRecombination,
  interfaceRate,
  thermionicFluxes,
} from '../models/interfaces/interface-rows.js';
import type { InterfaceRec } from '../models/interfaces/interfaces.js';
import { assembleIons } from '../models/ions.js';
import { neutralDensities } from '../models/layer-si.js';
import {
  bulkDefectTerms,
  bulkDefectTermsTransient,
  defectRates,
  levelOccupations,
  type SheetLevels,
  sheetOccupations,
  sheetTerms,
} from '../models/recombination/defects.js';
import { bulkRate, bulkRates } from '../models/recombination/recombination.js';
import { Carriers, electronDensity, holeDensity } from '../models/statistics/carriers.js';
import { btbtD, btbtFieldFactor, tatGamma } from '../models/tunnelling/tunnelling.js';
import type { ElectricalDevice } from '../types.js';
import { BlockTridiagonal } from './block-tridiagonal.js';
import { assembleIntervalFluxes, intervalFluxes } from './fluxes.js';
import { DDModel } from './model.js';
import { nodeField } from './node-field.js';
import { storage } from './storage.js';
import { intervalCurrent } from './terminal.js';
import { FN, FP, U } from './unknowns.js';

export class DDSystem extends DDModel {
  /** Unknowns per node: u, fn, fp and one per mobile ionic species. */
  readonly m: number;
  /**
   * Form of the ion rows: 'steady' (ions in equilibrium with a conserved number, the quasi-static
   * state) or 'box' (their continuity equations, for the transient and small-signal solvers).
   */
  ionRows: 'steady' | 'box' = 'steady';
  /** Dense parts of the steady ion constraints of the last assembly (low-rank corrections). */
  private dense: { row: number; cols: number[]; weights: number[] }[] = [];
  /**
   * The time term of a transient step, R(x) + c0 S(x) + hist = 0 (storage.ts): c0 and hist come
   * from the integrator (BDF), histD the matching history of the displacement at the anode's
   * interval. Undefined for steady states. traps: the history terms of the defect levels' occupation
   * (df/dt = c0 f + traps[k], layout trapOffset / sheetOffset); absent, the defects are quasi-static.
   */
  time: { c0: number; hist: Float64Array; histD: number; traps?: Float64Array } | undefined;
  /**
   * Where the levels of each node side's bulk defects start in the flat list of trap levels (-1:
   * none; a uniform node has them on side 0 only, as assembled), and those of each defect sheet.
   */
  readonly trapOffset: Int32Array;
  readonly sheetOffset: Int32Array;
  /** Number of trap levels (bulk and sheets) whose occupation a transient carries. */
  readonly trapCount: number;
  /**
   * The trap occupations of a transient's state (trapOccupations layout), for the outputs
   * (defectDetail, sheetDetail); undefined: the steady occupation of the densities.
   */
  trapState: Float64Array | undefined;
  /**
   * An external circuit that makes the internal voltage an unknown (transients with series
   * resistance, or at open circuit): v is the scaled internal voltage, updated by Newton.
   */
  circuit: ExternalCircuit | undefined;
  /** The border of the Jacobian for the circuit's unknown, from the last assembly. */
  private border: Border | undefined;
  /** The circuit unknown's update of the last linear solve (scaled volts). */
  circuitStep = 0;
  readonly S: Float64Array;
  /** Column scaling of the last assembly (linear unknowns y = x / colScale), when colScaled. */
  private readonly colScale: Float64Array;
  private colScaled = false;
  private readonly dS: Float64Array;
  private readonly jA: Float64Array;
  private readonly jB: Float64Array;
  /** Generation intensity factor (0 in the dark start, ramped up to 1). */
  genScale = 1;
  /**
   * Equilibrium alone: the quasi-Fermi-level rows become fn = fp = 0 (their exact equilibrium
   * values), leaving Poisson's equation with Boltzmann carriers, the traps' equilibrium charge and
   * the ions: the dark start's fallback (solvers/jv.ts) when the coupled Newton fails there.
   */
  equilibriumOnly = false;

  readonly mat: BlockTridiagonal;
  readonly F: Float64Array;
  /** Interval fluxes of the last assembly (scaled). */
  readonly Jn: Float64Array;
  readonly Jp: Float64Array;
  readonly carriers: Carriers;
  private readonly rd = new Float64Array(5);
  private readonly bt = new Float64Array(4);
  private readonly dt = new Float64Array(12);
  private readonly st = new Float64Array(25);
  private readonly dRate = new Float64Array(64);
  private readonly dOcc = new Float64Array(64);
  private readonly fm: FieldModels = { radFactor: 1, srhFactor: 1, gFree: 1, P: 1, dPdF: 0, dUdF: 0 };
  private readonly rates: NodeRates = { srh: 0, rad: 0, aug: 0, gen: 0, geminate: 0, P: 1, btbt: 0, defect: 0 };

  constructor(device: ElectricalDevice) {
    super(device);
    const { N } = this;
    this.m = 3 + this.ions.length;
    this.mat = new BlockTridiagonal(N, this.m);
    this.F = new Float64Array(this.m * N);
    this.Jn = new Float64Array(N - 1);
    this.Jp = new Float64Array(N - 1);
    this.carriers = new Carriers(N);
    this.S = new Float64Array(this.m * N);
    this.colScale = new Float64Array(this.m * N).fill(1);
    this.dS = new Float64Array(this.m * this.m * N);
    this.jA = new Float64Array(this.m);
    this.jB = new Float64Array(this.m);
    this.trapOffset = new Int32Array(2 * N).fill(-1);
    let count = 0;
    for (let i = 0; i < N; i++) {
      const uniform = this.uniformNode[i] === 1;
      for (let side = 0; side < (uniform ? 1 : 2); side++) {
        const s = 2 * i + side;
        const w = uniform ? this.hs[s]! + this.hs[s + 1]! : this.hs[s]!;
        const lv = this.defectLevels[s];
        if (w === 0 || !lv) continue;
        this.trapOffset[s] = count;
        count += lv.nt.length;
      }
    }
    this.sheetOffset = Int32Array.from(this.sheets, (S) => {
      const o = count;
      count += S.nt.length;
      return o;
    });
    this.trapCount = count;
  }

  /**
   * The occupation of every trap level (layout trapOffset / sheetOffset) at state x: steady, or
   * that of the transient step set in time.traps.
   */
  trapOccupations(x: Float64Array, out: Float64Array = new Float64Array(this.trapCount)): Float64Array {
    const car = this.carriers;
    car.evaluate(this, x, this.m);
    const c0 = this.time?.traps ? this.time.c0 : 0;
    const h = this.time?.traps;
    for (let s = 0; s < 2 * this.N; s++) {
      const off = this.trapOffset[s]!;
      if (off >= 0) levelOccupations(this.defectLevels[s]!, car.nS[s]!, car.pS[s]!, c0, h, off, out);
    }
    this.sheets.forEach((S, k) => {
      const { sideL, sideR } = S;
      sheetOccupations(
        S,
        car.nS[sideL]!,
        car.pS[sideL]!,
        car.nS[sideR]!,
        car.pS[sideR]!,
        c0,
        h,
        this.sheetOffset[k]!,
        out,
      );
    });
    return out;
  }

  /** The node of the anode and the interval next to it. */
  get anodeNode(): number {
    return this.device.contacts.anode === 'left' ? 0 : this.N - 1;
  }
  get anodeInterval(): number {
    return this.device.contacts.anode === 'left' ? 0 : this.N - 2;
  }

  /**
   * The terminal current, mA/cm^2, generation positive (J(0) = +Jsc under light): conduction plus
   * displacement (with the time term of a transient step) at the anode's interval, less the shunt
   * current of the internal voltage v (scaled). Without a time term it is the conduction current.
   */
  terminalCurrent(x: Float64Array, v: number): number {
    this.carriers.evaluate(this, x, this.m);
    const t = this.time;
    const J = intervalCurrent(
      this,
      this.carriers,
      x,
      this.m,
      this.anodeInterval,
      t?.c0 ?? 0,
      t?.histD ?? 0,
      this.jA,
      this.jB,
    );
    const Rsh = this.device.Rsh_ohm_cm2;
    return this.sgn * J * this.J0 * 0.1 - (Rsh ? (this.Vt * v * 1e3) / Rsh : 0);
  }

  /** Sign from the solver's current along +x to the generation-positive terminal current. */
  get sgn(): number {
    return this.device.contacts.anode === 'left' ? -1 : 1;
  }

  /** Scaled contact potential and Fermi level at scaled internal voltage v (anode Fermi level -v). */
  contactValues(c: DDModel['left'], v: number): { u: number; f: number } {
    return contactValues(c, v);
  }

  /** Charge-neutral equilibrium initial guess (f = 0), contacts at their equilibrium potentials. */
  initialGuess(): Float64Array {
    const { N, m } = this;
    const x = new Float64Array(m * N);
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
      x[m * i + U] = sum / cnt;
    }
    x[U] = this.left.u0;
    x[m * (N - 1) + U] = this.right.u0;
    // ions spread evenly, neutralising their background: P = N, phi = s u
    for (const ion of this.ions)
      for (let i = ion.first; i <= ion.last; i++) x[m * i + ion.slot] = ion.sign * x[m * i + U]!;
    return x;
  }

  /** Densities on one side of a node (scaled). */
  nAt(x: Float64Array, i: number, side: 0 | 1): number {
    return electronDensity(this, x, this.m, i, side);
  }
  pAt(x: Float64Array, i: number, side: 0 | 1): number {
    return holeDensity(this, x, this.m, i, side);
  }

  /**
   * Bulk rates on side `side` of node i (scaled): SRH, radiative (bimolecular), Auger, the
   * free-carrier generation, and where CT states dissociate (organic blends) the generation lost
   * to their decay (geminate recombination, (1 - P0)(1 - P) G) and P itself (1 elsewhere).
   */
  recombination(x: Float64Array, i: number, side: 0 | 1): Readonly<NodeRates> {
    const s = 2 * i + side;
    const n = this.nAt(x, i, side);
    const p = this.pAt(x, i, side);
    const diss = this.dissociation[s];
    const tun = this.tunnelling[s];
    const nf = diss || tun ? nodeField(this.mesh, this.xs, x, this.m, i) : undefined;
    const fm = nf ? this.fieldModels(s, nf.F) : undefined;
    const r = this.rates;
    const fn = x[this.m * i + FN]!;
    const fp = x[this.m * i + FP]!;
    bulkRates(this, s, n, p, fn, fp, fm?.radFactor ?? 1, fm?.srhFactor ?? 1, r);
    const G = this.genScale * this.G[s]!;
    const yieldFree = fm?.gFree ?? 1;
    r.gen = G * yieldFree;
    r.geminate = G * (1 - yieldFree);
    r.P = fm?.P ?? 1;
    r.btbt = 0;
    r.defect = 0;
    const lv = this.defectLevels[s];
    if (lv) {
      defectRates(lv, n, p, -Math.expm1(fp - fn), this.dRate, this.dOcc);
      for (let d = 0; d < lv.start.length - 1; d++) r.defect += this.dRate[d]!;
    }
    if (tun && nf && tun.btbtA > 0) {
      const ni = Math.sqrt(this.ni2[s]!);
      const D = (-n * p * Math.expm1(fp - fn)) / ((n + ni) * (p + ni));
      r.btbt = tun.btbtA * D * btbtFieldFactor(tun, nf.F * this.fieldToVcm).f;
    }
    // reused for every call: read it before the next one
    return r;
  }

  /**
   * The factors of the local-field models on side s at scaled field F: CT dissociation (the
   * yield P, the free fraction of the generation, the bimolecular factor 1 - P) and trap-assisted
   * tunnelling (SRH times 1 + Gamma), with dP/dF and dGamma/dF (per scaled field). Reused object.
   */
  private fieldModels(s: number, F: number): Readonly<FieldModels> {
    const fm = this.fm;
    fm.radFactor = 1;
    fm.srhFactor = 1;
    fm.gFree = 1;
    fm.P = 1;
    fm.dPdF = 0;
    fm.dUdF = 0;
    const diss = this.dissociation[s];
    if (diss) {
      const { P, dPdb } = dissociationProbability(diss, diss.bScale * Math.abs(F));
      fm.P = P;
      fm.radFactor = 1 - P;
      fm.gFree = diss.P0 + (1 - diss.P0) * P;
      fm.dPdF = dPdb * diss.bScale * Math.sign(F);
    }
    const tun = this.tunnelling[s];
    if (tun && tun.tatF_V_cm > 0) {
      const { g, dg } = tatGamma(tun, F * this.fieldToVcm);
      fm.srhFactor = 1 + g;
      fm.dUdF = dg * this.fieldToVcm * Math.sign(F);
    }
    return fm;
  }

  /**
   * The per-defect recombination of the last recombination() call on a side with defects (scaled;
   * reused: read it before the next call).
   */
  get lastDefectRates(): Readonly<Float64Array> {
    return this.dRate;
  }

  /**
   * Per defect of side `side` of node i: recombination into rate[k], mean occupation into occ[k]
   * (the density-weighted mean over its levels); returns the trapped charge (scaled). The
   * carriers need not be evaluated.
   */
  defectDetail(x: Float64Array, i: number, side: 0 | 1, rate: Float64Array, occ: Float64Array): number {
    const L = this.defectLevels[2 * i + side];
    rate.fill(0);
    occ.fill(0);
    if (!L) return 0;
    const n = this.nAt(x, i, side);
    const p = this.pAt(x, i, side);
    // a transient's state: the occupations it carries (a uniform node keeps them on side 0)
    const own = this.trapOffset[2 * i + side]!;
    const off = own >= 0 ? own : this.uniformNode[i] === 1 ? this.trapOffset[2 * i]! : -1;
    const f = this.trapState;
    if (f && off >= 0) {
      let rho = 0;
      for (let d = 0; d < L.start.length - 1; d++) {
        let filled = 0;
        let r = 0;
        for (let k = L.start[d]!; k < L.start[d + 1]!; k++) {
          const fk = f[off + k]!;
          filled += L.nt[k]! * fk;
          // the mean of electron and hole capture: they differ by the trapping rate
          const un = L.cn[k]! * (n * (1 - fk) - L.n1[k]! * fk);
          const up = L.cp[k]! * (p * fk - L.p1[k]! * (1 - fk));
          r += (L.nt[k]! * (un + up)) / 2;
        }
        const N = L.total[d]!;
        rate[d] = r;
        occ[d] = N > 0 ? filled / N : 0;
        const kind = L.kind[L.start[d]!]!;
        if (kind !== 0) rho += kind > 0 ? N - filled : -filled;
      }
      return rho;
    }
    const om = -Math.expm1(x[this.m * i + FP]! - x[this.m * i + FN]!);
    return defectRates(L, n, p, om, rate, occ);
  }

  /** A defect sheet's recombination (per area, scaled), mean occupation and sheet charge (scaled). */
  sheetDetail(S: SheetLevels, x: Float64Array): { rate: number; occupation: number; charge: number } {
    const nL = electronDensity(this, x, this.m, S.nodeL, (S.sideL % 2) as 0 | 1);
    const pL = holeDensity(this, x, this.m, S.nodeL, (S.sideL % 2) as 0 | 1);
    const nR = electronDensity(this, x, this.m, S.nodeR, (S.sideR % 2) as 0 | 1);
    const pR = holeDensity(this, x, this.m, S.nodeR, (S.sideR % 2) as 0 | 1);
    const st = this.st;
    let occ = 0;
    let w = 0;
    const f = this.trapState;
    if (f) {
      // a transient's state: the occupations it carries; rate = mean of electron and hole capture
      const off = this.sheetOffset[this.sheets.indexOf(S)]!;
      let rate = 0;
      let charge = 0;
      for (let k = 0; k < S.nt.length; k++) {
        const fk = f[off + k]!;
        const Nt = S.nt[k]!;
        const un = S.cn[k]! * ((nL + nR) * (1 - fk) - (S.n1L[k]! + S.n1R[k]!) * fk);
        const up = S.cp[k]! * ((pL + pR) * fk - (S.p1L[k]! + S.p1R[k]!) * (1 - fk));
        rate += (Nt * (un + up)) / 2;
        occ += Nt * fk;
        w += Nt;
        if (S.kind[k] !== 0) charge += S.kind[k]! > 0 ? Nt * (1 - fk) : -Nt * fk;
      }
      return { rate, occupation: w > 0 ? occ / w : 0, charge };
    }
    sheetTerms(S, nL, pL, nR, pR, st);
    for (let k = 0; k < S.nt.length; k++) {
      const num = S.cn[k]! * (nL + nR) + S.cp[k]! * (S.p1L[k]! + S.p1R[k]!);
      const D = S.cn[k]! * (nL + nR + S.n1L[k]! + S.n1R[k]!) + S.cp[k]! * (pL + pR + S.p1L[k]! + S.p1R[k]!);
      occ += (S.nt[k]! * num) / D;
      w += S.nt[k]!;
    }
    return { rate: st[0]! + st[5]!, occupation: w > 0 ? occ / w : 0, charge: st[20]! };
  }

  /** Interface recombination rate (scaled, per area) at an interface. */
  interfaceRate(it: InterfaceRec, x: Float64Array): number {
    return interfaceRate(this, it, x, this.m);
  }

  /** Interval fluxes Jn, Jp (scaled, along +x) of solution x, without the Jacobian. */
  fluxes(x: Float64Array): void {
    const { N, m, carriers } = this;
    carriers.evaluate(this, x, m);
    for (let k = 0; k < N - 1; k++) {
      const te = this.te.size > 0 && this.mesh.teInterval[k]! >= 0 ? this.te.get(k) : undefined;
      if (te) thermionicFluxes(carriers, x, m, k, te, this.Jn, this.Jp, undefined, this.F);
      else intervalFluxes(this, carriers, x, m, k, this.Jn, this.Jp);
    }
  }

  /**
   * Assembles the residual F(x) and the Jacobian at scaled internal voltage v; rows are scaled to
   * unit maximum (unless scaleRows is false). Returns the max-norm of the (scaled) residual.
   */
  assemble(x: Float64Array, vFixed: number, scaleRows = true): number {
    const { N, m, F, mat, hs, G, genScale, carriers } = this;
    const v = this.circuit ? this.circuit.v : vFixed;
    const { B } = mat;
    const mm = m * m;
    mat.clear();
    F.fill(0);
    carriers.evaluate(this, x, m);
    for (let k = 0; k < N - 1; k++) {
      assembleIntervalFluxes(this, carriers, x, k, mat, F, this.Jn, this.Jp);
      if (this.te.size > 0 && this.mesh.teInterval[k]! >= 0) {
        const te = this.te.get(k);
        if (te) thermionicFluxes(carriers, x, m, k, te, this.Jn, this.Jp, mat, F);
      }
    }
    // node terms: space charge, recombination - generation, per node side
    const { nS, pS, dnS, dpS } = carriers;
    const rd = this.rd;
    for (let i = 0; i < N; i++) {
      const o = mm * i;
      const fn = x[m * i + FN]!;
      const fp = x[m * i + FP]!;
      const E = Math.exp(fp - fn);
      const om = -Math.expm1(fp - fn);
      const uniform = this.uniformNode[i] === 1;
      for (let side = 0; side < (uniform ? 1 : 2); side++) {
        const s = 2 * i + side;
        const w = uniform ? hs[s]! + hs[s + 1]! : hs[s]!;
        if (w === 0) continue;
        const n = nS[s]!;
        const p = pS[s]!;
        const dn = dnS[s]!;
        const dp = dpS[s]!;
        // Poisson charge
        F[m * i + U]! += w * (p - n + this.dop[s]!);
        B[o + U]! += -w * (dp + dn);
        B[o + FN]! += -w * dn;
        B[o + FP]! += -w * dp;
        // the local-field models: CT-state dissociation (organic blends), trap-assisted and
        // band-to-band tunnelling
        const diss = this.dissociation[s];
        const tun = this.tunnelling[s];
        const nf = diss || tun ? nodeField(this.mesh, this.xs, x, m, i) : undefined;
        const fm = nf ? this.fieldModels(s, nf.F) : undefined;
        // recombination - generation and its derivatives with respect to (u, fn, fp)
        bulkRate(this, s, n, p, dn, dp, E, om, rd, fm?.radFactor ?? 1, fm?.srhFactor ?? 1);
        let Ur = w * (rd[0]! - genScale * G[s]! * (fm?.gFree ?? 1));
        if (fm && nf) {
          const bt = this.bt;
          let dRdF =
            fm.dUdF * rd[4]! + fm.dPdF * (-this.krad[s]! * n * p * om - genScale * G[s]! * (1 - (diss?.P0 ?? 0)));
          if (tun && tun.btbtA > 0) {
            // R_BTBT = A D f(F)
            btbtD(n, p, Math.sqrt(this.ni2[s]!), dn, dp, E, om, bt);
            const { f, df } = btbtFieldFactor(tun, nf.F * this.fieldToVcm);
            Ur += w * tun.btbtA * bt[0]! * f;
            rd[1]! += tun.btbtA * f * bt[1]!;
            rd[2]! += tun.btbtA * f * bt[2]!;
            rd[3]! += tun.btbtA * f * bt[3]!;
            dRdF += tun.btbtA * bt[0]! * df * this.fieldToVcm * Math.sign(nf.F);
          }
          if (dRdF !== 0) {
            // through F the rate depends on u at the field's two nodes
            for (const [j, sgn] of [
              [nf.hi, 1],
              [nf.lo, -1],
            ] as const) {
              const blk = j === i ? mat.B : j === i - 1 ? mat.A : mat.C;
              const d = w * dRdF * sgn * nf.dFdu;
              blk[o + m * FN + U]! -= d;
              blk[o + m * FP + U]! += d;
            }
          }
        }
        const lv = this.defectLevels[s];
        const trapHist = this.time?.traps;
        if (lv && trapHist) {
          // a transient step: the occupation follows its rate equation, so electron and hole
          // capture differ by the trapping rate
          const dt = this.dt;
          bulkDefectTermsTransient(lv, n, p, dn, dp, E, om, this.time!.c0, trapHist, this.trapOffset[s]!, dt);
          F[m * i + FN]! -= w * dt[0]!;
          F[m * i + FP]! += w * dt[4]!;
          F[m * i + U]! += w * dt[8]!;
          for (let c = 0; c < 3; c++) {
            B[o + m * FN + c]! -= w * dt[1 + c]!;
            B[o + m * FP + c]! += w * dt[5 + c]!;
            B[o + c]! += w * dt[9 + c]!;
          }
        } else if (lv) {
          // defects of the layer: their SRH on top, their trapped charge in Poisson
          const dt = this.dt;
          bulkDefectTerms(lv, n, p, dn, dp, E, om, dt);
          Ur += w * dt[0]!;
          rd[1]! += dt[1]!;
          rd[2]! += dt[2]!;
          rd[3]! += dt[3]!;
          F[m * i + U]! += w * dt[4]!;
          B[o + U]! += w * dt[5]!;
          B[o + FN]! += w * dt[6]!;
          B[o + FP]! += w * dt[7]!;
        }
        const dUu = w * rd[1]!;
        const dUfn = w * rd[2]!;
        const dUfp = w * rd[3]!;
        F[m * i + FN]! -= Ur;
        F[m * i + FP]! += Ur;
        B[o + m * FN + U]! -= dUu;
        B[o + m * FN + FN]! -= dUfn;
        B[o + m * FN + FP]! -= dUfp;
        B[o + m * FP + U]! += dUu;
        B[o + m * FP + FN]! += dUfn;
        B[o + m * FP + FP]! += dUfp;
      }
    }
    if (this.excitons)
      // free pairs from excitons split at a donor/acceptor interface (per area)
      for (let i = 0; i < N; i++) {
        F[m * i + FN]! += genScale * this.Gn_iface[i]!;
        F[m * i + FP]! -= genScale * this.Gp_iface[i]!;
      }
    if (this.sheets.length > 0) this.assembleSheets();
    assembleInterfaceRecombination(this, carriers, x, mat, F);
    this.dense = this.ions.length > 0 ? assembleIons(this.ions, x, this.h, hs, this.ionRows === 'steady', mat, F) : [];
    if (this.time) this.addTimeTerm(x);
    applyContact(x, carriers, 0, this.left, v, 1, mat, F);
    applyContact(x, carriers, N - 1, this.right, v, 0, mat, F);
    if (this.equilibriumOnly) this.pinQuasiFermiLevels(x);
    const border = this.circuit ? this.circuitBorder(x, this.circuit) : undefined;
    this.border = border;
    this.colScaled = false;
    if (!scaleRows) {
      let norm = 0;
      for (let r = 0; r < F.length; r++) norm = Math.max(norm, Math.abs(F[r]!));
      return norm;
    }
    // Columns: where a carrier continuity row's residual is beyond what a quasi-Fermi-level
    // linearisation can express (an update of more than DENSITY_SCALING_STEP thermal voltages,
    // i.e. the density must change by decades), that node's quasi-Fermi-level column is divided by
    // its density, so that the linear solve runs in the density change (dn = n dfn, dp = -p dfp).
    // Every entry of an electron column is proportional to n (fluxes, recombination, charge,
    // storage); after light is switched on over a dark state the residual of a minority row is
    // 1e40 times the Poisson residual, and solved for dfn the block elimination rounds Poisson
    // away. Elsewhere the columns stay as they are: in density units a minority carrier's change is
    // only resolved to rounding of the majority's, which would make its dfn noise.
    const dense = this.dense;
    const cs = this.colScale;
    let scaledAny = false;
    for (let i = 0; i < N; i++) {
      for (let q = 0; q < 2; q++) {
        // (no per-node arrays: this runs at every Newton iteration)
        const k = m * i + (q === 0 ? FN : FP);
        const d = q === 0 ? Math.max(nS[2 * i]!, nS[2 * i + 1]!) : Math.max(pS[2 * i]!, pS[2 * i + 1]!);
        const big = Math.abs(F[k]!) > DENSITY_SCALING_STEP * mat.rowMax(k);
        cs[k] = big && d > 0 && Number.isFinite(1 / d) ? 1 / d : 1;
        if (cs[k] !== 1) scaledAny = true;
      }
    }
    if (scaledAny) {
      mat.scaleColumns(cs);
      for (const d of dense) for (let k = 0; k < d.weights.length; k++) d.weights[k]! *= cs[d.cols[k]!]!;
      if (border)
        for (let r = 0; r < m; r++) {
          border.cA[r]! *= cs[m * border.k + r]!;
          border.cB[r]! *= cs[m * (border.k + 1) + r]!;
        }
    }
    this.colScaled = scaledAny;
    // rows: a dense row (steady ion constraint) keeps its off-band part scaled with the rest of the
    // row, and so does the circuit's column in the anode's rows
    const norm = mat.scaleRows(F);
    const rs = mat.rowScale;
    for (const d of dense) for (let k = 0; k < d.weights.length; k++) d.weights[k]! *= rs[d.row]!;
    if (border) for (let r = 0; r < m; r++) border.b[r]! *= rs[m * border.node + r]!;
    return norm;
  }

  /** Replaces every node's fn and fp rows by fn = 0, fp = 0 (equilibriumOnly). */
  private pinQuasiFermiLevels(x: Float64Array): void {
    const { N, m, F, mat } = this;
    const mm = m * m;
    for (let i = 0; i < N; i++)
      for (const r of [FN, FP]) {
        for (let c = 0; c < m; c++) {
          mat.A[mm * i + m * r + c] = 0;
          mat.B[mm * i + m * r + c] = 0;
          mat.C[mm * i + m * r + c] = 0;
        }
        mat.B[mm * i + m * r + r] = 1;
        F[m * i + r] = x[m * i + r]!;
      }
  }

  /**
   * The interfaces' defect sheets: electron and hole sinks on each side and the sheet charge at
   * the interface node (half on each node of a two-node interface), with their derivatives
   * (defects.ts). The carriers must have been evaluated at x.
   */
  private assembleSheets(): void {
    const { m, F, mat, carriers } = this;
    const { nS, pS, dnS, dpS } = carriers;
    const mm = m * m;
    const st = this.st;
    const add = (rn: number, r: number, cn: number, c: number, v: number) => {
      const blk = cn === rn ? mat.B : cn === rn + 1 ? mat.C : mat.A;
      blk[mm * rn + m * r + c]! += v;
    };
    const t = this.time?.traps ? this.time : undefined;
    this.sheets.forEach((S, index) => {
      const { sideL, sideR, nodeL, nodeR } = S;
      sheetTerms(S, nS[sideL]!, pS[sideL]!, nS[sideR]!, pS[sideR]!, st, t?.c0, t?.traps, this.sheetOffset[index]!);
      // the unknowns behind (nL, pL, nR, pR): n depends on (u, fn) of its node, p on (u, fp)
      const chain: [number, number, number][][] = [
        [
          [nodeL, U, dnS[sideL]!],
          [nodeL, FN, dnS[sideL]!],
        ],
        [
          [nodeL, U, -dpS[sideL]!],
          [nodeL, FP, -dpS[sideL]!],
        ],
        [
          [nodeR, U, dnS[sideR]!],
          [nodeR, FN, dnS[sideR]!],
        ],
        [
          [nodeR, U, -dpS[sideR]!],
          [nodeR, FP, -dpS[sideR]!],
        ],
      ];
      // rows: [UnL, UnR, UpL, UpR, rho] -> (node, equation, sign in the residual)
      const rows: [number, number, number, number][] = [
        [0, nodeL, FN, -1],
        [1, nodeR, FN, -1],
        [2, nodeL, FP, 1],
        [3, nodeR, FP, 1],
      ];
      if (nodeL === nodeR) rows.push([4, nodeL, U, 1]);
      else rows.push([4, nodeL, U, 0.5], [4, nodeR, U, 0.5]);
      for (const [r, node, eq, sg] of rows) {
        F[m * node + eq]! += sg * st[5 * r]!;
        for (let j = 0; j < 4; j++) {
          const d = st[5 * r + 1 + j]!;
          if (d === 0) continue;
          for (const [cnode, c, dv] of chain[j]!) add(node, eq, cnode, c, sg * d * dv);
        }
      }
    });
  }

  /** Adds c0 S(x) + hist to the residual and c0 dS/dx to the Jacobian (transient step). */
  private addTimeTerm(x: Float64Array): void {
    const t = this.time!;
    if (this.ions.length > 0 && this.ionRows !== 'box')
      throw new Error('a transient step needs the ions in box form (ionRows = "box")');
    const { m, F, S, dS } = this;
    storage(this, this.carriers, x, m, S, dS);
    for (let k = 0; k < F.length; k++) F[k]! += t.c0 * S[k]! + t.hist[k]!;
    const B = this.mat.B;
    for (let k = 0; k < B.length; k++) B[k]! += t.c0 * dS[k]!;
  }

  /**
   * The circuit equation and the border of the Jacobian for the internal voltage v (scaled):
   *   voltage control:  Vt v - V - Rs J = 0     open circuit:  J = 0
   * with J the terminal current (shunt included); b = dF/dv is nonzero in the anode's Dirichlet rows.
   */
  private circuitBorder(x: Float64Array, c: ExternalCircuit): Border {
    const { m, Vt } = this;
    const A = this.anodeNode;
    const k = this.anodeInterval;
    const toMa = this.sgn * this.J0 * 0.1;
    const J = this.terminalCurrent(x, c.v); // also fills jA, jB (interval k: nodes k, k+1)
    const Rsh = this.device.Rsh_ohm_cm2;
    const dJdv = Rsh ? -(Vt * 1e3) / Rsh : 0;
    const b = new Float64Array(m);
    const anode = this.device.contacts.anode === 'left' ? this.left : this.right;
    b[U] = -1;
    if (anode.dirichletN) b[FN] = 1;
    if (anode.dirichletP) b[FP] = 1;
    let g: number;
    let d: number;
    let scale: number;
    if (c.mode === 'voltage') {
      // in units of Vt
      g = (Vt * c.v - c.V_V - c.Rs * 1e-3 * J) / Vt;
      d = 1 - (c.Rs * 1e-3 * dJdv) / Vt;
      scale = (-c.Rs * 1e-3 * toMa) / Vt;
    } else {
      // in units of the current scale
      g = J / Math.abs(toMa);
      d = dJdv / Math.abs(toMa);
      scale = toMa / Math.abs(toMa);
    }
    const cA = Float64Array.from(this.jA, (q) => q * scale);
    const cB = Float64Array.from(this.jB, (q) => q * scale);
    return { node: A, b, k, cA, cB, d, g };
  }

  /**
   * Solves the assembled Jacobian for rhs into out (Newton's step). Without ions it is the block
   * tridiagonal solve; the steady ion constraints add dense rows, solved as low-rank corrections
   * by the Sherman-Morrison-Woodbury formula: with T the banded part and the corrections
   * e_r v^T, (T + E V^T)^-1 b = y - Z (I + V^T Z)^-1 V^T y, T y = b, T Z = E
   * (Golub & Van Loan, Matrix Computations, 4th ed., §2.1.4).
   */
  linearSolve(rhs: Float64Array, out: Float64Array): boolean {
    if (!this.solveScaled(rhs, out)) return false;
    if (this.colScaled) for (let k = 0; k < out.length; k++) out[k]! *= this.colScale[k]!;
    return true;
  }

  /** The solve in the column-scaled unknowns (assemble). */
  private solveScaled(rhs: Float64Array, out: Float64Array): boolean {
    if (!this.mat.solve(rhs, out)) return false;
    if (!this.lowRank(out)) return false;
    const bd = this.border;
    if (!bd) return true;
    // bordered system [T b; c^T d] [dx; dv] = [rhs; -g]: dx = y - z dv, T z = b (Schur complement)
    const n = rhs.length;
    const e = new Float64Array(n);
    for (let r = 0; r < this.m; r++) e[this.m * bd.node + r] = bd.b[r]!;
    const z = new Float64Array(n);
    if (!this.mat.solveAgain(e, z) || !this.lowRank(z)) return false;
    const m = this.m;
    let cy = 0;
    let cz = 0;
    for (let r = 0; r < m; r++) {
      cy += bd.cA[r]! * out[m * bd.k + r]! + bd.cB[r]! * out[m * (bd.k + 1) + r]!;
      cz += bd.cA[r]! * z[m * bd.k + r]! + bd.cB[r]! * z[m * (bd.k + 1) + r]!;
    }
    const dv = (-bd.g - cy) / (bd.d - cz);
    if (!Number.isFinite(dv)) return false;
    for (let k = 0; k < n; k++) out[k]! -= z[k]! * dv;
    this.circuitStep = dv;
    return true;
  }

  /** Applies the Woodbury correction of the dense ion constraints to y = T^-1 b (in place). */
  private lowRank(out: Float64Array): boolean {
    const K = this.dense.length;
    if (K === 0) return true;
    const n = out.length;
    const Z: Float64Array[] = [];
    for (const d of this.dense) {
      const e = new Float64Array(n);
      e[d.row] = 1;
      const z = new Float64Array(n);
      if (!this.mat.solveAgain(e, z)) return false;
      Z.push(z);
    }
    const dot = (d: (typeof this.dense)[number], v: Float64Array) => {
      let s = 0;
      for (let k = 0; k < d.cols.length; k++) s += d.weights[k]! * v[d.cols[k]!]!;
      return s;
    };
    // small system (I + V^T Z) a = V^T y
    const S = new Float64Array(K * K);
    const b = new Float64Array(K);
    for (let i = 0; i < K; i++) {
      b[i] = dot(this.dense[i]!, out);
      for (let j = 0; j < K; j++) S[K * i + j] = (i === j ? 1 : 0) + dot(this.dense[i]!, Z[j]!);
    }
    const a = solveDense(S, b, K);
    if (!a) return false;
    for (let j = 0; j < K; j++) {
      const z = Z[j]!;
      const aj = a[j]!;
      for (let k = 0; k < n; k++) out[k]! -= aj * z[k]!;
    }
    for (let k = 0; k < n; k++) if (!Number.isFinite(out[k]!)) return false;
    return true;
  }
}

/** The local-field models' factors on one node side (DDSystem.fieldModels). */
interface FieldModels {
  radFactor: number;
  srhFactor: number;
  gFree: number;
  P: number;
  /** dP/dF and d(1 + Gamma)/dF, per scaled field. */
  dPdF: number;
  dUdF: number;
}

/** Bulk rates on one node side (DDSystem.recombination), scaled. */
export interface NodeRates {
  srh: number;
  rad: number;
  aug: number;
  /** Free-carrier generation. */
  gen: number;
  /** Generation lost to CT-state decay (organic blends). */
  geminate: number;
  /** Dissociation probability (1 where there is no CT dissociation). */
  P: number;
  /** Band-to-band tunnelling (net recombination). */
  btbt: number;
  /** Recombination through the layer's defects (all of them). */
  defect: number;
}

/**
 * A carrier row whose residual exceeds this multiple of its largest Jacobian entry is solved in
 * density units (assemble): a quasi-Fermi-level update of 1e3 thermal voltages is meaningless.
 * (At 1e6, light switched on over a device with undoped wide-gap transport layers under ohmic
 * contacts still diverged with residuals of 7e5.)
 */
const DENSITY_SCALING_STEP = 1e3;

/** The external circuit of a transient (system.ts `circuit`). */
export interface ExternalCircuit {
  mode: 'voltage' | 'open';
  /** Terminal voltage, V (voltage control). */
  V_V: number;
  /** Series resistance, Ohm cm^2. */
  Rs: number;
  /** The internal voltage, scaled by Vt: the unknown. */
  v: number;
}

/** The border of the Jacobian for the circuit's unknown (row scaling applied to b and g's row). */
interface Border {
  node: number;
  /** dF/dv in the rows of the anode node. */
  b: Float64Array;
  /** The interval of the circuit equation and dg/dx at its two nodes. */
  k: number;
  cA: Float64Array;
  cB: Float64Array;
  d: number;
  g: number;
}

/** Gaussian elimination with partial pivoting of a small dense system (K x K, row-major). */
function solveDense(S: Float64Array, b: Float64Array, K: number): Float64Array | undefined {
  const a = S.slice();
  const x = b.slice();
  for (let c = 0; c < K; c++) {
    let p = c;
    for (let r = c + 1; r < K; r++) if (Math.abs(a[K * r + c]!) > Math.abs(a[K * p + c]!)) p = r;
    if (!(Math.abs(a[K * p + c]!) > 0)) return undefined;
    if (p !== c) {
      for (let k = 0; k < K; k++) {
        const t = a[K * c + k]!;
        a[K * c + k] = a[K * p + k]!;
        a[K * p + k] = t;
      }
      const t = x[c]!;
      x[c] = x[p]!;
      x[p] = t;
    }
    for (let r = c + 1; r < K; r++) {
      const f = a[K * r + c]! / a[K * c + c]!;
      for (let k = c; k < K; k++) a[K * r + k]! -= f * a[K * c + k]!;
      x[r]! -= f * x[c]!;
    }
  }
  for (let r = K - 1; r >= 0; r--) {
    let s = x[r]!;
    for (let k = r + 1; k < K; k++) s -= a[K * r + k]! * x[k]!;
    x[r] = s / a[K * r + r]!;
  }
  return x;
}
