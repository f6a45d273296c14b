/**
 * The modified-diode-model (MDM) recombination split: which part of a cell's recombination
 * happens in the absorber volume and which at its interfaces, from its J-V curves.
 *
 * Model (models.ts, generation positive, Vd = V + 1e-3 Rs J, n_i = sqrt(Nc Nv) exp(-Eg/(2 Vt))):
 *   J = Jph - J_rad - J_bulk - J_if - J_Aug - Vd/Rsh
 *   J_bulk = q y_bulk L n_i (exp(Vd/(n_bulk Vt)) - 1),  y_bulk = 1/(2 tau_bulk), n_bulk = 2
 *   J_if   = q U_if (exp(Vd/(n_if Vt)) - 1)
 *   J_Aug  = q y_Aug L n_i (exp(Vd/((2/3) Vt)) - 1),    y_Aug = C_Aug n_i^2
 *   J_rad  = J0,rad (exp(Vd/Vt) - 1)                    (detailed-balance J0 of Eg by default)
 *
 * The method as its authors formulate it (M. Lin et al., "Quantifying nonradiative recombination
 * and resistive losses in perovskite photovoltaics: a modified diode model approach", code
 * github.com/WPT-Lab124/Modified-Diode-Model, fittingMD.m; after Sha et al., Adv. Energy Mater.
 * 2018 and Xu, Wang, Li and Sha, Acta Phys. Sin. 70, 098801 (2021)): what is known of the absorber
 * is input, not fitted - its thickness L, Nc, Nv, Eg, the bulk lifetime (y_bulk = 1/(2 tau_bulk);
 * from a lifetime measurement or a drift-diffusion model of the same device), n_bulk = 2, and the
 * Auger coefficient or its absence - and Rs, Rsh, U_if, n_if and Jph are fitted. The bulk term is
 * then pinned by physics, and the curve apportions the rest of the recombination to the interface.
 *
 * Why the knowns matter: with y_bulk and y_Aug free, one curve is fitted at least as well by
 * putting the recombination in the wrong place (on the SCAPS curve of the public benchmark case,
 * a free fit moves most of the interface current into the bulk and invents an Auger current
 * SCAPS does not have, at a lower RMSE than the right split). A parameter may still be freed
 * ("fit"); the fit's profile likelihood then says whether the curves determine it, and several
 * curves of the device (light intensities, light and dark; fitCurves: shared recombination and
 * series resistance, one Jph per curve) are the way to break a single curve's ambiguity.
 *
 * The shunt resistance is fitted per curve: under light the apparent shunt of a perovskite cell
 * is mostly photoshunt (carriers lost at the contacts in proportion to their generation), which
 * scales with the intensity - on the SCAPS 1- and 50-sun curves of the same device the fitted
 * Rsh are 1.9e3 and 39 Ohm cm^2, a factor 50.
 */
import { CircuitEvaluator } from './diode-circuit.js';
import { type FitCurveData, type FitCurvesOptions, type FitResult, fitCurves, fitCurvesProblems } from './fit.js';
import { check, type Problems, shown } from './input-check.js';
import {
  type AbsorberProps,
  intrinsicDensityCm3,
  type ModifiedParams,
  modifiedCircuit,
  modifiedComponents,
} from './models.js';

/** What is known of bulk SRH: the lifetime (y_bulk = 1/(2 tau)), y_bulk itself, or nothing ("fit"). */
export type BulkKnowledge = { tauBulkS: number } | { yBulkPerS: number } | 'fit';
/** Auger: absent, a known coefficient (C in cm^6/s, y_Aug = C n_i^2, or y_Aug itself), or fitted. */
export type AugerKnowledge = 'off' | { cAugerCm6PerS: number } | { yAugerPerS: number } | 'fit';

export interface MdmKnowns {
  bulk: BulkKnowledge;
  auger: AugerKnowledge;
}

/** Fit settings of the split (the knowns and absorber set everything else). */
export type MdmFitSettings = Pick<
  FitCurvesOptions,
  | 'bounds'
  | 'seed'
  | 'randomStarts'
  | 'confidenceLevel'
  | 'intervals'
  | 'fitInterfaceIdeality'
  | 'singleDiodeStart'
  | 'profile'
>;

export interface MdmFitOptions {
  tK: number;
  absorber: AbsorberProps;
  knowns: MdmKnowns;
  /** One or more curves of the device (light and dark; a dark curve holds Jph at 0). */
  curves: FitCurveData[];
  settings?: MdmFitSettings;
}

/** Currents of one curve's fitted model at each of its voltages, mA/cm^2 (positive = loss). */
export interface MdmSplit {
  voltageV: number[];
  radiative: number[];
  /** Bulk SRH alone. */
  bulkSrh: number[];
  auger: number[];
  /** All recombination in the absorber volume: bulk SRH + radiative + Auger (SCAPS's "jbulk"). */
  volume: number[];
  interface: number[];
  shunt: number[];
}

export interface MdmResult {
  fit: FitResult;
  /** One per curve, in the order given. */
  split: MdmSplit[];
  /** The values the split rests on, and where each came from. */
  knowns: {
    yBulkPerS: number | null;
    bulkSource: 'lifetime' | 'given' | 'fitted';
    yAugerPerS: number | null;
    augerSource: 'off' | 'coefficient' | 'given' | 'fitted';
    nBulk: number;
    intrinsicDensityCm3: number;
  };
}

/** y_bulk = 1/(2 tau_bulk), s^-1: SRH in the intrinsic, high-injection limit with tau_n = tau_p. */
export function yBulkFromLifetime(tauBulkS: number): number {
  return 1 / (2 * tauBulkS);
}

/** Problems of the knowns, under `prefix`. */
export function mdmKnownsProblems(k: unknown, prefix: string, out: Problems): void {
  const why =
    'the split needs what is known of the absorber: bulk ({ tauBulkS } or { yBulkPerS }, or "fit") and auger ("off", { cAugerCm6PerS } or { yAugerPerS }, or "fit")';
  if (k === undefined) {
    out.add(prefix, why);
    return;
  }
  if (!out.object(prefix, k)) return;
  const bulk = k['bulk'];
  if (bulk !== 'fit') {
    if (typeof bulk !== 'object' || bulk === null) out.add(`${prefix}.bulk`, `${why} (got ${shown(bulk)})`);
    else if ('tauBulkS' in bulk) out.positive(`${prefix}.bulk.tauBulkS`, bulk['tauBulkS']);
    else if ('yBulkPerS' in bulk) out.nonNegative(`${prefix}.bulk.yBulkPerS`, bulk['yBulkPerS']);
    else out.add(`${prefix}.bulk`, why);
  }
  const auger = k['auger'];
  if (auger !== 'off' && auger !== 'fit') {
    if (typeof auger !== 'object' || auger === null) out.add(`${prefix}.auger`, `${why} (got ${shown(auger)})`);
    else if ('cAugerCm6PerS' in auger) out.nonNegative(`${prefix}.auger.cAugerCm6PerS`, auger['cAugerCm6PerS']);
    else if ('yAugerPerS' in auger) out.nonNegative(`${prefix}.auger.yAugerPerS`, auger['yAugerPerS']);
    else out.add(`${prefix}.auger`, why);
  }
}

/** Problems of a split fit (everything fitModifiedDiode checks), under `prefix`. */
export function mdmFitProblems(o: Record<string, unknown>, out: Problems): void {
  mdmKnownsProblems(o['knowns'], 'knowns', out);
  fitCurvesProblems(
    {
      ...(o['settings'] as object | undefined),
      model: 'modified',
      tK: o['tK'],
      absorber: o['absorber'],
      curves: o['curves'],
    },
    '',
    out,
  );
}

/** Fits the modified diode model to the curves with what is known held, and splits the recombination. */
export function fitModifiedDiode(opts: MdmFitOptions): MdmResult {
  check((out) => {
    const curves = Array.isArray(opts.curves)
      ? opts.curves.map((c) => ({ ...c, voltageV: Array.from(c.voltageV), jMaCm2: Array.from(c.jMaCm2) }))
      : opts.curves;
    mdmFitProblems({ ...opts, curves } as unknown as Record<string, unknown>, out);
  });
  const absorber: AbsorberProps = { ...opts.absorber, tK: opts.tK };
  const ni = intrinsicDensityCm3(absorber.ncCm3, absorber.nvCm3, absorber.egEV, opts.tK);
  const { bulk, auger } = opts.knowns;
  const fixed: Record<string, number> = {};
  let yBulk: number | null = null;
  let bulkSource: MdmResult['knowns']['bulkSource'] = 'fitted';
  if (bulk !== 'fit') {
    yBulk = 'tauBulkS' in bulk ? yBulkFromLifetime(bulk.tauBulkS) : bulk.yBulkPerS;
    bulkSource = 'tauBulkS' in bulk ? 'lifetime' : 'given';
    fixed['yBulkPerS'] = yBulk;
  }
  let yAug: number | null = null;
  let augerSource: MdmResult['knowns']['augerSource'] = 'fitted';
  if (auger === 'off') {
    yAug = 0;
    augerSource = 'off';
  } else if (auger !== 'fit') {
    yAug = 'cAugerCm6PerS' in auger ? auger.cAugerCm6PerS * ni * ni : auger.yAugerPerS;
    augerSource = 'cAugerCm6PerS' in auger ? 'coefficient' : 'given';
  }
  if (yAug !== null) fixed['yAugerPerS'] = yAug;
  const s = opts.settings ?? {};
  const fit = fitCurves({
    ...s,
    model: 'modified',
    tK: opts.tK,
    absorber,
    curves: opts.curves,
    fixed,
    perCurve: ['jphMaCm2', 'rshOhmCm2'],
    fitInterfaceIdeality: s.fitInterfaceIdeality ?? true,
    profile: s.profile ?? true,
  });
  const split = fit.curves.map((c) => splitOf(c.params, absorber, c.voltageV));
  return {
    fit,
    split,
    knowns: {
      yBulkPerS: yBulk,
      bulkSource,
      yAugerPerS: yAug,
      augerSource,
      nBulk: absorber.nBulk ?? 2,
      intrinsicDensityCm3: ni,
    },
  };
}

/**
 * The split currents of a fitted curve's model at voltages. Built on the circuit itself, which
 * takes any photocurrent a fit may reach (a curve at very low light).
 */
export function splitOf(
  params: Record<string, number>,
  absorber: AbsorberProps,
  voltageV: ArrayLike<number>,
): MdmSplit {
  const p: ModifiedParams = {
    jphMaCm2: 0,
    yBulkPerS: params['yBulkPerS']!,
    uIfPerCm2S: params['uIfPerCm2S']!,
    yAugerPerS: params['yAugerPerS']!,
    rsOhmCm2: params['rsOhmCm2']!,
    rshOhmCm2: params['rshOhmCm2']!,
  };
  const circuit = modifiedCircuit(p, { ...absorber, nIf: params['nIf'] ?? absorber.nIf });
  circuit.jphMaCm2 = params['jphMaCm2']!;
  const { components: k } = modifiedComponents(new CircuitEvaluator(circuit), voltageV);
  return {
    voltageV: Array.from(voltageV),
    radiative: k.radiative,
    bulkSrh: k.bulk,
    auger: k.auger,
    volume: k.bulk.map((x, i) => x + k.radiative[i]! + k.auger[i]!),
    interface: k.interface,
    shunt: k.shunt,
  };
}
