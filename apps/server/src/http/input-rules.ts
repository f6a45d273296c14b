import { DB_INT_MAX } from '@pvforge/contracts';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { FieldError } from './errors.js';

interface SchemaNode {
  type?: unknown;
  maximum?: unknown;
  exclusiveMaximum?: unknown;
  minimum?: unknown;
  exclusiveMinimum?: unknown;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode | SchemaNode[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  allOf?: SchemaNode[];
  additionalProperties?: SchemaNode | boolean;
  patternProperties?: Record<string, SchemaNode>;
}

function bounded(n: unknown, limit: number): boolean {
  return typeof n === 'number' && Math.abs(n) <= limit;
}

/** Paths of integers in a request schema that could exceed what an integer column holds. */
export function unboundedIntegers(node: SchemaNode | undefined, at = ''): string[] {
  if (!node || typeof node !== 'object') return [];
  const out: string[] = [];
  const types = [node.type].flat();
  if (types.includes('integer')) {
    const max = node.maximum ?? node.exclusiveMaximum;
    const min = node.minimum ?? node.exclusiveMinimum;
    if (!bounded(max, DB_INT_MAX) || !bounded(min, DB_INT_MAX + 1)) out.push(at || '(root)');
  }
  for (const [k, p] of Object.entries(node.properties ?? {})) out.push(...unboundedIntegers(p, at ? `${at}.${k}` : k));
  for (const p of Object.values(node.patternProperties ?? {})) out.push(...unboundedIntegers(p, `${at}.*`));
  if (node.additionalProperties && typeof node.additionalProperties === 'object') {
    out.push(...unboundedIntegers(node.additionalProperties, `${at}.*`));
  }
  for (const p of [node.items ?? []].flat()) out.push(...unboundedIntegers(p, `${at}[]`));
  for (const p of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) {
    out.push(...unboundedIntegers(p, at));
  }
  return out;
}

/**
 * The first value a request may not carry, wherever it is: a string with U+0000 (PostgreSQL
 * cannot store it in text, and no field of ours means one) or a number that is not finite
 * (Ajv coerces the string "Infinity" to one where a number is expected).
 */
export function firstUnstorable(v: unknown, at: string, depth = 0): { field: string; rule: 'format' | 'type' } | null {
  if (typeof v === 'string') return v.includes('\u0000') ? { field: at, rule: 'format' } : null;
  if (typeof v === 'number') return Number.isFinite(v) ? null : { field: at, rule: 'type' };
  // Schemas bound nesting; this bound only keeps a schema-less route's walk from the stack's end.
  if (!v || typeof v !== 'object' || depth > 64) return null;
  const entries = Array.isArray(v) ? v.entries() : Object.entries(v);
  for (const [k, x] of entries) {
    const field = at ? `${at}.${k}` : String(k);
    if (typeof k === 'string' && k.includes('\u0000')) return { field, rule: 'format' };
    const found = firstUnstorable(x, field, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Rules every route's input obeys, in one place rather than in each schema (issue 28):
 *  - at start: every integer a request schema admits is bounded by DB_INT_MAX, or the app does
 *    not start (an unbounded id overflowed PostgreSQL's integer columns and answered 500);
 *  - per request, after the schema: no string holds U+0000 and no number is infinite or NaN;
 *    the refusal is a field answer (1001) naming the field, like any schema refusal.
 * Multipart fields skip the schema; the routes that read them call `firstUnstorable` themselves.
 */
export function installInputRules(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as Record<string, SchemaNode | undefined> | undefined;
    if (!schema) return;
    for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
      const loose = unboundedIntegers(schema[part]);
      if (loose.length) {
        throw new Error(
          `route ${String(route.method)} ${route.url}: ${part} integer ${loose.join(', ')} needs a bound ` +
            `within DB_INT_MAX (use Id, Page, Size or DbInt from the contracts)`,
        );
      }
    }
  });
  app.addHook('preHandler', async (request) => {
    const found =
      firstUnstorable(request.params, '') ?? firstUnstorable(request.query, '') ?? firstUnstorable(request.body, '');
    if (found) throw new FieldError(found.field, found.rule);
  });
}
