// Runs in Vitest's node environment: the few browser globals api.ts and session.ts touch are stubbed.
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

class MemoryStorage {
  private readonly data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, String(value));
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
  clear() {
    this.data.clear();
  }
}

const storage = new MemoryStorage();
const location = { pathname: '/pedido/list', search: '?page=2', assign: vi.fn() };

type ApiModule = typeof import('./api.ts');
type SessionModule = typeof import('./session.ts');
let apiModule: ApiModule;
let session: SessionModule;
const sessionEnd = vi.fn();

function respond(status: number, body?: unknown, headers: Record<string, string> = {}) {
  const text = body === undefined ? '' : JSON.stringify(body);
  return new Response(status === 204 ? null : text, {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function lastCall() {
  const fetchMock = vi.mocked(globalThis.fetch);
  const [url, init] = fetchMock.mock.calls.at(-1) as [string, RequestInit];
  return { url, init, headers: init.headers as Record<string, string> };
}

beforeAll(async () => {
  vi.stubGlobal('sessionStorage', storage);
  vi.stubGlobal('window', { location });
  session = await import('./session.ts');
  apiModule = await import('./api.ts');
  apiModule.setSessionEndHandler(sessionEnd);
});

beforeEach(() => {
  storage.clear();
  session.clearSession();
  sessionEnd.mockReset();
  vi.stubGlobal('fetch', vi.fn());
});

describe('call', () => {
  it('sends JSON, the language and the bearer token to the endpoint’s method and path', async () => {
    session.setToken('tok');
    vi.mocked(fetch).mockResolvedValue(respond(200, { data: [], meta: {} }));
    const body = await apiModule.call('orders.list', { body: { tipodoc: 'E', page: 1 } });
    const { url, init, headers } = lastCall();
    expect(body).toEqual({ data: [], meta: {} });
    expect(url).toBe('/api/pedidos/list');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"tipodoc":"E","page":1}');
    expect(headers.Accept).toBe('application/json');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['Accept-Language']).toBe('es');
    expect(headers.Authorization).toBe('Bearer tok');
  });

  it.each([
    ['PUT', 'clients.updateUser', { params: { id: 4 }, body: { name: 'Ana' } }, '/api/clienteUsers/4'],
    ['DELETE', 'catalogAdmin.removeParameter', { params: { id: 9 } }, '/api/parametros/9'],
    ['GET', 'orderAdmin.history', { params: { id: 12 } }, '/api/pedido/12/history'],
    [
      'PUT',
      'catalogAdmin.renameParamSection',
      { params: { id: 3, sectionId: 8 }, body: { name: 'a', name_en: 'b' } },
      '/api/parametrosgrupos/3/sections/8',
    ],
  ] as const)(
    'takes the method (%s) from the table and fills the path’s parameters',
    async (method, key, input, path) => {
      vi.mocked(fetch).mockResolvedValue(respond(200, {}));
      await apiModule.call(key, input as never);
      const { url, init } = lastCall();
      expect(init.method).toBe(method);
      expect(url).toBe(path);
    },
  );

  it('encodes a path parameter', async () => {
    vi.mocked(fetch).mockResolvedValue(respond(200, {}));
    await apiModule.call('catalog.model', { params: { modelo: 'A/B 1?' }, query: {} });
    expect(lastCall().url).toBe('/api/modelo/A%2FB%201%3F');
  });

  it('puts the query in the query string, skipping empty values, and sends no body for a GET', async () => {
    vi.mocked(fetch).mockResolvedValue(respond(200, { data: [] }));
    await apiModule.call('catalogAdmin.models', { query: { coleccion: null, search: 'a b', page: 2 } });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/modelo-admin/list?search=a+b&page=2');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers['Content-Type']).toBeUndefined();
    expect(headers.Authorization).toBeUndefined();
  });

  it('sends a DELETE’s body as JSON', async () => {
    vi.mocked(fetch).mockResolvedValue(respond(200, { ok: true, initial_id: null }));
    await apiModule.call('collections.deleteImage', { body: { id: 5, colecciones_id: 2 } });
    const { url, init } = lastCall();
    expect([init.method, url, init.body]).toEqual([
      'DELETE',
      '/api/coleccion/deleteImage',
      '{"id":5,"colecciones_id":2}',
    ]);
  });

  it('sends an upload as multipart: the body as its `body` field, then the file', async () => {
    vi.mocked(fetch).mockResolvedValue(respond(200, { id: 1 }));
    const file = new Blob(['img'], { type: 'image/png' });
    await apiModule.call('catalogAdmin.saveParameter', { body: { id: 7 }, file });
    const { url, init, headers } = lastCall();
    expect(url).toBe('/api/parametro/updateNewWithImage');
    expect(init.body).toBeInstanceOf(FormData);
    const form = init.body as FormData;
    expect([...form.keys()]).toEqual(['body', 'file']);
    expect(form.get('body')).toBe('{"id":7}');
    expect(headers['Content-Type']).toBeUndefined(); // the browser sets the multipart boundary
  });

  it('sends an upload with progress through XMLHttpRequest, with the same headers', async () => {
    session.setToken('tok');
    const sent: { method?: string; url?: string; headers: Record<string, string>; body?: unknown } = {
      headers: {},
    };
    class FakeXhr {
      status = 0;
      responseText = '';
      upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
      onload?: () => void;
      open(method: string, url: string) {
        Object.assign(sent, { method, url });
      }
      setRequestHeader(name: string, value: string) {
        sent.headers[name] = value;
      }
      getResponseHeader(name: string) {
        return name === 'Content-Type' ? 'application/json' : null;
      }
      send(body: unknown) {
        sent.body = body;
        this.upload.onprogress?.({ lengthComputable: true, loaded: 1, total: 4 });
        this.status = 200;
        this.responseText = '{"id":3,"modelos_modelo":"M1"}';
        this.onload?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const progress: number[] = [];
    const row = await apiModule.call(
      'catalogAdmin.uploadImage',
      { body: { modelo: 'M1', color0: null }, file: new Blob(['img']) },
      { onProgress: (p) => progress.push(p) },
    );
    expect(row).toEqual({ id: 3, modelos_modelo: 'M1' });
    expect([sent.method, sent.url]).toEqual(['POST', '/api/modelo/uploadImage']);
    expect(sent.headers).toMatchObject({ Authorization: 'Bearer tok', 'Accept-Language': 'es' });
    expect((sent.body as FormData).get('body')).toBe('{"modelo":"M1","color0":null}');
    expect(progress).toEqual([25]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('answers a download as a Blob', async () => {
    vi.mocked(fetch).mockResolvedValue(
      new Response(new Uint8Array([80, 75, 3, 4]), {
        status: 200,
        headers: { 'Content-Type': 'application/zip' },
      }),
    );
    const zip = await apiModule.call('collections.downloadImages', { body: { id: 3 } });
    expect(zip).toBeInstanceOf(Blob);
    expect(zip.size).toBe(4);
  });

  it('reports a download’s bytes as they arrive and names it as the server does', async () => {
    const parts = ['Documento;Fecha\r\n', '2026-000001;02/03/2026\r\n'];
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const p of parts) controller.enqueue(new TextEncoder().encode(p));
        controller.close();
      },
    });
    vi.mocked(fetch).mockResolvedValue(
      new Response(body, {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': 'attachment; filename="pedidos-2026-03-05.csv"',
        },
      }),
    );
    const seen: number[] = [];
    const csv = await apiModule.call('orders.exportCsv', { body: {} }, { onDownload: (n) => seen.push(n) });
    expect(seen).toEqual([17, 41]);
    expect(csv).toBeInstanceOf(File);
    expect((csv as File).name).toBe('pedidos-2026-03-05.csv');
    expect(await csv.text()).toBe(parts.join(''));
  });

  it('turns a download that breaks off into a network error, never a short file', async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('Documento;Fecha\r\n'));
        controller.error(new TypeError('network error'));
      },
    });
    vi.mocked(fetch).mockResolvedValue(new Response(body, { headers: { 'Content-Type': 'text/csv' } }));
    const download = apiModule.call('orders.exportCsv', { body: {} }, { onDownload: () => {} });
    await expect(download).rejects.toMatchObject({ name: 'ApiError', status: 0 });
  });

  it('passes the AbortSignal on, and lets callers see an abort', async () => {
    const controller = new AbortController();
    vi.mocked(fetch).mockRejectedValue(new DOMException('aborted', 'AbortError'));
    await expect(
      apiModule.call('account.me', undefined, { signal: controller.signal }),
    ).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(lastCall().init.signal).toBe(controller.signal);
  });

  it('answers undefined for 204', async () => {
    vi.mocked(fetch).mockResolvedValue(respond(204));
    await expect(apiModule.call('account.logout')).resolves.toBeUndefined();
  });

  it('rejects a 422 with the message and the field errors', async () => {
    vi.mocked(fetch).mockResolvedValue(respond(422, { message: 'Invalid', errors: { email: ['taken'] } }));
    const error = await apiModule
      .call('account.updateProfile', { body: { name: 'A', email: 'a@b.es' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(apiModule.ApiError);
    const apiError = error as InstanceType<ApiModule['ApiError']>;
    expect(apiError.status).toBe(422);
    expect(apiError.message).toBe('Invalid');
    expect(apiError.errors).toEqual({ email: ['taken'] });
  });

  it('reads Retry-After of a 429', async () => {
    vi.mocked(fetch).mockResolvedValue(respond(429, { message: 'slow down' }, { 'Retry-After': '90' }));
    const error = (await apiModule
      .call('account.login', { body: { email: 'a@b.es', password: 'x' } })
      .catch((e: unknown) => e)) as { retryAfter?: number };
    expect(error.retryAfter).toBe(90);
  });

  it.each([401, 403, 405])(
    'ends the session on %i and goes to login, remembering the page',
    async (status) => {
      session.setToken('tok');
      session.setSelectedCliente({ id: 7, nomcome: 'Shop' });
      vi.mocked(fetch).mockResolvedValue(respond(status, { message: 'no' }));
      await expect(apiModule.call('account.me')).rejects.toMatchObject({ status });
      expect(session.getToken()).toBeNull();
      expect(session.getSession().selectedCliente).toBeNull();
      expect(sessionEnd).toHaveBeenCalledWith('/account/login');
      expect(session.takeReturnUrl()).toBe('/pedido/list?page=2');
    },
  );

  it.each([
    [401, 'expired'],
    [403, 'noAccess'],
    [405, 'noAccess'],
  ] as const)(
    'keeps why the session ended on %i (%s) for the login screen, until the next sign-in',
    async (status, reason) => {
      session.setToken('tok');
      vi.mocked(fetch).mockResolvedValue(respond(status, { message: 'no' }));
      await expect(apiModule.call('account.me')).rejects.toMatchObject({ status });
      expect(session.sessionEndReason()).toBe(reason);
      session.setToken('next');
      expect(session.sessionEndReason()).toBeNull();
    },
  );

  it('gives no reason when the user signs out', async () => {
    session.setToken('tok');
    vi.mocked(fetch).mockResolvedValue(respond(401, { message: 'no' }));
    await apiModule.call('account.me').catch(() => undefined);
    session.clearSession();
    expect(session.sessionEndReason()).toBeNull();
  });

  it('does not end the session for a failed login, nor when told not to', async () => {
    vi.mocked(fetch).mockImplementation(async () => respond(401, { message: 'Incorrect user or password' }));
    await expect(
      apiModule.call('account.login', { body: { email: 'a@b.es', password: 'x' } }),
    ).rejects.toMatchObject({ status: 401 });
    session.setToken('tok');
    await expect(apiModule.call('account.logout', undefined, { noAuthRedirect: true })).rejects.toMatchObject(
      {
        status: 401,
      },
    );
    expect(session.getToken()).toBe('tok');
    expect(sessionEnd).not.toHaveBeenCalled();
  });

  it('turns a network failure into ApiError status 0', async () => {
    vi.mocked(fetch).mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiModule.call('account.me')).rejects.toMatchObject({ status: 0 });
  });
});

describe('session', () => {
  const base = {
    id: 1,
    cliente_id: 10,
    name: 'Ana',
    email: 'a@b.es',
    cliente: 'Own shop',
    language: 'es' as const,
    role: 'Admin',
    infosend: true,
    menu: [],
  };

  it('starts as the product.md §5 guest', () => {
    expect(session.getUser()).toMatchObject({
      name: 'Invitado',
      role: 'Invitado',
      cliente_id: 0,
      language: 'es',
    });
    expect(session.getSession().hasUser).toBe(false);
  });

  it('uses the chosen client for an Admin, the own client otherwise', () => {
    session.setUser(base);
    expect(session.activeClienteId()).toBe(10);
    session.setSelectedCliente({ id: 7, nomcome: 'Chosen' });
    expect(session.activeClienteId()).toBe(7);
    expect(session.activeClienteName()).toBe('Chosen');
    session.setUser({ ...base, role: 'Cliente' });
    expect(session.activeClienteId()).toBe(10);
    expect(session.activeClienteName()).toBe('Own shop');
  });

  it('notifies subscribers and keeps a stable snapshot between changes', () => {
    const listener = vi.fn();
    const unsubscribe = session.subscribeSession(listener);
    const before = session.getSession();
    expect(session.getSession()).toBe(before);
    session.setToken('x');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(session.getSession()).not.toBe(before);
    unsubscribe();
  });

  it('only honours same-origin return URLs', () => {
    session.setReturnUrl('//evil.example/x');
    expect(session.takeReturnUrl()).toBeNull();
    session.setReturnUrl('/cliente/3');
    expect(session.takeReturnUrl()).toBe('/cliente/3');
    expect(session.takeReturnUrl()).toBeNull();
  });
});

describe('early requests (public/early-requests.js)', () => {
  const script = fs.readFileSync(path.join(import.meta.dirname, '../../public/early-requests.js'), 'utf8');
  const shop = {
    id: 9,
    cliente_id: 5,
    name: 'Shop',
    email: 'shop@x',
    cliente: 'Shop',
    role: 'Cliente',
    language: 'es' as const,
  };

  /** Runs the script as index.html would, on `pathname`, with the session stored. */
  function runScript(pathname: string) {
    location.pathname = pathname;
    // `location` is the window's: a page-global the stubs cannot provide in Node.
    new Function('location', script)(location);
  }

  beforeEach(() => {
    session.setToken('tok');
    session.setUser({ ...shop, infosend: true, menu: [] });
    delete (window as { __nidoEarly?: unknown }).__nidoEarly;
    vi.mocked(fetch).mockImplementation(async (input) => respond(200, { from: `early ${String(input)}` }));
  });

  it('on home, sends the requests of home and the app takes their answers instead of asking again', async () => {
    runScript('/');
    expect(
      vi.mocked(fetch).mock.calls.map(([url, init]) => `${init?.method} ${url} ${init?.body ?? ''}`),
    ).toEqual([
      'GET /api/me ',
      'POST /api/modelo/lastPurchased {"cliente_id":5}',
      'POST /api/pedidos/cliente {"cliente_id":5}',
    ]);
    vi.mocked(fetch).mockImplementation(async () => respond(200, { from: 'app' }));
    await expect(apiModule.call('catalog.lastPurchased', { body: { cliente_id: 5 } })).resolves.toEqual({
      from: 'early /api/modelo/lastPurchased',
    });
    await expect(apiModule.call('orders.cart', { body: { cliente_id: 5 } })).resolves.toEqual({
      from: 'early /api/pedidos/cliente',
    });
    await expect(apiModule.call('account.me')).resolves.toEqual({ from: 'early /api/me' });
    expect(fetch).toHaveBeenCalledTimes(3);
    // Each early answer is taken once: the next request is the app's own.
    await expect(apiModule.call('catalog.lastPurchased', { body: { cliente_id: 5 } })).resolves.toEqual({
      from: 'app',
    });
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('is not used for another request, another token, nor once it is old', async () => {
    runScript('/');
    vi.mocked(fetch).mockImplementation(async () => respond(200, { from: 'app' }));
    await expect(apiModule.call('catalog.lastPurchased', { body: { cliente_id: 6 } })).resolves.toEqual({
      from: 'app',
    });
    session.setToken('other');
    await expect(apiModule.call('orders.cart', { body: { cliente_id: 5 } })).resolves.toEqual({
      from: 'app',
    });
    session.setToken('tok');
    (window as unknown as { __nidoEarly: { started: number } }).__nidoEarly.started -= 11_000;
    await expect(apiModule.call('account.me')).resolves.toEqual({ from: 'app' });
  });

  it('a failed early request is the app’s failure, handled as its own (the session ends on 401)', async () => {
    vi.mocked(fetch).mockImplementation(async () => respond(401, { message: 'expired' }));
    runScript('/');
    await expect(apiModule.call('account.me')).rejects.toMatchObject({ status: 401 });
    expect(sessionEnd).toHaveBeenCalledWith('/account/login');
  });

  it('once the app has discarded them (its first screen loaded), none is used and the script sends none', async () => {
    runScript('/');
    apiModule.discardEarlyRequests();
    vi.mocked(fetch).mockImplementation(async () => respond(200, { from: 'app' }));
    // A cart refetch after adding a line must not get the answer from before the line.
    await expect(apiModule.call('orders.cart', { body: { cliente_id: 5 } })).resolves.toEqual({
      from: 'app',
    });
    vi.mocked(fetch).mockClear();
    runScript('/'); // the script lost the race with the app's code
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends nothing on another page, or without a session', async () => {
    runScript('/pedido/list');
    session.clearSession();
    runScript('/');
    expect(fetch).not.toHaveBeenCalled();
  });
});
