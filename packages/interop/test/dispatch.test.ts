import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodeText,
  importDeviceFiles,
  readAbsorptionFile,
  readForeignCurves,
  type SourceFile,
  wordInterop,
} from '../src/index.js';

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
    expect(iv.curves.length).toBeGreaterThan(0);
    expect(iv.curves[0]!.kind).toBe('jv');
    expect(iv.error).toBeUndefined();
    const simss = readForeignCurves(one('simsalabim/5.36/JV-simss-default.dat'));
    expect(simss.curves[0]?.kind).toBe('jv');
  });

  it('says why a file gives no curve: too large, binary (with its line), or of no known format, in both languages', () => {
    const big = readForeignCurves({ name: 'huge.iv', text: 'x'.repeat(5 * 1024 * 1024) });
    expect(big.curves).toEqual([]);
    expect(big.error?.code).toBe('import.too-large');
    const bin = readForeignCurves({ name: 'scan.iv', text: 'v j\n\u0000\u0001\u0002' });
    expect(bin.error?.code).toBe('import.binary');
    expect(bin.error && wordInterop(bin.error, 'en')).toContain('line 2');
    // the same words answer a device file and a curve file: they name no kind of file
    expect(bin.error && wordInterop(bin.error, 'en')).toContain('cannot be read as a SCAPS or SIMsalabim file');
    expect(bin.error && wordInterop(bin.error, 'zh-CN')).toContain('无法作为 SCAPS 或 SIMsalabim 文件读取');
    expect(big.error && wordInterop(big.error, 'en')).not.toContain('device file');
    const prose = readForeignCurves({ name: 'notes.txt', text: 'a measured cell, see lab book\n' });
    expect(prose.curves).toEqual([]);
    expect(prose.error?.code).toBe('curve.unknown-format');
    expect(prose.error && wordInterop(prose.error, 'zh-CN')).toContain('notes.txt');
    expect(prose.error && wordInterop(prose.error, 'en')).toContain('not recognised');
  });
});

describe('readAbsorptionFile', () => {
  it('reads a SCAPS .abs table alone in nm and 1/cm, and refuses a broken one naming its line, never throwing', () => {
    const ok = readAbsorptionFile(one('scaps/own/CsPbI3_RSC_standin.abs'));
    expect(ok.error).toBeUndefined();
    expect(ok.table!.wavelengthNm.length).toBeGreaterThan(10);
    expect(ok.table!.wavelengthNm[1]!).toBeGreaterThan(ok.table!.wavelengthNm[0]!);
    const bad = readAbsorptionFile({ name: 'x.abs', text: '// lambda alpha\n400 1e7\n500 oops\n' });
    expect(bad.table).toBeUndefined();
    expect(bad.error?.code).toBe('scaps.abs-row');
    expect(bad.error && wordInterop(bad.error, 'en')).toContain('3');
  });
});

describe('decodeText', () => {
  it('reads UTF-8 as UTF-8 and a file saved in the Windows code page as Windows-1252: a µ and a ° either way', () => {
    const utf8 = new TextEncoder().encode('mu_n : 2.0 [cm²/Vs] µm 25°C');
    expect(decodeText(utf8)).toBe('mu_n : 2.0 [cm²/Vs] µm 25°C');
    // 'bµm 25°' with µ = 0xB5 and ° = 0xB0, single bytes that are not valid UTF-8
    expect(decodeText(new Uint8Array([0x62, 0xb5, 0x6d, 0x20, 0x32, 0x35, 0xb0]))).toBe('bµm 25°');
    // 0x80 is the euro sign in Windows-1252 (not the C1 control Latin-1 has there)
    expect(decodeText(new Uint8Array([0x80]))).toBe('€');
    // binary bytes stay, so the guard still refuses the file and names the line
    expect(decodeText(new Uint8Array([0x53, 0x0a, 0x00, 0x01, 0xff]))).toContain('\u0000');
  });
});
