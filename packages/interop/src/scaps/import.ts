import {
  type BulkDefectSpec,
  checkDeviceSpec,
  type DeviceLayerSpec,
  type DeviceSpec,
  GRADABLE_KEYS,
  type GradableKey,
  type InterfaceDefectSpec,
  type InterfaceElectricalSpec,
  type OpticalModelSpec,
} from '@pvforge/contracts';
import type { ImportOutcome, ImportReport, InteropMessage, ReportItem, SourceFile } from '../report.js';
import { type AbsTable, HC_EV_NM, readAbsFile } from './abs.js';
import {
  checkText,
  type DefLine,
  fail,
  msg,
  numbersOf,
  parseNum,
  ScapsError,
  sameUnit,
  scapsOf,
  splitLines,
} from './lines.js';

/**
 * SCAPS-1D definition files (.def) into a DeviceSpec. The file is read into SCAPS's own terms
 * first (contacts, layers left to right with their defects, interfaces, working point), every
 * line kept with its number; then each value is mapped through the parameter registry's SCAPS
 * names, units and factors, and every line of the file ends in the report: mapped, approximated,
 * refused or unused, with the reason. Physics of the mapping: docs/physics/scaps-import.md.
 */

/** SCAPS 3.3 allows 7 layers; later versions more. Far above, the file is not a device. */
export const MAX_SCAPS_LAYERS = 50;
/** The default refractive index given to SCAPS absorption models (SCAPS has none; only the transfer matrix reads it). */
export const SCAPS_DEFAULT_N = 2;
/** kT/q at 300 K, for the intrinsic-level references of interface defects. */
const KT_300_EV = 0.025852;

/** A value of the file: the value column(s) and where it stood. */
interface Val {
  key: string;
  line: number;
  raw: string;
  value: string;
  nums: number[];
  unit?: string;
  used?: boolean;
}

/** One section of the file: its heading line and its values by normalised key (in file order). */
interface Section {
  kind: string;
  line: number;
  vals: Val[];
}

const SECTION_HEADINGS = new Map<string, string>([
  ['convergence', 'convergence'],
  ['back contact', 'contact'],
  ['front contact', 'contact'],
  ['left contact', 'contact'],
  ['right contact', 'contact'],
  ['layer', 'layer'],
  ['interface properties', 'interface'],
  ['interface recombination', 'ifdefect'],
  ['srhrecombination', 'defect'],
  ['defect', 'defect'],
  ['working point', 'working'],
]);

const norm = (k: string) => k.toLowerCase().replace(/\s+/g, ' ').trim();

class Reader {
  readonly items: ReportItem[] = [];
  readonly warnings: InteropMessage[] = [];
  constructor(readonly file: string) {}

  src(line: number) {
    return { file: this.file, line };
  }
  /** Marks a value used and reports it. */
  report(v: Val, status: ReportItem['status'], path?: string, value?: ReportItem['value'], message?: InteropMessage) {
    v.used = true;
    const item: ReportItem = { status, name: v.key, raw: v.value, source: this.src(v.line) };
    if (path !== undefined) item.path = path;
    if (value !== undefined) item.value = value;
    if (message) item.message = message;
    this.items.push(item);
  }
  fail(line: number, code: string, params: Record<string, string | number>, text: string): never {
    return fail(code, { ...params, file: this.file, line }, text, this.src(line));
  }
}

function find(sec: Section, key: string): Val | undefined {
  const k = norm(key);
  return sec.vals.find((v) => !v.used && norm(v.key) === k);
}
function findAll(sec: Section, key: string): Val[] {
  const k = norm(key);
  return sec.vals.filter((v) => norm(v.key) === k);
}
/** A key with a parenthesised profile (`Nd(uniform)`, `Nt(linear)`): the value and the profile. */
function findProfiled(sec: Section, base: string): { v: Val; profile: string } | undefined {
  const re = new RegExp(`^${base.toLowerCase()}\\s*\\(([^)]*)\\)$`);
  for (const v of sec.vals) {
    const m = re.exec(norm(v.key));
    if (m && !v.used) return { v, profile: m[1]!.trim() };
  }
  const plain = find(sec, base);
  return plain ? { v: plain, profile: 'uniform' } : undefined;
}

/** The file cut into sections; lines outside any section are the title block. */
function sectionsOf(r: Reader, lines: DefLine[]): { title: DefLine[]; sections: Section[] } {
  const title: DefLine[] = [];
  const sections: Section[] = [];
  let cur: Section | undefined;
  for (const l of lines) {
    const t = l.raw.trim();
    if (!t) continue;
    const heading = SECTION_HEADINGS.get(norm(t));
    if (heading && l.key === undefined) {
      cur = { kind: heading, line: l.no, vals: [] };
      sections.push(cur);
      r.items.push({
        status: 'mapped',
        name: t,
        source: r.src(l.no),
        message: msg('scaps.section', { section: t }, `section "${t}"`),
      });
      continue;
    }
    if (!cur || t.startsWith('>')) {
      title.push(l);
      continue;
    }
    if (l.key === undefined) {
      cur.vals.push({ key: t, line: l.no, raw: l.raw, value: '', nums: [] });
      continue;
    }
    const { nums } = numbersOf(l.value ?? '');
    const unit = /\[([^\]]*)\]\s*$/.exec(l.value ?? '')?.[1]?.trim() ?? /\[([^\]]*)\]/.exec(l.value ?? '')?.[1]?.trim();
    const val: Val = { key: l.key, line: l.no, raw: l.raw, value: l.value ?? '', nums };
    if (unit !== undefined) val.unit = unit;
    cur.vals.push(val);
  }
  return { title, sections };
}

/** A number of the registry entry at `path` from value v, converted to the DeviceSpec unit; the unit tag checked. */
function regNum(r: Reader, v: Val, path: string, col = 0): number {
  const s = scapsOf(path);
  if (v.unit !== undefined && !sameUnit(v.unit, s.unit))
    r.fail(
      v.line,
      'scaps.unit',
      { key: v.key, got: v.unit, want: s.unit },
      `${v.key} is given in [${v.unit}]; SCAPS writes it in [${s.unit}]`,
    );
  const x = v.nums[col];
  if (x === undefined || !Number.isFinite(x))
    r.fail(
      v.line,
      'scaps.not-number',
      { key: v.key, got: v.value.slice(0, 40) },
      `${v.key}: "${v.value.slice(0, 40)}" is not a number`,
    );
  // 12 significant digits: the unit factor must not add binary noise to what the file says
  return Number((x * s.factor).toPrecision(12));
}

/** Values within the format's precision (SCAPS writes 4 to 7 significant digits). */
function close(a: number, b: number): boolean {
  return a === b || Math.abs(a - b) <= 1e-6 * Math.max(Math.abs(a), Math.abs(b));
}

interface RawLayer {
  sec: Section;
  name: string;
  defects: Section[];
}
interface RawInterface {
  sec: Section;
  /** Index (left to right) of the layer on its left. */
  leftLayer: number;
  defects: Section[];
}

/** Layer keys that take part in composition grading, to the DeviceSpec field and registry path. */
const LAYER_KEYS: {
  key: string;
  field: GradableKey | 'kRadCm3PerS' | 'cnCm6PerS' | 'cpCm6PerS';
  profiled?: boolean;
}[] = [
  { key: 'eps', field: 'epsR' },
  { key: 'chi', field: 'chiEV' },
  { key: 'Eg', field: 'egEV' },
  { key: 'Nc', field: 'ncCm3' },
  { key: 'Nv', field: 'nvCm3' },
  { key: 'mu_n', field: 'muNCm2PerVs' },
  { key: 'mu_p', field: 'muPCm2PerVs' },
  { key: 'Na', field: 'naCm3', profiled: true },
  { key: 'Nd', field: 'ndCm3', profiled: true },
  { key: 'K_rad', field: 'kRadCm3PerS' },
  { key: 'c_n_auger', field: 'cnCm6PerS' },
  { key: 'c_p_auger', field: 'cpCm6PerS' },
];

/**
 * A graded row: column 1 is the pure-A value, column 2 the pure-B value (stale when the layer is
 * not graded), then the grading law's parameters, and columns 6 and 7 the values SCAPS computed at
 * the layer's left and right faces; a row of one number is an older file's ungraded value.
 */
function faces(v: Val): { left: number; right: number; graded: boolean } {
  const n = v.nums.filter((x) => !Number.isNaN(x));
  if (v.nums.length >= 7) {
    const left = v.nums[5]!;
    const right = v.nums[6]!;
    if (Number.isFinite(left) && Number.isFinite(right)) return { left, right, graded: !close(left, right) };
  }
  return { left: n[0] ?? Number.NaN, right: n[0] ?? Number.NaN, graded: false };
}

/** The parsed SCAPS structure, left to right. */
interface Parsed {
  version?: string;
  title: DefLine[];
  contacts: Section[];
  layers: RawLayer[];
  interfaces: RawInterface[];
  working?: Section;
  convergence: Section[];
  others: Section[];
}

function parse(r: Reader, text: string): Parsed {
  const lines = splitLines(text);
  const { title, sections } = sectionsOf(r, lines);
  const p: Parsed = { title, contacts: [], layers: [], interfaces: [], convergence: [], others: [] };
  const v = /SCAPS\s+(\d+\.\d+(?:\.\d+)?)/i.exec(title.map((l) => l.raw).join(' '));
  if (v) p.version = v[1];
  if (!sections.some((s) => s.kind === 'layer'))
    r.fail(
      lines.length,
      'scaps.no-layer',
      {},
      'no "layer" section: this is not a SCAPS definition file, or it is truncated',
    );
  let lastIf: RawInterface | undefined;
  for (const s of sections) {
    if (s.kind === 'contact') p.contacts.push(s);
    else if (s.kind === 'convergence') p.convergence.push(s);
    else if (s.kind === 'working') p.working = s;
    else if (s.kind === 'layer') {
      if (p.layers.length >= MAX_SCAPS_LAYERS)
        r.fail(
          s.line,
          'scaps.too-many-layers',
          { max: MAX_SCAPS_LAYERS },
          `more than ${MAX_SCAPS_LAYERS} layers (SCAPS itself allows far fewer)`,
        );
      const nm = find(s, 'name');
      p.layers.push({ sec: s, name: nm?.value || `layer ${p.layers.length + 1}`, defects: [] });
      lastIf = undefined;
    } else if (s.kind === 'defect') {
      const l = p.layers[p.layers.length - 1];
      if (!l) r.fail(s.line, 'scaps.orphan', { section: 'srhrecombination' }, 'a defect section before any layer');
      l.defects.push(s);
    } else if (s.kind === 'interface') {
      if (!p.layers.length)
        r.fail(s.line, 'scaps.orphan', { section: 'interface properties' }, 'an interface before any layer');
      lastIf = { sec: s, leftLayer: p.layers.length - 1, defects: [] };
      p.interfaces.push(lastIf);
    } else if (s.kind === 'ifdefect') {
      if (!lastIf)
        r.fail(
          s.line,
          'scaps.orphan',
          { section: 'interface recombination' },
          'interface recombination outside an interface',
        );
      lastIf.defects.push(s);
    } else p.others.push(s);
  }
  for (const i of p.interfaces)
    if (i.leftLayer >= p.layers.length - 1)
      r.fail(
        i.sec.line,
        'scaps.orphan',
        { section: 'interface properties' },
        'an interface after the last layer: the file is truncated',
      );
  if (p.contacts.length !== 2)
    r.fail(
      lines.length,
      'scaps.contacts',
      { found: p.contacts.length },
      `expected two contact sections, found ${p.contacts.length}: the file is truncated or not a .def`,
    );
  if (!p.working)
    r.fail(lines.length, 'scaps.no-working-point', {}, 'no "working point" section: the file is truncated');
  return p;
}

function boolOf(v: Val | undefined): boolean {
  return v !== undefined && v.nums[0] === 1;
}

/** What the user's refusal of a SCAPS switch means: a tunnelling switch on is physics PVForge does not do here. */
/**
 * A line of a bulk or interface defect that no rule read: its tunnelling switch (refused when on,
 * `tunnelling` names which), the effective masses only tunnelling uses, or a key PVForge does not know.
 */
function reportDefectLeftover(r: Reader, v: Val, tunnelling: string): void {
  if (/tunneling to trap/i.test(v.key)) refuseSwitch(r, v, tunnelling);
  else if (/relative (electron|hole) mass/i.test(v.key))
    r.report(
      v,
      'unused',
      undefined,
      undefined,
      msg('scaps.mass-unused', {}, 'effective masses are used by SCAPS only for tunnelling, which is off'),
    );
  else
    r.report(
      v,
      'unused',
      undefined,
      undefined,
      msg('scaps.unknown', { key: v.key }, `"${v.key}" is not read by PVForge`),
    );
}

function refuseSwitch(r: Reader, v: Val | undefined, what: string): void {
  if (!v) return;
  if (boolOf(v))
    r.report(
      v,
      'refused',
      undefined,
      1,
      msg(
        'scaps.refused-switch',
        { key: v.key, what },
        `${what} is switched on in SCAPS; PVForge does not model it here, the device runs without it`,
      ),
    );
  else r.report(v, 'unused', undefined, 0, msg('scaps.switch-off', { key: v.key }, 'switched off'));
}

interface Built {
  device: DeviceSpec;
}

/** Equilibrium work function of a layer face from its doping (flat-band contacts), eV below vacuum. */
function flatbandWf(e: {
  chiEV: number;
  egEV: number;
  ncCm3: number;
  nvCm3: number;
  ndCm3?: number;
  naCm3?: number;
}): number {
  const net = (e.ndCm3 ?? 0) - (e.naCm3 ?? 0);
  if (net > 0) return Math.min(e.chiEV + e.egEV, Math.max(e.chiEV, e.chiEV + KT_300_EV * Math.log(e.ncCm3 / net)));
  if (net < 0)
    return Math.max(e.chiEV, Math.min(e.chiEV + e.egEV, e.chiEV + e.egEV - KT_300_EV * Math.log(e.nvCm3 / -net)));
  return e.chiEV + e.egEV / 2 + (KT_300_EV / 2) * Math.log(e.ncCm3 / e.nvCm3);
}

const DIST: Record<string, BulkDefectSpec['distribution']> = {
  single: 'single',
  uniform: 'uniform',
  gauss: 'gaussian',
  gaussian: 'gaussian',
  'cb tail': 'tail',
  'vb tail': 'tail',
};

function defectType(s: string): 'donor' | 'acceptor' | 'neutral' | undefined {
  const t = s.toLowerCase();
  if (/^neutral/.test(t)) return 'neutral';
  if (/^single donor|^donor/.test(t)) return 'donor';
  if (/^single acceptor|^acceptor/.test(t)) return 'acceptor';
  return undefined;
}

function build(r: Reader, p: Parsed, absFiles: Map<string, SourceFile>): Built {
  const wp = p.working!;
  const ill = find(wp, 'illuminated from');
  const fromRight = ill ? /right/i.test(ill.value) : false;
  if (ill)
    r.report(
      ill,
      'mapped',
      'layers',
      fromRight ? 'right' : 'left',
      msg(
        'scaps.illuminated',
        { side: fromRight ? 'right' : 'left' },
        fromRight
          ? 'light from the right: the layers are listed right to left and the contacts swapped'
          : 'light from the left: the layers in file order',
      ),
    );
  // DeviceSpec order = the order light crosses the layers
  const order = p.layers.map((_, i) => i);
  if (fromRight) order.reverse();
  const names = new Map<string, number>();
  const layerName = (raw: string) => {
    const base = raw.trim().slice(0, 100) || 'layer';
    const n = (names.get(base) ?? 0) + 1;
    names.set(base, n);
    return n === 1 ? base : `${base} (${n})`;
  };

  const builtLayers: DeviceLayerSpec[] = [];
  const byFileIndex = new Map<number, { name: string; at: number; e: Record<string, number> }>();
  order.forEach((fi, at) => {
    const L = p.layers[fi]!;
    const s = L.sec;
    const P = `layers[${at}]`;
    const nameVal = find(s, 'name');
    const name = layerName(L.name);
    if (nameVal) r.report(nameVal, 'mapped', `${P}.name`, name);
    const dV = find(s, 'd');
    if (!dV) r.fail(s.line, 'scaps.missing', { key: 'd', section: 'layer' }, `layer "${L.name}" has no thickness (d)`);
    const thicknessNm = Number(regNum(r, dV, 'layers[].thicknessNm').toPrecision(12));
    r.report(dV, 'mapped', `${P}.thicknessNm`, thicknessNm);
    const e: Record<string, number> = {};
    const back: Partial<Record<GradableKey, number>> = {};
    for (const k of LAYER_KEYS) {
      const got = k.profiled
        ? findProfiled(s, k.key)
        : (() => {
            const v = find(s, k.key);
            return v ? { v, profile: 'uniform' } : undefined;
          })();
      const path = `layers[].electrical.${k.field}`;
      const required = !['naCm3', 'ndCm3', 'kRadCm3PerS', 'cnCm6PerS', 'cpCm6PerS'].includes(k.field);
      if (!got) {
        if (required)
          r.fail(
            s.line,
            'scaps.missing',
            { key: k.key, section: `layer ${L.name}` },
            `layer "${L.name}" has no ${k.key}`,
          );
        continue;
      }
      const { v, profile } = got;
      const f = faces(v);
      const sc = scapsOf(path);
      if (v.unit !== undefined && !sameUnit(v.unit, sc.unit))
        r.fail(
          v.line,
          'scaps.unit',
          { key: v.key, got: v.unit, want: sc.unit },
          `${v.key} is given in [${v.unit}]; SCAPS writes it in [${sc.unit}]`,
        );
      if (!Number.isFinite(f.left) || !Number.isFinite(f.right))
        r.fail(
          v.line,
          'scaps.not-number',
          { key: v.key, got: v.value.slice(0, 40) },
          `${v.key}: "${v.value.slice(0, 40)}" is not a number`,
        );
      // the face the light reaches first is the layer's front
      const front = Number(((fromRight ? f.right : f.left) * sc.factor).toPrecision(12));
      const backV = Number(((fromRight ? f.left : f.right) * sc.factor).toPrecision(12));
      const gradable = (GRADABLE_KEYS as readonly string[]).includes(k.field);
      if (front !== 0 || required) e[k.field] = front;
      if (f.graded && gradable) back[k.field as GradableKey] = backV;
      const fieldPath = `${P}.electrical.${k.field}`;
      if (f.graded && !gradable)
        r.report(
          v,
          'approximated',
          fieldPath,
          front,
          msg(
            'scaps.grading-not-gradable',
            { key: v.key },
            `${v.key} is graded in SCAPS; PVForge grades only the band, permittivity, densities of states, mobilities and doping: the front-face value is used`,
          ),
        );
      else if (f.graded)
        r.report(
          v,
          'approximated',
          fieldPath,
          front,
          msg(
            'scaps.grading-linear',
            { key: v.key, front, back: backV },
            `${v.key} graded from ${front} (front) to ${backV} (back); SCAPS's composition law between the faces is replaced by a linear change`,
          ),
        );
      else if (k.profiled && !/^uniform$/i.test(profile))
        r.report(
          v,
          'approximated',
          fieldPath,
          front,
          msg(
            'scaps.profile',
            { key: v.key, profile },
            `${v.key} has a ${profile} profile in SCAPS; taken as uniform at the value SCAPS gives`,
          ),
        );
      else r.report(v, 'mapped', fieldPath, front);
    }
    // v_th is a layer value in SCAPS that its defects use
    const vthN = find(s, 'v_th_n');
    const vthP = find(s, 'v_th_p');
    const vthNCmPerS = vthN ? regNum(r, vthN, 'layers[].electrical.defects[].vthNCmPerS') : 1e7;
    const vthPCmPerS = vthP ? regNum(r, vthP, 'layers[].electrical.defects[].vthPCmPerS') : 1e7;
    e.__vthN = vthNCmPerS;
    e.__vthP = vthPCmPerS;
    refuseSwitch(r, find(s, 'Tunneling in layer'), 'intraband tunnelling in the layer');
    for (const m of [...findAll(s, 'Relative electron mass'), ...findAll(s, 'Relative hole mass')])
      if (!m.used)
        r.report(
          m,
          'unused',
          undefined,
          undefined,
          msg('scaps.mass-unused', {}, 'effective masses are used by SCAPS only for tunnelling, which is off'),
        );
    const comp = find(s, 'composition grading');
    if (comp)
      r.report(
        comp,
        Object.keys(back).length ? 'approximated' : 'mapped',
        Object.keys(back).length ? `${P}.electrical.grading` : undefined,
        undefined,
        msg(
          'scaps.composition',
          {},
          'composition grading: PVForge reads the face values SCAPS wrote in each graded row',
        ),
      );
    // the composition at the face of smallest gap sets the absorption edge of a graded layer (see readOptics)
    const egRow = findAll(s, 'Eg')[0];
    let mix: CompositionMix | undefined;
    if (comp && egRow && comp.nums.length >= 7 && egRow.nums.length >= 7) {
      const yF = faces(comp);
      const egF = faces(egRow);
      const leftLower = egF.left <= egF.right;
      const y = leftLower ? yF.left : yF.right;
      const egY = leftLower ? egF.left : egF.right;
      if ([y, egY, egRow.nums[0]!, egRow.nums[1]!].every(Number.isFinite) && y > 0)
        mix = { y, egY, egA: egRow.nums[0]!, egB: egRow.nums[1]! };
    }
    const optical = readOptics(r, s, e.egEV!, P, absFiles, mix);
    const electrical: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(e)) if (!k.startsWith('__')) electrical[k] = x;
    if (Object.keys(back).length) electrical.grading = { law: 'linear', back };
    const defects: BulkDefectSpec[] = [];
    for (const ds of L.defects)
      defects.push(
        ...readBulkDefect(r, ds, `${P}.electrical.defects`, defects.length, vthNCmPerS, vthPCmPerS, fromRight),
      );
    if (vthN && !vthN.used)
      r.report(
        vthN,
        defects.length ? 'mapped' : 'unused',
        defects.length ? `${P}.electrical.defects[].vthNCmPerS` : undefined,
        vthNCmPerS,
        defects.length ? undefined : msg('scaps.vth-unused', {}, 'no defect in this layer uses the thermal velocity'),
      );
    if (vthP && !vthP.used)
      r.report(
        vthP,
        defects.length ? 'mapped' : 'unused',
        defects.length ? `${P}.electrical.defects[].vthPCmPerS` : undefined,
        vthPCmPerS,
        defects.length ? undefined : msg('scaps.vth-unused', {}, 'no defect in this layer uses the thermal velocity'),
      );
    if (defects.length > 20)
      r.fail(
        s.line,
        'scaps.too-many-defects',
        { layer: name, count: defects.length },
        `layer "${name}" has ${defects.length} defect levels; PVForge takes at most 20 per layer`,
      );
    if (defects.length) electrical.defects = defects;
    builtLayers.push({
      name,
      thicknessNm,
      role: 'other',
      optical,
      electrical: electrical as DeviceLayerSpec['electrical'],
    });
    byFileIndex.set(fi, { name, at, e });
  });
  assignRoles(builtLayers);

  // interfaces: SCAPS lists them left to right, between file layers i and i+1
  const interfaces: InterfaceElectricalSpec[] = [];
  const nWithDefects = p.interfaces.filter((I) => I.defects.length).length;
  for (const I of p.interfaces) {
    const left = byFileIndex.get(I.leftLayer)!;
    const right = byFileIndex.get(I.leftLayer + 1)!;
    const [front, backL] = fromRight ? [right, left] : [left, right];
    const at = fromRight ? nWithDefects - 1 - interfaces.length : interfaces.length;
    const P = `electrical.interfaces[${at}]`;
    const nameV = find(I.sec, 'interfacename');
    if (nameV)
      r.report(
        nameV,
        'mapped',
        `${P}.between`,
        `${front.name} / ${backL.name}`,
        msg('scaps.interface-name', {}, 'the interface is named by its two layers'),
      );
    refuseSwitch(r, find(I.sec, 'Intraband tunneling'), 'intraband tunnelling across the interface');
    for (const m of [...findAll(I.sec, 'Relative electron mass'), ...findAll(I.sec, 'Relative hole mass')])
      if (!m.used)
        r.report(
          m,
          'unused',
          undefined,
          undefined,
          msg('scaps.mass-unused', {}, 'effective masses are used by SCAPS only for tunnelling, which is off'),
        );
    const defects: InterfaceDefectSpec[] = [];
    for (const ds of I.defects)
      defects.push(...readInterfaceDefect(r, ds, `${P}.defects`, defects.length, p, I, left, right, fromRight));
    if (defects.length) interfaces.push({ between: [front.name, backL.name], defects });
    else
      r.items.push({
        status: 'unused',
        name: 'interface properties',
        source: r.src(I.sec.line),
        message: msg(
          'scaps.interface-empty',
          {},
          'an interface without defects: nothing to map (carriers cross by thermionic emission in both tools)',
        ),
      });
  }
  if (fromRight) interfaces.reverse();

  // contacts: the first contact section is SCAPS's left contact, the second its right one
  const [leftC, rightC] = p.contacts as [Section, Section];
  const first = byFileIndex.get(order[0]!)!;
  const last = byFileIndex.get(order[order.length - 1]!)!;
  const frontSec = fromRight ? rightC : leftC;
  const backSec = fromRight ? leftC : rightC;
  const frontC = readContact(r, frontSec, 'front');
  const backC = readContact(r, backSec, 'back');
  const frontLayer = builtLayers[0]!.electrical as Record<string, number>;
  const backLayer = builtLayers[builtLayers.length - 1]!.electrical as Record<string, number>;
  const grading = (builtLayers[builtLayers.length - 1]!.electrical as { grading?: { back: Record<string, number> } })
    .grading;
  const backFace = { ...backLayer, ...(grading?.back ?? {}) } as never;
  const wfFront = frontC.kind === 'schottky' ? frontC.workFunctionEV! : flatbandWf(frontLayer as never);
  const wfBack = backC.kind === 'schottky' ? backC.workFunctionEV! : flatbandWf(backFace);
  void first;
  void last;
  // the anode collects holes: the contact with the deeper Fermi level (larger work function)
  const anode: 'front' | 'back' = wfBack >= wfFront ? 'back' : 'front';
  const va = find(wp, 'voltage V applied to');
  if (va)
    r.report(
      va,
      'unused',
      'electrical.contacts.anode',
      anode,
      msg(
        'scaps.polarity',
        { anode },
        `SCAPS's voltage reference; PVForge applies forward bias at the anode (the ${anode} contact, from the contacts' work functions) and reports photocurrent as positive`,
      ),
    );
  const crs = find(wp, 'cell reference system');
  if (crs)
    r.report(
      crs,
      'unused',
      undefined,
      undefined,
      msg('scaps.sign', {}, 'SCAPS sign convention; PVForge reports generated power and photocurrent as positive'),
    );
  const R = find(wp, 'internal Rfront');
  const T = find(wp, 'internal Tfront');
  const rf = R ? (R.nums[0] ?? Number.NaN) : 0;
  const tf = T ? (T.nums[0] ?? Number.NaN) : 1;
  if (!Number.isFinite(rf) || rf < 0 || rf > 1)
    r.fail(
      R!.line,
      'scaps.range',
      { key: 'internal Rfront', min: 0, max: 1 },
      'internal Rfront must be between 0 and 1',
    );
  if (!Number.isFinite(tf) || tf < 0 || tf > 1)
    r.fail(
      T!.line,
      'scaps.range',
      { key: 'internal Tfront', min: 0, max: 1 },
      'internal Tfront must be between 0 and 1',
    );
  // Beer-Lambert: a front filter of transmission T after a reflection R leaves (1-R)T
  const reflectance = Number((1 - (1 - rf) * tf).toPrecision(12));
  if (R)
    r.report(
      R,
      'mapped',
      'electrical.generation.reflectance',
      reflectance,
      msg(
        'scaps.reflectance',
        { r: rf, t: tf, reflectance },
        'front reflection; with the front transmission it gives the reflectance 1-(1-R)T',
      ),
    );
  if (T)
    r.report(
      T,
      'mapped',
      'electrical.generation.reflectance',
      reflectance,
      msg(
        'scaps.reflectance',
        { r: rf, t: tf, reflectance },
        'front transmission folded into the reflectance 1-(1-R)T (exact for Beer-Lambert)',
      ),
    );
  const circuit = readCircuit(r, wp);
  for (const v of wp.vals)
    if (!v.used)
      r.report(
        v,
        'unused',
        undefined,
        undefined,
        msg('scaps.unknown', { key: v.key }, `"${v.key}" is not read by PVForge`),
      );

  for (const c of p.convergence)
    for (const v of c.vals) {
      if (v.used) continue;
      if (/tunnelbtob_allowed|tunnelcontact_allowed/i.test(v.key))
        refuseSwitch(r, v, v.key.startsWith('TunnelBtoB') ? 'band-to-band tunnelling' : 'tunnelling to the contacts');
      else
        r.report(
          v,
          'unused',
          undefined,
          undefined,
          msg('scaps.solver', { key: v.key }, "SCAPS's solver and analysis setting; PVForge's solver has its own"),
        );
    }

  const egMin = Math.min(...builtLayers.map((l) => (l.electrical as { egEV: number }).egEV));
  const stopV = Math.min(3, Math.max(0.4, Math.round(egMin * 10) / 10));
  const endNm = Math.min(2500, Math.max(400, Math.ceil((1239.84 / egMin + 100) / 10) * 10));
  r.warnings.push(
    circuit.inFile
      ? msg(
          'scaps.sweep-default-rs',
          { stopV, endNm },
          `the .def holds no voltage sweep, spectrum or temperature: 0 to ${stopV} V in 20 mV steps (continued to Voc), AM1.5G from 300 to ${endNm} nm, 300 K; its series and shunt resistance are read`,
        )
      : msg(
          'scaps.sweep-default',
          { stopV, endNm },
          `the .def holds no voltage sweep, spectrum, temperature or series and shunt resistance: 0 to ${stopV} V in 20 mV steps (continued to Voc), AM1.5G from 300 to ${endNm} nm, 300 K, no resistances`,
        ),
  );
  for (const l of p.title) {
    const t = l.raw.trim();
    r.items.push({
      status: 'unused',
      name: t.slice(0, 80),
      source: r.src(l.no),
      message: msg('scaps.title', {}, 'title or comment line'),
    });
  }
  const device: DeviceSpec = {
    schemaVersion: 1,
    name: (
      p.title.map((l) => l.raw.replace(/^>\s*/, '').trim()).find((t) => t && !/^SCAPS|^last saved/i.test(t)) ??
      'SCAPS device'
    ).slice(0, 200),
    description: `Imported from the SCAPS-1D definition file ${r.file}${p.version ? ` (SCAPS ${p.version})` : ''}.`,
    ambient: { kind: 'constant', n: 1, k: 0 },
    layers: builtLayers,
    substrate: { kind: 'constant', n: 1, k: 0 },
    illumination: {
      spectrum: { kind: 'builtin', id: 'AM1.5G' },
      suns: 1,
      wavelength: { startNm: 300, endNm, stepNm: 5 },
    },
    electrical: {
      contacts: { front: frontC, back: backC, anode },
      ...(interfaces.length ? { interfaces } : {}),
      ...(circuit.rsOhmCm2 !== undefined ? { rsOhmCm2: circuit.rsOhmCm2 } : {}),
      ...(circuit.rshOhmCm2 !== undefined ? { rshOhmCm2: circuit.rshOhmCm2 } : {}),
      temperatureK: 300,
      voltageSweep: { startV: 0, stopV, stepV: 0.02 },
      extendToVoc: true,
      generation: { kind: 'beer-lambert', reflectance },
    },
  };
  return { device };
}

/**
 * Series resistance and shunt conductance of the working point. SCAPS 3.3.12 builds from 2025 on
 * write them into the .def (`Series resistance : 1` switch, `Rs [Ohm.m2]`, `Shunt conductance : 1`,
 * `Gsh [S/m2]`); older files keep them in the panel and the .scaps file only. A switched-off
 * element is not in the circuit SCAPS solves, so its value is listed as not used. The shunt is a
 * conductance in SCAPS: Rsh = 1 / Gsh, and Gsh = 0 is no shunt.
 */
function readCircuit(r: Reader, wp: Section): { inFile: boolean; rsOhmCm2?: number; rshOhmCm2?: number | null } {
  const out: { inFile: boolean; rsOhmCm2?: number; rshOhmCm2?: number | null } = { inFile: false };
  const pair = (switchKey: string, valueKey: string, what: string) => {
    const sw = find(wp, switchKey);
    const v = wp.vals.find((x) => !x.used && norm(x.key).startsWith(`${norm(valueKey)} [`)) ?? find(wp, valueKey);
    if (!sw && !v) return undefined;
    out.inFile = true;
    const on = sw ? boolOf(sw) : true;
    const x = v?.nums[0];
    if (v && (x === undefined || !Number.isFinite(x) || x < 0))
      r.fail(v.line, 'scaps.not-number', { key: v.key, got: v.value.slice(0, 40) }, `${v.key} must be a number >= 0`);
    if (v) {
      const unit = /\[([^\]]*)\]/.exec(v.key)?.[1]?.trim() ?? v.unit;
      const want = scapsOf(valueKey === 'Rs' ? 'electrical.rsOhmCm2' : 'electrical.rshOhmCm2').unit;
      if (unit !== undefined && !sameUnit(unit, want))
        r.fail(
          v.line,
          'scaps.unit',
          { key: v.key, got: unit, want },
          `${v.key} is given in [${unit}]; SCAPS writes it in [${want}]`,
        );
    }
    if (!on) {
      if (sw)
        r.report(
          sw,
          'unused',
          undefined,
          0,
          msg('scaps.circuit-off', { what }, `the ${what} is switched off in SCAPS`),
        );
      if (v)
        r.report(v, 'unused', undefined, x, msg('scaps.circuit-off', { what }, `the ${what} is switched off in SCAPS`));
      return undefined;
    }
    return { sw, v, x: x ?? 0 };
  };
  const rs = pair('Series resistance', 'Rs', 'series resistance');
  if (rs) {
    const f = scapsOf('electrical.rsOhmCm2').factor;
    out.rsOhmCm2 = Number((rs.x * f).toPrecision(12));
    if (rs.sw) r.report(rs.sw, 'mapped', 'electrical.rsOhmCm2', out.rsOhmCm2);
    if (rs.v) r.report(rs.v, 'mapped', 'electrical.rsOhmCm2', out.rsOhmCm2);
  }
  const sh = pair('Shunt conductance', 'Gsh', 'shunt conductance');
  if (sh) {
    const f = scapsOf('electrical.rshOhmCm2').factor;
    // Rsh [Ohm cm2] = 1e4 / Gsh [S/m2]; no conductance is no shunt
    out.rshOhmCm2 = sh.x > 0 ? Number((f / sh.x).toPrecision(12)) : null;
    const m = msg(
      'scaps.gsh',
      { gsh: sh.x, rsh: out.rshOhmCm2 ?? 'none' },
      `SCAPS's shunt conductance ${sh.x} S/m2 is the shunt resistance 1/Gsh = ${out.rshOhmCm2 ?? 'none'} Ohm cm2`,
    );
    if (sh.sw) r.report(sh.sw, 'mapped', 'electrical.rshOhmCm2', out.rshOhmCm2, m);
    if (sh.v) r.report(sh.v, 'mapped', 'electrical.rshOhmCm2', out.rshOhmCm2, m);
  }
  return out;
}

/** Which layer does what, for the forms (SCAPS has no roles): the narrowest gap absorbs, wide-gap doped layers transport. */
function assignRoles(layers: DeviceLayerSpec[]): void {
  const eg = layers.map((l) => (l.electrical as { egEV: number }).egEV);
  const min = Math.min(...eg);
  layers.forEach((l, i) => {
    const e = l.electrical as { egEV: number; ndCm3?: number; naCm3?: number };
    if (eg[i] === min) l.role = 'absorber';
    else if ((e.ndCm3 ?? 0) > (e.naCm3 ?? 0)) l.role = 'etl';
    else if ((e.naCm3 ?? 0) > (e.ndCm3 ?? 0)) l.role = 'htl';
    else l.role = 'other';
  });
}

/**
 * The absorption of pure material A: SCAPS 3.3.07 and later write the model chosen ("from model"
 * with its parameters, or "from file" with the .abs file) after legacy A and B lines kept for older
 * versions; files of 3.3.06 and before hold only the A and B lines (in 1/(m sqrt(eV)) and sqrt(eV)/m).
 */
function readOptics(
  r: Reader,
  s: Section,
  egEV: number,
  P: string,
  absFiles: Map<string, SourceFile>,
  mix?: CompositionMix,
): OpticalModelSpec {
  const sels = findAll(s, 'absorptionmodel pure A material (y=0)');
  const current = sels.filter((v) => !/line inserted for compatibility/i.test(v.value));
  const legacy = sels.filter(
    (v) => /line inserted for compatibility/i.test(v.value) || /coefficients a and b/i.test(v.value),
  );
  const sel = current[current.length - 1] ?? legacy[legacy.length - 1];
  const legacyA = find(s, 'A');
  const legacyB = find(s, 'B');
  const unusedLegacy = (why: string) => {
    for (const v of [...legacy, legacyA, legacyB])
      if (v && !v.used && v !== sel)
        r.report(v, 'unused', undefined, undefined, msg('scaps.legacy-absorption', {}, why));
  };
  const markB = () => {
    for (const v of s.vals)
      if (!v.used && /pure b material|absorption model b|absorption grading|^absorptionfile pure b/i.test(v.key))
        r.report(
          v,
          'unused',
          undefined,
          undefined,
          msg('scaps.pure-b', {}, "the pure-B material's absorption, used by SCAPS only in a composition-graded layer"),
        );
  };
  let model: OpticalModelSpec;
  if (sel && /from file/i.test(sel.value)) {
    const fileV = find(s, 'absorptionfile pure A material (y=0)');
    if (!fileV?.value) r.fail(sel.line, 'scaps.abs-name', {}, 'absorption "from file" without the file name line');
    const fname = fileV.value.replace(/^.*[\\/]/, '').trim();
    const af = absFiles.get(fname.toLowerCase());
    if (!af)
      r.fail(
        fileV.line,
        'scaps.abs-missing',
        { abs: fname },
        `the absorption file "${fname}" this layer names was not given; add it beside the .def`,
      );
    const t = readAbsFile(af);
    model = {
      kind: 'absorption-table',
      name: fname,
      n: SCAPS_DEFAULT_N,
      wavelengthNm: t.wavelengthNm,
      alphaPerCm: t.alphaPerCm,
      extrapolation: 'hold',
    };
    r.report(sel, 'mapped', `${P}.optical`, 'absorption-table');
    r.report(
      fileV,
      'approximated',
      `${P}.optical`,
      fname,
      msg(
        'scaps.abs-loaded',
        { abs: fname, points: t.wavelengthNm.length, x: t.xUnit, alpha: t.alphaUnit },
        `absorption table ${fname} (${t.wavelengthNm.length} points, first column in ${t.xUnit}, alpha in ${t.alphaUnit}); held at its ends outside its range; refractive index ${SCAPS_DEFAULT_N} (SCAPS has none, only the transfer matrix reads it)`,
      ),
    );
    // A layer of composition y > 0 does not absorb as its pure-A material: with the pure-B file
    // given too, both tables are moved in photon energy so their edges sit at the layer's gap and
    // mixed in proportion to y (one table for the layer: PVForge's optics are not graded).
    const selB = findAll(s, 'absorption pure B material (y=1), model').filter((v) => /from file/i.test(v.value));
    const fileB = findAll(s, 'absorption pure B material (y=1), file')[0];
    if (mix && selB.length && fileB?.value) {
      const fnameB = fileB.value.replace(/^.*[\\/]/, '').trim();
      const bf = absFiles.get(fnameB.toLowerCase());
      if (!bf)
        r.fail(
          fileB.line,
          'scaps.abs-missing',
          { abs: fnameB },
          `the absorption file "${fnameB}" this layer names was not given; add it beside the .def`,
        );
      const tb = readAbsFile(bf);
      const mixed = mixAbsorption(t, tb, mix);
      model = { ...model, name: `${fname} + ${fnameB} (y = ${mix.y})`, ...mixed };
      for (const v of selB) r.report(v, 'mapped', `${P}.optical`, 'absorption-table');
      r.report(
        fileB,
        'approximated',
        `${P}.optical`,
        fnameB,
        msg(
          'scaps.abs-mixed',
          { abs: fname, absB: fnameB, y: mix.y, eg: mix.egY, egA: mix.egA, egB: mix.egB },
          `absorption of composition y = ${mix.y} (the face of smallest gap, Eg ${mix.egY} eV): ${fname} (pure A, Eg ${mix.egA} eV) and ${fnameB} (pure B, Eg ${mix.egB} eV) each shifted in photon energy to that gap and mixed as (1 - y) A + y B; one table for the whole layer, where SCAPS varies it with the composition`,
        ),
      );
    }
    for (const k of [
      'absorption model A, model',
      'absorption model A, value of parameter 1',
      'absorption model A, value of parameter 2',
    ])
      for (const v of findAll(s, k))
        if (!v.used)
          r.report(
            v,
            'unused',
            undefined,
            undefined,
            msg('scaps.model-not-chosen', {}, 'the model is not the one chosen (absorption from file)'),
          );
    unusedLegacy('legacy absorption coefficients, kept by SCAPS for versions up to 3.3.06; the file is chosen');
  } else if (sel && /from model/i.test(sel.value)) {
    const m = find(s, 'absorption model A, model');
    const p1 = find(s, 'absorption model A, value of parameter 1');
    const p2 = find(s, 'absorption model A, value of parameter 2');
    if (!p1)
      r.fail(
        sel.line,
        'scaps.missing',
        { key: 'absorption model A, value of parameter 1', section: 'layer' },
        'absorption "from model" without its parameter 1',
      );
    const a = p1.nums[0]!;
    const b = p2?.nums[0] ?? 0;
    if (!Number.isFinite(a) || a < 0)
      r.fail(p1.line, 'scaps.not-number', { key: p1.key, got: p1.value }, `${p1.key} must be a number >= 0`);
    model = { kind: 'sqrt-law', n: SCAPS_DEFAULT_N, egEV, aPerCmSqrtEV: a, ...(b ? { bSqrtEVPerCm: b } : {}) };
    r.report(sel, 'mapped', `${P}.optical`, 'sqrt-law');
    const traditional = m ? /sqrt\(hv-eg\)/i.test(m.value) && !/urbach|tauc/i.test(m.value) : true;
    if (m)
      r.report(
        m,
        traditional ? 'mapped' : 'approximated',
        `${P}.optical.kind`,
        'sqrt-law',
        traditional
          ? undefined
          : msg(
              'scaps.model-approx',
              { model: m.value },
              `SCAPS model "${m.value}" is taken as the square-root law with its two parameters`,
            ),
      );
    r.report(
      p1,
      'mapped',
      `${P}.optical.aPerCmSqrtEV`,
      a,
      msg(
        'scaps.sqrt-a',
        {},
        'A of alpha = (A + B/hv) sqrt(hv - Eg), in 1/(cm sqrt(eV)); Eg is the layer gap; refractive index 2 (SCAPS has none)',
      ),
    );
    if (p2) r.report(p2, 'mapped', `${P}.optical.bSqrtEVPerCm`, b);
    unusedLegacy('legacy absorption coefficients, kept by SCAPS for versions up to 3.3.06; the model is chosen');
  } else {
    // up to 3.3.06: A and B in SI on their own lines
    if (!legacyA)
      r.fail(
        s.line,
        'scaps.missing',
        { key: 'A', section: 'layer' },
        'the layer gives no absorption (no model, no file, no A)',
      );
    const a = legacyA.nums[0]! / 100;
    const b = (legacyB?.nums[0] ?? 0) / 100;
    if (!Number.isFinite(a) || a < 0)
      r.fail(legacyA.line, 'scaps.not-number', { key: 'A', got: legacyA.value }, 'A must be a number >= 0');
    if (legacyA.unit && !sameUnit(legacyA.unit, '/(m*sqrt(eV))'))
      r.fail(
        legacyA.line,
        'scaps.unit',
        { key: 'A', got: legacyA.unit, want: '/(m*sqrt(eV))' },
        `A is given in [${legacyA.unit}]; SCAPS writes it in [/(m*sqrt(eV))]`,
      );
    model = {
      kind: 'sqrt-law',
      n: SCAPS_DEFAULT_N,
      egEV,
      aPerCmSqrtEV: Number(a.toPrecision(12)),
      ...(b ? { bSqrtEVPerCm: Number(b.toPrecision(12)) } : {}),
    };
    if (sel) r.report(sel, 'mapped', `${P}.optical`, 'sqrt-law');
    r.report(legacyA, 'mapped', `${P}.optical.aPerCmSqrtEV`, model.aPerCmSqrtEV);
    if (legacyB) r.report(legacyB, 'mapped', `${P}.optical.bSqrtEVPerCm`, b);
  }
  markB();
  return model;
}

function distOf(
  r: Reader,
  sec: Section,
): { dist: NonNullable<BulkDefectSpec['distribution']>; tail?: 'cb' | 'vb'; v?: Val } {
  const v = find(sec, 'energy distribution');
  if (!v) return { dist: 'single' };
  const k = norm(v.value);
  const d = DIST[k];
  if (!d)
    r.fail(
      v.line,
      'scaps.distribution',
      { got: v.value },
      `energy distribution "${v.value}" is not one SCAPS writes (single, uniform, gauss, CB tail, VB tail)`,
    );
  return {
    dist: d,
    v,
    ...(k === 'cb tail' ? { tail: 'cb' as const } : k === 'vb tail' ? { tail: 'vb' as const } : {}),
  };
}

function readBulkDefect(
  r: Reader,
  sec: Section,
  P: string,
  start: number,
  vthN: number,
  vthP: number,
  fromRight: boolean,
): BulkDefectSpec[] {
  const typeV = find(sec, 'type');
  const levelsM = typeV ? /\(\s*(\d+)\s*level/i.exec(typeV.value) : null;
  const nLevels = levelsM ? Number(levelsM[1]) : 1;
  const { dist, tail, v: distV } = distOf(r, sec);
  const refV = find(sec, 'Reference for defect energy');
  const refN = refV ? refV.nums[0] : 1;
  const reference = refN === 0 ? 'valence' : refN === 2 ? 'conduction' : refN === 1 ? 'intrinsic' : undefined;
  if (!reference)
    r.fail(
      refV!.line,
      'scaps.reference',
      { got: refV!.value.slice(0, 20) },
      'reference for a bulk defect energy must be 0 (above Ev), 1 (above Ei) or 2 (below Ec)',
    );
  const ekarV = find(sec, 'Ekar');
  const nt = findProfiled(sec, 'Nt');
  if (!nt)
    r.fail(sec.line, 'scaps.missing', { key: 'Nt', section: 'srhrecombination' }, 'a defect without its density Nt');
  const f = faces(nt.v);
  const densityCm3 = Number((f.left * scapsOf('layers[].electrical.defects[].densityCm3').factor).toPrecision(12));
  if (nt.v.unit && !sameUnit(nt.v.unit, '/m^3'))
    r.fail(
      nt.v.line,
      'scaps.unit',
      { key: nt.v.key, got: nt.v.unit, want: '/m^3' },
      `${nt.v.key} is given in [${nt.v.unit}]; SCAPS writes it in [/m^3]`,
    );
  if (!Number.isFinite(densityCm3))
    r.fail(nt.v.line, 'scaps.not-number', { key: nt.v.key, got: nt.v.value }, 'Nt is not a number');
  const profileV = find(sec, 'profile');
  const homogeneous = (!profileV || /homogen/i.test(profileV.value)) && /^uniform$/i.test(nt.profile) && !f.graded;
  const levelVals = {
    leveltype: findAll(sec, 'leveltype'),
    sn: findAll(sec, 'sigma_n'),
    sp: findAll(sec, 'sigma_p'),
    et: findAll(sec, 'Et'),
  };
  const multi = nLevels > 1;
  const out: BulkDefectSpec[] = [];
  const typeOverall = typeV ? defectType(typeV.value) : 'neutral';
  for (let i = 0; i < Math.max(1, nLevels); i++) {
    const at = `${P}[${start + i}]`;
    const lt = levelVals.leveltype[i];
    const type = (lt ? defectType(lt.value) : undefined) ?? typeOverall;
    if (!type)
      r.fail(
        (lt ?? typeV)!.line,
        'scaps.defect-type',
        { got: (lt ?? typeV)!.value },
        `defect type "${(lt ?? typeV)!.value}" has no single charge state PVForge can take`,
      );
    const sn = levelVals.sn[i];
    const sp = levelVals.sp[i];
    const et = levelVals.et[i];
    if (!sn || !sp)
      r.fail(
        sec.line,
        'scaps.missing',
        { key: 'sigma_n/sigma_p', section: 'srhrecombination' },
        'a defect level without its capture cross-sections',
      );
    const d: BulkDefectSpec = {
      name: multi ? `level ${i + 1}` : `defect ${start + 1}`,
      type,
      energyReference: tail ? (tail === 'cb' ? 'conduction' : 'valence') : reference,
      distribution: dist,
      sigmaNCm2: regNum(r, sn, 'layers[].electrical.defects[].sigmaNCm2'),
      sigmaPCm2: regNum(r, sp, 'layers[].electrical.defects[].sigmaPCm2'),
      vthNCmPerS: vthN,
      vthPCmPerS: vthP,
      densityCm3,
    };
    if (!tail && et) d.energyEV = regNum(r, et, 'layers[].electrical.defects[].energyEV');
    if (dist !== 'single' && ekarV) d.widthEV = regNum(r, ekarV, 'layers[].electrical.defects[].widthEV');
    out.push(d);
    if (lt)
      r.report(
        lt,
        multi ? 'approximated' : 'mapped',
        `${at}.type`,
        type,
        multi
          ? msg(
              'scaps.multilevel',
              { levels: nLevels },
              `a ${nLevels}-level defect: each level is taken as a defect of its own with the whole density (PVForge has no correlated charge states)`,
            )
          : undefined,
      );
    r.report(sn, 'mapped', `${at}.sigmaNCm2`, d.sigmaNCm2);
    r.report(sp, 'mapped', `${at}.sigmaPCm2`, d.sigmaPCm2);
    if (et)
      r.report(
        et,
        tail ? 'unused' : 'mapped',
        tail ? undefined : `${at}.energyEV`,
        d.energyEV,
        tail ? msg('scaps.tail-et', {}, 'a band tail starts at its band edge; Et is not used') : undefined,
      );
  }
  if (typeV)
    r.report(
      typeV,
      multi ? 'approximated' : 'mapped',
      `${P}[${start}].type`,
      out[0]!.type,
      multi
        ? msg(
            'scaps.multilevel',
            { levels: nLevels },
            `a ${nLevels}-level defect: each level is taken as a defect of its own with the whole density`,
          )
        : undefined,
    );
  if (distV) r.report(distV, 'mapped', `${P}[${start}].distribution`, dist);
  if (refV)
    r.report(
      refV,
      tail ? 'unused' : 'mapped',
      tail ? undefined : `${P}[${start}].energyReference`,
      reference,
      tail ? msg('scaps.tail-ref', {}, 'a band tail is referred to its own band edge') : undefined,
    );
  if (ekarV) {
    if (dist === 'single')
      r.report(ekarV, 'unused', undefined, undefined, msg('scaps.ekar-single', {}, 'a single level has no width'));
    else if (dist === 'gaussian')
      r.report(
        ekarV,
        'approximated',
        `${P}[${start}].widthEV`,
        out[0]!.widthEV,
        msg('scaps.ekar-gauss', {}, "Ekar taken as the Gaussian's standard deviation"),
      );
    else r.report(ekarV, 'mapped', `${P}[${start}].widthEV`, out[0]!.widthEV);
  }
  if (homogeneous) r.report(nt.v, 'mapped', `${P}[${start}].densityCm3`, densityCm3);
  else
    r.report(
      nt.v,
      'approximated',
      `${P}[${start}].densityCm3`,
      densityCm3,
      msg(
        'scaps.nt-profile',
        {},
        'the defect density is graded in SCAPS; taken as uniform at its value at the left face',
      ),
    );
  void fromRight;
  for (const v of sec.vals) {
    if (v.used) continue;
    if (/^(lkar|nleft|nright|profile)$/i.test(v.key.trim()))
      r.report(
        v,
        'unused',
        undefined,
        undefined,
        msg('scaps.profile-param', {}, 'a parameter of a spatial defect profile that is not chosen (homogeneous)'),
      );
    else reportDefectLeftover(r, v, 'trap-assisted tunnelling');
  }
  return out;
}

function readInterfaceDefect(
  r: Reader,
  sec: Section,
  P: string,
  idx: number,
  p: Parsed,
  I: RawInterface,
  left: { name: string; e: Record<string, number> },
  right: { name: string; e: Record<string, number> },
  fromRight: boolean,
): InterfaceDefectSpec[] {
  const at = `${P}[${idx}]`;
  const typeV = find(sec, 'type');
  const type = typeV ? defectType(typeV.value) : 'neutral';
  if (!type)
    r.fail(
      typeV!.line,
      'scaps.defect-type',
      { got: typeV!.value },
      `defect type "${typeV!.value}" has no single charge state PVForge can take`,
    );
  const get = (k: string) => {
    const v = find(sec, k);
    if (!v)
      r.fail(
        sec.line,
        'scaps.missing',
        { key: k, section: 'interface recombination' },
        `interface defect without ${k}`,
      );
    return v;
  };
  const snl = get('sigma_nleft');
  const snr = find(sec, 'sigma_nright');
  const spl = get('sigma_pleft');
  const spr = find(sec, 'sigma_pright');
  const sN = (v: Val) => regNum(r, v, 'electrical.interfaces[].defects[].sigmaNCm2');
  const sP = (v: Val) => regNum(r, v, 'electrical.interfaces[].defects[].sigmaPCm2');
  const sigma = (l: number, rr: number | undefined) =>
    rr === undefined || close(l, rr) ? l : Number(Math.sqrt(l * rr).toPrecision(12));
  const snL = sN(snl);
  const snR = snr ? sN(snr) : undefined;
  const spL = sP(spl);
  const spR = spr ? sP(spr) : undefined;
  const { dist, tail, v: distV } = distOf(r, sec);
  const refV = find(sec, 'Reference for defect energy');
  const etV = find(sec, 'Et');
  const ekarV = find(sec, 'Ekar');
  const nV = get('N');
  const densityCm2 = regNum(r, nV, 'electrical.interfaces[].defects[].densityCm2');
  const et = etV ? regNum(r, etV, 'electrical.interfaces[].defects[].energyEV') : 0;
  // band edges at the interface, eV below vacuum: Ec = chi, Ev = chi + Eg (the faces touching it)
  const face = (L: { e: Record<string, number> }) => ({
    ec: L.e.chiEV!,
    ev: L.e.chiEV! + L.e.egEV!,
    eg: L.e.egEV!,
    nc: L.e.ncCm3!,
    nv: L.e.nvCm3!,
  });
  const fl = face(left);
  const fr = face(right);
  const evHigh = Math.min(fl.ev, fr.ev); // highest valence band edge = smallest depth below vacuum
  const ecLow = Math.max(fl.ec, fr.ec);
  const ref = refV ? refV.nums[0] : 9;
  // energyEV above the highest Ev ('valence'), below the lowest Ec ('conduction') or above the middle of the interface gap
  let reference: InterfaceDefectSpec['energyReference'];
  let energyEV = et;
  let approxRef: string | undefined;
  const ei = (f: typeof fl) => f.ev - f.eg / 2 - (KT_300_EV / 2) * Math.log(f.nc / f.nv); // depth of Ei below vacuum
  if (ref === 3) reference = 'valence';
  else if (ref === 4) reference = 'conduction';
  else if (ref === 9) reference = 'intrinsic';
  else if (ref === 7 || ref === 8) {
    const f = ref === 7 ? fl : fr;
    reference = 'valence';
    energyEV = Number((et + (evHigh - f.ev)).toPrecision(12));
    approxRef = `above Ev of the ${ref === 7 ? 'left' : 'right'} layer, converted to above the highest Ev`;
  } else if (ref === 5 || ref === 6) {
    const f = ref === 5 ? fl : fr;
    reference = 'valence';
    energyEV = Number((et + (evHigh - ei(f))).toPrecision(12));
    approxRef = `above Ei of the ${ref === 5 ? 'left' : 'right'} layer, converted to above the highest Ev (Ei from the layer's Eg, Nc and Nv at 300 K)`;
  } else
    r.fail(
      refV!.line,
      'scaps.reference',
      { got: refV!.value.slice(0, 20) },
      'reference for an interface defect energy must be one of 3 to 9',
    );
  void ecLow;
  const vthN = Math.sqrt(left.e.__vthN! * right.e.__vthN!);
  const vthP = Math.sqrt(left.e.__vthP! * right.e.__vthP!);
  const d: InterfaceDefectSpec = {
    name: `defect ${idx + 1}`,
    type,
    energyReference: tail ? (tail === 'cb' ? 'conduction' : 'valence') : reference,
    distribution: dist,
    sigmaNCm2: sigma(snL, snR),
    sigmaPCm2: sigma(spL, spR),
    vthNCmPerS: Number(vthN.toPrecision(12)),
    vthPCmPerS: Number(vthP.toPrecision(12)),
    densityCm2,
  };
  if (!tail) d.energyEV = energyEV;
  if (dist !== 'single' && ekarV) d.widthEV = regNum(r, ekarV, 'electrical.interfaces[].defects[].widthEV');
  if (typeV) r.report(typeV, 'mapped', `${at}.type`, type);
  const twoSided = (l: Val, rv: Val | undefined, lv: number, rvv: number | undefined, path: string, val: number) => {
    if (rvv === undefined || close(lv, rvv)) {
      r.report(l, 'mapped', path, val);
      if (rv) r.report(rv, 'mapped', path, val);
    } else {
      const m = msg(
        'scaps.sigma-sides',
        { left: lv, right: rvv, used: val },
        `SCAPS captures from each side with its own cross-section (${lv}, ${rvv} cm²); one value here, their geometric mean ${val}`,
      );
      r.report(l, 'approximated', path, val, m);
      if (rv) r.report(rv, 'approximated', path, val, m);
    }
  };
  twoSided(snl, snr, snL, snR, `${at}.sigmaNCm2`, d.sigmaNCm2!);
  twoSided(spl, spr, spL, spR, `${at}.sigmaPCm2`, d.sigmaPCm2!);
  if (distV) r.report(distV, 'mapped', `${at}.distribution`, dist);
  if (refV)
    r.report(
      refV,
      tail ? 'unused' : approxRef ? 'approximated' : 'mapped',
      `${at}.energyReference`,
      d.energyReference,
      approxRef ? msg('scaps.if-reference', { how: approxRef }, approxRef) : undefined,
    );
  if (etV)
    r.report(
      etV,
      tail ? 'unused' : approxRef ? 'approximated' : 'mapped',
      tail ? undefined : `${at}.energyEV`,
      d.energyEV,
      approxRef ? msg('scaps.if-reference', { how: approxRef }, approxRef) : undefined,
    );
  if (ekarV) {
    if (dist === 'single')
      r.report(ekarV, 'unused', undefined, undefined, msg('scaps.ekar-single', {}, 'a single level has no width'));
    else
      r.report(
        ekarV,
        dist === 'gaussian' ? 'approximated' : 'mapped',
        `${at}.widthEV`,
        d.widthEV,
        dist === 'gaussian'
          ? msg('scaps.ekar-gauss', {}, "Ekar taken as the Gaussian's standard deviation")
          : undefined,
      );
  }
  r.report(nV, 'mapped', `${at}.densityCm2`, densityCm2);
  const sameVth = close(left.e.__vthN!, right.e.__vthN!) && close(left.e.__vthP!, right.e.__vthP!);
  r.items.push({
    status: sameVth ? 'mapped' : 'approximated',
    name: 'v_th (interface)',
    source: r.src(sec.line),
    path: `${at}.vthNCmPerS`,
    value: d.vthNCmPerS!,
    message: msg(
      'scaps.if-vth',
      {},
      "SCAPS uses each side's thermal velocity; one value here, the geometric mean of the two layers'",
    ),
  });
  for (const v of sec.vals) {
    if (v.used) continue;
    reportDefectLeftover(r, v, 'tunnelling to interface traps');
  }
  void p;
  void I;
  void fromRight;
  return [d];
}

function readContact(r: Reader, sec: Section, side: 'front' | 'back') {
  const P = `electrical.contacts.${side}`;
  const fb = find(sec, 'flatband');
  const flat = fb ? fb.nums[0] === 1 : false;
  const fim = find(sec, 'Fi_m');
  const sn = find(sec, 'Sn');
  const sp = find(sec, 'Sp');
  const c: { kind: 'ohmic' | 'schottky'; workFunctionEV?: number; sNCmPerS?: number | null; sPCmPerS?: number | null } =
    {
      kind: flat ? 'ohmic' : 'schottky',
    };
  if (fb)
    r.report(
      fb,
      'mapped',
      `${P}.kind`,
      c.kind,
      msg(
        'scaps.contact-kind',
        { side, kind: c.kind },
        `SCAPS's ${sec.vals.length ? '' : ''}contact becomes the ${side} contact, ${c.kind}`,
      ),
    );
  if (!flat) {
    if (!fim)
      r.fail(
        sec.line,
        'scaps.missing',
        { key: 'Fi_m', section: 'contact' },
        'a contact with a fixed work function but no Fi_m',
      );
    c.workFunctionEV = regNum(r, fim, 'electrical.contacts.*.workFunctionEV');
    r.report(fim, 'mapped', `${P}.workFunctionEV`, c.workFunctionEV);
  } else if (fim)
    r.report(
      fim,
      'unused',
      undefined,
      undefined,
      msg('scaps.flatband-fim', {}, 'a flat-band contact: SCAPS ignores the work function'),
    );
  if (sn) {
    c.sNCmPerS = regNum(r, sn, 'electrical.contacts.*.sNCmPerS');
    r.report(sn, 'mapped', `${P}.sNCmPerS`, c.sNCmPerS);
  }
  if (sp) {
    c.sPCmPerS = regNum(r, sp, 'electrical.contacts.*.sPCmPerS');
    r.report(sp, 'mapped', `${P}.sPCmPerS`, c.sPCmPerS);
  }
  for (const v of sec.vals) {
    if (v.used) continue;
    if (/tunneling to contact/i.test(v.key)) refuseSwitch(r, v, 'tunnelling to the contact');
    else if (/^recalculate/i.test(v.key))
      r.report(v, 'unused', undefined, undefined, msg('scaps.batch', {}, 'a batch setting of SCAPS'));
    else if (/relative (electron|hole) mass/i.test(v.key))
      r.report(
        v,
        'unused',
        undefined,
        undefined,
        msg('scaps.mass-unused', {}, 'effective masses are used by SCAPS only for tunnelling, which is off'),
      );
    else if (/filter|reflect|transmi/i.test(v.key))
      r.report(
        v,
        'refused',
        undefined,
        undefined,
        msg(
          'scaps.contact-optics',
          { key: v.key },
          `"${v.key}": contact optical filters are not read; set the reflectance in the device`,
        ),
      );
    else
      r.report(
        v,
        'unused',
        undefined,
        undefined,
        msg('scaps.unknown', { key: v.key }, `"${v.key}" is not read by PVForge`),
      );
  }
  return c;
}

/**
 * Imports a SCAPS .def with the .abs files it names. Never throws: a file that cannot become a
 * device gives ok:false with the file and line.
 */
export function importScaps(files: SourceFile[]): ImportOutcome {
  const defs = files.filter((f) => /\.def$/i.test(f.name));
  if (defs.length !== 1)
    return {
      ok: false,
      error: msg(
        'scaps.one-def',
        { found: defs.length },
        defs.length ? `give one .def file, not ${defs.length}` : 'no .def file among the files given',
      ),
    };
  const def = defs[0]!;
  const r = new Reader(def.name);
  const report: ImportReport = { tool: 'scaps', files: [def.name], items: r.items };
  try {
    checkText(def.name, def.text);
    const absFiles = new Map<string, SourceFile>();
    for (const f of files) if (f !== def) absFiles.set(f.name.replace(/^.*[\\/]/, '').toLowerCase(), f);
    const p = parse(r, def.text);
    if (p.version) report.version = p.version;
    const { device } = build(r, p, absFiles);
    for (const f of files)
      if (f !== def && r.items.some((i) => i.value === f.name.replace(/^.*[\\/]/, ''))) report.files.push(f.name);
    // every line of the .def accounted for
    const seen = new Set(r.items.filter((i) => i.source?.file === def.name).map((i) => i.source!.line));
    splitLines(def.text).forEach((l) => {
      if (l.raw.trim() && !seen.has(l.no))
        r.items.push({
          status: 'unused',
          name: (l.key ?? l.raw.trim()).slice(0, 80),
          raw: l.value ?? '',
          source: r.src(l.no),
          message: msg('scaps.unknown', { key: l.key ?? l.raw.trim().slice(0, 40) }, 'not read by PVForge'),
        });
    });
    r.items.sort((a, b) => (a.source?.line ?? 0) - (b.source?.line ?? 0));
    const check = checkDeviceSpec(device);
    if (!check.ok)
      return {
        ok: false,
        error: msg(
          'scaps.device-invalid',
          { errors: check.errors.slice(0, 5).join('; ') },
          `the device made from ${def.name} does not pass the device check: ${check.errors.slice(0, 5).join('; ')}`,
        ),
        report,
      };
    return { ok: true, device: check.spec, report, warnings: r.warnings };
  } catch (e) {
    if (e instanceof ScapsError)
      return { ok: false, error: { ...e.message_, ...(e.source ? { source: e.source } : {}) }, report };
    const text = e instanceof Error ? e.message : String(e);
    return {
      ok: false,
      error: msg('scaps.internal', { text }, `the importer could not read ${def.name}: ${text}`),
      report,
    };
  }
}

export { parseNum };

/** A composition-graded layer's composition and gap at the face that sets its absorption edge. */
interface CompositionMix {
  y: number;
  egY: number;
  egA: number;
  egB: number;
}

/** alpha of a table at photon energy E (eV), linear in wavelength, held at the ends. */
function alphaAt(t: AbsTable, eEV: number): number {
  if (eEV <= 0) return t.alphaPerCm[t.alphaPerCm.length - 1]!;
  const w = HC_EV_NM / eEV;
  const W = t.wavelengthNm;
  if (w <= W[0]!) return t.alphaPerCm[0]!;
  if (w >= W[W.length - 1]!) return t.alphaPerCm[W.length - 1]!;
  let lo = 0;
  let hi = W.length - 1;
  while (hi - lo > 1) {
    const m = (lo + hi) >> 1;
    if (W[m]! <= w) lo = m;
    else hi = m;
  }
  const f = (w - W[lo]!) / (W[hi]! - W[lo]!);
  return t.alphaPerCm[lo]! + f * (t.alphaPerCm[hi]! - t.alphaPerCm[lo]!);
}

/**
 * The absorption of composition y from the pure-A and pure-B tables: each moved in photon energy
 * by the difference between the layer's gap and its own, so its edge sits at the layer's gap, then
 * mixed as (1 - y) alpha_A + y alpha_B, on the wavelengths of both tables.
 */
function mixAbsorption(a: AbsTable, b: AbsTable, m: CompositionMix): { wavelengthNm: number[]; alphaPerCm: number[] } {
  const grid = [...new Set([...a.wavelengthNm, ...b.wavelengthNm])].sort((p, q) => p - q);
  const alphaPerCm = grid.map((w) => {
    const e = HC_EV_NM / w;
    const v = (1 - m.y) * alphaAt(a, e - (m.egY - m.egA)) + m.y * alphaAt(b, e - (m.egY - m.egB));
    return Number(v.toPrecision(10));
  });
  return { wavelengthNm: grid, alphaPerCm };
}
