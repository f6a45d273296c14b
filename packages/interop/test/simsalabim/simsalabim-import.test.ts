import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runDeviceSimulation, sampledKeyFigures } from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
import { assets } from '../../../engine/test/device/helpers.js';
import type { SourceFile } from '../../src/report.js';
import { importSimsalabim, readSimsalabimCurves, SIMSALABIM_MESSAGES } from '../../src/simsalabim/index.js';
import { expectWithinBenchmark } from './benchmark.js';

const FIX = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/simsalabim');
const read = (dir: string, skip = /^JV/): SourceFile[] =>
  readdirSync(join(FIX, dir))
    .filter((f) => !skip.test(f) && f !== 'README.md')
    .map((name) => ({ name, text: readFileSync(join(FIX, dir, name), 'utf8') }));
const curve = (dir: string, name: string) =>
  readSimsalabimCurves({ name, text: readFileSync(join(FIX, dir, name), 'utf8') })[0]!;

describe('SIMsalabim 5.36 default device', () => {
  it('imports with a complete report: every line of every parameter file is accounted for', () => {
    const files = read('5.36');
    const out = importSimsalabim(files);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.report.version).toBe('5.36');
    for (const name of ['simulation_setup.txt', 'L1_parameters.txt', 'L2_parameters.txt', 'L3_parameters.txt']) {
      const text = files.find((f) => f.name === name)!.text.split(/\r?\n/);
      const lines = text.flatMap((l, i) => (/^\s*[A-Za-z_]\w*\s*=/.test(l) ? [i + 1] : []));
      const seen = new Set(out.report.items.filter((it) => it.source?.file === name).map((it) => it.source!.line));
      expect(lines.filter((l) => !seen.has(l))).toEqual([]);
    }
    // every non-mapped item says why, in words the catalogue has
    for (const it of out.report.items) {
      if (it.status === 'mapped') continue;
      expect(it.message?.code).toBeDefined();
      expect(SIMSALABIM_MESSAGES[it.message!.code], it.message!.code).toBeDefined();
    }
    const el = out.device.layers.find((l) => l.name === 'L2')!.electrical!;
    // E_v - E_c, m^2/Vs -> cm^2/Vs, m^3/s -> cm^3/s, m^-3 -> cm^-3 from the registry's factors
    expect(el.egEV).toBeCloseTo(1.63, 12);
    expect(el.muNCm2PerVs).toBe(1);
    expect(el.kRadCm3PerS).toBe(1e-11);
    expect(el.defects![0]).toMatchObject({ type: 'acceptor', densityCm3: 1e14, cNCm3PerS: 5e-8, cPCm3PerS: 2e-8 });
    expect(el.defects![0]!.energyEV).toBeCloseTo(0.8, 12);
    // 5e21 mobile anions and 3e21 mobile cations, no background in SIMsalabim: net 2e15 cm^-3 acceptor-like
    expect(el.naCm3! - el.ndCm3!).toBeCloseTo(2e15, -3);
    expect(out.device.electrical!.contacts).toMatchObject({ anode: 'back', front: { workFunctionEV: 4.05 } });
    const src = out.report.items.find((it) => it.path === 'layers[3].electrical.muNCm2PerVs')!;
    expect(src.source).toEqual({ file: 'L2_parameters.txt', line: 16 });
  });

  it("gives SimSS's own J-V with uniform generation within the benchmark tolerances", () => {
    // the default device with genProfile = none and G_ehp = 1.6e27 in every layer (the README says
    // why: PVForge's uniform generation is one rate in every layer); SimSS run on NP = 1000
    const out = importSimsalabim(read('5.36-uniform-G'));
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    // G_ehp alike in every layer: one uniform rate, no layer switched off
    expect(out.device.layers.some((l) => l.electrical?.generatesCarriers !== undefined)).toBe(false);
    const res = runDeviceSimulation(out.device as never, assets);
    expectWithinBenchmark(res, curve('5.36-uniform-G', 'JV-simss-uniform-G-NP1000.dat'));
  });

  it("gives SimSS's own J-V of the shipped device (its optics, C60 and PTAA absorbing without generating)", () => {
    // genProfile = calc with layerGen = 0 in L1 (C60) and L3 (PTAA): what is left between the two
    // is the optics, SimSS's transfer matrix and PVForge's on the same n,k tables and spectrum
    const out = importSimsalabim(read('5.36'));
    if (!out.ok) throw new Error(out.error.text);
    const el = out.device.layers.filter((l) => l.electrical);
    expect(el.map((l) => [l.name, l.electrical!.generatesCarriers])).toEqual([
      ['L1', false],
      ['L2', undefined],
      ['L3', false],
    ]);
    expect(out.device.electrical!.generation).toEqual({ kind: 'optical' });
    const res = runDeviceSimulation(out.device as never, assets);
    expectWithinBenchmark(res, curve('5.36', 'JV-simss-default-NP1000.dat'));
  });

  it('reads a generation-profile file as SimSS does: x stretched to the device, G x G_frac, layerGen = 0 silent', () => {
    // the shipped genprof.txt runs from x = 0 to 1 (SimSS stretches it to L) at 1e27 m^-3 s^-1
    const files = read('5.36').map((f) =>
      f.name === 'simulation_setup.txt'
        ? {
            ...f,
            text: f.text
              .replace(/^genProfile = calc /m, 'genProfile = genprof.txt')
              .replace(/^G_frac = 1 /m, 'G_frac = 0.5'),
          }
        : f,
    );
    const out = importSimsalabim(files);
    if (!out.ok) throw new Error(out.error.text);
    const total = out.device.layers.reduce((s, l) => s + (l.electrical ? l.thicknessNm : 0), 0);
    expect(out.device.electrical!.generation).toEqual({ kind: 'profile', xNm: [0, total], gCm3PerS: [5e20, 5e20] });
    expect(out.device.illumination).toBeUndefined();
    expect(out.device.layers.filter((l) => l.electrical?.generatesCarriers === false).map((l) => l.name)).toEqual([
      'L1',
      'L3',
    ]);
    const codes = out.report.items.map((it) => it.message?.code);
    expect(codes).toContain('simsalabim.profile-stretch');
    expect(codes).not.toContain('simsalabim.profile-mean');
    expect(out.report.files).toContain('genprof.txt');
    // a file whose x starts inside the device: SimSS extends its first segment to the front face
    const late = files.map((f) =>
      f.name === 'genprof.txt' ? { ...f, text: 'x G_ehp\n0.25 1e27\n0.5 2e27\n1 2e27\n' } : f,
    );
    const o2 = importSimsalabim(late);
    if (!o2.ok) throw new Error(o2.error.text);
    const g = o2.device.electrical!.generation as { xNm: number[]; gCm3PerS: number[] };
    expect(g.xNm[0]).toBe(0);
    expect(g.gCm3PerS[0]).toBe(0);
    expect(g.xNm[1]).toBeCloseTo(total / 4, 9);
  });
});

describe('bad files: a clear error naming file and line, never a throw or a partial device', () => {
  const base = () => read('5.36');
  const swap = (files: SourceFile[], name: string, f: (t: string) => string) =>
    files.map((x) => (x.name === name ? { ...x, text: f(x.text) } : x));
  it('a missing layer file', () => {
    const out = importSimsalabim(base().filter((f) => f.name !== 'L2_parameters.txt'));
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.error.code).toBe('simsalabim.missing-file');
    expect(out.error.params).toMatchObject({ file: 'L2_parameters.txt', from: 'simulation_setup.txt', line: 11 });
    expect('device' in out).toBe(false);
  });
  it('a truncated layer file', () => {
    const out = importSimsalabim(swap(base(), 'L1_parameters.txt', (t) => t.slice(0, t.indexOf('mu_p'))));
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error.text).toMatch(/L1_parameters.txt/);
  });
  it('a binary file and a 10 MB file', () => {
    const bin = importSimsalabim(swap(base(), 'L3_parameters.txt', () => '\u0000\u0001\u0002PK\u0003'.repeat(50)));
    expect(bin.ok).toBe(false);
    if (!bin.ok) expect(bin.error.code).toBe('import.binary');
    const big = importSimsalabim(swap(base(), 'simulation_setup.txt', (t) => t + '* x\n'.repeat(2_600_000)));
    expect(big.ok).toBe(false);
    if (!big.ok) expect(big.error.code).toBe('import.too-large');
  });
  it('a value that is not a number, and a nonsense value, name their line', () => {
    const nan = importSimsalabim(swap(base(), 'L2_parameters.txt', (t) => t.replace('mu_n = 1E-4 ', 'mu_n = 1E-4cm')));
    expect(nan.ok).toBe(false);
    if (!nan.ok) expect(nan.error.source).toEqual({ file: 'L2_parameters.txt', line: 16 });
    // a negative mobility (or a thickness in nm where m is meant) breaks the registry's limits
    const neg = importSimsalabim(swap(base(), 'L2_parameters.txt', (t) => t.replace('mu_n = 1E-4 ', 'mu_n = -1E-4')));
    expect(neg.ok).toBe(false);
    if (!neg.ok) expect(neg.error.source).toEqual({ file: 'L2_parameters.txt', line: 16 });
    const nm = importSimsalabim(swap(base(), 'L2_parameters.txt', (t) => t.replace('L = 500E-9 ', 'L = 500    ')));
    expect(nm.ok).toBe(false);
    if (!nm.ok) expect(nm.error.source?.file).toBe('L2_parameters.txt');
  });
  it('a line that is not "key = value"', () => {
    const out = importSimsalabim(swap(base(), 'simulation_setup.txt', (t) => t.replace('T = 295', 'T 295')));
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error.source).toEqual({ file: 'simulation_setup.txt', line: 7 });
  });
});

describe('readSimsalabimCurves', () => {
  it("reads SimSS's JV.dat in mA/cm^2 with the photocurrent positive", () => {
    const c = curve('5.36', 'JV-simss-default.dat');
    expect(c.kind).toBe('jv');
    expect(c.x[0]).toBeCloseTo(-0.04, 12);
    // JV.dat's first row: Jext = -2.18805211453E+0002 A/m^2
    expect(c.y[0]).toBeCloseTo(21.8805211453, 9);
    const k = sampledKeyFigures(c.x, c.y);
    // SimSS's own scPars.txt of that run: Jsc -218.7674 A/m^2, Voc 1.2039 V, FF 0.794
    expect(k.jscMaCm2).toBeCloseTo(21.87674, 3);
    expect(k.vocV).toBeCloseTo(1.2039, 3);
  });
  it('gives no curve for a file that is not one', () => {
    expect(readSimsalabimCurves({ name: 'x.txt', text: 'hello' })).toEqual([]);
  });
});

describe('SIMSALABIM_MESSAGES', () => {
  it('words every code in zh-CN and English with the same parameters', () => {
    const names = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const [code, w] of Object.entries(SIMSALABIM_MESSAGES)) {
      expect(typeof w, code).toBe('object');
      const l = w as Record<string, string>;
      expect(Object.keys(l).sort(), code).toEqual(['en', 'zh-CN']);
      expect(l['zh-CN']!.length, code).toBeGreaterThan(0);
      expect(names(l['zh-CN']!), code).toEqual(names(l['en']!));
    }
  });
});
