import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runDeviceSimulation, sampledKeyFigures } from '@pvforge/engine';
import { describe, expect, it } from 'vitest';
import { assets } from '../../../engine/test/device/helpers.js';
import type { SourceFile } from '../../src/report.js';
import { importSimsalabim, readSimsalabimCurves, SIMSALABIM_MESSAGES } from '../../src/simsalabim/index.js';

const FIX = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/simsalabim');
const read = (dir: string, skip = /^JV/): SourceFile[] =>
  readdirSync(join(FIX, dir))
    .filter((f) => !skip.test(f) && f !== 'README.md')
    .map((name) => ({ name, text: readFileSync(join(FIX, dir, name), 'utf8') }));
const curve = (dir: string, name: string) =>
  readSimsalabimCurves({ name, text: readFileSync(join(FIX, dir, name), 'utf8') })[0]!;

// the tolerances of the SIMsalabim benchmark cases (../shared/validation/cases/dd/simsalabim-*.json)
const TOL = { Jsc_rel: 0.002, Voc_abs_V: 0.002, FF_abs: 0.003, J_abs_mA_cm2: 0.1, J_rel: 0.005 };

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
    const res = runDeviceSimulation(out.device as never, assets);
    const ref = curve('5.36-uniform-G', 'JV-simss-uniform-G-NP1000.dat');
    const f = res.light!.figures!;
    const k = sampledKeyFigures(ref.x, ref.y);
    expect(Math.abs(f.Jsc_mA_cm2 / k.jscMaCm2 - 1)).toBeLessThan(TOL.Jsc_rel);
    expect(Math.abs(f.Voc_V - k.vocV)).toBeLessThan(TOL.Voc_abs_V);
    expect(Math.abs(f.FF - k.ff)).toBeLessThan(TOL.FF_abs);
    res.light!.V.forEach((v, i) => {
      const j = ref.x.findIndex((x) => Math.abs(x - v) < 1e-9);
      if (j < 0) return;
      expect(Math.abs(res.light!.J_mA_cm2[i]! - ref.y[j]!)).toBeLessThan(
        TOL.J_abs_mA_cm2 + TOL.J_rel * Math.abs(ref.y[j]!),
      );
    });
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
