/**
 * Text PostgreSQL cannot store, handled where input enters (body, keys, query string, path
 * parameters) instead of failing deep in a query with a 500:
 * - a NUL character (U+0000) is refused in any text or jsonb value ("invalid byte sequence for
 *   encoding UTF8: 0x00"): the request answers 422 naming the field;
 * - half of a UTF-16 surrogate pair (a string cut in the middle of an emoji, as a `slice` to a
 *   maximum length does) is not a character: jsonb refuses it and a UTF-8 encoder writes U+FFFD in
 *   its place, so it becomes U+FFFD here, for every column alike.
 */
import type { FastifyInstance } from 'fastify';
import { Invalid } from './errors.ts';

export const UNSTORABLE_TEXT = 'The text contains a character that is not allowed';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The value with every lone surrogate (in strings and keys) replaced by U+FFFD; the same value when none. */
export function wellFormed<T>(value: T): T {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\ufffd') as T;
  if (Array.isArray(value)) return value.map(wellFormed) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    // defineProperty: a key named __proto__ stays an own property, never the object's prototype.
    Object.defineProperty(out, wellFormed(key), {
      value: wellFormed(child),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out as T;
}

/** The path of the first string (value or key) holding a NUL, or null. Walks arrays and objects. */
export function findNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '_' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return childPath;
    const found = findNul(child, childPath);
    if (found) return found;
  }
  return null;
}

/** Input as the database can store it: lone surrogates replaced, a NUL refused (422). */
export function storable<T>(value: T, path = ''): T {
  const field = findNul(value, path);
  if (field) throw new Invalid({ [field]: [UNSTORABLE_TEXT] });
  return wellFormed(value);
}

/** Every route: body, query string and path parameters, before the route's own validation. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (req.is404) return;
    req.params = storable(req.params);
    req.query = storable(req.query);
    req.body = storable(req.body);
  });
}
