import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDeviceSpec } from '@pvforge/contracts';
import { RESULT_MESSAGE_CODES, resultMessage } from '@pvforge/engine';
import type { TFunction } from 'i18next';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { builtResultMessages } from '../../../test-support/result-messages';
import { previewErrorText } from '../src/components/device-editor/messages';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';
import { curveErrorText, previewCurve } from '../src/pages/plat/calc/CircuitModel';
import {
  curveWarning,
  failureOfResult,
  localWarning,
  nonconvergentAdvice,
} from '../src/pages/plat/results/engine-warnings';

const t = (key: string, vars?: Record<string, string>) => i18n.t(key, vars);

beforeAll(async () => {
  await i18n.init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
});

describe('engine warnings in the UI language', () => {
  it('tells a parameter at its fit bound with the number and unit kept', () => {
    const w = 'yAugerPerS (Auger rate coefficient y_Aug) hit its lower bound 0 s^-1: widen the range or check the data';
    expect(localWarning(w, t)).toBe('俄歇复合速率系数 y_Aug落在拟合范围的下限 0 s^-1：请放宽范围或检查数据');
  });

  it('tells a dimensionless parameter at its bound without a stray unit, and the curve of a per-curve one', () => {
    expect(
      localWarning(
        'nIf (ideality factor of interface recombination n_if) hit its upper bound 2: widen the range or check the data',
        t,
      ),
    ).toBe('界面复合理想因子 n_if落在拟合范围的上限 2：请放宽范围或检查数据');
    expect(
      localWarning(
        'rshOhmCm2 (shunt resistance) for curve "50 suns" hit its lower bound 10 Ohm cm^2: widen the range or check the data',
        t,
      ),
    ).toBe('并联电阻（曲线“50 suns”）落在拟合范围的下限 10 Ohm cm^2：请放宽范围或检查数据');
  });

  it('tells a fit whose residuals follow a pattern, and a curve without a loss waterfall', () => {
    expect(
      localWarning(
        'the residuals follow a pattern (lag-1 autocorrelation 0.93): the model does not describe the curve to its noise level, so the intervals are widened as for 4 independent points',
        t,
      ),
    ).toBe('残差呈系统性规律（一阶自相关 0.93）：模型不能在噪声水平上描述曲线，区间已按约 4 个独立点放宽');
    const w =
      'no loss waterfall for 1 sun: params.jphMaCm2: 30 mA/cm^2 is above the detailed-balance Jsc of Eg = 1.6 eV under this light (25.4 mA/cm^2, every photon above the gap collected): the band gap, the spectrum or the light intensity does not match the curve';
    expect(localWarning(w, t)).toBe(
      '曲线“1 sun”没有损失瀑布图：拟合的光生电流 30 mA/cm² 高于带隙 1.6 eV 在此光照下的细致平衡极限 Jsc 25.4 mA/cm²（带隙以上光子全部收集）：带隙、光谱或光强与曲线不符',
    );
  });

  it('names the layer of a thick coherent layer', () => {
    const w =
      'layers[0] "glass" is 1000000 nm thick and coherent: mark it coherent: false (thick layer, intensities add)';
    expect(localWarning(w, t)).toContain('“glass”厚 1000000 nm');
  });

  it('tells the job service’s reasons for a calculation that did not succeed', () => {
    expect(localWarning('cancelled by the user', t)).toBe('用户已取消');
    expect(localWarning('interrupted twice by a server restart', t)).toBe('计算两次因服务器重启而中断');
    expect(localWarning('no result within 300 s (wall-clock limit)', t)).toBe('300 s 内没有得到结果（达到计算时限）');
    expect(localWarning('the worker stopped unexpectedly (worker exited with code 1)', t)).toBe('计算进程意外终止');
    expect(localWarning('internal error: connect ECONNREFUSED 127.0.0.1:5432', t)).toBe(
      '服务器内部错误，计算未完成：请重新提交，或把本计算的编号告诉客服（技术细节：connect ECONNREFUSED 127.0.0.1:5432）',
    );
    // a tandem's reason names its cell
    expect(localWarning('top cell: did not converge at V = 0.500000 V (last residual 1.000e-3)', t)).toBe(
      '顶电池：在 V = 0.500000 V 处未收敛',
    );
  });

  it("tells the engine's own Boltzmann-validity warnings, as it words them today", () => {
    const spec = JSON.parse(
      readFileSync(
        join(
          import.meta.dirname,
          '../../../packages/engine/test/device/fixtures/perovskite-pin-electrical.device.json',
        ),
        'utf8',
      ),
    );
    spec.layers[3].electrical.ndCm3 = 5e19;
    spec.electrical.contacts.front = { kind: 'schottky', workFunctionEV: 6.5 };
    const r = checkDeviceSpec(spec);
    expect(r.ok).toBe(true);
    const warnings = r.ok ? r.warnings : [];
    expect(warnings.length).toBe(2);
    const told = warnings.map((w) => localWarning(w, t));
    expect(told).toEqual([
      '“MAPbI3”的施主浓度 Nd使费米能级进入或接近能带：玻尔兹曼统计在此不成立，请选用费米-狄拉克统计',
      '前电极的功函数使接触处费米能级进入或接近能带：玻尔兹曼统计在此不成立，请选用费米-狄拉克统计',
    ]);
  });

  it('names the undoped layer under an ohmic contact, from the check the server and the editor share', () => {
    const spec = JSON.parse(
      readFileSync(join(__dirname, '../../../assets/devices/perovskite-pin-electrical.device.json'), 'utf8'),
    );
    spec.electrical.contacts = { front: { kind: 'ohmic' }, back: { kind: 'ohmic' }, anode: 'front' };
    const r = checkDeviceSpec(spec);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const lines = r.warnings.filter((w) => w.startsWith('electrical.contacts')).map((w) => localWarning(w, t));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^“PTAA”未掺杂.*阳极是欧姆接触.*离价带边 1\.58 eV/);
    expect(lines[1]).toMatch(/^“PCBM”未掺杂.*阴极是欧姆接触/);
    for (const l of lines) expect(l).not.toMatch(/ohmic|electrical\.|kind/);
  });

  it('says what stopped a run: the time limit, or Newton failing at a bias', () => {
    expect(nonconvergentAdvice('did not converge at V = 0.00000 V (last residual 2.032e-6)')).toBe(
      'results.failure.adviceNotConverged',
    );
    expect(nonconvergentAdvice('wall-clock limit of 300 s reached at V = 0.500000 V: run not converged')).toBe(
      'results.failure.adviceNonconvergent',
    );
    expect(t(nonconvergentAdvice('did not converge at V = 0.00000 V (last residual 2.032e-6)'))).not.toContain(
      '时间限制内',
    );
    expect(localWarning('did not converge at V = 0.00000 V (last residual 2.032e-6)', t)).toBe(
      '在 V = 0.00000 V 处未收敛',
    );
    // a failure before the sweep: said as such, with its own advice
    const start = 'did not converge at V = 0.00000 V (last residual 2.007e-8) while switching the light on';
    expect(localWarning(start, t)).toBe('在 V = 0.00000 V 打开光照时未收敛');
    expect(nonconvergentAdvice(start)).toBe('results.failure.adviceStart');
  });

  it('names the curve of a curve warning in the UI language (no "light: voltage_V: ...")', () => {
    const w = 'voltage_V: the range ended at 0.6 V, below Voc; extended to 0.93 V (extendToVoc)';
    const line = curveWarning('light', w, t);
    expect(line).toBe('光照：电压扫描到 0.6 V 时仍低于开路电压，已按“超过终止电压时继续扫描至 Voc”继续扫描到 0.93 V');
    expect(
      localWarning(
        'voltage_V: the range ends at 0.6 V, below Voc (J = 12.34 mA/cm^2 > 0 there); set options.extendToVoc to extend it',
        t,
      ),
    ).toBe(
      '电压扫描在 0.6 V 结束，仍低于开路电压（此处 J = 12.34 mA/cm² > 0）：请提高终止电压，或勾选“超过终止电压时继续扫描至 Voc”',
    );
  });

  it('tells why a measured curve cannot be used from the parser code, e.g. a current in A without the area', () => {
    const text = `V,I (A)\n${Array.from({ length: 20 }, (_, k) => `${k * 0.05},${(0.02 - k * 0.001).toFixed(4)}`).join('\n')}`;
    const p = previewCurve({ text, format: 'table' });
    expect(p.ok).toBe(false);
    if (p.ok) return;
    expect(p.code).toBe('area-needed');
    expect(curveErrorText(p, t)).toBe('电流单位为 A：请填写器件面积（cm²），才能换算为 mA/cm²');
  });

  it("tells the preview's n,k range error with the form's own field and option names", () => {
    const e =
      'layers[2] "PTAA".optical: n,k of "ptaa" missing at 1101 nm: the table covers 300-1100 nm (ask for extrapolation \'hold\' or \'transparent\' to go beyond)';
    const text = previewErrorText(e, { startNm: 300, endNm: 1600 }, i18n.t as TFunction);
    expect(text).toBe(
      '“PTAA”的 n,k 表只覆盖 300–1100 nm，而波长范围是 300–1600 nm：请把“起始波长 λstart”和“终止波长 λend”改到 300–1100 nm 之内，或把“PTAA”的“表外外推”改为“保持端点值”或“保持 n，k = 0”。',
    );
    expect(text).not.toMatch(/extrapolation|hold|transparent|ptaa/);
  });

  it('reads a stored line from before codes back as its message, wrapped ones too', () => {
    expect(localWarning('initial steady state: did not converge at V = 0.100000 V (last residual 1.000e-3)', t)).toBe(
      '初始稳态：在 V = 0.100000 V 处未收敛',
    );
    const eqe =
      'electrical.eqe: not computed: EQE: the short-circuit run without the probe light failed: wall-clock limit of 300 s reached at V = 0.00000 V: run not converged';
    expect(localWarning(eqe, t)).toBe(
      '未能计算 EQE：无探测光的短路计算失败：在 V = 0.00000 V 处达到 300 s 的计算时限，未收敛',
    );
    // the advice too is decided by the code the line stands for
    expect(
      nonconvergentAdvice(
        'initial steady state: wall-clock limit of 300 s reached at V = 0.00000 V: run not converged',
      ),
    ).toBe('results.failure.adviceNonconvergent');
    expect(nonconvergentAdvice('no result within 300 s (wall-clock limit)')).toBe(
      'results.failure.adviceNonconvergent',
    );
  });

  it('shows an unknown warning as the engine wrote it', () => {
    expect(localWarning('something new happened', t)).toBe('something new happened');
  });

  it('speaks English when switched', async () => {
    await i18n.changeLanguage('en');
    expect(localWarning('current unit not stated; taken as mA/cm^2', t)).toBe(
      'The file states no current unit; taken as mA/cm²',
    );
    await i18n.changeLanguage('zh-CN');
  });
});

describe('engine messages with codes in the UI language', () => {
  const messages = builtResultMessages();
  /** Three or more English words in a row: a sentence left untranslated (units and names are one or two). */
  const englishSentence = /[A-Za-z]{2,}(?:[ ,;:()-]+[A-Za-z]{2,}){2,}/;

  it('words every result code in zh-CN with no English sentence and no placeholder left', () => {
    expect(new Set(messages.map((m) => m.code))).toEqual(new Set(RESULT_MESSAGE_CODES));
    for (const m of messages) {
      const zh = localWarning(m, t);
      expect(zh, m.code).toMatch(/[\u4e00-\u9fff]/);
      expect(zh, `${m.code}: ${zh}`).not.toMatch(englishSentence);
      expect(zh, m.code).not.toMatch(/[{}]|undefined|NaN/);
    }
  });

  it('names the fitted parameter as the fit table does and the option as the form does', () => {
    const bound = resultMessage.fitAtBound('yAugerPerS', 'Auger rate coefficient y_Aug', null, 'lower', 0, 's^-1');
    expect(localWarning(bound, t)).toBe('俄歇复合速率系数 y_Aug落在拟合范围的下限 0 s^-1：请放宽范围或检查数据');
    const perCurve = resultMessage.fitAtBound('rshOhmCm2', 'shunt resistance', '50 suns', 'lower', 10, 'Ohm cm^2');
    expect(localWarning(perCurve, t)).toBe(
      '并联电阻（曲线“50 suns”）落在拟合范围的下限 10 Ohm cm^2：请放宽范围或检查数据',
    );
    expect(curveWarning('light', resultMessage.sweepExtended(0.6, 0.93), t)).toBe(
      '光照：电压扫描到 0.6 V 时仍低于开路电压，已按“超过终止电压时继续扫描至 Voc”继续扫描到 0.93 V',
    );
    // wrapped in a tandem subcell's warning, the option is still named as the form names it
    const wrapped = resultMessage.subcellWarning('top', resultMessage.sweepBelowVoc(1.1, 3.2));
    expect(localWarning(wrapped, t)).toBe(
      '顶电池：电压扫描在 1.1 V 结束，仍低于开路电压（此处 J = 3.200 mA/cm² > 0）：请提高终止电压，或勾选“超过终止电压时继续扫描至 Voc”',
    );
  });

  it('decides the advice by the code, also when the reason is wrapped', () => {
    expect(nonconvergentAdvice(resultMessage.jvWallClock(300, 0.5))).toBe('results.failure.adviceNonconvergent');
    expect(nonconvergentAdvice(resultMessage.notConverged(0, 2e-8, 'light'))).toBe('results.failure.adviceStart');
    expect(nonconvergentAdvice(resultMessage.notConverged(0, 2e-8, 'equilibrium'))).toBe('results.failure.adviceStart');
    expect(nonconvergentAdvice(resultMessage.notConverged(0.7, 2e-3))).toBe('results.failure.adviceNotConverged');
    expect(nonconvergentAdvice(resultMessage.transientInitial(resultMessage.jvWallClock(300, 0)))).toBe(
      'results.failure.adviceNonconvergent',
    );
    // the English text would read as a time limit; the code says the start failed
    const start = resultMessage.notConverged(0, 2e-8, 'light');
    expect(nonconvergentAdvice({ ...start, text: 'wall-clock limit' })).toBe('results.failure.adviceStart');
  });

  it("takes a failed calculation's reason with its code from the stored result", () => {
    const err = resultMessage.notConverged(0.4, 1e-3);
    expect(failureOfResult({ light: { converged: false, error: err } })).toEqual(err);
    expect(failureOfResult({ light: { converged: true }, dark: { converged: false, error: err } })).toEqual(err);
    const tandem = failureOfResult({ subcells: [{ subcell: 'bottom', converged: false, error: err }] });
    expect(tandem?.code).toBe('tandem.subcell-warning');
    expect(localWarning(tandem!, t)).toBe('底电池：在 V = 0.400000 V 处未收敛');
    // a result stored before codes: none, so the job's English reason goes through the patterns
    expect(failureOfResult({ light: { converged: false, error: 'did not converge at V = 1 V' } })).toBeUndefined();
  });

  it('speaks English when switched', async () => {
    await i18n.changeLanguage('en');
    expect(localWarning(resultMessage.sweepNoZero(), t)).toBe(
      'The voltage range does not include 0 V, so Jsc, FF and PCE are not computed',
    );
    expect(localWarning(resultMessage.fitAtBound('n', 'ideality factor', null, 'upper', 3, '1'), t)).toBe(
      'ideality factor hit the upper bound of its fit range, 3: widen the range or check the data',
    );
    await i18n.changeLanguage('zh-CN');
  });
});
