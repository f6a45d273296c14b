/**
 * Reading stored results for the result views: the shapes the engine writes (documented in
 * apps/server/src/export/README.md), checked loosely because results come from storage. Pure
 * functions, unit-tested in apps/web/test/plots-results.test.ts.
 */
import type { CalcKind } from '@pvforge/contracts';
import type { WaterfallStep } from '../../../components/plots/types';
import { asEngineText, type EngineText, engineTexts } from './engine-warnings';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Numbers of a stored array (a JSON round trip turns NaN into null: read back as NaN). */
export const nums = (v: unknown): number[] =>
  Array.isArray(v) ? v.map((x) => (typeof x === 'number' ? x : Number.NaN)) : [];
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

// ---------------------------------------------------------------- optics

export interface OpticsLayer {
  name: string;
  role: string;
  carriers: string;
  coherent: boolean;
  A: number[];
  jph: number;
  depth: number[];
  G: number[];
}
export interface OpticsView {
  device: string;
  wl: number[];
  R: number[];
  T: number[];
  eqe: number[];
  layers: OpticsLayer[];
  totals: { absorbers: number; reflected: number; transmitted: number };
  warnings: EngineText[];
  /** a(x, l) of the engine (1/nm) when the result carries it (results since the map was added). */
  map?: { wl: number[]; x: number[]; layer: number[]; perNm: number[][] };
}

/** The optics report of an 'opt' result (or the `optics` part of an 'elec' one); null when absent. */
export function readOptics(result: unknown): OpticsView | null {
  let r = result;
  if (isObj(r) && r['wavelengthNm'] === undefined && isObj(r['report'])) r = r['report'];
  if (!isObj(r) || !Array.isArray(r['wavelengthNm'])) return null;
  const layers = (Array.isArray(r['layers']) ? r['layers'] : []).filter(isObj).map((l) => {
    const g = isObj(l['generation']) ? l['generation'] : {};
    return {
      name: str(l['name']),
      role: str(l['role']),
      carriers: str(l['carriers']),
      coherent: l['coherent'] !== false,
      A: nums(l['A']),
      jph: num(l['jphMaCm2']) ?? Number.NaN,
      depth: nums(g['depthNm']),
      G: nums(g['G_cm3_s']),
    };
  });
  const t = isObj(r['totals']) ? r['totals'] : {};
  return {
    device: str(r['device']),
    wl: nums(r['wavelengthNm']),
    R: nums(r['R']),
    T: nums(r['T']),
    eqe: nums(r['eqe']),
    layers,
    totals: {
      absorbers: num(t['jphAbsorbersMaCm2']) ?? Number.NaN,
      reflected: num(t['jReflectedMaCm2']) ?? Number.NaN,
      transmitted: num(t['jTransmittedMaCm2']) ?? Number.NaN,
    },
    warnings: engineTexts(r['warnings']),
    ...readMap(r['absorptionMap']),
  };
}

function readMap(m: unknown): { map?: OpticsView['map'] } {
  if (!isObj(m) || !Array.isArray(m['absorbedPerNm'])) return {};
  const perNm = m['absorbedPerNm'].map((row) => nums(row));
  const x = nums(m['positionNm']);
  if (perNm.some((row) => row.length !== x.length)) return {};
  return { map: { wl: nums(m['wavelengthNm']), x, layer: nums(m['layer']), perNm } };
}

/** G(x) through the whole stack: each layer's depth grid shifted by the thicknesses before it. */
export function stackGeneration(layers: OpticsLayer[]): { name: string; x: number[]; G: number[] }[] {
  let offset = 0;
  return layers.map((l) => {
    const x = l.depth.map((d) => offset + d);
    offset += l.depth[l.depth.length - 1] ?? 0;
    return { name: l.name, x, G: l.G };
  });
}

export interface AbsorptionMap {
  /** 'profile': a(x, l) in 1/nm at depths through the films; 'layers': absorptance per layer. */
  kind: 'profile' | 'layers';
  xs: number[];
  ys: number[];
  /** [y][x]: for 'profile' a in % of the incident power per nm, for 'layers' the absorptance in %. */
  values: number[][];
  names: string[];
}

/**
 * The absorption map over position and wavelength. Results carry the engine's a(x, l) (rows:
 * depth through the films, columns: wavelength); older results only the absorptance of each
 * layer, which is then drawn at the layer's centre position.
 */
export function absorptionMap(o: OpticsView): AbsorptionMap {
  if (o.map && o.map.x.length > 0) {
    const m = o.map;
    return {
      kind: 'profile',
      xs: m.wl,
      ys: m.x,
      values: m.x.map((_, i) => m.wl.map((_, w) => 100 * (m.perNm[w]?.[i] ?? Number.NaN))),
      names: [...new Set(m.layer)].map((j) => o.layers[j]?.name ?? String(j)),
    };
  }
  let offset = 0;
  const ys: number[] = [];
  for (const l of o.layers) {
    const th = l.depth[l.depth.length - 1] ?? 0;
    ys.push(offset + th / 2);
    offset += th;
  }
  return {
    kind: 'layers',
    xs: o.wl,
    ys,
    values: o.layers.map((l) => l.A.map((v) => 100 * v)),
    names: o.layers.map((l) => l.name),
  };
}

// ---------------------------------------------------------------- electrical

export interface Figures {
  Jsc_mA_cm2: number;
  Voc_V: number;
  FF: number;
  PCE_percent: number;
  /** The PCE on the incident power inside the simulated wavelength window (as SCAPS); absent in older results. */
  pceWindowPercent?: number;
  Vmp_V: number;
  Jmp_mA_cm2: number;
  Pmax_mW_cm2?: number;
  /** How the engine found them (results before this field existed were interpolated). */
  method: 'solved' | 'interpolated';
}
export interface BiasProfile {
  V: number;
  J: number;
  label: string;
  x: number[];
  cols: Record<string, number[]>;
  R_interface: number[];
  /** A transient's profile: its time, s. */
  t?: number;
  /** Mobile ion densities (cm^-3) per species, on x; 0 outside the species' layer. */
  ions?: { layer: string; sign: number; density: number[] }[];
}
export interface ElecCurve {
  tag: 'light' | 'dark' | 'jv';
  converged: boolean;
  error?: EngineText;
  V: number[];
  J: number[];
  figures?: Figures;
  recombination?: {
    generation: number[];
    layers: {
      name: string;
      srh: number[];
      /** Bimolecular: k_rad or Langevin, times (1 - P) in layers with CT dissociation. */
      radiative: number[];
      auger: number[];
      /** Lost to the decay of CT states (layers with CT dissociation). */
      geminate?: number[];
      /** Excitons that decay before reaching the donor/acceptor interface (exciton diffusion). */
      excitonDecay?: number[];
      /** Band-to-band tunnelling (layers with it). */
      bandToBand?: number[];
    }[];
    /** tunnelOxide: the electron and hole currents through the interface's tunnel oxide (terminal sign). */
    interfaces: { name: string; current: number[]; tunnelOxide?: { electron: number[]; hole: number[] } }[];
    contacts: { anode: number[]; cathode: number[] };
  };
  profiles: BiasProfile[];
  warnings: EngineText[];
}
/**
 * Jsc of a curve: its figures', or, when the sweep stopped before Voc (so there are no figures),
 * the computed current at 0 V. What was computed is shown, not hidden behind "–".
 */
export function jscOf(c: ElecCurve): number | undefined {
  if (c.figures) return c.figures.Jsc_mA_cm2;
  if (c.tag === 'dark') return undefined;
  const k = c.V.findIndex((v) => Math.abs(v) < 1e-12);
  const j = k >= 0 ? c.J[k] : undefined;
  return j !== undefined && Number.isFinite(j) && j > 0 ? j : undefined;
}

/** A light curve with a Jsc but no Voc: the sweep ended before the current changed sign. */
export function stoppedBeforeVoc(c: ElecCurve): boolean {
  return c.tag !== 'dark' && c.converged && !c.figures && jscOf(c) !== undefined;
}

export interface ElecView {
  device: string;
  curves: ElecCurve[];
  incidentPower?: number;
  /** The incident power inside the simulated wavelength window, mW/cm² (SCAPS's divisor); absent in older results. */
  incidentPowerWindow?: number;
  generation?: { kind: string; x: number[]; G: number[]; jGen?: number; jOpt?: number };
  eqe?: { wl: number[]; eqe: number[]; iqe: number[]; absorptance: number[]; jsc?: number };
  optics: OpticsView | null;
  warnings: EngineText[];
  /** The transient protocol's run (scans, J(t), V(t), profiles in time), when the device has one. */
  transient?: TransientView;
  /** The impedance spectrum, when the device asks for one. */
  impedance?: ImpedanceView;
}

const PROFILE_KEYS = [
  'Ec_eV',
  'Ev_eV',
  'EFn_eV',
  'EFp_eV',
  'potential_V',
  'field_V_cm',
  'n_cm3',
  'p_cm3',
  'Jn_mA_cm2',
  'Jp_mA_cm2',
  'G_cm3_s',
  'R_srh_cm3_s',
  'R_rad_cm3_s',
  'R_auger_cm3_s',
  // excitons and tunnelling (absent, so empty, in devices without these models)
  'P_dissociation',
  'R_geminate_cm3_s',
  'X_cm3',
  'R_btbt_cm3_s',
] as const;

function readFigures(v: unknown): Figures | undefined {
  if (!isObj(v)) return undefined;
  const f = {
    Jsc_mA_cm2: num(v['Jsc_mA_cm2']),
    Voc_V: num(v['Voc_V']),
    FF: num(v['FF']),
    PCE_percent: num(v['PCE_percent']),
    pceWindowPercent: num(v['pceWindowPercent']),
    Vmp_V: num(v['Vmp_V']),
    Jmp_mA_cm2: num(v['Jmp_mA_cm2']),
    Pmax_mW_cm2: num(v['Pmax_mW_cm2']),
    method: v['method'] === 'solved' ? ('solved' as const) : ('interpolated' as const),
  };
  if (f.PCE_percent === undefined && f.Jsc_mA_cm2 === undefined) return undefined;
  return f as Figures;
}

/** Profiles of a J-V curve (by bias) or of a transient (by time, with the ion densities). */
export function readProfiles(v: unknown): BiasProfile[] {
  return (Array.isArray(v) ? v : []).filter(isObj).map((p) => {
    const out: BiasProfile = {
      V: num(p['V']) ?? Number.NaN,
      J: num(p['J_mA_cm2']) ?? Number.NaN,
      label: str(p['label']),
      x: nums(p['x_nm']),
      cols: Object.fromEntries(PROFILE_KEYS.map((k) => [k, nums(p[k])])),
      R_interface: nums(p['R_interface_cm2_s']),
    };
    const t = num(p['t_s']);
    if (t !== undefined) out.t = t;
    if (Array.isArray(p['ions']))
      out.ions = p['ions'].filter(isObj).map((i) => ({
        layer: str(i['layer']),
        sign: num(i['sign']) ?? 1,
        density: nums(i['density_cm3']),
      }));
    return out;
  });
}

function readCurve(tag: ElecCurve['tag'], r: Obj): ElecCurve {
  const rec = isObj(r['recombination']) ? r['recombination'] : undefined;
  const contacts = rec && isObj(rec['contacts']) ? rec['contacts'] : {};
  return {
    tag,
    converged: r['converged'] !== false,
    error: asEngineText(r['error']),
    V: nums(r['V']),
    J: nums(r['J_mA_cm2']),
    figures: readFigures(r['figures']),
    recombination: rec
      ? {
          generation: nums(rec['generation']),
          layers: (Array.isArray(rec['layers']) ? rec['layers'] : []).filter(isObj).map((l) => ({
            name: str(l['name']),
            srh: nums(l['srh']),
            radiative: nums(l['radiative']),
            auger: nums(l['auger']),
            ...(Array.isArray(l['geminate']) ? { geminate: nums(l['geminate']) } : {}),
            ...(Array.isArray(l['excitonDecay']) ? { excitonDecay: nums(l['excitonDecay']) } : {}),
            ...(Array.isArray(l['bandToBand']) ? { bandToBand: nums(l['bandToBand']) } : {}),
          })),
          interfaces: (Array.isArray(rec['interfaces']) ? rec['interfaces'] : []).filter(isObj).map((f) => {
            const ox = isObj(f['tunnelOxide']) ? f['tunnelOxide'] : undefined;
            return {
              name: str(f['name']),
              current: nums(f['current']),
              ...(ox ? { tunnelOxide: { electron: nums(ox['electron']), hole: nums(ox['hole']) } } : {}),
            };
          }),
          contacts: { anode: nums(contacts['anode']), cathode: nums(contacts['cathode']) },
        }
      : undefined,
    profiles: readProfiles(r['profiles']),
    warnings: engineTexts(r['warnings']),
  };
}

export function readElectrical(result: unknown): ElecView | null {
  if (!isObj(result)) return null;
  const r = result;
  const curves: ElecCurve[] = [];
  if ('V' in r && 'J_mA_cm2' in r) curves.push(readCurve('jv', r));
  for (const tag of ['light', 'dark'] as const) if (isObj(r[tag])) curves.push(readCurve(tag, r[tag] as Obj));
  if (!curves.length) return null;
  const g = isObj(r['generation']) ? r['generation'] : undefined;
  const e = isObj(r['eqe']) ? r['eqe'] : undefined;
  const view: ElecView = {
    device: str(r['device']),
    curves,
    incidentPower: num(r['incidentPowerMwCm2']),
    incidentPowerWindow: num(r['incidentPowerWindowMwCm2']),
    generation: g
      ? {
          kind: str(g['kind']),
          x: nums(g['x_nm']),
          G: nums(g['G_cm3_s']),
          jGen: num(g['jGenerationMaCm2']),
          jOpt: num(g['jOpticalMaCm2']),
        }
      : undefined,
    eqe: e
      ? {
          wl: nums(e['wavelengthNm']),
          eqe: nums(e['eqe']),
          iqe: nums(e['iqe']),
          absorptance: nums(e['absorptance']),
          jsc: num(e['jscFromEqeMaCm2']),
        }
      : undefined,
    optics: r['optics'] === undefined ? null : readOptics(r['optics']),
    warnings: engineTexts(r['warnings']),
  };
  const transient = readTransient(r['transient']);
  if (transient) view.transient = transient;
  const impedance = readImpedance(r['impedance']);
  if (impedance) view.impedance = impedance;
  return view;
}

export interface ScanFigures {
  Jsc_mA_cm2: number;
  Voc_V: number;
  FF: number;
  PCE_percent: number;
  pceWindowPercent?: number;
  Vmp_V: number;
  Jmp_mA_cm2: number;
}
export interface ScanBranch {
  direction: 'reverse' | 'forward';
  /** Scan rate, V/s. */
  rate: number;
  V: number[];
  J: number[];
  figures?: ScanFigures;
}
/** A transient run (engine DeviceTransientResult): samples in time, the scans cut out of them, profiles in time. */
export interface TransientView {
  converged: boolean;
  error?: EngineText;
  t: number[];
  V: number[];
  J: number[];
  /** 1 = light on, 0 = off, per sample. */
  light: number[];
  scans: ScanBranch[];
  /** (PCE_reverse - PCE_forward) / PCE_reverse of the first reverse scan and the forward scan after it. */
  hysteresisIndex?: number;
  profiles: BiasProfile[];
  ionNumberDrift?: number;
  stats?: { steps: number; rejected: number; newtonIterations: number; elapsedMs: number };
}
/** An impedance spectrum (engine DeviceImpedanceResult): Z = Z' + i Z'' in Ohm cm^2, C in F/cm^2. */
export interface ImpedanceView {
  converged: boolean;
  error?: EngineText;
  Vdc: number;
  Jdc: number;
  f: number[];
  re: number[];
  im: number[];
  C: number[];
  elapsedMs?: number;
}

function readScanFigures(v: unknown): ScanFigures | undefined {
  const f = readFigures(v);
  return f && Number.isFinite(f.PCE_percent) ? (f as ScanFigures) : undefined;
}

/** The transient part of an 'elec' result; undefined when there is none. */
export function readTransient(v: unknown): TransientView | undefined {
  if (!isObj(v) || !Array.isArray(v['t_s'])) return undefined;
  const st = isObj(v['stats']) ? v['stats'] : undefined;
  const out: TransientView = {
    converged: v['converged'] !== false,
    t: nums(v['t_s']),
    V: nums(v['V']),
    J: nums(v['J_mA_cm2']),
    light: nums(v['light']),
    scans: (Array.isArray(v['scans']) ? v['scans'] : []).filter(isObj).map((b) => {
      const branch: ScanBranch = {
        direction: b['direction'] === 'forward' ? 'forward' : 'reverse',
        rate: num(b['rate_V_s']) ?? Number.NaN,
        V: nums(b['V']),
        J: nums(b['J_mA_cm2']),
      };
      const f = readScanFigures(b['figures']);
      if (f) branch.figures = f;
      return branch;
    }),
    profiles: readProfiles(v['profiles']),
  };
  const vError = asEngineText(v['error']);
  if (vError) out.error = vError;
  const hi = num(v['hysteresisIndex']);
  if (hi !== undefined) out.hysteresisIndex = hi;
  const drift = num(v['ionNumberDrift']);
  if (drift !== undefined) out.ionNumberDrift = drift;
  if (st)
    out.stats = {
      steps: num(st['steps']) ?? Number.NaN,
      rejected: num(st['rejected']) ?? Number.NaN,
      newtonIterations: num(st['newtonIterations']) ?? Number.NaN,
      elapsedMs: num(st['elapsed_ms']) ?? Number.NaN,
    };
  return out;
}

/** The impedance part of an 'elec' result; undefined when there is none. */
export function readImpedance(v: unknown): ImpedanceView | undefined {
  if (!isObj(v) || !Array.isArray(v['frequency_Hz'])) return undefined;
  const out: ImpedanceView = {
    converged: v['converged'] !== false,
    Vdc: num(v['V_dc']) ?? Number.NaN,
    Jdc: num(v['J_dc_mA_cm2']) ?? Number.NaN,
    f: nums(v['frequency_Hz']),
    re: nums(v['Z_re_ohm_cm2']),
    im: nums(v['Z_im_ohm_cm2']),
    C: nums(v['C_F_cm2']),
  };
  const vError = asEngineText(v['error']);
  if (vError) out.error = vError;
  const ms = num(v['elapsed_ms']);
  if (ms !== undefined) out.elapsedMs = ms;
  return out;
}

/** The J-V curve under light of an 'elec' result (compare page); the first curve otherwise. */
export function lightCurve(v: ElecView): ElecCurve | undefined {
  return v.curves.find((c) => c.tag === 'light') ?? v.curves.find((c) => c.tag === 'jv') ?? v.curves[0];
}

// ---------------------------------------------------------------- circuit

export interface CircuitKeyFigures {
  jscMaCm2?: number;
  vocV?: number;
  ff?: number;
  pcePercent?: number;
  vmpV?: number;
  jmpMaCm2?: number;
  pmaxMwCm2?: number;
  pinMwCm2?: number;
}
export interface FitParam {
  key: string;
  description: string;
  unit: string;
  /** Index of the curve of a per-curve parameter (photocurrent, shunt); undefined when shared. */
  curve?: number;
  value: number;
  ciLow: number;
  ciHigh: number;
  /** Profile-likelihood interval (results since it exists); NaN otherwise. */
  profileLow: number;
  profileHigh: number;
  /** 'determined' | 'upper-limit' | 'lower-limit' | 'not-determined'; undefined for held parameters and older results. */
  identifiability?: string;
  logScale: boolean;
  fixed: boolean;
  atBound: string | null;
}
export interface LossView {
  pcePercent: number;
  waterfall: { key?: string; name: string; lossMwCm2: number; lossPercent: number; remainingMwCm2: number }[];
  removal: { mechanism: string; pcePercent: number; gainPercent: number }[];
  mpp: Record<string, number>;
  pin?: number;
  suns?: number;
  notes: string[];
}
/** One curve of a fit: its points, the fitted model and the figures. */
export interface CurveFitView {
  label: string;
  V: number[];
  fitted: number[];
  residuals: number[];
  measured: number[];
  rmse?: number;
  r2?: number;
  modelKeyFigures?: CircuitKeyFigures;
  dataKeyFigures?: CircuitKeyFigures;
}
/** One curve of a modified-diode fit: its light, the recombination split, the losses. */
export interface MdmCurveView {
  label: string;
  illumination: string;
  pin?: number;
  suns?: number;
  split: {
    V: number[];
    volume: number[];
    bulkSrh: number[];
    radiative: number[];
    auger: number[];
    interface: number[];
    shunt: number[];
  };
  removal: { mechanism: string; pcePercent: number; gainPercent: number }[];
  ranking: string[];
  losses?: LossView;
  lossesSkipped?: string;
  /** The same with codes (results since codes), worded by the UI; lossesSkipped is the English. */
  lossesSkippedMessages?: EngineText[];
  measured?: { V: number[]; J: number[] };
}
/** What the split rests on (result.knowns). */
export interface KnownsView {
  yBulkPerS?: number;
  bulkSource: string;
  yAugerPerS?: number;
  augerSource: string;
  nBulk?: number;
  ni?: number;
}
export interface CircuitView {
  kind: string;
  curve?: { V: number[]; J: number[]; components?: Record<string, number[]>; keyFigures?: CircuitKeyFigures };
  fit?: {
    model: string;
    V: number[];
    fitted: number[];
    residuals: number[];
    measured: number[];
    params: FitParam[];
    level: number;
    rmse?: number;
    r2?: number;
    iterations?: number;
    intervals?: string;
    modelKeyFigures?: CircuitKeyFigures;
    dataKeyFigures?: CircuitKeyFigures;
    warnings: EngineText[];
    /** Every curve (one for older results). */
    curves: CurveFitView[];
    /** Pairs of fitted parameters that trade off strongly (|r| >= 0.95). */
    correlated: { a: string; b: string; r: number }[];
    residualAutocorrelation?: number;
    noiseInflation?: number;
  };
  measured?: { V: number[]; J: number[] };
  losses?: LossView;
  knowns?: KnownsView;
  /** Modified-diode fits: per curve, the split and the losses. */
  mdm?: MdmCurveView[];
}

const kf = (v: unknown): CircuitKeyFigures | undefined =>
  isObj(v)
    ? {
        jscMaCm2: num(v['jscMaCm2']),
        vocV: num(v['vocV']),
        ff: num(v['ff']),
        pcePercent: num(v['pcePercent']),
        vmpV: num(v['vmpV']),
        jmpMaCm2: num(v['jmpMaCm2']),
        pmaxMwCm2: num(v['pmaxMwCm2']),
        pinMwCm2: num(v['pinMwCm2']),
      }
    : undefined;

/** The engine writes 'mA/cm^2', 'Ohm cm^2': shown as a physicist writes them. */
export function prettyUnit(u: string): string {
  return u
    .replace(/\^-1\b/g, '⁻¹')
    .replace(/\^-2\b/g, '⁻²')
    .replace(/\^-3\b/g, '⁻³')
    .replace(/\^2\b/g, '²')
    .replace(/\^3\b/g, '³')
    .replace(/\bOhm\b/g, 'Ω');
}

function readRemoval(v: unknown): LossView['removal'] {
  return (Array.isArray(v) ? v : []).filter(isObj).map((w) => ({
    mechanism: str(w['mechanism']),
    pcePercent: num(w['pcePercent']) ?? Number.NaN,
    gainPercent: num(w['gainPercent']) ?? Number.NaN,
  }));
}

function readLosses(v: unknown): LossView | undefined {
  if (!isObj(v)) return undefined;
  const mpp = isObj(v['mpp']) ? v['mpp'] : {};
  const db = isObj(v['detailedBalance']) ? v['detailedBalance'] : {};
  return {
    pcePercent: num(v['pcePercent']) ?? Number.NaN,
    waterfall: (Array.isArray(v['waterfall']) ? v['waterfall'] : []).filter(isObj).map((w) => ({
      ...(typeof w['key'] === 'string' ? { key: w['key'] } : {}),
      name: str(w['name']),
      lossMwCm2: num(w['lossMwCm2']) ?? Number.NaN,
      lossPercent: num(w['lossPercent']) ?? Number.NaN,
      remainingMwCm2: num(w['remainingMwCm2']) ?? Number.NaN,
    })),
    removal: readRemoval(v['removal']),
    mpp: Object.fromEntries(Object.entries(mpp).filter(([, x]) => typeof x === 'number')) as Record<string, number>,
    // results since one incident power is used everywhere carry it; older ones had the spectrum's
    pin: num(v['pinMwCm2']) ?? num(db['pinMwCm2']),
    suns: num(v['suns']),
    notes: Array.isArray(v['notes']) ? v['notes'].map(String) : [],
  };
}

function readCurveFit(c: Obj): CurveFitView {
  const fitted = nums(c['fittedJMaCm2']);
  const residuals = nums(c['residualsMaCm2']);
  return {
    label: str(c['label']),
    V: nums(c['voltageV']),
    fitted,
    residuals,
    // the engine's residual is fit - data
    measured: fitted.map((x, i) => x - (residuals[i] ?? Number.NaN)),
    rmse: num(c['rmseMaCm2']),
    r2: num(c['r2']),
    modelKeyFigures: kf(c['modelKeyFigures']),
    dataKeyFigures: kf(c['dataKeyFigures']),
  };
}

function readCorrelated(v: unknown): { a: string; b: string; r: number }[] {
  if (!isObj(v) || !Array.isArray(v['keys']) || !Array.isArray(v['matrix'])) return [];
  const keys = v['keys'].map(String);
  const m = v['matrix'].map(nums);
  const out: { a: string; b: string; r: number }[] = [];
  keys.forEach((a, i) => {
    for (let j = i + 1; j < keys.length; j++) {
      const r = m[i]?.[j];
      if (r !== undefined && Math.abs(r) >= 0.95) out.push({ a, b: keys[j]!, r });
    }
  });
  return out;
}

function readMdmCurve(c: Obj): MdmCurveView {
  const sp = isObj(c['split']) ? c['split'] : {};
  const inp = isObj(c['input']) && isObj(c['input']['measured']) ? (c['input']['measured'] as Obj) : undefined;
  return {
    label: str(c['label']),
    illumination: str(c['illumination']),
    pin: num(c['pinMwCm2']),
    suns: num(c['suns']),
    split: {
      V: nums(sp['voltageV']),
      volume: nums(sp['volume']),
      bulkSrh: nums(sp['bulkSrh']),
      radiative: nums(sp['radiative']),
      auger: nums(sp['auger']),
      interface: nums(sp['interface']),
      shunt: nums(sp['shunt']),
    },
    removal: readRemoval(c['removal']),
    ranking: Array.isArray(c['ranking']) ? c['ranking'].map(String) : [],
    losses: readLosses(c['losses']),
    ...(typeof c['lossesSkipped'] === 'string' ? { lossesSkipped: c['lossesSkipped'] } : {}),
    ...(Array.isArray(c['lossesSkippedMessages'])
      ? { lossesSkippedMessages: engineTexts(c['lossesSkippedMessages']) }
      : {}),
    ...(inp ? { measured: { V: nums(inp['voltageV']), J: nums(inp['jMaCm2']) } } : {}),
  };
}

export function readCircuit(result: unknown): CircuitView | null {
  if (!isObj(result)) return null;
  const r = result;
  const view: CircuitView = { kind: str(r['kind']) };
  if (isObj(r['curve'])) {
    const c = r['curve'];
    const comps = isObj(c['components']) ? c['components'] : undefined;
    view.curve = {
      V: nums(c['voltageV']),
      J: nums(c['jMaCm2']),
      components: comps ? Object.fromEntries(Object.entries(comps).map(([k, x]) => [k, nums(x)])) : undefined,
      keyFigures: kf(c['keyFigures']),
    };
  }
  if (isObj(r['fit'])) {
    const f = r['fit'];
    const first = readCurveFit(f);
    const curves = Array.isArray(f['curves']) ? f['curves'].filter(isObj).map(readCurveFit) : [first];
    view.fit = {
      model: str(f['model']),
      V: first.V,
      fitted: first.fitted,
      residuals: first.residuals,
      measured: first.measured,
      params: (Array.isArray(f['parameters']) ? f['parameters'] : []).filter(isObj).map((p) => ({
        key: str(p['key']),
        description: str(p['description']),
        // a dimensionless parameter's unit '1' is shown as none
        unit: str(p['unit']) === '1' ? '' : prettyUnit(str(p['unit'])),
        ...(typeof p['curve'] === 'number' ? { curve: p['curve'] } : {}),
        value: num(p['value']) ?? Number.NaN,
        ciLow: num(p['ciLow']) ?? Number.NaN,
        ciHigh: num(p['ciHigh']) ?? Number.NaN,
        profileLow: num(p['profileLow']) ?? Number.NaN,
        profileHigh: num(p['profileHigh']) ?? Number.NaN,
        ...(typeof p['identifiability'] === 'string' ? { identifiability: p['identifiability'] } : {}),
        logScale: p['logScale'] === true,
        fixed: p['fixed'] === true,
        atBound: typeof p['atBound'] === 'string' ? p['atBound'] : null,
      })),
      level: num(f['confidenceLevel']) ?? 0.95,
      rmse: num(f['rmseMaCm2']),
      r2: num(f['r2']),
      iterations: num(f['iterations']),
      intervals: typeof f['intervals'] === 'string' ? f['intervals'] : undefined,
      modelKeyFigures: first.modelKeyFigures,
      dataKeyFigures: first.dataKeyFigures,
      warnings: engineTexts(f['warnings']),
      curves,
      correlated: readCorrelated(f['correlation']),
      residualAutocorrelation: num(f['residualAutocorrelation']),
      noiseInflation: num(f['noiseInflation']),
    };
  }
  if (isObj(r['input']) && isObj((r['input'] as Obj)['measured'])) {
    const m = (r['input'] as Obj)['measured'] as Obj;
    view.measured = { V: nums(m['voltageV']), J: nums(m['jMaCm2']) };
  }
  view.losses = readLosses(r['losses']);
  if (isObj(r['knowns'])) {
    const k = r['knowns'];
    view.knowns = {
      yBulkPerS: num(k['yBulkPerS']),
      bulkSource: str(k['bulkSource']),
      yAugerPerS: num(k['yAugerPerS']),
      augerSource: str(k['augerSource']),
      nBulk: num(k['nBulk']),
      ni: num(k['intrinsicDensityCm3']),
    };
  }
  if (Array.isArray(r['curves'])) view.mdm = r['curves'].filter(isObj).map(readMdmCurve);
  return view;
}

/**
 * The efficiency-loss waterfall in % of the incident power: 100 % incident, one falling step per
 * loss, the device PCE as the closing total. Steps are named by their key (results since the
 * steps have one) or their English name.
 */
export function waterfallSteps(
  l: LossView,
  names: { start: string; end: string; step: (engineName: string) => string },
): WaterfallStep[] {
  const steps: WaterfallStep[] = [{ name: names.start, value: 100, total: true }];
  for (const w of l.waterfall) steps.push({ name: names.step(w.key ?? w.name), value: -w.lossPercent });
  steps.push({ name: names.end, value: l.pcePercent, total: true });
  return steps;
}

// ---------------------------------------------------------------- records

/** The result view of a calculation kind (route path without the id). */
export function resultPath(kind: CalcKind, id: number): string {
  const view = { opt: 'rsto', elec: 'rste', circle: 'rstc', circle2: 'rstc2', fit: 'rstfit' }[kind];
  return `/plat/${view}/${id}`;
}

/** The form that edits / re-runs a calculation. */
export function editPath(kind: CalcKind, id: number): string {
  if (kind === 'opt') return `/plat/calc/opt?calc=${id}`;
  if (kind === 'elec') return `/plat/calc/elec/${id}`;
  return `/plat/calc/${kind}?calc=${id}`;
}

/** Index of the bias profile nearest to a voltage (the slider starts at the maximum power point). */
export function defaultBiasIndex(profiles: BiasProfile[]): number {
  const mpp = profiles.findIndex((p) => p.label === 'maximum power');
  return mpp >= 0 ? mpp : 0;
}

/** Sum of several equally long arrays (recombination of all layers for one mechanism). */
export function sumArrays(arrays: number[][]): number[] {
  const n = Math.max(0, ...arrays.map((a) => a.length));
  return Array.from({ length: n }, (_, i) => arrays.reduce((s, a) => s + (a[i] ?? 0), 0));
}
