import { checkFieldOf } from '@pvforge/contracts';
import type { TFunction } from 'i18next';
import { formatNumber } from '../components/device-editor/fields';
import { LAYER_ELECTRICAL_FIELDS } from '../components/device-editor/model';
import { paramLang, wordsAt, wordsOf } from './params';

/**
 * Every input of a DeviceSpec as a user reads it: the field's form label with its symbol and unit,
 * translated, never the internal path. One list serves the result summary (every input of a run),
 * the comparison (what differs between runs, and run names made of it) and the sweep panel (the
 * numeric fields one can vary, addressed by the sweep API's path). Pure; unit-tested in
 * apps/web/test/device-inputs.test.ts.
 */

export type InputSection = 'device' | 'illumination' | 'layer' | 'electrical' | 'contacts' | 'interfaces' | 'protocol';

export interface DeviceInput {
  /** The field as the sweep API addresses it: `layers[2].electrical.tauNS`, `electrical.temperatureK`. */
  path: string;
  section: InputSection;
  /** The layer (section 'layer') and its name. */
  layer?: number;
  owner?: string;
  /** The field's label in the UI language, without the owner (layer, contact, interface). */
  field: string;
  /** Its symbol when it has one (τn, Nd, d, T), for short run names. */
  symbol?: string;
  unit: string;
  value: number | string | boolean;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Device-level numeric fields in the order of the form. Every one has a registry entry, which
 * words it (label, symbol, unit): no field is worded here.
 */
const DEVICE_FIELDS: { path: string; section: InputSection }[] = [
  { path: 'illumination.suns', section: 'illumination' },
  { path: 'illumination.angleDeg', section: 'illumination' },
  { path: 'illumination.wavelength.startNm', section: 'illumination' },
  { path: 'illumination.wavelength.endNm', section: 'illumination' },
  { path: 'illumination.wavelength.stepNm', section: 'illumination' },
  { path: 'texture.roughnessFactor', section: 'illumination' },
  { path: 'texture.rmsRoughnessNm', section: 'illumination' },
  { path: 'electrical.temperatureK', section: 'electrical' },
  { path: 'electrical.rsOhmCm2', section: 'electrical' },
  { path: 'electrical.rshOhmCm2', section: 'electrical' },
  { path: 'electrical.voltageSweep.startV', section: 'electrical' },
  { path: 'electrical.voltageSweep.stopV', section: 'electrical' },
  { path: 'electrical.voltageSweep.stepV', section: 'electrical' },
  { path: 'electrical.gridPoints', section: 'electrical' },
  { path: 'electrical.generation.gCm3PerS', section: 'electrical' },
  { path: 'electrical.generation.reflectance', section: 'electrical' },
  { path: 'electrical.eqe.stepNm', section: 'electrical' },
  { path: 'electrical.eqe.biasLightSuns', section: 'electrical' },
  { path: 'electrical.eqe.biasV', section: 'electrical' },
  { path: 'electrical.transient.rateVPerS', section: 'protocol' },
];

/** A contact's numeric fields (their words are the registry's). */
const CONTACT_FIELDS = ['workFunctionEV', 'sNCmPerS', 'sPCmPerS'] as const;

function at(root: unknown, dotted: string): unknown {
  let cur = root;
  for (const p of dotted.split('.')) {
    if (!isObj(cur)) return undefined;
    cur = cur[p];
  }
  return cur;
}

const uiLang = (lang: string) => (lang === 'en' ? 'en' : 'zh-CN');

/** The words of a numeric input the registry describes: its label (with symbol), symbol and unit. */
function registered(path: string, lang: string): { field: string; symbol?: string; unit: string } {
  const w = wordsOf(path, paramLang(lang));
  return { field: w.label, ...(w.symbol ? { symbol: w.symbol } : {}), unit: w.unit };
}

/** The numeric leaves under `node` with their dotted relative paths (arrays as `.n`). */
function leaves(node: unknown, prefix: string, out: [string, number][] = []): [string, number][] {
  if (isNum(node)) out.push([prefix, node]);
  else if (Array.isArray(node))
    node.forEach((v, i) => {
      leaves(v, `${prefix}.${i}`, out);
    });
  else if (isObj(node)) for (const [k, v] of Object.entries(node)) leaves(v, prefix ? `${prefix}.${k}` : k, out);
  return out;
}

/** `electrical.ions.0.densityCm3` -> `electrical.ions[0].densityCm3` (the sweep API's form). */
const bracketed = (dotted: string) => dotted.replace(/\.(\d+)(?=\.|$)/g, '[$1]');

/**
 * Every input of the device, in the order of the form: the illumination, each layer (function,
 * thickness, optics, every drift-diffusion parameter, ions and defects), the electrical settings,
 * the contacts and the interfaces. Numbers stay numbers (formatInput words them); a field with no
 * value is not listed (the engine's default applies, which the form shows).
 */
export function deviceInputs(
  spec: unknown,
  t: TFunction,
  lang: string,
  /** Names of the shipped n,k tables by id (the summary shows "Soda-lime glass", not its id). */
  tableNames: Readonly<Record<string, string>> = {},
): DeviceInput[] {
  if (!isObj(spec)) return [];
  const out: DeviceInput[] = [];
  const L = uiLang(lang);
  const ill = isObj(spec['illumination']) ? spec['illumination'] : {};
  const sp = isObj(ill['spectrum']) ? ill['spectrum'] : undefined;
  if (sp)
    out.push({
      path: 'illumination.spectrum',
      section: 'illumination',
      field: t('editor.field.spectrum'),
      unit: '',
      value: typeof sp['id'] === 'string' ? sp['id'] : t('editor.field.spectrumOther', { kind: String(sp['kind']) }),
    });
  for (const f of DEVICE_FIELDS.filter((d) => d.section === 'illumination')) pushNum(out, spec, f, lang);

  const layers = Array.isArray(spec['layers']) ? spec['layers'] : [];
  layers.forEach((raw, j) => {
    if (!isObj(raw)) return;
    const owner = typeof raw['name'] === 'string' && raw['name'] ? raw['name'] : `#${j + 1}`;
    const base = { section: 'layer' as const, layer: j, owner };
    if (typeof raw['role'] === 'string')
      out.push({
        ...base,
        path: `layers[${j}].role`,
        field: t('editor.field.role'),
        unit: '',
        value: t(`editor.roles.${raw['role']}`, { defaultValue: t('editor.roles.other') }),
      });
    if (isNum(raw['thicknessNm']))
      out.push({
        ...base,
        path: `layers[${j}].thicknessNm`,
        ...registered(`layers[${j}].thicknessNm`, lang),
        value: raw['thicknessNm'],
      });
    if (typeof raw['coherent'] === 'boolean')
      out.push({
        ...base,
        path: `layers[${j}].coherent`,
        field: t('editor.field.coherent'),
        unit: '',
        value: raw['coherent'],
      });
    const o = isObj(raw['optical']) ? raw['optical'] : undefined;
    if (o) {
      const value =
        o['kind'] === 'table'
          ? `${t('editor.field.opticalKind.table')}: ${tableNames[String(o['materialId'])] ?? String(o['materialId'])}`
          : o['kind'] === 'constant'
            ? t('editor.field.opticalKind.constant')
            : o['kind'] === 'tabulated'
              ? t('editor.field.opticalKind.tabulated')
              : o['kind'] === 'sqrt-law'
                ? t('editor.field.opticalKind.sqrtLaw')
                : o['kind'] === 'absorption-table'
                  ? `${t('editor.field.opticalKind.absorptionTable')}${typeof o['name'] === 'string' ? `: ${o['name']}` : ''}`
                  : t('editor.field.opticalKind.other', { kind: String(o['kind']) });
      out.push({ ...base, path: `layers[${j}].optical`, field: t('editor.field.optical'), unit: '', value });
      if (o['kind'] === 'sqrt-law') {
        // SCAPS's law by its numbers, in the optical editor's words and units
        const law: [string, string, string, string][] = [
          ['egEV', 'editor.field.absorption.egEV', 'Eg', 'eV'],
          ['aPerCmSqrtEV', 'editor.field.absorption.a', 'A', 'cm⁻¹ eV⁻¹ᐟ²'],
          ['bSqrtEVPerCm', 'editor.field.absorption.b', 'B', 'cm⁻¹ eV¹ᐟ²'],
          ['n', 'editor.field.absorption.nConst', 'n', ''],
        ];
        for (const [key, label, symbol, unit] of law)
          if (isNum(o[key]))
            out.push({ ...base, path: `layers[${j}].optical.${key}`, field: t(label), symbol, unit, value: o[key] });
      }
      if (o['kind'] === 'constant') {
        if (isNum(o['n']))
          out.push({
            ...base,
            path: `layers[${j}].optical.n`,
            field: t('editor.field.n'),
            symbol: 'n',
            unit: '',
            value: o['n'],
          });
        if (isNum(o['k']))
          out.push({
            ...base,
            path: `layers[${j}].optical.k`,
            field: t('editor.field.k'),
            symbol: 'k',
            unit: '',
            value: o['k'],
          });
      }
    }
    const el = isObj(raw['electrical']) ? raw['electrical'] : undefined;
    if (!el) return;
    for (const f of LAYER_ELECTRICAL_FIELDS) {
      const v = el[f.key];
      if (!isNum(v)) continue;
      const path = `layers[${j}].electrical.${f.key}`;
      out.push({
        ...base,
        path,
        ...registered(path, lang),
        value: v,
      });
    }
    // ions, defects, exciton models: the contracts' catalogue names the item by its place and the
    // registry's label ("第 1 种可移动离子：可移动离子浓度 Nion", so two species stay apart), the registry
    // gives its symbol and unit
    const known = new Set<string>(LAYER_ELECTRICAL_FIELDS.map((f) => f.key));
    // a graded layer: each back-face value by its parameter's words and "back face", beside the
    // layer's own (front-face) value listed above
    const back = isObj(el['grading']) && isObj(el['grading']['back']) ? el['grading']['back'] : {};
    for (const [k, v] of Object.entries(back)) {
      if (!isNum(v)) continue;
      const path = `layers[${j}].electrical.grading.back.${k}`;
      if (!wordsAt(path, paramLang(lang))) continue;
      const w = registered(path, lang);
      out.push({ ...base, path, ...w, field: `${w.field} · ${t('editor.el.gradedBack')}`, value: v });
    }
    if (el['generatesCarriers'] === false)
      out.push({
        ...base,
        path: `layers[${j}].electrical.generatesCarriers`,
        field: t('editor.el.generatesCarriers'),
        unit: '',
        value: t('library.spec.no'),
      });
    for (const [rel, v] of leaves(el, 'electrical')) {
      if (known.has(rel.slice('electrical.'.length)) || rel.startsWith('electrical.grading.')) continue;
      const label = checkFieldOf(`layers.${j}.${rel}`);
      const path = `layers[${j}].${bracketed(rel)}`;
      const w = wordsAt(path, paramLang(lang));
      if (!label && !w) continue;
      // the catalogue's label starts with the layer ("MAPbI3：…", "MAPbI3 第 1 个缺陷：…",
      // "MAPbI3, defect 1: …"): keep only what follows it
      const text = label ? label[L].replace(new RegExp(`^${escapeRe(owner)}(?:[：:,]\\s*|\\s+)`), '') : w!.label;
      out.push({
        ...base,
        path,
        field: text,
        ...(w?.symbol ? { symbol: w.symbol } : {}),
        unit: w?.unit ?? '',
        value: v,
      });
    }
  });

  const e = isObj(spec['electrical']) ? spec['electrical'] : undefined;
  if (e) {
    if (typeof e['statistics'] === 'string')
      out.push({
        path: 'electrical.statistics',
        section: 'electrical',
        field: t('editor.el.statistics'),
        unit: '',
        value: e['statistics'] === 'fermi-dirac' ? t('editor.el.fermiDirac') : t('editor.el.boltzmann'),
      });
    const gen = isObj(e['generation']) ? e['generation'] : undefined;
    if (gen && typeof gen['kind'] === 'string') {
      const g = {
        optical: 'genOptical',
        uniform: 'genUniform',
        'beer-lambert': 'genBeer',
        profile: 'genProfile',
        dark: 'genDark',
      }[gen['kind']];
      out.push({
        path: 'electrical.generation.kind',
        section: 'electrical',
        field: t('editor.el.generation'),
        unit: '',
        value: g ? t(`editor.el.${g}`) : String(gen['kind']),
      });
    }
    for (const f of DEVICE_FIELDS.filter((d) => d.section === 'electrical' || d.section === 'protocol'))
      pushNum(out, spec, f, lang);
    if (typeof e['extendToVoc'] === 'boolean')
      out.push({
        path: 'electrical.extendToVoc',
        section: 'electrical',
        field: t('editor.el.extendToVoc'),
        unit: '',
        value: e['extendToVoc'],
      });
    const contacts = isObj(e['contacts']) ? e['contacts'] : {};
    for (const side of ['front', 'back'] as const) {
      const c = isObj(contacts[side]) ? contacts[side] : undefined;
      if (!c) continue;
      const owner = t(`editor.contact.${side}`);
      if (typeof c['kind'] === 'string')
        out.push({
          path: `electrical.contacts.${side}.kind`,
          section: 'contacts',
          owner,
          field: t('editor.contact.kind'),
          unit: '',
          value: c['kind'] === 'schottky' ? t('editor.contact.schottky') : t('editor.contact.ohmic'),
        });
      for (const key of CONTACT_FIELDS)
        if (isNum(c[key]))
          out.push({
            path: `electrical.contacts.${side}.${key}`,
            section: 'contacts',
            owner,
            ...registered(`electrical.contacts.${side}.${key}`, lang),
            value: c[key] as number,
          });
    }
    if (contacts['anode'] === 'front' || contacts['anode'] === 'back')
      out.push({
        path: 'electrical.contacts.anode',
        section: 'contacts',
        field: t('editor.contact.anode'),
        unit: '',
        value: t(contacts['anode'] === 'front' ? 'editor.contact.anodeFront' : 'editor.contact.anodeBack'),
      });
    const names = layers.map((l, j) => (isObj(l) && typeof l['name'] === 'string' ? l['name'] : `#${j + 1}`));
    (Array.isArray(e['interfaces']) ? e['interfaces'] : []).forEach((i, k) => {
      if (!isObj(i)) return;
      const between = Array.isArray(i['between']) ? i['between'] : [];
      const owner = `${t('editor.el.interfaceBetween')} ${between.map((b) => (typeof b === 'number' ? (names[b] ?? `#${b + 1}`) : String(b))).join(' / ')}`;
      for (const key of ['sNCmPerS', 'sPCmPerS'] as const)
        if (isNum(i[key]))
          out.push({
            path: `electrical.interfaces[${k}].${key}`,
            section: 'interfaces',
            owner,
            ...registered(`electrical.interfaces[${k}].${key}`, lang),
            value: i[key] as number,
          });
    });
    // the transient protocol, impedance, C-V and C-f, interface defects: the contracts' catalogue
    const listed = new Set(out.map((x) => x.path));
    for (const [rel, v] of leaves(e, 'electrical')) {
      const path = bracketed(rel);
      if (listed.has(path) || /^electrical\.(contacts|voltageSweep|generation|eqe)\./.test(rel)) continue;
      const label = checkFieldOf(rel);
      const w = wordsAt(path, paramLang(lang));
      if (!label && !w) continue;
      out.push({
        path,
        section: 'protocol',
        field: label ? label[L] : w!.label,
        ...(w?.symbol ? { symbol: w.symbol } : {}),
        unit: w?.unit ?? '',
        value: v,
      });
    }
  }
  return out;
}

function pushNum(out: DeviceInput[], spec: Obj, f: (typeof DEVICE_FIELDS)[number], lang: string) {
  const v = at(spec, f.path);
  if (!isNum(v)) return;
  out.push({ path: f.path, section: f.section, ...registered(f.path, lang), value: v });
}

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** "MAPbI3 › 电子寿命 τn (s)": the owner, the field and its unit. */
export function inputLabel(i: DeviceInput, withUnit = true): string {
  const name = i.owner ? `${i.owner} › ${i.field}` : i.field;
  return withUnit && i.unit ? `${name} (${i.unit})` : name;
}

/** The value as a researcher writes it, with its unit: "1e-7 s", "500 nm", "是". */
export function formatInput(i: DeviceInput, t: TFunction): string {
  if (typeof i.value === 'number') return i.unit ? `${formatNumber(i.value)} ${i.unit}` : formatNumber(i.value);
  if (typeof i.value === 'boolean') return i.value ? t('inputs.yes') : t('inputs.no');
  return i.value;
}

/**
 * The inputs an optical calculation uses: a device file keeps its layers' electrical parameters
 * (so it opens again in the electrical form), but the optics do not read them.
 */
export function opticalInputs(items: DeviceInput[]): DeviceInput[] {
  return items.filter((i) => !/(^|\.)electrical(\.|\[|$)/.test(i.path));
}

/** The numeric inputs one can sweep (the API varies numbers that exist in the device). */
export function sweepableInputs(spec: unknown, t: TFunction, lang: string): DeviceInput[] {
  return deviceInputs(spec, t, lang).filter((i) => typeof i.value === 'number');
}

/** The identity of an input across runs: its owner and field (the layer's place may differ). */
const keyOf = (i: DeviceInput) => `${i.owner ?? ''}\u0000${i.field}`;

/**
 * The inputs whose values differ between runs (or that some runs lack), in the order of the first
 * run that has them: key, label and each run's value (undefined where absent).
 */
export function differingInputs(
  runs: DeviceInput[][],
): { key: string; item: DeviceInput; values: (DeviceInput | undefined)[] }[] {
  const order: string[] = [];
  const first = new Map<string, DeviceInput>();
  const maps = runs.map((r) => {
    const m = new Map<string, DeviceInput>();
    for (const i of r) {
      const k = keyOf(i);
      m.set(k, i);
      if (!first.has(k)) {
        first.set(k, i);
        order.push(k);
      }
    }
    return m;
  });
  return order
    .filter((k) => {
      const vals = maps.map((m) => m.get(k)?.value);
      return vals.some((v) => v !== vals[0]);
    })
    .map((k) => ({ key: k, item: first.get(k)!, values: maps.map((m) => m.get(k)) }));
}

/**
 * Names of compared runs by what differs between them: "电子寿命 τn = 1e-7 s" against
 * "电子寿命 τn = 1e-6 s", each field by its label and symbol (the registry's, as the form labels
 * it) so a reader needs no legend; at most `max` differences each (then "…"); a field that differs
 * in two places gets its owner ("PTAA 厚度 d", "MAPbI3 厚度 d"). Runs that differ in nothing
 * listed keep `fallback`.
 */
export function namesByDifference(runs: DeviceInput[][], fallback: string[], t: TFunction, max = 2): string[] {
  const diff = differingInputs(runs);
  if (runs.length < 2 || diff.length === 0) return fallback;
  const fields = diff.map((d) => d.item.field);
  const clash = (s: string) => fields.filter((x) => x === s).length > 1;
  return runs.map((_, r) => {
    const parts = diff.slice(0, max).map((d) => {
      const name = clash(d.item.field) && d.item.owner ? `${d.item.owner} ${d.item.field}` : d.item.field;
      const v = d.values[r];
      return `${name} = ${v ? formatInput(v, t) : t('inputs.absent')}`;
    });
    return diff.length > max ? `${parts.join(', ')}, …` : parts.join(', ');
  });
}
