import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assetsDir } from '../../src/jobs/assets.js';
import { createTestApp, type TestApp } from './helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /calc/data: the shipped n,k tables and spectra', () => {
  it('serves index.json and every n,k table it lists without a session, cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/calc/data/nk/index.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.headers['cache-control']).toMatch(/public/);
    const index = res.json() as { materials: { id: string; file: string }[] };
    expect(index.materials.length).toBeGreaterThan(10);
    for (const m of index.materials.slice(0, 5)) {
      const f = await t.app.inject({ method: 'GET', url: `/calc/data/${m.file}` });
      expect(f.statusCode, m.file).toBe(200);
      expect(f.body).toBe(readFileSync(join(assetsDir(), 'data', m.file), 'utf8'));
    }
  });

  it('serves the built-in spectra and answers 304 to a matching If-None-Match', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/calc/data/spectra/am15g.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.body.length).toBeGreaterThan(1000);
    const etag = res.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await t.app.inject({
      method: 'GET',
      url: '/calc/data/spectra/am15g.csv',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    for (const f of ['am0.csv', 'am15d.csv'])
      expect((await t.app.inject({ method: 'GET', url: `/calc/data/spectra/${f}` })).statusCode).toBe(200);
  });

  it('serves nothing outside the whitelist (no path traversal)', async () => {
    for (const url of [
      '/calc/data/nk/..%2F..%2Fpackage.json',
      '/calc/data/nk/../../package.json',
      '/calc/data/nk/%2e%2e%2fREADME.md',
      '/calc/data/nk/SOURCES.md',
      '/calc/data/nk/nope.csv',
      '/calc/data/spectra/..%2Fnk%2Fmapbi3.csv',
      '/calc/data/spectra/index.json',
      '/calc/data/validation/x.json',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toMatch(/"name":\s*"pvforge/);
    }
  });

  it('is read-only', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/calc/data/nk/index.json', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /calc/data/perovskite-parameters.zip: the perovskite parameter pack', () => {
  it('zips the cited perovskite, transport and electrode materials of the library, every value with its reference', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/calc/data/perovskite-parameters.zip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="pvforge-perovskite-parameters\.zip"/);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      expect.arrayContaining([
        'README.md',
        'lead_perovskite.json',
        'lead_free_perovskite.json',
        'perovskite-parameters.csv',
      ]),
    );
    // The JSON files are the library's own, byte for byte.
    expect(strFromU8(files['lead_perovskite.json']!)).toBe(
      readFileSync(join(assetsDir(), 'materials', 'lead_perovskite.json'), 'utf8'),
    );
    const rows = strFromU8(files['perovskite-parameters.csv']!)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows[0]).toBe('material_key,material,category,parameter,value,unit,reference');
    const mapbi3 = rows.filter((r) => r.startsWith('mapbi3,'));
    expect(mapbi3.some((r) => r.includes(',egEV,') && r.includes(',eV,'))).toBe(true);
    // Every value row names a unit and a reference (the last field is a quoted citation or a plain one).
    for (const r of rows.slice(1)) expect(r, r).toMatch(/,[^,]+,(?:"[^"]+"|[^,"]+)$/);
    const lead = JSON.parse(strFromU8(files['lead_perovskite.json']!)) as unknown[];
    expect(strFromU8(files['README.md']!)).toContain(`lead_perovskite.json: ${lead.length} materials`);
  });
});
