import { formatNumber } from './export.js';
import type { ParsedFile, ParsedValue, ParseProblem } from './parse.js';
import { parseNumber } from './parse.js';

/**
 * SIMsalabim 4.x (SimSS 4.5x) keeps a device in one device_parameters.txt: one active layer with
 * an optional transport layer on each side (L is the whole device, L_LTL and L_RTL inside it), one
 * set of trap coefficients for everything, ions without a mobility. This translates it into the
 * 5.x structure (a setup and one layer file per layer) whose values are the 4.x file's own values
 * with their lines, so that the one 5.x mapping (import.ts) reads it and the report names the 4.x
 * keys and lines. A 5.x value 4.x derives (the active layer's thickness L - L_LTL - L_RTL, a
 * transport layer's doping from the sign of doping_LTL) is written as a number and keeps the line
 * it comes from. What 4.x has and 5.x has not (grain boundaries, the ion redistribution rate) is
 * returned as notes for the report.
 */

export interface V4Note {
  status: 'approximated' | 'refused' | 'unused';
  v: ParsedValue;
  code: string;
  params: Record<string, string | number>;
  text: string;
}

/** 4.x keys renamed in 5.x with nothing else changed (solver, output and optics settings). */
const RENAMED: Record<string, string> = {
  T: 'T',
  W_L: 'W_L',
  W_R: 'W_R',
  Sn_L: 'S_n_L',
  Sp_L: 'S_p_L',
  Sn_R: 'S_n_R',
  Sp_R: 'S_p_R',
  Rshunt: 'R_shunt',
  Rseries: 'R_series',
  Gfrac: 'G_frac',
  Gen_profile: 'genProfile',
  L_TCO: 'L_TCO',
  L_BE: 'L_BE',
  nk_substrate: 'nkSubstrate',
  nk_TCO: 'nkTCO',
  nk_BE: 'nkBE',
  spectrum: 'spectrum',
  lambda_min: 'lambda_min',
  lambda_max: 'lambda_max',
  NP: 'NP',
  tolPois: 'tolPois',
  maxDelV: 'maxDelV',
  MaxItPois: 'maxItPois',
  MaxItSS: 'maxItSS',
  CurrDiffInt: 'currDiffInt',
  tolDens: 'tolDens',
  couplePC: 'couplePC',
  minAcc: 'minAcc',
  maxAcc: 'maxAcc',
  IgnoreNegDens: 'ignoreNegDens',
  FailureMode: 'failureMode',
  grad: 'grad',
  Vdistribution: 'Vdist',
  PreCond: 'preCond',
  Vpre: 'Vpre',
  Vscan: 'Vscan',
  Vmin: 'Vmin',
  Vmax: 'Vmax',
  Vstep: 'Vstep',
  Vacc: 'Vacc',
  NJV: 'NJV',
  until_Voc: 'untilVoc',
  timeout: 'timeout',
  Pause_at_end: 'pauseAtEnd',
  AutoTidy: 'autoTidy',
  UseExpData: 'useExpData',
  ExpJV: 'expJV',
  rms_mode: 'fitMode',
  rms_threshold: 'fitThreshold',
  JV_file: 'JVFile',
  Var_file: 'varFile',
  LimitDigits: 'limitDigits',
  OutputRatio: 'outputRatio',
  scPars_file: 'scParsFile',
  log_file: 'logFile',
};

/** A 4.x file says so (`** version: 4.56`) or has the 4.x names of the active layer's bands. */
export function isV4(f: ParsedFile): boolean {
  return !f.byKey.has('l1') && (/^4\./.test(f.version ?? '') || (f.byKey.has('CB') && f.byKey.has('VB')));
}

const file = (name: string, tags: [string, string][], entries: [string, ParsedValue][]): ParsedFile => ({
  name,
  values: [],
  byKey: new Map(entries),
  tags: new Map(tags),
});

export function translateV4(
  f: ParsedFile,
): { ok: true; setup: ParsedFile; layers: ParsedFile[]; notes: V4Note[] } | { ok: false; problem: ParseProblem } {
  const missing: string[] = [];
  const get = (k: string): ParsedValue => {
    const v = f.byKey.get(k);
    if (!v) missing.push(k);
    return v ?? { key: k, raw: '0', source: { file: f.name, line: 1 } };
  };
  const num = (v: ParsedValue) => parseNumber(v.raw) ?? Number.NaN;
  /** A value derived from the 4.x value v (its key and line kept). */
  const derived = (v: ParsedValue, x: number | string): ParsedValue => ({
    key: v.key,
    raw: typeof x === 'number' ? formatNumber(x) : x,
    source: v.source,
  });
  const notes: V4Note[] = [];
  const note = (status: V4Note['status'], v: ParsedValue, code: string, text: string, params = {}) =>
    notes.push({ status, v, code, params: { key: v.key, ...params }, text: `${v.key}: ${text}` });

  const L = get('L');
  const lL = get('L_LTL');
  const lR = get('L_RTL');
  const hasL = num(lL) > 0;
  const hasR = num(lR) > 0;
  const tlsGen = num(get('TLsGen')) === 1;
  const tlsTrap = num(get('TLsTrap')) === 1;
  const gehp = get('Gehp');
  const activeNm = num(L) - (hasL ? num(lL) : 0) - (hasR ? num(lR) : 0);
  // Gehp is the average over the whole device L; without TLsGen only the active layer generates
  const gActive = tlsGen || (!hasL && !hasR) ? gehp : derived(gehp, (num(gehp) * num(L)) / activeNm);

  const ionSpec = get('mob_ion_spec');
  const spec = num(ionSpec);
  // 4.x ions have no mobility: they redistribute fully (steady state); the import's slowest D stands in
  const ionMu = (sign: 1 | -1) => derived(ionSpec, spec === 0 || spec === sign ? '1E-30' : '0');

  const shared = (): [string, ParsedValue][] => [
    ['fieldDepG', get('Field_dep_G')],
    ['P0', get('P0')],
    ['a', get('a')],
    ['thermLengDist', get('ThermLengDist')],
    ['k_f', get('kf')],
    ['k_direct', get('kdirect')],
    ['preLangevin', get('Lang_pre')],
    ['useLangevin', get('UseLangevin')],
  ];
  const traps = (on: boolean): [string, ParsedValue][] => [
    ['N_t_bulk', on ? get('Bulk_tr') : derived(get('TLsTrap'), 0)],
    ['C_n_bulk', get('Cn')],
    ['C_p_bulk', get('Cp')],
    ['E_t_bulk', get('ETrapSingle')],
    ['bulkTrapFile', get('BulkTrapFile')],
    ['bulkTrapType', get('Tr_type_B')],
  ];
  const iface = (nu: ParsedValue, st: ParsedValue, type: ParsedValue): [string, ParsedValue][] => [
    ['nu_int_n', nu],
    ['nu_int_p', nu],
    ['N_t_int', st],
    ['E_t_int', get('ETrapSingle')],
    ['intTrapFile', get('IntTrapFile')],
    ['intTrapType', type],
    ['C_n_int', get('Cn')],
    ['C_p_int', get('Cp')],
  ];
  const noIons = (basis: ParsedValue): [string, ParsedValue][] => [
    ['N_anion', derived(basis, 0)],
    ['N_cation', derived(basis, 0)],
    ['mu_anion', derived(basis, 0)],
    ['mu_cation', derived(basis, 0)],
    ['ionsMayEnter', get('IonsInTLs')],
  ];

  const tl = (side: 'LTL' | 'RTL', right: [string, ParsedValue][]): ParsedFile => {
    const doping = get(`doping_${side}`);
    const d = num(doping);
    const mob = get(`mob_${side}`);
    return file(
      f.name,
      [['name', side === 'LTL' ? 'left TL' : 'right TL']],
      [
        ['L', side === 'LTL' ? lL : lR],
        ['eps_r', get(`eps_r_${side}`)],
        ['E_c', get(`CB_${side}`)],
        ['E_v', get(`VB_${side}`)],
        ['N_c', get(`Nc_${side}`)],
        // doping_TL > 0 is p-type, < 0 n-type
        ['N_D', derived(doping, d < 0 ? -d : 0)],
        ['N_A', derived(doping, d > 0 ? d : 0)],
        ['mu_n', mob],
        ['mu_p', mob],
        ['mobnDep', derived(mob, 0)],
        ['mobpDep', derived(mob, 0)],
        ['gamma_n', derived(mob, 0)],
        ['gamma_p', derived(mob, 0)],
        ...shared(),
        ...traps(tlsTrap),
        ['G_ehp', tlsGen ? gehp : derived(get('TLsGen'), 0)],
        ['layerGen', get('TLsGen')],
        ['nkLayer', get(`nk_${side}`)],
        ...noIons(get('IonsInTLs')),
        ...right,
      ],
    );
  };
  const lastIface = (basis: ParsedValue) => iface(basis, derived(basis, 0), derived(basis, -1));

  const active = file(
    f.name,
    [['name', 'active layer']],
    [
      ['L', derived(L, activeNm)],
      ['eps_r', get('eps_r')],
      ['E_c', get('CB')],
      ['E_v', get('VB')],
      ['N_c', get('Nc')],
      ['N_D', get('n_0')],
      ['N_A', get('p_0')],
      ['mu_n', get('mun_0')],
      ['mu_p', get('mup_0')],
      ['mobnDep', get('mob_n_dep')],
      ['mobpDep', get('mob_p_dep')],
      ['gamma_n', get('gamma_n')],
      ['gamma_p', get('gamma_p')],
      ...shared(),
      ...traps(true),
      ['G_ehp', gActive],
      ['layerGen', derived(gehp, 1)],
      ['nkLayer', get('nk_active')],
      ['N_anion', get('CNI')],
      ['N_cation', get('CPI')],
      ['mu_anion', ionMu(-1)],
      ['mu_cation', ionMu(1)],
      // SimSS 5 asks it of a layer with ions; the transport layers' IonsInTLs lets them in or not
      ['ionsMayEnter', derived(ionSpec, 1)],
      ...(hasR ? iface(get('nu_int_RTL'), get('St_R'), get('Tr_type_R')) : lastIface(lR)),
    ],
  );
  const layers = [
    ...(hasL ? [tl('LTL', iface(get('nu_int_LTL'), get('St_L'), get('Tr_type_L')))] : []),
    active,
    ...(hasR ? [tl('RTL', lastIface(lR))] : []),
  ];

  const red = get('ion_red_rate');
  const setupEntries: [string, ParsedValue][] = Object.entries(RENAMED).flatMap(([k4, k5]) =>
    f.byKey.has(k4) || ['T', 'W_L', 'W_R', 'NP'].includes(k4) ? [[k5, get(k4)] as [string, ParsedValue]] : [],
  );
  // 4.x: the left electrode is the cathode (W_L "= cathode")
  setupEntries.push(['leftElec', derived(get('W_L'), -1)]);
  // ion_red_rate 0: the ions stay as they were at the first voltage (5.x's fixIons); 1: they follow every voltage
  setupEntries.push(['fixIons', derived(red, num(red) === 0 ? 1 : 0)]);
  if (num(red) > 1)
    note(
      'approximated',
      red,
      'simsalabim.ion-red-rate',
      'the ions redistribute every few voltages in SimSS 4.x; PVForge equilibrates them at every voltage',
    );
  for (const k of [
    'untilVoc',
    'Vacc',
    'NJV',
    'preCond',
    'Vpre',
    'Vscan',
    'Vdist',
    'G_frac',
    'genProfile',
    'L_TCO',
    'L_BE',
    'nkSubstrate',
    'nkTCO',
    'nkBE',
    'spectrum',
    'lambda_min',
    'lambda_max',
    'S_n_L',
    'S_p_L',
    'S_n_R',
    'S_p_R',
    'R_series',
    'R_shunt',
    'Vmin',
    'Vmax',
    'Vstep',
  ])
    if (!setupEntries.some(([k5]) => k5 === k)) {
      const k4 = Object.keys(RENAMED).find((x) => RENAMED[x] === k)!;
      setupEntries.push([k, get(k4)]);
    }
  const setup = file(f.name, f.tags.has('name') ? [['name', f.tags.get('name')!]] : [], setupEntries);
  setup.version = f.version;

  // grain boundaries have no 5.x (or PVForge) form
  const gbs = get('num_GBs');
  if (num(gbs) > 0) {
    note(
      'refused',
      gbs,
      'simsalabim.grain-boundaries',
      'grain boundaries (with their traps) are not modelled; not used',
    );
    note(
      'refused',
      get('GB_tr'),
      'simsalabim.grain-boundaries',
      'grain boundaries (with their traps) are not modelled; not used',
    );
  } else {
    note('unused', gbs, 'simsalabim.unused-off', 'no grain boundaries');
    note('unused', get('GB_tr'), 'simsalabim.unused-off', 'no grain boundaries');
  }
  // the transport layers' keys when there is no such layer
  for (const side of ['LTL', 'RTL'] as const)
    if (!(side === 'LTL' ? hasL : hasR))
      for (const k of ['eps_r_', 'CB_', 'VB_', 'Nc_', 'doping_', 'mob_', 'nu_int_', 'nk_'])
        note(
          'unused',
          get(`${k}${side}`),
          'simsalabim.unused-off',
          `no ${side === 'LTL' ? 'left' : 'right'} transport layer`,
        );
  for (const [k, on] of [
    ['St_L', hasL],
    ['St_R', hasR],
  ] as const)
    if (!on) note('unused', get(k), 'simsalabim.unused-off', 'no transport layer: no interface');
  if (!hasL && !hasR)
    for (const k of ['TLsGen', 'TLsTrap', 'IonsInTLs', 'Tr_type_L', 'Tr_type_R'])
      note('unused', get(k), 'simsalabim.unused-off', 'no transport layers');
  // the lines whose value went only into values derived from them
  for (const v of [L, red, ionSpec, get('TLsTrap')])
    note('unused', v, 'simsalabim.v4-derived', 'read into the 5.x values derived from it');

  if (missing.length > 0)
    return {
      ok: false,
      problem: {
        code: 'simsalabim.missing-key',
        params: { file: f.name, key: missing[0]! },
        text: `${f.name}: ${missing[0]} is missing (SIMsalabim needs it)`,
        source: { file: f.name, line: 1 },
      },
    };
  return { ok: true, setup, layers, notes };
}
