import { readFileSync } from 'node:fs';
import {
  CHECK_MESSAGE_CODES,
  type CheckIssue,
  checkElectricalDevice,
  deviceToElectrical,
  type ElectricalDevice,
  ENGINE_MESSAGE_CODES,
} from '@pvforge/engine';
import { checkDeviceElectricalCoded, FIELD_VALUE_CODES, PARAM_CHECK_CODES } from '@pvforge/engine/spec-check';
import { formatValue, judge, param, sayVerdict } from '@pvforge/params';
import { describe, expect, it } from 'vitest';
import { checkDeviceSpec, hasMessageWording, localizeCheckMessage, wordEngineMessage } from '../src/index.js';

/**
 * Every code of the device check (packages/engine/src/messages/device-check.ts) is worded in both
 * UI languages, and the wording of a real issue leaves no placeholder, no parameter and no English
 * rule out. The issues come from DeviceSpecs broken one rule at a time: through checkDeviceSpec (the
 * schema and the engine, as the server and the editor run it), through the engine's check alone
 * (values the schema's field types let through) and through the solver's input check (the mapped
 * device, where a DeviceSpec cannot reach: generation data, solver options).
 */
// biome-ignore lint/suspicious/noExplicitAny: the tests break the JSON on purpose
type Json = any;
const load = (file: string): Json =>
  JSON.parse(readFileSync(new URL(`../../../assets/devices/${file}`, import.meta.url), 'utf8'));
const ions = () => load('perovskite-pin-ions-electrical.device.json');
const pin = () => load('perovskite-pin-electrical.device.json');
const tandem = () => load('perovskite-silicon-tandem-electrical.device.json');
const bhj = () => load('organic-bhj-p3ht-pcbm-electrical.device.json');
const bilayer = () => load('organic-bilayer-pm6-c60-exciton-diffusion.device.json');
const topcon = () => load('silicon-topcon-electrical.device.json');

/** A device broken one way: the issues of the full check, or of the engine's check when the schema passes the value. */
function broken(base: () => Json, edit: (d: Json) => void, engineOnly = false): CheckIssue[] {
  const d = base();
  edit(d);
  if (engineOnly) {
    const c = checkDeviceElectricalCoded(d);
    return [...c.errors, ...c.warnings];
  }
  const r = checkDeviceSpec(d);
  return r.ok ? r.warningIssues : r.issues;
}

/** The engine's check alone, for a value the schema's field types already refuse. */
const engine = (base: () => Json, edit: (d: Json) => void) => broken(base, edit, true);

/** The solver's input check on the mapped device of a valid DeviceSpec, broken one way. */
function solverBroken(edit: (d: ElectricalDevice & Json) => void): CheckIssue[] {
  const { device } = deviceToElectrical(pin());
  const d = structuredClone({ ...device, generation: { kind: 'uniform', G_cm3_s: 1e21 } }) as Json;
  edit(d);
  return checkElectricalDevice(d).map((i) => ({ path: `${i.where}.${i.field}`, message: i.detail }));
}

const mapi = (d: Json) => d.layers.findIndex((l: Json) => l.name === 'MAPbI3');

function cases(): Record<string, CheckIssue[]> {
  return {
    // the brief's first cases, by name
    negativeThickness: broken(pin, (d) => (d.layers[mapi(d)].thicknessNm = -5), true),
    nonAdjacent: broken(pin, (d) => (d.electrical.interfaces = [{ between: ['PTAA', 'PCBM'] }])),
    tooManyPoints: broken(pin, (d) => (d.electrical.voltageSweep = { startV: 0, stopV: 1.2, stepV: 1e-5 })),
    badSegment: broken(ions, (d) => (d.electrical.transient.segments[0].durationS = -1)),
    badDefect: broken(pin, (d) => {
      d.layers[mapi(d)].electrical.defects = [
        {
          type: 'acceptor',
          densityCm3: 1e15,
          energyEV: 0.3,
          energyReference: 'conduction',
          widthEV: 0.1,
          cNCm3PerS: 1e-9,
          cPCm3PerS: 1e-9,
        },
      ];
    }),
    // a width the registry allows (up to a uniform band's 5 eV), too wide for a Gaussian
    wideGaussian: broken(pin, (d) => {
      d.layers[mapi(d)].electrical.defects = [
        {
          type: 'acceptor',
          densityCm3: 1e15,
          energyEV: 0.8,
          energyReference: 'conduction',
          distribution: 'gaussian',
          widthEV: 2,
          sigmaNCm2: 1e-15,
          sigmaPCm2: 1e-15,
        },
      ];
    }),
    badIonTemperature: broken(
      ions,
      (d) => {
        Object.assign(d.layers[mapi(d)].electrical.ions[0], { activationEnergyEV: -0.2, referenceTemperatureK: -1 });
      },
      true,
    ),
    // the device's structure
    noElectricalLayer: broken(pin, (d) => {
      for (const l of d.layers) delete l.electrical;
    }),
    notContiguous: broken(pin, (d) => delete d.layers[mapi(d)].electrical),
    notElectricalLayer: broken(pin, (d) => (d.electrical.interfaces = [{ between: ['glass', 'PTAA'] }])),
    twice: broken(
      pin,
      (d) => (d.electrical.interfaces = [{ between: ['PTAA', 'MAPbI3'] }, { between: ['PTAA', 'MAPbI3'] }]),
    ),
    unknownField: broken(pin, (d) => (d.layers[mapi(d)].electrical.mobility = 1)),
    // k_rad from the absorption of a layer whose optics cannot give it: a constant index (no edge),
    // an inline table whose sub-gap floor emits more than any k_rad may be
    kRadNoEdge: broken(pin, (d) => {
      d.layers[mapi(d)].optical = { kind: 'constant', n: 2.5, k: 0.1 };
      d.layers[mapi(d)].electrical.kRadFrom = 'absorption';
    }),
    kRadSubGap: broken(pin, (d) => {
      d.layers[mapi(d)].optical = {
        kind: 'absorption-table',
        n: 2.5,
        wavelengthNm: [300, 700, 2000],
        alphaPerCm: [1e5, 1e5, 1e4],
      };
      d.layers[mapi(d)].electrical.kRadFrom = 'absorption';
    }),
    // a clean edge with a density of states a hundred times too low: k_rad n_i^2 is the absorption's,
    // so k_rad comes out 1e4 times the usual, warned
    kRadImplausible: broken(pin, (d) => {
      d.layers[mapi(d)].optical = {
        kind: 'absorption-table',
        n: 2.5,
        wavelengthNm: [300, 700, 760, 780, 2000],
        alphaPerCm: [1e5, 1e5, 1e4, 0, 0],
      };
      d.layers[mapi(d)].electrical.kRadFrom = 'absorption';
      d.layers[mapi(d)].electrical.ncCm3 = 1e17;
      d.layers[mapi(d)].electrical.nvCm3 = 1e17;
    }),
    schema: broken(pin, (d) => {
      d.name = '';
      delete d.ambient;
      d.layers[0].thicknessNm = 'thick';
    }),
    notSupported: broken(bhj, (d) => {
      d.layers.find((l: Json) => l.electrical?.ctDissociation).electrical.ctDissociation.model = 'marcus';
    }),
    // sweep, EQE
    // an end left out (one that is no number is the registry's verdict on that field)
    sweepNotFinite: broken(pin, (d) => delete d.electrical.voltageSweep.startV, true),
    profileShort: broken(
      pin,
      (d) => (d.electrical.generation = { kind: 'profile', xNm: [0, 100], gCm3PerS: [1e21, 1e21] }),
    ),
    sweepZero: broken(pin, (d) => (d.electrical.voltageSweep.stepV = 0)),
    sweepDirection: broken(pin, (d) => (d.electrical.voltageSweep.stepV = -0.1)),
    eqe: broken(pin, (d) => {
      d.electrical.eqe = { stepNm: 1.5 };
      d.electrical.generation = { kind: 'uniform', gCm3PerS: 1e21 };
    }),
    // values by the solver's rules
    values: broken(
      pin,
      (d) => {
        const e = d.layers[mapi(d)].electrical;
        e.muNCm2PerVs = -1;
        e.epsR = Number.NaN;
        e.ndCm3 = 1e30;
        e.gridPoints = 1;
        delete e.egEV;
      },
      true,
    ),
    srh: broken(pin, (d) => {
      const e = d.layers[mapi(d)].electrical;
      delete e.tauPS;
      e.ntCm3 = 1e15;
    }),
    srhTrap: broken(pin, (d) => {
      const e = d.layers[mapi(d)].electrical;
      delete e.tauNS;
      delete e.tauPS;
      e.ntCm3 = 1e15;
    }),
    degenerate: broken(pin, (d) => (d.layers[mapi(d)].electrical.ndCm3 = 1e20)),
    // transients, impedance, C-V, C-f
    transientA: broken(
      ions,
      (d) => {
        const t = d.electrical.transient;
        t.initialV = Number.NaN;
        t.rateVPerS = -1;
        t.points = 1;
        t.profileTimesS = [1e6];
        t.segments[1].toV = 1.2;
        t.segments[2] = { kind: 'jump' };
      },
      true,
    ),
    scanNowhere: broken(ions, (d) => (d.electrical.transient.segments[1].toV = 1.2)),
    transientB: broken(ions, (d) => delete d.electrical.transient.rateVPerS),
    transientC: engine(ions, (d) => (d.electrical.transient.segments = [])),
    transientD: engine(
      ions,
      (d) => (d.electrical.transient.segments = Array.from({ length: 201 }, () => ({ kind: 'hold', durationS: 1e6 }))),
    ),
    impedance: broken(
      ions,
      (d) => (d.electrical.impedance = { voltageV: Number.NaN, startHz: -1, stopHz: 1e13, points: 0 }),
      true,
    ),
    capacitance: broken(pin, (d) => {
      d.electrical.capacitanceVoltage = {
        frequencyHz: 0,
        startV: -1,
        stopV: 0.5,
        stepV: -0.1,
        fitFromV: 0.4,
        fitToV: 0.2,
        fitLayer: 'nope',
      };
      d.electrical.capacitanceFrequency = { voltageV: 0, startHz: 1e6, stopHz: 10, points: 2 };
    }),
    capacitanceMany: broken(
      pin,
      (d) => (d.electrical.capacitanceVoltage = { frequencyHz: 1e5, startV: -1, stopV: 1, stepV: 0.001 }),
    ),
    capacitanceZero: broken(
      pin,
      (d) => (d.electrical.capacitanceVoltage = { frequencyHz: 1e5, startV: -1, stopV: 1, stepV: 0 }),
    ),
    // ions
    ionsA: broken(
      ions,
      (d) => {
        const e = d.layers[mapi(d)].electrical;
        e.ions = [
          { ...e.ions[0], densityCm3: -1, diffusionCm2PerS: 0, sign: 2 },
          { ...e.ions[0], densityCm3: 1e30 },
        ];
      },
      true,
    ),
    ionsCount: engine(ions, (d) => {
      const e = d.layers[mapi(d)].electrical;
      e.ions = [e.ions[0], e.ions[0], e.ions[0]];
    }),
    // defects, DeviceSpec rules then the solver's
    defectsA: engine(pin, (d) => {
      d.layers[mapi(d)].electrical.defects = [
        {
          type: 'acceptor',
          densityCm3: 1e15,
          energyEV: 1.8,
          energyReference: 'valence',
          sigmaNCm2: 1e-15,
          sigmaPCm2: 1e-15,
        },
        {
          type: 'acceptor',
          densityCm3: 1e15,
          energyEV: 0.3,
          energyReference: 'conduction',
          sigmaNCm2: 1e-15,
          sigmaPCm2: 1e-15,
          cNCm3PerS: 1e-8,
        },
        { type: 'donor', densityCm3: 1e15, energyEV: 0.3, energyReference: 'conduction' },
        {
          type: 'donor',
          densityCm3: 1e15,
          energyEV: 0,
          energyReference: 'intrinsic',
          distribution: 'gaussian',
          cNCm3PerS: 1e-8,
          cPCm3PerS: 1e-8,
        },
        {
          type: 'donor',
          densityCm2: 1e10,
          energyEV: 0.3,
          energyReference: 'conduction',
          cNCm3PerS: 1e-8,
          cPCm3PerS: 1e-8,
        },
        {
          type: 'donor',
          densityCm3: 1e15,
          energyEV: 0.3,
          energyReference: 'conduction',
          sigmaNCm2: -1,
          sigmaPCm2: 1e-15,
          vthNCmPerS: 0,
        },
        {
          type: 'donor',
          densityCm3: 1e15,
          energyEV: 0.3,
          energyReference: 'conduction',
          cNCm3PerS: 1e-8,
          cPCm3PerS: 1e-8,
          vthNCmPerS: 1e7,
        },
        {
          type: 'donor',
          densityCm3: 1e15,
          energyReference: 'intrinsic',
          distribution: 'tail',
          widthEV: 0.05,
          cNCm3PerS: 1e-8,
          cPCm3PerS: 1e-8,
        },
      ];
    }),
    interfaceDefect: engine(pin, (d) => {
      d.electrical.interfaces = [
        {
          between: ['MAPbI3', 'PCBM'],
          defects: [
            {
              type: 'donor',
              densityCm3: 1e15,
              densityCm2: 1e10,
              energyEV: 0.3,
              energyReference: 'conduction',
              cNCm3PerS: 1e-9,
              cPCm3PerS: 1e-9,
            },
          ],
        },
      ];
    }),
    defectsB: broken(
      pin,
      (d) => {
        d.layers[mapi(d)].electrical.defects = [
          {
            type: 'donor',
            densityCm3: 1e30,
            energyEV: 0.3,
            energyReference: 'conduction',
            cNCm3PerS: 1,
            cPCm3PerS: 1e-8,
          },
          {
            type: 'donor',
            densityCm3: 1e15,
            energyEV: 0.3,
            energyReference: 'conduction',
            distribution: 'gaussian',
            widthEV: 2,
            cNCm3PerS: 1e-8,
            cPCm3PerS: 1e-8,
          },
          {
            type: 'donor',
            densityCm3: 1e15,
            energyEV: 0.3,
            energyReference: 'conduction',
            distribution: 'uniform',
            widthEV: 9,
            cNCm3PerS: 1e-8,
            cPCm3PerS: 1e-8,
          },
          {
            type: 'donor',
            densityCm3: 1e15,
            energyReference: 'conduction',
            distribution: 'tail',
            widthEV: 0.9,
            cNCm3PerS: 1e-8,
            cPCm3PerS: 1e-8,
          },
          {
            type: 'trap',
            densityCm3: 1e15,
            energyEV: Number.NaN,
            energyReference: 'middle',
            cNCm3PerS: 1e-8,
            cPCm3PerS: 1e-8,
            colour: 'red',
          },
          'deep',
        ];
        d.electrical.interfaces = [{ between: ['PTAA', 'MAPbI3'], defects: 'many' }];
      },
      true,
    ),
    defectsCount: engine(pin, (d) => {
      d.layers[mapi(d)].electrical.defects = Array.from({ length: 21 }, () => ({
        type: 'donor',
        densityCm3: 1e10,
        energyEV: 0.5,
        energyReference: 'conduction',
        cNCm3PerS: 1e-9,
        cPCm3PerS: 1e-9,
      }));
    }),
    beyondEdge: broken(pin, (d) => {
      d.layers[mapi(d)].electrical.defects = [
        {
          type: 'donor',
          densityCm3: 1e14,
          energyEV: 0.1,
          energyReference: 'conduction',
          distribution: 'gaussian',
          widthEV: 0.1,
          cNCm3PerS: 1e-9,
          cPCm3PerS: 1e-9,
        },
      ];
    }),
    // excitons, tunnelling
    excitons: broken(bhj, (d) => {
      const e = d.layers.find((l: Json) => l.electrical?.ctDissociation).electrical;
      Object.assign(e.ctDissociation, { separationNm: 0, decayRatePerS: -1, directYield: 2 });
      e.excitonDiffusion = { diffusionLengthNm: 0, lifetimeS: 0 };
    }),
    noGamma: broken(bhj, (d) => {
      const e = d.layers.find((l: Json) => l.electrical?.ctDissociation).electrical;
      delete e.langevinPrefactor;
      e.kRadCm3PerS = 0;
    }),
    lonelyExciton: broken(bilayer, (d) => {
      const l = d.layers.filter((x: Json) => x.electrical?.excitonDiffusion);
      delete l[1].electrical.excitonDiffusion;
    }),
    oxide: broken(topcon, (d) => {
      d.electrical.interfaces[0].tunnelOxide = {
        thicknessNm: 20,
        barrierElectronEV: -1,
        barrierHoleEV: 11,
        massElectronRel: 0,
        massHoleRel: 20,
      };
    }),
    // tandems
    tandemA: broken(tandem, (d) => {
      delete d.layers[3].subcell;
      d.layers[1].subcell = 'top';
      d.electrical.generation = { kind: 'uniform', gCm3PerS: 1e21 };
      d.electrical.eqe = {};
      d.electrical.tandem.thicknessSweep = { layer: 'nothing', fromNm: 0, toNm: -1, points: 100 };
    }),
    tandemB: broken(tandem, (d) => {
      for (const l of d.layers) if (l.subcell === 'bottom') l.subcell = 'top';
      d.electrical.tandem.thicknessSweep = { layer: 'n c-Si base', fromNm: 100, toNm: 200, points: 5 };
    }),
    tandemC: broken(
      tandem,
      (d) => {
        d.layers[7].subcell = 'top';
        d.layers[3].subcell = 'middle';
        d.electrical.tandem.fullStack = 'yes';
      },
      true,
    ),
    tandemD: broken(tandem, (d) => delete d.electrical.tandem),
    tandemE: broken(tandem, (d) => {
      const j = d.layers.findIndex((l: Json) => l.subcell === 'bottom' && l.electrical);
      const k = d.layers.findLastIndex((l: Json) => l.subcell === 'bottom' && l.electrical);
      if (k > j + 1) delete d.layers[j + 1].electrical;
      d.electrical.transient = ions().electrical.transient;
    }),
    // a user spectrum
    spectrumA: broken(pin, (d) => {
      d.illumination.spectrum = {
        kind: 'tabulated',
        name: 'lamp',
        wavelengthNm: [350, 500, 900],
        irradianceWm2Nm: [1, 1, 1],
      };
    }),
    spectrumB: broken(pin, (d) => {
      d.illumination.spectrum = {
        kind: 'tabulated',
        name: 'lamp',
        wavelengthNm: [300, 600, 500, 900],
        irradianceWm2Nm: [1, 1, 1, 1],
      };
    }),
    spectrumC: broken(pin, (d) => {
      d.illumination.spectrum = {
        kind: 'tabulated',
        name: 'lamp',
        wavelengthNm: [300, 900],
        irradianceWm2Nm: [1, 1, 1],
      };
    }),
    // the solver's own input (what a DeviceSpec maps to; generation data and options a DeviceSpec does not write)
    solverDevice: solverBroken((d) => {
      d.T_K = -1;
      d.voltage_V = [Number.NaN];
      d.layers[1].electrode = true;
      d.layers[1].thickness_nm = -1;
      d.contacts.anode = 'up';
      d.contacts.right = { kind: 'tunnel' };
      d.options = {
        nodes: 1,
        newtonTolerance: 2,
        minVoltageStep_V: 1,
        maxVoltageStep_V: 0.1,
        profileBiases_V: [Number.NaN],
        statistics: 'exact',
      };
    }),
    solverEmpty: solverBroken((d) => {
      d.layers = [];
    }),
    solverElectrodes: solverBroken((d) => {
      for (const l of d.layers) l.electrode = true;
      d.voltage_V = [];
      delete d.contacts.left;
    }),
    solverContacts: solverBroken((d) => {
      d.contacts.left = { kind: 'schottky' };
      d.contacts.right = { kind: 'schottky', workFunction_eV: 0.5, S_n_cm_s: -1 };
    }),
    solverOhmic: solverBroken((d) => {
      d.contacts.left = { kind: 'ohmic' };
      for (const l of d.layers) {
        l.Nd_cm3 = 0;
        l.Na_cm3 = 0;
      }
    }),
    solverLayer: solverBroken((d) => {
      const l = d.layers[1];
      l.defects = [
        {
          type: 'donor',
          N_t_cm3: 1e15,
          level_below_vacuum_eV: 0.1,
          c_n_cm3_s: 1e-9,
          c_p_cm3_s: 1e-9,
          distribution: { shape: 'cube' },
        },
        {
          type: 'donor',
          N_t_cm3: 1e15,
          c_n_cm3_s: 1e-9,
          c_p_cm3_s: 1e-9,
          distribution: { shape: 'tail', band: 'middle', E_ch_eV: 0.05 },
        },
        { type: 'trap', N_t_cm3: 1e15, level_below_vacuum_eV: 4.5, c_n_cm3_s: 1e-9, c_p_cm3_s: 1e-9 },
      ];
      l.exciton = 'yes';
      d.layers[2].exciton = { model: 'marcus', a_nm: 1, k_f_s: 1e6, distribution: 'box' };
    }),
    solverGeneration: [
      ...solverBroken((d) => (d.generation = { kind: 'per-layer', G_cm3_s: [1] })),
      ...solverBroken((d) => (d.generation = { kind: 'mesh', G_cm3_s: 'many' })),
      ...solverBroken((d) => (d.generation = { kind: 'profile', G_cm3_s: [1, 2, 3], x_nm: [0, 1] })),
      ...solverBroken((d) => (d.generation = { kind: 'profile', G_cm3_s: [1, 2, 3], x_nm: [0, 2, 1] })),
      ...solverBroken((d) => (d.generation = { kind: 'function', G: 1 })),
      ...solverBroken((d) => (d.generation = { kind: 'beer-lambert', lines: 'sun', reflectance: 2, from: 'up' })),
      ...solverBroken((d) => (d.generation = { kind: 'sun' })),
      ...solverBroken((d) => delete d.generation),
    ],
  };
}

/** Codes whose value given is a name (a kind, a reference): the words list the options, not the name. */
const NAMED_CHOICES = new Set([
  'check.subcell-choice',
  'check.segment-kind',
  'check.energy-reference',
  'check.defect-type',
  'check.tail-band',
  'check.tail-reference',
  'check.distribution-shape',
  'check.eqe-needs-optical',
  'check.tandem-generation',
]);

/** Parameters a wording turns into words (a band, a side, a reference) rather than quoting. */
const WORDED = new Set([
  'unit',
  'inside',
  'band',
  'side',
  'reference',
  'distribution',
  'edge',
  'subcell',
  'after',
  'rule',
  'got',
  // why k_rad cannot come from a layer's absorption (a constant index, no absorption there), and
  // why a computed one is beyond the limit (a sub-gap tail, a small density of states)
  'why',
  'cause',
]);

describe('device check codes in both languages', () => {
  const all = cases();
  const issues = Object.values(all).flat();

  it('every code the check emits has words in every UI language, and is one of the engine codes', () => {
    for (const code of CHECK_MESSAGE_CODES) {
      expect(hasMessageWording(code), code).toBe(true);
      expect(ENGINE_MESSAGE_CODES, code).toContain(code);
    }
    const stray = issues.filter((i) => !(CHECK_MESSAGE_CODES as readonly string[]).includes(i.message.code));
    expect(stray).toEqual([]);
  });

  it('broken devices reach every code but the server-only one', () => {
    const seen = new Set(issues.map((i) => i.message.code));
    for (const c of PARAM_CHECK_CODES) expect(seen.has(c), c).toBe(true);
    // check.needs-electrical is the server's refusal of an electrical run without the block (apps/server
    // jobs/validate.ts); the rules of one field's value alone are the registry's on a DeviceSpec
    // (check.param-limit), kept for the solver's own inputs and for results stored with them
    const unreached = CHECK_MESSAGE_CODES.filter((c) => !seen.has(c));
    expect(unreached.filter((c) => !FIELD_VALUE_CODES.has(c))).toEqual(['check.needs-electrical']);
  });

  it('words every real issue with all its parameters, and no English rule in Chinese', () => {
    for (const i of issues) {
      const zh = wordEngineMessage(i.message, 'zh-CN');
      const en = wordEngineMessage(i.message, 'en');
      const line = `${i.path}: ${i.message.text}`;
      for (const w of [zh, en]) {
        expect(w, line).not.toMatch(/\{\w+\}|undefined|（）|\(\)|“”|""|\s{2}/);
        expect(w.trim(), line).toBe(w);
      }
      expect(zh, line).not.toMatch(/must|got|give |\bnot\b/);
      expect(zh, line).not.toBe(en);
      if ((PARAM_CHECK_CODES as readonly string[]).includes(i.message.code)) {
        // the registry's sentence: the English is the engine's line, the value is quoted as the registry writes it
        expect(en, line).toBe(i.message.text);
        const got = i.message.params['got'];
        // a value that is no number is said without it ("not given or not a number")
        if (i.message.params['gotType'] === 'number' && !Number.isNaN(Number(got)))
          expect(zh, line).toContain(formatValue(Number(got)));
        else if (i.message.params['rule'] === 'not-number') expect(zh, line).toContain('未填写或不是数字');
        continue;
      }
      for (const [k, v] of Object.entries(i.message.params)) {
        if (WORDED.has(k) || v === '') continue;
        expect(zh, `${line} [${k}]`).toContain(String(v));
        expect(en, `${line} [${k}]`).toContain(String(v));
      }
      // the value given is quoted, or called empty; a choice among names is told by its options instead
      const got = i.message.params['got'];
      if (got !== undefined && !NAMED_CHOICES.has(i.message.code)) {
        const empty = ['undefined', 'NaN', 'null', ''].includes(String(got));
        expect(zh, line).toContain(empty ? '未填写' : String(got).replace(/^"|"$/g, ''));
      }
    }
  });

  it('the brief cases: the code, the value given and the words', () => {
    const one = (list: CheckIssue[], code: string) => {
      const hit = list.find((i) => i.message.code === code);
      expect(hit, code).toBeDefined();
      return hit!;
    };
    const zh = (i: CheckIssue) => localizeCheckMessage(i, 'zh-CN');
    const en = (i: CheckIssue) => localizeCheckMessage(i, 'en');

    const t = one(all['negativeThickness']!, 'check.param-limit');
    expect([t.path, t.message.params, t.message.text]).toEqual([
      'layers[3] "MAPbI3".thicknessNm',
      { param: 'layers[].thicknessNm', rule: 'below', limit: 0.001, inclusive: 1, got: '-5', gotType: 'number' },
      'Thickness is -5 nm, outside the allowed range (≥ 0.001 and ≤ 1e8 nm)',
    ]);
    expect(wordEngineMessage(t.message, 'zh-CN')).toBe('厚度为 -5 nm，超出允许范围（≥ 0.001 且 ≤ 1e8 nm）');
    expect(zh(t)).toBe('MAPbI3：厚度为 -5 nm，超出允许范围（≥ 0.001 且 ≤ 1e8 nm）');

    const a = one(all['nonAdjacent']!, 'check.not-adjacent');
    expect(a.message.params).toEqual({ front: 'PTAA', back: 'PCBM' });
    expect(en(a)).toBe(
      'electrical.interfaces[0].between: "PTAA" and "PCBM" are not adjacent electrical layers (front one first)',
    );
    expect(zh(a)).toBe('electrical.interfaces[0].between：“PTAA”和“PCBM”不是相邻的电学层（前层在前）');

    const p = one(all['tooManyPoints']!, 'check.too-many-points');
    expect(p.message.params).toEqual({ count: 120001, max: 10001 });
    expect(wordEngineMessage(p.message, 'zh-CN')).toBe('120001 个电压点过多（最多 10001 个）');

    // a registered field is said by the registry, after its place
    const registry = (path: string, v: number, lang: 'zh' | 'en') =>
      sayVerdict(param(path), judge(param(path), v)!, v, lang);
    const s = one(all['badSegment']!, 'check.param-limit');
    expect(s.path).toBe('electrical.transient.segments[0].durationS');
    expect(zh(s)).toBe(`瞬态协议第 1 步：${registry('electrical.transient.segments[].durationS', -1, 'zh')}`);
    expect(en(s)).toBe(`step 1 of the transient: ${registry('electrical.transient.segments[].durationS', -1, 'en')}`);

    const w = one(all['badDefect']!, 'check.width-single');
    expect(zh(w)).toBe('MAPbI3 第 1 个缺陷：分布宽度 W：单一能级没有宽度：请选择能量分布，或不填宽度');

    const [ea, tr] = all['badIonTemperature']!.filter((i) => i.message.code === 'check.param-limit');
    expect(ea!.path).toBe('layers[3] "MAPbI3".electrical.ions[0].activationEnergyEV');
    expect(zh(ea!)).toBe(
      `MAPbI3 第 1 种可移动离子：${registry('layers[].electrical.ions[].activationEnergyEV', -0.2, 'zh')}`,
    );
    expect(en(tr!)).toBe(
      `MAPbI3, mobile ion species 1: ${registry('layers[].electrical.ions[].referenceTemperatureK', -1, 'en')}`,
    );
  });

  it('keeps the English line for logs, the CLI and API clients', () => {
    const r = checkDeviceSpec(
      (() => {
        const d = ions();
        d.electrical.transient.segments[0].durationS = -1;
        return d;
      })(),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toEqual(r.issues.map((i) => `${i.path}: ${i.message.text}`));
    const p = param('electrical.transient.segments[].durationS');
    expect(r.errors).toContain(`electrical.transient.segments[0].durationS: ${sayVerdict(p, judge(p, -1)!, -1, 'en')}`);
  });
});
