/**
 * Circuit models of a solar cell (generation-positive J in mA/cm^2, V in volts, R in Ohm cm^2).
 *
 * 1. Single-diode (5-parameter) model, solved explicitly with the Lambert W function
 *    (Jain and Kapoor, Sol. Energy Mater. Sol. Cells 81, 269 (2004)):
 *      J = Jph - J0 (exp((V + J Rs)/(n Vt)) - 1) - (V + J Rs)/Rsh
 *    In SI-consistent units (I = 1e-3 J in A/cm^2, G = 1/Rsh, a = n Vt, d = 1 + Rs G):
 *      I = (IL + I0 - G V)/d - (a/Rs) W(theta),
 *      ln(theta) = ln(Rs I0 / (a d)) + (V + Rs (IL + I0)) / (a d)
 *    W(theta) is evaluated from ln(theta) (lambertWOfExp) so it never overflows; Rs = 0 uses the
 *    explicit form. One Newton step on the implicit equation polishes the result. Open circuit:
 *      Voc = (IL + I0)/G - a W((I0/(a G)) exp((IL + I0)/(a G))),  or a ln(1 + IL/I0) for G = 0,
 *    followed by Newton polishing (the closed form cancels digits when Rsh is very large).
 *
 * 2. Two-diode model (J01 with n1 = 1, J02 with n2 = 2 by default, Rs, Rsh), as PVMismatch's PVcell:
 *      J = Jph - J01 (exp(Vd/(n1 Vt)) - 1) - J02 (exp(Vd/(n2 Vt)) - 1) - Vd/Rsh,  Vd = V + J Rs.
 *
 * 3. Modified diode model (spec section 1; Xu, Wang, Li and Sha, Acta Phys. Sin. 70, 098801 (2021);
 *    Sha et al., Adv. Energy Mater. 2018, "modified detailed balance"; Lin et al., "Quantifying
 *    nonradiative recombination and resistive losses in perovskite photovoltaics: a modified
 *    diode model approach"): the recombination current split into physical parts,
 *      J = Jph - Jrad - Jbulk - Jif - JAug - Vd/Rsh,   Vd = V + J Rs
 *      Jbulk = q y_bulk L n_i (exp(Vd/(n_bulk Vt)) - 1),  n_bulk = 2       (bulk SRH)
 *      Jif   = q U_if (exp(Vd/(n_if Vt)) - 1),            n_if = 1 default (interface SRH)
 *      JAug  = q y_Aug L n_i (exp(Vd/(n_Aug Vt)) - 1),    n_Aug = 2/3      (Auger)
 *      Jrad  = J0,rad (exp(Vd/Vt) - 1)   (radiative; J0,rad fixed, by default the detailed-balance
 *                                         value of the gap, spectra/radiative-limit.ts)
 *      n_i = sqrt(Nc Nv) exp(-Eg / (2 Vt))
 *    Parameters and units (fit ranges of spec section 9, 0..1e10 in these units):
 *      y_bulk  s^-1        bulk SRH recombination rate coefficient, about 1/(2 tau_SRH)
 *      U_if    cm^-2 s^-1  interface recombination rate prefactor, about S n_i (S in cm/s)
 *      y_Aug   s^-1        Auger rate coefficient, about C_Auger n_i^2 (C in cm^6/s): for
 *                          n = p = n_i exp(Vd/(2Vt)) the Auger rate C n^2 p = C n_i^3 exp(3Vd/(2Vt))
 *      L       cm (given in nm), Nc, Nv in cm^-3, Eg in eV; q L n_i y is in A/cm^2 (x 1e3 -> mA/cm^2).
 *    All three models are instances of the multi-diode circuit (diode-circuit.ts) and are solved
 *    there (safeguarded Newton in the junction voltage).
 *
 * Every entry point checks its parameters against the rules of input-check.ts and throws
 * CircuitInputError naming the parameter: a NaN or negative J0 is an error, never a curve with the
 * diode left out or figures of 0.
 */

import { Q_C, thermalVoltageV } from '../constants.js';
import { radiativeJ0MaCm2 } from '../spectra/radiative-limit.js';
import { CircuitEvaluator, type DiodeCircuit } from './diode-circuit.js';
import {
  absorberProblems,
  check,
  modifiedParamProblems,
  type PhotocurrentRule,
  type Problems,
  sdmParamProblems,
  twoDiodeParamProblems,
} from './input-check.js';
import { circuitKeyFigures, type KeyFigures } from './key-figures.js';
import { lambertWOfExp } from './lambertw.js';

type Fields = Record<string, unknown>;

/** Voltages of a sweep: finite numbers (any order). */
function voltageProblems(voltageV: ArrayLike<number>, out: Problems): void {
  for (let i = 0; i < voltageV.length; i++) out.finite(`voltageV[${i}]`, voltageV[i]);
}

/** Incident power for the PCE, if given: > 0. */
function pinProblems(pinMwCm2: number | undefined, out: Problems): void {
  out.optionalPositive('pinMwCm2', pinMwCm2);
}

// ---------------------------------------------------------------- single-diode model

export interface SdmParams {
  /** Photocurrent density, mA/cm^2. */
  jphMaCm2: number;
  /** Saturation current density, mA/cm^2. */
  j0MaCm2: number;
  /** Ideality factor. */
  n: number;
  /** Series resistance, Ohm cm^2. */
  rsOhmCm2: number;
  /** Shunt resistance, Ohm cm^2 (Infinity allowed). */
  rshOhmCm2: number;
  /** Temperature, K. */
  tK: number;
}

export function sdmCircuit(p: SdmParams): DiodeCircuit {
  return {
    jphMaCm2: p.jphMaCm2,
    diodes: [{ j0MaCm2: p.j0MaCm2, n: p.n }],
    rsOhmCm2: p.rsOhmCm2,
    rshOhmCm2: p.rshOhmCm2,
    vtV: thermalVoltageV(p.tK),
  };
}

/**
 * Precomputed single-diode solver (Lambert W). The photocurrent may be any finite number here
 * (a fit evaluates the equation wherever its range allows); simulateSdm asks for Jph >= 0.
 */
export class SdmSolver {
  readonly p: SdmParams;
  private readonly a: number;
  private readonly il: number;
  private readonly i0: number;
  private readonly g: number;
  private readonly d: number;
  private readonly lnPre: number;
  private readonly rsK: number;
  private readonly gsh: number;

  constructor(p: SdmParams, photocurrent: PhotocurrentRule = 'any-finite') {
    check((out) => sdmParamProblems(p as unknown as Fields, '', out, photocurrent));
    this.p = p;
    this.a = p.n * thermalVoltageV(p.tK);
    this.il = 1e-3 * p.jphMaCm2;
    this.i0 = 1e-3 * p.j0MaCm2;
    this.g = Number.isFinite(p.rshOhmCm2) ? 1 / p.rshOhmCm2 : 0;
    this.d = 1 + p.rsOhmCm2 * this.g;
    this.lnPre = Math.log((p.rsOhmCm2 * this.i0) / (this.a * this.d));
    this.rsK = 1e-3 * p.rsOhmCm2;
    this.gsh = 1e3 * this.g;
  }

  /** J(V) in mA/cm^2. */
  jAtV(v: number): number {
    const { a, il, i0, g, d } = this;
    const rs = this.p.rsOhmCm2;
    if (rs === 0) return this.p.jphMaCm2 - this.p.j0MaCm2 * Math.expm1(v / a) - this.gsh * v;
    if (i0 === 0) return (this.p.jphMaCm2 - this.gsh * v) / (1 + this.rsK * this.gsh);
    const lnTheta = this.lnPre + (v + rs * (il + i0)) / (a * d);
    const w = lambertWOfExp(lnTheta);
    let j = 1e3 * ((il + i0 - g * v) / d - (a / rs) * w);
    // one Newton step on F(J) = Jph - J0 expm1((V + rsK J)/a) - gsh (V + rsK J) - J
    const vd = v + this.rsK * j;
    const e = Math.exp(vd / a);
    if (Number.isFinite(e)) {
      const f = this.p.jphMaCm2 - this.p.j0MaCm2 * (e - 1) - this.gsh * vd - j;
      const df = -(this.p.j0MaCm2 * e * this.rsK) / a - this.gsh * this.rsK - 1;
      j -= f / df;
    }
    return j;
  }

  curve(voltageV: ArrayLike<number>): Float64Array {
    const out = new Float64Array(voltageV.length);
    for (let i = 0; i < voltageV.length; i++) out[i] = this.jAtV(voltageV[i]!);
    return out;
  }

  /** Open-circuit voltage (Lambert W closed form + Newton polish). */
  vocV(): number {
    const { a } = this;
    const jph = this.p.jphMaCm2;
    const j0 = this.p.j0MaCm2;
    if (!(jph > 0)) return Number.NaN;
    let v: number;
    if (j0 === 0) return this.gsh > 0 ? jph / this.gsh : Number.POSITIVE_INFINITY;
    if (this.gsh === 0) v = a * Math.log1p(jph / j0);
    else {
      const s = (jph + j0) / (a * this.gsh);
      v = (jph + j0) / this.gsh - a * lambertWOfExp(Math.log(j0 / (a * this.gsh)) + s);
    }
    for (let k = 0; k < 3; k++) {
      const e = Math.exp(v / a);
      const f = jph - j0 * (e - 1) - this.gsh * v;
      const df = -(j0 * e) / a - this.gsh;
      const dv = f / df;
      v -= dv;
      if (Math.abs(dv) < 1e-15) break;
    }
    return v;
  }

  keyFigures(pinMwCm2?: number): KeyFigures {
    const ev = new CircuitEvaluator(sdmCircuit(this.p));
    return circuitKeyFigures(ev, { pinMwCm2, jscMaCm2: this.jAtV(0), vocV: this.vocV() });
  }
}

export interface SimulatedCurve {
  voltageV: number[];
  jMaCm2: number[];
  keyFigures: KeyFigures;
}

/** Single-diode J-V curve and key figures. */
export function simulateSdm(p: SdmParams, voltageV: ArrayLike<number>, pinMwCm2?: number): SimulatedCurve {
  check((out) => {
    sdmParamProblems(p as unknown as Fields, '', out);
    voltageProblems(voltageV, out);
    pinProblems(pinMwCm2, out);
  });
  const s = new SdmSolver(p, 'generated');
  return { voltageV: Array.from(voltageV), jMaCm2: Array.from(s.curve(voltageV)), keyFigures: s.keyFigures(pinMwCm2) };
}

// ---------------------------------------------------------------- two-diode model

export interface TwoDiodeParams {
  jphMaCm2: number;
  j01MaCm2: number;
  /** Ideality of diode 1 (default 1). */
  n1?: number;
  j02MaCm2: number;
  /** Ideality of diode 2 (default 2). */
  n2?: number;
  rsOhmCm2: number;
  rshOhmCm2: number;
  tK: number;
}

export function twoDiodeCircuit(p: TwoDiodeParams): DiodeCircuit {
  return {
    jphMaCm2: p.jphMaCm2,
    diodes: [
      { j0MaCm2: p.j01MaCm2, n: p.n1 ?? 1 },
      { j0MaCm2: p.j02MaCm2, n: p.n2 ?? 2 },
    ],
    rsOhmCm2: p.rsOhmCm2,
    rshOhmCm2: p.rshOhmCm2,
    vtV: thermalVoltageV(p.tK),
  };
}

/** Any diode circuit: J-V curve and key figures. */
export function simulateCircuit(c: DiodeCircuit, voltageV: ArrayLike<number>, pinMwCm2?: number): SimulatedCurve {
  check((out) => {
    voltageProblems(voltageV, out);
    pinProblems(pinMwCm2, out);
  });
  const ev = new CircuitEvaluator(c);
  return {
    voltageV: Array.from(voltageV),
    jMaCm2: Array.from(ev.curve(voltageV)),
    keyFigures: circuitKeyFigures(ev, { pinMwCm2 }),
  };
}

export function simulateTwoDiode(p: TwoDiodeParams, voltageV: ArrayLike<number>, pinMwCm2?: number): SimulatedCurve {
  check((out) => twoDiodeParamProblems(p as unknown as Fields, '', out));
  return simulateCircuit(twoDiodeCircuit(p), voltageV, pinMwCm2);
}

// ---------------------------------------------------------------- modified diode model

/** Absorber properties the modified model needs (fixed during a fit). */
export interface AbsorberProps {
  /** Absorber thickness L, nm. */
  thicknessNm: number;
  /** Effective density of states of the conduction band, cm^-3. */
  ncCm3: number;
  /** Effective density of states of the valence band, cm^-3. */
  nvCm3: number;
  /** Band gap, eV. */
  egEV: number;
  /** Temperature, K. */
  tK: number;
  /** Ideality of bulk SRH (default 2). */
  nBulk?: number;
  /** Ideality of interface SRH (default 1). */
  nIf?: number;
  /** Ideality of Auger (default 2/3). */
  nAuger?: number;
  /**
   * Radiative saturation current density, mA/cm^2. Default: the detailed-balance value of a step
   * absorber with this gap at this temperature (spectra/radiative-limit.ts); 0 leaves it out.
   */
  j0RadMaCm2?: number;
}

export interface ModifiedParams {
  /** Photocurrent density, mA/cm^2. */
  jphMaCm2: number;
  /** Bulk SRH recombination rate coefficient y_bulk, s^-1. */
  yBulkPerS: number;
  /** Interface recombination rate prefactor U_if, cm^-2 s^-1. */
  uIfPerCm2S: number;
  /** Auger rate coefficient y_Aug, s^-1. */
  yAugerPerS: number;
  rsOhmCm2: number;
  rshOhmCm2: number;
}

/** Intrinsic carrier density n_i = sqrt(Nc Nv) exp(-Eg / (2 k T)), cm^-3. */
export function intrinsicDensityCm3(ncCm3: number, nvCm3: number, egEV: number, tK: number): number {
  return Math.sqrt(ncCm3 * nvCm3) * Math.exp(-egEV / (2 * thermalVoltageV(tK)));
}

/**
 * Saturation-current prefactors (mA/cm^2 per unit of parameter) of the modified model:
 * bulk and Auger q L n_i * 1e3 (per s^-1), interface q * 1e3 (per cm^-2 s^-1).
 */
export function modifiedPrefactors(a: AbsorberProps): { bulk: number; interface: number; auger: number } {
  const ni = intrinsicDensityCm3(a.ncCm3, a.nvCm3, a.egEV, a.tK);
  const lCm = a.thicknessNm * 1e-7;
  const k = Q_C * lCm * ni * 1e3;
  return { bulk: k, interface: Q_C * 1e3, auger: k };
}

/** Diode names of the modified circuit, in the order of modifiedCircuit().diodes. */
export const MODIFIED_DIODES = ['radiative', 'bulk', 'interface', 'auger'] as const;

/**
 * The modified model as a multi-diode circuit. Throws CircuitInputError naming `params.*` and
 * `absorber.*` fields that break the rules (a negative thickness would make the bulk current negative).
 */
export function modifiedCircuit(p: ModifiedParams, a: AbsorberProps): DiodeCircuit {
  check((out) => {
    modifiedParamProblems(p as unknown as Fields, 'params', out);
    absorberProblems(a as unknown as Fields, 'absorber', out);
  });
  const k = modifiedPrefactors(a);
  return {
    jphMaCm2: p.jphMaCm2,
    diodes: [
      { j0MaCm2: a.j0RadMaCm2 ?? radiativeJ0MaCm2(a.egEV, a.tK), n: 1 },
      { j0MaCm2: k.bulk * p.yBulkPerS, n: a.nBulk ?? 2 },
      { j0MaCm2: k.interface * p.uIfPerCm2S, n: a.nIf ?? 1 },
      { j0MaCm2: k.auger * p.yAugerPerS, n: a.nAuger ?? 2 / 3 },
    ],
    rsOhmCm2: p.rsOhmCm2,
    rshOhmCm2: p.rshOhmCm2,
    vtV: thermalVoltageV(a.tK),
  };
}

export interface ModifiedCurve extends SimulatedCurve {
  /** Recombination and shunt currents at every voltage, mA/cm^2 (positive = loss). */
  components: { radiative: number[]; bulk: number[]; interface: number[]; auger: number[]; shunt: number[] };
}

/** Modified-model J-V curve with its split recombination currents and key figures. */
export function simulateModified(
  p: ModifiedParams,
  a: AbsorberProps,
  voltageV: ArrayLike<number>,
  pinMwCm2?: number,
): ModifiedCurve {
  check((out) => {
    modifiedParamProblems(p as unknown as Fields, 'params', out);
    absorberProblems(a as unknown as Fields, 'absorber', out);
    voltageProblems(voltageV, out);
    pinProblems(pinMwCm2, out);
  });
  const ev = new CircuitEvaluator(modifiedCircuit(p, a));
  const { jMaCm2, components } = modifiedComponents(ev, voltageV);
  return {
    voltageV: Array.from(voltageV),
    jMaCm2,
    keyFigures: circuitKeyFigures(ev, { pinMwCm2 }),
    components,
  };
}

/**
 * J and the recombination and shunt currents of a modified circuit (modifiedCircuit, diodes in the
 * order of MODIFIED_DIODES) at each voltage; they add up to Jph - J.
 */
export function modifiedComponents(
  ev: CircuitEvaluator,
  voltageV: ArrayLike<number>,
): { jMaCm2: number[]; components: ModifiedCurve['components'] } {
  const c = ev.c;
  const j = ev.curve(voltageV);
  const comp: ModifiedCurve['components'] = { radiative: [], bulk: [], interface: [], auger: [], shunt: [] };
  for (let i = 0; i < voltageV.length; i++) {
    const vd = voltageV[i]! + ev.rsK * j[i]!;
    c.diodes.forEach((d, k) => {
      comp[MODIFIED_DIODES[k]!].push(d.j0MaCm2 * Math.expm1(vd / (d.n * c.vtV)));
    });
    comp.shunt.push(ev.gsh * vd);
  }
  return { jMaCm2: Array.from(j), components: comp };
}
