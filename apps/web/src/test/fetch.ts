/**
 * A stand-in for the server in component tests: `globalThis.fetch` answers the API calls a test
 * names (`'POST /login'`, path under /api without the query) and records every request sent.
 */
import { vi } from 'vitest';

export interface SentRequest {
  method: string;
  /** The path under /api, without the query string: '/pedidos/cliente'. */
  path: string;
  query: URLSearchParams;
  /** The JSON body, parsed. */
  body: unknown;
}

/** A route's answer: a Response (see `answer`), or any other value sent as JSON with 200. */
type Handler = (request: SentRequest) => unknown;

/** An answer with a status, a JSON body and headers (e.g. Retry-After). */
export function answer(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** Replaces fetch for this test (Vitest unstubs it after the test: `unstubGlobals`). */
export function stubApi(routes: Record<string, Handler>) {
  const requests: SentRequest[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const request: SentRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    };
    requests.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    if (!handler) return answer(404, { message: `No stub for ${request.method} ${request.path}` });
    const result = await handler(request);
    return result instanceof Response ? result : answer(200, result);
  });
  return {
    requests,
    /** The requests sent to one route, e.g. `sent('POST /login')`. */
    sent: (route: string) => requests.filter((r) => `${r.method} ${r.path}` === route),
  };
}
