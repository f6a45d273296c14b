import { type CheckIssue, PARAM_CHECK_CODES } from '@pvforge/engine/spec-check';
import { materialParam } from '@pvforge/params';
import { wordCheckMessage } from '../engine-messages/check-wording.js';
import type { Lang, Localized } from '../i18n.js';
import { MODEL_FIELDS } from './check-messages-models.js';

/**
 * The engine's device check (packages/engine/src/device/check.ts) names the field of each problem
 * with its DeviceSpec path (`electrical.transient.segments[1].durationS`) and the rule it broke
 * with a code and its numbers (check.not-positive, got -1). This file gives the fields their
 * labels in both UI languages; the rules are worded by code in engine-messages/device-check.ts.
 * Together they say a problem the same way whichever side catches it (the server's refusal 4105,
 * the web editor). A field without a label here keeps its path (the editor labels those fields
 * from its own form).
 */

const L = (zh: string, en: string): Localized => ({ 'zh-CN': zh, en });

/**
 * The name of a layer's electrical field (or a contact's work function) in both languages; undefined for others.
 * Here, beside the other field labels, because schemas/material.ts words its own problems with
 * localizeCheckMessage: defined there, it made the two modules import each other.
 */
export function electricalFieldLabel(key: string): Localized | undefined {
  const p = materialParam(key);
  return p ? { 'zh-CN': p.label.zh, en: p.label.en } : undefined;
}

const nth = (i: string) => Number(i) + 1;
const SEGMENT_FIELDS: Record<string, Localized> = {
  toV: L('扫描终点电压', 'end voltage'),
  rateVPerS: L('扫描速率', 'scan rate'),
  durationS: L('时长', 'duration'),
  voltageV: L('保持电压', 'hold voltage'),
  kind: L('类型', 'kind'),
  on: L('光照', 'light'),
  light: L('光照', 'light'),
};
const ION_FIELDS: Record<string, Localized> = {
  densityCm3: L('浓度', 'density'),
  diffusionCm2PerS: L('扩散系数', 'diffusion coefficient'),
  sign: L('电荷', 'charge'),
  activationEnergyEV: L('激活能', 'activation energy'),
  referenceTemperatureK: L('参考温度', 'reference temperature'),
};
const DEFECT_FIELDS: Record<string, Localized> = {
  name: L('名称', 'name'),
  type: L('类型', 'type'),
  densityCm3: L('浓度', 'density'),
  densityCm2: L('面密度', 'sheet density'),
  energyEV: L('能级', 'energy'),
  energyReference: L('能级参考', 'energy reference'),
  distribution: L('能量分布', 'distribution'),
  widthEV: L('分布宽度', 'width'),
  sigmaNCm2: L('电子俘获截面', 'electron capture cross-section'),
  sigmaPCm2: L('空穴俘获截面', 'hole capture cross-section'),
  vthNCmPerS: L('电子热速度', 'electron thermal velocity'),
  vthPCmPerS: L('空穴热速度', 'hole thermal velocity'),
  cNCm3PerS: L('电子俘获系数', 'electron capture coefficient'),
  cPCm3PerS: L('空穴俘获系数', 'hole capture coefficient'),
};
const CV_FIELDS: Record<string, Localized> = {
  frequencyHz: L('频率', 'frequency'),
  startV: L('起始电压', 'start voltage'),
  stopV: L('终止电压', 'stop voltage'),
  stepV: L('电压步长', 'voltage step'),
  fitFromV: L('Mott-Schottky 拟合起始电压', 'Mott-Schottky fit from'),
  fitToV: L('Mott-Schottky 拟合终止电压', 'Mott-Schottky fit to'),
  fitLayer: L('Mott-Schottky 拟合所用的层', 'layer of the Mott-Schottky fit'),
};
const CF_FIELDS: Record<string, Localized> = {
  voltageV: L('直流电压', 'DC voltage'),
  startHz: L('起始频率', 'start frequency'),
  stopHz: L('终止频率', 'stop frequency'),
  points: L('频率点数', 'number of frequencies'),
};

const FIELDS: { re: RegExp; label: (m: RegExpExecArray) => Localized | undefined }[] = [
  { re: /^electrical\.defects$/, label: () => L('缺陷', 'defects') },
  {
    re: /^electrical\.defects\.(\d+)$/,
    label: (m) => L(`第 ${nth(m[1]!)} 个缺陷`, `defect ${nth(m[1]!)}`),
  },
  {
    re: /^electrical\.defects\.(\d+)\.(\w+)$/,
    label: (m) => {
      const f = DEFECT_FIELDS[m[2]!];
      return f && L(`第 ${nth(m[1]!)} 个缺陷的${f['zh-CN']}`, `${f.en} of defect ${nth(m[1]!)}`);
    },
  },
  {
    re: /^electrical\.interfaces\.(\d+)\.defects$/,
    label: (m) => L(`第 ${nth(m[1]!)} 个界面的缺陷`, `defects of interface ${nth(m[1]!)}`),
  },
  {
    re: /^electrical\.interfaces\.(\d+)\.defects\.(\d+)\.(\w+)$/,
    label: (m) => {
      const f = DEFECT_FIELDS[m[3]!];
      return (
        f &&
        L(
          `第 ${nth(m[1]!)} 个界面的第 ${nth(m[2]!)} 个缺陷的${f['zh-CN']}`,
          `${f.en} of defect ${nth(m[2]!)} at interface ${nth(m[1]!)}`,
        )
      );
    },
  },
  { re: /^electrical\.capacitanceVoltage$/, label: () => L('C-V 扫描', 'C-V sweep') },
  {
    re: /^electrical\.capacitanceVoltage\.(\w+)$/,
    label: (m) => {
      const f = CV_FIELDS[m[1]!];
      return f && L(`C-V 扫描的${f['zh-CN']}`, `${f.en} of the C-V sweep`);
    },
  },
  { re: /^electrical\.capacitanceFrequency$/, label: () => L('C-f 扫描', 'C-f sweep') },
  {
    re: /^electrical\.capacitanceFrequency\.(\w+)$/,
    label: (m) => {
      const f = CF_FIELDS[m[1]!];
      return f && L(`C-f 扫描的${f['zh-CN']}`, `${f.en} of the C-f sweep`);
    },
  },
  { re: /^electrical\.transient$/, label: () => L('瞬态协议', 'transient protocol') },
  { re: /^electrical\.transient\.initialV$/, label: () => L('瞬态协议的初始电压', 'initial voltage of the transient') },
  {
    re: /^electrical\.transient\.initialLight$/,
    label: () => L('瞬态协议的初始光照', 'initial light of the transient'),
  },
  { re: /^electrical\.transient\.rateVPerS$/, label: () => L('默认扫描速率', 'default scan rate') },
  { re: /^electrical\.transient\.segments$/, label: () => L('瞬态协议的步骤', 'steps of the transient protocol') },
  {
    re: /^electrical\.transient\.segments\.(\d+)$/,
    label: (m) => L(`瞬态协议第 ${nth(m[1]!)} 步`, `step ${nth(m[1]!)} of the transient protocol`),
  },
  {
    re: /^electrical\.transient\.segments\.(\d+)\.(\w+)$/,
    label: (m) => {
      const f = SEGMENT_FIELDS[m[2]!];
      return f && L(`瞬态协议第 ${nth(m[1]!)} 步的${f['zh-CN']}`, `${f.en} of step ${nth(m[1]!)} of the transient`);
    },
  },
  { re: /^electrical\.transient\.points$/, label: () => L('瞬态保存的采样点数', 'saved samples of the transient') },
  { re: /^electrical\.transient\.profileTimesS$/, label: () => L('分布图时刻', 'profile times') },
  {
    re: /^electrical\.transient\.profileTimesS\.(\d+)$/,
    label: (m) => L(`第 ${nth(m[1]!)} 个分布图时刻`, `profile time ${nth(m[1]!)}`),
  },
  { re: /^electrical\.impedance$/, label: () => L('阻抗谱', 'impedance spectrum') },
  {
    re: /^electrical\.impedance\.voltageV$/,
    label: () => L('阻抗谱的直流电压', 'DC voltage of the impedance spectrum'),
  },
  { re: /^electrical\.impedance\.startHz$/, label: () => L('阻抗谱的起始频率', 'start frequency of the impedance') },
  { re: /^electrical\.impedance\.stopHz$/, label: () => L('阻抗谱的终止频率', 'stop frequency of the impedance') },
  { re: /^electrical\.impedance\.points$/, label: () => L('阻抗谱的频率点数', 'frequencies of the impedance') },
  { re: /^electrical\.ions$/, label: () => L('可移动离子', 'mobile ions') },
  {
    re: /^electrical\.ions\.(\d+)\.(\w+)$/,
    label: (m) => {
      const f = ION_FIELDS[m[2]!];
      return f && L(`第 ${nth(m[1]!)} 种可移动离子的${f['zh-CN']}`, `${f.en} of mobile ion species ${nth(m[1]!)}`);
    },
  },
  ...MODEL_FIELDS,
];

/** Tandem field labels (the layer's subcell, electrical.tandem and its sweep). */
const TANDEM_FIELDS: { re: RegExp; label: (m: RegExpExecArray) => Localized | undefined }[] = [
  { re: /^illumination\.spectrum$/, label: () => L('光谱', 'spectrum') },
  { re: /^subcell$/, label: () => L('叠层子电池', 'tandem subcell') },
  { re: /^electrical$/, label: () => L('电学参数', 'electrical parameters') },
  { re: /^electrical\.tandem$/, label: () => L('叠层设置', 'tandem settings') },
  { re: /^electrical\.tandem\.fullStack$/, label: () => L('整体叠层计算', 'whole-stack run') },
  { re: /^electrical\.tandem\.thicknessSweep\.layer$/, label: () => L('厚度扫描的层', 'layer of the thickness sweep') },
  {
    re: /^electrical\.tandem\.thicknessSweep\.fromNm$/,
    label: () => L('厚度扫描的起始厚度', 'start thickness of the sweep'),
  },
  {
    re: /^electrical\.tandem\.thicknessSweep\.toNm$/,
    label: () => L('厚度扫描的终止厚度', 'end thickness of the sweep'),
  },
  { re: /^electrical\.tandem\.thicknessSweep\.points$/, label: () => L('厚度扫描的点数', 'points of the sweep') },
  { re: /^electrical\.generation$/, label: () => L('产生率模型', 'generation model') },
  { re: /^electrical\.eqe$/, label: () => L('外量子效率', 'EQE') },
];

/**
 * The fields every device has (a layer's thickness and drift-diffusion parameters, the sweep, the
 * contacts), for the words of a check issue (localizeCheckMessage); checkFieldOf leaves them to the
 * web's form labels.
 */
const SIDE = { front: L('前', 'front'), back: L('背', 'back') } as const;
const SWEEP_FIELDS: Record<string, Localized> = {
  startV: L('扫描起始电压', 'start voltage of the sweep'),
  stopV: L('扫描终止电压', 'stop voltage of the sweep'),
  stepV: L('扫描步长', 'voltage step of the sweep'),
};
const GENERAL_FIELDS: { re: RegExp; label: (m: RegExpExecArray) => Localized | undefined }[] = [
  { re: /^thicknessNm$/, label: () => L('厚度', 'thickness') },
  { re: /^electrical\.temperatureK$/, label: () => L('温度', 'temperature') },
  { re: /^electrical\.(\w+)$/, label: (m) => electricalFieldLabel(m[1]!) },
  { re: /^electrical\.voltageSweep\.(\w+)$/, label: (m) => SWEEP_FIELDS[m[1]!] },
  {
    re: /^electrical\.contacts\.(front|back)\.workFunctionEV$/,
    label: (m) => {
      const side = SIDE[m[1] as 'front' | 'back'];
      return L(`${side['zh-CN']}电极功函数`, `${side.en} contact work function`);
    },
  },
];

/** A field path as the checker (brackets) or the web editor (dots) writes it, in dotted form without the layer. */
function dotted(path: string): { layer?: string; rel: string } {
  const m = /^layers\[(\d+)\](?: "((?:[^"\\]|\\.)*)")?\.?(.*)$/.exec(path) ?? /^layers\.(\d+)()\.?(.*)$/.exec(path);
  const rest = m ? m[3]! : path;
  const rel = rest.replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');
  return m ? { layer: m[2] || `#${Number(m[1]) + 1}`, rel } : { rel };
}

/**
 * The label of a transient, impedance or mobile-ion field in both languages (`layers[3] "MAPbI3".electrical.ions[0].densityCm3`
 * -> "MAPbI3：第 1 种可移动离子的浓度"); undefined for other fields.
 */
export function checkFieldOf(path: string): Localized | undefined {
  return labelOf(path, [...FIELDS, ...TANDEM_FIELDS]);
}

function labelOf(path: string, list: typeof FIELDS): Localized | undefined {
  const { layer, rel } = dotted(path);
  for (const f of list) {
    const m = f.re.exec(rel);
    if (!m) continue;
    const label = f.label(m);
    if (!label) return undefined;
    return layer ? L(`${layer}：${label['zh-CN']}`, `${layer}: ${label.en}`) : label;
  }
  return undefined;
}

/** The codes whose words are the registry's (the sentence names the parameter). */
const PARAM_CODES: ReadonlySet<string> = new Set(PARAM_CHECK_CODES);

/** The places a registered field sits in below its layer (or the device), by the path's shape. */
const PLACES: { re: RegExp; place: (m: RegExpExecArray) => Localized }[] = [
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
    place: (m) => L(`第 ${nth(m[1]!)} 个分布图时刻`, `profile time ${nth(m[1]!)}`),
  },
  {
    re: /^electrical\.(?:voltageSweep\.|)profileBiasesV\.(\d+)$/,
    place: (m) => L(`第 ${nth(m[1]!)} 个分布图偏压`, `profile bias ${nth(m[1]!)}`),
  },
];

/**
 * Where a registered field sits, in both languages (`layers[3] "MAPbI3".electrical.defects[0].densityCm3`
 * -> "MAPbI3：第 1 个缺陷"); undefined for a field of the device itself (the temperature, the light).
 */
export function placeOf(path: string): Localized | undefined {
  const { layer, rel } = dotted(path);
  const below = PLACES.map((p) => ({ p, m: p.re.exec(rel) })).find((x) => x.m);
  const sub = below ? below.p.place(below.m!) : undefined;
  if (layer && sub) return L(`${layer}：${sub['zh-CN']}`, `${layer}, ${sub.en}`);
  if (layer) return L(layer, layer);
  return sub;
}

/**
 * A check issue in one language: the field's label and the rule (`瞬态协议第 2 步的时长：须大于 0（现为 -1）`).
 * A field without a label is named by its path.
 */
export function localizeCheckMessage(issue: CheckIssue, lang: Lang): string {
  if (PARAM_CODES.has(issue.message.code)) {
    // the registry's sentence names the parameter itself: only its place goes before it
    const where = placeOf(issue.path);
    const said = wordCheckMessage(issue.message, lang);
    if (!where) return said;
    return lang === 'en' ? `${where.en}: ${said}` : `${where['zh-CN']}：${said}`;
  }
  // the web labels the general fields itself (with symbol and unit); the server's refusal uses these
  const field = checkFieldOf(issue.path) ?? labelOf(issue.path, GENERAL_FIELDS);
  const text = wordCheckMessage(issue.message, lang);
  const name = field ? field[lang] : issue.path;
  return lang === 'en' ? `${name}: ${text}` : `${name}：${text}`;
}
