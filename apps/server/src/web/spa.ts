import { statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../http/errors.js';

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>PVForge</title></head>
<body><h1>PVForge</h1><p>The web app is not built yet. Run <code>npm run build</code> (or <code>npm start</code>, which builds) and reload.</p>
<p>网页前端尚未构建，请先运行 <code>npm run build</code>。</p><p>API: <a href="/calc/docs">/calc/docs</a></p></body></html>`;

function isFile(p: string): boolean {
  try {
    return statSync(p).isFile();
  } catch {
    return false;
  }
}

function relativeFile(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const rel = decoded.replace(/^\/+/, '');
  if (rel === '' || rel.includes('\0')) return undefined;
  const full = path.resolve(root, rel);
  // Only files inside the root: "..", symlink-free absolute tricks and the like fall to index.html.
  if (!full.startsWith(root + path.sep) || !isFile(full)) return undefined;
  return path.relative(root, full);
}

/**
 * Serves the built web app at /: a file when one exists, else index.html so the client router
 * takes the path (SPA fallback). Paths under the API prefix never fall back: they are '1004'.
 */
export async function registerSpa(app: FastifyInstance, webDist: string, apiPrefix: string): Promise<void> {
  const root = path.resolve(webDist);
  const built = isFile(path.join(root, 'index.html'));
  if (built) await app.register(fastifyStatic, { root, serve: false });
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if (urlPath === apiPrefix || urlPath.startsWith(`${apiPrefix}/`)) throw new AppError('1004');
    if (!built) return reply.type('text/html; charset=utf-8').send(NOT_BUILT);
    const file = relativeFile(root, urlPath);
    if (file) {
      // Vite puts a content hash in every asset name, so those may be cached for good.
      const immutable = file.startsWith(`assets${path.sep}`);
      return reply.sendFile(file, { maxAge: immutable ? 31_536_000_000 : 0, immutable });
    }
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html', { maxAge: 0 });
  });
}
