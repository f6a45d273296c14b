import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli as cli } from '../../../test-support/cli.js';

/** The built CLI as a process (test-support/cli.ts), from the repository root; and the bin a user runs. */
const root = join(import.meta.dirname, '..', '..', '..');

describe('pvforge CLI', () => {
  it('prints help that lists its commands', () => {
    const r = cli('--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain('validate');
    expect(r.out).toContain('version');
  });
  it('prints the versions', () => {
    const version = JSON.parse(
      execFileSync('node', ['-p', 'JSON.stringify(require("./package.json").version)'], {
        cwd: root,
        encoding: 'utf8',
      }),
    );
    const r = cli('version');
    expect(r.code).toBe(0);
    expect(r.out).toContain(`pvforge ${version}`);
    expect(r.out).toContain(`node ${process.version}`);
  });
  it('runs as `pvforge` through the bin npm install links (node_modules/.bin), without a transpiler', () => {
    const r = spawnSync(join(root, 'node_modules/.bin/pvforge'), ['version'], { cwd: root, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^pvforge \d+\.\d+\.\d+\nengine /);
    // the bin is the launcher that runs the compiled JavaScript
    expect(realpathSync(join(root, 'node_modules/.bin/pvforge'))).toBe(join(root, 'apps/cli/bin/pvforge.js'));
    expect(readFileSync(join(root, 'apps/cli/bin/pvforge.js'), 'utf8')).toContain("import('../dist/main.js')");
  });
  it('refuses an unknown command', () => {
    const r = cli('frobnicate');
    expect(r.code).toBe(2);
    expect(r.err).toContain('unknown command');
  });
  it('fails, never skips, a case of an unknown kind or an unreadable file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pvf-cli-'));
    writeFileSync(
      join(dir, 'a.json'),
      JSON.stringify({ format: 'pv-bench/1', kind: 'no-such-kind', id: 'x', input: {}, expected: {}, tolerance: {} }),
    );
    writeFileSync(join(dir, 'b.json'), '{ not json');
    const r = cli('validate', dir);
    expect(r.code).toBe(1);
    expect(r.out).toContain('unknown case kind');
    expect(r.out).toContain('cannot read JSON');
    expect(r.out.trim().split('\n').at(-1)).toBe('0 passed, 2 failed');
    const j = cli('validate', dir, '--json');
    expect(JSON.parse(j.out)).toMatchObject({ passed: 0, failed: 2 });
  });

  it('`check` judges k_rad taken from a library table as the server does: refused beyond the limit, warned outside the usual range', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pvf-cli-'));
    const device = () =>
      JSON.parse(readFileSync(join(root, 'assets/devices/perovskite-pin-electrical.device.json'), 'utf8'));
    const absorber = (d: { layers: { name: string }[] }) => d.layers.findIndex((l) => l.name === 'MAPbI3');
    const floor = device();
    floor.layers[absorber(floor)].optical = { kind: 'table', materialId: 'mapbi3_phillips' };
    floor.layers[absorber(floor)].electrical.kRadFrom = 'absorption';
    writeFileSync(join(dir, 'floor.json'), JSON.stringify(floor));
    const refused = cli('check', join(dir, 'floor.json'));
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/"MAPbI3"\.electrical\.kRadFrom: the layer's absorption gives .* below the band gap/);
    const low = device();
    const j = absorber(low);
    low.layers[j].electrical.kRadFrom = 'absorption';
    low.layers[j].electrical.ncCm3 = 1e17;
    low.layers[j].electrical.nvCm3 = 1e17;
    writeFileSync(join(dir, 'low.json'), JSON.stringify(low));
    const warned = cli('check', join(dir, 'low.json'), '--lang', 'zh');
    expect(warned.code, warned.err).toBe(0);
    expect(warned.err.match(/kRadFrom: 由本层吸收算得的辐射复合系数为 \d\.\d+e-\d+ cm³\/s，不在常见的/g)).toHaveLength(
      1,
    );
  });
});
