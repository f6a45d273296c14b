import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importDeviceFiles, readForeignCurves, type SourceFile, wordInterop } from '../src/index.js';

const fixtures = join(import.meta.dirname, 'fixtures');
const folder = (rel: string): SourceFile[] =>
  readdirSync(join(fixtures, rel))
    .filter((n) => !/\.md$/i.test(n))
    .map((name) => ({ name, text: readFileSync(join(fixtures, rel, name), 'latin1') }));
const one = (rel: string): SourceFile => ({
  name: rel.split('/').pop()!,
  text: readFileSync(join(fixtures, rel), 'latin1'),
});

/** Which tool wrote a set of files, recognised from the files as a user drops them (names as they come). */
describe('importDeviceFiles', () => {
  it('reads a SCAPS .def, a SIMsalabim 5.x folder and a SIMsalabim 4.x file, each by its own reader', () => {
    const scaps = importDeviceFiles([one('scaps/own/legacy_3305.def')]);
    expect(scaps.ok && scaps.report.tool).toBe('scaps');
    const v5 = importDeviceFiles(folder('simsalabim/5.36'));
    expect(v5.ok && v5.report.tool).toBe('simsalabim');
    const v4 = importDeviceFiles(folder('simsalabim/4.56'));
    expect(v4.ok && v4.report.tool).toBe('simsalabim');
  });

  it('refuses no files, two devices at once, files of neither tool, and binary files, in words in both languages', () => {
    const cases = [
      importDeviceFiles([]),
      importDeviceFiles([one('scaps/own/legacy_3305.def'), ...folder('simsalabim/5.36')]),
      importDeviceFiles([{ name: 'notes.txt', text: 'hello\nworld\n' }]),
      importDeviceFiles([{ name: 'cell.def', text: 'SCAPS 3.3.12\r\n\u0000\u0001\u0002' }]),
    ];
    expect(cases.map((c) => (c.ok ? 'ok' : c.error.code))).toEqual([
      'import.no-files',
      'import.several-devices',
      'import.unknown-format',
      'import.binary',
    ]);
    for (const c of cases) {
      if (c.ok) continue;
      const zh = wordInterop(c.error, 'zh-CN');
      const en = wordInterop(c.error, 'en');
      expect(zh).not.toMatch(/\{\w+\}|undefined/);
      expect(en).not.toMatch(/\{\w+\}|undefined/);
      expect(zh).not.toBe(en);
    }
    const binary = cases[3]!;
    expect(!binary.ok && binary.error.source).toEqual({ file: 'cell.def', line: 2 });
  });

  it('refuses a 10 MB file before parsing it', () => {
    const big = { name: 'big.def', text: 'x'.repeat(10 * 1024 * 1024) };
    const r = importDeviceFiles([big]);
    expect(!r.ok && r.error.code).toBe('import.too-large');
    expect(!r.ok && wordInterop(r.error, 'en')).toContain('10 MB');
  });

  it('reads the output curves of either tool by their kind', () => {
    const iv = readForeignCurves(one('scaps/public/WPT-Lab124_1Sun.iv'));
    expect(iv.length).toBeGreaterThan(0);
    expect(iv[0]!.kind).toBe('jv');
    const simss = readForeignCurves(one('simsalabim/5.36/JV-simss-default.dat'));
    expect(simss[0]?.kind).toBe('jv');
  });
});
