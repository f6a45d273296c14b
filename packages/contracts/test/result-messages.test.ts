import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  causeOf,
  ENGINE_MESSAGE_CODES,
  type EngineMessage,
  fitCurve,
  type PvBenchDdInput,
  parseCurveText,
  pvBenchToDevice,
  RESULT_MESSAGE_CODES,
  resultMessage,
  SdmSolver,
  simulateJV,
} from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
import { builtResultMessages } from '../../../test-support/result-messages.js';
import { hasMessageWording, wordEngineMessage } from '../src/engine-messages/index.js';
import { LANGS } from '../src/i18n.js';

const perovskite = JSON.parse(
  readFileSync(
    join(
      import.meta.dirname,
      '..',
      '..',
      '..',
      'assets',
      'validation',
      'cases',
      'dd',
      'simsalabim-pin-perovskite.json',
    ),
    'utf8',
  ),
).input as PvBenchDdInput;

/** The messages of real engine runs (cheap ones), then one of every other code from its builder. */
function samples(): { real: EngineMessage[]; built: EngineMessage[] } {
  const out: EngineMessage[] = [];
  const isMsg = (w: unknown): w is EngineMessage => typeof w === 'object' && w !== null;
  // a J-V whose sweep ends below Voc, without and with extendToVoc; a wall-clock stop
  out.push(...simulateJV(pvBenchToDevice({ ...perovskite, voltage_V: [0, 0.5, 1.0] })).warnings.filter(isMsg));
  out.push(
    ...simulateJV(pvBenchToDevice({ ...perovskite, voltage_V: [0, 0.5, 1.0] }, { extendToVoc: true })).warnings.filter(
      isMsg,
    ),
  );
  let reading = 0;
  const jumping = () => (reading++ < 40 ? 0 : 1e9);
  const stopped = simulateJV({
    ...pvBenchToDevice({ ...perovskite, voltage_V: [0, 0.2, 0.4, 0.6] }),
    options: { clock: jumping, wallClockLimit_ms: 1000 },
  });
  if (stopped.error) out.push(stopped.error);
  // a fit at its bound; a measured curve without units whose current rises with voltage
  const v = Array.from({ length: 200 }, (_, i) => -0.1 + (0.9 * i) / 199);
  const j = new SdmSolver({ jphMaCm2: 30, j0MaCm2: 1e-10, n: 1.2, rsOhmCm2: 1, rshOhmCm2: 3000, tK: 300 }).curve(v);
  out.push(...fitCurve({ model: 'sdm', voltageV: v, jMaCm2: j, tK: 300, bounds: { n: [1.5, 3] } }).warnings);
  out.push(...parseCurveText(v.map((x, i) => `${x * 1000}\t${-j[i]!}`).join('\n')).warnings);

  const real = [...out];
  out.length = 0;
  out.push(...builtResultMessages());
  return { real, built: out };
}

describe('result messages (warnings and failure reasons)', () => {
  const { real, built } = samples();
  const all = [...real, ...built];

  it('every code the engine lists has a wording', () => {
    for (const code of ENGINE_MESSAGE_CODES) expect(hasMessageWording(code), code).toBe(true);
  });

  it('the samples cover every result code, and the real runs gave the codes they should', () => {
    expect(new Set(all.map((m) => m.code))).toEqual(new Set(RESULT_MESSAGE_CODES));
    const got = new Set(real.map((m) => m.code));
    for (const code of [
      'jv.sweep-below-voc',
      'jv.sweep-extended',
      'jv.wall-clock',
      'fit.at-bound',
      'curve.voltage-unit',
    ])
      expect(got, code).toContain(code);
  });

  it('fills every placeholder in both languages, keeps the numbers, and words the languages differently', () => {
    for (const msg of all) {
      const zh = wordEngineMessage(msg, 'zh-CN');
      const en = wordEngineMessage(msg, 'en');
      for (const text of [zh, en]) {
        expect(text, msg.code).not.toMatch(/[{}]|undefined|NaN|\[object/);
        expect(text.trim().length, msg.code).toBeGreaterThan(0);
      }
      expect(zh, msg.code).not.toBe(en);
      expect(zh, msg.code).toMatch(/[\u4e00-\u9fff]/);
      // the numbers the engine gave are on screen in both languages (a wrapped message's too)
      const numbers = (m: EngineMessage): string[] => {
        const inner = causeOf(m.params);
        const own = Object.entries(m.params)
          .filter(([k, v]) => !k.startsWith('cause') && /^-?[\d.]+(e[-+]?\d+)?$/i.test(String(v)))
          .filter(([k]) => !['index', 'total', 'residual', 'suns'].includes(k))
          .map(([, v]) => String(v));
        return inner ? [...own, ...numbers(inner)] : own;
      };
      for (const n of numbers(msg)) {
        expect(zh, `${msg.code} ${n}`).toContain(n);
        expect(en, `${msg.code} ${n}`).toContain(n);
      }
    }
  });

  it('words a wrapped reason in the same language', () => {
    const m = resultMessage.subcellWarning(
      'top',
      resultMessage.figuresInterpolated(resultMessage.notConverged(0.9, 1e-3)),
    );
    expect(wordEngineMessage(m, 'zh-CN')).toBe(
      '顶电池：在 Voc 或最大功率点处求解失败（在 V = 0.900000 V 处未收敛），关键参数改由扫描点插值得到',
    );
    expect(wordEngineMessage(m, 'en')).toBe(
      'top cell: Solving at Voc or the maximum power point failed (did not converge at V = 0.900000 V): the key figures are interpolated from the sweep',
    );
  });

  it('names the fitted parameter and the option as the caller labels them', () => {
    const m = resultMessage.fitAtBound('n', 'ideality factor', null, 'lower', 1.5, '1');
    expect(wordEngineMessage({ ...m, params: { ...m.params, paramName: '理想因子' } }, 'zh-CN')).toBe(
      '理想因子落在拟合范围的下限 1.5：请放宽范围或检查数据',
    );
    const below = resultMessage.sweepBelowVoc(1, 3.21);
    expect(wordEngineMessage({ ...below, params: { ...below.params, checkbox: '继续扫描至 Voc' } }, 'zh-CN')).toContain(
      '勾选“继续扫描至 Voc”',
    );
  });

  it('a plain string (a result stored before codes) is shown as it was', () => {
    for (const lang of LANGS)
      expect(wordEngineMessage('did not converge at V = 1 V', lang)).toBe('did not converge at V = 1 V');
  });
});
