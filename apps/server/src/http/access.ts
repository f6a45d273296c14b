import { ROLE, resolveLang, SIGN_HEADER, UID_HEADER } from '@pvforge/contracts';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { SessionService } from '../services/sessions.js';
import { AppError } from './errors.js';
import type { RouteEntry } from './types.js';

const SIGNED = [{ uid: [], sign: [] }];

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/**
 * Access is declared by each route and enforced here, in one place. A route that declares none
 * stops the app from starting; the only exception is the OpenAPI UI's own routes (under
 * `docsPrefix`), which the swagger-ui plugin adds without our options and which are public.
 */
export function installAccess(app: FastifyInstance, sessions: SessionService, docsPrefix: string): void {
  const table: RouteEntry[] = [];
  app.decorate('routeTable', table);
  app.decorateRequest('lang', 'zh-CN');
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route: RouteOptions) => {
    route.config ??= {};
    const config = route.config;
    if (!config.access) {
      if (route.url === docsPrefix || route.url.startsWith(`${docsPrefix}/`)) config.access = 'public';
      else throw new Error(`route ${String(route.method)} ${route.url} declares no access (config.access)`);
    }
    if (config.access !== 'public' && route.schema && !route.schema.hide) {
      route.schema = { ...route.schema, security: SIGNED };
    }
    const schema = route.schema
      ? {
          body: route.schema.body,
          querystring: route.schema.querystring,
          params: route.schema.params,
          ...(route.schema.consumes ? { consumes: route.schema.consumes } : {}),
        }
      : undefined;
    for (const method of [route.method].flat()) {
      table.push({ method, url: route.url, access: config.access, ...(schema ? { schema } : {}) });
    }
  });

  app.addHook('onRequest', async (request) => {
    request.lang = resolveLang(header(request, 'x-lang'), header(request, 'accept-language'));
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    request.auth = await sessions.authenticate(header(request, UID_HEADER), header(request, SIGN_HEADER));
    if (access === 'admin' && request.auth.user.role !== ROLE.admin) throw new AppError('2007');
  });
}
