/**
 * Input the server cannot take as it is, handled where it enters (body, keys, query string, path
 * parameters) instead of failing deep in a query or a recursive walk with a 500:
 * - a control character other than tab, line feed and carriage return (U+0000-U+001F, U+007F-U+009F):
 *   422 naming the field. PostgreSQL refuses NUL in any text or jsonb value ("invalid byte sequence
 *   for encoding UTF8: 0x00"); the others would be stored, then break a CSV, a mail or a terminal
 *   that shows them (an escape sequence in a client's name). Notes keep their line breaks;
 * - nesting deeper than MAX_DEPTH levels (no call needs more than a few): 422, before anything
 *   recursive (validation, logging, this guard's own mending) sees it;
 * - no body, or `null`, where the route reads one: 422;
 * - half of a UTF-16 surrogate pair (a string cut in the middle of an emoji, as a `slice` to a
 *   maximum length does) is not a character: jsonb refuses it and a UTF-8 encoder writes U+FFFD in
 *   its place, so it becomes U+FFFD here, for every column alike.
 */

import { type Message, REQUEST_MSG } from '@nido/contract';
import type { FastifyInstance } from 'fastify';
import { Invalid } from './errors.ts';

export const MAX_DEPTH = 32;

/** Control characters no text of the portal holds (tab, LF and CR are text). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const HAS_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source);

interface Scan {
  /** A field to refuse, with the reason. */
  refuse?: { field: string; message: Message };
  /** Some string or key holds a lone surrogate. */
  mend: boolean;
}

/** Walks the value without recursion (any depth is safe to look at); `text`: look at characters too. */
function scan(value: unknown, root: string, text = true): Scan {
  const stack: Array<[unknown, string, number]> = [[value, root, 0]];
  let mend = false;
  while (stack.length) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (!text) continue;
      if (CONTROL.test(v))
        return { refuse: { field: path || '_', message: REQUEST_MSG.unstorableText }, mend };
      if (!mend && HAS_LONE_SURROGATE.test(v)) mend = true;
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_DEPTH) return { refuse: { field: path || '_', message: REQUEST_MSG.tooDeep }, mend };
    for (const [key, child] of Object.entries(v)) {
      const childPath = path ? `${path}.${key}` : key;
      if (text && CONTROL.test(key))
        return { refuse: { field: childPath, message: REQUEST_MSG.unstorableText }, mend };
      if (text && !mend && HAS_LONE_SURROGATE.test(key)) mend = true;
      stack.push([child, childPath, depth + 1]);
    }
  }
  return { mend };
}

/**
 * The value with every lone surrogate (in strings and keys) replaced by U+FFFD. Recursive: call it
 * on values `scan` found no deeper than MAX_DEPTH.
 */
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

/** Input as the server can take it: refused (422) with a control character or nested too deeply, else mended. */
export function storable<T>(value: T, path = ''): T {
  const found = scan(value, path);
  if (found.refuse) throw new Invalid({ [found.refuse.field]: [found.refuse.message] });
  return found.mend ? wellFormed(value) : value;
}

/**
 * Every route: body, query string and path parameters. Depth and a missing body are refused before
 * validation (which recurses); control characters and lone surrogates are dealt with after it, in
 * what the route's schemas kept: a key or value the schema does not name is dropped by validation
 * and never stored, so it is not refused either (the OpenAPI document says what each field takes).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (req.is404) return;
    // A route that reads a body refuses null or none, like any other invalid body, with a plain message.
    if (req.routeOptions.schema?.body && (req.body === null || req.body === undefined))
      throw new Invalid({ _: [REQUEST_MSG.bodyRequired] });
    for (const value of [req.params, req.query, req.body]) {
      const found = scan(value, '', false);
      if (found.refuse) throw new Invalid({ [found.refuse.field]: [found.refuse.message] });
    }
  });
  app.addHook('preHandler', async (req) => {
    if (req.is404) return;
    req.params = storable(req.params);
    req.query = storable(req.query);
    req.body = storable(req.body);
  });
}
