import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { modifiedCircuit, runCircuitJob, simulateCircuit } from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
import { spectrumJobArrays } from '../src/api/circuit';
import { parseIds } from '../src/pages/plat/results/compare-ids';
import { oxideCurrentSeries } from '../src/pages/plat/results/model-results';
import {
  absorptionMap,
  defaultBiasIndex,
  editPath,
  lightCurve,
  prettyUnit,
  readCircuit,
  readElectrical,
  readOptics,
  resultPath,
  stackGeneration,
  sumArrays,
  waterfallSteps,
} from '../src/pages/plat/results/result-data';

const layer = (name: string, role: string, th: number, A: number[], jph: number) => ({
  name,
  role,
  coherent: true,
  carriers: 'electron-hole pairs',
  A,
  jphMaCm2: jph,
  generation: { depthNm: [0, th / 2, th], G_cm3_s: [3e21, 2e21, 1e21] },
});
const optics = {
  schemaVersion: 1,
  device: 'cell',
  wavelengthNm: [400, 500],
  R: [0.1, 0.2],
  T: [0, 0],
  eqe: [0.8, 0.7],
  layers: [
    layer('glass', 'substrate', 1e6, [0, 0], 0),
    layer('ITO', 'electrode', 100, [0.1, 0.1], 1),
    layer('MAPbI3', 'absorber', 400, [0.8, null as unknown as number], 20),
  ],
  totals: { jphAbsorbersMaCm2: 20, jReflectedMaCm2: 3, jTransmittedMaCm2: 0 },
  warnings: ['w'],
};

describe('optics results', () => {
  it('reads the report, also inside a {result, report} pair, null read back as NaN', () => {
    const o = readOptics({ result: {}, report: optics })!;
    expect(o.layers.map((l) => l.name)).toEqual(['glass', 'ITO', 'MAPbI3']);
    expect(Number.isNaN(o.layers[2]!.A[1]!)).toBe(true);
    expect(o.totals.absorbers).toBe(20);
    expect(readOptics({ nothing: true })).toBeNull();
  });
  it('puts every layer of G(x) at its place in the stack', () => {
    const o = readOptics(optics)!;
    const g = stackGeneration(o.layers.filter((l) => l.role !== 'substrate'));
    expect(g[0]!.x).toEqual([0, 50, 100]);
    expect(g[1]!.x).toEqual([100, 300, 500]);
  });
  it('builds the layer x wavelength absorption map at layer centres', () => {
    const o = readOptics(optics)!;
    const m = absorptionMap({ ...o, layers: o.layers.slice(1) });
    expect(m.ys).toEqual([50, 300]);
    expect(m.xs).toEqual([400, 500]);
    expect(m.kind).toBe('layers');
    expect(m.values[0]).toEqual([10, 10]);
  });
  it('draws the engine a(x, l) as rows of depth and columns of wavelength, in % per nm', () => {
    const o = readOptics({
      ...optics,
      absorptionMap: {
        wavelengthNm: [400, 500],
        positionNm: [0, 50],
        layer: [1, 1],
        absorbedPerNm: [
          [0.01, 0.002],
          [0.003, 0.001],
        ],
      },
    })!;
    const m = absorptionMap(o);
    expect(m.kind).toBe('profile');
    expect(m.xs).toEqual([400, 500]);
    expect(m.ys).toEqual([0, 50]);
    expect(m.values).toEqual([
      [1, 0.3],
      [0.2, 0.1],
    ]);
    expect(m.names).toEqual([o.layers[1]!.name]);
  });
});

const curve = (figures?: object) => ({
  converged: true,
  warnings: [],
  V: [0, 0.5, 1],
  J_mA_cm2: [22, 20, -5],
  figures,
  recombination: {
    generation: [22, 22, 22],
    layers: [{ name: 'MAPbI3', srh: [0, 1, 20], radiative: [0, 0, 1], auger: [0, 0, 0] }],
    interfaces: [{ name: 'PTAA/MAPbI3', current: [0, 0.1, 5] }],
    contacts: { anode: [0, 0, 0], cathode: [0, 0, 0] },
  },
  profiles: [
    {
      V: 0,
      J_mA_cm2: 22,
      label: '0 V',
      x_nm: [0, 1],
      Ec_eV: [-3, -3.1],
      R_interface_cm2_s: [1],
      R_contact_cm2_s: { anode: 0, cathode: 0 },
    },
    {
      V: 0.9,
      J_mA_cm2: 18,
      label: 'maximum power',
      x_nm: [0, 1],
      Ec_eV: [-3, -3.2],
      R_interface_cm2_s: [1],
      R_contact_cm2_s: { anode: 0, cathode: 0 },
    },
  ],
});

describe('electrical results', () => {
  it('reads a coupled result with light and dark curves, EQE and optics', () => {
    const v = readElectrical({
      device: 'cell',
      electricalLayers: [],
      incidentPowerMwCm2: 100,
      generation: { kind: 'optical', x_nm: [0], G_cm3_s: [1], jGenerationMaCm2: 22 },
      light: curve({ Jsc_mA_cm2: 22, Voc_V: 1.1, FF: 0.8, PCE_percent: 19.4, Vmp_V: 0.9, Jmp_mA_cm2: 21 }),
      dark: curve(),
      eqe: { wavelengthNm: [400], eqe: [0.8], iqe: [0.9], absorptance: [0.88], jscFromEqeMaCm2: 21.9 },
      optics,
      warnings: [],
      elapsedMs: 10,
    })!;
    expect(v.curves.map((c) => c.tag)).toEqual(['light', 'dark']);
    expect(lightCurve(v)!.figures!.PCE_percent).toBe(19.4);
    expect(v.curves[1]!.figures).toBeUndefined();
    expect(v.eqe!.jsc).toBe(21.9);
    expect(v.optics!.layers).toHaveLength(3);
    expect(v.curves[0]!.profiles[1]!.cols['Ec_eV']).toEqual([-3, -3.2]);
    expect(defaultBiasIndex(v.curves[0]!.profiles)).toBe(1);
    expect(v.transient).toBeUndefined();
    expect(v.impedance).toBeUndefined();
  });
  it('reads a bare simulateJV result', () => {
    const v = readElectrical(curve())!;
    expect(v.curves).toHaveLength(1);
    expect(v.curves[0]!.tag).toBe('jv');
  });
  it('reads the currents through a tunnel oxide and plots electrons and holes against V', () => {
    const c = curve();
    const tunnelOxide = { electron: [40, 38, -5], hole: [-1e-8, -1e-6, -1e-4] };
    c.recombination.interfaces = [
      { name: 'base/poly-Si', current: [0, 0, 0], tunnelOxide } as (typeof c.recombination.interfaces)[number],
    ];
    const v = readElectrical(c)!;
    expect(v.curves[0]!.recombination!.interfaces[0]!.tunnelOxide).toEqual(tunnelOxide);
    const t = (k: string, o?: Record<string, unknown>) => `${k}:${o?.['name'] ?? ''}`;
    const s = oxideCurrentSeries(v.curves[0]!, t);
    expect(s.map((q) => q.name)).toEqual([
      'models.result.oxideElectron:base/poly-Si',
      'models.result.oxideHole:base/poly-Si',
    ]);
    expect(Array.from(s[1]!.y)).toEqual(tunnelOxide.hole);
    // an interface without an oxide has no such curves
    expect(oxideCurrentSeries(readElectrical(curve())!.curves[0]!, t)).toEqual([]);
  });
  it('returns null for something else', () => {
    expect(readElectrical({ foo: 1 })).toBeNull();
    expect(readElectrical(null)).toBeNull();
  });
  it('sums arrays element-wise', () => {
    expect(
      sumArrays([
        [1, 2],
        [3, 4, 5],
      ]),
    ).toEqual([4, 6, 5]);
  });
});

describe('circuit results', () => {
  const fitResult = {
    kind: 'fit',
    fit: {
      model: 'modified',
      voltageV: [0, 1],
      fittedJMaCm2: [20, -10],
      residualsMaCm2: [0.5, -0.5],
      parameters: [
        {
          key: 'rsOhmCm2',
          description: 'series resistance',
          unit: 'Ohm cm^2',
          value: 3,
          ciLow: 2.9,
          ciHigh: 3.1,
          logScale: false,
          fixed: false,
          atBound: null,
        },
      ],
      confidenceLevel: 0.95,
      rmseMaCm2: 0.5,
      r2: 0.999,
      modelKeyFigures: {
        jscMaCm2: 20,
        vocV: 0.9,
        ff: 0.8,
        pcePercent: 14.4,
        vmpV: 0.7,
        jmpMaCm2: 19,
        pmaxMwCm2: 14.4,
        pinMwCm2: 100,
      },
      warnings: [],
    },
    losses: {
      pcePercent: 15,
      waterfall: [
        { name: 'below-gap (not absorbed)', lossMwCm2: 40, lossPercent: 40, remainingMwCm2: 60 },
        { name: 'ohmic (Rs, Rsh)', lossMwCm2: 45, lossPercent: 45, remainingMwCm2: 15 },
      ],
      removal: [{ mechanism: 'series', pcePercent: 16, gainPercent: 1 }],
      mpp: { deliveredMwCm2: 15 },
      detailedBalance: { pinMwCm2: 100 },
    },
  };
  it('reads a fit: measured = fit - residual, units as a physicist writes them', () => {
    const c = readCircuit(fitResult)!;
    expect(c.fit!.measured).toEqual([19.5, -9.5]);
    expect(c.fit!.params[0]!.unit).toBe('Ω cm²');
    expect(c.losses!.pin).toBe(100);
  });
  it('turns the losses into a waterfall from 100 % to the PCE', () => {
    const steps = waterfallSteps(readCircuit(fitResult)!.losses!, {
      start: 'in',
      end: 'PCE',
      step: (n) => n.toUpperCase(),
    });
    expect(steps).toEqual([
      { name: 'in', value: 100, total: true },
      { name: 'BELOW-GAP (NOT ABSORBED)', value: -40 },
      { name: 'OHMIC (RS, RSH)', value: -45 },
      { name: 'PCE', value: 15, total: true },
    ]);
  });
  it('reads a simulated curve', () => {
    const c = readCircuit({
      kind: 'simulate-sdm',
      curve: { voltageV: [0], jMaCm2: [1], keyFigures: { pcePercent: 20 } },
    })!;
    expect(c.curve!.keyFigures!.pcePercent).toBe(20);
    expect(c.fit).toBeUndefined();
  });
  it('reads the figures a dark curve does not have (null in the engine result) as absent, not 0', () => {
    const r = runCircuitJob({
      kind: 'simulate-sdm',
      params: { jphMaCm2: 0, j0MaCm2: 1e-9, n: 1.5, rsOhmCm2: 1, rshOhmCm2: 1e4, tK: 300 },
      voltageV: [0, 0.2, 0.4],
    });
    const k = readCircuit(JSON.parse(JSON.stringify(r)))!.curve!.keyFigures!;
    expect(k.vocV).toBeUndefined();
    expect(k.ff).toBeUndefined();
    expect(k.pcePercent).toBeUndefined();
    expect(k.pinMwCm2).toBe(100);
  });
  it('formats units', () => {
    expect(prettyUnit('cm^-2 s^-1')).toBe('cm⁻² s⁻¹');
  });
  it('reads a modified-diode fit of two curves: what the split rests on, each split, one incident power', () => {
    const root = join(import.meta.dirname, '..', '..', '..');
    const spectrum = spectrumJobArrays(readFileSync(join(root, 'assets/data/spectra/am15g_1nm_300_1600.csv'), 'utf8'));
    const absorber = { thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 1.8e18, egEV: 1.6, tK: 300 };
    const params = { yBulkPerS: 1e6, uIfPerCm2S: 1e3, yAugerPerS: 0, rsOhmCm2: 3, rshOhmCm2: 3000 };
    const v = Array.from({ length: 100 }, (_, i) => -0.1 + (1.3 * i) / 99);
    const jv = (jph: number) => simulateCircuit(modifiedCircuit({ ...params, jphMaCm2: jph }, absorber), v).jMaCm2;
    const r = runCircuitJob({
      kind: 'fit',
      model: 'modified',
      tK: 300,
      absorber,
      knowns: { bulk: { tauBulkS: 5e-7 }, auger: 'off' },
      curves: [
        { label: '1 sun', voltageV: v, jMaCm2: jv(23) },
        { label: 'dark', voltageV: v, jMaCm2: jv(0) },
      ],
      spectrum,
    });
    const c = readCircuit(JSON.parse(JSON.stringify(r)))!;
    expect(c.knowns).toMatchObject({ bulkSource: 'lifetime', yBulkPerS: 1e6, augerSource: 'off', nBulk: 2 });
    expect(c.mdm!.map((x) => [x.label, x.illumination])).toEqual([
      ['1 sun', 'light'],
      ['dark', 'dark'],
    ]);
    expect(c.fit!.curves.map((x) => x.label)).toEqual(['1 sun', 'dark']);
    expect(c.mdm![0]!.split.volume).toHaveLength(100);
    expect(c.mdm![0]!.ranking[0]).toBeDefined();
    const l = c.mdm![0]!.losses!;
    expect(l.pin).toBe(100);
    expect(l.pcePercent).toBeCloseTo(c.fit!.curves[0]!.modelKeyFigures!.pcePercent!, 10);
    expect(l.waterfall.map((w) => w.key)).toContain('excess-radiative');
    for (const w of l.waterfall) expect(w.lossPercent).toBeGreaterThanOrEqual(0);
    expect(c.mdm![1]!.losses).toBeUndefined();
    const jph = c.fit!.params.filter((p) => p.key === 'jphMaCm2');
    expect(jph.map((p) => p.curve)).toEqual([0, 1]);
    expect(c.fit!.params.find((p) => p.key === 'uIfPerCm2S')!.identifiability).toBeDefined();
    expect(c.fit!.params.find((p) => p.key === 'yBulkPerS')!.fixed).toBe(true);
  });
});

describe('routes', () => {
  it('links each kind to its result view and form', () => {
    expect(resultPath('opt', 3)).toBe('/plat/rsto/3');
    expect(resultPath('circle2', 4)).toBe('/plat/rstc2/4');
    expect(editPath('opt', 3)).toBe('/plat/calc/opt?calc=3');
    expect(editPath('elec', 5)).toBe('/plat/calc/elec/5');
  });
  it('reads the ids of the compare address', () => {
    expect(parseIds('3, 1,x,3,-2,4.5,7')).toEqual([3, 1, 7]);
    expect(parseIds(null)).toEqual([]);
  });
});
