import type { Lang, Localized } from '../i18n.js';
import { MODEL_FIELDS, MODEL_TEXTS } from './check-messages-models.js';

/**
 * The engine's device check (packages/engine/src/device/check.ts) writes English lines that name
 * the field: `electrical.transient.segments[1].durationS: must be a duration > 0 (got -1)`. This
 * catalogue tells the transient protocol's, the impedance spectrum's and the mobile ions' lines in
 * both UI languages, as a field label and the rule it broke, so that the server's refusal (4105)
 * and the web editor say the same words whichever side catches the mistake. A line it does not
 * know is left as the engine wrote it (never lost, only untranslated).
 */

const L = (zh: string, en: string): Localized => ({ 'zh-CN': zh, en });

/** "got undefined" is an empty field. */
const got = (v: string): Localized =>
  v === 'undefined' || v === 'NaN' || v === 'null' ? L('未填写', 'not given') : L(`现为 ${v}`, `got ${v}`);
const withGot = (zh: string, en: string, v: string): Localized => {
  const g = got(v);
  return L(`${zh}（${g['zh-CN']}）`, `${en} (${g.en})`);
};

const TEXTS: { re: RegExp; text: (m: RegExpExecArray) => Localized }[] = [
  {
    re: /^must be a finite voltage \(got (.*)\)$/,
    text: (m) => withGot('须为有限的电压值', 'must be a finite voltage', m[1]!),
  },
  {
    re: /^must be a scan rate > 0 \(got (.*?)(; or give electrical\.transient\.rateVPerS)?\)$/,
    text: (m) =>
      m[2]
        ? withGot('须填写大于 0 的扫描速率，或填写默认扫描速率', 'needs a scan rate > 0, or a default scan rate', m[1]!)
        : withGot('须大于 0', 'must be > 0', m[1]!),
  },
  { re: /^must list at least one segment$/, text: () => L('至少需要一个步骤', 'needs at least one step') },
  {
    re: /^at most (\d+) segments \(got (\d+)\)$/,
    text: (m) => L(`最多 ${m[1]} 个步骤（现有 ${m[2]} 个）`, `at most ${m[1]} steps (there are ${m[2]})`),
  },
  {
    re: /^the scan goes nowhere \(it starts at (\S+) V\)$/,
    text: (m) => L(`扫描终点等于起点 ${m[1]} V，扫描没有意义`, `the scan ends where it starts (${m[1]} V)`),
  },
  {
    re: /^must be a finite (?:number|energy) \(got (.*)\)$/,
    text: (m) => withGot('须为有限的数', 'must be a finite number', m[1]!),
  },
  {
    re: /^must be a positive thickness \(got (.*)\)$/,
    text: (m) => withGot('厚度须大于 0', 'the thickness must be > 0', m[1]!),
  },
  {
    re: /^must be a duration > 0 \(got (.*)\)$/,
    text: (m) => withGot('须大于 0', 'must be > 0', m[1]!),
  },
  {
    re: /^must be (?:"scan", "hold", "light" or "open-circuit"|one of "scan", "hold", "light", "open-circuit") \(got (.*)\)$/,
    text: () =>
      L('步骤类型只能是扫描、保持、光照切换或开路', 'the step must be a scan, a hold, a light switch or open circuit'),
  },
  {
    re: /^(\S+) s in all is longer than (\S+) s$/,
    text: (m) =>
      L(`协议总时长 ${m[1]} s 超过上限 ${m[2]} s`, `the protocol lasts ${m[1]} s in all, more than ${m[2]} s`),
  },
  {
    re: /^must be an integer from (\d+) to (\d+) \(got (.*)\)$/,
    text: (m) => withGot(`须为 ${m[1]} 到 ${m[2]} 之间的整数`, `must be an integer from ${m[1]} to ${m[2]}`, m[3]!),
  },
  {
    re: /^must be a time within the protocol, 0 to (\S+) s \(got (.*)\)$/,
    text: (m) =>
      withGot(`须在协议时长之内（0 到 ${m[1]} s）`, `must be a time within the protocol (0 to ${m[1]} s)`, m[2]!),
  },
  {
    re: /^must be a frequency > 0 \(got (.*)\)$/,
    text: (m) => withGot('须大于 0', 'must be > 0', m[1]!),
  },
  {
    re: /^must be above startHz and at most (\S+) Hz \(got (.*)\)$/,
    text: (m) =>
      withGot(`须高于起始频率且不超过 ${m[1]} Hz`, `must be above the start frequency and at most ${m[1]} Hz`, m[2]!),
  },
  {
    re: /^must list at most two mobile species$/,
    text: () => L('每层最多两种可移动离子', 'a layer has at most two mobile species'),
  },
  {
    re: /^must be a finite density >= 0 \(got (.*)\)$/,
    text: (m) => withGot('须为不小于 0 的数值', 'must be a number >= 0', m[1]!),
  },
  {
    re: /^is (\S+) cm\^-3, more than any solid has atoms \(at most (\S+) cm\^-3\)$/,
    text: (m) =>
      L(
        `浓度 ${m[1]} cm⁻³ 超过任何固体的原子密度（最多 ${m[2]} cm⁻³），请检查单位`,
        `${m[1]} cm⁻³ is more than any solid has atoms (at most ${m[2]} cm⁻³); check the unit`,
      ),
  },
  {
    re: /^must be a finite diffusion coefficient > 0 \(got (.*)\)$/,
    text: (m) => withGot('须大于 0', 'must be > 0', m[1]!),
  },
  {
    re: /^must be \+1 or -1 \(got (.*)\)$/,
    text: (m) => withGot('只能是 +1 或 -1', 'must be +1 or -1', m[1]!),
  },
  // a user spectrum (device-spec.ts spectrumIssues)
  {
    re: /^the spectrum covers (\S+)-(\S+) nm, not the calculation range (\S+)-(\S+) nm$/,
    text: (m) =>
      L(
        `光谱覆盖 ${m[1]}–${m[2]} nm，不能覆盖计算波长范围 ${m[3]}–${m[4]} nm`,
        `the spectrum covers ${m[1]}-${m[2]} nm, not the calculation range ${m[3]}-${m[4]} nm`,
      ),
  },
  {
    re: /^wavelengths must increase strictly \((\S+) then (\S+) nm\)$/,
    text: (m) =>
      L(
        `波长必须严格递增（${m[1]} 之后是 ${m[2]} nm）`,
        `wavelengths must increase strictly (${m[1]} then ${m[2]} nm)`,
      ),
  },
  {
    re: /^has (\d+) irradiance values for (\d+) wavelengths$/,
    text: (m) => L(`有 ${m[2]} 个波长却有 ${m[1]} 个辐照度值`, `has ${m[1]} irradiance values for ${m[2]} wavelengths`),
  },
  // the schema's words for the same fields (JSON has no NaN or infinity: they arrive as no number)
  { re: /^must be equal to constant$/, text: () => L('取值不在允许的选项中', 'is not one of the allowed values') },
  { re: /^must be number$/, text: () => L('须为数字', 'must be a number') },
  {
    re: /^must not have fewer than (\d+) items$/,
    text: (m) => L(`至少需要 ${m[1]} 项`, `needs at least ${m[1]} entries`),
  },
  { re: /^must not have more than (\d+) items$/, text: (m) => L(`最多 ${m[1]} 项`, `at most ${m[1]} entries`) },
  {
    re: /^must be a finite activation energy >= 0 eV \(got (.*)\)$/,
    text: (m) => withGot('须为不小于 0 的数值', 'must be a number >= 0', m[1]!),
  },
  {
    re: /^must be a temperature > 0 K \(got (.*)\)$/,
    text: (m) => withGot('须大于 0 K', 'must be > 0 K', m[1]!),
  },
  // defects (the engine's device/defects-map.ts and electrical/input-check.ts)
  {
    re: /^must put the level inside the band gap: from (\S+) to (\S+) eV with reference "(\w+)" \(got (.*)\)$/,
    text: (m) => {
      const ref = REFERENCES[m[3]!] ?? L(m[3]!, m[3]!);
      return withGot(
        `须位于带隙之内：以${ref['zh-CN']}为参考时为 ${m[1]} 到 ${m[2]} eV`,
        `must lie inside the band gap: ${m[1]} to ${m[2]} eV from the ${ref.en}`,
        m[4]!,
      );
    },
  },
  {
    re: /^give either the capture cross-sections \(with thermal velocities\) or the capture coefficients, not both$/,
    text: () =>
      L(
        '俘获截面（及热速度）与俘获系数只能二选一',
        'give either the capture cross-sections (with thermal velocities) or the capture coefficients, not both',
      ),
  },
  {
    re: /^missing: give the capture cross-sections sigmaNCm2 and sigmaPCm2, or the capture coefficients$/,
    text: () =>
      L(
        '请填写电子和空穴的俘获截面，或俘获系数',
        'give the electron and hole capture cross-sections, or the capture coefficients',
      ),
  },
  {
    re: /^missing: a "(\w+)" distribution needs its width$/,
    text: (m) => {
      const d = DISTRIBUTIONS[m[1]!] ?? L(m[1]!, m[1]!);
      return L(`${d['zh-CN']}需要填写宽度`, `a ${d.en} needs its width`);
    },
  },
  {
    re: /^a single level has no width/,
    text: () =>
      L(
        '单一能级没有宽度：请选择能量分布，或不填宽度',
        'a single level has no width: choose a distribution or leave it empty',
      ),
  },
  {
    re: /^must be a cross-section > 0 cm\^2 \(got (.*)\)$/,
    text: (m) => withGot('须大于 0', 'must be > 0', m[1]!),
  },
  {
    re: /^must be a thermal velocity > 0 cm\/s \(got (.*)\)$/,
    text: (m) => withGot('须大于 0', 'must be > 0', m[1]!),
  },
  {
    re: /^thermal velocities go with capture cross-sections, not with capture coefficients$/,
    text: () =>
      L(
        '热速度只与俘获截面一起使用，不与俘获系数一起使用',
        'thermal velocities go with cross-sections, not with capture coefficients',
      ),
  },
  {
    re: /^must be "conduction", "valence" or "intrinsic" \(got (.*)\)$/,
    text: () =>
      L(
        '参考能级只能是导带底、价带顶或本征能级',
        'the reference must be the conduction band, the valence band or the intrinsic level',
      ),
  },
  {
    re: /^a band tail starts at a band edge/,
    text: () =>
      L(
        '带尾从带边开始：参考能级须为导带底或价带顶',
        'a band tail starts at a band edge: choose the conduction or the valence band',
      ),
  },
  {
    re: /^a layer defect takes a density per volume/,
    text: () => L('体缺陷的浓度按体积给出（cm⁻³）', 'a layer defect takes a density per volume (cm⁻³)'),
  },
  {
    re: /^an interface defect takes a density per area/,
    text: () => L('界面缺陷的浓度按面积给出（cm⁻²）', 'an interface defect takes a density per area (cm⁻²)'),
  },
  {
    re: /^is (\S+), more than the (\S+) a solid can hold$/,
    text: (m) =>
      L(
        `${m[1]} 超过固体可容纳的上限 ${m[2]}，请检查单位`,
        `${m[1]} is more than the ${m[2]} a solid can hold; check the unit`,
      ),
  },
  {
    re: /^must be a capture coefficient > 0 and at most 1e-3 cm\^3\/s \(got (.*)\)$/,
    text: (m) =>
      withGot(
        '俘获系数须大于 0 且不超过 1e-3 cm³/s',
        'the capture coefficient must be > 0 and at most 1e-3 cm³/s',
        m[1]!,
      ),
  },
  {
    re: /^must be a width > 0 and at most (\S+) eV \(got (.*)\)$/,
    text: (m) => withGot(`须大于 0 且不超过 ${m[1]} eV`, `must be > 0 and at most ${m[1]} eV`, m[2]!),
  },
  {
    re: /^must be a characteristic energy > 0 and at most (\S+) eV \(got (.*)\)$/,
    text: (m) => withGot(`须大于 0 且不超过 ${m[1]} eV`, `must be > 0 and at most ${m[1]} eV`, m[2]!),
  },
  {
    re: /^must be "donor", "acceptor" or "neutral" \(got (.*)\)$/,
    text: () => L('类型只能是施主、受主或中性', 'the type must be donor, acceptor or neutral'),
  },
  {
    re: /^must list at most (\d+) defect(?: sheet)?s$/,
    text: (m) => L(`最多 ${m[1]} 个缺陷`, `at most ${m[1]} defects`),
  },
  { re: /^must be a list of defects$/, text: () => L('须为缺陷列表', 'must be a list of defects') },
  { re: /^missing$/, text: () => L('未填写', 'not given') },
  // C-V and C-f
  {
    re: /^must be a frequency > 0 and at most (\S+) Hz \(got (.*)\)$/,
    text: (m) => withGot(`须大于 0 且不超过 ${m[1]} Hz`, `must be > 0 and at most ${m[1]} Hz`, m[2]!),
  },
  {
    re: /^must step from startV towards stopV, at least two voltages \(got (\S+) V\)$/,
    text: (m) =>
      L(
        `步长须从起始电压走向终止电压，且至少有两个电压点（现为 ${m[1]} V）`,
        `must step from the start towards the stop voltage, with at least two voltages (got ${m[1]} V)`,
      ),
  },
  {
    re: /^(\d+) voltages is too many \(at most (\d+)\)$/,
    text: (m) => L(`${m[1]} 个电压点过多（最多 ${m[2]} 个）`, `${m[1]} voltages is too many (at most ${m[2]})`),
  },
  {
    re: /^must not be 0 \(got (.*)\)$/,
    text: (m) => withGot('不能为 0', 'must not be 0', m[1]!),
  },
  {
    re: /^must be above fitFromV \(got (\S+) V, from (\S+) V\)$/,
    text: (m) =>
      L(
        `须高于拟合起始电压（现为 ${m[1]} V，起始 ${m[2]} V）`,
        `must be above the fit's start voltage (got ${m[1]} V, from ${m[2]} V)`,
      ),
  },
  {
    re: /^"(.*)" is not a layer with electrical parameters \((.*)\)$/,
    text: (m) =>
      L(
        `“${m[1]}”不是有电学参数的层（可选：${m[2]}）`,
        `"${m[1]}" is not a layer with electrical parameters (${m[2]})`,
      ),
  },
  ...MODEL_TEXTS,
  ...TANDEM_TEXTS(),
];

const REFERENCES: Record<string, Localized> = {
  conduction: L('导带底', 'conduction band edge'),
  valence: L('价带顶', 'valence band edge'),
  intrinsic: L('本征能级', 'intrinsic level'),
};
const DISTRIBUTIONS: Record<string, Localized> = {
  uniform: L('均匀分布', 'uniform distribution'),
  gaussian: L('高斯分布', 'Gaussian distribution'),
  tail: L('带尾', 'band tail'),
};

/** The rule a check line's text states, in both languages; undefined for a text this catalogue does not know. */
export function checkTextOf(text: string): Localized | undefined {
  const t = text.trim();
  for (const x of TEXTS) {
    const m = x.re.exec(t);
    if (m) return x.text(m);
  }
  return undefined;
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

/** The subcells in words. */
const CELL: Record<string, Localized> = {
  top: L('顶电池', 'top cell'),
  junction: L('复合结', 'junction'),
  bottom: L('底电池', 'bottom cell'),
};
const cell = (c: string) => CELL[c] ?? L(c, c);

/** The rules of a tandem (engine/tandem/check.ts) in both languages. */
function TANDEM_TEXTS(): { re: RegExp; text: (m: RegExpExecArray) => Localized }[] {
  return [
    {
      re: /^only for tandems: the device has no electrical\.tandem block$/,
      text: () => L('只用于叠层器件：本器件不是叠层器件', 'only for tandems: this device is not a tandem'),
    },
    {
      re: /^must be "top", "junction" or "bottom" \(got (.*)\)$/,
      text: (m) =>
        withGot('只能是顶电池、复合结或底电池', 'must be the top cell, the junction or the bottom cell', m[1]!),
    },
    {
      re: /^only layers with electrical parameters belong to a subcell$/,
      text: () => L('只有带电学参数的层才能属于子电池', 'only layers with electrical parameters belong to a subcell'),
    },
    {
      re: /^missing: every electrical layer of a tandem is "top", "junction" or "bottom"$/,
      text: () =>
        L(
          '未指定：叠层器件的每个电学层都须指定为顶电池、复合结或底电池',
          'not given: every electrical layer of a tandem belongs to the top cell, the junction or the bottom cell',
        ),
    },
    {
      re: /^"(\w+)" after a "(\w+)" layer: front to back the layers run top, junction, bottom$/,
      text: (m) =>
        L(
          `${cell(m[1]!)['zh-CN']}层位于${cell(m[2]!)['zh-CN']}层之后：从前到后应依次为顶电池、复合结、底电池`,
          `a ${cell(m[1]!).en} layer after a ${cell(m[2]!).en} layer: front to back the order is top cell, junction, bottom cell`,
        ),
    },
    {
      re: /^missing: the layers of the (\w+) cell must be contiguous \(this layer lies inside it\)$/,
      text: (m) =>
        L(
          `缺少电学参数：${cell(m[1]!)['zh-CN']}的各层须相邻，本层位于其中`,
          `missing: the layers of the ${cell(m[1]!).en} must be contiguous (this layer lies inside it)`,
        ),
    },
    {
      re: /^no layer has subcell "(\w+)"$/,
      text: (m) => L(`没有层被指定为${cell(m[1]!)['zh-CN']}`, `no layer is assigned to the ${cell(m[1]!).en}`),
    },
    {
      re: /^a tandem needs generation "optical" \(got "(.*)"\).*$/,
      text: () =>
        L(
          '叠层器件须使用光学产生率：整个叠层的光学计算为每个子电池给出产生率',
          'a tandem needs the optical generation: the optics of the whole stack gives each subcell its generation',
        ),
    },
    {
      re: /^not supported for tandems yet.*$/,
      text: () => L('叠层器件暂不支持此项计算，请去掉', 'not available for tandems yet; remove it'),
    },
    { re: /^no layer named "(.*)"$/, text: (m) => L(`没有名为“${m[1]}”的层`, `no layer is named "${m[1]}"`) },
    {
      re: /^"(.*)" is not a layer of the top cell \(subcell "top"\)$/,
      text: (m) => L(`“${m[1]}”不是顶电池的层`, `"${m[1]}" is not a layer of the top cell`),
    },
    { re: /^must be > 0 \(got (.*)\)$/, text: (m) => withGot('须大于 0', 'must be > 0', m[1]!) },
    {
      re: /^must be larger than fromNm \(got (.*)\)$/,
      text: (m) => withGot('须大于起始厚度', 'must be larger than the start thickness', m[1]!),
    },
    { re: /^must be true or false$/, text: () => L('只能是“是”或“否”', 'must be yes or no') },
    {
      // also a tandem solved as one device (electrical.tandem.fullStack) with an optical-only layer between its subcells
      re: /^missing: the electrical layers must be contiguous \(.*\)$/,
      text: () =>
        L(
          '缺少电学参数：电学层须彼此相邻，本层位于两个电学层之间',
          'missing: the electrical layers must be contiguous, and this layer lies between two of them',
        ),
    },
  ];
}

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
  const { layer, rel } = dotted(path);
  for (const f of [...FIELDS, ...TANDEM_FIELDS]) {
    const m = f.re.exec(rel);
    if (!m) continue;
    const label = f.label(m);
    if (!label) return undefined;
    return layer ? L(`${layer}：${label['zh-CN']}`, `${layer}: ${label.en}`) : label;
  }
  return undefined;
}

/**
 * A whole check line in one language: the field's label and the rule, when this catalogue knows
 * both; otherwise the line as the engine wrote it.
 */
export function localizeCheckMessage(message: string, lang: Lang): string {
  const sep = message.indexOf(': ');
  if (sep < 0) return message;
  const field = checkFieldOf(message.slice(0, sep));
  const text = checkTextOf(message.slice(sep + 2));
  if (!field || !text) return message;
  return lang === 'en' ? `${field.en}: ${text.en}` : `${field['zh-CN']}：${text['zh-CN']}`;
}
