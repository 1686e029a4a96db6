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

describe('api', () => {
  it('sends JSON, the language and the bearer token to /api/<path>', async () => {
    session.setToken('tok');
    vi.mocked(fetch).mockResolvedValue(respond(200, { ok: true }));
    const body = await apiModule.api.post<{ ok: boolean }>('pedidos/list', { page: 1 });
    const { url, init, headers } = lastCall();
    expect(body).toEqual({ ok: true });
    expect(url).toBe('/api/pedidos/list');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"page":1}');
    expect(headers.Accept).toBe('application/json');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['Accept-Language']).toBe('es');
    expect(headers.Authorization).toBe('Bearer tok');
  });

  it('puts GET parameters in the query string, skipping empty ones', async () => {
    vi.mocked(fetch).mockResolvedValue(respond(200, []));
    await apiModule.api.get('cliente', { search: 'a b', page: 2, empty: undefined, ids: [1, 2] });
    const { url, headers } = lastCall();
    expect(url).toBe('/api/cliente?search=a+b&page=2&ids=1&ids=2');
    expect(headers.Authorization).toBeUndefined();
  });

  it('answers undefined for 204', async () => {
    vi.mocked(fetch).mockResolvedValue(respond(204));
    await expect(apiModule.api.del('parametros/3')).resolves.toBeUndefined();
  });

  it('rejects a 422 with the message and the field errors', async () => {
    vi.mocked(fetch).mockResolvedValue(respond(422, { message: 'Invalid', errors: { email: ['taken'] } }));
    const error = await apiModule.api.post('updateProfile', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(apiModule.ApiError);
    const apiError = error as InstanceType<ApiModule['ApiError']>;
    expect(apiError.status).toBe(422);
    expect(apiError.message).toBe('Invalid');
    expect(apiError.errors).toEqual({ email: ['taken'] });
    expect(apiError.fieldError('email')).toBe('taken');
  });

  it('reads Retry-After of a 429', async () => {
    vi.mocked(fetch).mockResolvedValue(respond(429, { message: 'slow down' }, { 'Retry-After': '90' }));
    const error = (await apiModule.api.post('login', {}).catch((e: unknown) => e)) as { retryAfter?: number };
    expect(error.retryAfter).toBe(90);
  });

  it.each([401, 403, 405])(
    'ends the session on %i and goes to login, remembering the page',
    async (status) => {
      session.setToken('tok');
      session.setSelectedCliente({ id: 7, nomcome: 'Shop' });
      vi.mocked(fetch).mockResolvedValue(respond(status, { message: 'no' }));
      await expect(apiModule.api.get('me')).rejects.toMatchObject({ status });
      expect(session.getToken()).toBeNull();
      expect(session.getSession().selectedCliente).toBeNull();
      expect(sessionEnd).toHaveBeenCalledWith('/account/login');
      expect(session.takeReturnUrl()).toBe('/pedido/list?page=2');
    },
  );

  it('does not end the session for a failed login', async () => {
    vi.mocked(fetch).mockResolvedValue(respond(401, { message: 'Incorrect user or password' }));
    await expect(apiModule.api.post('login', {})).rejects.toMatchObject({ status: 401 });
    expect(sessionEnd).not.toHaveBeenCalled();
  });

  it('turns a network failure into ApiError status 0', async () => {
    vi.mocked(fetch).mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiModule.api.get('me')).rejects.toMatchObject({ status: 0 });
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

  it('starts as the SPEC §3 guest', () => {
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
    await expect(apiModule.api.post('modelo/lastPurchased', { cliente_id: 5 })).resolves.toEqual({
      from: 'early /api/modelo/lastPurchased',
    });
    await expect(apiModule.api.post('pedidos/cliente', { cliente_id: 5 })).resolves.toEqual({
      from: 'early /api/pedidos/cliente',
    });
    await expect(apiModule.api.get('me')).resolves.toEqual({ from: 'early /api/me' });
    expect(fetch).toHaveBeenCalledTimes(3);
    // Each early answer is taken once: the next request is the app's own.
    await expect(apiModule.api.post('modelo/lastPurchased', { cliente_id: 5 })).resolves.toEqual({
      from: 'app',
    });
    expect(fetch).toHaveBeenCalledTimes(4);
  });

  it('is not used for another request, another token, nor once it is old', async () => {
    runScript('/');
    vi.mocked(fetch).mockImplementation(async () => respond(200, { from: 'app' }));
    await expect(apiModule.api.post('modelo/lastPurchased', { cliente_id: 6 })).resolves.toEqual({
      from: 'app',
    });
    session.setToken('other');
    await expect(apiModule.api.post('pedidos/cliente', { cliente_id: 5 })).resolves.toEqual({ from: 'app' });
    session.setToken('tok');
    (window as unknown as { __nidoEarly: { started: number } }).__nidoEarly.started -= 11_000;
    await expect(apiModule.api.get('me')).resolves.toEqual({ from: 'app' });
  });

  it('a failed early request is the app’s failure, handled as its own (the session ends on 401)', async () => {
    vi.mocked(fetch).mockImplementation(async () => respond(401, { message: 'expired' }));
    runScript('/');
    await expect(apiModule.api.get('me')).rejects.toMatchObject({ status: 401 });
    expect(sessionEnd).toHaveBeenCalledWith('/account/login');
  });

  it('once the app has discarded them (its first screen loaded), none is used and the script sends none', async () => {
    runScript('/');
    apiModule.discardEarlyRequests();
    vi.mocked(fetch).mockImplementation(async () => respond(200, { from: 'app' }));
    // A cart refetch after adding a line must not get the answer from before the line.
    await expect(apiModule.api.post('pedidos/cliente', { cliente_id: 5 })).resolves.toEqual({ from: 'app' });
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
