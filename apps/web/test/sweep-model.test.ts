import { SWEEP_MAX_COMBINATIONS, SWEEP_MAX_VALUES } from '@pvforge/contracts';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  checkSweep,
  defaultRange,
  looksLogarithmic,
  type SweepAxisForm,
  sweepValues,
} from '../src/components/sweep/sweep-model';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';
import type { DeviceInput } from '../src/lib/device-inputs';
import { figureMap, figureSeries } from '../src/pages/plat/results/sweep-data';

const t = ((key: string, vars?: Record<string, unknown>) => i18n.t(key, vars)) as typeof i18n.t;

beforeAll(async () => {
  await i18n.init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
});

describe('sweep values', () => {
  it('spaces linearly with both ends exact', () => {
    expect(sweepValues(100, 500, 5, 'lin')).toEqual([100, 200, 300, 400, 500]);
    expect(sweepValues(0.1, 0.3, 3, 'lin')).toEqual([0.1, 0.2, 0.3]);
  });

  it('spaces logarithmically: equal ratios, one per decade from 1e-9 to 1e-5', () => {
    const v = sweepValues(1e-9, 1e-5, 5, 'log');
    expect(v).toHaveLength(5);
    for (const [i, x] of v.entries()) expect(x / 10 ** (i - 9)).toBeCloseTo(1, 10);
    expect(looksLogarithmic(v)).toBe(true);
    expect(looksLogarithmic(sweepValues(1, 5, 5, 'lin'))).toBe(false);
  });

  it('spaces downwards too, and one point is the start', () => {
    expect(sweepValues(1000, 10, 3, 'log')).toEqual([1000, 100, 10]);
    expect(sweepValues(7, 9, 1, 'lin')).toEqual([7]);
  });

  it('proposes a log range for a lifetime and a linear one for a thickness', () => {
    expect(defaultRange(1e-6)).toEqual({ spacing: 'log', start: 1e-7, stop: 1e-5 });
    expect(defaultRange(500)).toEqual({ spacing: 'lin', start: 250, stop: 750 });
  });
});

describe('checking a sweep before it is submitted', () => {
  const fields: DeviceInput[] = [
    {
      path: 'layers[3].thicknessNm',
      section: 'layer',
      layer: 3,
      owner: 'MAPbI3',
      field: '厚度',
      symbol: 'd',
      unit: 'nm',
      value: 500,
    },
    {
      path: 'layers[3].electrical.tauNS',
      section: 'layer',
      layer: 3,
      owner: 'MAPbI3',
      field: '电子寿命 τn',
      unit: 's',
      value: 1e-6,
    },
  ];
  const axis = (a: Partial<SweepAxisForm>): SweepAxisForm => ({
    path: '',
    spacing: 'lin',
    start: '',
    stop: '',
    points: '5',
    ...a,
  });

  it('gives the API parameters with the form label', () => {
    const r = checkSweep([axis({ path: 'layers[3].thicknessNm', start: '300', stop: '700', points: '3' })], fields, t);
    expect(r).toEqual({
      ok: true,
      count: 3,
      parameters: [{ path: 'layers[3].thicknessNm', label: 'MAPbI3 › 厚度 (nm)', values: [300, 500, 700] }],
    });
  });

  it('names each mistake in Chinese', () => {
    const r = checkSweep(
      [
        axis({ path: '', start: 'abc', stop: '1', points: '1' }),
        axis({ path: 'layers[3].electrical.tauNS', spacing: 'log', start: '0', stop: '1e-5', points: '3' }),
      ],
      fields,
      t,
    );
    expect(r.ok).toBe(false);
    const msgs = r.ok ? [] : r.issues.map((i) => i.message);
    expect(msgs).toContain('参数 1：请选择要扫描的参数');
    expect(msgs).toContain('参数 1：起始值须为数字（如 100 或 1e-7）');
    expect(msgs).toContain(`参数 1：点数须为 2 到 ${SWEEP_MAX_VALUES} 之间的整数`);
    expect(msgs).toContain('参数 2：对数间隔的起始值和终止值都须大于 0');
  });

  it('says the limit on combinations before submitting, in English too', async () => {
    const two = [
      axis({ path: 'layers[3].thicknessNm', start: '300', stop: '700', points: '20' }),
      axis({ path: 'layers[3].electrical.tauNS', spacing: 'log', start: '1e-8', stop: '1e-5', points: '6' }),
    ];
    const r = checkSweep(two, fields, t);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.count).toBe(120);
      expect(r.issues.map((i) => i.message)).toEqual([
        `共 120 次计算，超过一次扫描的上限 ${SWEEP_MAX_COMBINATIONS} 次：请减少点数`,
      ]);
    }
    await i18n.changeLanguage('en');
    try {
      const e = checkSweep(two, fields, t);
      expect(e.ok ? '' : e.issues[0]!.message).toBe(
        `120 calculations, more than the ${SWEEP_MAX_COMBINATIONS} a sweep may have: use fewer points`,
      );
      const same = checkSweep([two[0]!, { ...two[1]!, path: 'layers[3].thicknessNm' }], fields, t);
      expect(same.ok ? [] : same.issues.map((i) => i.message)).toContain('Parameter 2: the two parameters must differ');
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });
});

describe('a sweep result as plots', () => {
  const result = {
    sweep: true as const,
    kind: 'elec' as const,
    parameters: [
      { path: 'layers[3].thicknessNm', label: 'd', values: [600, 300] },
      { path: 'layers[3].electrical.tauNS', label: 'τn', values: [1e-6, 1e-7] },
    ],
    figureNames: ['FF'],
    table: [
      { id: 1, values: [600, 1e-6], status: 'succeeded' as const, reason: null, figures: { FF: 0.8 } },
      { id: 2, values: [600, 1e-7], status: 'succeeded' as const, reason: null, figures: { FF: 0.7 } },
      { id: 3, values: [300, 1e-6], status: 'failed' as const, reason: 'x', figures: { FF: null } },
      { id: 4, values: [300, 1e-7], status: 'succeeded' as const, reason: null, figures: { FF: 0.6 } },
    ],
  };

  it('maps two parameters with the first on x, increasing axes, FF in %, a failed cell empty', () => {
    const m = figureMap(result, 'FF')!;
    expect(m.xs).toEqual([300, 600]);
    expect(m.ys).toEqual([1e-7, 1e-6]);
    // values[iy][ix]: tau 1e-7 row, then 1e-6
    expect(m.values[0]![0]).toBeCloseTo(60, 10);
    expect(m.values[0]![1]).toBeCloseTo(70, 10);
    expect(m.values[1]![0]).toBeNaN();
    expect(m.values[1]![1]).toBeCloseTo(80, 10);
    // each cell knows its run, the failed one too
    expect(m.ids).toEqual([
      [4, 2],
      [3, 1],
    ]);
  });

  it('sorts one parameter’s points and leaves out the failed', () => {
    const one = { ...result, parameters: [result.parameters[0]!], table: result.table.slice(1, 4) };
    one.table = one.table.map((r) => ({ ...r, values: [r.values[0]!] }));
    expect(figureSeries(one, 'FF')).toEqual({ x: [300, 600], y: [60, 70] });
  });
});
