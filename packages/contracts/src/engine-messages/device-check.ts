import type { MessageParams } from '@pvforge/engine';
import { verdictOfParams } from '@pvforge/engine/spec-check';
import { paramAt, sayVerdict } from '@pvforge/params';
import type { Localized } from '../i18n.js';
import type { MessageCatalogue, MessageWording } from './catalogue.js';

/**
 * The device check's rules in the UI languages, by code (packages/engine/src/messages/device-check.ts):
 * what a field's value breaks, said after the field's label (check-messages.ts). params.got is the
 * value as the engine quoted it; "undefined", "NaN" and "null" are an empty field.
 */

const L = (zh: string, en: string): Localized => ({ 'zh-CN': zh, en });
const s = (p: MessageParams, k: string): string => String(p[k] ?? '');

/** "got undefined" is an empty field. */
function got(v: string): Localized {
  return v === 'undefined' || v === 'NaN' || v === 'null' || v === ''
    ? L('未填写', 'not given')
    : L(`现为 ${v}`, `got ${v}`);
}
/** A rule followed by the value given, in brackets. */
const withGot =
  (zh: string | ((p: MessageParams) => string), en: string | ((p: MessageParams) => string)): MessageWording =>
  (p) => {
    const g = got(s(p, 'got'));
    const z = typeof zh === 'function' ? zh(p) : zh;
    const e = typeof en === 'function' ? en(p) : en;
    return L(`${z}（${g['zh-CN']}）`, `${e} (${g.en})`);
  };
/** " eV" after a number, nothing for a dimensionless bound; m0 as users read it. */
const unit = (p: MessageParams): string => {
  const u = s(p, 'unit');
  return u === '' ? '' : ` ${u === 'm0' ? 'm₀' : u}`;
};

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
const BANDS: Record<string, Localized> = {
  conduction: L('导带', 'conduction band'),
  valence: L('价带', 'valence band'),
};
const CELLS: Record<string, Localized> = {
  top: L('顶电池', 'top cell'),
  junction: L('复合结', 'junction'),
  bottom: L('底电池', 'bottom cell'),
};
const named = (table: Record<string, Localized>, v: string): Localized => table[v] ?? L(v, v);

/**
 * A registry verdict (check.param-limit, check.param-implausible) in the registry's own words
 * (sayVerdict), so a value is refused or warned with the same sentence by the engine's check, the
 * schema, the server, the CLI and the editor. The sentence names the parameter itself.
 */
const registryWords = (p: MessageParams): Localized => {
  const entry = paramAt(s(p, 'param'));
  const said = verdictOfParams(p);
  if (!entry || !said) return L(s(p, 'param'), s(p, 'param'));
  return L(sayVerdict(entry, said.verdict, said.got, 'zh'), sayVerdict(entry, said.verdict, said.got, 'en'));
};

export const DEVICE_CHECK_WORDINGS: MessageCatalogue = {
  'check.param-limit': registryWords,
  'check.param-implausible': registryWords,
  // values
  'check.missing': L('未填写', 'not given'),
  'check.not-finite': withGot('须为有限的数', 'must be a finite number'),
  'check.not-finite-voltage': withGot('须为有限的电压值', 'must be a finite voltage'),
  'check.not-positive': withGot('须大于 0', 'must be > 0'),
  'check.not-positive-in-layer': withGot(
    '非电极层中须大于 0，否则方程奇异',
    'must be > 0 in a non-electrode layer, or the equations become singular',
  ),
  'check.not-positive-temperature': withGot('须大于 0 K', 'must be > 0 K'),
  'check.negative': withGot('须为不小于 0 的数值', 'must be a number >= 0'),
  'check.not-zero': withGot('不能为 0', 'must not be 0'),
  'check.thickness-not-positive': withGot('厚度须大于 0', 'the thickness must be > 0'),
  'check.above-zero-at-most': withGot(
    (p) => `须大于 0 且不超过 ${s(p, 'max')}${unit(p)}`,
    (p) => `must be > 0 and at most ${s(p, 'max')}${unit(p)}`,
  ),
  'check.between': withGot(
    (p) => `须在 ${s(p, 'min')} 到 ${s(p, 'max')}${unit(p)} 之间`,
    (p) => `must be from ${s(p, 'min')} to ${s(p, 'max')}${unit(p)}`,
  ),
  'check.integer-range': withGot(
    (p) => `须为 ${s(p, 'min')} 到 ${s(p, 'max')} 之间的整数`,
    (p) => `must be an integer from ${s(p, 'min')} to ${s(p, 'max')}`,
  ),
  'check.integer-min': withGot(
    (p) => `须为不小于 ${s(p, 'min')} 的整数`,
    (p) => `must be an integer >= ${s(p, 'min')}`,
  ),
  'check.above-start-at-most': withGot(
    (p) => `须高于起始频率且不超过 ${s(p, 'maxHz')} Hz`,
    (p) => `must be above the start frequency and at most ${s(p, 'maxHz')} Hz`,
  ),
  'check.choice': withGot(
    (p) => `取值不在可选项中（可选：${s(p, 'choices')}）`,
    (p) => `is not one of the choices (${s(p, 'choices')})`,
  ),
  'check.not-object': L('须为一组参数', 'must be a group of values'),
  'check.not-list': L('须为列表', 'must be a list'),
  'check.length': (p) =>
    L(
      `须给出 ${s(p, 'count')} 个值（现有 ${s(p, 'got')} 个）`,
      `must give ${s(p, 'count')} values (got ${s(p, 'got')})`,
    ),
  'check.not-increasing': withGot('须为严格递增的有限数', 'must be finite and strictly increasing'),
  'check.not-function': L('须为位置的函数', 'must be a function of the position'),
  'check.unknown-field': L('引擎不支持此字段（未知字段）', 'unknown field, not supported by the engine'),
  'check.not-supported': (p) =>
    L(
      `不支持“${s(p, 'got')}”（可选：${s(p, 'supported')}）`,
      `"${s(p, 'got')}" is not supported (supported: ${s(p, 'supported')})`,
    ),
  'check.schema': (p) => {
    switch (s(p, 'rule')) {
      case 'number':
        return L('须为数字', 'must be a number');
      case 'integer':
        return L('须为整数', 'must be an integer');
      case 'string':
        return L('须为文字', 'must be text');
      case 'boolean':
        return L('只能是“是”或“否”', 'must be yes or no');
      case 'const':
        return L('取值不在允许的选项中', 'is not one of the allowed values');
      case 'min-items':
        return L(`至少需要 ${s(p, 'limit')} 项`, `needs at least ${s(p, 'limit')} entries`);
      case 'max-items':
        return L(`最多 ${s(p, 'limit')} 项`, `at most ${s(p, 'limit')} entries`);
      case 'min-length':
        return L('未填写', 'not given');
      case 'max-length':
        return L(`最多 ${s(p, 'limit')} 个字符`, `at most ${s(p, 'limit')} characters`);
      case 'minimum':
        return L(`须不小于 ${s(p, 'limit')}`, `must be >= ${s(p, 'limit')}`);
      case 'exclusive-minimum':
        return L(`须大于 ${s(p, 'limit')}`, `must be > ${s(p, 'limit')}`);
      case 'maximum':
        return L(`须不大于 ${s(p, 'limit')}`, `must be <= ${s(p, 'limit')}`);
      case 'exclusive-maximum':
        return L(`须小于 ${s(p, 'limit')}`, `must be < ${s(p, 'limit')}`);
      default:
        return L('取值无效', 'is not a valid value');
    }
  },
  // device structure
  'check.no-electrical-layer': L(
    '没有任何层给出电学参数：请为半导体层填写漂移-扩散参数',
    'no layer has electrical parameters: give the drift-diffusion parameters of the semiconductor layers',
  ),
  'check.not-contiguous': L(
    '缺少电学参数：电学层须彼此相邻，本层位于两个电学层之间',
    'missing: the electrical layers must be contiguous, and this layer lies between two of them',
  ),
  'check.not-electrical-layer': (p) =>
    L(
      `“${s(p, 'name')}”不是有电学参数的层（可选：${s(p, 'layers')}）`,
      `"${s(p, 'name')}" is not a layer with electrical parameters (${s(p, 'layers')})`,
    ),
  'check.not-adjacent': (p) =>
    L(
      `“${s(p, 'front')}”和“${s(p, 'back')}”不是相邻的电学层（前层在前）`,
      `"${s(p, 'front')}" and "${s(p, 'back')}" are not adjacent electrical layers (front one first)`,
    ),
  'check.interface-twice': (p) =>
    L(
      `界面 ${s(p, 'front')}/${s(p, 'back')} 重复给出`,
      `the interface ${s(p, 'front')}/${s(p, 'back')} is given twice`,
    ),
  'check.electrode-position': L(
    '电极层只能是叠层的第一层或最后一层',
    'an electrode layer may only be the first or the last layer of the stack',
  ),
  'check.needs-electrical': L(
    '电学计算需要器件的电学参数',
    'an electrical calculation needs the electrical parameters of the device',
  ),
  // voltage sweep, EQE
  'check.sweep-not-finite': L('起始电压和终止电压须为有限的数', 'the start and stop voltages must be finite numbers'),
  'check.sweep-direction': (p) =>
    L(
      `步长方向与终止电压相反（${s(p, 'startV')} V 到 ${s(p, 'stopV')} V，步长 ${s(p, 'stepV')} V）`,
      `the step goes away from the stop voltage (${s(p, 'startV')} V to ${s(p, 'stopV')} V in steps of ${s(p, 'stepV')} V)`,
    ),
  'check.too-many-points': (p) =>
    L(
      `${s(p, 'count')} 个电压点过多（最多 ${s(p, 'max')} 个）`,
      `${s(p, 'count')} voltage points is too many (at most ${s(p, 'max')})`,
    ),
  'check.eqe-step': withGot(
    (p) => `须为光学波长步长 ${s(p, 'stepNm')} nm 的整数倍`,
    (p) => `must be a multiple of the optical step ${s(p, 'stepNm')} nm`,
  ),
  'check.eqe-needs-optical': L(
    '外量子效率须使用光学产生率（给出光照时默认即是）',
    'the EQE needs the optical generation (the default when illumination is given)',
  ),
  'check.profile-coverage': (p) =>
    L(
      `产生率分布覆盖 ${s(p, 'fromNm')}–${s(p, 'toNm')} nm，须覆盖整个电学层 0–${s(p, 'lengthNm')} nm`,
      `the generation profile covers ${s(p, 'fromNm')}-${s(p, 'toNm')} nm; it must cover the electrical layers, 0-${s(p, 'lengthNm')} nm`,
    ),
  // doping, recombination, contacts
  'check.density-impossible': (p) =>
    L(
      `浓度 ${s(p, 'value')} cm⁻³ 超过任何固体的原子密度（最多 ${s(p, 'max')} cm⁻³），请检查单位`,
      `${s(p, 'value')} cm⁻³ is more than any solid has atoms (at most ${s(p, 'max')} cm⁻³); check the unit`,
    ),
  'check.srh-lifetimes-pair': L('两个 SRH 寿命要么都填，要么都不填', 'give both SRH lifetimes or neither'),
  'check.srh-conflict': L(
    'SRH 复合只能二选一：按寿命给出，或按陷阱浓度和俘获截面给出',
    'give SRH either as lifetimes or as a trap density with cross-sections, not both',
  ),
  'check.srh-trap-incomplete': L(
    '按陷阱给出 SRH 复合时须填写陷阱浓度和两个俘获截面',
    'an SRH trap density needs its density and both capture cross-sections',
  ),
  'check.schottky-needs-work-function': L('肖特基接触需要填写功函数', 'a Schottky contact needs its work function'),
  'check.boltzmann-degenerate': (p) => {
    const band = named(BANDS, s(p, 'band'));
    const inside = s(p, 'inside') === 'inside';
    const where = inside
      ? `费米能级进入${band['zh-CN']} ${s(p, 'distanceEV')} eV`
      : `费米能级距${band['zh-CN']}仅 ${s(p, 'distanceEV')} eV`;
    return L(
      `${where}（净掺杂 ${s(p, 'netCm3')} cm⁻³，有效态密度 ${s(p, 'edgeCm3')} cm⁻³）：玻尔兹曼统计在此不成立，请选择费米-狄拉克统计`,
      `puts the Fermi level ${s(p, 'distanceEV')} eV ${inside ? 'inside' : 'from'} the ${band.en} (net doping ${s(p, 'netCm3')} cm⁻³ against ${s(p, 'edgeCm3')} cm⁻³): Boltzmann statistics are not valid there; choose Fermi-Dirac statistics`,
    );
  },
  'check.boltzmann-contact': (p) =>
    L(
      `功函数 ${s(p, 'workFunctionEV')} eV 使接触处的费米能级进入或接近“${s(p, 'layer')}”的能带（带隙为真空能级以下 ${s(p, 'fromEV')} 到 ${s(p, 'toEV')} eV）：玻尔兹曼统计在此不成立，请选择费米-狄拉克统计`,
      `the work function ${s(p, 'workFunctionEV')} eV puts the Fermi level at the contact within kT of or inside a band of "${s(p, 'layer')}" (gap ${s(p, 'fromEV')} to ${s(p, 'toEV')} eV below vacuum): Boltzmann statistics are not valid there; choose Fermi-Dirac statistics`,
    ),
  'check.ohmic-undoped': (p) => {
    const anode = s(p, 'side') === 'anode';
    return L(
      `欧姆接触取“${s(p, 'layer')}”的平衡费米能级，距其${anode ? '价带顶' : '导带底'} ${s(p, 'barrierEV')} eV（该层未掺杂或掺杂类型相反），接触几乎收集不到${anode ? '空穴' : '电子'}，电池电流可能很小甚至反向：请给“${s(p, 'layer')}”掺杂（${anode ? '受主' : '施主'}浓度不低于 1e17 cm⁻³），或给接触填写功函数`,
      `the ohmic contact takes the equilibrium Fermi level of "${s(p, 'layer')}", ${s(p, 'barrierEV')} eV from its ${anode ? 'valence' : 'conduction'} band edge (the layer is undoped or doped the other way), so it hardly collects ${anode ? 'holes' : 'electrons'} and the cell may give little or reverse current: dope "${s(p, 'layer')}" (${anode ? 'acceptors' : 'donors'} >= 1e17 cm⁻³) or give the contact a work function`,
    );
  },
  'check.voltage-list': L('须为有限电压值的列表', 'must be a list of finite voltages'),
  // mobile ions
  'check.ions-count': L('每层最多两种可移动离子', 'a layer has at most two mobile species'),
  'check.ion-sign': withGot('只能是 +1 或 -1', 'must be +1 or -1'),
  // transients
  'check.scan-rate-missing': withGot(
    '须填写大于 0 的扫描速率，或填写默认扫描速率',
    'needs a scan rate > 0, or a default scan rate',
  ),
  'check.segments-empty': L('至少需要一个步骤', 'needs at least one step'),
  'check.segments-too-many': (p) =>
    L(
      `最多 ${s(p, 'max')} 个步骤（现有 ${s(p, 'got')} 个）`,
      `at most ${s(p, 'max')} steps (there are ${s(p, 'got')})`,
    ),
  'check.scan-nowhere': (p) =>
    L(`扫描终点等于起点 ${s(p, 'startV')} V，扫描没有意义`, `the scan ends where it starts (${s(p, 'startV')} V)`),
  'check.segment-kind': L(
    '步骤类型只能是扫描、保持、光照切换或开路',
    'the step must be a scan, a hold, a light switch or open circuit',
  ),
  'check.protocol-too-long': (p) =>
    L(
      `协议总时长 ${s(p, 'totalS')} s 超过上限 ${s(p, 'maxS')} s`,
      `the protocol lasts ${s(p, 'totalS')} s in all, more than ${s(p, 'maxS')} s`,
    ),
  'check.time-outside-protocol': withGot(
    (p) => `须在协议时长之内（0 到 ${s(p, 'maxS')} s）`,
    (p) => `must be a time within the protocol (0 to ${s(p, 'maxS')} s)`,
  ),
  // capacitance
  'check.cv-step': (p) =>
    L(
      `步长须从起始电压走向终止电压，且至少有两个电压点（现为 ${s(p, 'stepV')} V）`,
      `must step from the start towards the stop voltage, with at least two voltages (got ${s(p, 'stepV')} V)`,
    ),
  'check.cv-too-many': (p) =>
    L(
      `${s(p, 'count')} 个电压点过多（最多 ${s(p, 'max')} 个）`,
      `${s(p, 'count')} voltages is too many (at most ${s(p, 'max')})`,
    ),
  'check.fit-order': (p) =>
    L(
      `须高于拟合起始电压（现为 ${s(p, 'toV')} V，起始 ${s(p, 'fromV')} V）`,
      `must be above the fit's start voltage (got ${s(p, 'toV')} V, from ${s(p, 'fromV')} V)`,
    ),
  // defects
  'check.defects-count': (p) => L(`最多 ${s(p, 'max')} 个缺陷`, `at most ${s(p, 'max')} defects`),
  'check.defect-type': L('类型只能是施主、受主或中性', 'the type must be donor, acceptor or neutral'),
  'check.defect-density-impossible': (p) =>
    L(
      `${s(p, 'value')} 超过固体可容纳的上限 ${s(p, 'max')}，请检查单位`,
      `${s(p, 'value')} is more than the ${s(p, 'max')} a solid can hold; check the unit`,
    ),
  'check.capture-coefficient': withGot(
    (p) => `俘获系数须大于 0 且不超过 ${s(p, 'max')} cm³/s`,
    (p) => `the capture coefficient must be > 0 and at most ${s(p, 'max')} cm³/s`,
  ),
  'check.level-outside-gap': withGot(
    (p) =>
      `须位于带隙之内：以${named(REFERENCES, s(p, 'reference'))['zh-CN']}为参考时为 ${s(p, 'from')} 到 ${s(p, 'to')} eV`,
    (p) =>
      `must lie inside the band gap: ${s(p, 'from')} to ${s(p, 'to')} eV from the ${named(REFERENCES, s(p, 'reference')).en}`,
  ),
  'check.level-outside-gap-vacuum': withGot(
    (p) => `须位于带隙之内：真空能级以下 ${s(p, 'from')} 到 ${s(p, 'to')} eV`,
    (p) => `must lie inside the band gap, ${s(p, 'from')} to ${s(p, 'to')} eV below the vacuum level`,
  ),
  'check.energy-reference': L(
    '参考能级只能是导带底、价带顶或本征能级',
    'the reference must be the conduction band, the valence band or the intrinsic level',
  ),
  'check.tail-reference': L(
    '带尾从带边开始：参考能级须为导带底或价带顶',
    'a band tail starts at a band edge: choose the conduction or the valence band',
  ),
  'check.tail-band': L('带尾只能从导带或价带开始', 'a band tail starts at the conduction or the valence band'),
  'check.distribution-shape': L(
    '能量分布只能是单一能级、高斯分布、均匀分布或带尾',
    'the distribution must be a single level, Gaussian, uniform or a band tail',
  ),
  'check.width-missing': (p) => {
    const d = named(DISTRIBUTIONS, s(p, 'distribution'));
    return L(`${d['zh-CN']}需要填写宽度`, `a ${d.en} needs its width`);
  },
  'check.width-for-shape': (p) => {
    const d = named(DISTRIBUTIONS, s(p, 'distribution'));
    const g = got(s(p, 'got'));
    return L(
      `${d['zh-CN']}的宽度至多 ${s(p, 'max')}${unit(p)}（${g['zh-CN']}）`,
      `a ${d.en} is at most ${s(p, 'max')}${unit(p)} wide (${g.en})`,
    );
  },
  'check.width-single': L(
    '单一能级没有宽度：请选择能量分布，或不填宽度',
    'a single level has no width: choose a distribution or leave it empty',
  ),
  'check.capture-both': L(
    '俘获截面（及热速度）与俘获系数只能二选一',
    'give either the capture cross-sections (with thermal velocities) or the capture coefficients, not both',
  ),
  'check.capture-missing': L(
    '请填写电子和空穴的俘获截面，或俘获系数',
    'give the electron and hole capture cross-sections, or the capture coefficients',
  ),
  'check.vth-without-sigma': L(
    '热速度只与俘获截面一起使用，不与俘获系数一起使用',
    'thermal velocities go with cross-sections, not with capture coefficients',
  ),
  'check.density-per-volume': L('体缺陷的浓度按体积给出（cm⁻³）', 'a layer defect takes a density per volume (cm⁻³)'),
  'check.density-per-area': L(
    '界面缺陷的浓度按面积给出（cm⁻²）',
    'an interface defect takes a density per area (cm⁻²)',
  ),
  'check.distribution-beyond-edge': (p) => {
    const d = named(DISTRIBUTIONS, s(p, 'distribution'));
    const edge = s(p, 'edge') === 'valence' ? L('价带顶', 'valence band edge') : L('导带底', 'conduction band edge');
    return L(
      `${d['zh-CN']}超出${edge['zh-CN']} ${s(p, 'beyondEV')} eV（超出部分的能级按给定值保留）`,
      `the ${d.en} reaches ${s(p, 'beyondEV')} eV beyond the ${edge.en} (levels there are kept as given)`,
    );
  },
  // excitons, tunnelling
  'check.ct-model': (p) =>
    L(
      `不支持解离模型“${s(p, 'got')}”，目前只支持 Onsager-Braun`,
      `dissociation model "${s(p, 'got')}" is not supported; only Onsager-Braun is`,
    ),
  'check.ct-distribution': (p) =>
    L(
      `不支持分布“${s(p, 'got')}”，只能是单一值或高斯分布`,
      `distribution "${s(p, 'got')}" is not supported; only a single value or a Gaussian is`,
    ),
  'check.exciton-models-conflict': L(
    '同一层只能选一种激子模型：共混层用 CT 态解离，平面异质结的一侧用激子扩散',
    'a layer takes one exciton model: CT-state dissociation (a blend) or exciton diffusion (one side of a planar junction)',
  ),
  'check.exciton-no-gamma': L(
    '需要双分子复合系数（Langevin 前因子或辐射复合系数大于 0），否则电荷转移态无法解离',
    'needs a bimolecular coefficient (a Langevin prefactor or a radiative coefficient > 0): without one no charge-transfer state dissociates',
  ),
  'check.exciton-no-interface': L(
    '相邻层都没有激子扩散，没有给体/受体界面可以分离激子，激子将全部衰减',
    'no neighbouring layer has exciton diffusion, so no donor/acceptor interface splits the excitons: they all decay',
  ),
  'check.oxide-thickness': withGot(
    (p) => `须大于 0 且不超过 ${s(p, 'max')} nm（更厚则无法隧穿）`,
    (p) => `must be > 0 and at most ${s(p, 'max')} nm (nothing tunnels through more)`,
  ),
  // tandems
  'check.subcell-not-tandem': L('只用于叠层器件：本器件不是叠层器件', 'only for tandems: this device is not a tandem'),
  'check.subcell-choice': withGot(
    '只能是顶电池、复合结或底电池',
    'must be the top cell, the junction or the bottom cell',
  ),
  'check.subcell-not-electrical': L(
    '只有带电学参数的层才能属于子电池',
    'only layers with electrical parameters belong to a subcell',
  ),
  'check.subcell-missing': L(
    '未指定：叠层器件的每个电学层都须指定为顶电池、复合结或底电池',
    'not given: every electrical layer of a tandem belongs to the top cell, the junction or the bottom cell',
  ),
  'check.subcell-order': (p) => {
    const a = named(CELLS, s(p, 'subcell'));
    const b = named(CELLS, s(p, 'after'));
    return L(
      `${a['zh-CN']}层位于${b['zh-CN']}层之后：从前到后应依次为顶电池、复合结、底电池`,
      `a ${a.en} layer after a ${b.en} layer: front to back the order is top cell, junction, bottom cell`,
    );
  },
  'check.subcell-not-contiguous': (p) => {
    const c = named(CELLS, s(p, 'subcell'));
    return L(
      `缺少电学参数：${c['zh-CN']}的各层须相邻，本层位于其中`,
      `missing: the layers of the ${c.en} must be contiguous (this layer lies inside it)`,
    );
  },
  'check.subcell-none': (p) => {
    const c = named(CELLS, s(p, 'subcell'));
    return L(`没有层被指定为${c['zh-CN']}`, `no layer is assigned to the ${c.en}`);
  },
  'check.tandem-generation': L(
    '叠层器件须使用光学产生率：整个叠层的光学计算为每个子电池给出产生率',
    'a tandem needs the optical generation: the optics of the whole stack gives each subcell its generation',
  ),
  'check.tandem-unsupported': L('叠层器件暂不支持此项计算，请去掉', 'not available for tandems yet; remove it'),
  'check.no-layer-named': (p) => L(`没有名为“${s(p, 'name')}”的层`, `no layer is named "${s(p, 'name')}"`),
  'check.not-top-layer': (p) =>
    L(`“${s(p, 'name')}”不是顶电池的层`, `"${s(p, 'name')}" is not a layer of the top cell`),
  'check.not-above-from': withGot('须大于起始厚度', 'must be larger than the start thickness'),
  'check.boolean': L('只能是“是”或“否”', 'must be yes or no'),
  'check.krad-absorption-limit': (p) =>
    s(p, 'cause') === 'dos'
      ? L(
          `由本层吸收算得的辐射复合系数为 ${s(p, 'value')} cm³/s，超过任何取值允许的上限 ${s(p, 'max')} cm³/s：吸收只确定乘积 k_rad·n_i²，本层的 Nc·Nv 使 n_i² 很小；请核对 Nc、Nv 与 Eg，或改为按填写的值`,
          `the layer's absorption gives a radiative coefficient of ${s(p, 'value')} cm³/s, above the ${s(p, 'max')} cm³/s any value may have: the absorption fixes only the product k_rad n_i², and this layer's Nc Nv make n_i² small; check Nc, Nv and Eg, or enter the coefficient as a value`,
        )
      : L(
          `由本层吸收算得的辐射复合系数为 ${s(p, 'value')} cm³/s，超过任何取值允许的上限 ${s(p, 'max')} cm³/s：其发射有 ${s(p, 'share')}% 来自带隙以下（光学数据在带隙以下仍有吸收，如拟合表格的亚带隙平台，或填写的带隙高于数据的吸收边）；请换用吸收边干净的 n、k 数据，或改为按填写的值`,
          `the layer's absorption gives a radiative coefficient of ${s(p, 'value')} cm³/s, above the ${s(p, 'max')} cm³/s any value may have: ${s(p, 'share')} % of its emission comes from below the band gap, where the optical data absorb (a sub-gap floor of the table, or a band gap entered above the data's absorption edge); use n,k data with a clean edge, or enter the coefficient as a value`,
        ),
  'check.krad-absorption-implausible': (p) =>
    L(
      `由本层吸收算得的辐射复合系数为 ${s(p, 'value')} cm³/s，不在常见的 ${s(p, 'min')}–${s(p, 'max')} cm³/s 之内：吸收只确定乘积 k_rad·n_i²，Nc·Nv 偏小（或带隙与数据的吸收边不符）会使 k_rad 偏大，反之偏小；请核对本层的 Eg、Nc、Nv 与光学数据`,
      `the layer's absorption gives a radiative coefficient of ${s(p, 'value')} cm³/s, outside the usual ${s(p, 'min')}–${s(p, 'max')} cm³/s: the absorption fixes only the product k_rad n_i², so a small Nc Nv (or a band gap away from the data's edge) makes k_rad large, and the reverse small; check the layer's Eg, Nc, Nv and its optical data`,
    ),
  'check.no-absorption-edge': (p) =>
    L(
      `无法由本层吸收计算辐射复合系数：本层的光学数据在带隙（${s(p, 'egEV')} eV）附近不吸收光（${s(p, 'why') === 'constant' ? '常数折射率没有吸收边' : '该能量范围内 k 为 0 或无数据'}）；请为本层选用有吸收边的 n、k 数据，或改为按填写的值`,
      `cannot take the radiative coefficient from this layer's absorption: its optical data do not absorb around its band gap (${s(p, 'egEV')} eV; ${s(p, 'why') === 'constant' ? 'a constant index has no absorption edge' : 'k is 0 or not given there'}); give the layer n,k data with an absorption edge, or enter the coefficient as a value`,
    ),
  // a user spectrum
  'check.spectrum-length': (p) =>
    L(
      `有 ${s(p, 'wavelengths')} 个波长却有 ${s(p, 'values')} 个辐照度值`,
      `has ${s(p, 'values')} irradiance values for ${s(p, 'wavelengths')} wavelengths`,
    ),
  'check.spectrum-order': (p) =>
    L(
      `波长必须严格递增（${s(p, 'before')} 之后是 ${s(p, 'after')} nm）`,
      `wavelengths must increase strictly (${s(p, 'before')} then ${s(p, 'after')} nm)`,
    ),
  'check.spectrum-coverage': (p) =>
    L(
      `光谱覆盖 ${s(p, 'fromNm')}–${s(p, 'toNm')} nm，不能覆盖计算波长范围 ${s(p, 'startNm')}–${s(p, 'endNm')} nm`,
      `the spectrum covers ${s(p, 'fromNm')}-${s(p, 'toNm')} nm, not the calculation range ${s(p, 'startNm')}-${s(p, 'endNm')} nm`,
    ),
};
