import { isNumeric, type OpticalModelSpec } from '@pvforge/contracts';
import { materialParam, PARAMS } from '@pvforge/params';
import type { Material, MaterialCategory, MaterialElectrical, MaterialInput } from '../../../api/materials';
import { type Lang, materialWords, type ParamRule, type ParamWords, paramRules } from '../../../lib/params';

/**
 * The pure part of the material form: the electrical parameters with their units and checks, the
 * form values <-> Material mapping, and the library route <-> category mapping. No React here, so
 * unit tests cover it (apps/web/test/materials-form.test.ts).
 */

/**
 * The rule of a typed optical constant (n, k, Cauchy terms; not registry parameters):
 * 'pos' > 0, 'nonneg' >= 0, 'sign' a charge in units of q (+1 or -1).
 */
export type NumRule = 'any' | 'pos' | 'nonneg' | 'sign';

/**
 * A field of the form's electrical card. Which fields there are, their words, units and limits
 * are the parameter registry's (every entry with a `material` key, through materialParam, elecWords
 * and elecRules), the same the device editor, the server and the CLI use; the card groups them by
 * the registry's group, as the device editor does.
 */
export interface ElecField {
  /** Field of MaterialElectrical; nested ones as 'ions.densityCm3' (the registry's `material` key). */
  key: string;
  /** Which group of the form shows the field (the registry entry's group). */
  group: (typeof ELEC_GROUPS)[number];
  /** A choice instead of a typed number: an ion's charge is +1 or -1. */
  choice?: 'sign';
}

/** The groups of the electrical card, in the order shown: the layer's groups as in the editor, then the rest. */
export const ELEC_GROUPS = [
  'basic',
  'doping',
  'recombination',
  'traps',
  'tunnelling',
  'contact',
  'ions',
  'exciton',
] as const;

const isElecGroup = (g: string): g is ElecField['group'] => (ELEC_GROUPS as readonly string[]).includes(g);

/**
 * Every registry parameter a material carries, in registry order, and the ion charge (a choice of
 * +1 or -1, not a parameter) after the ions' numbers.
 */
export const ELEC_FIELDS: readonly ElecField[] = PARAMS.flatMap((p): ElecField[] => {
  if (p.material === undefined) return [];
  if (!isElecGroup(p.group)) throw new Error(`material field ${p.material} has a group the form lacks: ${p.group}`);
  const field: ElecField = { key: p.material, group: p.group };
  return p.material === 'ions.diffusionCm2PerS'
    ? [field, { key: 'ions.sign', group: 'ions', choice: 'sign' }]
    : [field];
});

/** The registry's words of an electrical field of the form (label with symbol, unit, tip with the usual range). */
export function elecWords(key: string, lang: Lang): ParamWords | undefined {
  return materialWords(key, lang);
}

/**
 * The antd rules of an electrical field: the registry's judgement of the typed value (hard limits
 * refuse, plausible ranges warn without blocking), worded as the server and the CLI word it;
 * `formatMessage` for text that is no number. No rules for a field the registry lacks.
 */
export function elecRules(key: string, lang: Lang, formatMessage?: string): ParamRule[] {
  const p = materialParam(key);
  return p ? paramRules(p, lang, formatMessage) : [];
}

/** i18n-safe id of a field key ('ions.densityCm3' -> 'ions_densityCm3'). */
export const fieldId = (key: string) => key.replace('.', '_');

export type NumError = 'format' | 'pos' | 'nonneg' | 'sign';

/**
 * Checks one typed optical constant: empty is allowed, otherwise spec §5's numeric helper
 * (decimal or scientific notation, surrounding spaces) and the field's sign rule.
 */
export function checkNumber(text: string | undefined | null, rule: NumRule = 'any'): NumError | null {
  const s = (text ?? '').trim();
  if (s === '') return null;
  if (!isNumeric(s) || !Number.isFinite(Number(s))) return 'format';
  const v = Number(s);
  if (rule === 'pos' && !(v > 0)) return 'pos';
  if (rule === 'nonneg' && !(v >= 0)) return 'nonneg';
  if (rule === 'sign' && v !== 1 && v !== -1) return 'sign';
  return null;
}

/** A number as typed back into a field: plain when short, scientific notation otherwise. */
export function numberText(v: number | undefined): string {
  if (v === undefined || !Number.isFinite(v)) return '';
  const a = Math.abs(v);
  if (a !== 0 && (a >= 1e6 || a < 1e-3)) return v.toExponential().replace('e+', 'e');
  return String(v);
}

export type OpticalKind = 'table' | 'tabulated' | 'constant' | 'cauchy';
export const OPTICAL_KINDS: readonly OpticalKind[] = ['table', 'tabulated', 'constant', 'cauchy'];

export interface NkData {
  wavelengthNm: number[];
  n: number[];
  k: number[];
}

export interface ReferenceRow {
  key: string;
  citation: string;
}

/** What the antd form holds: numbers as the typed text, so scientific notation survives editing. */
export interface MaterialFormValues {
  name: string;
  nameEn?: string;
  formula?: string;
  category: MaterialCategory;
  opticalKind: OpticalKind;
  tableId?: string;
  constN?: string;
  constK?: string;
  cauchyA?: string;
  cauchyB?: string;
  cauchyC?: string;
  cauchyK?: string;
  /** Electrical values by field key (nested keys as 'ions.densityCm3'). */
  elec: Record<string, string | undefined>;
  /** Reference key per field key; 'optical' for the optical constants. */
  src: Record<string, string | undefined>;
  references: ReferenceRow[];
  notes?: string;
  /**
   * The material's defect set, kept as stored: the form has no fields for it (layers edit their
   * defects in the device editor), and saving the form must not drop it.
   */
  defects?: MaterialElectrical['defects'];
}

export function emptyFormValues(category: MaterialCategory = 'lead_perovskite'): MaterialFormValues {
  return { name: '', category, opticalKind: 'tabulated', elec: {}, src: {}, references: [] };
}

const num = (s: string | undefined): number | undefined => {
  const t = (s ?? '').trim();
  return t === '' ? undefined : Number(t);
};
const text = (s: string | undefined): string | undefined => {
  const t = (s ?? '').trim();
  return t === '' ? undefined : t;
};

/** The optical model of the form, or an error key when the chosen model lacks its data. */
export function opticalOf(v: MaterialFormValues, nk: NkData | null): OpticalModelSpec | 'missingNk' | 'missingTable' {
  switch (v.opticalKind) {
    case 'table': {
      const id = text(v.tableId);
      return id ? { kind: 'table', materialId: id } : 'missingTable';
    }
    case 'tabulated':
      return nk && nk.wavelengthNm.length > 0
        ? { kind: 'tabulated', wavelengthNm: nk.wavelengthNm, n: nk.n, k: nk.k }
        : 'missingNk';
    case 'constant':
      return { kind: 'constant', n: num(v.constN) ?? 1, k: num(v.constK) ?? 0 };
    case 'cauchy': {
      const c = num(v.cauchyC);
      const k = num(v.cauchyK);
      return {
        kind: 'cauchy',
        a: num(v.cauchyA) ?? 1,
        bUm2: num(v.cauchyB) ?? 0,
        ...(c !== undefined ? { cUm4: c } : {}),
        ...(k !== undefined ? { k } : {}),
      };
    }
  }
}

/** Form values -> the payload of add/update (the caller has validated the form). */
export function formToMaterial(v: MaterialFormValues, nk: NkData | null): MaterialInput {
  const optical = opticalOf(v, nk);
  if (typeof optical === 'string') throw new Error(optical);
  const electrical: MaterialElectrical = {};
  const bag = electrical as Record<string, unknown>;
  for (const f of ELEC_FIELDS) {
    const value = num(v.elec?.[f.key]);
    if (value === undefined) continue;
    const [head, tail] = f.key.split('.') as [string, string | undefined];
    if (tail) bag[head] = { ...((bag[head] as object | undefined) ?? {}), [tail]: value };
    else bag[head] = value;
  }
  if (v.defects?.length) electrical.defects = v.defects;
  const references: Record<string, string> = {};
  for (const r of v.references ?? []) {
    const key = text(r?.key);
    const citation = text(r?.citation);
    if (key && citation) references[key] = citation;
  }
  const sources: Record<string, string> = {};
  for (const [field, ref] of Object.entries(v.src ?? {})) {
    const r = text(ref);
    // A source is kept for the optical constants and for every value that is given.
    if (r && (field === 'optical' || num(v.elec?.[field]) !== undefined || (field === 'defects' && v.defects?.length)))
      sources[field] = r;
  }
  const out: MaterialInput = {
    name: v.name.trim(),
    category: v.category,
    optical,
    electrical,
    sources,
    references,
  };
  const nameEn = text(v.nameEn);
  const formula = text(v.formula);
  const notes = text(v.notes);
  if (nameEn) out.nameEn = nameEn;
  if (formula) out.formula = formula;
  if (notes) out.notes = notes;
  return out;
}

/** The value of a field key in an electrical object ('ions.densityCm3' walks one level). */
export function elecValue(e: MaterialElectrical | undefined, key: string): number | undefined {
  const [head, tail] = key.split('.') as [string, string | undefined];
  const v = (e as Record<string, unknown> | undefined)?.[head];
  if (tail) return (v as Record<string, number | undefined> | undefined)?.[tail];
  return typeof v === 'number' ? v : undefined;
}

/** A stored material -> form values and its n,k table (for the tabulated model). */
export function materialToForm(m: MaterialInput | Material): { values: MaterialFormValues; nk: NkData | null } {
  const elec: Record<string, string | undefined> = {};
  for (const f of ELEC_FIELDS) {
    const v = elecValue(m.electrical, f.key);
    if (v !== undefined) elec[f.key] = numberText(v);
  }
  const values: MaterialFormValues = {
    name: m.name,
    nameEn: m.nameEn ?? '',
    formula: m.formula ?? '',
    category: m.category,
    opticalKind: 'constant',
    elec,
    src: { ...(m.sources ?? {}) },
    references: Object.entries(m.references ?? {}).map(([key, citation]) => ({ key, citation })),
    notes: m.notes ?? '',
  };
  if (m.electrical?.defects?.length) values.defects = m.electrical.defects;
  let nk: NkData | null = null;
  const o = m.optical;
  switch (o.kind) {
    case 'table':
      values.opticalKind = 'table';
      values.tableId = o.materialId;
      break;
    case 'tabulated':
      values.opticalKind = 'tabulated';
      // A list row's summary has no arrays: the caller edits the full record (getMaterial).
      if ('wavelengthNm' in o) nk = { wavelengthNm: [...o.wavelengthNm], n: [...o.n], k: [...o.k] };
      break;
    case 'constant':
      values.opticalKind = 'constant';
      values.constN = numberText(o.n);
      values.constK = numberText(o.k);
      break;
    case 'cauchy':
      values.opticalKind = 'cauchy';
      values.cauchyA = numberText(o.a);
      values.cauchyB = numberText(o.bUm2);
      values.cauchyC = numberText(o.cUm4);
      values.cauchyK = numberText(o.k);
      break;
    default:
      // Sellmeier and oscillator models are kept by the server; the form offers a constant instead.
      values.opticalKind = 'constant';
  }
  return { values, nk };
}

/**
 * The form field a problem of checkMaterialInput (or of the server's 4203 answer) belongs to:
 * 'electrical.ions.densityCm3' -> ['elec', 'ions.densityCm3'], 'sources.egEV' -> ['src', 'egEV'],
 * 'optical.n' -> the field of the chosen model; null when no single field shows it.
 */
export function problemPath(field: string, kind: OpticalKind): (string | number)[] | null {
  const [head, ...rest] = field.split('.');
  const tail = rest.join('.');
  switch (head) {
    case 'name':
    case 'nameEn':
    case 'formula':
    case 'category':
    case 'notes':
      return [head];
    case 'electrical':
      return ELEC_FIELDS.some((f) => f.key === tail) ? ['elec', tail] : null;
    case 'sources':
      return tail ? ['src', tail] : null;
    case 'optical': {
      const f = tail.replace(/\[\d+\]$/, '');
      if (kind === 'tabulated') return ['nkFile'];
      if (kind === 'table') return ['tableId'];
      if (kind === 'constant') return f === 'k' ? ['constK'] : ['constN'];
      if (kind === 'cauchy') {
        const map: Record<string, string> = { a: 'cauchyA', bUm2: 'cauchyB', cUm4: 'cauchyC', k: 'cauchyK' };
        return [map[f] ?? 'cauchyA'];
      }
      return null;
    }
    default:
      return null;
  }
}

// --- Library routes ---------------------------------------------------------------------------

export const ROUTE_CATEGORIES: Record<string, MaterialCategory[]> = {
  organic: ['organic'],
  tetrahedral: ['tetrahedral'],
  perovskite: ['lead_perovskite', 'lead_free_perovskite'],
  lead_perovskite: ['lead_perovskite'],
  lead_free_perovskite: ['lead_free_perovskite'],
  electron: ['electron'],
  hole: ['hole'],
  electrode: ['electrode_positive', 'electrode_negative'],
};

/**
 * The list filter of a library route: the sub-path of the address and the menu's `key`
 * (the two electrode entries share the path 'electrode' and differ by key positive/negative).
 */
export function libraryFilter(sub: string, key: string | null): { category: string; categories: MaterialCategory[] } {
  if (sub === 'electrode' && (key === 'positive' || key === 'negative')) {
    const c = `electrode_${key}` as MaterialCategory;
    return { category: c, categories: [c] };
  }
  const categories = ROUTE_CATEGORIES[sub] ?? ['organic'];
  return { category: sub in ROUTE_CATEGORIES ? sub : 'organic', categories };
}

/** The menu's cata of a category: 1 absorber, 2 electron, 3 hole, 4 electrode. */
export function cataOf(c: MaterialCategory): 1 | 2 | 3 | 4 {
  if (c === 'electron') return 2;
  if (c === 'hole') return 3;
  if (c === 'electrode_positive' || c === 'electrode_negative') return 4;
  return 1;
}

/** The library page (path + menu query) that lists a category. */
export function libraryPathOf(c: MaterialCategory): string {
  if (c === 'electrode_positive') return '/plat/material-library/electrode?cata=4&key=positive';
  if (c === 'electrode_negative') return '/plat/material-library/electrode?cata=4&key=negative';
  return `/plat/material-library/${c}?cata=${cataOf(c)}&key=${c}`;
}

export type { Material };
