import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { unzipLimited, ZIP_MAX_ENTRIES, ZipRefused } from '../src/lib/unzip';

/**
 * A zip handed to the page is checked before it is inflated (lib/unzip.ts): a zip bomb is refused in
 * words, not unpacked until the tab freezes.
 */
const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ZipRefused);
  return e as ZipRefused;
};

describe('unzipping what a user hands over', () => {
  it('unpacks an ordinary archive, keeping only what is wanted', async () => {
    const zip = zipSync({ 'dev/a.def': new TextEncoder().encode('x'), '__MACOSX/._a.def': new Uint8Array(3) });
    const got = await unzipLimited(zip, 'dev.zip', (p) => !p.startsWith('__MACOSX/'));
    expect(Object.keys(got)).toEqual(['dev/a.def']);
  });

  it('refuses a file that unpacks beyond the readers limit, before inflating it (8 MB of zeros in a few kB)', async () => {
    const zip = zipSync({ 'bomb.txt': new Uint8Array(8 * 1024 * 1024) }, { level: 9 });
    expect(zip.length).toBeLessThan(64 * 1024);
    const e = await refusal(unzipLimited(zip, 'bomb.zip'));
    expect(e.refusal.code).toBe('import.too-large');
    expect(e.refusal.params['file']).toBe('bomb.zip: bomb.txt');
    // worded in the interface's language (Chinese first)
    expect(e.message).toContain('bomb.zip: bomb.txt');
    expect(e.message).toMatch(/超过上限 4 MB/);
  });

  it('refuses an archive whose files together unpack beyond 32 MB, and one of too many files', async () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 10; i++) many[`f${i}.txt`] = new Uint8Array(3.9 * 1024 * 1024);
    expect((await refusal(unzipLimited(zipSync(many), 'big.zip'))).refusal.code).toBe('import.zip-too-large');
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i <= ZIP_MAX_ENTRIES; i++) files[`f${i}.txt`] = new Uint8Array(1);
    expect((await refusal(unzipLimited(zipSync(files), 'many.zip'))).refusal.code).toBe('import.zip-too-many');
  });

  it('never unpacks more than a file declares: a directory that lies about the size gets no more memory', async () => {
    const zip = zipSync({ 'liar.txt': new Uint8Array(16 * 1024 * 1024) }, { level: 9 });
    // rewrite the uncompressed size (offset 24 of the central directory entry) to 100 bytes
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    let cd = zip.length - 22;
    while (view.getUint32(cd, true) !== 0x06054b50) cd--;
    const entry = view.getUint32(cd + 16, true);
    expect(view.getUint32(entry, true)).toBe(0x02014b50);
    view.setUint32(entry + 24, 100, true);
    const out = await unzipLimited(zip, 'liar.zip').then(
      (files) => Object.values(files).reduce((n, f) => n + f.length, 0),
      () => 0,
    );
    expect(out).toBeLessThanOrEqual(100);
  });
});
