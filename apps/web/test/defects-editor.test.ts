import { describe, expect, it } from 'vitest';
import {
  captureMode,
  defaultDefect,
  dosPlotData,
  interfaceDosPlotData,
  lossesFollowDefects,
  SINGLE_BAR_EV,
  switchCapture,
} from '../src/components/device-editor/defect-model';
import { fittedLine, layerDefectName, readDefectSpecs, readDefects } from '../src/pages/plat/results/defect-data';

const perovskite = { chiEV: 3.9, egEV: 1.63, ncCm3: 2.2e18, nvCm3: 2.2e18 };

describe('the defect editor', () => {
  it('switching capture keeps c = sigma v_th both ways', () => {
    const d = { ...defaultDefect(), sigmaNCm2: 2e-15, sigmaPCm2: 3e-16, vthPCmPerS: 2e7 };
    const c = switchCapture(d, 'c');
    expect(captureMode(c)).toBe('c');
    expect(c.cNCm3PerS).toBeCloseTo(2e-8, 22);
    expect(c.cPCm3PerS).toBeCloseTo(6e-9, 22);
    expect(c.sigmaNCm2).toBeUndefined();
    const back = switchCapture(c, 'sigma');
    expect(back.sigmaNCm2).toBeCloseTo(2e-15, 28);
    expect(back.cNCm3PerS).toBeUndefined();
  });

  it('plots a Gaussian at its level above E_v, and a single level as a bar holding its density', () => {
    const e = {
      ...perovskite,
      defects: [
        defaultDefect(),
        {
          ...defaultDefect(),
          distribution: 'single' as const,
          widthEV: undefined,
          energyEV: 0.2,
          energyReference: 'valence' as const,
        },
      ],
    };
    const dos = dosPlotData(e, 300, (k) => `${k}`)!;
    const g = dos.series[0]!.y;
    // 0.5 eV below E_c is 1.13 eV above E_v
    expect(dos.energy[g.indexOf(Math.max(...g))]!).toBeCloseTo(1.13, 2);
    const bar = dos.series[1]!.y;
    const on = dos.energy.filter((_, k) => bar[k]! > 0);
    expect(Math.min(...on)).toBeGreaterThanOrEqual(0.2 - SINGLE_BAR_EV / 2 - 1e-9);
    expect(Math.max(...on)).toBeLessThanOrEqual(0.2 + SINGLE_BAR_EV / 2 + 1e-9);
    expect(Math.max(...bar)).toBeCloseTo(1e15 / SINGLE_BAR_EV, -5);
  });

  it('plots interface sheets per area in the gap both layers share', () => {
    // C60-like: E_c 4.0 eV and E_v 5.9 eV deep; shared with the perovskite: E_c 4.0, E_v 5.53 -> 1.53 eV
    const c60 = { chiEV: 4.0, egEV: 1.9, ncCm3: 5e20, nvCm3: 5e20 };
    const sheets = [
      { type: 'neutral' as const, densityCm2: 1e10, energyEV: 0, energyReference: 'intrinsic' as const },
      {
        type: 'acceptor' as const,
        densityCm2: 2e11,
        energyEV: 0.3,
        energyReference: 'conduction' as const,
        distribution: 'gaussian' as const,
        widthEV: 0.05,
      },
    ];
    const dos = interfaceDosPlotData(perovskite, c60, sheets, 300, String, 3061)!;
    expect(dos.egEV).toBeCloseTo(1.53, 9);
    expect(dos.energy.at(-1)).toBeCloseTo(1.53, 9);
    // the single level sits mid-way in the shared gap, holding its density
    const bar = dos.series[0]!.y;
    const on = dos.energy.filter((_, k) => bar[k]! > 0);
    expect((Math.min(...on) + Math.max(...on)) / 2).toBeCloseTo(0.765, 2);
    // the Gaussian peaks 0.3 eV below the shared E_c and integrates to its sheet density
    const g = dos.series[1]!.y;
    expect(dos.energy[g.indexOf(Math.max(...g))]!).toBeCloseTo(1.23, 2);
    const dE = dos.energy[1]! - dos.energy[0]!;
    expect(g.reduce((a, b) => a + b, 0) * dE).toBeCloseTo(2e11, -8);
    // no shared gap, no plot
    expect(interfaceDosPlotData(perovskite, { ...c60, chiEV: 6 }, sheets, 300, String)).toBeUndefined();
    expect(interfaceDosPlotData(perovskite, { chiEV: 4 }, sheets, 300, String)).toBeUndefined();
  });

  it('has no plot until the layer has its gap', () => {
    expect(dosPlotData({ chiEV: 3.9, defects: [defaultDefect()] }, 300, String)).toBeUndefined();
  });
});

describe('the defect results', () => {
  it('reads the C-V fit and draws its line only over the fitted range', () => {
    const v = readDefects({
      light: { V: [0], profiles: [] },
      capacitanceVoltage: {
        converged: true,
        frequency_Hz: 1e4,
        V: [-1, -0.5, 0, 0.5],
        C_F_cm2: [1, 2, 3, 4],
        invC2_cm4_F2: [4, 3, 2, 1],
        mottSchottky: {
          doping_cm3: 1e16,
          Vbi_V: 0.7,
          range_V: [-1, 0],
          slope: -2,
          intercept: 2,
          r2: 1,
          layer: 'n-Si',
          eps_r: 11.7,
        },
      },
    })!;
    expect(v.cv!.fit).toMatchObject({ doping: 1e16, Vbi: 0.7, from: -1, to: 0, layer: 'n-Si' });
    expect(fittedLine(v.cv!)).toEqual({ x: [-1, -0.5, 0], y: [4, 3, 2] });
  });

  it('reads why a sweep has no Mott-Schottky line, and the names the user gave the defects', () => {
    const v = readDefects({
      capacitanceVoltage: {
        converged: true,
        frequency_Hz: 1e5,
        V: [-1, 0],
        C_F_cm2: [3.1e-8, 3.2e-8],
        invC2_cm4_F2: [1, 1],
        mottSchottkyCheck: {
          range_V: [-1, 0],
          geometric_F_cm2: 3.04e-8,
          maxOverGeometric: 1.05,
          builtIn_V: 1.15,
          refused: 'near-geometric',
        },
      },
    })!;
    expect(v.cv!.fit).toBeUndefined();
    expect(v.cv!.check).toMatchObject({ refused: 'near-geometric', geometric: 3.04e-8, builtIn: 1.15 });
    const specs = readDefectSpecs({
      layers: [
        {
          name: 'MAPbI3',
          electrical: { ...perovskite, defects: [{ ...defaultDefect(), name: ' deep ' }, defaultDefect()] },
        },
      ],
      electrical: { temperatureK: 310 },
    });
    expect(specs?.T).toBe(310);
    expect(layerDefectName(specs, 'MAPbI3', 0)).toBe('deep');
    // no name given: the caller numbers it
    expect(layerDefectName(specs, 'MAPbI3', 1)).toBeUndefined();
    expect(readDefectSpecs({ layers: [{ name: 'x', electrical: {} }] })).toBeUndefined();
  });

  it('turns the loss of each defect on with the first defect, unless the user set it', () => {
    const bare = { name: 'd', layers: [{ name: 'a', electrical: {} }], electrical: {} } as never;
    const one = {
      name: 'd',
      layers: [{ name: 'a', electrical: { defects: [defaultDefect()] } }],
      electrical: {},
    } as never;
    expect(lossesFollowDefects(bare, one).electrical?.defectLosses).toBe(true);
    const off = { ...(one as object), electrical: { defectLosses: false } } as never;
    expect(lossesFollowDefects(bare, off).electrical?.defectLosses).toBe(false);
  });

  it('is absent for a result without defects', () => {
    expect(
      readDefects({ light: { V: [0], profiles: [{ x_nm: [0, 1] }], recombination: { layers: [] } } }),
    ).toBeUndefined();
  });
});

describe('the material form keeps a defect set it has no fields for', () => {
  it('round-trips the defects and their source', async () => {
    const { formToMaterial, materialToForm } = await import('../src/pages/plat/materials/material-form');
    const defects = [defaultDefect()];
    const m = {
      name: 'MAPbI3',
      category: 'lead_perovskite' as const,
      optical: { kind: 'constant' as const, n: 2.5, k: 0 },
      electrical: { epsR: 24, defects },
      sources: { optical: 'a', epsR: 'a', defects: 'b' },
      references: { a: 'A reference long enough to count', b: 'B reference long enough to count' },
    };
    const { values, nk } = materialToForm(m);
    const back = formToMaterial(values, nk);
    expect(back.electrical?.defects).toEqual(defects);
    expect(back.sources['defects']).toBe('b');
  });
});

describe('the defect warnings in words', () => {
  it('tells a distribution past a band edge in the UI language, without the field path', async () => {
    const { localWarning } = await import('../src/pages/plat/results/engine-warnings');
    const i18n = (await import('i18next')).default;
    const { zhCN } = await import('../src/i18n/zh-CN');
    const inst = i18n.createInstance();
    await inst.init({
      lng: 'zh-CN',
      resources: { 'zh-CN': { translation: zhCN } },
      interpolation: { escapeValue: false },
    });
    const line =
      'layers[3] "MAPbI3".electrical.defects[1].widthEV: the gaussian distribution reaches 0.1 eV beyond the conduction band edge (levels there are kept as given)';
    expect(localWarning(line, inst.t as never)).toBe(
      'MAPbI3 的第 2 个缺陷：能量分布超出带边 0.1 eV，带外的能级按原样计算。',
    );
  });
});
