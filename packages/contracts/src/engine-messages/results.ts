import { causeOf, type MessageParams } from '@pvforge/engine';
import { localizeCheckMessage } from '../device/check-messages.js';
import { format, type Lang, type Localized } from '../i18n.js';
import type { MessageCatalogue, WordMessage } from './catalogue.js';

/**
 * The wording of result warnings and failure reasons (engine messages/results.ts) in the UI
 * languages. Parameters are the engine's names and numbers; a few name something the screen
 * labels in its own words, and the caller may pass that label next to the key:
 *   `paramName` next to `param` (a fitted parameter, as the fit table names it),
 *   `checkbox` (the "extend to Voc" option, as the form names it).
 * Without them (the server, an API client) the key itself is shown, which is what the API names.
 * A message that wraps another (`cause` = its code, `cause.<name>` = its params) words the inner
 * one in the same language, with the caller's labels for it under `cause.`-prefixed names.
 */

// word: how a quoted message (a cause, any code) is worded, handed in by the joined catalogue
type Wording = (p: MessageParams, lang: Lang, word: WordMessage) => string;

/** Localized templates as a wording function ({name} filled from the params). */
function tpl(l: Localized): Wording {
  return (p, lang) => format(l[lang], p);
}

/** The inner message of a wrapping one, in `lang` (any catalogue's code; an unknown one shows its English). */
function causeText(p: MessageParams, lang: Lang, word: WordMessage): string {
  const inner = causeOf(p);
  return inner ? word(inner, lang) : '';
}

function withCause(l: Localized): Wording {
  return (p, lang, word) => format(l[lang], { ...p, cause: causeText(p, lang, word) });
}

const SIDE: Record<string, Localized> = {
  lower: { 'zh-CN': '下限', en: 'lower bound' },
  upper: { 'zh-CN': '上限', en: 'upper bound' },
};

const SUBCELL: Record<string, Localized> = {
  top: { 'zh-CN': '顶', en: 'top' },
  bottom: { 'zh-CN': '底', en: 'bottom' },
};

/** "the spectrum" or "the spectrum times 2 suns" (a loss analysis' light). */
function lightWords(suns: unknown, lang: Lang): string {
  const n = Number(suns);
  if (n === 1) return { 'zh-CN': '光谱', en: 'The spectrum' }[lang];
  return format({ 'zh-CN': '光谱乘以 {n} 个太阳', en: 'The spectrum times {n} suns' }[lang], { n: String(suns) });
}

function pick(table: Record<string, Localized>, key: unknown, lang: Lang): string {
  const k = String(key);
  return Object.hasOwn(table, k) ? table[k]![lang] : k;
}

const W: Record<string, Wording> = {
  'jv.not-converged': tpl({ 'zh-CN': '在 V = {v} V 处未收敛', en: 'did not converge at V = {v} V' }),
  'jv.not-converged-equilibrium': tpl({
    'zh-CN': '暗态平衡（V = {v} V）未收敛',
    en: 'the dark equilibrium (V = {v} V) did not converge',
  }),
  'jv.not-converged-light': tpl({
    'zh-CN': '在 V = {v} V 打开光照时未收敛',
    en: 'did not converge at V = {v} V while the light was being switched on',
  }),
  'jv.wall-clock': tpl({
    'zh-CN': '在 V = {v} V 处达到 {limitS} s 的计算时限，未收敛',
    en: 'the {limitS} s time limit was reached at V = {v} V before convergence',
  }),
  'jv.sweep-extended': (p, lang) =>
    format(
      {
        'zh-CN': '电压扫描到 {end} V 时仍低于开路电压，已按“{checkbox}”继续扫描到 {to} V',
        en: 'The sweep ended at {end} V, below the open-circuit voltage; with “{checkbox}” it went on to {to} V',
      }[lang],
      { ...p, checkbox: p['checkbox'] ?? 'extendToVoc' },
    ),
  'jv.sweep-below-voc': (p, lang) =>
    format(
      {
        'zh-CN':
          '电压扫描在 {end} V 结束，仍低于开路电压（此处 J = {j} mA/cm² > 0）：请提高终止电压，或勾选“{checkbox}”',
        en: 'The sweep ends at {end} V, below the open-circuit voltage (J = {j} mA/cm² > 0 there): raise the stop voltage, or tick “{checkbox}”',
      }[lang],
      { ...p, checkbox: p['checkbox'] ?? 'extendToVoc' },
    ),
  'jv.sweep-no-zero': tpl({
    'zh-CN': '电压范围不含 0 V，因此不计算 Jsc、FF 和 PCE',
    en: 'The voltage range does not include 0 V, so Jsc, FF and PCE are not computed',
  }),
  'jv.figures-interpolated': withCause({
    'zh-CN': '在 Voc 或最大功率点处求解失败（{cause}），关键参数改由扫描点插值得到',
    en: 'Solving at Voc or the maximum power point failed ({cause}): the key figures are interpolated from the sweep',
  }),
  'jv.profiles-failed': withCause({
    'zh-CN': '未能计算能带和载流子分布：{cause}',
    en: 'The band and carrier profiles were not computed: {cause}',
  }),
  'jv.no-point-solved': tpl({ 'zh-CN': '没有求解出任何偏压点', en: 'no bias point was solved' }),
  'eqe.base-failed': withCause({
    'zh-CN': '无探测光的短路计算失败：{cause}',
    en: 'the short-circuit run without probe light failed: {cause}',
  }),
  'device.grid-advised': tpl({
    'zh-CN': '电学网格有 {nodes} 个节点，超过建议的 {advised} 个（计算较慢）',
    en: 'The electrical mesh has {nodes} nodes, more than the advised {advised} (slower runs)',
  }),
  'device.no-exciton-model': tpl({
    'zh-CN': '“{layer}”是激子型层，但没有给出激子模型（电荷转移态解离或激子扩散）：光生载流子按自由电子-空穴对处理',
    en: 'The excitonic layer "{layer}" has no exciton model (CT-state dissociation or exciton diffusion): the generation is taken as free electron-hole pairs',
  }),
  'eqe.failed-wavelengths': tpl({
    'zh-CN': 'EQE 在 {n} 个波长（{wl} nm）处计算未收敛，已略去这些波长，也不给出由 EQE 积分的 Jsc',
    en: 'The EQE run did not converge at {n} wavelengths ({wl} nm): they are left out, and no Jsc is integrated from the EQE',
  }),
  'eqe.not-computed': withCause({ 'zh-CN': '未能计算 EQE：{cause}', en: 'The EQE could not be computed: {cause}' }),
  'transient.not-converged': tpl({
    'zh-CN': '在 t = {t} s、V = {v} V 处未收敛',
    en: 'did not converge at t = {t} s, V = {v} V',
  }),
  'transient.wall-clock': tpl({
    'zh-CN': '在 t = {t} s 处达到计算时限',
    en: 'the time limit of the calculation was reached at t = {t} s',
  }),
  'transient.initial': withCause({ 'zh-CN': '初始稳态：{cause}', en: 'the initial steady state: {cause}' }),
  'impedance.steady-state': withCause({ 'zh-CN': '{v} V 处的稳态：{cause}', en: 'the steady state at {v} V: {cause}' }),
  'impedance.singular': tpl({
    'zh-CN': '小信号方程在 {f} Hz 处奇异',
    en: 'the small-signal equations are singular at {f} Hz',
  }),
  'impedance.wall-clock': tpl({ 'zh-CN': '达到计算时限', en: 'the time limit of the calculation was reached' }),
  'optics.thick-coherent': tpl({
    'zh-CN': '“{layer}”厚 {thickness} nm 却按相干处理：请设为非相干（厚层，光强相加）',
    en: '"{layer}" is {thickness} nm thick and coherent: make it incoherent (thick layer, intensities add)',
  }),
  'fit.at-bound': (p, lang) => {
    const label = String(p['curveLabel'] ?? '');
    const curve = label ? format({ 'zh-CN': '（曲线“{label}”）', en: ' (curve “{label}”)' }[lang], { label }) : '';
    const unit = p['unit'] ? ` ${p['unit']}` : '';
    return format(
      {
        'zh-CN': '{param}{curve}落在拟合范围的{side} {bound}{unit}：请放宽范围或检查数据',
        en: '{param}{curve} hit the {side} of its fit range, {bound}{unit}: widen the range or check the data',
      }[lang],
      {
        param: p['paramName'] ?? p['param'] ?? '',
        curve,
        side: pick(SIDE, p['side'], lang),
        bound: p['bound'] ?? '',
        unit,
      },
    );
  },
  'fit.serial-correlation': tpl({
    'zh-CN': '残差呈系统性规律（一阶自相关 {rho}）：模型不能在噪声水平上描述曲线，区间已按约 {n} 个独立点放宽',
    en: 'The residuals follow a pattern (lag-1 autocorrelation {rho}): the model does not describe the curve to its noise level, so the intervals are widened as for about {n} independent points',
  }),
  'fit.singular': tpl({
    'zh-CN': '雅可比矩阵（近乎）奇异：数据不能确定部分参数（其置信区间覆盖整个范围）',
    en: 'The Jacobian is (nearly) singular: the data do not determine some parameters (their intervals span the range)',
  }),
  'curve.voltage-unit': tpl({
    'zh-CN': '文件未注明电压单位，按 {unit} 处理（最大绝对值 {span}）',
    en: 'The file states no voltage unit; taken as {unit} (largest |value| {span})',
  }),
  'curve.current-unit': tpl({
    'zh-CN': '文件未注明电流单位，按 mA/cm² 处理',
    en: 'The file states no current unit; taken as mA/cm²',
  }),
  'curve.sign-flipped': tpl({
    'zh-CN': '电流随电压增大：已翻转符号，采用光生电流为正的约定',
    en: 'The current increased with voltage: the sign was flipped to the generation-positive convention',
  }),
  'circuit.no-waterfall': withCause({
    'zh-CN': '曲线“{label}”没有损失瀑布图：{cause}',
    en: 'No loss waterfall for curve “{label}”: {cause}',
  }),
  'losses.j0rad-zero': tpl({
    'zh-CN':
      '辐射饱和电流须大于 0 才能做损失分析：每项损失都以辐射极限为基准，没有任何复合的器件没有开路电压（留空则取细致平衡值）',
    en: 'the radiative saturation current must be > 0 for a loss analysis: every loss is measured from the radiative limit, and a device without any recombination has no open-circuit voltage (leave it out for the detailed-balance value)',
  }),
  'losses.jph-not-positive': tpl({
    'zh-CN': '光生电流须大于 0 才能做损失分析：没有光生电流，器件不输出功率（当前为 {jph}）',
    en: 'the photocurrent must be > 0 for a loss analysis: without photocurrent the device delivers no power (got {jph})',
  }),
  'losses.above-gap-power': (p, lang) =>
    format(
      {
        'zh-CN': '{light}仅在带隙以上就携带 {power} mW/cm²，超过入射功率 {pin} mW/cm²：入射功率、光强或光谱有误',
        en: '{light} carries {power} mW/cm² above the gap alone, more than the incident power {pin} mW/cm²: the incident power, the light intensity or the spectrum is wrong',
      }[lang],
      { ...p, light: lightWords(p['suns'], lang) },
    ),
  'losses.spectrum-power': (p, lang) =>
    format(
      {
        'zh-CN':
          '{light}携带 {power} mW/cm²，超过入射功率 {pin} mW/cm²：请给出该光谱对应的入射功率，或以太阳数给出光强',
        en: '{light} carries {power} mW/cm², more than the incident power {pin} mW/cm²: give the incident power the spectrum stands for, or the light intensity in suns',
      }[lang],
      { ...p, light: lightWords(p['suns'], lang) },
    ),
  'losses.jph-above-limit': tpl({
    'zh-CN':
      '拟合的光生电流 {jph} mA/cm² 高于带隙 {eg} eV 在此光照下的细致平衡极限 Jsc {jsc} mA/cm²（带隙以上光子全部收集）：带隙、光谱或光强与曲线不符',
    en: 'the fitted photocurrent {jph} mA/cm² is above the detailed-balance Jsc of Eg = {eg} eV under this light ({jsc} mA/cm², every photon above the gap collected): the band gap, the spectrum or the light intensity does not match the curve',
  }),
  'losses.j0rad-too-low': tpl({
    'zh-CN': '辐射饱和电流 {j0} mA/cm² 远低于带隙 {eg} eV 的细致平衡值 {sq} mA/cm²，理想器件将超过该带隙的效率极限',
    en: 'the radiative saturation current {j0} mA/cm² is so far below the detailed-balance value {sq} mA/cm² of Eg = {eg} eV that the ideal device would beat the limit of its gap',
  }),
  'tandem.subcell-not-converged': (p, lang, word) => {
    const cell = pick(SUBCELL, p['subcell'], lang);
    const cause = p['cause'] === undefined ? '' : causeText(p, lang, word);
    return cause
      ? format(
          { 'zh-CN': '{cell}电池的 J-V 未收敛：{cause}', en: 'the {cell} cell J-V did not converge: {cause}' }[lang],
          {
            cell,
            cause,
          },
        )
      : format({ 'zh-CN': '{cell}电池的 J-V 未收敛', en: 'the {cell} cell J-V did not converge' }[lang], { cell });
  },
  'device.check-warning': (p, lang) => {
    const inner = causeOf(p);
    return inner
      ? localizeCheckMessage({ path: String(p['path'] ?? ''), message: inner }, lang)
      : String(p['causeText']);
  },
  'tandem.subcell-warning': (p, lang, word) =>
    format({ 'zh-CN': '{cell}电池：{cause}', en: '{cell} cell: {cause}' }[lang], {
      cell: pick(SUBCELL, p['subcell'], lang),
      cause: causeText(p, lang, word),
    }),
  'tandem.series-failed': tpl({
    'zh-CN': '无法串联两个子电池：它们的 J-V 曲线没有共同的电流范围',
    en: 'The subcells cannot be connected in series: their J-V curves share no current range',
  }),
  'tandem.stack-not-converged': (p, lang, word) => {
    const cause = p['cause'] === undefined ? '' : causeText(p, lang, word);
    return cause
      ? format(
          { 'zh-CN': '整体叠层的 J-V 未收敛：{cause}', en: 'the whole-stack J-V did not converge: {cause}' }[lang],
          {
            cause,
          },
        )
      : { 'zh-CN': '整体叠层的 J-V 未收敛', en: 'the whole-stack J-V did not converge' }[lang];
  },
};

/** The catalogue in the shape engine-messages/index.ts joins (a wording per code, both languages). */
export const RESULT_MESSAGES: MessageCatalogue = Object.fromEntries(
  Object.entries(W).map(([code, w]) => [
    code,
    (p: MessageParams, word: WordMessage): Localized => ({ 'zh-CN': w(p, 'zh-CN', word), en: w(p, 'en', word) }),
  ]),
);
