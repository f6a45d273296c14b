import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { BUILTIN_SPECTRA } from '@pvforge/engine';
import Type from 'typebox';
import { buildPerovskitePack } from '../downloads/perovskite-pack.js';
import { AppError } from '../http/errors.js';
import { assetsDir } from '../jobs/assets.js';

/**
 * The shipped data files, read-only and public (GET /calc/data/...): the n,k tables of the material
 * library (assets/data/nk/index.json and the CSVs it lists) and the built-in spectra
 * (assets/data/spectra/*.csv). The browser's instant optical preview (a Web Worker running
 * @pvforge/engine) builds its material source from them, exactly as the CLI and the job runner do
 * from the files (apps/server/src/jobs/assets.ts). No path is ever joined from the request: a name
 * is served only when index.json (n,k) or BUILTIN_SPECTRA plus the spectra folder listing
 * (spectra) names it, so there is no way to traverse out of assets/data. The files are loaded
 * once and cached in memory; answers carry a strong ETag and a one-day public cache lifetime.
 */
interface DataFile {
  body: Buffer;
  type: string;
  etag: string;
}

const SPECTRA_FILES = ['am15g.csv', 'am0.csv', 'am15d.csv', 'am15g_1nm_300_1600.csv'];
const CACHE = 'public, max-age=86400';

function etagOf(body: Buffer): string {
  // FNV-1a over the bytes: stable across restarts, cheap, enough to tell versions apart.
  let h = 0x811c9dc5;
  for (const b of body) h = Math.imul(h ^ b, 0x01000193) >>> 0;
  return `"${h.toString(16)}-${body.length.toString(16)}"`;
}

/** Every servable file by its URL path under /data (nk/index.json, nk/mapbi3.csv, spectra/am15g.csv). */
export function dataFiles(root = assetsDir()): Map<string, DataFile> {
  const files = new Map<string, DataFile>();
  const add = (urlPath: string, rel: string, type: string) => {
    const body = readFileSync(join(root, 'data', rel));
    files.set(urlPath, { body, type, etag: etagOf(body) });
  };
  add('nk/index.json', 'nk/index.json', 'application/json; charset=utf-8');
  const index = JSON.parse(files.get('nk/index.json')!.body.toString('utf8')) as { materials: { file: string }[] };
  for (const m of index.materials) {
    // index.json entries look like "nk/mapbi3.csv"; anything else (a slash further down, "..") is skipped.
    if (/^nk\/[A-Za-z0-9_.-]+\.csv$/.test(m.file) && !m.file.includes('..'))
      add(m.file, m.file, 'text/csv; charset=utf-8');
  }
  const spectra = new Set([
    ...Object.values(BUILTIN_SPECTRA).map((p) => p.replace(/^data\//, '')),
    ...SPECTRA_FILES.map((f) => `spectra/${f}`),
  ]);
  for (const s of spectra) {
    try {
      add(s, s, 'text/csv; charset=utf-8');
    } catch {
      // an optional extra file that is not shipped: not served
    }
  }
  return files;
}

export function dataRoutes(): FastifyPluginAsyncTypebox {
  return async (app) => {
    let files: Map<string, DataFile> | undefined;
    const get = (folder: 'nk' | 'spectra', file: string) => {
      files ??= dataFiles();
      const f = files.get(`${folder}/${file}`);
      if (!f) throw new AppError('4004');
      return f;
    };
    const route = (folder: 'nk' | 'spectra', summary: string) =>
      app.get(
        `/data/${folder}/:file`,
        {
          config: { access: 'public' },
          schema: {
            tags: ['data'],
            summary,
            params: Type.Object({ file: Type.String({ minLength: 1, maxLength: 100 }) }),
          },
        },
        async (request, reply) => {
          const f = get(folder, request.params.file);
          reply.header('cache-control', CACHE).header('etag', f.etag).header('content-type', f.type);
          if (request.headers['if-none-match'] === f.etag) return reply.code(304).send();
          return reply.send(f.body);
        },
      );
    let pack: DataFile | undefined;
    app.get(
      '/data/perovskite-parameters.zip',
      {
        config: { access: 'public' },
        schema: {
          tags: ['data'],
          summary:
            'The perovskite parameter pack (spec §1): the cited perovskite, transport-layer and electrode materials of the library as JSON and CSV',
        },
      },
      async (request, reply) => {
        if (!pack) {
          const body = buildPerovskitePack(join(assetsDir(), 'materials'));
          pack = { body, type: 'application/zip', etag: etagOf(body) };
        }
        reply
          .header('cache-control', CACHE)
          .header('etag', pack.etag)
          .header('content-type', pack.type)
          .header('content-disposition', 'attachment; filename="pvforge-perovskite-parameters.zip"');
        if (request.headers['if-none-match'] === pack.etag) return reply.code(304).send();
        return reply.send(pack.body);
      },
    );
    route('nk', 'A shipped n,k table (wavelength_nm,n,k CSV) or nk/index.json, the material list; read-only, cached');
    route('spectra', 'A shipped built-in spectrum (AM1.5G, AM0, AM1.5D) as CSV; read-only, cached');
  };
}
