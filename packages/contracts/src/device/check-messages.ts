import { type CheckIssue, PARAM_CHECK_CODES } from '@pvforge/engine/spec-check';
import { labelWithSymbol, type Param, paramAt } from '@pvforge/params';
import { wordCheckMessage } from '../engine-messages/check-wording.js';
import type { Lang, Localized } from '../i18n.js';
import { MODEL_BLOCKS, MODEL_CHOICES } from './check-messages-models.js';

/**
 * The engine's device check (packages/engine/src/device/check.ts) names the field of each problem
 * with its DeviceSpec path (`electrical.transient.segments[1].durationS`) and the rule it broke
 * with a code and its numbers (check.not-positive, got -1). This file names the fields in both UI
 * languages; the rules are worded by code in engine-messages/device-check.ts. Together they say a
 * problem the same way whichever side catches it (the server's refusal 4105, the web editor).
 *
 * A parameter is named by its place and the registry's label and symbol (@pvforge/params):
 * "MAPbI3 第 1 种可移动离子：可移动离子浓度 Nion". Only places (a layer, "interface 1", "mobile ion
 * species 1", "step 3 of the transient") and what is no parameter (a block, a list, a choice such
 * as a defect's type or distribution) are worded here. A field without a name keeps its path.
 */

const L = (zh: string, en: string): Localized => ({ 'zh-CN': zh, en });

const nth = (i: string) => Number(i) + 1;

/** A field path as the checker (brackets) or the web editor (dots) writes it, in dotted form without the layer. */
function dotted(path: string): { layer?: string; rel: string } {
  const m = /^layers\[(\d+)\](?: "((?:[^"\\]|\\.)*)")?\.?(.*)$/.exec(path) ?? /^layers\.(\d+)()\.?(.*)$/.exec(path);
  const rest = m ? m[3]! : path;
  const rel = rest.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
  return m ? { layer: m[2] || `#${Number(m[1]) + 1}`, rel } : { rel };
}

/** A place inside a layer after the layer's name: "MAPbI3 第 1 个缺陷", "MAPbI3, defect 1". */
function inLayer(layer: string, sub: Localized): Localized {
  return L(`${layer} ${sub['zh-CN']}`, `${layer}, ${sub.en}`);
}

/** A field after its place: "MAPbI3 第 1 种可移动离子：可移动离子浓度 Nion". */
function atPlace(where: Localized, what: Localized): Localized {
  return L(`${where['zh-CN']}：${what['zh-CN']}`, `${where.en}: ${what.en}`);
}

const SIDE = { front: L('前', 'front'), back: L('背', 'back') } as const;
const TRANSIENT = L('瞬态协议', 'transient protocol');
const SWEEP = L('J-V 扫描', 'J-V sweep');

type Place = { re: RegExp; place: (m: RegExpExecArray) => Localized };

/**
 * The places a field sits in below its layer (or the device), by the path's shape, first match
 * wins. A block whose parameters' labels say what they belong to (C-V, C-f, the exciton models,
 * the generation) is no place of its own.
 */
const PLACES: Place[] = [
  {
    re: /^electrical\.interfaces\.(\d+)\.defects\.(\d+)\./,
    place: (m) =>
      L(`第 ${nth(m[1]!)} 个界面的第 ${nth(m[2]!)} 个缺陷`, `defect ${nth(m[2]!)} at interface ${nth(m[1]!)}`),
  },
  { re: /^electrical\.interfaces\.(\d+)\./, place: (m) => L(`第 ${nth(m[1]!)} 个界面`, `interface ${nth(m[1]!)}`) },
  { re: /^electrical\.defects\.(\d+)\./, place: (m) => L(`第 ${nth(m[1]!)} 个缺陷`, `defect ${nth(m[1]!)}`) },
  {
    re: /^electrical\.ions\.(\d+)\./,
    place: (m) => L(`第 ${nth(m[1]!)} 种可移动离子`, `mobile ion species ${nth(m[1]!)}`),
  },
  {
    re: /^electrical\.contacts\.(front|back)\./,
    place: (m) => {
      const side = SIDE[m[1] as 'front' | 'back'];
      return L(`${side['zh-CN']}电极`, `${side.en} contact`);
    },
  },
  {
    re: /^electrical\.transient\.segments\.(\d+)\./,
    place: (m) => L(`瞬态协议第 ${nth(m[1]!)} 步`, `step ${nth(m[1]!)} of the transient`),
  },
  {
    re: /^electrical\.transient\.profileTimesS\.(\d+)$/,
    place: (m) => L(`${TRANSIENT['zh-CN']}第 ${nth(m[1]!)} 项`, `${TRANSIENT.en}, item ${nth(m[1]!)}`),
  },
  { re: /^electrical\.transient\./, place: () => TRANSIENT },
  { re: /^electrical\.impedance\./, place: () => L('阻抗谱', 'impedance spectrum') },
  {
    re: /^electrical\.(?:voltageSweep\.|)profileBiasesV\.(\d+)$/,
    place: (m) => L(`${SWEEP['zh-CN']}第 ${nth(m[1]!)} 项`, `${SWEEP.en}, item ${nth(m[1]!)}`),
  },
  { re: /^electrical\.voltageSweep\./, place: () => SWEEP },
  { re: /^electrical\.tandem\.thicknessSweep\./, place: () => L('叠层厚度扫描', 'tandem thickness sweep') },
];

/**
 * Where a field sits, in both languages (`layers[3] "MAPbI3".electrical.defects[0].densityCm3` ->
 * "MAPbI3 第 1 个缺陷", "MAPbI3, defect 1"); undefined for a field of the device itself (the
 * temperature, the light).
 */
export function placeOf(path: string): Localized | undefined {
  const { layer, rel } = dotted(path);
  const below = PLACES.map((p) => ({ p, m: p.re.exec(rel) })).find((x) => x.m);
  const sub = below ? below.p.place(below.m!) : undefined;
  if (layer && sub) return inLayer(layer, sub);
  if (layer) return L(layer, layer);
  return sub;
}

/**
 * What is no parameter, by the path below its layer: a block or list item the rules name as a whole
 * (named like a place: "MAPbI3 第 1 个缺陷"), and the choices and names of an item (named after their
 * place: "MAPbI3 第 1 个缺陷：类型").
 */
type Words = { re: RegExp; block: Localized } | { re: RegExp; choices: Record<string, Localized> };

const DEFECT_CHOICES: Record<string, Localized> = {
  name: L('名称', 'name'),
  type: L('类型', 'type'),
  energyReference: L('能级参考', 'energy reference'),
  distribution: L('能量分布', 'distribution'),
  // the density of the other kind of place, which a rule refuses (a layer's is per volume, an interface's per area)
  densityCm2: L('面密度', 'density per area'),
  densityCm3: L('体密度', 'density per volume'),
};

/** Blocks and list items whose words depend on the index. */
const INDEXED: { re: RegExp; block: (m: RegExpExecArray) => Localized }[] = [
  { re: /^electrical\.defects\.(\d+)$/, block: (m) => L(`第 ${nth(m[1]!)} 个缺陷`, `defect ${nth(m[1]!)}`) },
  {
    re: /^electrical\.interfaces\.(\d+)\.defects$/,
    block: (m) => L(`第 ${nth(m[1]!)} 个界面的缺陷`, `defects of interface ${nth(m[1]!)}`),
  },
  {
    re: /^electrical\.interfaces\.(\d+)\.defects\.(\d+)$/,
    block: (m) =>
      L(`第 ${nth(m[1]!)} 个界面的第 ${nth(m[2]!)} 个缺陷`, `defect ${nth(m[2]!)} at interface ${nth(m[1]!)}`),
  },
  {
    re: /^electrical\.transient\.segments\.(\d+)$/,
    block: (m) => L(`瞬态协议第 ${nth(m[1]!)} 步`, `step ${nth(m[1]!)} of the transient`),
  },
  {
    re: /^electrical\.interfaces\.(\d+)\.tunnelOxide$/,
    block: (m) => L(`第 ${nth(m[1]!)} 个界面的隧穿氧化层`, `tunnel oxide of interface ${nth(m[1]!)}`),
  },
];

const WORDS: Words[] = [
  { re: /^electrical\.defects$/, block: L('缺陷', 'defects') },
  { re: /^electrical\.(?:interfaces\.\d+\.)?defects\.\d+\.(\w+)$/, choices: DEFECT_CHOICES },
  { re: /^electrical\.ions$/, block: L('可移动离子', 'mobile ions') },
  { re: /^electrical\.ions\.\d+\.(\w+)$/, choices: { sign: L('电荷', 'charge') } },
  { re: /^electrical\.voltageSweep$/, block: SWEEP },
  { re: /^electrical\.capacitanceVoltage$/, block: L('C-V 扫描', 'C-V sweep') },
  {
    re: /^electrical\.capacitanceVoltage\.(\w+)$/,
    choices: { fitLayer: L('Mott-Schottky 拟合所用的层', 'layer of the Mott-Schottky fit') },
  },
  { re: /^electrical\.capacitanceFrequency$/, block: L('C-f 扫描', 'C-f sweep') },
  { re: /^electrical\.transient$/, block: TRANSIENT },
  { re: /^electrical\.transient\.(\w+)$/, choices: { initialLight: L('初始光照', 'initial light') } },
  { re: /^electrical\.transient\.segments$/, block: L('瞬态协议的步骤', 'steps of the transient protocol') },
  {
    re: /^electrical\.transient\.segments\.\d+\.(\w+)$/,
    choices: { kind: L('类型', 'kind'), on: L('光照', 'light'), light: L('光照', 'light') },
  },
  { re: /^electrical\.transient\.profileTimesS$/, block: L('瞬态协议的剖面时刻', 'profile times of the transient') },
  { re: /^electrical\.impedance$/, block: L('阻抗谱', 'impedance spectrum') },
  ...MODEL_BLOCKS.map(([re, block]) => ({ re, block })),
  ...MODEL_CHOICES.map(([re, choices]) => ({ re, choices })),
  // the tandem's settings (electrical.tandem and the layer's subcell)
  { re: /^illumination\.spectrum$/, block: L('光谱', 'spectrum') },
  { re: /^subcell$/, block: L('叠层子电池', 'tandem subcell') },
  { re: /^electrical$/, block: L('电学参数', 'electrical parameters') },
  { re: /^electrical\.tandem$/, block: L('叠层设置', 'tandem settings') },
  { re: /^electrical\.tandem\.(\w+)$/, choices: { fullStack: L('整体叠层计算', 'whole-stack run') } },
  { re: /^electrical\.tandem\.thicknessSweep\.(\w+)$/, choices: { layer: L('扫描的层', 'layer swept') } },
  { re: /^electrical\.generation$/, block: L('产生率模型', 'generation model') },
  { re: /^electrical\.eqe$/, block: L('外量子效率', 'EQE') },
];

/** The words of a field that is no parameter; undefined when the path is none of them. */
function wordsOf(path: string): Localized | undefined {
  const { layer, rel } = dotted(path);
  for (const w of INDEXED) {
    const m = w.re.exec(rel);
    if (m) return layer ? inLayer(layer, w.block(m)) : w.block(m);
  }
  for (const w of WORDS) {
    const m = w.re.exec(rel);
    if (!m) continue;
    // a block is a field of its layer ("MAPbI3：可移动离子"), a list item a place in it (above)
    if ('block' in w) return layer ? atPlace(L(layer, layer), w.block) : w.block;
    const f = w.choices[m[1]!];
    if (!f) continue;
    const where = placeOf(path);
    return where ? atPlace(where, f) : f;
  }
  return undefined;
}

/** The registry's label with its symbol in both languages (labelWithSymbol). */
function paramLabel(p: Param): Localized {
  return L(labelWithSymbol(p, 'zh'), labelWithSymbol(p, 'en'));
}

/** The registry entry of a field path (a layer's paths as the registry's `layers[].…`). */
function entryOf(path: string): Param | undefined {
  const { layer, rel } = dotted(path);
  return paramAt(layer === undefined ? rel : `layers[].${rel}`);
}

/** A registered field as its place and the registry's label and symbol. */
function registeredField(path: string, p: Param): Localized {
  const where = placeOf(path);
  return where ? atPlace(where, paramLabel(p)) : paramLabel(p);
}

/**
 * The places whose fields checkFieldOf names (a defect, an ion, an exciton model, an interface, the
 * sweep, an analysis). A field of a layer, a contact, the device or the light is named by the web's
 * forms with its owner ("MAPbI3 › 电子寿命 τn"), and by checkFieldLabel in a check's words.
 */
const BELOW_PLACES: ReadonlySet<string> = new Set(['defect', 'ions', 'exciton', 'interface', 'sweep', 'analysis']);

/**
 * The label of a field below a place or in a block, in both languages: a registered parameter by
 * its place and the registry's label (`layers[3] "MAPbI3".electrical.ions[0].densityCm3` ->
 * "MAPbI3 第 1 种可移动离子：可移动离子浓度 Nion"), a block or a choice in its own words
 * ("MAPbI3 第 2 种可移动离子：电荷"); undefined for a field of a layer, a contact or the device
 * itself (see checkFieldLabel) and for a path it does not know.
 */
export function checkFieldOf(path: string): Localized | undefined {
  const words = wordsOf(path);
  if (words) return words;
  const p = entryOf(path);
  return p && BELOW_PLACES.has(p.place) ? registeredField(path, p) : undefined;
}

/**
 * The label of any field a check issue names: checkFieldOf's, else a registered field with its
 * place ("MAPbI3：电子寿命 τn", "背电极：功函数 W", "温度 T"); undefined for a path it does not know.
 */
export function checkFieldLabel(path: string): Localized | undefined {
  const known = checkFieldOf(path);
  if (known) return known;
  const p = entryOf(path);
  return p ? registeredField(path, p) : undefined;
}

/** The codes whose words are the registry's (the sentence names the parameter). */
const PARAM_CODES: ReadonlySet<string> = new Set(PARAM_CHECK_CODES);

/**
 * A check issue in one language: the field's label and the rule
 * ("瞬态协议第 2 步：本段扫描速率 v：须填写大于 0 的扫描速率…"). A field without a label is named by its path.
 */
export function localizeCheckMessage(issue: CheckIssue, lang: Lang): string {
  if (PARAM_CODES.has(issue.message.code)) {
    // the registry's sentence names the parameter itself: only its place goes before it
    const where = placeOf(issue.path);
    const said = wordCheckMessage(issue.message, lang);
    if (!where) return said;
    return lang === 'en' ? `${where.en}: ${said}` : `${where['zh-CN']}：${said}`;
  }
  const field = checkFieldLabel(issue.path);
  const text = wordCheckMessage(issue.message, lang);
  const name = field ? field[lang] : issue.path;
  return lang === 'en' ? `${name}: ${text}` : `${name}：${text}`;
}
