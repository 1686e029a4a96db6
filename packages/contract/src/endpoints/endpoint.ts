/**
 * The endpoint table: every call of the API, once, with what it takes and what it answers. The
 * server registers its routes from it (apps/server/src/platform/endpoints.ts), the OpenAPI document
 * is generated from it, the web calls through it, and the authorization matrix reads it.
 */
import type { z } from 'zod';
import type { Role } from '../limits.ts';

/** Who may call an endpoint. */
export type Access = 'public' | 'user' | 'admin' | readonly Role[];

/** The error statuses an endpoint may answer besides those its kind always may (`statusesOf`). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 429 | 503;

export interface EndpointDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path under /api, with `:name` parameters. */
  path: string;
  access: Access;
  /** One line for the API documentation. */
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * The body the handler parses itself, where the route cannot validate one: the JSON `body` part
   * of a multipart upload (or the same JSON sent plain), or a DELETE whose ids may come in the
   * query string instead. Not registered with the route; it types what callers send.
   */
  parsedBody?: z.ZodType;
  /** A multipart upload: its fields, named and described, for the documentation (the server reads them itself). */
  multipart?: Readonly<Record<string, { description: string; file?: boolean; optional?: boolean }>>;
  /** The answer's schema; `null` for 204 No Content; omitted where it is not described yet. */
  response?: z.ZodType | null;
  /** The success answer is a file of this media type (a download), not JSON. */
  file?: string;
  /** Statuses this endpoint answers beyond those of its kind (a missing object, a conflict…). */
  errors?: readonly ErrorStatus[];
  /** This endpoint's 422 lists `{ field, message }` instead of a record of messages. */
  errorList?: boolean;
  /**
   * Runs on the server's worker threads (a PDF drawn, a spreadsheet read): when they and their queue
   * are full it answers 503 with `Retry-After`, having written nothing (record 061).
   */
  busy?: true;
  /** Error answers whose body is not the usual `{ message, errors? }` (e.g. a degraded health report). */
  errorBodies?: Partial<Record<ErrorStatus, z.ZodType>>;
}

/** Declares an endpoint, keeping its exact types. */
export function endpoint<const E extends EndpointDef>(e: E): E {
  return e;
}

/**
 * Every status an endpoint can answer: its success, 422 and 500 always (the input guard reads
 * every query string and path), 401 and 403 unless public (403 also answers a signed-in user whose
 * role the endpoint does not admit), 400/413/415 unless a GET (a body that cannot be parsed), and
 * its own `errors`, and 503 when it runs on the worker threads (`busy`).
 */
export function statusesOf(e: EndpointDef): number[] {
  const statuses = new Set<number>([e.response === null ? 204 : 200, 422, 500]);
  if (e.access !== 'public') {
    statuses.add(401);
    statuses.add(403);
  }
  // Any body is parsed before the route sees it (malformed, too large, unknown type), read or not.
  if (e.method !== 'GET') for (const s of [400, 413, 415]) statuses.add(s);
  for (const s of e.errors ?? []) statuses.add(s);
  if (e.busy) statuses.add(503);
  return [...statuses].sort((a, b) => a - b);
}

/**
 * What the web sends: path parameters, query string and body, typed from the endpoint (the body
 * from `body`, else from `parsedBody`).
 */
export type EndpointInput<E extends EndpointDef> = (E['params'] extends z.ZodType
  ? { params: z.input<E['params']> }
  : { params?: undefined }) &
  (E['query'] extends z.ZodType ? { query: z.input<E['query']> } : { query?: undefined }) &
  (E['body'] extends z.ZodType
    ? { body: z.input<E['body']> }
    : E['parsedBody'] extends z.ZodType
      ? { body: z.input<E['parsedBody']> }
      : { body?: undefined });

/** What the web gets back: the parsed answer, undefined for 204, the bytes of a file. */
export type EndpointOutput<E extends EndpointDef> = E['file'] extends string
  ? Blob
  : E['response'] extends z.ZodType
    ? z.output<E['response']>
    : E['response'] extends null
      ? undefined
      : unknown;
