import { readFileSync } from 'node:fs';
import type { DeviceSpec } from '@pvforge/contracts';
import { judge, type Lang, PARAMS, type Param, paramAt, sayVerdict } from '@pvforge/params';
import i18n, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { translateIssue } from '../src/components/device-editor/messages';
import { checkedFields, LAYER_ELECTRICAL_FIELDS, setAt, specToForm } from '../src/components/device-editor/model';
import { en as enMessages } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';
import { paramRules, paramWords, runRules, specVerdicts, verdictText, webVerdict, wordsAt } from '../src/lib/params';
import { ELEC_FIELDS, elecRules, elecWords } from '../src/pages/plat/materials/material-form';

/**
 * The web app says what the registry says: every number field of the editor and the material
 * form has an entry and shows its words, and the forms' validators refuse and warn with
 * sayVerdict's words, for every entry, in both languages (issue 25).
 */

const demo = JSON.parse(
  readFileSync(new URL('../../../assets/devices/perovskite-pin-electrical.device.json', import.meta.url), 'utf8'),
) as DeviceSpec;

/** The editor's number fields, as NumField paths (the forms' layout: LayerForm, SettingsForms). */
const EDITOR_FIELDS = [
  'layers.0.thicknessNm',
  ...LAYER_ELECTRICAL_FIELDS.map((f) => `layers.0.electrical.${f.key}`),
  'electrical.contacts.front.workFunctionEV',
  'electrical.contacts.back.sNCmPerS',
  'electrical.contacts.back.sPCmPerS',
  'electrical.interfaces.0.sNCmPerS',
  'electrical.interfaces.0.sPCmPerS',
  'electrical.temperatureK',
  'electrical.rsOhmCm2',
  'electrical.rshOhmCm2',
  'electrical.voltageSweep.startV',
  'electrical.voltageSweep.stopV',
  'electrical.voltageSweep.stepV',
  'electrical.gridPoints',
  'illumination.suns',
  'illumination.wavelength.startNm',
  'illumination.wavelength.endNm',
  'illumination.wavelength.stepNm',
];

const LANGS: Lang[] = ['zh', 'en'];

/** A value of each kind an entry distinguishes: below and above its limits, outside its usual range, usual. */
function samples(p: Param): { value: number; kind: 'error' | 'warning' | 'fine' }[] {
  const out: { value: number; kind: 'error' | 'warning' | 'fine' }[] = [];
  const { hard, plausible } = p;
  const step = (x: number) => Math.max(1, Math.abs(x));
  if (hard.min !== undefined)
    out.push({ value: hard.minExclusive ? hard.min : hard.min - step(hard.min), kind: 'error' });
  if (hard.max !== undefined)
    out.push({ value: hard.maxExclusive ? hard.max : hard.max + step(hard.max), kind: 'error' });
  const lo = plausible?.min;
  const hi = plausible?.max;
  // just outside the usual range, still inside the limits (when the limits leave room)
  if (lo !== undefined) {
    const v = lo > 0 ? lo / 2 : lo - 1;
    if (judge(p, v)?.severity === 'warning') out.push({ value: v, kind: 'warning' });
  }
  if (hi !== undefined) {
    const v = hi > 0 ? hi * 2 : hi + 1;
    if (judge(p, v)?.severity === 'warning') out.push({ value: v, kind: 'warning' });
  }
  const mid =
    lo !== undefined && hi !== undefined
      ? lo > 0 && p.log
        ? Math.sqrt(lo * hi)
        : (lo + hi) / 2
      : (p.defaultValue ?? lo ?? hi ?? hard.min ?? 0);
  const fine = hard.integer ? Math.round(mid) : mid;
  if (judge(p, fine) === undefined) out.push({ value: fine, kind: 'fine' });
  return out;
}

describe('the registry in the web app', () => {
  it('gives every number field of the editor an entry, and its words (label with symbol, unit, tip with the usual range)', () => {
    for (const path of EDITOR_FIELDS) {
      const p = paramAt(path);
      expect(p, path).toBeDefined();
      for (const lang of LANGS) {
        const w = wordsAt(path, lang)!;
        expect(w.label, path).toContain(p!.label[lang]);
        expect(w.unit, path).toBe(p!.unit);
        expect(w.tip.startsWith(p!.tip[lang].trim()), path).toBe(true);
        if (p!.plausible) expect(w.tip, path).toContain(w.usual!);
        // no code identifier on screen
        expect(w.label, path).not.toMatch(/[a-z][A-Z]|Cm\d|PerS/);
      }
    }
  });

  it('gives every number field of the material form an entry, and its words', () => {
    for (const f of ELEC_FIELDS) {
      if (f.choice) continue;
      for (const lang of LANGS) {
        const w = elecWords(f.key, lang);
        expect(w, f.key).toBeDefined();
        expect(w!.label, f.key).not.toMatch(/[a-z][A-Z]|Cm\d|PerS/);
      }
    }
  });

  it("refuses and warns with sayVerdict's words, for every entry, in both languages", async () => {
    for (const p of PARAMS)
      for (const { value, kind } of samples(p))
        for (const lang of LANGS) {
          const v = judge(p, value);
          const said = v ? sayVerdict(p, v, value, lang) : undefined;
          // the antd rules (material form), fed the typed text and the number
          for (const typed of [String(value), value]) {
            const got = await runRules(paramRules(p, lang), typed);
            const where = `${p.path} ${kind} ${typed} ${lang}`;
            expect(got.errors, where).toEqual(kind === 'error' ? [said] : []);
            expect(got.warnings, where).toEqual(kind === 'warning' ? [said] : []);
          }
          expect(await webVerdict(p, value, lang)).toEqual({
            errors: kind === 'error' ? [said] : [],
            warnings: kind === 'warning' ? [said] : [],
          });
          expect(verdictText(p, value, lang)?.text).toBe(said);
          expect(paramWords(p, lang).label).toContain(p.label[lang]);
        }
  });

  it('runs the same judgement in the material form rules as in the registry', async () => {
    for (const f of ELEC_FIELDS) {
      if (f.choice) continue;
      const rules = elecRules(f.key, 'zh', '请输入数字');
      expect((await runRules(rules, 'x1')).errors, f.key).toEqual(['请输入数字']);
      expect(await runRules(rules, ''), f.key).toEqual({ errors: [], warnings: [] });
    }
  });
});

describe('the editor refuses and warns with the registry words', () => {
  let zh: TFunction;
  let en: TFunction;
  beforeAll(async () => {
    await i18n.init({
      lng: 'zh-CN',
      resources: { 'zh-CN': { translation: zhCN }, en: { translation: enMessages } },
      interpolation: { escapeValue: false },
    });
    zh = i18n.getFixedT('zh-CN');
    en = i18n.getFixedT('en');
  });

  it('marks every layer parameter of the demo device outside its limits with the registry verdict, in both languages', () => {
    const base = specToForm(demo, 'elec');
    const j = demo.layers.findIndex((l) => l.name === 'MAPbI3');
    for (const f of LAYER_ELECTRICAL_FIELDS) {
      const p = paramAt(`layers[].electrical.${f.key}`)!;
      for (const { value, kind } of samples(p).filter((s) => s.kind !== 'fine')) {
        const path = `layers.${j}.electrical.${f.key}`;
        const spec = setAt(base, path, value);
        const checked = checkedFields(spec);
        const list = kind === 'error' ? checked.errors : checked.warnings;
        const issue = list.find((i) => i.path === path && i.verdict);
        expect(issue, `${path} ${value}`).toBeDefined();
        const v = judge(p, value)!;
        expect(translateIssue(issue!, zh, 'zh-CN')).toBe(sayVerdict(p, v, value, 'zh'));
        expect(translateIssue(issue!, en, 'en')).toBe(sayVerdict(p, v, value, 'en'));
        // a refused value is refused once, in the registry's words
        if (kind === 'error') expect(checked.errors.filter((i) => i.path === path)).toHaveLength(1);
      }
    }
  });

  it('finds nothing to say about the demo device', () => {
    expect(specVerdicts(demo)).toEqual([]);
  });
});
