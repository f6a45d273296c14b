import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli as cli } from '../../../test-support/cli.js';

const root = join(import.meta.dirname, '..', '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'pvf-run-'));

describe('pvforge run', () => {
  it('runs an optical DeviceSpec and conserves energy in what it prints', () => {
    const r = cli(
      'run',
      join(root, 'packages/engine/test/optics/fixtures/perovskite-pin.device.json'),
      '--points',
      '11',
    );
    expect(r.code, r.err).toBe(0);
    const res = JSON.parse(r.out) as { R: number[]; T: number[]; layers: { A: number[] }[] };
    expect(res.R.length).toBeGreaterThan(100);
    for (let i = 0; i < res.R.length; i += 97) {
      const sum = res.R[i]! + res.T[i]! + res.layers.reduce((s, l) => s + l.A[i]!, 0);
      expect(sum).toBeCloseTo(1, 9);
    }
  });

  it('runs a library export that carries references and notes beside the spec, as the spec alone', () => {
    const specFile = join(root, 'packages/engine/test/optics/fixtures/perovskite-pin.device.json');
    const entry = join(dir, 'entry.device.json');
    const spec = JSON.parse(readFileSync(specFile, 'utf8'));
    writeFileSync(entry, JSON.stringify({ spec, references: ['10.1126/science.abd4016'], notes: 'from the library' }));
    const plain = cli('run', specFile, '--points', '5');
    const wrapped = cli('run', entry, '--points', '5');
    expect(wrapped.code, wrapped.err).toBe(0);
    const { elapsedMs: _a, ...fromEntry } = JSON.parse(wrapped.out);
    const { elapsedMs: _b, ...fromSpec } = JSON.parse(plain.out);
    expect(fromEntry).toEqual(fromSpec);
  });

  it('runs a circuit job: an ideal single diode has Voc = n Vt ln(Jph/J0 + 1)', () => {
    const file = join(dir, 'sdm.json');
    const voltageV = Array.from({ length: 141 }, (_, i) => i * 0.005);
    writeFileSync(
      file,
      JSON.stringify({
        kind: 'simulate-sdm',
        params: { jphMaCm2: 40, j0MaCm2: 1e-9, n: 1.1, rsOhmCm2: 0, rshOhmCm2: null, tK: 300 },
        voltageV,
      }),
    );
    const r = cli('run', file);
    expect(r.code, r.err).toBe(0);
    const res = JSON.parse(r.out) as { curve: { keyFigures: { vocV: number } } };
    const vt = (1.380649e-23 * 300) / 1.602176634e-19;
    expect(res.curve.keyFigures.vocV).toBeCloseTo(1.1 * vt * Math.log(40 / 1e-9 + 1), 6);
  });

  it('refuses a physically invalid circuit job with exit code 2, naming the field', () => {
    const file = join(dir, 'bad-modified.json');
    const job = {
      kind: 'simulate-modified',
      params: { jphMaCm2: 23, yBulkPerS: 3e6, uIfPerCm2S: 1e-2, yAugerPerS: 0, rsOhmCm2: 3, rshOhmCm2: 2000 },
      absorber: { thicknessNm: -500, ncCm3: 2.2e18, nvCm3: 2.2e18, egEV: 1.6, tK: 300 },
      voltageV: [0, 0.4, 0.8, 1.2],
    };
    writeFileSync(file, JSON.stringify(job));
    const r = cli('run', file);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain('absorber.thicknessNm: must be > 0 (got -500)');
    // every problem at once
    writeFileSync(file, JSON.stringify({ ...job, params: { ...job.params, rsOhmCm2: -3 } }));
    const r2 = cli('run', file);
    expect(r2.code).toBe(2);
    expect(r2.err).toContain('absorber.thicknessNm: must be > 0 (got -500)');
    expect(r2.err).toContain('params.rsOhmCm2: must be >= 0 (got -3)');
  });

  it('refuses a file that is neither a DeviceSpec nor a known job, naming what it expected', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ kind: 'bogus' }));
    const r = cli('run', file);
    expect(r.code).toBe(2);
    expect(r.err).toContain('unknown job kind "bogus"');
    writeFileSync(file, JSON.stringify({ schemaVersion: 1, name: 'x', layers: [] }));
    const r2 = cli('run', file);
    expect(r2.code).toBe(2);
    expect(r2.err).toMatch(/layers|stack/);
  });

  const electrical = join(root, 'packages/engine/test/device/fixtures/perovskite-pin-electrical.device.json');

  it('runs an electrical DeviceSpec: optics + drift-diffusion, a summary on stderr, the result in --out', () => {
    const outFile = join(dir, 'pin.json');
    const r = cli('run', electrical, '--out', outFile, '--points', '11');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/Jsc \d+\.\d+ mA\/cm2 +Voc \d\.\d+ V +FF \d+\.\d+ % +PCE \d+\.\d+ %/);
    expect(r.err).toContain('generation optical');
    const res = JSON.parse(readFileSync(outFile, 'utf8')) as {
      light: {
        figures: { Jsc_mA_cm2: number; Voc_V: number; FF: number; PCE_percent: number; pceWindowPercent: number };
        converged: boolean;
      };
      generation: { jOpticalMaCm2: number };
      optics: { layers: { generation: { depthNm: number[] } }[] };
      eqe: { eqe: number[] };
    };
    expect(res.light.converged).toBe(true);
    const f = res.light.figures;
    // the summary prints the figures of the file
    expect(r.err).toContain(`Jsc ${f.Jsc_mA_cm2.toFixed(2)} mA/cm2`);
    expect(r.err).toContain(`PCE ${f.PCE_percent.toFixed(2)} %`);
    // and the PCE on the 300-850 nm window's power, as SCAPS gives it
    expect(r.err).toContain(
      `PCE ${f.PCE_percent.toFixed(2)} % (full spectrum) · ${f.pceWindowPercent.toFixed(2)} % (300-850 nm window, as SCAPS)`,
    );
    expect(f.Jsc_mA_cm2).toBeLessThan(res.generation.jOpticalMaCm2);
    expect(res.optics.layers[3]!.generation.depthNm.length).toBe(11);
    expect(res.eqe.eqe.length).toBeGreaterThan(10);
  });

  it('prints a warning in English and keeps its code in the result', () => {
    const d = JSON.parse(readFileSync(electrical, 'utf8'));
    d.electrical.voltageSweep = { startV: 0, stopV: 0.6, stepV: 0.1 };
    d.electrical.extendToVoc = false;
    d.electrical.darkJV = false;
    delete d.electrical.eqe;
    const file = join(dir, 'below-voc.json');
    const outFile = join(dir, 'below-voc.out.json');
    writeFileSync(file, JSON.stringify(d));
    const r = cli('run', file, '--out', outFile, '--points', '11');
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(
      /run: warning: voltage_V: the range ends at 0\.6 V, below Voc \(J = \S+ mA\/cm\^2 > 0 there\)/,
    );
    expect(r.err).not.toContain('[object Object]');
    const res = JSON.parse(readFileSync(outFile, 'utf8')) as { light: { warnings: { code: string }[] } };
    expect(res.light.warnings.map((w) => w.code)).toContain('jv.sweep-below-voc');
  });

  it('runs the tandem example subcell by subcell: 2T, 4T, the subcells and the mismatch in the summary', () => {
    const outFile = join(dir, 'tandem.json');
    const r = cli(
      'run',
      join(root, 'assets/devices/perovskite-silicon-tandem-electrical.device.json'),
      '--out',
      outFile,
    );
    expect(r.code, r.err).toBe(0);
    const res = JSON.parse(readFileSync(outFile, 'utf8')) as {
      series: { figures: { PCE_percent: number } };
      fourTerminal: { pcePercent: number };
      mismatch: { limiting: string };
    };
    expect(r.err).toContain(`2T: Jsc`);
    expect(r.err).toContain(`PCE ${res.series.figures.PCE_percent.toFixed(2)} %`);
    expect(r.err).toContain(`4T: PCE ${res.fourTerminal.pcePercent.toFixed(2)} %`);
    expect(r.err).toContain(`limiting: ${res.mismatch.limiting} cell`);
  });

  it('runs the mobile-ion example: the scans, the hysteresis index and the impedance in the summary', () => {
    const outFile = join(dir, 'ions.json');
    const r = cli('run', join(root, 'assets/devices/perovskite-pin-ions-electrical.device.json'), '--out', outFile);
    expect(r.code, r.err).toBe(0);
    const res = JSON.parse(readFileSync(outFile, 'utf8')) as {
      transient: { hysteresisIndex: number; scans: { figures: { PCE_percent: number } }[] };
      impedance: { frequency_Hz: number[] };
    };
    expect(r.err).toMatch(/transient: done, \d+ samples over 31\.00 s/);
    expect(r.err).toMatch(/reverse scan at 0\.1 V\/s: Jsc .* PCE \d+\.\d+ %/);
    expect(r.err).toContain(`hysteresis index ${res.transient.hysteresisIndex.toFixed(4)}`);
    expect(r.err).toContain(`impedance at 1 V: ${res.impedance.frequency_Hz.length} frequencies`);
  });

  it('says why the p-i-n perovskite example has no Mott-Schottky reading (issue 29)', () => {
    const device = JSON.parse(
      readFileSync(join(root, 'assets/devices/perovskite-pin-electrical.device.json'), 'utf8'),
    ) as { electrical: Record<string, unknown> };
    device.electrical['generation'] = { kind: 'dark' };
    delete device.electrical['eqe'];
    device.electrical['voltageSweep'] = { startV: 0, stopV: 0.1, stepV: 0.1 };
    device.electrical['extendToVoc'] = false;
    device.electrical['capacitanceVoltage'] = { frequencyHz: 1e5, startV: -1, stopV: 0.5, stepV: 0.05 };
    const file = join(dir, 'pin-cv.device.json');
    writeFileSync(file, JSON.stringify(device));
    const r = cli('run', file, '--out', join(dir, 'pin-cv.json'));
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(/C-V at 100000 Hz: 31 voltages\n/);
    expect(r.err).toMatch(
      /no Mott-Schottky reading: C stays within 2 times the geometric capacitance 3\.036e-8 F\/cm\^2 \(at most 1\.0\d\d times\)/,
    );
    expect(r.err).not.toMatch(/N = \S+ cm-3/);
  });

  it('runs the CIGS example with band tails: the loss of each defect and the Mott-Schottky reading', () => {
    const outFile = join(dir, 'cigs-tails.json');
    const r = cli('run', join(root, 'assets/devices/cigs-tails-electrical.device.json'), '--out', outFile);
    expect(r.code, r.err).toBe(0);
    const res = JSON.parse(readFileSync(outFile, 'utf8')) as {
      capacitanceVoltage: { mottSchottky: { doping_cm3: number } };
    };
    expect(r.err).toMatch(/C-V at 100000 Hz: 29 voltages; Mott-Schottky from -1 to 0 V: N = \S+ cm-3, Vbi = \S+ V/);
    expect(r.err).toContain(`N = ${res.capacitanceVoltage.mottSchottky.doping_cm3.toExponential(3)} cm-3`);
    expect(r.err).toMatch(/without layer defect "mid-gap Gaussian" \(CIGS\): PCE \+\d+\.\d+ %, Voc \+\d+\.\d+ mV/);
  });

  it('refuses a bad electrical DeviceSpec with exit code 2, naming the layer and field', () => {
    const d = JSON.parse(readFileSync(electrical, 'utf8'));
    d.electrical.voltageSweep.stepV = 0;
    d.layers[3].electrical.muNCm2PerVs = 0;
    const file = join(dir, 'bad-electrical.json');
    writeFileSync(file, JSON.stringify(d));
    const r = cli('run', file);
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toContain('electrical.voltageSweep.stepV: must not be 0');
    // the registry's words, as the server and the editor say them
    expect(r.err).toContain(
      'layers[3] "MAPbI3".electrical.muNCm2PerVs: Electron mobility is 0 cm²/(V·s), outside the allowed range (> 0 and ≤ 1e6 cm²/(V·s))',
    );
    // and in Chinese when asked
    const zh = cli('run', file, '--lang', 'zh');
    expect(zh.code).toBe(2);
    expect(zh.err).toContain('layers[3] "MAPbI3".electrical.muNCm2PerVs: 电子迁移率为 0 cm²/(V·s)，超出允许范围');
  });
});
