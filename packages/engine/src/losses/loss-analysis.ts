/**
 * Efficiency-loss quantification from a (fitted) modified diode model (circuit/models.ts) and the
 * detailed-balance limit (detailed-balance.ts).
 *
 * Conditions: the incident power P_in the user gave (mW/cm^2; every PCE here is Pmax / P_in, as in
 * the fit's key figures) and the spectrum as given times `suns` (default P_in / 100: one sun is
 * 100 mW/cm^2, IEC 60904-3; for a table carrying more, such as AM0, P_in / its power). A spectrum table need not carry all of P_in (the built-in AM1.5G
 * table stops at 1600 nm, 92.35 of 100 mW/cm^2); what it does not carry is light it does not
 * list, counted with the light below the gap. A table carrying more than P_in (beyond 1 %) is
 * refused: the spectrum is part of the incident light.
 *
 * 1. Removal gains: the PCE of the model with one loss removed (y_bulk = 0, U_if = 0, y_Aug = 0,
 *    Rs = 0 or Rsh = infinity), the other values unchanged, and with all of them removed, minus the
 *    device PCE (absolute %), and "normalised" = gain / sum of the five single gains (bar heights
 *    adding to 1). The radiative term stays: it is not a loss a device can remove. As the MDM
 *    authors' lossAnalysis.m, optionally with the maximum power point restricted to a voltage
 *    window (the measured range): P(V) is unimodal on [0, Voc], so the window's maximum is at the
 *    maximum power point clamped to the window.
 * 2. Power split at the maximum power point (Vmp, Jmp; junction voltage Vd = Vmp + 1e-3 Rs Jmp).
 *    Multiplying J = Jph - sum_k J_k(Vd) - Vd/Rsh by Vd and using Vd Jmp = Pmax + 1e-3 Rs Jmp^2:
 *      Jph Vd = Pmax + sum_k J_k(Vd) Vd + Vd^2 / Rsh (x 1e3) + 1e-3 Rs Jmp^2
 *    so the power the photocurrent carries at the junction splits exactly into the delivered power
 *    and the power lost to each recombination channel, the shunt and the series resistance.
 * 3. Waterfall from P_in to the device output (mW/cm^2 and % of P_in), each step the difference of
 *    consecutive levels, so the steps add up exactly to P_in - Pmax:
 *      P_in -> above-gap photon power (below-gap: photons with E < Eg, and light outside the table)
 *           -> Eg Jsc_SQ (thermalisation: E - Eg of each absorbed photon)
 *           -> Voc_SQ Jsc_SQ (radiative voltage loss Eg - Voc_SQ: emission, entropy)
 *           -> Pmax_SQ (fill-factor loss of the ideal diode)
 *           -> Pmax of the ideal diode with the device's Jph and J0 = J0_SQ (optical: Jph < Jsc_SQ,
 *              reflection, parasitic absorption, incomplete collection)
 *           -> Pmax of the ideal diode with Jph and the device's J0,rad (radiative recombination
 *              above the limit: J0,rad > J0_SQ, e.g. absorption below the gap)
 *           -> Pmax with the device's recombination, Rs = 0, Rsh = inf (non-radiative; bulk,
 *              interface and Auger shares given by the removal gains)
 *           -> Pmax of the device (ohmic: Rs and Rsh).
 *    Every step is >= 0: thermalisation because each above-gap photon has E >= Eg, the fill factor
 *    and the recombination and ohmic steps because each adds a current drain, the optical step
 *    because Jph <= Jsc_SQ is required. A J0,rad below J0_SQ would make the radiative step a gain:
 *    incomplete absorption above the gap lowers both Jph and J0,rad, so that difference is booked
 *    with the optical loss (and said so); a J0,rad so low that the ideal device would beat the
 *    limit of its gap, a Jph above Jsc_SQ, P_in below the above-gap power of the spectrum, and
 *    J0,rad = 0 (a loss-free device without any recombination has no Voc) are refused.
 *
 * References: Sha et al., Adv. Energy Mater. 2018 (modified detailed balance); Xu, Wang, Li and
 * Sha, Acta Phys. Sin. 70, 098801 (2021); Lin et al., modified diode model loss analysis
 * (github WPT-Lab124/Modified-Diode-Model, lossAnalysis.m); U. Rau et al., Phys. Rev. Applied 7,
 * 044016 (2017) (loss terms relative to the SQ limit).
 */
import { CircuitEvaluator } from '../circuit/diode-circuit.js';
import { check, type Problems } from '../circuit/input-check.js';
import { circuitKeyFigures, DEFAULT_PIN_MW_CM2, type KeyFigures } from '../circuit/key-figures.js';
import {
  type AbsorberProps,
  MODIFIED_DIODES,
  type ModifiedParams,
  modifiedCircuit,
  SdmSolver,
} from '../circuit/models.js';
import { resultMessage } from '../messages/results.js';
import { type Spectrum, scaleSpectrum, spectrumPowerWm2 } from '../spectra/index.js';
import { radiativeJ0MaCm2 } from '../spectra/radiative-limit.js';
import { type DetailedBalanceResult, detailedBalance } from './detailed-balance.js';

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

/** Waterfall steps, in order (the header's list). */
export const WATERFALL_STEPS = [
  'below-gap',
  'thermalisation',
  'radiative-voltage',
  'ideal-fill-factor',
  'optical',
  'excess-radiative',
  'non-radiative',
  'ohmic',
] as const;
export type WaterfallStepKey = (typeof WATERFALL_STEPS)[number];

const STEP_NAMES: Record<WaterfallStepKey, string> = {
  'below-gap': 'below-gap (not absorbed)',
  thermalisation: 'thermalisation',
  'radiative-voltage': 'radiative voltage loss (Eg - Voc_SQ)',
  'ideal-fill-factor': 'fill factor of the ideal diode',
  optical: 'optical (Jph below the limit Jsc)',
  'excess-radiative': 'radiative recombination above the limit (J0,rad > J0,SQ)',
  'non-radiative': 'non-radiative recombination',
  ohmic: 'ohmic (Rs, Rsh)',
};

export interface WaterfallStep {
  key: WaterfallStepKey;
  name: string;
  /** Power lost in this step, mW/cm^2 (>= 0). */
  lossMwCm2: number;
  /** Loss as a share of the incident power, % (absolute efficiency points). */
  lossPercent: number;
  /** Power left after the step, mW/cm^2. */
  remainingMwCm2: number;
}

export interface LossAnalysis {
  device: KeyFigures;
  /** The limit under the same light (the spectrum times suns, PCE against P_in). */
  detailedBalance: DetailedBalanceResult;
  j0RadMaCm2: number;
  /** The incident power every PCE here is relative to, mW/cm^2, and the multiple of the spectrum. */
  pinMwCm2: number;
  suns: number;
  removal: RemovalGain[];
  mpp: MppPowerSplit;
  waterfall: WaterfallStep[];
  /** Device PCE, % (= the last remaining power / P_in). */
  pcePercent: number;
  /** What is unusual about the inputs and how the waterfall books it (empty for most devices). */
  notes: string[];
}

export interface LossConditions {
  spectrum: Spectrum;
  /** Incident power, mW/cm^2 (default: suns times one sun, see lossLight). */
  pinMwCm2?: number;
  /** Multiple of the spectrum as given (default: pinMwCm2 over one sun, else 1; see lossLight). */
  suns?: number;
}

export interface LossAnalysisInput extends LossConditions {
  params: ModifiedParams;
  absorber: AbsorberProps;
}

/**
 * P_in and suns of the conditions, each defaulting from the other: one sun is 100 mW/cm^2, or the
 * spectrum table's own power when the table carries more than that (AM0, 136.6 mW/cm^2: a table
 * is never less than one sun of itself; AM1.5G tables carry 92.35 or 100.04).
 */
export function lossLight(
  pinMwCm2: number | undefined,
  suns: number | undefined,
  tableMwCm2?: number,
): { pin: number; suns: number } {
  const sun = tableMwCm2 !== undefined && tableMwCm2 > 1.01 * DEFAULT_PIN_MW_CM2 ? tableMwCm2 : DEFAULT_PIN_MW_CM2;
  const s = suns ?? (pinMwCm2 !== undefined ? pinMwCm2 / sun : 1);
  return { pin: pinMwCm2 ?? sun * s, suns: s };
}

/** The light of the conditions (P_in, suns) with the spectrum's own power. */
function lightOf(c: LossConditions): { pin: number; suns: number } {
  return lossLight(c.pinMwCm2, c.suns, 0.1 * spectrumPowerWm2(c.spectrum));
}

/** The limit of the gap under the conditions' light, PCE against P_in. */
function limitOf(absorber: AbsorberProps, c: LossConditions): DetailedBalanceResult {
  const { pin, suns } = lightOf(c);
  return detailedBalance(suns === 1 ? c.spectrum : scaleSpectrum(c.spectrum, suns), absorber.egEV, absorber.tK, pin);
}

/**
 * Pmax of the ideal radiative diode (n = 1, no Rs, no shunt) with photocurrent jph and J0 j0: the
 * routine of the detailed-balance limit itself, so that Jph = Jsc_SQ, J0 = J0_SQ gives Pmax_SQ to
 * the last digit.
 */
function idealPmax(jph: number, j0: number, tK: number): number {
  return new SdmSolver({
    jphMaCm2: jph,
    j0MaCm2: j0,
    n: 1,
    rsOhmCm2: 0,
    rshOhmCm2: Number.POSITIVE_INFINITY,
    tK,
  }).keyFigures().pmaxMwCm2;
}

/**
 * Problems of a loss analysis before and, with `params`, after a fit: J0,rad > 0, P_in at least
 * the above-gap power of the light, Jph in (0, Jsc_SQ], and J0,rad not so low that the ideal device
 * beats the limit. Paths name the fields: `absorber.j0RadMaCm2`, `pinMwCm2`, `params.jphMaCm2`
 * (prefix `paramsPath` for the fitted ones).
 */
export function lossAnalysisProblems(
  inp: { params?: Record<string, unknown>; absorber: AbsorberProps; conditions: LossConditions },
  out: Problems,
  paths: { pin?: string; params?: string } = {},
): void {
  const a = inp.absorber;
  const pinPath = paths.pin ?? 'pinMwCm2';
  const paramsPath = paths.params ?? 'params';
  if (a.j0RadMaCm2 === 0) out.addMessage('absorber.j0RadMaCm2', resultMessage.lossesJ0RadZero());
  const jph = inp.params?.['jphMaCm2'];
  if (typeof jph === 'number' && Number.isFinite(jph) && !(jph > 0))
    out.addMessage(`${paramsPath}.jphMaCm2`, resultMessage.lossesJphNotPositive(jph));
  if (out.list.length > 0) return;
  const db = limitOf(a, inp.conditions);
  const { pin, suns } = lightOf(inp.conditions);
  const tablePower = 0.1 * spectrumPowerWm2(inp.conditions.spectrum) * suns;
  if (db.aboveGapPowerMwCm2 > pin * (1 + 1e-12))
    out.addMessage(pinPath, resultMessage.lossesAboveGapPower(suns, fix(db.aboveGapPowerMwCm2), fix(pin)));
  // the spectrum is part of the incident light: more than 1 % above it (a standard table's rounding
  // is 0.04 %) is another spectrum, e.g. AM0 at 136.6 mW/cm^2 taken for 100
  else if (tablePower > 1.01 * pin)
    out.addMessage(pinPath, resultMessage.lossesSpectrumPower(suns, fix(tablePower), fix(pin)));
  if (typeof jph !== 'number' || !(jph > 0)) return;
  if (jph > db.jscMaCm2 * (1 + 1e-9))
    out.addMessage(`${paramsPath}.jphMaCm2`, resultMessage.lossesJphAboveLimit(fix(jph), a.egEV, fix(db.jscMaCm2)));
  else if (a.j0RadMaCm2 !== undefined && a.j0RadMaCm2 < db.j0MaCm2) {
    if (idealPmax(jph, a.j0RadMaCm2, a.tK) > db.pmaxMwCm2 * (1 + 1e-12))
      out.addMessage(
        'absorber.j0RadMaCm2',
        resultMessage.lossesJ0RadTooLow(a.j0RadMaCm2, db.j0MaCm2.toExponential(3), a.egEV),
      );
  }
}

const fix = (x: number) => Number(x.toPrecision(6)).toString();

/**
 * Removal gains of a device at incident power P_in (see the header), optionally with the maximum
 * power point restricted to [vLo, vHi].
 */
export function removalGains(
  params: ModifiedParams,
  absorber: AbsorberProps,
  pinMwCm2: number,
  window?: [number, number],
): { device: KeyFigures; removal: RemovalGain[] } {
  const pce = (p: ModifiedParams): { figures: KeyFigures; pce: number } => {
    const ev = new CircuitEvaluator(modifiedCircuit(p, absorber));
    const figures = circuitKeyFigures(ev, { pinMwCm2 });
    if (!window || !Number.isFinite(figures.vmpV)) return { figures, pce: figures.pcePercent };
    const v = Math.min(Math.max(figures.vmpV, window[0]), window[1]);
    return { figures, pce: (100 * v * ev.jAtV(v)) / pinMwCm2 };
  };
  const device = pce(params);
  const variants: Array<[RemovalGain['mechanism'], ModifiedParams]> = [
    ['bulk', { ...params, yBulkPerS: 0 }],
    ['interface', { ...params, uIfPerCm2S: 0 }],
    ['auger', { ...params, yAugerPerS: 0 }],
    ['series', { ...params, rsOhmCm2: 0 }],
    ['shunt', { ...params, rshOhmCm2: Number.POSITIVE_INFINITY }],
    [
      'all',
      { ...params, yBulkPerS: 0, uIfPerCm2S: 0, yAugerPerS: 0, rsOhmCm2: 0, rshOhmCm2: Number.POSITIVE_INFINITY },
    ],
  ];
  const removal = variants.map(([mechanism, p]) => {
    const x = pce(p).pce;
    return { mechanism, pcePercent: x, gainPercent: x - device.pce, normalised: 0 };
  });
  const sumSingle = removal.filter((r) => r.mechanism !== 'all').reduce((s, r) => s + r.gainPercent, 0);
  for (const r of removal) r.normalised = sumSingle > 0 ? r.gainPercent / sumSingle : 0;
  return { device: device.figures, removal };
}

/** The loss analysis; throws CircuitInputError naming the field when the device cannot be analysed. */
export function analyseLosses(inp: LossAnalysisInput): LossAnalysis {
  const { params } = inp;
  const tK = inp.absorber.tK;
  const j0Sq = radiativeJ0MaCm2(inp.absorber.egEV, tK);
  const j0Rad = inp.absorber.j0RadMaCm2 ?? j0Sq;
  const absorber = { ...inp.absorber, j0RadMaCm2: j0Rad };
  check((out) =>
    lossAnalysisProblems(
      { params: params as unknown as Record<string, unknown>, absorber: inp.absorber, conditions: inp },
      out,
    ),
  );
  const { pin, suns } = lightOf(inp);
  const db = limitOf(absorber, inp);
  const notes: string[] = [];
  const { device, removal } = removalGains(params, absorber, pin);

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
  const tablePower = 0.1 * spectrumPowerWm2(inp.spectrum) * suns;
  if (tablePower < 0.98 * pin)
    notes.push(
      `the spectrum table${suns === 1 ? '' : ` times ${suns} suns`} carries ${fix(tablePower)} of the incident ${fix(pin)} mW/cm^2; the difference is light the table does not list, counted with the light below the gap`,
    );
  const idealSq = idealPmax(params.jphMaCm2, j0Sq, tK);
  const idealRad = idealPmax(params.jphMaCm2, j0Rad, tK);
  const noOhmic = circuitKeyFigures(
    new CircuitEvaluator(modifiedCircuit({ ...params, rsOhmCm2: 0, rshOhmCm2: Number.POSITIVE_INFINITY }, absorber)),
    { pinMwCm2: pin },
  );
  const below = j0Rad < j0Sq;
  if (below)
    notes.push(
      `J0,rad = ${j0Rad.toExponential(3)} mA/cm^2 is below the detailed-balance value ${j0Sq.toExponential(3)} mA/cm^2 of the gap: incomplete absorption above the gap lowers both Jph and J0,rad, so this difference is booked with the optical loss`,
    );
  const levels: Array<[WaterfallStepKey | 'incident', number]> = [
    ['incident', pin],
    ['below-gap', db.aboveGapPowerMwCm2],
    ['thermalisation', inp.absorber.egEV * db.jscMaCm2],
    ['radiative-voltage', db.vocV * db.jscMaCm2],
    ['ideal-fill-factor', db.pmaxMwCm2],
    ['optical', below ? idealRad : idealSq],
    ['excess-radiative', idealRad],
    ['non-radiative', noOhmic.pmaxMwCm2],
    ['ohmic', device.pmaxMwCm2],
  ];
  const waterfall: WaterfallStep[] = [];
  let previous = pin;
  for (let i = 1; i < levels.length; i++) {
    const [key, level] = levels[i]! as [WaterfallStepKey, number];
    const diff = previous - level;
    // The checks above make every step >= 0; levels of the same physics computed by different
    // routines (the device without recombination against the ideal diode) may still differ by
    // rounding, which is carried on rather than shown as a gain.
    if (diff < -1e-9 * pin) throw new Error(`loss analysis: the ${STEP_NAMES[key]} step came out negative (${diff})`);
    const loss = Math.max(diff, 0);
    const remaining = i === levels.length - 1 ? level : previous - loss;
    waterfall.push({
      key,
      name: STEP_NAMES[key],
      lossMwCm2: previous - remaining,
      lossPercent: (100 * (previous - remaining)) / pin,
      remainingMwCm2: remaining,
    });
    previous = remaining;
  }
  return {
    device,
    detailedBalance: db,
    j0RadMaCm2: j0Rad,
    pinMwCm2: pin,
    suns,
    removal,
    mpp,
    waterfall,
    pcePercent: device.pcePercent,
    notes,
  };
}
