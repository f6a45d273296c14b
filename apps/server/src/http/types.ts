import type { Access, FieldKey, Lang } from '@pvforge/contracts';
import type { Authenticated } from '../services/sessions.js';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  /**
   * The route's request schemas (body, querystring, params) and the content types it reads
   * (multipart/form-data for uploads), as declared: the fuzz suites read them.
   */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; consumes?: readonly string[] };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every route must say (checked when the route is added). */
    access?: Access;
    /** Body or query field -> catalogued field messages, for validation answers. */
    fields?: Readonly<Record<string, FieldKey>>;
  }
  interface FastifyRequest {
    lang: Lang;
    auth: Authenticated | null;
  }
  interface FastifyInstance {
    /** Every route added, with its declared access: the guard test walks it. */
    routeTable: RouteEntry[];
  }
}
