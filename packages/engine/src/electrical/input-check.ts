/**
 * Input checks of the drift-diffusion solver, for a device given in the solver's names (a pv-bench
 * case, the worker's mapped device; device/check.ts runs it on every mapped DeviceSpec and names its
 * issues back to the DeviceSpec's fields). Every issue names the layer (or contact, interface,
 * block) and the field, so that a user can find what to fix.
 *
 * One field's value is judged by its entry in the parameter registry (@pvforge/params, found by
 * its engine name): its hard limits, in the registry's words (limitRule). On a DeviceSpec the
 * registry has judged the field already, on the DeviceSpec's names (device/field-rules.ts), and the
 * check drops these verdicts; here they guard the solver's other callers. The rest is the physics
 * that couples fields: SRH given one way, a defect level inside the gap, the excitons' models,
 * contacts that suit their layers, generation data, solver options. Warnings: what runs but may
 * mislead — Boltzmann statistics where a layer's doping or a contact puts the Fermi level within kT
 * of a band edge or inside a band (Fermi-Dirac statistics are then needed: at E_F = E_c - kT the
 * Boltzmann density exceeds Nc F_1/2 by 8 %, and the error grows without bound inside the band;
 * Sze & Ng, Physics of Semiconductor Devices, 3rd ed., §1.4.1).
 */
import { judge, type Param, param, paramsUnder } from '@pvforge/params';
import { thermalVoltageV } from '../constants.js';
import { type CheckMessageCode, checkMessage, paramMessage } from '../messages/device-check.js';
import type { EngineMessage, MessageParams } from '../messages/index.js';
import { GRADABLE_KEYS, LAYER_FIELDS, layerFieldByKey } from './fields.js';
import { layerAt } from './models/grading.js';
import type { BulkDefect, ElectricalDevice, ElectricalInputIssue, ElectricalLayer, InterfaceDefect } from './types.js';

/**
 * More dopant atoms than any solid has atoms (about 5e22 cm^-3 in silicon): refused. The
 * registry's hard limit of the donor density, kept under its old name for the code that reads it.
 */
export const MAX_DOPING_CM3: number = param('layers[].electrical.ndCm3').hard.max ?? 1e22;
/** Fermi level closer to a band edge than this many kT: Boltzmann overestimates the density by more than 8 %. */
const BOLTZMANN_MARGIN_KT = 1;
/** Largest mesh the solver accepts, nodes (the advice to users is 600; spec §9). */
export const MAX_NODES = 20000;

function finite(x: unknown): x is number {
  return typeof x === 'number' && Number.isFinite(x);
}

/** What is wrong, for the user (a check code with its numbers) and in English. */
const say = (code: CheckMessageCode, params: MessageParams, text: string): EngineMessage =>
  checkMessage(code, params, text);

type Push = (field: string, said: EngineMessage, code: string, severity?: 'error' | 'warning') => void;

function pusher(out: ElectricalInputIssue[], where: string, layerIndex?: number): Push {
  return (field, said, code, severity = 'error') => {
    const { text } = said;
    const issue: ElectricalInputIssue = {
      severity,
      where,
      field,
      text,
      detail: said,
      code,
      message: `${where}: ${field} ${text}`,
    };
    if (layerIndex !== undefined) issue.layerIndex = layerIndex;
    out.push(issue);
  };
}

/** Where the solver's fields sit in a DeviceSpec, as the registry's path prefixes. */
const LAYER = 'layers[].electrical.';
const IONS = 'layers[].electrical.ions[].';
const CT = 'layers[].electrical.ctDissociation.';
const EXCITON_DIFFUSION = 'layers[].electrical.excitonDiffusion.';
const BULK_DEFECT = 'layers[].electrical.defects[].';
const INTERFACE = 'electrical.interfaces[].';
const INTERFACE_DEFECT = 'electrical.interfaces[].defects[].';
const THERMIONIC = 'electrical.interfaces[].thermionic.';
const OXIDE = 'electrical.interfaces[].tunnelOxide.';
const CONTACT = 'electrical.contacts.*.';
const DEVICE = 'electrical.';

const SOLVER_PARAMS = new Map<string, Param | null>();

/** The solver fields judged by their registry entry, by where they sit (for the test that each has one). */
export const SOLVER_FIELDS: readonly (readonly [prefix: string, name: string])[] = [
  ['layers[].', 'thickness_nm'],
  ...LAYER_FIELDS.map((f) => [LAYER, f.solver] as const),
  ...(['N_ion_cm3', 'D_ion_cm2_s'] as const).map((n) => [IONS, n] as const),
  ...(['a_nm', 'k_f_s', 'P0'] as const).map((n) => [CT, n] as const),
  ...(['L_nm', 'tau_s'] as const).map((n) => [EXCITON_DIFFUSION, n] as const),
  ...(['N_t_cm3', 'c_n_cm3_s', 'c_p_cm3_s'] as const).map((n) => [BULK_DEFECT, n] as const),
  ...(['N_t_cm2', 'c_n_cm3_s', 'c_p_cm3_s'] as const).map((n) => [INTERFACE_DEFECT, n] as const),
  ...(['S_n_cm_s', 'S_p_cm_s', 'Nt_cm2', 'sigma_n_cm2', 'sigma_p_cm2', 'vth_cm_s', 'Et_minus_Emid_eV'] as const).map(
    (n) => [INTERFACE, n] as const,
  ),
  ...(['v_n_cm_s', 'v_p_cm_s'] as const).map((n) => [THERMIONIC, n] as const),
  ...(['thickness_nm', 'barrier_n_eV', 'barrier_p_eV', 'mass_n_rel', 'mass_p_rel'] as const).map(
    (n) => [OXIDE, n] as const,
  ),
  ...(['S_n_cm_s', 'S_p_cm_s'] as const).map((n) => [CONTACT, n] as const),
  ...(['T_K', 'Rs_ohm_cm2', 'Rsh_ohm_cm2'] as const).map((n) => [DEVICE, n] as const),
];

/**
 * The registry entry of a solver field: the entry under the DeviceSpec prefix whose engine name it
 * is (`Nt_cm3` under layers[].electrical.; device-level names may carry their block,
 * `generation.G_cm3_s`). Every field the rules below judge has one (test/electrical/inputs.test.ts).
 */
export function solverParam(prefix: string, name: string): Param {
  const key = `${prefix}|${name}`;
  let p = SOLVER_PARAMS.get(key);
  if (p === undefined) {
    p = paramsUnder(prefix).find((e) => e.engine?.name === name || e.engine?.name.endsWith(`.${name}`)) ?? null;
    SOLVER_PARAMS.set(key, p);
  }
  if (!p) throw new Error(`no parameter-registry entry for the solver field ${name} under ${prefix}`);
  return p;
}

/**
 * A solver value against the hard limits of its registry entry, taken back to the DeviceSpec's unit
 * (value / factor) so the words are the registry's whichever way the device came in (a DeviceSpec
 * or a pv-bench case): the solver's only rule of one field's value. Plausible ranges are the
 * DeviceSpec check's (device/field-rules.ts), not the solver's: a benchmark case may test a value
 * no real device has. Returns false when the value was refused.
 */
function limitRule(prefix: string, name: string, v: unknown, field: string, push: Push): boolean {
  const p = solverParam(prefix, name);
  const value = typeof v === 'number' ? v / (p.engine?.factor ?? 1) : v;
  const verdict = judge(p, value);
  if (verdict?.severity !== 'error') return true;
  push(field, paramMessage(p, verdict, value), 'param-limit');
  return false;
}

/**
 * The widest energy distribution of each shape the solver takes, eV: a Gaussian's standard
 * deviation (its +- 4 sigma then spans 8 eV, more than any gap), a band tail's characteristic
 * (Urbach) energy (ten times the widest measured), and a uniform band's full width, which is the
 * registry's one limit of the width. The registry has one width entry for every shape, so the
 * DeviceSpec check says the narrower bounds of a Gaussian and a tail as a rule between the
 * distribution and its width (device/defects-map.ts); the solver's rules below keep them for its
 * other callers.
 */
export const MAX_DISTRIBUTION_WIDTH_EV: { readonly gaussian: number; readonly uniform: number; readonly tail: number } =
  {
    gaussian: 1,
    uniform: param('layers[].electrical.defects[].widthEV').hard.max ?? 5,
    tail: 0.5,
  };

/** Most defects per layer or per interface. */
export const MAX_DEFECTS = 20;

/**
 * One defect's rules: its type, density and capture coefficients (the registry's limits, under
 * `prefix`), distribution, and a level (the distribution's centre) inside the gap it sits in
 * (depths chi .. chi + Eg). The distribution's width keeps its shape's own bound here
 * (MAX_DISTRIBUTION_WIDTH_EV).
 */
function checkDefect(
  d: BulkDefect | InterfaceDefect,
  at: string,
  densityField: 'N_t_cm3' | 'N_t_cm2',
  gap: { chi: number; Eg: number },
  push: Push,
  prefix: string,
): void {
  if (d.type !== 'donor' && d.type !== 'acceptor' && d.type !== 'neutral')
    push(
      `${at}.type`,
      say(
        'check.defect-type',
        { got: String(d.type) },
        `must be "donor", "acceptor" or "neutral" (got ${String(d.type)})`,
      ),
      'choice',
    );
  const N = (d as unknown as Record<string, unknown>)[densityField];
  limitRule(prefix, densityField, N, `${at}.${densityField}`, push);
  for (const f of ['c_n_cm3_s', 'c_p_cm3_s'] as const) limitRule(prefix, f, d[f], `${at}.${f}`, push);
  const dist = d.distribution;
  const tail = dist?.shape === 'tail';
  if (!tail) {
    const lv = d.level_below_vacuum_eV;
    if (!finite(lv))
      push(
        `${at}.level_below_vacuum_eV`,
        say('check.not-finite', { got: String(lv) }, `must be a finite energy (got ${String(lv)})`),
        'not-finite',
      );
    else if (finite(gap.chi) && finite(gap.Eg) && !(lv > gap.chi && lv < gap.chi + gap.Eg))
      push(
        `${at}.level_below_vacuum_eV`,
        say(
          'check.level-outside-gap-vacuum',
          { from: gap.chi.toFixed(3), to: (gap.chi + gap.Eg).toFixed(3), got: lv },
          `must lie inside the band gap, between ${gap.chi.toFixed(3)} and ${(gap.chi + gap.Eg).toFixed(3)} eV below the vacuum level (got ${lv})`,
        ),
        'range',
      );
  }
  if (dist !== undefined) {
    if (dist.shape === 'gaussian') {
      if (!finite(dist.sigma_eV) || !(dist.sigma_eV > 0) || dist.sigma_eV > MAX_DISTRIBUTION_WIDTH_EV.gaussian)
        push(
          `${at}.distribution.sigma_eV`,
          say(
            'check.above-zero-at-most',
            { max: MAX_DISTRIBUTION_WIDTH_EV.gaussian, unit: 'eV', got: String(dist.sigma_eV) },
            `must be a width > 0 and at most ${MAX_DISTRIBUTION_WIDTH_EV.gaussian} eV (got ${String(dist.sigma_eV)})`,
          ),
          'range',
        );
    } else if (dist.shape === 'uniform') {
      if (!finite(dist.width_eV) || !(dist.width_eV > 0) || dist.width_eV > MAX_DISTRIBUTION_WIDTH_EV.uniform)
        push(
          `${at}.distribution.width_eV`,
          say(
            'check.above-zero-at-most',
            { max: MAX_DISTRIBUTION_WIDTH_EV.uniform, unit: 'eV', got: String(dist.width_eV) },
            `must be a width > 0 and at most ${MAX_DISTRIBUTION_WIDTH_EV.uniform} eV (got ${String(dist.width_eV)})`,
          ),
          'range',
        );
    } else if (dist.shape === 'tail') {
      if (!finite(dist.E_ch_eV) || !(dist.E_ch_eV > 0) || dist.E_ch_eV > MAX_DISTRIBUTION_WIDTH_EV.tail)
        push(
          `${at}.distribution.E_ch_eV`,
          say(
            'check.above-zero-at-most',
            { max: MAX_DISTRIBUTION_WIDTH_EV.tail, unit: 'eV', got: String(dist.E_ch_eV) },
            `must be a characteristic energy > 0 and at most ${MAX_DISTRIBUTION_WIDTH_EV.tail} eV (got ${String(dist.E_ch_eV)})`,
          ),
          'range',
        );
      if (dist.band !== 'conduction' && dist.band !== 'valence')
        push(
          `${at}.distribution.band`,
          say(
            'check.tail-band',
            { got: String(dist.band) },
            `must be "conduction" or "valence" (got ${String(dist.band)})`,
          ),
          'choice',
        );
    } else if (dist.shape !== 'single')
      push(
        `${at}.distribution.shape`,
        say(
          'check.distribution-shape',
          { got: String((dist as { shape?: unknown }).shape) },
          `must be "single", "gaussian", "uniform" or "tail" (got ${String((dist as { shape?: unknown }).shape)})`,
        ),
        'choice',
      );
  }
}

function checkLayer(l: ElectricalLayer, idx: number, fermiDirac: boolean, Vt: number, out: ElectricalInputIssue[]) {
  const where = l.name ? `layer "${l.name}"` : `layer ${idx + 1}`;
  const push = pusher(out, where, idx);
  limitRule('layers[].', 'thickness_nm', l.thickness_nm, 'thickness_nm', push);
  const values = l as unknown as Record<string, unknown>;
  const ok = new Set<string>();
  for (const f of LAYER_FIELDS) {
    const v = values[f.solver];
    if (v === undefined) {
      if (f.required) push(f.solver, say('check.missing', {}, 'missing'), 'missing');
      continue;
    }
    if (limitRule(LAYER, f.solver, v, f.solver, push)) ok.add(f.solver);
  }
  // a graded layer's back-face values: the hard limits of the parameter they grade
  const back = l.graded?.back as Record<string, unknown> | undefined;
  if (back && typeof back === 'object')
    for (const k of GRADABLE_KEYS) {
      const solver = layerFieldByKey(k)!.solver;
      if (back[solver] !== undefined) limitRule(LAYER, solver, back[solver], `graded.back.${solver}`, push);
    }
  // SRH is given either as lifetimes or as a trap density with cross-sections
  const hasTau = l.tau_n_s !== undefined || l.tau_p_s !== undefined;
  const hasNt = l.Nt_cm3 !== undefined || l.sigma_n_cm2 !== undefined || l.sigma_p_cm2 !== undefined;
  if (hasTau && (l.tau_n_s === undefined || l.tau_p_s === undefined))
    push(
      l.tau_n_s === undefined ? 'tau_n_s' : 'tau_p_s',
      say('check.srh-lifetimes-pair', {}, 'missing: give both SRH lifetimes or neither'),
      'missing',
    );
  if (hasTau && hasNt)
    push(
      'Nt_cm3',
      say('check.srh-conflict', {}, 'give SRH either as lifetimes or as a trap density with cross-sections, not both'),
      'conflict',
    );
  if (!hasTau && hasNt)
    for (const f of ['Nt_cm3', 'sigma_n_cm2', 'sigma_p_cm2'] as const)
      if (l[f] === undefined)
        push(
          f,
          say(
            'check.srh-trap-incomplete',
            {},
            'missing: an SRH trap density needs its density and both capture cross-sections',
          ),
          'missing',
        );
  // doping beyond any solid's atom density is the registry's hard limit (above); Boltzmann
  // statistics invalid when degenerate: below
  // mobile ions: at most two species (an anion and a cation), each with a density, a diffusion
  // coefficient and a charge of +-1
  if (l.ions !== undefined) {
    if (!Array.isArray(l.ions) || l.ions.length > 2)
      push('ions', say('check.ions-count', {}, 'must list at most two mobile species'), 'ions-count');
    else
      l.ions.forEach((ion, k) => {
        limitRule(IONS, 'N_ion_cm3', ion.N_ion_cm3, `ions[${k}].N_ion_cm3`, push);
        limitRule(IONS, 'D_ion_cm2_s', ion.D_ion_cm2_s, `ions[${k}].D_ion_cm2_s`, push);
        if (ion.sign !== 1 && ion.sign !== -1)
          push(
            `ions[${k}].sign`,
            say('check.ion-sign', { got: String(ion.sign) }, `must be +1 or -1 (got ${String(ion.sign)})`),
            'choice',
          );
      });
  }
  // CT-state dissociation (organic blends, dissociation.ts)
  if (l.exciton !== undefined) {
    const ex = l.exciton;
    if (typeof ex !== 'object' || ex === null)
      push('exciton', say('check.not-object', {}, 'must be an object'), 'choice');
    else {
      if (ex.model !== 'onsager-braun')
        push(
          'exciton.model',
          say('check.ct-model', { got: String(ex.model) }, `must be "onsager-braun" (got ${String(ex.model)})`),
          'choice',
        );
      limitRule(CT, 'a_nm', ex.a_nm, 'exciton.a_nm', push);
      limitRule(CT, 'k_f_s', ex.k_f_s, 'exciton.k_f_s', push);
      if (ex.P0 !== undefined) limitRule(CT, 'P0', ex.P0, 'exciton.P0', push);
      if (ex.distribution !== undefined && ex.distribution !== 'delta' && ex.distribution !== 'gaussian')
        push(
          'exciton.distribution',
          say(
            'check.ct-distribution',
            { got: String(ex.distribution) },
            `must be "delta" or "gaussian" (got ${String(ex.distribution)})`,
          ),
          'choice',
        );
      // Braun's dissociation rate is proportional to the bimolecular coefficient
      const gamma = l.langevin_prefactor ?? l.k_rad_cm3_s ?? 0;
      if (finite(gamma) && gamma === 0 && (ex.P0 ?? 0) < 1)
        push(
          'exciton',
          say(
            'check.exciton-no-gamma',
            {},
            'needs a bimolecular coefficient (a Langevin prefactor or k_rad > 0): without one no charge-transfer state dissociates',
          ),
          'exciton-no-gamma',
        );
    }
  }
  // defects (defects.ts)
  if (l.defects !== undefined) {
    if (!Array.isArray(l.defects) || l.defects.length > MAX_DEFECTS)
      push(
        'defects',
        say('check.defects-count', { max: MAX_DEFECTS }, `must list at most ${MAX_DEFECTS} defects`),
        'defects-count',
      );
    else
      l.defects.forEach((d, k) => {
        checkDefect(d, `defects[${k}]`, 'N_t_cm3', { chi: l.chi_eV, Eg: l.Eg_eV }, push, BULK_DEFECT);
      });
  }
  // exciton diffusion (planar heterojunctions, exciton-diffusion.ts)
  if (l.exciton_diffusion !== undefined) {
    const ed = l.exciton_diffusion;
    if (typeof ed !== 'object' || ed === null)
      push('exciton_diffusion', say('check.not-object', {}, 'must be an object'), 'choice');
    else {
      limitRule(EXCITON_DIFFUSION, 'L_nm', ed.L_nm, 'exciton_diffusion.L_nm', push);
      limitRule(EXCITON_DIFFUSION, 'tau_s', ed.tau_s, 'exciton_diffusion.tau_s', push);
      if (l.exciton !== undefined)
        push(
          'exciton_diffusion',
          say(
            'check.exciton-models-conflict',
            {},
            'give a layer either CT-state dissociation (a blend) or exciton diffusion (one side of a planar junction), not both',
          ),
          'conflict',
        );
    }
  }
  // (only on usable values: a doping the registry refused is said already); a graded layer at both
  // faces, the back face's when only it is degenerate (its doping and DOS change linearly between)
  const dopingOk = (['Nd_cm3', 'Na_cm3'] as const).every((f) => l[f] === undefined || ok.has(f));
  if (!fermiDirac && ok.has('Nc_cm3') && ok.has('Nv_cm3') && dopingOk) degenerateDoping(l, Vt, push);
}

/** The Boltzmann-degenerate warning of a layer's doping at its front face or else its back face. */
function degenerateDoping(layer: ElectricalLayer, Vt: number, push: Push): void {
  const faces = layer.graded ? [layer, layerAt(layer, 1)] : [layer];
  const degenerate = (l: ElectricalLayer) => {
    const net = (l.Nd_cm3 ?? 0) - (l.Na_cm3 ?? 0);
    return Math.abs(net) > Math.exp(-BOLTZMANN_MARGIN_KT) * (net >= 0 ? l.Nc_cm3 : l.Nv_cm3);
  };
  const l = faces.find(degenerate);
  const net = l ? (l.Nd_cm3 ?? 0) - (l.Na_cm3 ?? 0) : 0;
  if (l) {
    const edge = net >= 0 ? l.Nc_cm3 : l.Nv_cm3;
    const field = net >= 0 ? 'Nd_cm3' : 'Na_cm3';
    if (Math.abs(net) > Math.exp(-BOLTZMANN_MARGIN_KT) * edge) {
      const eta = Math.log(Math.abs(net) / edge); // E_F - E_c in kT under Boltzmann
      push(
        field,
        say(
          'check.boltzmann-degenerate',
          {
            distanceEV: (Math.abs(eta) * Vt).toFixed(3),
            inside: eta >= 0 ? 'inside' : 'from',
            band: net >= 0 ? 'conduction' : 'valence',
            netCm3: Math.abs(net).toExponential(2),
            edgeCm3: edge.toExponential(2),
          },
          `puts the Fermi level ${eta >= 0 ? `${(eta * Vt).toFixed(3)} eV inside` : `${(-eta * Vt).toFixed(3)} eV from`} the ${
            net >= 0 ? 'conduction' : 'valence'
          } band (net doping ${Math.abs(net).toExponential(2)} cm^-3 against ${
            net >= 0 ? 'Nc' : 'Nv'
          } ${edge.toExponential(2)} cm^-3): Boltzmann statistics are not valid there; choose Fermi-Dirac statistics`,
        ),
        'boltzmann-degenerate',
        'warning',
      );
    }
  }
}

function checkGeneration(d: ElectricalDevice, nSemi: number, out: ElectricalInputIssue[]) {
  const g = d.generation;
  const push = pusher(out, 'generation');
  const nonNegArray = (field: string, a: unknown, length?: number) => {
    if (!Array.isArray(a) || a.length === 0) {
      push(field, say('check.not-list', {}, 'must be a non-empty list of numbers'), 'not-list');
      return false;
    }
    if (length !== undefined && a.length !== length) {
      push(
        field,
        say('check.length', { count: length, got: a.length }, `must give ${length} values (got ${a.length})`),
        'length',
      );
      return false;
    }
    const bad = a.findIndex((v) => !(finite(v) && v >= 0));
    if (bad >= 0) {
      push(
        `${field}[${bad}]`,
        say('check.negative', { got: String(a[bad]) }, `must be a finite number >= 0 (got ${String(a[bad])})`),
        'negative',
      );
      return false;
    }
    return true;
  };
  if (!g || typeof g !== 'object') {
    push('kind', say('check.missing', {}, 'missing'), 'missing');
    return;
  }
  switch (g.kind) {
    case 'dark':
      return;
    case 'uniform':
      if (!(finite(g.G_cm3_s) && g.G_cm3_s >= 0))
        push(
          'G_cm3_s',
          say('check.negative', { got: String(g.G_cm3_s) }, `must be a finite number >= 0 (got ${String(g.G_cm3_s)})`),
          'negative',
        );
      return;
    case 'per-layer':
      nonNegArray('G_cm3_s', g.G_cm3_s, nSemi);
      return;
    case 'mesh':
      // the length is checked against the mesh when it is built (generation.ts)
      nonNegArray('G_cm3_s', g.G_cm3_s);
      return;
    case 'profile': {
      if (!nonNegArray('G_cm3_s', g.G_cm3_s)) return;
      if (!Array.isArray(g.x_nm) || g.x_nm.length !== g.G_cm3_s.length) {
        push(
          'x_nm',
          say(
            'check.length',
            { count: g.G_cm3_s.length, got: Array.isArray(g.x_nm) ? g.x_nm.length : 0 },
            `must give one position per value of G_cm3_s (${g.G_cm3_s.length})`,
          ),
          'length',
        );
        return;
      }
      const bad = g.x_nm.findIndex((x, i) => !finite(x) || (i > 0 && !(x > g.x_nm[i - 1]!)));
      if (bad >= 0)
        push(
          `x_nm[${bad}]`,
          say(
            'check.not-increasing',
            { got: String(g.x_nm[bad]) },
            `must be finite and strictly increasing (got ${String(g.x_nm[bad])})`,
          ),
          'order',
        );
      return;
    }
    case 'function':
      // evaluated at the mesh nodes, where each value is checked (generation.ts)
      if (typeof g.G !== 'function')
        push('G', say('check.not-function', {}, 'must be a function of x_nm'), 'not-function');
      return;
    case 'beer-lambert':
      if (!Array.isArray(g.lines))
        push(
          'lines',
          say('check.not-list', {}, 'must be a list of photon fluxes with their absorption coefficients'),
          'not-list',
        );
      else
        g.lines.forEach((line, i) => {
          if (!(finite(line.photonFlux_cm2_s) && line.photonFlux_cm2_s >= 0))
            push(
              `lines[${i}].photonFlux_cm2_s`,
              say(
                'check.negative',
                { got: String(line.photonFlux_cm2_s) },
                `must be a finite number >= 0 (got ${String(line.photonFlux_cm2_s)})`,
              ),
              'negative',
            );
          nonNegArray(`lines[${i}].alpha_cm`, line.alpha_cm, nSemi);
        });
      if (g.reflectance !== undefined && !(finite(g.reflectance) && g.reflectance >= 0 && g.reflectance <= 1))
        push(
          'reflectance',
          say(
            'check.between',
            { min: 0, max: 1, unit: '', got: String(g.reflectance) },
            `must be a fraction between 0 and 1 (got ${String(g.reflectance)})`,
          ),
          'range',
        );
      if (g.from !== 'left' && g.from !== 'right')
        push(
          'from',
          say(
            'check.choice',
            { choices: 'left, right', got: String(g.from) },
            `must be "left" or "right" (got ${String(g.from)})`,
          ),
          'choice',
        );
      return;
    default:
      push(
        'kind',
        say(
          'check.choice',
          {
            choices: 'dark, uniform, per-layer, mesh, profile, function, beer-lambert',
            got: String((g as { kind?: unknown }).kind),
          },
          `is not a generation kind (got ${String((g as { kind?: unknown }).kind)})`,
        ),
        'choice',
      );
  }
}

function checkOptions(d: ElectricalDevice, out: ElectricalInputIssue[]) {
  const o = d.options;
  if (!o) return;
  const push = pusher(out, 'options');
  const positiveInt = (field: string, v: number | undefined, min: number, max: number) => {
    if (v === undefined) return;
    if (!(Number.isInteger(v) && v >= min && v <= max))
      push(
        field,
        say(
          'check.integer-range',
          { min, max, got: String(v) },
          `must be an integer from ${min} to ${max} (got ${String(v)})`,
        ),
        'range',
      );
  };
  const positive = (field: string, v: number | undefined) => {
    if (v === undefined) return;
    if (!(finite(v) && v > 0))
      push(
        field,
        say('check.not-positive', { got: String(v) }, `must be a finite number > 0 (got ${String(v)})`),
        'not-positive',
      );
  };
  positiveInt('nodes', o.nodes, 3, MAX_NODES);
  positiveInt('maxNewtonIterations', o.maxNewtonIterations, 1, 10000);
  positive('newtonTolerance', o.newtonTolerance);
  if (finite(o.newtonTolerance) && o.newtonTolerance >= 1)
    push(
      'newtonTolerance',
      say(
        'check.above-zero-at-most',
        { max: 1, unit: '', got: o.newtonTolerance },
        `must be < 1 (thermal voltages; got ${o.newtonTolerance})`,
      ),
      'range',
    );
  positive('maxVoltageStep_V', o.maxVoltageStep_V);
  positive('minVoltageStep_V', o.minVoltageStep_V);
  if (finite(o.minVoltageStep_V) && finite(o.maxVoltageStep_V) && o.minVoltageStep_V > o.maxVoltageStep_V)
    push(
      'minVoltageStep_V',
      say(
        'check.above-zero-at-most',
        { max: o.maxVoltageStep_V, unit: 'V', got: o.minVoltageStep_V },
        `must not exceed the largest voltage step (${o.maxVoltageStep_V} V)`,
      ),
      'range',
    );
  positive('wallClockLimit_ms', o.wallClockLimit_ms);
  positive('incidentPower_mW_cm2', o.incidentPower_mW_cm2);
  if (
    o.profileBiases_V !== undefined &&
    (!Array.isArray(o.profileBiases_V) || o.profileBiases_V.some((v) => !finite(v)))
  )
    push('profileBiases_V', say('check.voltage-list', {}, 'must be a list of finite voltages'), 'not-finite');
  const st = o.statistics;
  if (st !== undefined && st !== 'boltzmann' && st !== 'fermi-dirac')
    push(
      'statistics',
      say(
        'check.choice',
        { choices: 'boltzmann, fermi-dirac', got: String(st) },
        `must be "boltzmann" or "fermi-dirac" (got ${String(st)})`,
      ),
      'choice',
    );
}

/**
 * Above this barrier (eV) between an ohmic contact's Fermi level and the band edge of the carrier
 * it collects, the contact is called out: 0.3 eV cuts the carrier density there by e^(0.3/Vt),
 * about 1e5 at 300 K, whereas a layer doped at 1e17 cm^-3 or more (Nc, Nv <= 1e20) stays within 0.18 eV.
 */
export const OHMIC_BARRIER_WARN_EV = 0.3;

/**
 * The barrier (eV) an ohmic contact on layer l presents to the carrier it collects (holes at the
 * anode, electrons at the cathode): the distance of the layer's neutral equilibrium Fermi level
 * (Boltzmann, n p = ni^2, n - p = Nd - Na) from that band edge; undefined while a value is unusable.
 */
export function ohmicBarrier(l: ElectricalLayer, anode: boolean, Vt: number): number | undefined {
  const { chi_eV: chi, Eg_eV: Eg, Nc_cm3: Nc, Nv_cm3: Nv } = l;
  if (![chi, Eg, Nc, Nv].every(finite) || !(Eg > 0 && Nc > 0 && Nv > 0)) return undefined;
  const C = (l.Nd_cm3 ?? 0) - (l.Na_cm3 ?? 0);
  if (!finite(C)) return undefined;
  // ln n with n = C/2 + sqrt(C^2/4 + ni^2), in logs (ni^2 underflows in wide gaps)
  const lnNi = 0.5 * (Math.log(Nc) + Math.log(Nv) - Eg / Vt);
  const a = Math.abs(C) / 2;
  const r = a > 0 ? lnNi - Math.log(a) : Number.POSITIVE_INFINITY;
  const lnMajor = r > 30 ? lnNi : Math.log(a) + Math.log1p(Math.sqrt(1 + Math.exp(2 * r)));
  const lnN = C >= 0 ? lnMajor : 2 * lnNi - lnMajor;
  // E_F below vacuum: W = chi + Vt ln(Nc / n)
  const W = chi + Vt * (Math.log(Nc) - lnN);
  return anode ? chi + Eg - W : W - chi;
}

/** Returns the issues of a device description (errors and warnings); no error means usable. */
export function checkElectricalDevice(d: ElectricalDevice): ElectricalInputIssue[] {
  const out: ElectricalInputIssue[] = [];
  const dev = pusher(out, 'device');
  if (!Array.isArray(d.layers) || d.layers.length === 0) {
    dev('layers', say('check.missing', {}, 'must list at least one layer'), 'missing');
    return out;
  }
  limitRule(DEVICE, 'T_K', d.T_K, 'T_K', dev);
  const fermiDirac = d.options?.statistics === 'fermi-dirac';
  const Vt = thermalVoltageV(finite(d.T_K) && d.T_K > 0 ? d.T_K : 300);
  const semi = d.layers.map((l, i) => ({ l, i })).filter((x) => !x.l.electrode);
  if (semi.length === 0)
    dev('layers', say('check.no-electrical-layer', {}, 'must contain at least one non-electrode layer'), 'missing');
  const first = semi[0]?.i ?? 0;
  const last = semi[semi.length - 1]?.i ?? 0;
  d.layers.forEach((l, i) => {
    if (l.electrode) {
      const push = pusher(out, `layer "${l.name}"`, i);
      if (i > first && i < last)
        push(
          'electrode',
          say('check.electrode-position', {}, 'an electrode layer may only be the first or last layers of the stack'),
          'position',
        );
      if (finite(l.thickness_nm) && l.thickness_nm < 0)
        push(
          'thickness_nm',
          say('check.negative', { got: l.thickness_nm }, `must not be negative (got ${l.thickness_nm})`),
          'negative',
        );
      return;
    }
    checkLayer(l, i, fermiDirac, Vt, out);
  });
  // excitons split only where two layers with exciton diffusion meet (the donor/acceptor interface)
  semi.forEach(({ l, i }, k) => {
    if (!l.exciton_diffusion) return;
    const before = semi[k - 1]?.l.exciton_diffusion !== undefined;
    const after = semi[k + 1]?.l.exciton_diffusion !== undefined;
    if (!before && !after)
      pusher(out, `layer "${l.name}"`, i)(
        'exciton_diffusion',
        say(
          'check.exciton-no-interface',
          {},
          'touches no other layer with exciton diffusion, so no donor/acceptor interface splits its excitons: they all decay',
        ),
        'exciton-no-interface',
        'warning',
      );
  });
  const anodeOk = d.contacts?.anode === 'left' || d.contacts?.anode === 'right';
  if (d.contacts && !anodeOk)
    pusher(out, 'contacts')(
      'anode',
      say(
        'check.choice',
        { choices: 'left, right', got: String(d.contacts.anode) },
        `must be "left" or "right" (got ${String(d.contacts.anode)})`,
      ),
      'choice',
    );
  for (const side of ['left', 'right'] as const) {
    const c = d.contacts?.[side];
    const push = pusher(out, `contacts.${side}`);
    if (!c) {
      push('kind', say('check.missing', {}, 'missing'), 'missing');
      continue;
    }
    if (c.kind !== 'ohmic' && c.kind !== 'schottky')
      push(
        'kind',
        say(
          'check.choice',
          { choices: 'ohmic, schottky', got: String(c.kind) },
          `must be "ohmic" or "schottky" (got ${String(c.kind)})`,
        ),
        'choice',
      );
    if (c.kind === 'ohmic' && anodeOk) {
      const lay = semi[side === 'left' ? 0 : semi.length - 1]?.l;
      const anode = d.contacts.anode === side;
      const barrier = lay ? ohmicBarrier(lay, anode, Vt) : undefined;
      if (lay && barrier !== undefined && barrier > OHMIC_BARRIER_WARN_EV)
        push(
          'kind',
          say(
            'check.ohmic-undoped',
            { layer: lay.name, barrierEV: barrier.toFixed(2), side: anode ? 'anode' : 'cathode' },
            `(ohmic) takes the equilibrium Fermi level of layer "${lay.name}", ${barrier.toFixed(2)} eV from its ${anode ? 'valence' : 'conduction'} band edge (the layer is undoped or doped the other way), so the contact hardly collects ${anode ? 'holes' : 'electrons'} and the cell may give little or reverse current: dope "${lay.name}" (${anode ? 'Na' : 'Nd'} >= 1e17 cm^-3) or give the contact a work function`,
          ),
          'ohmic-undoped',
          'warning',
        );
    }
    if (c.kind === 'schottky') {
      if (!finite(c.workFunction_eV))
        push(
          'workFunction_eV',
          say('check.schottky-needs-work-function', {}, 'missing: a Schottky contact needs its work function'),
          'missing',
        );
      else {
        // the face the contact touches (a graded layer's back face on the right)
        const edge = semi[side === 'left' ? 0 : semi.length - 1]?.l;
        const lay = edge && side === 'right' ? layerAt(edge, 1) : edge;
        if (!fermiDirac && lay && finite(lay.chi_eV) && finite(lay.Eg_eV)) {
          // a work function outside the gap puts the metal's Fermi level inside a band at the contact
          const W = c.workFunction_eV;
          if (W < lay.chi_eV + BOLTZMANN_MARGIN_KT * Vt || W > lay.chi_eV + lay.Eg_eV - BOLTZMANN_MARGIN_KT * Vt)
            push(
              'workFunction_eV',
              say(
                'check.boltzmann-contact',
                { workFunctionEV: W, layer: lay.name, fromEV: lay.chi_eV, toEV: (lay.chi_eV + lay.Eg_eV).toFixed(3) },
                `(${W} eV) puts the Fermi level at the contact within kT of or inside a band of layer "${lay.name}" (gap ${lay.chi_eV} to ${(lay.chi_eV + lay.Eg_eV).toFixed(3)} eV below vacuum): Boltzmann statistics are not valid there; choose Fermi-Dirac statistics`,
              ),
              'boltzmann-degenerate',
              'warning',
            );
        }
      }
    }
    for (const f of ['S_n_cm_s', 'S_p_cm_s'] as const) {
      const v = c[f];
      if (v !== undefined) limitRule(CONTACT, f, v, f, push);
    }
  }
  (d.interfaces ?? []).forEach((it, i) => {
    if (!it) return;
    const push = pusher(out, `interface ${i + 1}`);
    for (const f of ['S_n_cm_s', 'S_p_cm_s', 'Nt_cm2', 'sigma_n_cm2', 'sigma_p_cm2'] as const) {
      const v = it[f];
      if (v !== undefined) limitRule(INTERFACE, f, v, f, push);
    }
    if (it.vth_cm_s !== undefined) limitRule(INTERFACE, 'vth_cm_s', it.vth_cm_s, 'vth_cm_s', push);
    if (it.Et_minus_Emid_eV !== undefined)
      limitRule(INTERFACE, 'Et_minus_Emid_eV', it.Et_minus_Emid_eV, 'Et_minus_Emid_eV', push);
    for (const f of ['v_n_cm_s', 'v_p_cm_s'] as const) {
      const v = it.thermionic?.[f];
      if (v !== undefined) limitRule(THERMIONIC, f, v, `thermionic.${f}`, push);
    }
    if (it.defects !== undefined) {
      if (!Array.isArray(it.defects) || it.defects.length > MAX_DEFECTS)
        push(
          'defects',
          say('check.defects-count', { max: MAX_DEFECTS }, `must list at most ${MAX_DEFECTS} defect sheets`),
          'defects-count',
        );
      else {
        const a = semi[i]?.l;
        const b = semi[i + 1]?.l;
        // the levels must lie in the gap both layers share
        const chi = Math.max(a?.chi_eV ?? Number.NaN, b?.chi_eV ?? Number.NaN);
        const ev = Math.min((a?.chi_eV ?? 0) + (a?.Eg_eV ?? 0), (b?.chi_eV ?? 0) + (b?.Eg_eV ?? 0));
        it.defects.forEach((d, k) => {
          checkDefect(d, `defects[${k}]`, 'N_t_cm2', { chi, Eg: ev - chi }, push, INTERFACE_DEFECT);
        });
      }
    }
    const ox = it.tunnel_oxide;
    if (ox !== undefined) {
      limitRule(OXIDE, 'thickness_nm', ox.thickness_nm, 'tunnel_oxide.thickness_nm', push);
      for (const f of ['barrier_n_eV', 'barrier_p_eV'] as const) limitRule(OXIDE, f, ox[f], `tunnel_oxide.${f}`, push);
      for (const f of ['mass_n_rel', 'mass_p_rel'] as const) limitRule(OXIDE, f, ox[f], `tunnel_oxide.${f}`, push);
    }
  });
  if (d.Rs_ohm_cm2 !== undefined) limitRule(DEVICE, 'Rs_ohm_cm2', d.Rs_ohm_cm2, 'Rs_ohm_cm2', dev);
  if (d.Rsh_ohm_cm2 !== undefined) limitRule(DEVICE, 'Rsh_ohm_cm2', d.Rsh_ohm_cm2, 'Rsh_ohm_cm2', dev);
  if (!Array.isArray(d.voltage_V) || d.voltage_V.length === 0)
    dev('voltage_V', say('check.missing', {}, 'must list at least one voltage'), 'missing');
  else if (d.voltage_V.some((v) => !finite(v)))
    dev('voltage_V', say('check.voltage-list', {}, 'must contain finite numbers only'), 'not-finite');
  checkGeneration(d, semi.length, out);
  checkOptions(d, out);
  return out;
}
