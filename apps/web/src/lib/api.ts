/**
 * The one HTTP client of the SPA (product.md §8, §8): `call('orders.cart', { body: { cliente_id } })`.
 * An endpoint is named by its key in the contract's endpoint table; its method and path come from
 * the table's generated, schema-free copy (`@nido/contract/routes`), what it takes and answers from
 * the table's types (imported as types only: no zod in the bundle). Sends JSON with Accept,
 * Accept-Language and the bearer token; a 401/403/405 ends the session and goes to the login screen;
 * every other non-OK answer rejects with an ApiError.
 */
import type { EndpointAt, EndpointInput, EndpointKey, EndpointOutput } from '@nido/contract';
import { endpointRoutes } from '@nido/contract/routes';
import { currentLanguage } from './i18n.ts';
import { clearSession, getToken, setReturnUrl } from './session.ts';

const BASE = '/api';

/** Paths whose 401 is an ordinary answer, not an expired session. */
const NO_AUTH_REDIRECT = new Set(['/login']);

/** Statuses that end the session (product.md §5.5, §8). */
const SESSION_ENDING = new Set([401, 403, 405]);

export type { EndpointKey };

/**
 * What `call(key, input)` sends: `params` fill the path's `:name`s, `query` is the query string,
 * `body` the JSON body; with `file` (an upload endpoint) the body and the file go as multipart.
 */
export type CallInput<K extends EndpointKey> = EndpointInput<EndpointAt<K>> &
  (EndpointAt<K> extends { multipart: object } ? { file?: Blob } : { file?: undefined });

/** What `call(key, …)` answers: the endpoint's response, undefined for 204, a Blob for a download. */
export type Answer<K extends EndpointKey> = EndpointOutput<EndpointAt<K>>;

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Treat 401/403/405 as an ordinary error instead of ending the session. */
  noAuthRedirect?: boolean;
  /** An upload's progress (0-100): the request goes through XMLHttpRequest, which reports it. */
  onProgress?: (percent: number) => void;
  /** A download's progress: the bytes received so far (a streamed answer has no total to show). */
  onDownload?: (bytes: number) => void;
}

/** The input may be left out when nothing in it is required. */
type CallArgs<K extends EndpointKey> =
  Partial<CallInput<K>> extends CallInput<K>
    ? [input?: CallInput<K>, options?: CallOptions]
    : [input: CallInput<K>, options?: CallOptions];

type QueryValue = string | number | boolean | null | undefined;
type Query = Record<string, QueryValue | readonly QueryValue[]>;

/** A message as the server sends it: a catalogue code and its params. */
interface MessageRef {
  code: string;
  params?: Record<string, string | number>;
}

/**
 * A message to show (lib/messages.ts `messageText`): a catalogue code, a coded message (with its
 * params and maybe an English text), or plain text.
 */
export type ShownMessage = string | (MessageRef & { readonly text?: string });

/**
 * A non-OK answer: its message (`reason`: code, params and English text, product.md §7) and, for a
 * 422, the messages per field (`errors`).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly reason: ShownMessage;
  readonly errors: Record<string, ShownMessage[]>;
  /** The parsed response body, when there was one. */
  readonly body: unknown;
  /** Seconds from a Retry-After header (429), when present. */
  readonly retryAfter: number | undefined;

  constructor(status: number, message: string, body?: unknown, retryAfter?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.retryAfter = retryAfter;
    const { code, params } = (body && typeof body === 'object' ? body : {}) as Partial<MessageRef>;
    this.reason = typeof code === 'string' ? { code, params, text: message } : message;
    this.errors = fieldMessagesOf(body);
  }

  /** Whole minutes to wait before trying again (429), at least 1; 1 when the server said nothing. */
  get retryAfterMinutes(): number {
    return Math.max(1, Math.ceil((this.retryAfter ?? 60) / 60));
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * The messages per field of an error body: by code from `issues` (each with its English text from
 * `errors`), or from the collection editor's list of `{ field, message, code }`.
 */
function fieldMessagesOf(body: unknown): Record<string, ShownMessage[]> {
  if (!body || typeof body !== 'object') return {};
  const { errors, issues } = body as { errors?: unknown; issues?: Record<string, MessageRef[]> };
  const out: Record<string, ShownMessage[]> = {};
  if (Array.isArray(errors)) {
    for (const e of errors as Array<MessageRef & { field: string; message: string }>) {
      const shown = e.code ? { code: e.code, params: e.params, text: e.message } : e.message;
      out[e.field] = [...(out[e.field] ?? []), shown];
    }
    return out;
  }
  const texts = (errors && typeof errors === 'object' ? errors : {}) as Record<string, string[]>;
  for (const [field, list] of Object.entries(texts))
    out[field] = list.map((text, i) => {
      const ref = issues?.[field]?.[i];
      return ref ? { code: ref.code, params: ref.params, text } : text;
    });
  return out;
}

function messageOf(body: unknown, status: number): string {
  if (body && typeof body === 'object' && 'message' in body) {
    const { message } = body as { message: unknown };
    if (typeof message === 'string' && message) return message;
  }
  if (typeof body === 'string' && body.trim()) return body.trim();
  return String(status);
}

function retryAfterOf(value: string | null): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value); // HTTP-date form
  return Number.isNaN(date) ? undefined : Math.max(0, Math.round((date - Date.now()) / 1000));
}

// --- session end -------------------------------------------------------------------------------

let onSessionEnd: (loginPath: string) => void = (loginPath) => window.location.assign(loginPath);

/** The router registers its navigate here so a forced logout needs no page reload. */
export function setSessionEndHandler(handler: (loginPath: string) => void): void {
  onSessionEnd = handler;
}

/**
 * A 401 (the session ended or expired) or a 403/405 (the role may not call that): the session ends
 * and the login screen says why (session.ts `sessionEndReason`).
 */
function endSession(status: number): void {
  const { pathname, search } = window.location;
  // Remember where the user was, so signing in again returns there.
  if (getToken() && !pathname.startsWith('/account')) setReturnUrl(pathname + search);
  clearSession(status === 401 ? 'expired' : 'noAccess');
  onSessionEnd('/account/login');
}

// --- requests ----------------------------------------------------------------------------------

function headers(extra?: Record<string, string>): Record<string, string> {
  const h: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  const token = getToken();
  if (token) h.Authorization = `Bearer ${token}`;
  return { ...h, ...extra };
}

/** `pattern` ('/pedido/:id') with its parameters filled in, each encoded. */
function fillPath(pattern: string, params: Record<string, unknown> | undefined): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`${pattern}: no ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** `/api` + the path + the query string (empty values left out, arrays repeated). */
function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) if (v !== undefined && v !== null) params.append(key, String(v));
  }
  const qs = params.toString();
  return `${BASE}${path}${qs ? `?${qs}` : ''}`;
}

function parse(text: string, contentType: string | null): unknown {
  if (!text) return undefined;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Shared answer handling of fetch and XHR: returns the body or throws. */
function settle(
  path: string,
  status: number,
  body: unknown,
  retryAfter: string | null,
  options: CallOptions | undefined,
): unknown {
  if (status >= 200 && status < 300) return body;
  if (SESSION_ENDING.has(status) && !options?.noAuthRedirect && !NO_AUTH_REDIRECT.has(path)) {
    endSession(status);
  }
  throw new ApiError(status, messageOf(body, status), body, retryAfterOf(retryAfter));
}

/**
 * What public/early-requests.js leaves: home's first requests, sent before the app's code arrived.
 * Null once the app has discarded them (its first screen loaded): the script then sends nothing.
 */
interface EarlyRequests {
  started: number;
  requests: Record<string, Promise<Response> | undefined>;
}
type EarlyWindow = { __nidoEarly?: EarlyRequests | null };

/** An early answer older than this is not used: the app asks again. */
const EARLY_MAX_AGE_MS = 10_000;

/**
 * The early answer to exactly this request (method, path, body, token and language), taken once;
 * undefined when there is none, and for any request the early script does not make.
 */
function takeEarly(method: string, target: string, init: RequestInit): Promise<Response> | undefined {
  const early = (window as EarlyWindow).__nidoEarly;
  if (!early || Date.now() - early.started > EARLY_MAX_AGE_MS) return undefined;
  if (init.body !== undefined && typeof init.body !== 'string') return undefined;
  const h = init.headers as Record<string, string>;
  const key = [method, target, init.body ?? '', h.Authorization ?? '', h['Accept-Language']].join(' ');
  const answer = early.requests[key];
  delete early.requests[key];
  return answer;
}

/**
 * Drops the early answers nobody took: called once the first screen has loaded, so that a later
 * request (a cart refetch after adding a line) never gets an answer from before a change. An early
 * script that runs only now (it may lose the race with the app's code) then sends nothing.
 */
export function discardEarlyRequests(): void {
  (window as EarlyWindow).__nidoEarly = null;
}

// The app's code is running: an early script that has not run yet (its file came later than the
// app's, cached) would only send the app's own requests twice.
if (typeof window !== 'undefined') (window as EarlyWindow).__nidoEarly ??= null;

/**
 * A download's bytes, reported to `onDownload` as they arrive; named by the answer's
 * Content-Disposition (a File), so it is saved under the name the server gave it. A transfer that
 * breaks off is a network error, never a short file.
 */
async function downloaded(response: Response, onDownload?: (bytes: number) => void): Promise<Blob> {
  const type = response.headers.get('Content-Type') ?? '';
  const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
  let blob: Blob;
  try {
    if (onDownload && response.body) {
      const chunks: Uint8Array[] = [];
      let bytes = 0;
      const reader = response.body.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        chunks.push(part.value);
        bytes += part.value.byteLength;
        onDownload(bytes);
      }
      blob = new Blob(chunks as BlobPart[], { type });
    } else blob = await response.blob();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Network error');
  }
  return name ? new File([blob], name, { type }) : blob;
}

/** A request through fetch: JSON (or FormData) body; the answer parsed, or a Blob for a download. */
async function request(
  method: string,
  path: string,
  { query, body, blob, options }: { query?: Query; body?: unknown; blob?: boolean; options?: CallOptions },
): Promise<unknown> {
  const isForm = body instanceof FormData;
  const init: RequestInit = {
    method,
    headers: headers({
      ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
      ...options?.headers,
    }),
    signal: options?.signal,
  };
  if (body !== undefined) init.body = isForm ? body : JSON.stringify(body);

  const target = url(path, query);
  let response: Response;
  try {
    const early = options?.headers ? undefined : takeEarly(method, target, init);
    response = await (early ?? fetch(target, init));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error; // let callers see aborts
    throw new ApiError(0, 'Network error');
  }
  if (blob && response.ok) return downloaded(response, options?.onDownload);
  const parsed = parse(await response.text(), response.headers.get('Content-Type'));
  return settle(path, response.status, parsed, response.headers.get('Retry-After'), options);
}

/** multipart/form-data POST through XMLHttpRequest, the only browser API reporting upload progress. */
function upload(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
  options?: CallOptions,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url(path));
    for (const [name, value] of Object.entries(headers(options?.headers))) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      try {
        const body = parse(xhr.responseText, xhr.getResponseHeader('Content-Type'));
        resolve(settle(path, xhr.status, body, xhr.getResponseHeader('Retry-After'), options));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network error'));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    options?.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** An entry of routes.ts: method, path under /api, and 'file' for a download. */
type Route = readonly [method: string, path: string, answers?: 'file'];

/** `CallInput` as the runtime sees it. */
interface AnyInput {
  params?: Record<string, unknown>;
  query?: Query;
  body?: unknown;
  file?: Blob;
}

/**
 * Calls the endpoint `key` of the contract's table (`'orders.cart'`, `'catalog.model'`…) with its
 * input and answers what it answers, both typed from the table. With `input.file` (an upload) the
 * body goes as the multipart `body` field beside the file, through XMLHttpRequest when
 * `options.onProgress` is given.
 */
export async function call<K extends EndpointKey>(
  key: K,
  ...[input, options]: CallArgs<K>
): Promise<Answer<K>> {
  const [method, pattern, answers] = endpointRoutes[key] as Route;
  const { params, query, body, file } = (input ?? {}) as AnyInput;
  const path = fillPath(pattern, params);
  let sent = body;
  if (file !== undefined) {
    const form = new FormData();
    if (body !== undefined) form.append('body', JSON.stringify(body));
    form.append('file', file);
    if (options?.onProgress) return upload(path, form, options.onProgress, options) as Promise<Answer<K>>;
    sent = form;
  }
  return request(method, path, { query, body: sent, blob: answers === 'file', options }) as Promise<
    Answer<K>
  >;
}
