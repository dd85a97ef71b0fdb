import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.js';

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
}

export interface Mismatch {
  field: string;
  message: string;
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function matches(v: unknown, type: string): boolean {
  if (type === 'integer') return typeof v === 'number';
  if (type === 'object') return typeOf(v) === 'object';
  return typeOf(v) === type;
}

/**
 * The path (`field`) and problem of the first value of `body` whose JSON type is not the one `schema` declares for
 * it, or null. Only types are compared (ranges, patterns and the rest are the schema validator's): the app's
 * validator coerces (`coerceTypes: 'array'`, for query strings and forms), which would take `0` for false,
 * `[1]` for 1 and `true` for 1 in a JSON body.
 */
export function typeMismatch(body: unknown, schema: Schema | undefined, path = ''): Mismatch | null {
  if (!schema) return null;
  const field = path || '(body)';
  if (schema.anyOf) {
    if (schema.anyOf.some((s) => typeMismatch(body, s, path) === null)) return null;
    const types = schema.anyOf.flatMap((s) => [s.type ?? []].flat());
    return { field, message: `must be ${types.join(' or ')}, got ${typeOf(body)}` };
  }
  const types = schema.type === undefined ? [] : [schema.type].flat();
  if (types.length > 0 && !types.some((t) => matches(body, t)))
    return { field, message: `must be ${types.join(' or ')}, got ${typeOf(body)}` };
  if (schema.properties && typeOf(body) === 'object') {
    for (const [key, sub] of Object.entries(schema.properties)) {
      const v = (body as Record<string, unknown>)[key];
      if (v === undefined) continue;
      const found = typeMismatch(v, sub, path ? `${path}/${key}` : key);
      if (found) return found;
    }
  }
  if (schema.items && Array.isArray(body)) {
    for (let i = 0; i < body.length; i++) {
      const found = typeMismatch(body[i], schema.items, path ? `${path}/${i}` : String(i));
      if (found) return found;
    }
  }
  return null;
}

/**
 * A `preValidation` hook for routes whose JSON body must arrive in its declared types (device heartbeats):
 * `gps_lock: 0` or `[1]`, `temperature_c: true`, `noise: "1"` answer 400 naming the field instead of
 * being coerced by the validator.
 */
export async function strictJsonBody(req: FastifyRequest): Promise<void> {
  const problem = typeMismatch(req.body, req.routeOptions.schema?.body as Schema | undefined);
  if (!problem) return;
  throw new AppError('validation.failed', 400, `Invalid body: ${problem.field} ${problem.message}`, [
    problem,
  ]);
}
