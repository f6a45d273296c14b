import { PARAMS } from '@pvforge/params';
import { describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';

/**
 * A device parameter is worded once, in the registry (@pvforge/params, issue 25): its label,
 * symbol, unit and tip reach every form, table and run name through lib/params.ts. This test fails
 * when an i18n part words a parameter again: by a key the hand-written words once had, or by a
 * text that is a registry label (with or without its symbol and unit). Choice words, buttons,
 * notes and section titles are not parameter words and pass.
 */

function leaves(obj: unknown, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else leaves(v, key, out);
  }
  return out;
}

const UI = { zh: leaves(zhCN), en: leaves(en) } as const;

/** The keys under which the web app once held its own words of a registered parameter. */
const FORMER_KEYS: readonly string[] = [
  ...[
    'temperature',
    'temperatureTip',
    'rs',
    'rsTip',
    'rsh',
    'rshTip',
    'startV',
    'stopV',
    'stepV',
    'sweepTip',
    'gUniform',
    'reflectance',
    'gridPoints',
    'gridPointsTip',
    'eqeStep',
    'profileBiases',
  ].map((k) => `editor.el.${k}`),
  ...['suns', 'angle', 'wlStart', 'wlEnd', 'wlStep', 'gridPoints', 'roughness', 'rms', 'thickness'].map(
    (k) => `editor.field.${k}`,
  ),
  'editor.contact.workFunction',
  'editor.contact.sN',
  'editor.contact.sP',
  ...['density', 'diffusion', 'activation', 'referenceT'].flatMap((k) => [
    `transient.ions.${k}`,
    `transient.ions.${k}Tip`,
  ]),
  ...[
    'initialV',
    'initialVTip',
    'defaultRate',
    'defaultRateTip',
    'toV',
    'rate',
    'segmentRateTip',
    'duration',
    'holdV',
    'holdVTip',
    'points',
    'pointsTip',
    'profileTimes',
    'profileTimesTip',
  ].map((k) => `transient.protocol.${k}`),
  ...['voltage', 'voltageTip', 'start', 'stop', 'points', 'pointsTip'].map((k) => `transient.impedance.${k}`),
  'transient.sweep.parameter',
  'transient.sweep.rate',
  'transient.sweep.rates',
  ...[
    'density',
    'densityTip',
    'sheetDensity',
    'sheetDensityTip',
    'energy',
    'energyTip',
    'width',
    'widthUniform',
    'widthGaussian',
    'widthTail',
    'sigmaN',
    'sigmaP',
    'vthN',
    'vthP',
    'vthTip',
    'cN',
    'cP',
  ].map((k) => `defects.table.${k}`),
  ...[
    'frequency',
    'startV',
    'stopV',
    'stepV',
    'fitFrom',
    'fitTo',
    'fitTip',
    'voltage',
    'startHz',
    'stopHz',
    'points',
  ].map((k) => `defects.study.${k}`),
  ...['separation', 'decay', 'directYield', 'diffusionLength', 'lifetime'].flatMap((k) => [
    `models.exciton.${k}`,
    `models.exciton.${k}Tip`,
  ]),
  ...['thickness', 'barrierN', 'barrierP', 'massN', 'massP'].flatMap((k) => [
    `models.oxide.${k}`,
    `models.oxide.${k}Tip`,
  ]),
  'tandem.editor.sweepFrom',
  'tandem.editor.sweepTo',
  'tandem.editor.sweepPoints',
  'tandem.result.thickness',
  'materials.col.eg',
  'library.spec.interfaceTraps',
  'results.input.thickness',
];

/** i18n-safe id of a material-library field, as the material form's sections were keyed ('ions_densityCm3'). */
const materialIds = PARAMS.flatMap((p) => (p.material ? [p.material.replace('.', '_')] : []));

/**
 * Texts equal to a registry label that are not a parameter's words, each with why: a choice of a
 * select, a result quantity, or the equivalent-circuit model's own parameters (a separate model,
 * not a DeviceSpec field).
 */
const NOT_PARAMETER_WORDS: readonly { key: RegExp; why: string }[] = [
  { key: /^editor\.el\.genUniform$/, why: 'the "uniform generation" choice of the generation model' },
  { key: /^transient\.result\.ions$/, why: 'the plot of the ion density computed along the device' },
  { key: /^(results\.)?circuit\./, why: 'the equivalent-circuit model: its parameters are not DeviceSpec fields' },
  { key: /^results\.input\.temperature$/, why: 'the temperature of an equivalent-circuit job (tK)' },
];

/** A text as a label reads without a trailing unit: '厚度 (nm)' -> '厚度'. */
const bare = (text: string) =>
  text
    .replace(/\s*[(（][^()（）]*[)）]\s*$/, '')
    .trim()
    .toLowerCase();

/** Every text that is a registry label in that language, alone or with its symbol, by the entry's path. */
function registryLabels(lang: 'zh' | 'en'): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of PARAMS) {
    out.set(bare(p.label[lang]), p.path);
    if (p.symbol) out.set(bare(`${p.label[lang]} ${p.symbol}`), p.path);
  }
  return out;
}

/** The i18n keys whose text words a registered parameter, with the entry they copy. */
export function parameterWordsIn(messages: ReadonlyMap<string, string>, lang: 'zh' | 'en'): string[] {
  const labels = registryLabels(lang);
  const out: string[] = [];
  for (const [key, text] of messages) {
    if (NOT_PARAMETER_WORDS.some((n) => n.key.test(key))) continue;
    const path = labels.get(bare(text));
    if (path) out.push(`${key} "${text}" words ${path}`);
  }
  return out;
}

describe('no i18n part words a registered parameter (issue 25)', () => {
  it('has none of the keys that once held hand-written parameter words', () => {
    for (const [lang, messages] of Object.entries(UI))
      expect(
        FORMER_KEYS.filter((k) => messages.has(k)),
        lang,
      ).toEqual([]);
  });

  it('keys no material field label or tip by the field (only the ion charge, a choice, is the form’s own)', () => {
    for (const [lang, messages] of Object.entries(UI))
      expect(
        [...messages.keys()].filter(
          (k) => /^materials\.(field|tip)\./.test(k) && materialIds.includes(k.split('.')[2]!),
        ),
        lang,
      ).toEqual([]);
  });

  it('holds no text that is a registry label, with or without its symbol and unit', () => {
    expect(parameterWordsIn(UI.zh, 'zh')).toEqual([]);
    expect(parameterWordsIn(UI.en, 'en')).toEqual([]);
  });

  it('catches a label written back by hand, and lets choice words pass', () => {
    const relabelled = new Map(UI.zh);
    relabelled.set('editor.el.temperature', '温度');
    relabelled.set('transient.ions.density', '可移动离子浓度 (cm⁻³)');
    relabelled.set('editor.field.wlStart', '起始波长 λstart');
    expect(parameterWordsIn(relabelled, 'zh')).toEqual([
      'editor.el.temperature "温度" words electrical.temperatureK',
      'transient.ions.density "可移动离子浓度 (cm⁻³)" words layers[].electrical.ions[].densityCm3',
      'editor.field.wlStart "起始波长 λstart" words illumination.wavelength.startNm',
    ]);
    const en2 = new Map(UI.en);
    en2.set('materials.field.egEV', 'Band gap');
    expect(parameterWordsIn(en2, 'en')).toEqual(['materials.field.egEV "Band gap" words layers[].electrical.egEV']);
    // the choice words of the editor stay: a generation model, a contact kind, a defect type
    expect(UI.zh.get('editor.el.genUniform')).toBe('均匀产生率');
    expect(UI.zh.get('editor.contact.schottky')).toBeDefined();
    expect(UI.zh.get('defects.table.donor')).toBeDefined();
  });
});
