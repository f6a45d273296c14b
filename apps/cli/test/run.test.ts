import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
function cli(...args: string[]) {
  const r = spawnSync('npm', ['run', '-s', 'pvforge', '--', ...args], { cwd: root, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}
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
      light: { figures: { Jsc_mA_cm2: number; Voc_V: number; FF: number; PCE_percent: number }; converged: boolean };
      generation: { jOpticalMaCm2: number };
      optics: { layers: { generation: { depthNm: number[] } }[] };
      eqe: { eqe: number[] };
    };
    expect(res.light.converged).toBe(true);
    const f = res.light.figures;
    // the summary prints the figures of the file
    expect(r.err).toContain(`Jsc ${f.Jsc_mA_cm2.toFixed(2)} mA/cm2`);
    expect(r.err).toContain(`PCE ${f.PCE_percent.toFixed(2)} %`);
    expect(f.Jsc_mA_cm2).toBeLessThan(res.generation.jOpticalMaCm2);
    expect(res.optics.layers[3]!.generation.depthNm.length).toBe(11);
    expect(res.eqe.eqe.length).toBeGreaterThan(10);
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
    expect(r.err).toContain('layers[3] "MAPbI3".electrical.muNCm2PerVs: must be > 0 in a non-electrode layer');
  });
});
