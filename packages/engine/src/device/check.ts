/**
 * The check of a DeviceSpec's electrical part, for every entry point (the contracts' checkDeviceSpec
 * calls it, so the server before queuing, the web editor as the user types, the CLI and the worker
 * all judge a device the same way). Two parts:
 *   - the DeviceSpec's own structure: which layers form the electrical domain (contiguous), unknown
 *     fields, interfaces naming adjacent layers, contacts, the voltage sweep, the EQE options;
 *   - every value of a registered parameter against its entry in @pvforge/params (field-rules.ts:
 *     hard limits refused, implausible values warned, in the registry's words), first;
 *   - the rules that couple fields, by the solver's one set of rules (electrical/input-check.ts)
 *     run on the mapped device, with each issue renamed back to the DeviceSpec's field through the
 *     field list (electrical/fields.ts); a per-field verdict they give again is dropped.
 * Each issue names the layer and the field (`layers[3] "MAPbI3".electrical.muNCm2PerVs`) and the rule
 * broken as a check code with its numbers (messages/device-check.ts), which the UI words; the English
 * line `path: text` is what logs, the CLI and API clients read.
 */
import { param } from '@pvforge/params';
import {
  CONTACT_FIELDS,
  DEVICE_FIELDS,
  GRADABLE_KEYS,
  INTERFACE_FIELDS,
  LAYER_CHOICE_FIELDS,
  layerFieldByKey,
  layerFieldBySolver,
  specName,
  THERMIONIC_FIELDS,
  TUNNEL_OXIDE_FIELDS,
} from '../electrical/fields.js';
import { checkElectricalDevice } from '../electrical/input-check.js';
import type { ElectricalInputIssue } from '../electrical/types.js';
import { type CheckIssue, checkLine, checkIssue as issue } from '../messages/device-check.js';
import { checkTandemIssues } from '../tandem/check.js';
import { checkDefectSpec, defectGapWarning, interfaceGap } from './defects-map.js';
import { electricalDomain, gapOf, MAX_SWEEP_POINTS, sweepPointCount } from './electrical-spec.js';
import { FIELD_VALUE_CODES, fieldKey, judgeSpecFields } from './field-rules.js';
import { mapElectrical } from './map.js';
import {
  kRadAbsorptionIssue,
  kRadAbsorptionWarning,
  kRadFromAbsorptionChosen,
  layerKRadFromAbsorption,
} from './radiative-absorption.js';
import type {
  CapacitanceFrequencyLike,
  CapacitanceVoltageLike,
  DefectElectricalLike,
  ElectricalDeviceSpecLike,
  ImpedanceElectricalLike,
  TransientElectricalLike,
} from './types.js';

export { MAX_SWEEP_POINTS } from './electrical-spec.js';

export interface ElectricalCheck {
  errors: string[];
  /** What runs but may mislead (e.g. Boltzmann statistics in a degenerate layer). */
  warnings: string[];
}

/** The same as issues with their codes (the lines above are their English). */
export interface ElectricalCheckIssues {
  errors: CheckIssue[];
  warnings: CheckIssue[];
}

/** Errors of the electrical part as English lines; [] when the device has no `electrical` block or is fine. */
export function checkDeviceElectrical(spec: ElectricalDeviceSpecLike): string[] {
  return checkDeviceElectricalIssues(spec).errors;
}

/**
 * The spec with every defect list or entry of the wrong shape replaced by an empty one (no list; an
 * entry of zero density), so the solver's rules can judge the rest of the device; the check has
 * refused those places by name already, and the solver's words on them are dropped with the rest of
 * a refused defect's. Entries keep their index, so the solver's paths still name the user's defects.
 */
function withShapedDefects<S extends ElectricalDeviceSpecLike>(spec: S): S {
  const shaped = (list: unknown, density: 'densityCm3' | 'densityCm2') =>
    Array.isArray(list)
      ? list.map((d) =>
          d !== null && typeof d === 'object' && !Array.isArray(d)
            ? d
            : { type: 'neutral', energyReference: 'intrinsic', [density]: 0, sigmaNCm2: 0, sigmaPCm2: 0 },
        )
      : undefined;
  const el = spec.electrical;
  return {
    ...spec,
    layers: spec.layers.map((l) =>
      l?.electrical?.defects === undefined
        ? l
        : { ...l, electrical: { ...l.electrical, defects: shaped(l.electrical.defects, 'densityCm3') } },
    ),
    ...(el
      ? {
          electrical: {
            ...el,
            interfaces: el.interfaces?.map((it) =>
              it?.defects === undefined ? it : { ...it, defects: shaped(it.defects, 'densityCm2') },
            ),
          },
        }
      : {}),
  };
}

/** Errors and warnings of the electrical part as English lines (`path: text`). */
export function checkDeviceElectricalIssues(spec: ElectricalDeviceSpecLike): ElectricalCheck {
  const { errors, warnings } = checkDeviceElectricalCoded(spec);
  return { errors: errors.map(checkLine), warnings: warnings.map(checkLine) };
}

/** Errors and warnings of the electrical part, each with its field path and coded message. */
export function checkDeviceElectricalCoded(spec: ElectricalDeviceSpecLike): ElectricalCheckIssues {
  // first every registered field against the registry (the one judgement of a value), then the
  // rules that couple fields; a per-field verdict the later rules give again is dropped
  const fields = judgeSpecFields(spec);
  const settled = (errors: CheckIssue[], warnings: CheckIssue[]): ElectricalCheckIssues => {
    const fresh = (i: CheckIssue) => !(FIELD_VALUE_CODES.has(i.message.code) && fields.judged.has(fieldKey(i.path)));
    const allErrors = [...fields.errors, ...errors.filter(fresh)];
    // a field refused by a rule between fields (a Gaussian too wide for its shape) is not also
    // called unusual: the user has one thing to fix there
    const refused = new Set(allErrors.map((i) => fieldKey(i.path)));
    const unusualOnly = (i: CheckIssue) => !refused.has(fieldKey(i.path));
    return {
      errors: allErrors,
      warnings: [...fields.warnings.filter(unusualOnly), ...warnings.filter(fresh)],
    };
  };
  const el = spec.electrical;
  if (!el) return settled(checkTandemIssues(spec), []);
  const out: CheckIssue[] = checkTandemIssues(spec);
  const at = (j: number) => `layers[${j}] "${spec.layers[j]!.name}"`;
  const domain = electricalDomain(spec);
  if (domain.length === 0) {
    out.push(
      issue(
        'electrical',
        'check.no-electrical-layer',
        {},
        'no layer has an "electrical" object: give the drift-diffusion parameters of the semiconductor layers',
      ),
    );
    return settled(out, []);
  }
  const first = domain[0]!;
  const last = domain[domain.length - 1]!;
  // a tandem solved subcell by subcell may have optical-only layers (a recombination ITO) between
  // its subcells; tandem/check.ts judges those gaps
  const gapsAllowed = el.tandem !== undefined && el.tandem.fullStack !== true;
  for (let j = first + 1; j < last; j++) {
    if (!spec.layers[j]!.electrical && !gapsAllowed)
      out.push(
        issue(
          `${at(j)}.electrical`,
          'check.not-contiguous',
          {},
          `missing: the electrical layers must be contiguous (${at(first)} to ${at(last)} have electrical parameters, this layer lies between them)`,
        ),
      );
  }
  const kRadWarnings: CheckIssue[] = [];
  for (const j of domain) {
    const e = spec.layers[j]!.electrical! as Record<string, unknown>;
    for (const k of Object.keys(e))
      if (!layerFieldByKey(k) && !LAYER_BLOCKS.has(k))
        out.push(
          issue(`${at(j)}.electrical.${k}`, 'check.unknown-field', {}, 'unknown field, not supported by the engine'),
        );
    if (e.generatesCarriers !== undefined && typeof e.generatesCarriers !== 'boolean')
      out.push(issue(`${at(j)}.electrical.generatesCarriers`, 'check.boolean', {}, 'must be true or false'));
    for (const c of LAYER_CHOICE_FIELDS) {
      const v = e[c.key];
      const values = c.choices.map((o) => o.value);
      if (v !== undefined && !values.includes(v as string))
        out.push(
          issue(
            `${at(j)}.electrical.${c.key}`,
            'check.choice',
            { got: String(v), choices: values.join(', ') },
            `must be one of ${values.join(', ')} (got ${String(v)})`,
          ),
        );
    }
    // k_rad from the absorption: an optical model that has nothing to emit is refused here when it
    // can be read without the library's tables (the run refuses a library table's in the same words)
    if (kRadFromAbsorptionChosen(spec, j)) {
      let r: ReturnType<typeof layerKRadFromAbsorption>;
      try {
        r = layerKRadFromAbsorption(spec, j);
      } catch {
        // a malformed optical model: the optics' own check names it
        r = undefined;
      }
      const refused = r && kRadAbsorptionIssue(spec, j, r);
      if (refused) out.push(refused);
      const odd = r && kRadAbsorptionWarning(spec, j, r);
      if (odd) kRadWarnings.push(odd);
    }
  }
  // a grading runs from the layer's own value (front face) to its back value: both must be there
  for (const j of domain) {
    const e = spec.layers[j]!.electrical!;
    const back = e.grading?.back;
    if (!back || typeof back !== 'object') continue;
    if (Object.keys(back).length === 0)
      out.push(
        issue(
          `${at(j)}.electrical.grading.back`,
          'check.missing',
          {},
          "missing: give at least one parameter's value at the layer's back face",
        ),
      );
    for (const k of Object.keys(back)) {
      if (!(GRADABLE_KEYS as readonly string[]).includes(k))
        out.push(
          issue(
            `${at(j)}.electrical.grading.back.${k}`,
            'check.unknown-field',
            {},
            'unknown field, not supported by the engine',
          ),
        );
      else if ((e as Record<string, unknown>)[k] === undefined)
        out.push(
          issue(
            `${at(j)}.electrical.${k}`,
            'check.missing',
            {},
            `missing: the grading gives this parameter's value at the back face (grading.back.${k}), the layer must give it at the front face`,
          ),
        );
    }
  }
  const T_K = el.temperatureK ?? 300;
  // defects: the DeviceSpec's own fields (energy reference, capture), before the solver's rules
  const defectPaths = new Set<string>();
  const defectWarnings: CheckIssue[] = [];
  // a defect list or entry of the wrong shape cannot be mapped for the solver's rules below
  let malformedDefects = false;
  const checkDefects = (list: unknown, p: string, where: 'bulk' | 'interface', gap: ReturnType<typeof gapOf>) => {
    if (list === undefined) return;
    if (!Array.isArray(list)) {
      malformedDefects = true;
      out.push(issue(p, 'check.not-list', {}, 'must be a list of defects'));
      return;
    }
    list.forEach((d: DefectElectricalLike, k) => {
      if (d === null || typeof d !== 'object' || Array.isArray(d)) malformedDefects = true;
      const lines = checkDefectSpec(d, `${p}[${k}]`, where, gap);
      if (lines.length) defectPaths.add(`${p}[${k}]`);
      else {
        const w = defectGapWarning(d, `${p}[${k}]`, gap);
        if (w) defectWarnings.push(w);
      }
      out.push(...lines);
    });
  };
  for (const j of domain) {
    const e = spec.layers[j]!.electrical!;
    checkDefects(e.defects, `${at(j)}.electrical.defects`, 'bulk', gapOf(e, T_K));
    // a graded layer's levels keep their distance from their reference edge (electrical/models/
    // grading.ts), and its gap changes linearly: a level inside the gap at both faces is inside it
    // everywhere, so each must also lie inside the back face's gap
    const back = e.grading?.back;
    if (back && typeof back === 'object' && Array.isArray(e.defects)) {
      const gapBack = gapOf({ ...e, ...back }, T_K);
      e.defects.forEach((d: DefectElectricalLike, k) => {
        const p = `${at(j)}.electrical.defects[${k}]`;
        if (defectPaths.has(p) || d === null || typeof d !== 'object') return;
        const lines = checkDefectSpec(d, p, 'bulk', gapBack).filter(
          (i) => i.message.code === 'check.level-outside-gap',
        );
        if (lines.length) defectPaths.add(p);
        out.push(...lines);
      });
    }
  }
  const names = domain.map((j) => spec.layers[j]!.name);
  const seen = new Set<string>();
  (el.interfaces ?? []).forEach((it, i) => {
    const p = `electrical.interfaces[${i}].between`;
    const a = names.indexOf(it.between?.[0]);
    const b = names.indexOf(it.between?.[1]);
    if (a < 0 || b < 0) {
      const bad = a < 0 ? it.between?.[0] : it.between?.[1];
      out.push(
        issue(
          p,
          'check.not-electrical-layer',
          { name: String(bad), layers: names.join(', ') },
          `"${bad}" is not a layer with electrical parameters (${names.join(', ')})`,
        ),
      );
    } else if (b !== a + 1) {
      out.push(
        issue(
          p,
          'check.not-adjacent',
          { front: it.between[0], back: it.between[1] },
          `"${it.between[0]}" and "${it.between[1]}" are not adjacent electrical layers (front one first)`,
        ),
      );
    } else if (seen.has(it.between[0])) {
      out.push(
        issue(
          p,
          'check.interface-twice',
          { front: it.between[0], back: it.between[1] },
          `the interface ${it.between[0]}/${it.between[1]} is given twice`,
        ),
      );
    }
    seen.add(it.between?.[0]);
    if (it.defects !== undefined) {
      if (a >= 0 && b === a + 1) {
        const gap = interfaceGap(
          gapOf(spec.layers[domain[a]!]!.electrical!, T_K),
          gapOf(spec.layers[domain[b]!]!.electrical!, T_K),
        );
        checkDefects(it.defects, `electrical.interfaces[${i}].defects`, 'interface', gap);
      }
    }
  });
  const sw = el.voltageSweep;
  const q = 'electrical.voltageSweep';
  // a sweep whose ends or step are no usable numbers is not stepped through, nor judged by the solver
  let sweepUnusable = !sw;
  if (!sw) out.push(issue(q, 'check.missing', {}, 'missing'));
  else if (![sw.startV, sw.stopV].every(finite)) {
    sweepUnusable = true;
    // a given end that is no number is the registry's verdict on that field (field-rules.ts): only
    // an end left out is said here, so the user reads each problem once
    if (sw.startV === undefined || sw.stopV === undefined)
      out.push(issue(q, 'check.sweep-not-finite', {}, 'startV and stopV must be finite numbers'));
  } else if (!finite(sw.stepV)) {
    sweepUnusable = true;
    if (sw.stepV === undefined) out.push(issue(`${q}.stepV`, 'check.missing', {}, 'missing'));
  } else if (sw.stepV === 0) {
    sweepUnusable = true;
    out.push(issue(`${q}.stepV`, 'check.not-zero', { got: String(sw.stepV) }, `must not be 0 (got ${sw.stepV})`));
  } else {
    const count = sweepPointCount(sw);
    if (count < 1)
      out.push(
        issue(
          `${q}.stepV`,
          'check.sweep-direction',
          { startV: sw.startV, stopV: sw.stopV, stepV: sw.stepV },
          `goes away from stopV (${sw.startV} V to ${sw.stopV} V in steps of ${sw.stepV} V)`,
        ),
      );
    else if (count > MAX_SWEEP_POINTS)
      out.push(
        issue(
          `${q}.stepV`,
          'check.too-many-points',
          { count, max: MAX_SWEEP_POINTS },
          `${count} points is too many (at most ${MAX_SWEEP_POINTS})`,
        ),
      );
  }
  const eqeStep = el.eqe?.stepNm;
  const optStep = spec.illumination?.wavelength?.stepNm ?? 1;
  if (eqeStep !== undefined) {
    const r = eqeStep / optStep;
    if (Math.abs(r - Math.round(r)) > 1e-9 || Math.round(r) < 1)
      out.push(
        issue(
          'electrical.eqe.stepNm',
          'check.eqe-step',
          { stepNm: optStep, got: String(eqeStep) },
          `must be a multiple of the optical step ${optStep} nm (got ${eqeStep})`,
        ),
      );
  }
  const genKind = el.generation?.kind ?? (spec.illumination ? 'optical' : 'dark');
  if (el.eqe && genKind !== 'optical')
    out.push(
      issue(
        'electrical.eqe',
        'check.eqe-needs-optical',
        { got: genKind },
        `needs generation "optical" (got "${genKind}"; it is the default when illumination is given)`,
      ),
    );
  if (el.generation?.kind === 'profile') out.push(...checkProfileCoverage(spec, domain, el.generation.xNm));
  out.push(
    ...checkTransient(el.transient),
    ...checkImpedance(el.impedance),
    ...checkCapacitanceVoltage(el.capacitanceVoltage, names),
    ...checkCapacitanceFrequency(el.capacitanceFrequency),
  );
  // the values, by the solver's rules, named as the DeviceSpec names them
  const warnings: CheckIssue[] = [...defectWarnings, ...kRadWarnings];
  const sweepReported = sweepUnusable || out.some((m) => m.path.startsWith('electrical.voltageSweep'));
  const solverIssues = checkElectricalDevice(mapElectrical(malformedDefects ? withShapedDefects(spec) : spec).device);
  for (const solverIssue of solverIssues) {
    if (sweepReported && solverIssue.field === 'voltage_V') continue;
    const path = specPath(spec, domain, solverIssue);
    // a defect the DeviceSpec check already refused: its level and capture are not judged twice
    const defect = /^(.*\.defects\[\d+\])\./.exec(path)?.[1];
    if (defect && defectPaths.has(defect)) continue;
    (solverIssue.severity === 'error' ? out : warnings).push({ path, message: solverIssue.detail });
  }
  // the same line twice (two checks reaching one rule) is said once
  const seenLines = new Set<string>();
  const errors = out.filter((i) => {
    const line = checkLine(i);
    if (seenLines.has(line)) return false;
    seenLines.add(line);
    return true;
  });
  return settled(errors, warnings);
}

/**
 * A generation profile must reach both faces of the electrical stack (within half a nanometre or
 * 0.1 %, the rounding of a profile file's positions): beyond its ends the solver would hold the end
 * values, inventing light where the file gave none. Its order and values are the solver's rules.
 */
function checkProfileCoverage(spec: ElectricalDeviceSpecLike, domain: number[], xNm: unknown): CheckIssue[] {
  if (!Array.isArray(xNm) || xNm.length < 2 || !xNm.every((x) => typeof x === 'number' && Number.isFinite(x)))
    return [];
  const lengthNm = domain.reduce((s, j) => s + spec.layers[j]!.thicknessNm, 0);
  const slack = Math.max(0.5, 1e-3 * lengthNm);
  const fromNm = xNm[0] as number;
  const toNm = xNm[xNm.length - 1] as number;
  if (fromNm <= slack && toNm >= lengthNm - slack) return [];
  return [
    issue(
      'electrical.generation.xNm',
      'check.profile-coverage',
      { fromNm, toNm, lengthNm: Number(lengthNm.toPrecision(6)) },
      `the profile covers ${fromNm}-${toNm} nm; it must cover the electrical layers, 0-${lengthNm} nm`,
    ),
  ];
}

/** The DeviceSpec path of a solver issue (see the field list). */
function specPath(spec: ElectricalDeviceSpecLike, domain: number[], solverIssue: ElectricalInputIssue): string {
  const { where, field } = solverIssue;
  if (solverIssue.layerIndex !== undefined) {
    const j = domain[solverIssue.layerIndex]!;
    const at = `layers[${j}] "${spec.layers[j]!.name}"`;
    if (field === 'thickness_nm') return `${at}.thicknessNm`;
    const ion = /^ions\[(\d+)\]\.(\w+)$/.exec(field);
    if (ion) return `${at}.electrical.ions[${ion[1]}].${ION_NAMES[ion[2]!] ?? ion[2]}`;
    const defect = /^defects\[(\d+)\]\.(.+)$/.exec(field);
    if (defect)
      return `${at}.electrical.defects[${defect[1]}].${defectField(spec.layers[j]!.electrical?.defects?.[Number(defect[1])], defect[2]!)}`;
    const graded = /^graded\.back\.(\w+)$/.exec(field);
    if (graded) return `${at}.electrical.grading.back.${layerFieldBySolver(graded[1]!)?.key ?? graded[1]}`;
    if (field === 'exciton_diffusion.L_nm') return `${at}.electrical.excitonDiffusion.diffusionLengthNm`;
    if (field === 'exciton_diffusion.tau_s') return `${at}.electrical.excitonDiffusion.lifetimeS`;
    if (field === 'exciton_diffusion') return `${at}.electrical.excitonDiffusion`;
    if (field === 'exciton' || field.startsWith('exciton.')) {
      const sub = field.slice('exciton.'.length);
      return `${at}.electrical.ctDissociation${sub && field !== 'exciton' ? `.${EXCITON_NAMES[sub] ?? sub}` : ''}`;
    }
    return `${at}.electrical.${layerFieldBySolver(field)?.key ?? field}`;
  }
  if (where === 'contacts.left' || where === 'contacts.right')
    return `electrical.contacts.${where === 'contacts.left' ? 'front' : 'back'}.${specName(CONTACT_FIELDS, field)}`;
  if (where === 'contacts') return `electrical.contacts.${field}`;
  const iface = /^interface (\d+)$/.exec(where);
  if (iface) {
    const k = Number(iface[1]) - 1;
    const front = spec.layers[domain[k]!]?.name;
    const i = (spec.electrical?.interfaces ?? []).findIndex((it) => it.between?.[0] === front);
    const defect = /^defects\[(\d+)\]\.(.+)$/.exec(field);
    if (defect)
      return `electrical.interfaces[${i}].defects[${defect[1]}].${defectField(spec.electrical?.interfaces?.[i]?.defects?.[Number(defect[1])], defect[2]!)}`;
    const name = field.startsWith('thermionic.')
      ? `thermionic.${specName(THERMIONIC_FIELDS, field.slice('thermionic.'.length))}`
      : field.startsWith('tunnel_oxide.')
        ? `tunnelOxide.${specName(TUNNEL_OXIDE_FIELDS, field.slice('tunnel_oxide.'.length))}`
        : specName(INTERFACE_FIELDS, field);
    return `electrical.interfaces[${i}].${name}`;
  }
  const key = where === 'device' ? field : `${where}.${field}`;
  // an element of a list keeps its index: generation.x_nm[3] -> generation.xNm[3]
  const [, base, index] = /^(.*?)(\[\d+\])?$/.exec(key)!;
  return `electrical.${DEVICE_FIELDS[base!] ?? base}${index ?? ''}`;
}

/** Blocks of a layer's `electrical` object besides the field list's numbers. */
const LAYER_BLOCKS = new Set([
  'ions',
  'ctDissociation',
  'excitonDiffusion',
  'defects',
  'grading',
  'generatesCarriers',
  ...LAYER_CHOICE_FIELDS.map((c) => c.key),
]);

/** The DeviceSpec name of a solver defect field (capture named as the user gave it). */
function defectField(d: DefectElectricalLike | undefined, solver: string): string {
  const bySigma = d?.sigmaNCm2 !== undefined || d?.sigmaPCm2 !== undefined;
  switch (solver) {
    case 'N_t_cm3':
      return 'densityCm3';
    case 'N_t_cm2':
      return 'densityCm2';
    case 'level_below_vacuum_eV':
      return 'energyEV';
    case 'c_n_cm3_s':
      return bySigma ? 'sigmaNCm2' : 'cNCm3PerS';
    case 'c_p_cm3_s':
      return bySigma ? 'sigmaPCm2' : 'cPCm3PerS';
    case 'distribution.sigma_eV':
    case 'distribution.width_eV':
    case 'distribution.E_ch_eV':
      return 'widthEV';
    case 'distribution.band':
      return 'energyReference';
    case 'distribution.shape':
      return 'distribution';
    default:
      return solver;
  }
}

/** Solver names of the CT-dissociation fields -> the DeviceSpec's. */
const EXCITON_NAMES: Record<string, string> = {
  model: 'model',
  a_nm: 'separationNm',
  k_f_s: 'decayRatePerS',
  P0: 'directYield',
  distribution: 'distribution',
};

/** Solver names of an ionic species' fields -> the DeviceSpec's. */
const ION_NAMES: Record<string, string> = { N_ion_cm3: 'densityCm3', D_ion_cm2_s: 'diffusionCm2PerS', sign: 'sign' };

/**
 * Longest protocol, s (a year: beyond it a steady state is what is meant): the registry's limit of
 * one segment, which bounds the whole protocol too.
 */
export const MAX_TRANSIENT_S: number = param('electrical.transient.segments[].durationS').hard.max ?? 3.2e7;
/** Most samples of a transient, frequencies of an impedance spectrum, voltages of a C-V sweep (the registry's). */
export const MAX_TRANSIENT_POINTS: number = param('electrical.transient.points').hard.max ?? 10001;
export const MAX_IMPEDANCE_POINTS: number = param('electrical.impedance.points').hard.max ?? 500;
export const MAX_CAPACITANCE_POINTS: number = param('electrical.capacitanceFrequency.points').hard.max ?? 500;

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The transient protocol's rules between its fields (electrical.transient): a scan needs a rate
 * (its own or the protocol's) and somewhere to go, the segments' kinds, the whole protocol's length,
 * profile times within it. Each number's own value is the registry's (field-rules.ts).
 */
function checkTransient(t: TransientElectricalLike | undefined): CheckIssue[] {
  if (!t) return [];
  const out: CheckIssue[] = [];
  const p = 'electrical.transient';
  if (!Array.isArray(t.segments) || t.segments.length === 0) {
    out.push(issue(`${p}.segments`, 'check.segments-empty', {}, 'must list at least one segment'));
    return out;
  }
  if (t.segments.length > 200)
    out.push(
      issue(
        `${p}.segments`,
        'check.segments-too-many',
        { max: 200, got: t.segments.length },
        `at most 200 segments (got ${t.segments.length})`,
      ),
    );
  let total = 0;
  let V = t.initialV;
  t.segments.forEach((g, i) => {
    const q = `${p}.segments[${i}]`;
    if (g.kind === 'scan') {
      const rate = g.rateVPerS ?? t.rateVPerS;
      if (finite(g.toV) && rate === undefined)
        out.push(
          issue(
            `${q}.rateVPerS`,
            'check.scan-rate-missing',
            { got: String(rate) },
            `must be a scan rate > 0 (got ${String(rate)}; or give electrical.transient.rateVPerS)`,
          ),
        );
      else if (finite(g.toV) && g.toV === V)
        out.push(issue(`${q}.toV`, 'check.scan-nowhere', { startV: V }, `the scan goes nowhere (it starts at ${V} V)`));
      else if (finite(g.toV) && finite(rate) && rate > 0) total += Math.abs(g.toV - V) / rate;
      if (finite(g.toV)) V = g.toV;
    } else if (g.kind === 'hold' || g.kind === 'light' || g.kind === 'open-circuit') {
      if (finite(g.durationS) && g.durationS > 0) total += g.durationS;
      if (g.kind === 'hold' && finite(g.voltageV)) V = g.voltageV;
    } else
      out.push(
        issue(
          `${q}.kind`,
          'check.segment-kind',
          { got: String((g as { kind?: unknown }).kind) },
          `must be "scan", "hold", "light" or "open-circuit" (got ${String((g as { kind?: unknown }).kind)})`,
        ),
      );
  });
  if (total > MAX_TRANSIENT_S)
    out.push(
      issue(
        `${p}.segments`,
        'check.protocol-too-long',
        { totalS: total.toExponential(2), maxS: MAX_TRANSIENT_S },
        `${total.toExponential(2)} s in all is longer than ${MAX_TRANSIENT_S} s`,
      ),
    );
  (t.profileTimesS ?? []).forEach((s, i) => {
    // a time the registry refuses (negative, not a number) is said there
    if (finite(s) && s >= 0 && s > total * (1 + 1e-9))
      out.push(
        issue(
          `${p}.profileTimesS[${i}]`,
          'check.time-outside-protocol',
          { maxS: total, got: String(s) },
          `must be a time within the protocol, 0 to ${total} s (got ${String(s)})`,
        ),
      );
  });
  return out;
}

/** The impedance spectrum's rule between its fields: stopHz above startHz (each value is the registry's). */
function checkImpedance(z: ImpedanceElectricalLike | undefined): CheckIssue[] {
  if (!z) return [];
  return frequencyOrder('electrical.impedance', z.startHz ?? 1e-3, z.stopHz ?? 1e6, z.stopHz);
}

/** stopHz above startHz, when both are usable numbers (defaults filled in). */
function frequencyOrder(p: string, lo: unknown, hi: unknown, given: unknown): CheckIssue[] {
  if (!(finite(lo) && lo > 0 && finite(hi) && hi > 0) || hi > lo) return [];
  return [
    issue(
      `${p}.stopHz`,
      'check.above-start-at-most',
      { maxHz: '1e12', got: String(given) },
      `must be above startHz and at most 1e12 Hz (got ${String(given)})`,
    ),
  ];
}

/**
 * The C-V sweep's rules between its fields (electrical.capacitanceVoltage): a step that is not 0
 * and goes from startV to stopV in at most MAX_CAPACITANCE_POINTS voltages, a fit range in order, a
 * fit layer that exists. Each number's own value is the registry's (field-rules.ts).
 */
function checkCapacitanceVoltage(c: CapacitanceVoltageLike | undefined, layers: string[]): CheckIssue[] {
  if (!c) return [];
  const out: CheckIssue[] = [];
  const p = 'electrical.capacitanceVoltage';
  // a step that is given but no number is the registry's verdict (field-rules.ts)
  if (c.stepV === undefined) out.push(issue(`${p}.stepV`, 'check.missing', {}, 'missing'));
  else if (c.stepV === 0)
    out.push(issue(`${p}.stepV`, 'check.not-zero', { got: String(c.stepV) }, `must not be 0 (got ${String(c.stepV)})`));
  else if (finite(c.stepV) && finite(c.startV) && finite(c.stopV)) {
    const count = Math.floor((c.stopV - c.startV) / c.stepV + 1e-9) + 1;
    if (count < 2)
      out.push(
        issue(
          `${p}.stepV`,
          'check.cv-step',
          { stepV: c.stepV },
          `must step from startV towards stopV, at least two voltages (got ${c.stepV} V)`,
        ),
      );
    else if (count > MAX_CAPACITANCE_POINTS)
      out.push(
        issue(
          `${p}.stepV`,
          'check.cv-too-many',
          { count, max: MAX_CAPACITANCE_POINTS },
          `${count} voltages is too many (at most ${MAX_CAPACITANCE_POINTS})`,
        ),
      );
  }
  if (finite(c.fitFromV) && finite(c.fitToV) && !(c.fitToV > c.fitFromV))
    out.push(
      issue(
        `${p}.fitToV`,
        'check.fit-order',
        { toV: c.fitToV, fromV: c.fitFromV },
        `must be above fitFromV (got ${c.fitToV} V, from ${c.fitFromV} V)`,
      ),
    );
  if (c.fitLayer !== undefined && !layers.includes(c.fitLayer))
    out.push(
      issue(
        `${p}.fitLayer`,
        'check.not-electrical-layer',
        { name: c.fitLayer, layers: layers.join(', ') },
        `"${c.fitLayer}" is not a layer with electrical parameters (${layers.join(', ')})`,
      ),
    );
  return out;
}

/** The C-f sweep's rule between its fields: stopHz above startHz (each value is the registry's). */
function checkCapacitanceFrequency(c: CapacitanceFrequencyLike | undefined): CheckIssue[] {
  if (!c) return [];
  return frequencyOrder('electrical.capacitanceFrequency', c.startHz ?? 1, c.stopHz ?? 1e7, c.stopHz);
}
