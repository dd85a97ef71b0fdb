import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

const NUL = '\u0000';
/** Deeper than any schema of ours; a deeper body is not walked further (the schemas refuse it anyway). */
const MAX_DEPTH = 32;

/** The path (`name`, `items/0/name`) of the first string, or key, holding a NUL character, or null. */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? path || '(body)' : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || depth > MAX_DEPTH) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNul(value[i], path ? `${path}/${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, v] of Object.entries(value)) {
    const at = path ? `${path}/${key}` : key;
    if (key.includes(NUL)) return at;
    const found = findNul(v, at, depth + 1);
    if (found) return found;
  }
  return null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The handler checks every string of its body row by row and refuses a row with a NUL on its own (the
     * batches of station readings): the guard leaves the body to it, so one bad row does not lose the batch.
     */
    bodyTextCheckedPerRow?: boolean;
  }
}

interface Schema {
  type?: unknown;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
}

const NUMERIC = new Set(['number', 'integer']);

/** Whether a schema takes a number (also as one choice of a union, or among several types). */
function takesNumber(schema: Schema): boolean {
  const types = [schema.type].flat();
  if (types.some((t) => NUMERIC.has(t as string))) return true;
  return [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(takesNumber);
}

const readsInfinite = (v: unknown) =>
  typeof v === 'string' && Math.abs(Number(v)) === Number.POSITIVE_INFINITY;

/**
 * The path (`user_id`, `rings/0/radius_km`) of the first value that its schema declares a number or integer but
 * that is a string reading as an infinite number (`Infinity`, `-1e309`), or null. Ajv's coercion turns such a
 * string into `Infinity` and then skips the range keywords, so the value would reach the database; this check
 * runs before it, on path parameters, the query string and JSON bodies alike. Other non-numbers (`abc`, `NaN`)
 * are not coerced and Ajv reports them with the rest of the request's problems.
 */
export function findNonFinite(values: unknown, schema: unknown, path = '', depth = 0): string | null {
  const s = schema as Schema | undefined;
  if (!s || depth > MAX_DEPTH) return null;
  if (takesNumber(s) && [values].flat().some(readsInfinite)) return path || '(body)';
  if (Array.isArray(values) && s.items) {
    for (let i = 0; i < values.length; i++) {
      const found = findNonFinite(values[i], s.items, path ? `${path}/${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (!s.properties || values === null || typeof values !== 'object') return null;
  for (const [name, v] of Object.entries(values)) {
    const inner = s.properties[name];
    const found = inner && findNonFinite(v, inner, path ? `${path}/${name}` : name, depth + 1);
    if (found) return found;
  }
  return null;
}

function invalid(where: string, field: string, message: string): AppError {
  return new AppError('validation.failed', 400, `Invalid ${where}: ${field} ${message}`, [
    { field, message },
  ]);
}

/**
 * Refuses a NUL character anywhere in the path parameters, the query string or a parsed body, for every
 * route (PostgreSQL cannot store it in text and would fail the request with 500), and numbers sent as strings
 * that read as infinite, in parameters and JSON bodies.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const schema = request.routeOptions.schema;
    for (const [where, values, s] of [
      ['params', request.params, schema?.params],
      ['querystring', request.query, schema?.querystring],
      ['body', request.body, schema?.body],
    ] as const) {
      const field = findNonFinite(values, s);
      if (field) {
        done(invalid(where, field, 'must be a finite number'));
        return;
      }
    }
    const perRow = request.routeOptions.config?.bodyTextCheckedPerRow === true;
    for (const [where, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', perRow ? null : request.body],
    ] as const) {
      const field = findNul(value);
      if (field) {
        done(invalid(where, field, 'must not contain the NUL character (\\u0000)'));
        return;
      }
    }
    done();
  });
}
