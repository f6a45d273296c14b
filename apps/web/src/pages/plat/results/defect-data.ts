/**
 * The defect and capacitance parts of an 'elec' result (engine runDeviceSimulation:
 * light.profiles[].trappedCharge_cm3 / defects / interfaceDefects, light.recombination per defect,
 * capacitanceVoltage, capacitanceFrequency, defectLosses), read defensively: absent parts are
 * undefined, so older results show nothing of them.
 */
import type { InterfaceDefectSpec, LayerElectricalSpec } from '@pvforge/contracts';
import { asEngineText, type EngineText } from './engine-warnings';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const nums = (v: unknown): number[] => (Array.isArray(v) ? v.map((x) => (typeof x === 'number' ? x : Number.NaN)) : []);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export interface DefectProfile {
  label: string;
  V: number;
  x: number[];
  trapped?: number[];
  occupation: { layer: string; index: number; type: string; values: number[] }[];
  interfaces: { name: string; occupation: number; charge: number }[];
}

export interface DefectLoss {
  where: 'layer' | 'interface';
  location: string;
  name: string;
  type: string;
  converged: boolean;
  pceWithout?: number;
  dPce?: number;
  dVoc?: number;
  dJsc?: number;
  dFF?: number;
}

export interface CapacitanceVoltageView {
  converged: boolean;
  error?: EngineText;
  f: number;
  V: number[];
  C: number[];
  invC2: number[];
  fit?: {
    doping: number;
    Vbi: number;
    from: number;
    to: number;
    slope: number;
    intercept: number;
    r2: number;
    layer: string;
    epsR: number;
  };
  /** What the reading was held to (absent in results stored before it was checked). */
  check?: {
    from: number;
    to: number;
    geometric: number;
    maxOverGeometric: number;
    builtIn: number;
    refused?: 'too-few-points' | 'near-geometric' | 'not-falling' | 'not-linear';
    vbiBeyondBands: boolean;
  };
}

export interface CapacitanceFrequencyView {
  converged: boolean;
  error?: EngineText;
  Vdc: number;
  f: number[];
  C: number[];
  minusFdCdf: number[];
}

export interface DefectView {
  profiles: DefectProfile[];
  /** Recombination current through each defect against the light J-V's voltages, mA/cm^2. */
  recombination?: { V: number[]; series: { layer?: string; iface?: string; index: number; J: number[] }[] };
  losses?: DefectLoss[];
  cv?: CapacitanceVoltageView;
  cf?: CapacitanceFrequencyView;
}

function readProfiles(curve: Obj | undefined): DefectProfile[] {
  const list = curve && Array.isArray(curve['profiles']) ? curve['profiles'] : [];
  return list
    .filter(isObj)
    .filter((p) => p['trappedCharge_cm3'] !== undefined || p['interfaceDefects'] !== undefined)
    .map((p) => ({
      label: str(p['label']),
      V: num(p['V']) ?? Number.NaN,
      x: nums(p['x_nm']),
      trapped: p['trappedCharge_cm3'] === undefined ? undefined : nums(p['trappedCharge_cm3']),
      occupation: (Array.isArray(p['defects']) ? p['defects'] : []).filter(isObj).map((d) => ({
        layer: str(d['layer']),
        index: num(d['index']) ?? 0,
        type: str(d['type']),
        values: nums(d['occupation']),
      })),
      interfaces: (Array.isArray(p['interfaceDefects']) ? p['interfaceDefects'] : []).filter(isObj).map((d) => ({
        name: str(d['interface']),
        occupation: num(d['occupation']) ?? Number.NaN,
        charge: num(d['charge_cm2']) ?? Number.NaN,
      })),
    }));
}

function readRecombination(curve: Obj | undefined): DefectView['recombination'] {
  const rec = curve && isObj(curve['recombination']) ? curve['recombination'] : undefined;
  if (!rec) return undefined;
  const series: NonNullable<DefectView['recombination']>['series'] = [];
  for (const l of (Array.isArray(rec['layers']) ? rec['layers'] : []).filter(isObj))
    if (Array.isArray(l['defects']))
      l['defects'].forEach((d, k) => {
        series.push({ layer: str(l['name']), index: k, J: nums(d) });
      });
  for (const f of (Array.isArray(rec['interfaces']) ? rec['interfaces'] : []).filter(isObj))
    if (Array.isArray(f['defects'])) series.push({ iface: str(f['name']), index: 0, J: nums(f['defects']) });
  return series.length ? { V: nums(curve?.['V']), series } : undefined;
}

function readCv(v: unknown): CapacitanceVoltageView | undefined {
  if (!isObj(v) || !Array.isArray(v['V'])) return undefined;
  const out: CapacitanceVoltageView = {
    converged: v['converged'] !== false,
    f: num(v['frequency_Hz']) ?? Number.NaN,
    V: nums(v['V']),
    C: nums(v['C_F_cm2']),
    invC2: nums(v['invC2_cm4_F2']),
  };
  const vError = asEngineText(v['error']);
  if (vError) out.error = vError;
  const m = v['mottSchottky'];
  if (isObj(m)) {
    const range = nums(m['range_V']);
    out.fit = {
      doping: num(m['doping_cm3']) ?? Number.NaN,
      Vbi: num(m['Vbi_V']) ?? Number.NaN,
      from: range[0] ?? Number.NaN,
      to: range[1] ?? Number.NaN,
      slope: num(m['slope']) ?? Number.NaN,
      intercept: num(m['intercept']) ?? Number.NaN,
      r2: num(m['r2']) ?? Number.NaN,
      layer: str(m['layer']),
      epsR: num(m['eps_r']) ?? Number.NaN,
    };
  }
  const c = v['mottSchottkyCheck'];
  if (isObj(c)) {
    const range = nums(c['range_V']);
    const refused = str(c['refused']);
    out.check = {
      from: range[0] ?? Number.NaN,
      to: range[1] ?? Number.NaN,
      geometric: num(c['geometric_F_cm2']) ?? Number.NaN,
      maxOverGeometric: num(c['maxOverGeometric']) ?? Number.NaN,
      builtIn: num(c['builtIn_V']) ?? Number.NaN,
      vbiBeyondBands: c['vbiBeyondBands'] === true,
    };
    if (REFUSALS.includes(refused as never)) out.check.refused = refused as NonNullable<typeof out.check.refused>;
  }
  return out;
}

const REFUSALS = ['too-few-points', 'near-geometric', 'not-falling', 'not-linear'] as const;

function readCf(v: unknown): CapacitanceFrequencyView | undefined {
  if (!isObj(v) || !Array.isArray(v['frequency_Hz'])) return undefined;
  const out: CapacitanceFrequencyView = {
    converged: v['converged'] !== false,
    Vdc: num(v['V_dc']) ?? Number.NaN,
    f: nums(v['frequency_Hz']),
    C: nums(v['C_F_cm2']),
    minusFdCdf: nums(v['minusFdCdf_F_cm2']),
  };
  const vError = asEngineText(v['error']);
  if (vError) out.error = vError;
  return out;
}

function readLosses(v: unknown): DefectLoss[] | undefined {
  if (!Array.isArray(v)) return undefined;
  return v.filter(isObj).map((d) => {
    const w = isObj(d['without']) ? d['without'] : {};
    return {
      where: d['where'] === 'interface' ? 'interface' : 'layer',
      location: str(d['location']),
      name: str(d['name']),
      type: str(d['type']),
      converged: d['converged'] !== false,
      pceWithout: num(w['PCE_percent']),
      dPce: num(d['deltaPCE_percent']),
      dVoc: num(d['deltaVoc_V']),
      dJsc: num(d['deltaJsc_mA_cm2']),
      dFF: num(d['deltaFF']),
    };
  });
}

/** The defect parts of a result; undefined when it has none. */
export function readDefects(result: unknown): DefectView | undefined {
  if (!isObj(result)) return undefined;
  const light = isObj(result['light']) ? result['light'] : isObj(result['dark']) ? result['dark'] : undefined;
  const view: DefectView = { profiles: readProfiles(light) };
  const rec = readRecombination(light);
  if (rec) view.recombination = rec;
  const losses = readLosses(result['defectLosses']);
  if (losses) view.losses = losses;
  const cv = readCv(result['capacitanceVoltage']);
  if (cv) view.cv = cv;
  const cf = readCf(result['capacitanceFrequency']);
  if (cf) view.cf = cf;
  const any = view.profiles.length || view.recombination || view.losses || view.cv || view.cf;
  return any ? view : undefined;
}

/** The Mott-Schottky line over its fit range, for drawing beside the data. */
export function fittedLine(cv: CapacitanceVoltageView): { x: number[]; y: number[] } {
  const f = cv.fit;
  if (!f) return { x: [], y: [] };
  const x = cv.V.filter((v) => v >= f.from - 1e-12 && v <= f.to + 1e-12);
  return { x, y: x.map((v) => f.intercept + f.slope * v) };
}

/** The defects as the user entered them (the run's DeviceSpec): what the density-of-states plots draw and the names legends use. */
export interface DefectSpecs {
  T: number;
  /** Layers with defects, by name. */
  layers: { name: string; electrical: LayerElectricalSpec }[];
  /** Interfaces with defects: the two layers' electrical parameters (their shared gap) and the sheets. */
  interfaces: {
    between: [string, string];
    front?: LayerElectricalSpec;
    back?: LayerElectricalSpec;
    defects: InterfaceDefectSpec[];
  }[];
}

/** The defects of a run's input (a sweep's input holds its device); undefined without any. */
export function readDefectSpecs(input: unknown): DefectSpecs | undefined {
  if (!isObj(input)) return undefined;
  const device = input['sweep'] === true && isObj(input['device']) ? input['device'] : input;
  const el = isObj(device['electrical']) ? device['electrical'] : {};
  const all = (Array.isArray(device['layers']) ? device['layers'] : []).filter(isObj);
  const electrical = (name: string) => {
    const l = all.find((x) => x['name'] === name);
    return l && isObj(l['electrical']) ? (l['electrical'] as LayerElectricalSpec) : undefined;
  };
  const layers = all
    .filter(
      (l) => isObj(l['electrical']) && Array.isArray(l['electrical']['defects']) && l['electrical']['defects'].length,
    )
    .map((l) => ({ name: str(l['name']), electrical: l['electrical'] as LayerElectricalSpec }));
  const interfaces = (Array.isArray(el['interfaces']) ? el['interfaces'] : [])
    .filter(isObj)
    .filter((it) => Array.isArray(it['defects']) && it['defects'].length && Array.isArray(it['between']))
    .map((it) => {
      const between = (it['between'] as unknown[]).map(str) as [string, string];
      return {
        between,
        front: electrical(between[0]),
        back: electrical(between[1]),
        defects: (it['defects'] as unknown[]).filter(isObj) as InterfaceDefectSpec[],
      };
    });
  if (!layers.length && !interfaces.length) return undefined;
  return { T: num(el['temperatureK']) ?? 300, layers, interfaces };
}

/** The name the user gave defect k of a layer, if any. */
export function layerDefectName(specs: DefectSpecs | undefined, layer: string, k: number): string | undefined {
  const d = specs?.layers.find((l) => l.name === layer)?.electrical.defects?.[k];
  return d?.name?.trim() || undefined;
}

/** The names the user gave the defects of an interface ("front/back"), those given. */
export function interfaceDefectNames(specs: DefectSpecs | undefined, iface: string): string[] {
  const it = specs?.interfaces.find((x) => x.between.join('/') === iface);
  return (it?.defects ?? []).map((d) => d.name?.trim() ?? '').filter(Boolean);
}
