import type { BulkDefectSpec, DeviceLayerSpec, DeviceSpec, GradableKey, InterfaceDefectSpec } from '@pvforge/contracts';
import { type ComputedKRad, withComputedKRad } from '../computed-krad.js';
import type { ExportOutcome, ReportItem, SourceFile } from '../report.js';
import { writeAbsFile } from './abs.js';
import { SCAPS_DEFAULT_N } from './import.js';
import { msg, scapsOf } from './lines.js';

/**
 * A DeviceSpec as a SCAPS 3.3.12 definition file, laid out as SCAPS writes it (CRLF, the same
 * keys, unit tags and graded rows), with an .abs file for each absorption table. Light enters from
 * SCAPS's left: the first electrical layer is SCAPS's first. What SCAPS cannot hold is listed, by
 * DeviceSpec path, in the outcome's items; values converted to an equivalent SCAPS form (lifetimes
 * to a defect, an interface velocity to an interface defect) are listed as approximated.
 */

const CRLF = '\r\n';
/** The density of the neutral mid-gap defect that stands for SRH lifetimes (1e14 cm^-3 = 1e20 m^-3). */
const LIFETIME_DEFECT_CM3 = 1e14;
/** SCAPS's default thermal velocity, 1e5 m/s (= 1e7 cm/s, also PVForge's default). */
const VTH_DEFAULT_CM_S = 1e7;
/** What an infinite recombination velocity becomes in SCAPS (it takes finite values only), cm/s. */
const S_INFINITE_CM_S = 1e9;

const e6 = (v: number) => v.toExponential(6);
const f6 = (v: number) => v.toFixed(6);

/** A graded row as SCAPS 3.3.12 writes it: A, B, three law parameters, the two face values, the law and its option, the unit. */
function row(key: string, front: number, back: number, unit: string, fmt: (v: number) => string, law: string): string {
  return `${key} :\t${fmt(front)}\t ${fmt(back)}\t ${fmt(0)}\t ${fmt(0)}\t ${fmt(0)}\t ${fmt(front)}\t ${fmt(back)}\t ${law}\t[${unit}]`;
}

function toScaps(path: string, v: number): number {
  return v / scapsOf(path).factor;
}

const HANDLED_LAYER_KEYS = new Set([
  'epsR',
  'chiEV',
  'egEV',
  'ncCm3',
  'nvCm3',
  'muNCm2PerVs',
  'muPCm2PerVs',
  'ndCm3',
  'naCm3',
  'kRadCm3PerS',
  'cnCm6PerS',
  'cpCm6PerS',
  'grading',
  'defects',
  'vthCmPerS',
  'vthPCmPerS',
  'tauNS',
  'tauPS',
  'ntCm3',
  'sigmaNCm2',
  'sigmaPCm2',
  'etMinusEiEV',
]);

const DIST_OUT: Record<string, string> = { single: 'single', uniform: 'uniform', gaussian: 'gauss' };

interface Ctx {
  items: ReportItem[];
  files: SourceFile[];
}

function item(
  c: Ctx,
  status: ReportItem['status'],
  path: string,
  code: string,
  text: string,
  params: Record<string, string | number> = {},
) {
  c.items.push({ status, name: path, path, message: msg(code, { path, ...params }, text) });
}

function typeLine(t: BulkDefectSpec['type']): { type: string; level: string } {
  if (t === 'donor') return { type: 'single donor (0/+)', level: 'donor (0/+)' };
  if (t === 'acceptor') return { type: 'single acceptor (-/0)', level: 'acceptor (-/0)' };
  return { type: 'neutral', level: 'neutral' };
}

function distLine(c: Ctx, d: { distribution?: string | undefined; energyReference: string }, path: string): string {
  const dist = d.distribution ?? 'single';
  if (dist === 'tail') {
    if (d.energyReference === 'intrinsic')
      item(
        c,
        'approximated',
        `${path}.energyReference`,
        'scaps.export-tail-ref',
        'a band tail from the intrinsic level has no SCAPS form; written as a valence band tail',
      );
    return d.energyReference === 'conduction' ? 'CB tail' : 'VB tail';
  }
  return DIST_OUT[dist] ?? 'single';
}

function bulkDefectLines(c: Ctx, d: BulkDefectSpec, path: string, vthN: number, vthP: number): string[] {
  const t = typeLine(d.type);
  const ref = d.energyReference === 'valence' ? 0 : d.energyReference === 'conduction' ? 2 : 1;
  let sn = d.sigmaNCm2;
  let sp = d.sigmaPCm2;
  if (sn === undefined && d.cNCm3PerS !== undefined) {
    sn = d.cNCm3PerS / vthN;
    item(
      c,
      'approximated',
      `${path}.cNCm3PerS`,
      'scaps.export-capture',
      'capture coefficient written as a cross-section c / v_th (SCAPS takes cross-sections)',
    );
  }
  if (sp === undefined && d.cPCm3PerS !== undefined) {
    sp = d.cPCm3PerS / vthP;
    item(
      c,
      'approximated',
      `${path}.cPCm3PerS`,
      'scaps.export-capture',
      'capture coefficient written as a cross-section c / v_th (SCAPS takes cross-sections)',
    );
  }
  if (d.name !== undefined)
    item(c, 'refused', `${path}.name`, 'scaps.export-defect-name', 'SCAPS defects have no names');
  return [
    'srhrecombination',
    '',
    `type : ${t.type} ( 1 level(s) )`,
    `energy distribution : ${distLine(c, d, path)}`,
    `Reference for defect energy :  ${ref} ; 0 = above EV (SCAPS<2.7); 1 = above Ei; 2 = below EC`,
    `Ekar :  ${(d.widthEV ?? 0.1).toFixed(4)} [eV]`,
    `${row('Nt(uniform)', toScaps('layers[].electrical.defects[].densityCm3', d.densityCm3), toScaps('layers[].electrical.defects[].densityCm3', d.densityCm3), '/m^3', e6, '0\t 2')}`,
    'profile : homogenous',
    'Lkar : 1.000e+00 [m]',
    `Nleft : ${toScaps('layers[].electrical.defects[].densityCm3', d.densityCm3).toExponential(3)} [/m^3]`,
    `Nright : ${toScaps('layers[].electrical.defects[].densityCm3', d.densityCm3).toExponential(3)} [/m^3]`,
    `leveltype : ${t.level}\t`,
    `sigma_n : ${e6(toScaps('layers[].electrical.defects[].sigmaNCm2', sn ?? 1e-15))}\t[m^2]`,
    `sigma_p : ${e6(toScaps('layers[].electrical.defects[].sigmaPCm2', sp ?? 1e-15))}\t[m^2]`,
    `Et :   ${(d.energyEV ?? 0).toFixed(6)}\t[eV]`,
    '',
  ];
}

function opticsLines(c: Ctx, l: DeviceLayerSpec, P: string, egEV: number): string[] {
  const o = l.optical;
  const legacy = [
    'absorptionmodel pure A material (y=0) : coefficients A and B (line inserted for compatibility with SCAPS until 3.3.06)',
  ];
  const pureB = [
    'absorption pure B material (y=1), model : coefficients A and B (line inserted for compatibility with SCAPS until 3.3.06)',
    'pure B material (y=1), A : 1.000e+07 [/(m*sqrt(eV))] (line inserted for compatibility with SCAPS until 3.3.06)',
    'pure B material (y=1), B : 0.000e+00 [sqrt(eV)/m] (line inserted for compatibility with SCAPS until 3.3.06)',
    'absorption pure B material (y=1), model : from model',
    'absorption model B, model : sqrt(hv-Eg) law (SCAPS traditional)',
    'absorption model B, value of parameter 1 :   1.000000e+05',
    'absorption model B, value of parameter 2 :   0.000000e+00',
  ];
  const sqrt = (a: number, b: number) => [
    ...legacy,
    `A : ${(a * 100).toExponential(3)} [/(m*sqrt(eV))] (line inserted for compatibility with SCAPS until 3.3.06)`,
    `B : ${(b * 100).toExponential(3)} [sqrt(eV)/m] (line inserted for compatibility with SCAPS until 3.3.06)`,
    'absorptionmodel pure A material (y=0) : from model',
    'absorption model A, model : sqrt(hv-Eg) law (SCAPS traditional)',
    `absorption model A, value of parameter 1 :   ${e6(a)}`,
    `absorption model A, value of parameter 2 :   ${e6(b)}`,
  ];
  const grading =
    'absorption grading :\t  300.00\t 1200.00\t  250.00\t  250.00\t    0.00\t    1.20\t    1.20\t 7\t 0\t[nm]';
  if (o.kind === 'sqrt-law') {
    if (Math.abs(o.egEV - egEV) > 1e-9)
      item(
        c,
        'approximated',
        `${P}.optical.egEV`,
        'scaps.export-sqrt-eg',
        "SCAPS's square-root law uses the layer's band gap",
        { egEV },
      );
    if (o.n !== SCAPS_DEFAULT_N)
      item(c, 'refused', `${P}.optical.n`, 'scaps.export-n', 'SCAPS has no refractive index');
    return [grading, ...sqrt(o.aPerCmSqrtEV, o.bSqrtEVPerCm ?? 0), ...pureB];
  }
  if (o.kind === 'absorption-table') {
    const base = (o.name ?? `${l.name}.abs`).replace(/[\\/:*?"<>|]/g, '_');
    const name = /\.abs$/i.test(base) ? base : `${base}.abs`;
    c.files.push({
      name,
      text: writeAbsFile(`absorption of ${l.name}, written by PVForge`, o.wavelengthNm, o.alphaPerCm),
    });
    if (o.n !== SCAPS_DEFAULT_N)
      item(c, 'refused', `${P}.optical.n`, 'scaps.export-n', 'SCAPS has no refractive index');
    if (o.extrapolation !== undefined && o.extrapolation !== 'hold')
      item(
        c,
        'approximated',
        `${P}.optical.extrapolation`,
        'scaps.export-extrapolation',
        'SCAPS holds the end values of an absorption file',
      );
    return [
      grading,
      ...legacy,
      'A : 1.000e+07 [/(m*sqrt(eV))] (line inserted for compatibility with SCAPS until 3.3.06)',
      'B : 0.000e+00 [sqrt(eV)/m] (line inserted for compatibility with SCAPS until 3.3.06)',
      'absorptionmodel pure A material (y=0) : from file',
      `absorptionfile pure A material (y=0) : ${name}`,
      ...pureB,
    ];
  }
  item(
    c,
    'refused',
    `${P}.optical`,
    'scaps.export-optics',
    `the ${o.kind} optical model has no SCAPS form; written as SCAPS's default square-root law (A = 1e5 /(cm sqrt(eV))): give SCAPS an absorption file`,
    { kind: o.kind },
  );
  return [grading, ...sqrt(1e5, 0), ...pureB];
}

function layerLines(c: Ctx, l: DeviceLayerSpec, P: string): string[] {
  const e = (l.electrical ?? {}) as Record<string, unknown> & {
    grading?: { back: Partial<Record<GradableKey, number>> };
    defects?: BulkDefectSpec[];
  };
  const num = (k: string) => (typeof e[k] === 'number' ? (e[k] as number) : undefined);
  const back = e.grading?.back ?? {};
  const graded = Object.keys(back).length > 0;
  for (const k of Object.keys(e))
    if (!HANDLED_LAYER_KEYS.has(k))
      item(c, 'refused', `${P}.electrical.${k}`, 'scaps.export-field', `SCAPS has no input for ${k}`, { field: k });
  const defects: BulkDefectSpec[] = [...(e.defects ?? [])];
  const vthN = defects[0]?.vthNCmPerS ?? num('vthCmPerS') ?? VTH_DEFAULT_CM_S;
  const vthP = defects[0]?.vthPCmPerS ?? num('vthPCmPerS') ?? num('vthCmPerS') ?? VTH_DEFAULT_CM_S;
  defects.forEach((d, j) => {
    if ((d.vthNCmPerS ?? VTH_DEFAULT_CM_S) !== vthN || (d.vthPCmPerS ?? VTH_DEFAULT_CM_S) !== vthP)
      item(
        c,
        'approximated',
        `${P}.electrical.defects[${j}].vthNCmPerS`,
        'scaps.export-vth',
        'SCAPS has one thermal velocity per layer; the first defect’s is written',
      );
  });
  if (num('vthCmPerS') !== undefined && (defects.length === 0 || num('vthCmPerS') !== vthN))
    item(
      c,
      'approximated',
      `${P}.electrical.vthCmPerS`,
      'scaps.export-vth',
      'written as the layer thermal velocity of SCAPS, which its defects use',
    );
  if (num('vthPCmPerS') !== undefined)
    item(
      c,
      'approximated',
      `${P}.electrical.vthPCmPerS`,
      'scaps.export-vth',
      'written as the layer thermal velocity of SCAPS, which its defects use',
    );
  const extra: { d: BulkDefectSpec; path: string }[] = [];
  const ei = num('etMinusEiEV') ?? 0;
  if (num('ntCm3') !== undefined) {
    extra.push({
      d: {
        type: 'neutral',
        energyReference: 'intrinsic',
        energyEV: ei,
        densityCm3: num('ntCm3')!,
        sigmaNCm2: num('sigmaNCm2') ?? 1e-15,
        sigmaPCm2: num('sigmaPCm2') ?? 1e-15,
      },
      path: `${P}.electrical.ntCm3`,
    });
    for (const k of ['ntCm3', 'sigmaNCm2', 'sigmaPCm2', 'etMinusEiEV'])
      if (num(k) !== undefined)
        item(
          c,
          'approximated',
          `${P}.electrical.${k}`,
          'scaps.export-layer-trap',
          "the layer's trap is written as a neutral single-level defect of SCAPS (the same SRH)",
        );
  } else if (num('tauNS') !== undefined || num('tauPS') !== undefined) {
    // SRH with lifetimes is the SRH of a neutral level at Ei: 1/tau = sigma v_th Nt
    const tn = num('tauNS') ?? num('tauPS')!;
    const tp = num('tauPS') ?? num('tauNS')!;
    // a denser defect for very short lifetimes keeps the cross-sections physical (at most 1e-13 cm^2)
    const nt = Math.max(LIFETIME_DEFECT_CM3, 1 / (Math.min(tn * vthN, tp * vthP) * 1e-13));
    extra.push({
      d: {
        type: 'neutral',
        energyReference: 'intrinsic',
        energyEV: ei,
        densityCm3: nt,
        sigmaNCm2: 1 / (tn * vthN * nt),
        sigmaPCm2: 1 / (tp * vthP * nt),
      },
      path: `${P}.electrical.tauNS`,
    });
    for (const k of ['tauNS', 'tauPS', 'etMinusEiEV'])
      if (num(k) !== undefined)
        item(
          c,
          'approximated',
          `${P}.electrical.${k}`,
          'scaps.export-lifetime',
          'SRH lifetimes written as a neutral defect at Ei with 1/τ = σ v_th Nt (the same SRH; SCAPS takes defects)',
        );
  }
  const g = (k: GradableKey | 'kRadCm3PerS' | 'cnCm6PerS' | 'cpCm6PerS') => {
    const f = num(k) ?? 0;
    const b = (back as Record<string, number | undefined>)[k] ?? f;
    return { f: toScaps(`layers[].electrical.${k}`, f), b: toScaps(`layers[].electrical.${k}`, b), graded: b !== f };
  };
  const law = (x: { graded: boolean }) => (x.graded ? '1\t 1' : '1\t 0');
  const ungradedRow = (
    key: string,
    x: { f: number; b: number },
    unit: string,
    fmt: (v: number) => string,
    tail: string,
  ) =>
    `${key} :\t${fmt(x.f)}\t ${fmt(x.b)}\t ${fmt(0)}\t ${fmt(0)}\t ${fmt(0)}\t ${fmt(x.f)}\t ${fmt(x.b)}\t ${tail}\t[${unit}]`;
  const gr = (key: string, k: GradableKey, unit: string, fmt: (v: number) => string) => {
    const x = g(k);
    return row(key, x.f, x.b, unit, fmt, law(x));
  };
  const vth = (k: string, v: number) =>
    `${k} :\t ${toScaps(`layers[].electrical.defects[].vthNCmPerS`, v).toExponential(3)}\t ${toScaps(`layers[].electrical.defects[].vthNCmPerS`, v).toExponential(3)}\t 1.000e+01\t 1.000e+01\t 1.000e+01\t ${toScaps(`layers[].electrical.defects[].vthNCmPerS`, v).toExponential(3)}\t ${toScaps(`layers[].electrical.defects[].vthNCmPerS`, v).toExponential(3)}\t 0\t 0\t[m/s]`;
  const lines = [
    'layer',
    '',
    `name : ${l.name}`,
    `d : ${e6(toScaps('layers[].thicknessNm', l.thicknessNm))} [m]`,
    graded
      ? 'composition grading :\t  0.00000\t  1.00000\t  0.00000\t  0.00000\t  0.00000\t  0.00000\t  1.00000\t 1\t 1\t[-]'
      : 'composition grading :\t  0.00000\t  0.00000\t  0.00000\t  0.00000\t  0.00000\t  0.00000\t  0.00000\t 0\t 1\t[-]',
    vth('v_th_n', vthN),
    vth('v_th_p', vthP),
    gr('eps', 'epsR', '-', f6),
    gr('chi', 'chiEV', 'eV', f6),
    gr('Eg', 'egEV', 'eV', f6),
    gr('Nc', 'ncCm3', '/m^3', e6),
    gr('Nv', 'nvCm3', '/m^3', e6),
    gr('mu_n', 'muNCm2PerVs', 'm^2/Vs', e6),
    gr('mu_p', 'muPCm2PerVs', 'm^2/Vs', e6),
    'Tunneling in layer: 0 (0: no tunneling, 1: with tunneling)',
    'Relative electron mass :\t 1.000000e+00\t 1.000000e+00\t 1.000000e+00\t 1.000000e+00\t 1.000000e+00\t 1.000000e+00\t 1.000000e+00\t 0\t 0\t[-]',
    'Relative hole mass :\t 1.000000e+00\t 1.000000e+00\t 1.000000e+00\t 1.000000e+00\t 1.000000e+00\t 1.000000e+00\t 1.000000e+00\t 0\t 0\t[-]',
    ungradedRow('K_rad', g('kRadCm3PerS'), 'm^3/s', e6, '0\t 0'),
    ungradedRow('c_n_auger', g('cnCm6PerS'), 'm^6/s', e6, '0\t 0'),
    ungradedRow('c_p_auger', g('cpCm6PerS'), 'm^6/s', e6, '0\t 0'),
    row('Na(uniform)', g('naCm3').f, g('naCm3').b, '/m^3', e6, g('naCm3').graded ? '1\t 2' : '0\t 2'),
    row('Nd(uniform)', g('ndCm3').f, g('ndCm3').b, '/m^3', e6, g('ndCm3').graded ? '1\t 2' : '0\t 2'),
    ...opticsLines(c, l, P, num('egEV') ?? 1),
    '',
  ];
  defects.forEach((d, j) => {
    lines.push(...bulkDefectLines(c, d, `${P}.electrical.defects[${j}]`, vthN, vthP));
  });
  for (const x of extra) lines.push(...bulkDefectLines(c, x.d, x.path, vthN, vthP));
  return lines;
}

function interfaceDefectLines(c: Ctx, d: InterfaceDefectSpec, path: string): string[] {
  const t = typeLine(d.type);
  const ref = d.energyReference === 'valence' ? 3 : d.energyReference === 'conduction' ? 4 : 9;
  const sn = e6(
    toScaps(
      'electrical.interfaces[].defects[].sigmaNCm2',
      d.sigmaNCm2 ?? (d.cNCm3PerS ?? 1e-8) / (d.vthNCmPerS ?? VTH_DEFAULT_CM_S),
    ),
  );
  const sp = e6(
    toScaps(
      'electrical.interfaces[].defects[].sigmaPCm2',
      d.sigmaPCm2 ?? (d.cPCm3PerS ?? 1e-8) / (d.vthPCmPerS ?? VTH_DEFAULT_CM_S),
    ),
  );
  if (d.sigmaNCm2 === undefined || d.sigmaPCm2 === undefined)
    item(
      c,
      'approximated',
      `${path}.cNCm3PerS`,
      'scaps.export-capture',
      'capture coefficient written as a cross-section c / v_th (SCAPS takes cross-sections)',
    );
  if (d.name !== undefined)
    item(c, 'refused', `${path}.name`, 'scaps.export-defect-name', 'SCAPS defects have no names');
  return [
    'interface recombination',
    '',
    `type : ${t.type}`,
    `sigma_nleft : ${sn} [m^2]`,
    `sigma_nright : ${sn} [m^2]`,
    `sigma_pleft : ${sp} [m^2]`,
    `sigma_pright : ${sp} [m^2]`,
    'Tunneling to trap: 0 (0: no tunneling, 1: with tunneling)',
    'Relative electron mass :  1.00e+00',
    'Relative hole mass :  1.00e+00',
    `energy distribution : ${distLine(c, d, path)}`,
    `Reference for defect energy :  ${ref} ; 3 = above highest EV; 4 = below lowest EC; 5 = above Ei left; 6 = above Ei right; 7 = above EV left (= SCAPS%<2.7 reference); 8 = above EV right; 9 = above middle of interface gap`,
    `Et :  ${(d.energyEV ?? 0).toFixed(6)} [eV]`,
    `Ekar :  ${(d.widthEV ?? 0.1).toFixed(6)} [eV]`,
    `N : ${e6(toScaps('electrical.interfaces[].defects[].densityCm2', d.densityCm2))} [/m^2]`,
    '',
  ];
}

function contactLines(c: Ctx, heading: string, side: 'front' | 'back', spec: DeviceSpec, wfFlat: number): string[] {
  const k = spec.electrical!.contacts[side];
  const P = `electrical.contacts.${side}`;
  const s = (v: number | null | undefined, key: 'sNCmPerS' | 'sPCmPerS') => {
    if (v === null || v === undefined) {
      item(
        c,
        'approximated',
        `${P}.${key}`,
        'scaps.export-s-infinite',
        `an infinite velocity is written as ${S_INFINITE_CM_S / 100} m/s (SCAPS takes finite values)`,
      );
      return S_INFINITE_CM_S;
    }
    return v;
  };
  const flat = k.kind === 'ohmic';
  return [
    heading,
    '',
    `flatband : ${flat ? 1 : 0} (1: flatband contact imposed; 0: fixed Phi_m value)`,
    'recalculate : 0 (1 = do or 0 = do not recalculate phi_m to set flatband in each batch step)',
    `Fi_m :   ${(flat ? wfFlat : k.workFunctionEV!).toFixed(6)} [eV]`,
    `Sn :  ${toScaps('electrical.contacts.*.sNCmPerS', s(k.sNCmPerS, 'sNCmPerS')).toExponential(6)} [m/s]`,
    `Sp :  ${toScaps('electrical.contacts.*.sPCmPerS', s(k.sPCmPerS, 'sPCmPerS')).toExponential(6)} [m/s]`,
    'Tunneling to contact: 0 (0: no tunneling, 1: with tunneling)',
    'Relative electron mass :  1.00e+00',
    'Relative hole mass :  1.00e+00',
    '',
    '',
  ];
}

const KT = 0.025852;
function flatWf(e: Record<string, number>): number {
  const net = (e.ndCm3 ?? 0) - (e.naCm3 ?? 0);
  if (net > 0) return Math.min(e.chiEV! + e.egEV!, Math.max(e.chiEV!, e.chiEV! + KT * Math.log(e.ncCm3! / net)));
  if (net < 0)
    return Math.max(e.chiEV!, Math.min(e.chiEV! + e.egEV!, e.chiEV! + e.egEV! - KT * Math.log(e.nvCm3! / -net)));
  return e.chiEV! + e.egEV! / 2 + (KT / 2) * Math.log(e.ncCm3! / e.nvCm3!);
}

/** What a SCAPS export takes besides the device. */
export interface ScapsExportOptions {
  /** The k_rad of each layer that takes it from its absorption, computed by the caller (computed-krad.ts). */
  kRadFromAbsorption?: ComputedKRad;
}

/** The device as a SCAPS .def (and .abs files), with what SCAPS cannot hold. */
export function exportScaps(given: DeviceSpec, options: ScapsExportOptions = {}): ExportOutcome {
  const { device, items } = withComputedKRad(given, options.kRadFromAbsorption);
  const c: Ctx = { items, files: [] };
  const el = device.electrical;
  const idx = device.layers.map((l, i) => (l.electrical ? i : -1)).filter((i) => i >= 0);
  device.layers.forEach((l, i) => {
    if (!l.electrical)
      item(
        c,
        'refused',
        `layers[${i}]`,
        'scaps.export-optical-layer',
        `"${l.name}" is an optical-only layer; SCAPS has semiconductor layers only (its optics is a front reflection)`,
        { layer: l.name },
      );
    if (l.subcell !== undefined)
      item(c, 'refused', `layers[${i}].subcell`, 'scaps.export-field', 'SCAPS simulates one cell, not a tandem', {
        field: 'subcell',
      });
    if (l.coherent !== undefined)
      item(c, 'unused', `layers[${i}].coherent`, 'scaps.export-field', 'SCAPS has no interference', {
        field: 'coherent',
      });
    if (l.excitonic !== undefined)
      item(c, 'refused', `layers[${i}].excitonic`, 'scaps.export-field', 'SCAPS generates free carriers only', {
        field: 'excitonic',
      });
  });
  if (!el || idx.length === 0) {
    item(
      c,
      'refused',
      'electrical',
      'scaps.export-not-electrical',
      'the device has no electrical part; a SCAPS file needs one',
    );
    return { tool: 'scaps', files: [], items: c.items };
  }
  const lines: string[] = [
    '> SCAPS 3.3.12 ELIS-UGent: Version scaps3312.exe, dated 00-00-   0, 00:00:00 Problem definition file',
    '> last saved by SCAPS: \t00-00-0000 at 00:00:00',
    '> ',
    '> ',
    `> ${device.name.replace(/[\r\n]+/g, ' ')}`,
    '> written by PVForge',
    '> ',
    'convergence',
    '',
    'TunnelBtoB_allowed :     0',
    'Tunnelcontact_allowed :     0',
    'recalculate mesh :  1 (0: fixed mesh, 1: adaptive mesh)',
    'maximum mesh changes per iteration step : 10',
    'maximum ratio between neighbouring points :  1.60e+00',
    'minimum ratio between neighbouring points :  1.05e+00',
    'generation limit :  1.00e+00 microA/cm2',
    'recombination limit :  1.00e-03 microA/cm2',
    '',
    '',
  ];
  const firstE = device.layers[idx[0]!]!.electrical as Record<string, number>;
  const lastL = device.layers[idx[idx.length - 1]!]!.electrical as Record<string, number> & {
    grading?: { back: Record<string, number> };
  };
  lines.push(...contactLines(c, 'back contact', 'front', device, flatWf(firstE)));
  const itfs = el.interfaces ?? [];
  idx.forEach((li, n) => {
    const l = device.layers[li]!;
    lines.push(...layerLines(c, l, `layers[${li}]`));
    if (n === idx.length - 1) return;
    const next = device.layers[idx[n + 1]!]!;
    lines.push(
      'interface properties',
      '',
      `interfacename : ${l.name} / ${next.name}`.slice(0, 60),
      'Intraband tunneling : 0 (0: no tunneling, 1: with tunneling)',
      'Relative electron mass :  1.00e+00',
      'Relative hole mass :  1.00e+00',
      '',
    );
    itfs.forEach((it, k) => {
      if (it.between[0] !== l.name || it.between[1] !== next.name) return;
      const P = `electrical.interfaces[${k}]`;
      const before = lines.length;
      (it.defects ?? []).forEach((d, j) => {
        lines.push(...interfaceDefectLines(c, d, `${P}.defects[${j}]`));
      });
      const e = it as unknown as Record<string, unknown>;
      if (typeof e.ntCm2 === 'number') {
        lines.push(
          ...interfaceDefectLines(
            c,
            {
              type: 'neutral',
              energyReference: 'intrinsic',
              energyEV: (e.etMinusEmidEV as number) ?? 0,
              densityCm2: e.ntCm2,
              sigmaNCm2: (e.sigmaNCm2 as number) ?? 1e-15,
              sigmaPCm2: (e.sigmaPCm2 as number) ?? 1e-15,
            },
            `${P}.ntCm2`,
          ),
        );
        for (const key of ['ntCm2', 'sigmaNCm2', 'sigmaPCm2', 'vthCmPerS', 'etMinusEmidEV'])
          if (e[key] !== undefined)
            item(
              c,
              'approximated',
              `${P}.${key}`,
              'scaps.export-if-trap',
              'the interface trap is written as a neutral interface defect of SCAPS (the same recombination)',
            );
      } else if (typeof e.sNCmPerS === 'number' || typeof e.sPCmPerS === 'number') {
        // S = sigma v_th N: a neutral mid-gap interface defect with sigma = 1e-15 cm^2, v_th = 1e7 cm/s
        const sN = (e.sNCmPerS as number) ?? (e.sPCmPerS as number);
        const sP = (e.sPCmPerS as number) ?? sN;
        const N = Math.max(sN, sP) / (1e-15 * VTH_DEFAULT_CM_S);
        if (N > 0)
          lines.push(
            ...interfaceDefectLines(
              c,
              {
                type: 'neutral',
                energyReference: 'intrinsic',
                energyEV: 0,
                densityCm2: N,
                sigmaNCm2: sN / (VTH_DEFAULT_CM_S * N),
                sigmaPCm2: sP / (VTH_DEFAULT_CM_S * N),
              },
              `${P}.sNCmPerS`,
            ),
          );
        for (const key of ['sNCmPerS', 'sPCmPerS'])
          if (e[key] !== undefined)
            item(
              c,
              'approximated',
              `${P}.${key}`,
              'scaps.export-if-s',
              'the interface recombination velocity is written as a neutral mid-gap interface defect with S = σ v_th N',
            );
      }
      if (it.thermionic)
        item(
          c,
          'approximated',
          `${P}.thermionic`,
          'scaps.export-thermionic',
          'SCAPS has thermionic emission at every heterojunction with its own velocities',
        );
      if (it.tunnelOxide)
        item(c, 'refused', `${P}.tunnelOxide`, 'scaps.export-tunnel-oxide', 'a tunnel oxide has no SCAPS form here');
      if (lines.length === before)
        item(
          c,
          'unused',
          `${P}.between`,
          'scaps.export-interface-empty',
          'nothing of this interface is written as a SCAPS interface defect; SCAPS keeps the interface without recombination',
        );
    });
  });
  itfs.forEach((it, k) => {
    const a = device.layers.findIndex((l) => l.name === it.between[0]);
    const b = device.layers.findIndex((l) => l.name === it.between[1]);
    if (idx.indexOf(b) !== idx.indexOf(a) + 1 || idx.indexOf(a) < 0)
      item(
        c,
        'refused',
        `electrical.interfaces[${k}]`,
        'scaps.export-interface-adjacent',
        'the interface is not between two adjacent electrical layers',
      );
  });
  const lastFace = { ...lastL, ...(lastL.grading?.back ?? {}) };
  lines.push(...contactLines(c, 'front contact', 'back', device, flatWf(lastFace)));
  // SCAPS sets the polarity from the contacts; the importer derives the anode the same way
  const wf = (side: 'front' | 'back', flat: number) =>
    el.contacts[side].kind === 'schottky' ? el.contacts[side].workFunctionEV! : flat;
  const derived = wf('back', flatWf(lastFace)) >= wf('front', flatWf(firstE)) ? 'back' : 'front';
  if (derived !== el.contacts.anode)
    item(
      c,
      'refused',
      'electrical.contacts.anode',
      'scaps.export-anode',
      `SCAPS derives the polarity from the contacts, which make the ${derived} contact the anode`,
      { derived },
    );
  let reflectance = 0;
  const gen = el.generation;
  if (gen?.kind === 'beer-lambert') reflectance = gen.reflectance ?? 0;
  else
    item(
      c,
      'approximated',
      'electrical.generation',
      'scaps.export-generation',
      `SCAPS computes generation by Beer-Lambert with a front reflection; the ${gen?.kind ?? 'optical'} generation is not written`,
      { kind: gen?.kind ?? 'optical' },
    );
  lines.push(
    'working point',
    '',
    'illuminated from : left',
    `internal Rfront :   ${reflectance.toFixed(8)}`,
    'internal Tfront :  1.0000e+00',
    'voltage V applied to : +1 (+1: right contact; -1: left contact)',
    'cell reference system :  0 (1: as a consumer (consumed power = +VJ; 0: as a generator (generated power = +VJ) )',
  );
  // what the .def does not hold (SCAPS keeps these in its working point and action panels)
  const notInDef: [string, unknown][] = Object.entries(el).filter(
    ([k]) => !['contacts', 'interfaces', 'generation'].includes(k),
  );
  for (const [k] of notInDef)
    item(
      c,
      'refused',
      `electrical.${k}`,
      'scaps.export-not-in-def',
      `${k} is not part of a SCAPS definition file (set it in SCAPS's panels)`,
      { field: k },
    );
  if (device.illumination)
    item(
      c,
      'refused',
      'illumination',
      'scaps.export-not-in-def',
      "the spectrum is chosen in SCAPS's illumination panel, not in the .def",
      { field: 'illumination' },
    );
  if (device.texture)
    item(c, 'refused', 'texture', 'scaps.export-field', 'SCAPS has no light trapping', { field: 'texture' });
  item(c, 'unused', 'ambient', 'scaps.export-field', 'SCAPS has no ambient medium', { field: 'ambient' });
  item(c, 'unused', 'substrate', 'scaps.export-field', 'SCAPS has no exit medium', { field: 'substrate' });
  const name = `${device.name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60) || 'device'}.def`;
  return { tool: 'scaps', files: [{ name, text: `${lines.join(CRLF)}${CRLF}` }, ...c.files], items: c.items };
}
