/**
 * Defects as SCAPS users give them, mapped to the solver's (electrical/models/recombination/defects.ts; conventions in
 * FORMAT-dd-notes.md "Defects (traps)"), and the rules of the DeviceSpec-only fields.
 *
 * Energy: a level (or a distribution's centre) is given relative to a reference of the layer's
 * band gap, as SCAPS asks for it:
 *     'conduction'  energyEV = E_c - E_t   (below the conduction band edge, >= 0)
 *     'valence'     energyEV = E_t - E_v   (above the valence band edge, >= 0)
 *     'intrinsic'   energyEV = E_t - E_i   (above the intrinsic level, signed), with
 *                   E_i = (E_c + E_v)/2 + (kT/2) ln(N_v/N_c)   (Sze & Ng, 3rd ed., eq. 1.21).
 * The solver takes the depth below the vacuum level, with E_c = -chi and E_v = -(chi + Eg):
 *     depth = chi + energyEV (conduction), chi + Eg - energyEV (valence), depth(E_i) - energyEV (intrinsic).
 * At an interface the reference is the gap the two layers share: the lower conduction band edge,
 * the higher valence band edge, and its middle for 'intrinsic' (the interface has no single N_c, N_v).
 *
 * Capture: either cross-sections with thermal velocities, c = sigma v_th (default v_th 1e7 cm/s,
 * SCAPS's default), or the capture coefficients themselves, cm^3/s.
 *
 * Distributions: 'single' (default); 'uniform' over E0 +- widthEV/2; 'gaussian' with standard
 * deviation widthEV; 'tail' an exponential band tail from the reference band edge (conduction or
 * valence) with characteristic energy widthEV (energyEV is not used).
 */
import { judge, param } from '@pvforge/params';
import { KB_J_K, Q_C } from '../constants.js';
import { MAX_DISTRIBUTION_WIDTH_EV } from '../electrical/input-check.js';
import type { BulkDefect, DefectDistribution, InterfaceDefect } from '../electrical/types.js';
import { type CheckIssue, checkIssue as issue } from '../messages/device-check.js';
import type { DefectElectricalLike } from './types.js';

/** SCAPS's default thermal velocity, cm/s. */
export const DEFAULT_VTH_CM_S = 1e7;

/** The gap a defect's energy is read in: its edges as depths below the vacuum level, eV, and N_c, N_v. */
export interface DefectGap {
  /** Depth of the conduction band edge (chi), eV. */
  ecDepthEV: number;
  /** Depth of the valence band edge (chi + Eg), eV. */
  evDepthEV: number;
  /** Depth of the intrinsic level, eV. */
  eiDepthEV: number;
}

/** The gap of one layer at temperature T: E_i from N_c, N_v. */
export function layerGap(chiEV: number, egEV: number, ncCm3: number, nvCm3: number, T_K: number): DefectGap {
  const kT = (KB_J_K * T_K) / Q_C;
  // E_i lies above mid-gap by (kT/2) ln(Nv/Nc): its depth is smaller by that amount
  const shift = ncCm3 > 0 && nvCm3 > 0 ? 0.5 * kT * Math.log(nvCm3 / ncCm3) : 0;
  return { ecDepthEV: chiEV, evDepthEV: chiEV + egEV, eiDepthEV: chiEV + egEV / 2 - shift };
}

/** The gap two adjacent layers share (lower E_c, higher E_v); 'intrinsic' is its middle. */
export function interfaceGap(a: DefectGap, b: DefectGap): DefectGap {
  const ec = Math.max(a.ecDepthEV, b.ecDepthEV);
  const ev = Math.min(a.evDepthEV, b.evDepthEV);
  return { ecDepthEV: ec, evDepthEV: ev, eiDepthEV: (ec + ev) / 2 };
}

/** Depth below the vacuum level of a level given relative to its reference, eV. */
export function levelDepthEV(d: Pick<DefectElectricalLike, 'energyEV' | 'energyReference'>, gap: DefectGap): number {
  const e = d.energyEV ?? 0;
  if (d.energyReference === 'conduction') return gap.ecDepthEV + e;
  if (d.energyReference === 'valence') return gap.evDepthEV - e;
  return gap.eiDepthEV - e;
}

/** Capture coefficients, cm^3/s: sigma v_th when cross-sections are given, else the coefficients. */
export function captureCoefficients(d: DefectElectricalLike): { cn: number; cp: number } {
  if (d.sigmaNCm2 !== undefined || d.sigmaPCm2 !== undefined)
    return {
      cn: (d.sigmaNCm2 ?? Number.NaN) * (d.vthNCmPerS ?? DEFAULT_VTH_CM_S),
      cp: (d.sigmaPCm2 ?? Number.NaN) * (d.vthPCmPerS ?? DEFAULT_VTH_CM_S),
    };
  return { cn: d.cNCm3PerS ?? Number.NaN, cp: d.cPCm3PerS ?? Number.NaN };
}

function distributionOf(d: DefectElectricalLike): DefectDistribution | undefined {
  const w = d.widthEV ?? Number.NaN;
  switch (d.distribution ?? 'single') {
    case 'single':
      return undefined;
    case 'uniform':
      return { shape: 'uniform', width_eV: w };
    case 'gaussian':
      return { shape: 'gaussian', sigma_eV: w };
    case 'tail':
      return { shape: 'tail', band: d.energyReference === 'valence' ? 'valence' : 'conduction', E_ch_eV: w };
    default:
      // an unknown shape reaches the solver's check, which names it
      return { shape: d.distribution } as unknown as DefectDistribution;
  }
}

function common(d: DefectElectricalLike, gap: DefectGap) {
  const { cn, cp } = captureCoefficients(d);
  const out = {
    type: d.type,
    // a tail hangs from its band edge; its level is not used by the solver
    level_below_vacuum_eV:
      d.distribution === 'tail'
        ? d.energyReference === 'valence'
          ? gap.evDepthEV
          : gap.ecDepthEV
        : levelDepthEV(d, gap),
    c_n_cm3_s: cn,
    c_p_cm3_s: cp,
  };
  const dist = distributionOf(d);
  return dist ? { ...out, distribution: dist } : out;
}

/** A layer's defect for the solver. */
export function bulkDefect(d: DefectElectricalLike, gap: DefectGap, graded = false): BulkDefect {
  const out: BulkDefect = { ...common(d, gap), N_t_cm3: d.densityCm3 ?? Number.NaN };
  // in a graded layer the level keeps its distance from the edge it was given from (a tail hangs
  // from its band; 'intrinsic' and the default from E_i)
  if (graded)
    out.reference =
      d.energyReference === 'conduction' || d.energyReference === 'valence' ? d.energyReference : 'intrinsic';
  return out;
}

/** An interface's defect sheet for the solver. */
export function interfaceDefect(d: DefectElectricalLike, gap: DefectGap): InterfaceDefect {
  return { ...common(d, gap), N_t_cm2: d.densityCm2 ?? Number.NaN };
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** The registry's path prefixes of a layer's and an interface's defects. */
const BULK_DEFECT = 'layers[].electrical.defects[].';
const INTERFACE_DEFECT = 'electrical.interfaces[].defects[].';

const KNOWN = new Set([
  'name',
  'type',
  'densityCm3',
  'densityCm2',
  'energyEV',
  'energyReference',
  'distribution',
  'widthEV',
  'sigmaNCm2',
  'sigmaPCm2',
  'vthNCmPerS',
  'vthPCmPerS',
  'cNCm3PerS',
  'cPCm3PerS',
]);

/**
 * The DeviceSpec-only rules of one defect, at path p (e.g. `layers[2] "MAPbI3".electrical.defects[0]`):
 * the density field of its kind, the energy reference and the level inside the gap (in the user's
 * reference), one way of giving the capture, the width a distribution needs and the widest its
 * shape takes. Only rules between fields: each value on its own (a number, > 0, within its hard
 * limits) is judged by its registry entry (device/field-rules.ts, and the material check), so a
 * value the registry refuses is not said again here.
 */
export function checkDefectSpec(
  d: DefectElectricalLike,
  p: string,
  where: 'bulk' | 'interface',
  gap: DefectGap,
): CheckIssue[] {
  const out: CheckIssue[] = [];
  if (d === null || typeof d !== 'object' || Array.isArray(d))
    return [issue(p, 'check.not-object', {}, 'must be an object')];
  for (const k of Object.keys(d))
    if (!KNOWN.has(k)) out.push(issue(`${p}.${k}`, 'check.unknown-field', {}, 'unknown field'));
  const density = where === 'bulk' ? 'densityCm3' : 'densityCm2';
  const other = where === 'bulk' ? 'densityCm2' : 'densityCm3';
  if (d[other] !== undefined)
    out.push(
      where === 'bulk'
        ? issue(
            `${p}.${other}`,
            'check.density-per-volume',
            {},
            'a layer defect takes a density per volume, densityCm3',
          )
        : issue(
            `${p}.${other}`,
            'check.density-per-area',
            {},
            'an interface defect takes a density per area, densityCm2',
          ),
    );
  if (d[density] === undefined) out.push(issue(`${p}.${density}`, 'check.missing', {}, 'missing'));
  const ref = d.energyReference;
  if (ref !== 'conduction' && ref !== 'valence' && ref !== 'intrinsic')
    out.push(
      issue(
        `${p}.energyReference`,
        'check.energy-reference',
        { got: String(ref) },
        `must be "conduction", "valence" or "intrinsic" (got ${String(ref)})`,
      ),
    );
  const dist = d.distribution ?? 'single';
  if (dist === 'tail') {
    if (ref === 'intrinsic')
      out.push(
        issue(
          `${p}.energyReference`,
          'check.tail-reference',
          { got: 'intrinsic' },
          'a band tail starts at a band edge: "conduction" or "valence" (got "intrinsic")',
        ),
      );
  } else if (d.energyEV !== undefined && !finite(d.energyEV)) {
    // no level to place in the gap: the registry refuses the value itself
  } else if (ref === 'conduction' || ref === 'valence' || ref === 'intrinsic') {
    const depth = levelDepthEV(d, gap);
    if (!(depth > gap.ecDepthEV && depth < gap.evDepthEV)) {
      const eg = gap.evDepthEV - gap.ecDepthEV;
      const lo = ref === 'intrinsic' ? gap.eiDepthEV - gap.evDepthEV : 0;
      const hi = ref === 'intrinsic' ? gap.eiDepthEV - gap.ecDepthEV : eg;
      out.push(
        issue(
          `${p}.energyEV`,
          'check.level-outside-gap',
          { from: fmt(lo), to: fmt(hi), reference: ref, got: String(d.energyEV ?? 0) },
          `must put the level inside the band gap: from ${fmt(lo)} to ${fmt(hi)} eV with reference "${ref}" (got ${String(d.energyEV ?? 0)})`,
        ),
      );
    }
  }
  if (dist !== 'single' && d.widthEV === undefined)
    out.push(
      issue(
        `${p}.widthEV`,
        'check.width-missing',
        { distribution: dist },
        `missing: a "${dist}" distribution needs its width`,
      ),
    );
  const shapeMax =
    dist === 'gaussian' || dist === 'tail' || dist === 'uniform' ? MAX_DISTRIBUTION_WIDTH_EV[dist] : undefined;
  const w = d.widthEV;
  // the registry has one width for every shape (up to a uniform band's): a width it allows may still
  // be too wide for a Gaussian or a tail; one it refuses is said there, once
  if (
    shapeMax !== undefined &&
    finite(w) &&
    w > shapeMax &&
    judge(param(`${where === 'bulk' ? BULK_DEFECT : INTERFACE_DEFECT}widthEV`), w)?.severity !== 'error'
  )
    out.push(
      issue(
        `${p}.widthEV`,
        'check.width-for-shape',
        { distribution: dist, max: shapeMax, unit: 'eV', got: String(w) },
        `must be at most ${shapeMax} eV for a ${dist} distribution (got ${w})`,
      ),
    );
  if (dist === 'single' && d.widthEV !== undefined)
    out.push(
      issue(
        `${p}.widthEV`,
        'check.width-single',
        {},
        'a single level has no width (choose a distribution, or leave the width out)',
      ),
    );
  const bySigma = d.sigmaNCm2 !== undefined || d.sigmaPCm2 !== undefined;
  const byC = d.cNCm3PerS !== undefined || d.cPCm3PerS !== undefined;
  if (bySigma && byC)
    out.push(
      issue(
        `${p}.cNCm3PerS`,
        'check.capture-both',
        {},
        'give either the capture cross-sections (with thermal velocities) or the capture coefficients, not both',
      ),
    );
  else if (!bySigma && !byC)
    out.push(
      issue(
        `${p}.sigmaNCm2`,
        'check.capture-missing',
        {},
        'missing: give the capture cross-sections sigmaNCm2 and sigmaPCm2, or the capture coefficients',
      ),
    );
  else if (bySigma) {
    // cross-sections come in pairs; each value given (and a thermal velocity) is the registry's
    for (const f of ['sigmaNCm2', 'sigmaPCm2'] as const)
      if (d[f] === undefined)
        out.push(
          issue(`${p}.${f}`, 'check.missing', {}, 'missing: the electron and the hole cross-section go together'),
        );
  } else if (d.vthNCmPerS !== undefined || d.vthPCmPerS !== undefined)
    out.push(
      issue(
        `${p}.vthNCmPerS`,
        'check.vth-without-sigma',
        {},
        'thermal velocities go with capture cross-sections, not with capture coefficients',
      ),
    );
  return out;
}

function fmt(v: number): string {
  return String(Math.round(v * 1000) / 1000);
}

/**
 * The density of states of a defect at energies E (eV, on the vacuum scale: E = -depth), per eV
 * (cm^-3 eV^-1 in a layer, cm^-2 eV^-1 at an interface), with the solver's truncations (Gaussian
 * +- 4 sigma and tails over 12 E_ch, or to the far band edge, renormalised to the total density;
 * electrical/models/recombination/defects.ts). A single level has no density per energy: undefined (draw it as a line).
 */
export function defectDensityOfStates(
  d: DefectElectricalLike,
  gap: DefectGap,
  energiesEV: ArrayLike<number>,
): number[] | undefined {
  const N = d.densityCm3 ?? d.densityCm2 ?? Number.NaN;
  const w = d.widthEV ?? Number.NaN;
  const dist = d.distribution ?? 'single';
  if (dist === 'single' || !(w > 0) || !Number.isFinite(N)) return undefined;
  const ec = -gap.ecDepthEV;
  const ev = -gap.evDepthEV;
  const out: number[] = [];
  if (dist === 'uniform') {
    const E0 = -levelDepthEV(d, gap);
    for (const E of Array.from(energiesEV)) out.push(Math.abs(E - E0) <= w / 2 ? N / w : 0);
    return out;
  }
  if (dist === 'gaussian') {
    const E0 = -levelDepthEV(d, gap);
    // the weight inside +- 4 sigma is erf(4 / sqrt 2) of the whole; renormalised to N
    const inside = 0.9999366575163338;
    for (const E of Array.from(energiesEV))
      out.push(
        Math.abs(E - E0) <= 4 * w
          ? (N / (w * Math.sqrt(2 * Math.PI) * inside)) * Math.exp(-((E - E0) ** 2) / (2 * w * w))
          : 0,
      );
    return out;
  }
  // an exponential tail from its band edge into the gap, over min(12 E_ch, Eg), renormalised
  const fromConduction = d.energyReference !== 'valence';
  const edge = fromConduction ? ec : ev;
  const span = Math.min(12 * w, ec - ev);
  const norm = N / (w * (1 - Math.exp(-span / w)));
  for (const E of Array.from(energiesEV)) {
    const depth = fromConduction ? edge - E : E - edge;
    // the band edge itself belongs to the tail (its depth may round to -1e-16)
    out.push(depth >= -1e-9 && depth <= span ? norm * Math.exp(-Math.max(depth, 0) / w) : 0);
  }
  return out;
}

/**
 * A warning when a distribution reaches past a band edge (a Gaussian's +- 4 sigma, a uniform band's
 * +- W/2): the levels there are kept as given, each exchanging with its band by detailed balance,
 * but a SCAPS user usually means the distribution to stay inside the gap. undefined otherwise.
 */
export function defectGapWarning(d: DefectElectricalLike, p: string, gap: DefectGap): CheckIssue | undefined {
  const dist = d.distribution ?? 'single';
  const w = d.widthEV;
  if ((dist !== 'gaussian' && dist !== 'uniform') || !(typeof w === 'number' && w > 0)) return undefined;
  const half = dist === 'gaussian' ? 4 * w : w / 2;
  const depth = levelDepthEV(d, gap);
  const above = gap.ecDepthEV - (depth - half);
  const below = depth + half - gap.evDepthEV;
  const out = Math.max(above, below);
  if (!(out > 1e-9)) return undefined;
  const edge = above >= below ? 'conduction' : 'valence';
  return issue(
    `${p}.widthEV`,
    'check.distribution-beyond-edge',
    { distribution: dist, beyondEV: fmt(out), edge },
    `the ${dist} distribution reaches ${fmt(out)} eV beyond the ${edge} band edge (levels there are kept as given)`,
  );
}
