import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';
import { localWarning } from '../src/pages/plat/results/engine-warnings';

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

  it('names the layer of a thick coherent layer', () => {
    const w =
      'layers[0] "glass" is 1000000 nm thick and coherent: mark it coherent: false (thick layer, intensities add)';
    expect(localWarning(w, t)).toContain('“glass”厚 1000000 nm');
  });

  it('tells the job service’s reasons for a calculation that did not succeed', () => {
    expect(localWarning('cancelled by the user', t)).toBe('用户已取消');
    expect(localWarning('interrupted twice by a server restart', t)).toBe('计算两次因服务器重启而中断');
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
