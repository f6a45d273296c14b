import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en } from '../src/i18n/en';
import { zhCN } from '../src/i18n/zh-CN';
import {
  type DeviceInput,
  deviceInputs,
  differingInputs,
  formatInput,
  inputLabel,
  namesByDifference,
  opticalInputs,
  sweepableInputs,
} from '../src/lib/device-inputs';

const t = ((key: string, vars?: Record<string, unknown>) => i18n.t(key, vars)) as typeof i18n.t;
const DEMO = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../assets/devices/perovskite-pin-electrical.device.json'), 'utf8'),
) as { layers: { name: string; thicknessNm: number; electrical?: Record<string, unknown> }[] };

const NAMES = Object.fromEntries(
  (
    JSON.parse(readFileSync(join(import.meta.dirname, '../../../assets/data/nk/index.json'), 'utf8')) as {
      materials: { id: string; name: string }[];
    }
  ).materials.map((m) => [m.id, m.name]),
);

beforeAll(async () => {
  await i18n.init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { translation: zhCN }, en: { translation: en } },
    interpolation: { escapeValue: false },
  });
});

/** The demo device with one change. */
function variant(change: (d: typeof DEMO) => void): typeof DEMO {
  const d = structuredClone(DEMO);
  change(d);
  return d;
}

const CODE = /\b(?:[a-z]{2,}(?:[A-Z][a-z0-9]*)+|[A-Za-z]\w*_\w+)\b|electrical\.|layers\[/;

describe('every input of a device, as the form labels it', () => {
  it('lists each layer with all its parameters, the contacts and the settings, with symbols and units', () => {
    const items = deviceInputs(DEMO, t, 'zh-CN', NAMES);
    expect(formatInput(items.find((i) => i.path === 'layers[0].optical')!, t)).toBe(
      '材料库 n,k 表: Soda-lime glass (low-iron solar glass, 10 ppm Fe2O3)',
    );
    const tau = items.find((i) => i.path === 'layers[3].electrical.tauNS')!;
    expect(inputLabel(tau)).toBe('MAPbI3 › 电子寿命 τn (s)');
    expect(formatInput(tau, t)).toMatch(/^\de-\d+ s$|^\d(\.\d+)?e-\d+ s$/);
    expect(inputLabel(items.find((i) => i.path === 'layers[3].thicknessNm')!)).toBe('MAPbI3 › 厚度 d (nm)');
    const wf = items.find((i) => i.path === 'electrical.contacts.front.workFunctionEV')!;
    expect(inputLabel(wf)).toBe('前电极（入光侧） › 功函数 W (eV)');
    expect(formatInput(wf, t)).toBe('5.2 eV');
    expect(items.find((i) => i.path === 'electrical.temperatureK')?.value).toBe(300);
    // every electrical parameter the file gives is listed (8 for PTAA, 10 for MAPbI3, 8 for PCBM)
    for (const [j, layer] of DEMO.layers.entries())
      for (const key of Object.keys(layer.electrical ?? {}))
        expect(
          items.some((i) => i.path === `layers[${j}].electrical.${key}`),
          `${layer.name} ${key}`,
        ).toBe(true);
    // no code identifier in what the user reads
    for (const i of items) expect(`${inputLabel(i)} ${formatInput(i, t)}`).not.toMatch(CODE);
  });

  it('says the same in English', async () => {
    await i18n.changeLanguage('en');
    try {
      const items = deviceInputs(DEMO, t, 'en');
      expect(inputLabel(items.find((i) => i.path === 'layers[3].electrical.tauNS')!)).toMatch(/^MAPbI3 › .*τn \(s\)$/);
      for (const i of items) expect(inputLabel(i)).not.toMatch(/[\u4e00-\u9fff]/);
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
  });

  it('offers only numbers for a sweep, addressed as the sweep API does', () => {
    const s = sweepableInputs(DEMO, t, 'zh-CN');
    expect(s.every((i) => typeof i.value === 'number')).toBe(true);
    expect(s.map((i) => i.path)).toContain('layers[3].electrical.tauNS');
    expect(s.map((i) => i.path)).toContain('illumination.suns');
    // the unset shunt resistance (null) cannot be swept: the API varies numbers that exist
    expect(s.map((i) => i.path)).not.toContain('electrical.rshOhmCm2');
  });
});

describe('what differs between runs', () => {
  const runs = (...ds: (typeof DEMO)[]): DeviceInput[][] => ds.map((d) => deviceInputs(d, t, 'zh-CN'));

  it('names two runs by the lifetime that differs', () => {
    const a = variant((d) => {
      d.layers[3]!.electrical!['tauNS'] = 1e-7;
    });
    const b = variant((d) => {
      d.layers[3]!.electrical!['tauNS'] = 1e-6;
    });
    const r = runs(a, b);
    const diff = differingInputs(r);
    expect(diff.map((x) => inputLabel(x.item))).toEqual(['MAPbI3 › 电子寿命 τn (s)']);
    // label and symbol: a reader needs no legend for the symbol
    expect(namesByDifference(r, ['a', 'b'], t)).toEqual(['电子寿命 τn = 1e-7 s', '电子寿命 τn = 1e-6 s']);
  });

  it('tells the layer when the same field differs in two layers, and stops after two', () => {
    const a = variant((d) => {
      d.layers[2]!.thicknessNm = 10;
      d.layers[3]!.thicknessNm = 400;
      d.layers[4]!.thicknessNm = 20;
    });
    const b = variant((d) => {
      d.layers[2]!.thicknessNm = 20;
      d.layers[3]!.thicknessNm = 600;
      d.layers[4]!.thicknessNm = 30;
    });
    expect(namesByDifference(runs(a, b), ['a', 'b'], t)).toEqual([
      'PTAA 厚度 d = 10 nm, MAPbI3 厚度 d = 400 nm, …',
      'PTAA 厚度 d = 20 nm, MAPbI3 厚度 d = 600 nm, …',
    ]);
  });

  it('keeps the names when nothing differs', () => {
    expect(namesByDifference(runs(DEMO, DEMO), ['x (#1)', 'x (#2)'], t)).toEqual(['x (#1)', 'x (#2)']);
  });
});

describe('the inputs of an optical calculation', () => {
  it('leaves out the electrical parameters the optics do not read', () => {
    const all = deviceInputs(DEMO, t, 'zh-CN');
    const opt = opticalInputs(all);
    expect(opt.some((i) => i.path === 'layers[3].thicknessNm')).toBe(true);
    expect(opt.some((i) => i.path === 'illumination.suns')).toBe(true);
    expect(opt.some((i) => i.path.includes('electrical'))).toBe(false);
    expect(all.length - opt.length).toBeGreaterThan(30);
  });
});

describe('the inputs of a device with mobile ions and a transient protocol', () => {
  const IONS = JSON.parse(
    readFileSync(
      join(import.meta.dirname, '../../../assets/devices/perovskite-pin-ions-electrical.device.json'),
      'utf8',
    ),
  ) as unknown;

  it('names the ions, the protocol steps and the default scan rate in words, with units', () => {
    const items = deviceInputs(IONS, t, 'zh-CN');
    const rate = items.find((i) => i.path === 'electrical.transient.rateVPerS')!;
    expect(inputLabel(rate)).toBe('扫描速率 v (V/s)');
    expect(items.some((i) => /^layers\[\d\]\.electrical\.ions\[0\]\.densityCm3$/.test(i.path))).toBe(true);
    expect(items.some((i) => /^electrical\.transient\.segments\[1\]\./.test(i.path))).toBe(true);
    for (const i of items) expect(inputLabel(i)).not.toMatch(CODE);
  });
});
