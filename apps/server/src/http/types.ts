import type { Access, FieldKey, Lang } from '@pvforge/contracts';
import type { Authenticated } from '../services/sessions.js';

export interface RouteEntry {
  method: string;
  url: string;
  access: Access;
  /** The route's request schemas (body, querystring, params), as declared: the fuzz suite reads them. */
  schema?: { body?: unknown; querystring?: unknown; params?: unknown };
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
