import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { DeviceFitFree, DeviceFitResult } from '@pvforge/engine';
import { evaluateFitPoint } from '@pvforge/engine';
import { fileAssets } from '@pvforge/workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { runFitDevice } from '../src/commands/fit-device.js';

/**
 * `pvforge fit-device` from files: a J-V CSV and an EQE spectrum as a lab may export it (wavelength
 * in µm, EQE as a fraction), both made by the engine at a known absorber mobility with a fixed
 * pseudo-noise. The command must say what it read, convert the units, and find the mobility inside
 * its interval; an EQE beyond the device's optical window is refused before any run (exit 2).
 */
const root = join(import.meta.dirname, '..', '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'pvf-fit-device-'));
const MU = 'layers[3].electrical.muNCm2PerVs';
const FREE: DeviceFitFree[] = [
  { path: MU, min: 1e-4, max: 1 },
  { path: 'layers[3].electrical.muPCm2PerVs', tie: MU },
];
const V = Array.from({ length: 25 }, (_, i) => -0.1 + (1.2 * i) / 24);
const WL = Array.from({ length: 21 }, (_, i) => 400 + 20 * i);

/** Collects what the command writes to stderr. */
function sink(): { stream: Writable; text: () => string } {
  let text = '';
  const stream = new Writable({
    write(chunk, _enc, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream, text: () => text };
}

beforeAll(() => {
  const device = JSON.parse(readFileSync(join(root, 'assets/devices/perovskite-pin-electrical.device.json'), 'utf8'));
  device.electrical.gridPoints = 60;
  delete device.electrical.eqe;
  const abs = device.layers[3].electrical;
  abs.tauNS = abs.tauPS = 1e-8;
  abs.muNCm2PerVs = abs.muPCm2PerVs = 1e-2;
  writeFileSync(join(dir, 'device.json'), JSON.stringify(device));
  const shells = [
    { kind: 'jv' as const, intensitySuns: 1, voltageV: V, jMaCm2: V.map(() => 1) },
    { kind: 'eqe' as const, wavelengthNm: WL, eqePercent: WL.map(() => 50) },
  ];
  const truth = evaluateFitPoint({ device, curves: shells, free: FREE }, [-3], fileAssets());
  if (!truth.ok) throw new Error(truth.reason.en);
  const [j, q] = truth.model as [number[], number[]];
  writeFileSync(
    join(dir, 'light.csv'),
    `V (V),J (mA/cm2)\n${V.map((v, i) => `${v},${j[i]! + 0.05 * Math.sin(12.9898 * (i + 1))}`).join('\n')}\n`,
  );
  writeFileSync(
    join(dir, 'eqe.csv'),
    `wavelength (um),EQE\n${WL.map((w, i) => `${w / 1000},${(q[i]! + 0.3 * Math.sin(7.1 * (i + 1))) / 100}`).join('\n')}\n`,
  );
  writeFileSync(join(dir, 'free.json'), JSON.stringify(FREE));
  writeFileSync(
    join(dir, 'curves.json'),
    JSON.stringify([
      { file: 'light.csv', kind: 'jv', intensitySuns: 1, noiseMaCm2: 0.05 },
      { file: 'eqe.csv', kind: 'eqe', noisePercent: 0.3 },
    ]),
  );
});

describe('pvforge fit-device with an EQE spectrum', () => {
  it('reads µm and a fraction as such (and says so), and finds the mobility inside its interval', async () => {
    const err = sink();
    const out = join(dir, 'result.json');
    const code = await runFitDevice(
      join(dir, 'device.json'),
      { curves: join(dir, 'curves.json'), free: join(dir, 'free.json'), out, workers: 2, lang: 'en' },
      err.stream,
    );
    expect(code, err.text()).toBe(0);
    expect(err.text()).toContain(
      'eqe.csv: 21 points, wavelength in µm (times 1000), EQE as a fraction (times 100) (detected)',
    );
    const r = JSON.parse(readFileSync(out, 'utf8')) as DeviceFitResult;
    expect(r.status).toBe('converged');
    const mu = r.parameters[0]!;
    expect(mu.identifiable).toBe(true);
    expect(mu.low!).toBeLessThan(1e-3);
    expect(mu.high!).toBeGreaterThan(1e-3);
    const eqe = r.curves[1]!;
    expect(eqe.kind).toBe('eqe');
    if (eqe.kind === 'eqe') {
      expect(eqe.wavelengthNm[0]).toBeCloseTo(400, 9);
      expect(Math.max(...eqe.measuredPercent)).toBeGreaterThan(1);
    }
  }, 120_000);

  it('refuses an EQE beyond the optical window before any run, naming the field (exit 2)', async () => {
    writeFileSync(join(dir, 'far.csv'), `wavelength (nm),EQE (%)\n${WL.map((w) => `${w + 500},40`).join('\n')}\n`);
    writeFileSync(join(dir, 'far.json'), JSON.stringify([{ file: 'far.csv', kind: 'eqe' }]));
    const err = sink();
    const code = await runFitDevice(
      join(dir, 'device.json'),
      { curves: join(dir, 'far.json'), free: join(dir, 'free.json'), out: join(dir, 'far-result.json'), lang: 'en' },
      err.stream,
    );
    expect(code).toBe(2);
    expect(err.text()).toMatch(/curves\[0\]\.wavelengthNm: the EQE's wavelengths \(900–1300 nm\) reach beyond/);
  });

  it('passes an EQE’s bias light and bias voltage from CURVES.json to the job, and their refusal back (exit 2)', async () => {
    writeFileSync(
      join(dir, 'biased.json'),
      JSON.stringify([{ file: 'eqe.csv', kind: 'eqe', biasLightSuns: 1, biasV: 1.9, noisePercent: 0.3 }]),
    );
    const err = sink();
    const code = await runFitDevice(
      join(dir, 'device.json'),
      {
        curves: join(dir, 'biased.json'),
        free: join(dir, 'free.json'),
        out: join(dir, 'biased-result.json'),
        lang: 'en',
      },
      err.stream,
    );
    expect(code).toBe(2);
    expect(err.text()).toContain('(detected), bias light 1 sun(s), at 1.9 V');
    expect(err.text()).toMatch(/curves\[0\]\.biasV: curve “eqe\.csv” gives a bias of 1\.9 V, beyond the band gap/);
  });
});

/**
 * C-V and C-f files as an impedance analyser writes them: a C-V of the whole device in pF (its area
 * given) and a C-f in F/cm² with its frequencies in kHz, both of the engine at a known absorber
 * doping. The command must read the units (from the header, from the values), convert, say so, and
 * find the doping inside its interval; absolute pF without the area is refused before any run.
 */
describe('pvforge fit-device with C-V and C-f curves', () => {
  const NA = 'layers[3].electrical.naCm3';
  const CAP_FREE: DeviceFitFree[] = [{ path: NA, min: 1e15, max: 1e18 }];
  const BIAS = Array.from({ length: 13 }, (_, i) => -1 + 0.125 * i);
  const FREQ = Array.from({ length: 9 }, (_, i) => 10 ** (2 + 0.5 * i));
  const AREA = 0.09;
  const cap = join(dir, 'cap');

  beforeAll(() => {
    mkdirSync(cap, { recursive: true });
    const device = JSON.parse(readFileSync(join(dir, 'device.json'), 'utf8'));
    device.layers[3].electrical.naCm3 = 1e16;
    writeFileSync(join(cap, 'device.json'), JSON.stringify(device));
    const shells = [
      { kind: 'cv' as const, frequencyHz: 1e4, biasV: BIAS, capacitanceNFPerCm2: BIAS.map(() => 50) },
      { kind: 'cf' as const, biasV: -0.5, frequencyHz: FREQ, capacitanceNFPerCm2: FREQ.map(() => 50) },
    ];
    const truth = evaluateFitPoint({ device, curves: shells, free: CAP_FREE }, [17], fileAssets());
    if (!truth.ok) throw new Error(truth.reason.en);
    const [cv, cf] = truth.model as [number[], number[]];
    // absolute pF of a 0.09 cm² cell, and F/cm² with kHz, each with a 0.3 % pseudo-noise
    writeFileSync(
      join(cap, 'cv.csv'),
      `Bias (V),Cp (pF)\n${BIAS.map((v, i) => `${v},${cv[i]! * AREA * 1000 * (1 + 0.003 * Math.sin(12.9898 * (i + 1)))}`).join('\n')}\n`,
    );
    writeFileSync(
      join(cap, 'cf.txt'),
      `f (kHz)\tC\n${FREQ.map((f, i) => `${f / 1000}\t${cf[i]! * 1e-9 * (1 + 0.003 * Math.sin(7.1 * (i + 1)))}`).join('\n')}\n`,
    );
    writeFileSync(join(cap, 'free.json'), JSON.stringify(CAP_FREE));
    writeFileSync(
      join(cap, 'curves.json'),
      JSON.stringify([
        { file: 'cv.csv', kind: 'cv', frequencyHz: 1e4, areaCm2: AREA, noiseRel: 0.003 },
        { file: 'cf.txt', kind: 'cf', biasV: -0.5, noiseRel: 0.003 },
      ]),
    );
  });

  it('reads pF over the area and F/cm² in kHz (and says so), and finds the doping inside its interval', async () => {
    const err = sink();
    const out = join(cap, 'result.json');
    const code = await runFitDevice(
      join(cap, 'device.json'),
      { curves: join(cap, 'curves.json'), free: join(cap, 'free.json'), out, workers: 2, lang: 'en' },
      err.stream,
    );
    expect(code, err.text()).toBe(0);
    expect(err.text()).toContain('cv.csv: 13 points, bias in V (detected), C in pF (from the header) over 0.09 cm²');
    expect(err.text()).toContain(
      'cf.txt: 9 points, frequency in kHz (times 1000), C in F/cm² (detected from the values) (times 1000000000)',
    );
    const r = JSON.parse(readFileSync(out, 'utf8')) as DeviceFitResult;
    expect(r.status).toBe('converged');
    const na = r.parameters[0]!;
    expect(na.identifiable).toBe(true);
    expect(na.low!).toBeLessThan(1e17);
    expect(na.high!).toBeGreaterThan(1e17);
    const [cv, cf] = r.curves;
    expect(cv!.kind).toBe('cv');
    expect(cf!.kind).toBe('cf');
    if (cf!.kind === 'cf') {
      expect(cf!.frequencyHz[0]).toBeCloseTo(100, 9);
      expect(cf!.biasV).toBe(-0.5);
    }
    if (cv!.kind === 'cv') expect(cv!.measuredNFPerCm2[0]).toBeGreaterThan(10);
  }, 120_000);

  it('refuses absolute pF without the device’s area, and a C-f with a frequency twice, before any run (exit 2)', async () => {
    writeFileSync(join(cap, 'no-area.json'), JSON.stringify([{ file: 'cv.csv', kind: 'cv', frequencyHz: 1e4 }]));
    let err = sink();
    let code = await runFitDevice(
      join(cap, 'device.json'),
      { curves: join(cap, 'no-area.json'), free: join(cap, 'free.json'), out: join(cap, 'x.json'), lang: 'en' },
      err.stream,
    );
    expect(code).toBe(2);
    expect(err.text()).toMatch(/the capacitance is in pF of the whole device: give its area, "areaCm2"/);
    writeFileSync(
      join(cap, 'twice.csv'),
      `f (Hz),C (nF/cm2)\n${[100, 1000, 1000, 1e4, 1e5].map((f) => `${f},40`).join('\n')}\n`,
    );
    writeFileSync(join(cap, 'twice.json'), JSON.stringify([{ file: 'twice.csv', kind: 'cf', biasV: 0 }]));
    err = sink();
    code = await runFitDevice(
      join(cap, 'device.json'),
      { curves: join(cap, 'twice.json'), free: join(cap, 'free.json'), out: join(cap, 'x.json'), lang: 'zh' },
      err.stream,
    );
    expect(code).toBe(2);
    expect(err.text()).toMatch(/curves\[0\]\.frequencyHz: 曲线「twice\.csv」在 1000 Hz 处频率重复/);
  });
});
