/**
 * Input PostgreSQL cannot store: a NUL character (U+0000) is refused in any text or jsonb value
 * ("invalid byte sequence for encoding UTF8: 0x00"), so a request carrying one anywhere (a body
 * field, a key, a query parameter, a path parameter) would fail deep in a query with a 500. It is
 * refused where input enters instead: 422 naming the field. No legitimate client sends one.
 */
import type { FastifyInstance } from 'fastify';
import { Invalid } from './errors.ts';

export const NUL_MESSAGE = 'The text contains a character that is not allowed';

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

/** Throws Invalid (422) when the value holds a NUL anywhere. */
export function refuseNul(value: unknown, path = ''): void {
  const field = findNul(value, path);
  if (field) throw new Invalid({ [field]: [NUL_MESSAGE] });
}

/** Every route: body, query string and path parameters, before the route's own validation. */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (req.is404) return;
    refuseNul(req.params);
    refuseNul(req.query);
    refuseNul(req.body);
  });
}
