import { checkFieldOf, type Lang, placeOf, wordEngineMessage } from '@pvforge/contracts';
import type { TFunction } from 'i18next';
import { paramLang, sayFieldVerdict, wordsAt, wordsOf } from '../../lib/params';
import type { FieldIssue, RangeIssue } from './model';

/**
 * A checker message in the user's language: an issue of the device check (checkDeviceSpec, the
 * server's 4105 answer) carries its code and is worded by the contracts' catalogue, the same words
 * the server answers with. A message without a code (an optics table the server refused) is shown
 * as written, prefixed "invalid", so no information is lost.
 */
export function translateIssue(issue: FieldIssue | string, t: TFunction, lang: string = 'zh-CN'): string {
  if (typeof issue !== 'string' && issue.verdict) return sayFieldVerdict(issue.verdict, paramLang(lang));
  if (typeof issue !== 'string' && issue.detail) return wordEngineMessage(issue.detail, uiLang(lang));
  const m = (typeof issue === 'string' ? issue : issue.message).trim();
  return t('editor.err.invalid', { msg: m });
}

const uiLang = (lang: string): Lang => (lang === 'en' ? 'en' : 'zh-CN');

/**
 * A field path of the editor as the user reads it: `layers.3.electrical.tauNS` -> `MAPbI3 › tauNS`'s
 * label, the fields below a place or in a block by the contracts' catalogue (their place and the
 * registry's label: "瞬态协议第 2 步：持续时间 Δt"), other device-level fields by their form label
 * when one is known.
 */
export function fieldLabel(path: string, layerNames: readonly string[], t: TFunction, lang: string = 'zh-CN'): string {
  const m = /^layers\.(\d+)(?:\.(.*))?$/.exec(path);
  const name = m ? (layerNames[Number(m[1])] ?? `#${Number(m[1]) + 1}`) : undefined;
  const known = checkFieldOf(m ? `layers[${m[1]}] "${name}".${m[2] ?? ''}` : path);
  if (known) return known[uiLang(lang)];
  // a registered parameter by the registry's label, with the place it belongs to (a list of
  // numbers, such as the bias points, by its items' entry)
  const words = wordsAt(path, paramLang(lang)) ?? wordsAt(`${path}[]`, paramLang(lang));
  if (m) {
    const field = m[2];
    if (!field) return name!;
    const label = words?.label ?? (LAYER_LABELS[field] ? t(LAYER_LABELS[field]) : '');
    return `${name} › ${label || field}`;
  }
  const contact = /^electrical\.contacts\.(front|back)\./.exec(path);
  if (words && contact) return `${t(`editor.contact.${contact[1]}`)} › ${words.label}`;
  if (words) return words.label;
  const label = DEVICE_LABELS[path];
  return label ? t(label) : path === '(device)' ? t('editor.section.device') : path;
}

/**
 * One line of an issue list. A registry verdict's sentence names the parameter itself, so only its
 * place goes before it ("MAPbI3：施主浓度为 1e30 cm⁻³，超出允许范围…", as the server words it);
 * any other issue after the field's label.
 */
export function issueLine(
  issue: FieldIssue,
  layerNames: readonly string[],
  t: TFunction,
  lang: string = 'zh-CN',
): string {
  const text = translateIssue(issue, t, lang);
  const ui = uiLang(lang);
  const sep = ui === 'en' ? ': ' : '：';
  if (issue.verdict) {
    const m = /^layers\.(\d+)(\..*)?$/.exec(issue.path);
    const checkPath = m
      ? `layers[${m[1]}] ${JSON.stringify(layerNames[Number(m[1])] ?? `#${Number(m[1]) + 1}`)}${(m[2] ?? '').replace(/\.(\d+)(?=\.|$)/g, '[$1]')}`
      : issue.path.replace(/\.(\d+)(?=\.|$)/g, '[$1]');
    const where = placeOf(checkPath);
    return where ? `${where[ui]}${sep}${text}` : text;
  }
  return `${fieldLabel(issue.path, layerNames, t, lang)}${sep}${text}`;
}

/** Form labels of a layer's own fields that are no registered parameter. */
const LAYER_LABELS: Record<string, string> = {
  name: 'editor.field.layerName',
  optical: 'editor.field.optical',
  role: 'editor.field.role',
  coherent: 'editor.field.coherent',
  subcell: 'tandem.editor.subcell',
};

/**
 * Form labels of the device-level fields a checker names that are no parameter (a block, a
 * choice): a parameter is named by the registry above, never here.
 */
const DEVICE_LABELS: Record<string, string> = {
  'electrical.voltageSweep': 'editor.section.sweep',
  'electrical.eqe': 'editor.el.eqe',
  'electrical.generation': 'editor.el.generation',
  'electrical.extendToVoc': 'editor.el.extendToVoc',
  'electrical.statistics': 'editor.el.statistics',
  'electrical.darkJV': 'editor.el.darkJV',
  'electrical.contacts': 'editor.section.contacts',
  'electrical.interfaces': 'editor.section.interfaces',
  'electrical.transient': 'transient.protocol.title',
  'electrical.impedance': 'transient.impedance.title',
  'electrical.capacitanceVoltage': 'defects.study.title',
  'electrical.capacitanceFrequency': 'defects.study.title',
  'electrical.defectLosses': 'defects.study.losses',
  'electrical.tandem': 'tandem.editor.title',
  electrical: 'editor.section.electrical',
  illumination: 'editor.section.illumination',
  ambient: 'editor.field.ambient',
  substrate: 'editor.field.substrate',
  texture: 'editor.field.texture',
  name: 'editor.field.name',
};

/**
 * A medium whose n,k table does not cover the wavelength range, naming the form's own fields (as
 * the form labels them: the registry's label of the wavelength range's ends) and options.
 */
export function rangeIssueText(r: RangeIssue, t: TFunction, lang: string = 'zh-CN'): string {
  const what = r.which === 'layer' ? `“${r.layer}”` : t(`editor.field.${r.which}`);
  return t('editor.err.nkRange', {
    what,
    min: r.minNm,
    max: r.maxNm,
    start: r.startNm,
    end: r.endNm,
    wlStart: wordsOf('illumination.wavelength.startNm', paramLang(lang)).label,
    wlEnd: wordsOf('illumination.wavelength.endNm', paramLang(lang)).label,
    extrapolation: t('editor.field.extrapolation'),
    hold: t('editor.field.extrapolationOpt.hold'),
    transparent: t('editor.field.extrapolationOpt.transparent'),
  });
}

/**
 * A preview (optics) error in the UI's language: a table that does not cover the range is told as
 * the editor tells it (rangeIssueText); anything else as the engine wrote it.
 */
export function previewErrorText(
  error: string,
  range: { startNm: number; endNm: number } | undefined,
  t: TFunction,
  lang: string = 'zh-CN',
): string {
  const m =
    /^(?:layers\[\d+\] "(.*)"|(ambient|substrate))\.optical: n,k of "[^"]*" missing at \S+ nm: the table covers (\S+)-(\S+) nm/.exec(
      error,
    );
  if (!m) return error;
  const which: RangeIssue['which'] = m[2] === 'ambient' ? 'ambient' : m[2] === 'substrate' ? 'substrate' : 'layer';
  return rangeIssueText(
    {
      path: '',
      which,
      ...(m[1] !== undefined ? { layer: m[1] } : {}),
      minNm: Number(m[3]),
      maxNm: Number(m[4]),
      startNm: range?.startNm ?? Number.NaN,
      endNm: range?.endNm ?? Number.NaN,
    },
    t,
    lang,
  );
}
