import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { checkDeviceSpec } from '@pvforge/contracts';
import { describe, expect, it } from 'vitest';
import { runCli as cli } from '../../../test-support/cli.js';
import { gatherDeviceFiles, runExport, runImport } from '../src/commands/interop.js';

const root = join(import.meta.dirname, '..', '..', '..');
const example = join(root, 'assets/devices/perovskite-pin-electrical.device.json');
const fixtures = join(root, 'packages/interop/test/fixtures');

/** Runs a command in process, collecting what it prints. */
function capture(run: (out: Writable, err: Writable) => number) {
  let out = '';
  let err = '';
  const sink = (add: (s: string) => void) =>
    new Writable({
      write(chunk, _enc, done) {
        add(String(chunk));
        done();
      },
    });
  const code = run(
    sink((s) => {
      out += s;
    }),
    sink((s) => {
      err += s;
    }),
  );
  return { code, out, err };
}

const tmp = () => mkdtempSync(join(tmpdir(), 'pvf-interop-'));

describe('pvforge import and export', () => {
  it('finds the files a device file names beside it, whatever their case, and nothing else', () => {
    const dir = tmp();
    writeFileSync(join(dir, 'cell.def'), 'absorption file : C:\\Users\\x\\absorption\\CsPbI3.ABS\r\nlayer : 1\r\n');
    writeFileSync(join(dir, 'CsPbI3.abs'), '300\t1e5\n');
    writeFileSync(join(dir, 'MAPbI3.abs'), '300\t1e5\n');
    writeFileSync(join(dir, 'xCsPbI3.abs'), '300\t1e5\n');
    expect(gatherDeviceFiles(join(dir, 'cell.def')).map((f) => f.name)).toEqual(['cell.def', 'CsPbI3.abs']);
    // names followed through: the setup names the layer file, the layer file its trap file
    const sim = tmp();
    writeFileSync(join(sim, 'simulation_setup.txt'), 'l1 = L1_parameters.txt\n');
    writeFileSync(join(sim, 'L1_parameters.txt'), 'BulkTrapFile = traps.txt\n');
    writeFileSync(join(sim, 'traps.txt'), 'E\n');
    writeFileSync(join(sim, 'unrelated.txt'), 'x\n');
    expect(gatherDeviceFiles(join(sim, 'simulation_setup.txt')).map((f) => f.name)).toEqual([
      'simulation_setup.txt',
      'L1_parameters.txt',
      'traps.txt',
    ]);
  });

  it('imports the public SCAPS 3.3.12 device with its absorption file into a device the check accepts', () => {
    const dir = tmp();
    copyFileSync(join(fixtures, 'scaps/public/scapsml_cspbi3_base.def'), join(dir, 'scapsml_cspbi3_base.def'));
    copyFileSync(join(fixtures, 'scaps/own/CsPbI3_RSC_standin.abs'), join(dir, 'CsPbI3_RSC.abs'));
    const out = join(dir, 'out', 'cspbi3.device.json');
    const r = capture((o, e) =>
      runImport(join(dir, 'scapsml_cspbi3_base.def'), { out, lang: 'zh', json: false }, o, e),
    );
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('SCAPS-1D 3.3.12: scapsml_cspbi3_base.def, CsPbI3_RSC.abs');
    expect(r.out).toMatch(/报告: \d+ 已映射, \d+ 近似, \d+ 无法表达, \d+ 未使用/);
    // the items not simply mapped, each with its file and line, the approximated ones first
    const items = r.out.split('\n').filter((l) => l.startsWith('  '));
    expect(items.length).toBeGreaterThan(0);
    for (const l of items) expect(l).toMatch(/\((scapsml_cspbi3_base\.def|CsPbI3_RSC\.abs):\d+\)/);
    expect(items[0]).toMatch(/^ {2}近似/);
    const device = JSON.parse(readFileSync(out, 'utf8'));
    expect(checkDeviceSpec(device).ok).toBe(true);
    expect(device.layers.map((l: { name: string }) => l.name)).toEqual(['ITO', 'SnO2', 'CsPbI3', 'Spiro-OMeTAD']);
    // without the absorption file it names: refused, naming the line, nothing written
    const bare = tmp();
    copyFileSync(join(fixtures, 'scaps/public/scapsml_cspbi3_base.def'), join(bare, 'cell.def'));
    const no = capture((o, e) =>
      runImport(join(bare, 'cell.def'), { out: join(bare, 'x.json'), lang: 'en', json: false }, o, e),
    );
    expect(no.code).toBe(2);
    expect(no.err).toMatch(/cell\.def.*191/);
    expect(no.err).toContain('CsPbI3_RSC.abs');
    expect(existsSync(join(bare, 'x.json'))).toBe(false);
  });

  it('imports a .def SCAPS saved in the Windows code page (a µ and a ° as single bytes), as the browser does', () => {
    const dir = tmp();
    const def = readFileSync(join(fixtures, 'scaps/public/scapsml_cspbi3_base.def'), 'latin1');
    // a comment line with Windows-1252 bytes: read as UTF-8 they would be replacement characters,
    // which the guard refuses as binary
    const ansi = def.replace(/\r?\n/, (nl) => `${nl}comments : 350 nm absorber, 25 °C, µ from Hall${nl}`);
    writeFileSync(join(dir, 'ansi.def'), Buffer.from(ansi, 'latin1'));
    expect(readFileSync(join(dir, 'ansi.def')).includes(0xb5)).toBe(true);
    copyFileSync(join(fixtures, 'scaps/own/CsPbI3_RSC_standin.abs'), join(dir, 'CsPbI3_RSC.abs'));
    const out = join(dir, 'ansi.device.json');
    const r = capture((o, e) => runImport(join(dir, 'ansi.def'), { out, lang: 'en', json: false }, o, e));
    expect(r.code, r.err).toBe(0);
    expect(checkDeviceSpec(JSON.parse(readFileSync(out, 'utf8'))).ok).toBe(true);
  });

  it("imports SIMsalabim's shipped default device from its simulation_setup.txt and the files it names", () => {
    const out = join(tmp(), 'simss.device.json');
    const r = capture((o, e) =>
      runImport(
        join(fixtures, 'simsalabim/5.36-uniform-G/simulation_setup.txt'),
        { out, lang: 'en', json: false },
        o,
        e,
      ),
    );
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/^SIMsalabim[^:]*: simulation_setup\.txt, L1_parameters\.txt/);
    expect(r.out).toMatch(/report: \d+ mapped, \d+ approximated, \d+ refused, \d+ not used/);
    expect(checkDeviceSpec(JSON.parse(readFileSync(out, 'utf8'))).ok).toBe(true);
  });

  it('exports an example device as a SCAPS .def and imports it back with the same layers', () => {
    const dir = tmp();
    const ex = capture((o, e) => runExport(example, { tool: 'scaps', out: dir, lang: 'en', json: false }, o, e));
    expect(ex.code, ex.err).toBe(0);
    const def = readdirSync(dir).find((n) => n.endsWith('.def'));
    expect(def).toBeDefined();
    expect(ex.out).toContain(`wrote ${join(dir, def!)}`);
    const out = join(tmp(), 'back.device.json');
    const im = capture((o, e) => runImport(join(dir, def!), { out, lang: 'en', json: false }, o, e));
    expect(im.code, im.err).toBe(0);
    const device = JSON.parse(readFileSync(out, 'utf8'));
    expect(checkDeviceSpec(device).ok).toBe(true);
    const source = JSON.parse(readFileSync(example, 'utf8'));
    const electrical = source.layers.filter((l: { electrical?: unknown }) => l.electrical);
    expect(device.layers.map((l: { thicknessNm: number }) => l.thicknessNm)).toEqual(
      electrical.map((l: { thicknessNm: number }) => l.thicknessNm),
    );
  });

  it('writes SIMsalabim files only when there are some, else says why and leaves no folder', () => {
    const dir = join(tmp(), 'sim');
    const ex = capture((o, e) => runExport(example, { tool: 'simsalabim', out: dir, lang: 'en', json: false }, o, e));
    if (ex.code === 0) {
      expect(readdirSync(dir)).toContain('simulation_setup.txt');
    } else {
      expect(ex.code).toBe(2);
      expect(ex.err).toContain('nothing was written');
      expect(existsSync(dir)).toBe(false);
    }
  });

  it('prints the report as JSON with every message worded', () => {
    const dir = tmp();
    expect(capture((o, e) => runExport(example, { tool: 'scaps', out: dir, lang: 'en', json: false }, o, e)).code).toBe(
      0,
    );
    const def = readdirSync(dir).find((n) => n.endsWith('.def'))!;
    const r = capture((o, e) => runImport(join(dir, def), { out: join(dir, 'd.json'), lang: 'en', json: true }, o, e));
    expect(r.code, r.err).toBe(0);
    const j = JSON.parse(r.out) as {
      ok: boolean;
      report: { tool: string; items: { message?: unknown; words?: string }[] };
    };
    expect(j.ok).toBe(true);
    expect(j.report.tool).toBe('scaps');
    for (const i of j.report.items) if (i.message) expect(i.words).toMatch(/\S/);
  });

  it('refuses a binary file and a 10 MB file with exit 2, naming the file, and writes nothing', () => {
    const dir = tmp();
    const bin = join(dir, 'cell.def');
    writeFileSync(bin, Buffer.from([0x53, 0x43, 0x41, 0x50, 0x53, 0x0a, 0x00, 0x01, 0x02, 0xff, 0xfe, 0x0a]));
    const out = join(dir, 'never.json');
    const b = capture((o, e) => runImport(bin, { out, lang: 'en', json: false }, o, e));
    expect(b.code).toBe(2);
    expect(b.err).toContain('cell.def');
    expect(b.err).toMatch(/line 2/);
    expect(b.err).toContain('nothing was written');
    expect(existsSync(out)).toBe(false);
    const big = join(dir, 'big.def');
    writeFileSync(big, `${'x'.repeat(80)}\r\n`.repeat(130_000));
    const g = capture((o, e) => runImport(big, { out, lang: 'zh', json: false }, o, e));
    expect(g.code).toBe(2);
    expect(g.err).toContain('big.def');
    expect(g.err).toMatch(/MB/);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a truncated .def naming its line, through the command a user types', () => {
    const dir = tmp();
    expect(capture((o, e) => runExport(example, { tool: 'scaps', out: dir, lang: 'en', json: false }, o, e)).code).toBe(
      0,
    );
    const def = readdirSync(dir).find((n) => n.endsWith('.def'))!;
    const text = readFileSync(join(dir, def), 'utf8');
    const cut = join(tmp(), 'cut.def');
    writeFileSync(cut, text.slice(0, Math.floor(text.length / 3)));
    for (const f of readdirSync(dir)) if (f.endsWith('.abs')) copyFileSync(join(dir, f), join(cut, '..', f));
    const out = join(dir, 'cut.json');
    const r = cli('import', cut, '--out', out);
    expect(r.code, r.out).toBe(2);
    expect(r.err).toMatch(/cut\.def(:| line )\d+/);
    expect(existsSync(out)).toBe(false);
  });

  it('refuses a missing file, a missing --out and a DeviceSpec the check refuses', () => {
    const dir = tmp();
    const missing = capture((o, e) =>
      runImport(join(dir, 'none.def'), { out: join(dir, 'x.json'), lang: 'en', json: false }, o, e),
    );
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('cannot read');
    const bad = join(dir, 'bad.device.json');
    const spec = JSON.parse(readFileSync(example, 'utf8'));
    spec.layers[0].thicknessNm = -5;
    writeFileSync(bad, JSON.stringify(spec));
    const ex = capture((o, e) =>
      runExport(bad, { tool: 'simsalabim', out: join(dir, 'o'), lang: 'en', json: false }, o, e),
    );
    expect(ex.code).toBe(2);
    expect(ex.err).toContain('layers[0] "glass".thicknessNm');
    expect(existsSync(join(dir, 'o'))).toBe(false);
    const r = cli('export', '--scaps', '--simsalabim', example, '--out', dir);
    expect(r.code).toBe(2);
    expect(r.err).toContain('one of --scaps or --simsalabim');
  });

  it('exports a layer that takes k_rad from its library table as the value the run computes from it', () => {
    const dir = tmp();
    const spec = JSON.parse(readFileSync(example, 'utf8'));
    const j = spec.layers.findIndex((l: { name: string }) => l.name === 'MAPbI3');
    spec.layers[j].electrical.kRadFrom = 'absorption';
    spec.layers[j].electrical.kRadCm3PerS = 0;
    const file = join(dir, 'krad.json');
    writeFileSync(file, JSON.stringify(spec));
    const r = capture((o, e) => runExport(file, { tool: 'scaps', out: join(dir, 'o'), lang: 'en', json: true }, o, e));
    expect(r.code, r.err).toBe(0);
    const said = JSON.parse(r.out).items.find(
      (i: { path?: string }) => i.path === `layers[${j}].electrical.kRadCm3PerS`,
    );
    expect(said?.status).toBe('approximated');
    // the library MAPbI3 emits as a few 1e-11 to 1e-10 cm^3/s at Eg 1.6 eV and Nc = Nv = 1e19
    // (radiative-from-absorption.test.ts); k_rad n_i^2 is the absorption's, so this device's 1.63 eV
    // and 2.2e18 scale it by (1e19 / 2.2e18)^2 exp(0.03 eV / kT) = 66
    const scale = (1e19 / 2.2e18) ** 2 * Math.exp(0.03 / 0.025852);
    expect(said.value).toBeGreaterThan(2e-11 * scale);
    expect(said.value).toBeLessThan(3e-10 * scale);
    const def = readdirSync(join(dir, 'o')).find((f) => f.endsWith('.def'))!;
    const kRad = readFileSync(join(dir, 'o', def), 'utf8')
      .split(/\r?\n/)
      .filter((l) => /^K_rad/.test(l))
      .map((l) => Number(l.split(/[:\t ]+/)[2] ?? l.split(':')[1]));
    expect(kRad.some((k) => Math.abs(k / (said.value * 1e-6) - 1) < 1e-3)).toBe(true);
  });
});
