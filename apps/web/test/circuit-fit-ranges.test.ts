import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkCircuitJob } from '@pvforge/contracts';
import { type CircuitJob, runCircuitJob } from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
import { spectrumJobArrays } from '../src/api/circuit';
import {
  boundsOf,
  buildJob,
  checkCurveLight,
  checkParam,
  checkRange,
  checkTemperature,
  checkVoltage,
  FIT_LIMITS,
  type FormValues,
  fitLimits,
  KNOWNS_DEFAULT,
  knownsOf,
  parseNum,
  SIM_PARAMS,
  valuesFromJob,
  voltageGrid,
} from '../src/pages/plat/calc/CircuitModel';

const limit = (model: 'sdm' | '2dm' | 'modified', key: string) => {
  const d = FIT_LIMITS[model].find((r) => r.key === key);
  if (!d) throw new Error(key);
  return d;
};

describe('circuit fit ranges (spec §9)', () => {
  it('defaults to the spec ranges of the traditional model', () => {
    const r = Object.fromEntries(fitLimits('sdm', 22.5).map((d) => [d.key, [d.lo, d.hi]]));
    expect(r).toEqual({
      jphMaCm2: [17.5, 27.5],
      j0MaCm2: [0, 1e-3],
      n: [0, 20],
      rsOhmCm2: [0, 100],
      rshOhmCm2: [1e1, 1e5],
    });
  });

  it('defaults to the spec ranges of the modified model, for what is not known only', () => {
    const known = Object.fromEntries(fitLimits('modified', undefined).map((d) => [d.key, [d.lo, d.hi]]));
    expect(known).toEqual({
      uIfPerCm2S: [0, 1e10],
      rsOhmCm2: [0, 100],
      rshOhmCm2: [1e1, 1e10],
      nIf: [1, 2],
    });
    const free = Object.fromEntries(
      fitLimits('modified', undefined, { bulk: true, auger: true }).map((d) => [d.key, [d.lo, d.hi]]),
    );
    expect(free).toEqual({ ...known, yBulkPerS: [0, 1e10], yAugerPerS: [0, 1e10] });
  });

  it('accepts a range inside the limits, also in scientific notation', () => {
    expect(checkRange(limit('sdm', 'j0MaCm2'), '1e-20', '1e-6')).toBeUndefined();
    expect(checkRange(limit('sdm', 'n'), ' 1 ', '3')).toBeUndefined();
    expect(checkRange(limit('modified', 'rshOhmCm2'), '1e2', '1E10')).toBeUndefined();
  });

  it('names what is wrong with a range', () => {
    expect(checkRange(limit('sdm', 'n'), 'abc', '2')).toEqual({ key: 'number' });
    expect(checkRange(limit('sdm', 'n'), '', '2')).toEqual({ key: 'number' });
    expect(checkRange(limit('sdm', 'n'), '3', '2')).toEqual({ key: 'rangeOrder' });
    expect(checkRange(limit('sdm', 'n'), '2', '2')).toEqual({ key: 'rangeOrder' });
    expect(checkRange(limit('sdm', 'n'), '-1', '2')).toEqual({ key: 'rangeBelow', values: { min: '0' } });
    expect(checkRange(limit('sdm', 'n'), '1', '21')).toEqual({ key: 'rangeAbove', values: { max: '20' } });
    expect(checkRange(limit('sdm', 'rshOhmCm2'), '5', '100')).toEqual({ key: 'rangeBelow', values: { min: '10' } });
    expect(checkRange(limit('sdm', 'rshOhmCm2'), '10', '1e6')).toEqual({ key: 'rangeAbove', values: { max: '1e5' } });
    expect(checkRange(limit('sdm', 'j0MaCm2'), '0', '0.01')).toEqual({ key: 'rangeAbove', values: { max: '1e-3' } });
    expect(checkRange(limit('modified', 'yAugerPerS'), '0', '2e10')).toEqual({
      key: 'rangeAbove',
      values: { max: '1e10' },
    });
  });

  it('keeps the photocurrent within the first data point ±5 mA/cm² (±5 % at high light)', () => {
    const jph = fitLimits('sdm', 20)[0]!;
    expect(jph.key).toBe('jphMaCm2');
    expect(checkRange(jph, '16', '24')).toBeUndefined();
    expect(checkRange(jph, '14', '24')?.key).toBe('rangeBelow');
    expect(checkRange(jph, '16', '25.5')?.key).toBe('rangeAbove');
    expect(fitLimits('sdm', 1000)[0]).toMatchObject({ lo: 950, hi: 1050 });
  });

  it('sends every range as the fit bounds, the photocurrent only when the curve is known', () => {
    const ranges = { n: { lo: '1', hi: '3' }, rsOhmCm2: { lo: '0', hi: '10' } };
    expect(boundsOf('sdm', ranges, undefined)).toEqual({
      j0MaCm2: [0, 1e-3],
      n: [1, 3],
      rsOhmCm2: [0, 10],
      rshOhmCm2: [10, 1e5],
    });
    expect(boundsOf('sdm', { ...ranges, jphMaCm2: { lo: '20', hi: '24' } }, 22)['jphMaCm2']).toEqual([20, 24]);
  });
});

describe('circuit parameters and conditions', () => {
  it('reads numbers as the spec §5 numeric helper does', () => {
    expect(parseNum(' 1.5e-3 ')).toBe(1.5e-3);
    expect(parseNum('.5')).toBe(0.5);
    expect(parseNum('1,5')).toBeUndefined();
    expect(parseNum('1e')).toBeUndefined();
    expect(parseNum('')).toBeUndefined();
  });

  it('checks parameter values, the shunt may be empty', () => {
    const [jph, j0, n, rs, rsh] = SIM_PARAMS.sdm;
    expect(checkParam(jph!, '23')).toBeUndefined();
    expect(checkParam(j0!, '0')).toEqual({ key: 'positive' });
    expect(checkParam(n!, '')).toEqual({ key: 'required' });
    expect(checkParam(rs!, '-1')).toEqual({ key: 'nonNegative' });
    expect(checkParam(rsh!, '')).toBeUndefined();
    expect(checkParam(rsh!, 'x')).toEqual({ key: 'number' });
  });

  it('checks the voltage range and the temperature', () => {
    expect(checkVoltage({ start: '0', stop: '1.2', points: '241' })).toEqual({});
    expect(checkVoltage({ start: '1', stop: '0.5', points: '241' }).stop?.key).toBe('stopAfterStart');
    expect(checkVoltage({ start: '0', stop: '1', points: '1' }).points?.key).toBe('points');
    expect(checkVoltage({ start: '0', stop: '1', points: '5001' }).points?.key).toBe('points');
    expect(checkVoltage({ start: '0', stop: '1', points: '10.5' }).points?.key).toBe('points');
    expect(checkTemperature('300')).toBeUndefined();
    expect(checkTemperature('0')).toEqual({ key: 'temperature' });
    expect(checkTemperature('warm')).toEqual({ key: 'number' });
    const g = voltageGrid({ start: 0, stop: 1.2, points: 241 });
    expect(g).toHaveLength(241);
    expect(g[0]).toBe(0);
    expect(g[240]).toBe(1.2);
    expect(g[120]).toBeCloseTo(0.6, 12);
  });
});

const base: FormValues = {
  name: '',
  mode: 'simulate',
  model: 'sdm',
  tK: '300',
  pin: '100',
  params: {
    jphMaCm2: '23',
    j0MaCm2: '3e-12',
    n: '1.5',
    j01MaCm2: '1e-20',
    j02MaCm2: '1e-8',
    rsOhmCm2: '3',
    rshOhmCm2: '',
    yBulkPerS: '3e6',
    uIfPerCm2S: '1e-2',
    yAugerPerS: '0',
  },
  absorber: { thicknessNm: '500', ncCm3: '2.2e18', nvCm3: '2.2e18', egEV: '1.6' },
  voltage: { start: '0', stop: '1.2', points: '121' },
  ranges: { n: { lo: '1', hi: '3' } },
  losses: true,
};
const spectrum = { wavelengthNm: [300, 800], irradianceWm2Nm: [1, 1] };
const curve = { text: 'v,j\n0,1\n1,0', format: 'table' as const };
const curves = [
  { source: curve, label: '1 sun', pin: '100', suns: '' },
  { source: { text: 'v,j\n0,0\n1,-1', format: 'table' as const }, label: 'dark', pin: '100', suns: '' },
];
const fitValues: FormValues = { ...base, mode: 'fit', knowns: { ...KNOWNS_DEFAULT }, fitInterfaceIdeality: true };

describe('circuit jobs', () => {
  it('builds jobs the server accepts (contracts CircleJob / Circle2Job)', () => {
    const jobs = [
      ['circle', buildJob('circle', base)],
      ['circle', buildJob('circle', { ...base, model: '2dm' })],
      ['circle', buildJob('circle', { ...base, mode: 'fit' }, { curve, parse: { areaCm2: 0.1, currentUnit: 'mA' } })],
      ['circle2', buildJob('circle2', base)],
      ['circle2', buildJob('circle2', fitValues, { curves, spectrum })],
      [
        'circle2',
        buildJob('circle2', fitValues, {
          curves: [
            {
              source: {
                rows: [
                  ['v', 'j'],
                  [0, 1],
                ],
              },
              label: 'sheet',
              pin: '100',
              suns: '1',
            },
          ],
        }),
      ],
      ['circle2', buildJob('circle2', { ...base, mode: 'losses' }, { spectrum })],
    ] as const;
    for (const [kind, job] of jobs) {
      const c = checkCircuitJob(kind, job);
      expect(c.ok, JSON.stringify(c)).toBe(true);
    }
    const sdm = buildJob('circle', base) as { kind: string; params: Record<string, unknown>; voltageV: number[] };
    expect(sdm.kind).toBe('simulate-sdm');
    expect(sdm.params).toEqual({ jphMaCm2: 23, j0MaCm2: 3e-12, n: 1.5, rsOhmCm2: 3, rshOhmCm2: null, tK: 300 });
    expect(sdm.voltageV).toHaveLength(121);
    const fit = buildJob('circle2', fitValues, { curves, spectrum }) as Record<string, unknown>;
    expect(fit['spectrum']).toEqual(spectrum);
    expect(fit['curve']).toBeUndefined();
    expect((fit['curves'] as { label: string; pinMwCm2: number }[]).map((c) => [c.label, c.pinMwCm2])).toEqual([
      ['1 sun', 100],
      ['dark', 100],
    ]);
    // what is known is held, not fitted: no ranges for y_bulk or y_Aug, and none for the photocurrents
    const options = fit['options'] as { bounds: Record<string, number[]>; fitInterfaceIdeality: boolean };
    expect(Object.keys(options.bounds).sort()).toEqual(['nIf', 'rsOhmCm2', 'rshOhmCm2', 'uIfPerCm2S']);
    expect(options.fitInterfaceIdeality).toBe(true);
    expect(fit['knowns']).toEqual({ bulk: { tauBulkS: 5e-7 }, auger: 'off' });
    expect(fit['absorber']).toEqual({ thicknessNm: 500, ncCm3: 2.2e18, nvCm3: 2.2e18, egEV: 1.6, tK: 300 });
  });

  it('turns what the user knows of the absorber into the knowns of the job', () => {
    expect(
      knownsOf({ ...KNOWNS_DEFAULT, bulk: 'yBulk', yBulkPerS: '2e6', auger: 'coefficient', cAugerCm6PerS: '1e-28' }),
    ).toEqual({
      bulk: { yBulkPerS: 2e6 },
      auger: { cAugerCm6PerS: 1e-28 },
    });
    expect(knownsOf({ ...KNOWNS_DEFAULT, bulk: 'fit', auger: 'fit' })).toEqual({ bulk: 'fit', auger: 'fit' });
  });

  it('checks the light of each curve; a dark curve needs none', () => {
    expect(checkCurveLight({ pin: '100', suns: '' }, false)).toEqual({});
    expect(checkCurveLight({ pin: '', suns: '' }, false).pin).toEqual({ key: 'required' });
    expect(checkCurveLight({ pin: '0', suns: '' }, false).pin).toEqual({ key: 'positive' });
    expect(checkCurveLight({ pin: '5000', suns: '-1' }, false).suns).toEqual({ key: 'positive' });
    expect(checkCurveLight({ pin: '', suns: 'x' }, true)).toEqual({});
  });

  it('leaves the spectrum out when loss quantification is off', () => {
    const fit = buildJob('circle2', { ...fitValues, losses: false }, { curves, spectrum }) as Record<string, unknown>;
    expect(fit['spectrum']).toBeUndefined();
  });

  it('reads a stored job back into the form (duplicate and edit)', () => {
    const job = buildJob('circle', { ...base, mode: 'fit', model: '2dm' }, { curve, parse: { voltageUnit: 'mV' } });
    const back = valuesFromJob('circle', job);
    expect(back.values.mode).toBe('fit');
    expect(back.values.model).toBe('2dm');
    expect(back.values.tK).toBe('300');
    expect(back.values.ranges?.['rsOhmCm2']).toEqual({ lo: '0', hi: '100' });
    expect(back.curve).toEqual(curve);
    expect(back.parse).toEqual({ voltageUnit: 'mV' });
    const sim = valuesFromJob('circle2', buildJob('circle2', base));
    expect(sim.values.mode).toBe('simulate');
    expect(sim.values.params?.['yBulkPerS']).toBe('3000000');
    expect(sim.values.voltage).toEqual({ start: '0', stop: '1.2', points: '121' });
    expect(sim.values.absorber?.['egEV']).toBe('1.6');
    const two = valuesFromJob(
      'circle2',
      buildJob(
        'circle2',
        { ...fitValues, knowns: { ...KNOWNS_DEFAULT, auger: 'coefficient', cAugerCm6PerS: '2e-29' } },
        { curves: [{ ...curves[0]!, pin: '50', suns: '0.5' }, curves[1]!] },
      ),
    );
    expect(two.curves?.map((c) => [c.label, c.pin, c.suns])).toEqual([
      ['1 sun', '50', '0.5'],
      ['dark', '100', ''],
    ]);
    expect(two.values.knowns).toMatchObject({
      bulk: 'lifetime',
      tauBulkNs: '500',
      auger: 'coefficient',
      cAugerCm6PerS: '2e-29',
    });
  });

  it('runs the sample curve fit with loss quantification in the engine as the server will, with one incident power', () => {
    const root = join(import.meta.dirname, '..', '..', '..');
    const text = readFileSync(join(root, 'apps/web/public/downloads/sample-perovskite-jv.csv'), 'utf8');
    const am15g = spectrumJobArrays(readFileSync(join(root, 'assets/data/spectra/am15g_1nm_300_1600.csv'), 'utf8'));
    const job = buildJob(
      'circle2',
      { ...fitValues, ranges: {} },
      { curves: [{ source: { text, format: 'table' }, label: 'sample', pin: '100', suns: '' }], spectrum: am15g },
    );
    expect(checkCircuitJob('circle2', job).ok).toBe(true);
    const r = runCircuitJob(JSON.parse(JSON.stringify(job)) as CircuitJob) as {
      fit: { params: Record<string, number>; rmseMaCm2: number; modelKeyFigures: { pcePercent: number } };
      curves: { losses?: { pcePercent: number; pinMwCm2: number } }[];
    };
    expect(r.fit.rmseMaCm2).toBeLessThan(0.1);
    expect(r.fit.params['jphMaCm2']).toBeCloseTo(23, 0);
    const losses = r.curves[0]!.losses!;
    expect(losses.pinMwCm2).toBe(100);
    expect(losses.pcePercent).toBeCloseTo(r.fit.modelKeyFigures.pcePercent, 10);
  });
});
