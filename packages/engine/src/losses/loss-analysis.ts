/**
 * Efficiency-loss quantification from a (fitted) modified diode model (circuit/models.ts) and the
 * detailed-balance limit (detailed-balance.ts).
 *
 * 1. Removal gains: the PCE of the model with one loss removed (y_bulk = 0, U_if = 0, y_Aug = 0,
 *    Rs = 0 or Rsh = infinity) and with all of them removed, minus the device PCE (absolute %),
 *    and "normalised" = gain / sum of the five single gains (bar heights adding to 1). The
 *    radiative term stays: it is not a loss a device can remove.
 * 2. Power split at the maximum power point (Vmp, Jmp; junction voltage Vd = Vmp + 1e-3 Rs Jmp).
 *    Multiplying J = Jph - sum_k J_k(Vd) - Vd/Rsh by Vd and using Vd Jmp = Pmax + 1e-3 Rs Jmp^2:
 *      Jph Vd = Pmax + sum_k J_k(Vd) Vd + Vd^2 / Rsh (x 1e3) + 1e-3 Rs Jmp^2
 *    so the power the photocurrent carries at the junction splits exactly into the delivered power
 *    and the power lost to each recombination channel, the shunt and the series resistance.
 * 3. Waterfall from the incident power P_in to the device output (mW/cm^2 and % of P_in), steps
 *    adding up exactly because each is a difference of consecutive levels:
 *      P_in -> above-gap photon power (below-gap loss: photons with E < Eg, not absorbed)
 *           -> Eg Jsc_SQ (thermalisation: E - Eg of each absorbed photon)
 *           -> Voc_SQ Jsc_SQ (radiative voltage loss Eg - Voc_SQ: emission, entropy)
 *           -> Pmax_SQ (fill-factor loss of the ideal diode)
 *           -> Pmax of the ideal radiative diode with the device photocurrent Jph (optical loss:
 *              Jph < Jsc_SQ: reflection, parasitic absorption, incomplete collection)
 *           -> Pmax with the device recombination but Rs = 0, Rsh = inf (non-radiative loss;
 *              bulk, interface and Auger shares given by the removal gains)
 *           -> Pmax of the device (ohmic loss: Rs and Rsh).
 *    The radiative saturation current of the device is the detailed-balance J0 of its band gap
 *    unless absorber.j0RadMaCm2 says otherwise.
 *
 * References: Sha et al., Adv. Energy Mater. 2018 (modified detailed balance); Xu, Wang, Li and
 * Sha, Acta Phys. Sin. 70, 098801 (2021); Lin et al., modified diode model loss analysis
 * (github WPT-Lab124/Modified-Diode-Model, lossAnalysis); U. Rau et al., Phys. Rev. Applied 7,
 * 044016 (2017) (loss terms relative to the SQ limit).
 */
import { CircuitEvaluator } from '../circuit/diode-circuit.js';
import { circuitKeyFigures, type KeyFigures } from '../circuit/key-figures.js';
import { type AbsorberProps, MODIFIED_DIODES, type ModifiedParams, modifiedCircuit } from '../circuit/models.js';
import { type DetailedBalanceResult, detailedBalance, radiativeJ0MaCm2 } from './detailed-balance.js';
import type { SpectralIrradiance } from './spectrum.js';

export type LossMechanism = 'bulk' | 'interface' | 'auger' | 'series' | 'shunt';

export interface RemovalGain {
  mechanism: LossMechanism | 'all';
  /** PCE with this loss removed, %. */
  pcePercent: number;
  /** PCE gained (absolute percentage points). */
  gainPercent: number;
  /** gain / sum of the five single gains (bar height; the five add up to 1, "all" is shown on the same scale). */
  normalised: number;
}

export interface MppPowerSplit {
  vmpV: number;
  jmpMaCm2: number;
  vdV: number;
  /** Jph Vd: total, mW/cm^2; the entries below add up to it. */
  totalMwCm2: number;
  deliveredMwCm2: number;
  radiativeMwCm2: number;
  bulkMwCm2: number;
  interfaceMwCm2: number;
  augerMwCm2: number;
  shuntMwCm2: number;
  seriesMwCm2: number;
}

export interface WaterfallStep {
  name: string;
  /** Power lost in this step, mW/cm^2. */
  lossMwCm2: number;
  /** Loss as a share of the incident power, % (absolute efficiency points). */
  lossPercent: number;
  /** Power left after the step, mW/cm^2. */
  remainingMwCm2: number;
}

export interface LossAnalysis {
  device: KeyFigures;
  detailedBalance: DetailedBalanceResult;
  j0RadMaCm2: number;
  removal: RemovalGain[];
  mpp: MppPowerSplit;
  waterfall: WaterfallStep[];
  /** Device PCE, % (= the last remaining power / P_in). */
  pcePercent: number;
}

export interface LossAnalysisInput {
  params: ModifiedParams;
  absorber: AbsorberProps;
  spectrum: SpectralIrradiance;
}

export function analyseLosses(inp: LossAnalysisInput): LossAnalysis {
  const { params, spectrum } = inp;
  const tK = inp.absorber.tK;
  const db = detailedBalance(spectrum, inp.absorber.egEV, tK);
  const j0Rad = inp.absorber.j0RadMaCm2 ?? radiativeJ0MaCm2(inp.absorber.egEV, tK);
  const absorber = { ...inp.absorber, j0RadMaCm2: j0Rad };
  const pin = db.pinMwCm2;
  const kf = (p: ModifiedParams): KeyFigures =>
    circuitKeyFigures(new CircuitEvaluator(modifiedCircuit(p, absorber)), { pinMwCm2: pin });
  const device = kf(params);
  const variants: Array<[RemovalGain['mechanism'], ModifiedParams]> = [
    ['bulk', { ...params, yBulkPerS: 0 }],
    ['interface', { ...params, uIfPerCm2S: 0 }],
    ['auger', { ...params, yAugerPerS: 0 }],
    ['series', { ...params, rsOhmCm2: 0 }],
    ['shunt', { ...params, rshOhmCm2: Number.POSITIVE_INFINITY }],
    [
      'all',
      {
        ...params,
        yBulkPerS: 0,
        uIfPerCm2S: 0,
        yAugerPerS: 0,
        rsOhmCm2: 0,
        rshOhmCm2: Number.POSITIVE_INFINITY,
      },
    ],
  ];
  const raw = variants.map(([mechanism, p]) => {
    const pce = kf(p).pcePercent;
    return { mechanism, pcePercent: pce, gainPercent: pce - device.pcePercent, normalised: 0 };
  });
  const sumSingle = raw.filter((r) => r.mechanism !== 'all').reduce((s, r) => s + r.gainPercent, 0);
  for (const r of raw) r.normalised = sumSingle > 0 ? r.gainPercent / sumSingle : 0;

  // power split at the maximum power point
  const circuit = modifiedCircuit(params, absorber);
  const ev = new CircuitEvaluator(circuit);
  const vd = device.vmpV + ev.rsK * device.jmpMaCm2;
  const chan = circuit.diodes.map((d) => d.j0MaCm2 * Math.expm1(vd / (d.n * circuit.vtV)) * vd);
  const byName = Object.fromEntries(MODIFIED_DIODES.map((n, k) => [n, chan[k]!])) as Record<
    (typeof MODIFIED_DIODES)[number],
    number
  >;
  const mpp: MppPowerSplit = {
    vmpV: device.vmpV,
    jmpMaCm2: device.jmpMaCm2,
    vdV: vd,
    totalMwCm2: params.jphMaCm2 * vd,
    deliveredMwCm2: device.pmaxMwCm2,
    radiativeMwCm2: byName.radiative,
    bulkMwCm2: byName.bulk,
    interfaceMwCm2: byName.interface,
    augerMwCm2: byName.auger,
    shuntMwCm2: ev.gsh * vd * vd,
    seriesMwCm2: ev.rsK * device.jmpMaCm2 ** 2,
  };

  // waterfall
  const idealDevice = raw.find((r) => r.mechanism === 'all')!;
  const noOhmic = kf({ ...params, rsOhmCm2: 0, rshOhmCm2: Number.POSITIVE_INFINITY });
  const levels: Array<[string, number]> = [
    ['incident', pin],
    ['below-gap (not absorbed)', db.aboveGapPowerMwCm2],
    ['thermalisation', inp.absorber.egEV * db.jscMaCm2],
    ['radiative voltage loss (Eg - Voc_SQ)', db.vocV * db.jscMaCm2],
    ['fill factor of the ideal diode', db.pmaxMwCm2],
    ['optical (Jph below the limit Jsc)', (idealDevice.pcePercent / 100) * pin],
    ['non-radiative recombination', noOhmic.pmaxMwCm2],
    ['ohmic (Rs, Rsh)', device.pmaxMwCm2],
  ];
  const waterfall: WaterfallStep[] = [];
  for (let i = 1; i < levels.length; i++) {
    const loss = levels[i - 1]![1] - levels[i]![1];
    waterfall.push({
      name: levels[i]![0],
      lossMwCm2: loss,
      lossPercent: (100 * loss) / pin,
      remainingMwCm2: levels[i]![1],
    });
  }
  return {
    device,
    detailedBalance: db,
    j0RadMaCm2: j0Rad,
    removal: raw,
    mpp,
    waterfall,
    pcePercent: device.pcePercent,
  };
}
