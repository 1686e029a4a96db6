/**
 * Limits and hardening, as a client of the server sees them:
 * - the security headers (CSP with frame-ancestors 'none', X-Frame-Options DENY, nosniff,
 *   Referrer-Policy) on every kind of answer: JSON 200, 401, 404, 413, 415, 400, 422, 500, uploaded
 *   files, the built SPA and its fallback, the API docs;
 * - a 500 carries no stack trace;
 * - the JSON body limit (413);
 * - pagination caps: per_page and page are bounded, a page never holds more than its cap;
 * - input PostgreSQL cannot store (NUL) and malformed multipart bodies answer 4xx, never 500.
 * Sign-in throttling (429) is tested in account.test.ts.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '@nido/contract';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT, buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { clientes, modelos, parametros_grupos } from '../src/db/schema.ts';
import { buildCatalogue } from '../src/domains/catalogue/test-fixtures.ts';
import { multipart } from '../src/domains/catalogue/test-helpers.ts';
import { wellFormed } from '../src/platform/input.ts';
import { createClient, createTestContext, createUser, type TestContext, tokenFor } from './harness.ts';
import { expectAnswersDocumented } from './openapi.ts';

let ctx: TestContext;
let webDist: string;
let admin: { authorization: string };
let shop: { authorization: string };

const MODELS = 130;

beforeAll(async () => {
  // A built SPA: index.html plus a hashed asset.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Nido</title><div id="root"></div>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b3c.js'), 'console.log("nido")');
  ctx = await createTestContext({ WEB_DIST: webDist });
  await buildCatalogue(ctx);
  const db = ctx.database.db;
  await db.insert(modelos).values(
    Array.from({ length: MODELS }, (_, i) => ({
      modelo: `NDPG${String(i).padStart(3, '0')}`,
      descripcion: `Modelo paginado ${i}`,
      descripcion_en: `Paged model ${i}`,
      search_text: `ndpg${i} modelo paginado ${i}`,
    })),
  );
  await db.insert(clientes).values(
    Array.from({ length: PAGE_SIZE + 10 }, (_, i) => ({
      nomcome: `Tienda ${i}`,
      search_text: `tienda ${i}`,
    })),
  );
  await db
    .insert(parametros_grupos)
    .values(
      Array.from({ length: PAGE_SIZE + 10 }, (_, i) => ({ nombre: `Grupo ${i}`, nombre_en: `Group ${i}` })),
    );
  const shopClient = await createClient(ctx, 'Tienda Segura');
  const a = await createUser(ctx, { email: 'admin@hard.test', role: 'Admin' });
  const u = await createUser(ctx, { email: 'shop@hard.test', role: 'Cliente', cliente_id: shopClient.id });
  admin = await tokenFor(ctx, a.id);
  shop = await tokenFor(ctx, u.id);
  fs.mkdirSync(path.join(ctx.dir, 'uploads'), { recursive: true });
  fs.writeFileSync(path.join(ctx.dir, 'uploads', 'pic.webp'), Buffer.from('RIFF0000WEBPVP8 '));
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

function inject(opts: InjectOptions) {
  return ctx.app.inject(opts);
}

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  const csp = String(res.headers['content-security-policy'] ?? '');
  expect(csp, `${what}: CSP`).toContain("default-src 'self'");
  expect(csp, `${what}: CSP frame-ancestors`).toContain("frame-ancestors 'none'");
  expect(csp, `${what}: CSP object-src`).toContain("object-src 'none'");
  expect(res.headers['x-content-type-options'], `${what}: nosniff`).toBe('nosniff');
  expect(res.headers['x-frame-options'], `${what}: X-Frame-Options`).toBe('DENY');
  expect(res.headers['referrer-policy'], `${what}: Referrer-Policy`).toBe('strict-origin-when-cross-origin');
  expect(res.headers['x-powered-by'], `${what}: X-Powered-By`).toBeUndefined();
}

describe('security headers', () => {
  it('are on every kind of answer', async () => {
    const big = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(BODY_LIMIT) });
    const cases: Array<[what: string, status: number, opts: InjectOptions]> = [
      ['JSON 200', 200, { method: 'GET', url: '/api/health' }],
      ['signed-in JSON 200', 200, { method: 'GET', url: '/api/me', headers: shop }],
      ['401', 401, { method: 'GET', url: '/api/me' }],
      ['403', 403, { method: 'GET', url: '/api/cliente', headers: shop }],
      ['404 api', 404, { method: 'GET', url: '/api/no-such-call' }],
      ['404 object', 404, { method: 'GET', url: '/api/pedido/999999', headers: shop }],
      ['422', 422, { method: 'POST', url: '/api/forgot-password', payload: { email: 'not-an-email' } }],
      [
        '400 malformed JSON',
        400,
        {
          method: 'POST',
          url: '/api/login',
          payload: '{"email":',
          headers: { 'content-type': 'application/json' },
        },
      ],
      [
        '413',
        413,
        { method: 'POST', url: '/api/login', payload: big, headers: { 'content-type': 'application/json' } },
      ],
      [
        '415',
        415,
        {
          method: 'POST',
          url: '/api/login',
          payload: '<a/>',
          headers: { 'content-type': 'application/xml' },
        },
      ],
      ['uploaded file', 200, { method: 'GET', url: '/uploads/pic.webp' }],
      ['missing upload', 404, { method: 'GET', url: '/uploads/none.webp' }],
      ['SPA index', 200, { method: 'GET', url: '/' }],
      ['SPA fallback', 200, { method: 'GET', url: '/pedido/edit/3' }],
      ['SPA asset', 200, { method: 'GET', url: '/assets/app-1a2b3c.js' }],
      ['non-GET outside /api', 404, { method: 'POST', url: '/pedido/edit/3' }],
      ['missing asset', 404, { method: 'GET', url: '/assets/app-old.js' }],
    ];
    for (const [what, status, opts] of cases) {
      const res = await inject(opts);
      expect(res.statusCode, `${what}: ${res.body.slice(0, 120)}`).toBe(status);
      expectSecurityHeaders(res, what);
      if (String(opts.url).startsWith('/api/') && status >= 400) {
        expect(res.headers['content-type'], what).toMatch(/^application\/json/);
        expect(typeof res.json().message, what).toBe('string');
      }
    }
    // The SPA shell and its fallback are HTML that must be revalidated; hashed assets are immutable.
    const fallback = await inject({ method: 'GET', url: '/cliente/list' });
    expect(fallback.headers['content-type']).toMatch(/^text\/html/);
    expect(fallback.headers['cache-control']).toBe('no-cache');
    expect(fallback.body).toContain('<div id="root">');
    const asset = await inject({ method: 'GET', url: '/assets/app-1a2b3c.js' });
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('are on the API documentation too', async () => {
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(400);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(String(res.headers['content-security-policy']), url).toContain("frame-ancestors 'none'");
    }
  });

  it('are on a 500, which carries no stack trace or file path', async () => {
    // The same server on a database that fails every statement (with a message naming a file).
    const failure = () => {
      throw new Error('connection lost\n    at query (/work/main/apps/server/src/db/client.ts:1:1)');
    };
    const brokenDb = new Proxy({}, { get: failure });
    const app = await buildApp({
      ...ctx.app.deps,
      database: { ...ctx.database, db: brokenDb as Database['db'], query: async () => failure() },
      logger: false,
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: 'a@b.co', password: 'x' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal server error', code: 'request.internal' });
      expectSecurityHeaders(res, '500');
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.body).not.toMatch(/connection lost|client\.ts/);
      expectSecurityHeaders(health, '503');
    } finally {
      await app.close();
    }
  });
});

describe('body size', () => {
  it(`refuses a JSON body over ${BODY_LIMIT} bytes with 413 and a message`, async () => {
    const over = JSON.stringify({ search: 'x'.repeat(BODY_LIMIT) });
    const res = await inject({
      method: 'POST',
      url: '/api/modelo/searchModel',
      headers: { ...shop, 'content-type': 'application/json' },
      payload: over,
    });
    expect(res.statusCode).toBe(413);
    expect(typeof res.json().message).toBe('string');
    // Just under the limit the body is read, then refused by the field's own limit.
    const under = JSON.stringify({ search: 'x'.repeat(BODY_LIMIT - 100) });
    const ok = await inject({
      method: 'POST',
      url: '/api/modelo/searchModel',
      headers: { ...shop, 'content-type': 'application/json' },
      payload: under,
    });
    expect(ok.statusCode).toBe(422);
  });
});

describe('pagination caps', () => {
  const get = (url: string) => inject({ method: 'GET', url: `/api/${url}`, headers: admin });
  const post = (url: string, payload: object, headers = admin) =>
    inject({ method: 'POST', url: `/api/${url}`, headers, payload });

  it('bounds per_page and page on every paged list', async () => {
    const refused: Array<[string, Promise<LightMyRequestResponse>]> = [
      ['modelo-admin per_page', get(`modelo-admin/list?per_page=${MAX_PAGE_SIZE + 1}`)],
      ['modelo-admin per_page huge', get('modelo-admin/list?per_page=99999999999')],
      ['modelo-admin page', get('modelo-admin/list?page=100001')],
      ['modelo-admin page negative', get('modelo-admin/list?page=-1')],
      ['sincoleccion per_page', get(`modelo/sincoleccion?per_page=${MAX_PAGE_SIZE + 1}`)],
      ['parametrosgrupos per_page', get(`parametrosgrupos?per_page=${MAX_PAGE_SIZE + 1}`)],
      ['colecciones per_page', post('colecciones/list', { filters: { per_page: MAX_PAGE_SIZE + 1 } })],
      ['cliente page', get('cliente?page=1e9')],
      ['searchModel page', post('modelo/searchModel', { search: '', page: 100001 }, shop)],
      ['pedidos/list page', post('pedidos/list', { page: 100001 }, shop)],
    ];
    for (const [what, pending] of refused) expect((await pending).statusCode, what).toBe(422);
  });

  it('never answers more rows than the cap, whatever the table holds', async () => {
    const pages: Array<[string, Promise<LightMyRequestResponse>, number]> = [
      ['modelo-admin default', get('modelo-admin/list'), PAGE_SIZE],
      ['modelo-admin max', get(`modelo-admin/list?per_page=${MAX_PAGE_SIZE}`), MAX_PAGE_SIZE],
      ['sincoleccion max', get(`modelo/sincoleccion?per_page=${MAX_PAGE_SIZE}`), MAX_PAGE_SIZE],
      ['parametrosgrupos default', get('parametrosgrupos'), PAGE_SIZE],
      ['cliente', get('cliente'), PAGE_SIZE],
      ['searchModel', post('modelo/searchModel', { search: '' }), 50],
      ['modeloBase', get('modeloBase/list'), 50],
    ];
    for (const [what, pending, cap] of pages) {
      const res = await pending;
      expect(res.statusCode, what).toBe(200);
      const body = res.json();
      const rows = Array.isArray(body) ? body : body.data;
      expect(rows.length, what).toBe(cap);
      if (!Array.isArray(body)) expect(body.meta.total, what).toBeGreaterThan(cap);
    }
    // The last page allowed is empty, not an error.
    const far = await get('modelo-admin/list?page=100000');
    expect(far.statusCode).toBe(200);
    expect(far.json().data).toEqual([]);
  });
});

describe('input the database cannot store, malformed bodies', () => {
  it('refuses a NUL anywhere with 422 naming the field, and changes nothing; mends half a surrogate pair', async () => {
    const before = await ctx.database.query<{ n: number }>('select count(*)::int as n from section_models');
    const cases: Array<[InjectOptions, string]> = [
      [{ method: 'POST', url: '/api/modelo/createSection', payload: { name: 'Sec\u0000ción' } }, 'name'],
      [{ method: 'POST', url: '/api/modelo/searchModel', payload: { search: 'a\u0000' } }, 'search'],
      [{ method: 'GET', url: '/api/cliente?text=a%00b' }, 'text'],
      [{ method: 'GET', url: '/api/modelo-admin/ND%00CAP' }, 'modelo'],
      [
        { method: 'POST', url: '/api/pedidos/list', payload: { filters: { text: '\u0000' } } },
        'filters.text',
      ],
      [{ method: 'POST', url: '/api/infoData', payload: { 'k\u0000': 1 } }, 'k\u0000'],
    ];
    for (const [opts, field] of cases) {
      const res = await inject({ ...opts, headers: admin });
      expect(res.statusCode, `${String(opts.url)} ${res.body}`).toBe(422);
      expect(res.json().errors[field], String(opts.url)).toEqual([
        'The text contains a character that is not allowed',
      ]);
    }
    // A multipart body part, and the collection editor (whose 422 lists {field, message}).
    const form = multipart({ body: JSON.stringify({ id: 0, nombre: 'Rojo\u0000', nombre_en: 'Red' }) });
    const upload = await inject({
      method: 'POST',
      url: '/api/parametro/updateNewWithImage',
      headers: { ...admin, ...form.headers },
      payload: form.payload,
    });
    expect(upload.statusCode).toBe(422);
    expect(upload.json().errors['body.nombre']).toBeDefined();
    const collection = await inject({
      method: 'PUT',
      url: '/api/colecciones/update',
      headers: admin,
      payload: { collection: { id: 0, nombre: 'N\u0000', coleccion: 'X1' } },
    });
    expect(collection.statusCode).toBe(422);
    expect(collection.json().errors).toEqual([
      {
        field: 'collection.nombre',
        message: 'The text contains a character that is not allowed',
        code: 'request.unstorableText',
      },
    ]);
    const after = await ctx.database.query<{ n: number }>('select count(*)::int as n from section_models');
    expect(after[0].n).toBe(before[0].n);

    // Half of a surrogate pair (an emoji cut in two by a slice to a maximum length) is not a
    // character: it is stored as U+FFFD, like a UTF-8 encoder would, and jsonb (the audit log) takes it.
    const halves = await inject({
      method: 'POST',
      url: '/api/modelo/createSection',
      headers: admin,
      payload: { name: 'Capota 👶', name_en: `Hood ${'👶'.slice(0, 1)}` },
    });
    expect(halves.statusCode, halves.body).toBe(200);
    expect(halves.json().name_en).toBe('Hood \ufffd');
    // Whole characters outside the BMP are fine.
    const emoji = await inject({
      method: 'POST',
      url: '/api/modelo/createSection',
      headers: admin,
      payload: { name: 'Bebé 👶🏽' },
    });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json().name).toBe('Bebé 👶🏽');
  });

  it('refuses control characters other than tab and line breaks with 422; notes keep their line breaks', async () => {
    const cart = await inject({ method: 'POST', url: '/api/pedidos/cliente', headers: shop, payload: {} });
    expect(cart.statusCode).toBe(200);
    const pedido_id = cart.json().id;
    const cases: Array<[InjectOptions, string]> = [
      [
        {
          method: 'POST',
          url: '/api/cliente',
          headers: admin,
          payload: { nomcome: 'Tienda \u001b[31mRoja' },
        },
        'nomcome',
      ],
      [
        { method: 'POST', url: '/api/cliente', headers: admin, payload: { nomcome: 'Campana\u0007' } },
        'nomcome',
      ],
      [
        { method: 'POST', url: '/api/cliente', headers: admin, payload: { nomcome: 'Borrado\u007f' } },
        'nomcome',
      ],
      [
        {
          method: 'POST',
          url: '/api/pedidos/savenote',
          headers: shop,
          payload: { pedido_id, nota_pedido: 'a\u0008b' },
        },
        'nota_pedido',
      ],
    ];
    for (const [opts, field] of cases) {
      const res = await inject(opts);
      expect(res.statusCode, `${String(opts.url)} ${res.body}`).toBe(422);
      expect(res.json().errors[field]).toEqual(['The text contains a character that is not allowed']);
    }
    const stored = await ctx.database.query<{ n: number }>(
      "select count(*)::int as n from clientes where nomcome ~ '[[:cntrl:]]'",
    );
    expect(stored[0].n).toBe(0);

    const note = 'Entrega por la mañana\r\nPuerta 2\tcódigo 1234';
    const saved = await inject({
      method: 'POST',
      url: '/api/pedidos/savenote',
      headers: shop,
      payload: { pedido_id, nota_pedido: note },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const reread = await inject({ method: 'POST', url: '/api/pedidos/cliente', headers: shop, payload: {} });
    expect(reread.json().nota).toBe(note);
  });

  it('refuses a null or missing body like any other invalid body', async () => {
    for (const url of [
      '/api/pedidos/cliente',
      '/api/modelo/lastPurchased',
      '/api/pedidos/list',
      '/api/login',
    ]) {
      const missing = await inject({ method: 'POST', url, headers: shop });
      expect(missing.statusCode, `${url} without a body: ${missing.body}`).toBe(422);
      const nullBody = await inject({
        method: 'POST',
        url,
        headers: { ...shop, 'content-type': 'application/json' },
        payload: 'null',
      });
      expect(nullBody.statusCode, `${url} with null: ${nullBody.body}`).toBe(422);
      const needsBody = 'The request needs a JSON body';
      expect(nullBody.json()).toEqual({
        message: needsBody,
        code: 'request.bodyRequired',
        errors: { _: [needsBody] },
        issues: { _: [{ code: 'request.bodyRequired' }] },
      });
    }
  });

  it('refuses data nested deeper than any call needs with 422, whatever the depth', async () => {
    for (const depth of [40, 3000, 100_000]) {
      for (const url of ['/api/modelo/modeloBaja', '/api/infoData', '/api/colecciones/list']) {
        const res = await inject({
          method: 'POST',
          url,
          headers: { ...admin, 'content-type': 'application/json' },
          payload: `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`,
        });
        expect(res.statusCode, `${url} depth ${depth}: ${res.body.slice(0, 100)}`).toBe(422);
        expect(res.json().message).toBe('The data is nested too deeply');
      }
    }
  });

  it('mends text without ever turning a __proto__ key into a prototype', () => {
    const mended = wellFormed(JSON.parse('{"__proto__":{"isAdmin":true},"a":["x\\ud800"]}'));
    expect(Object.getPrototypeOf(mended)).toBe(Object.prototype);
    expect((mended as { isAdmin?: boolean }).isAdmin).toBeUndefined();
    expect(JSON.stringify(mended)).toBe('{"__proto__":{"isAdmin":true},"a":["x\ufffd"]}');
  });

  it('answers 400 to a malformed multipart body (no boundary, truncated)', async () => {
    const bodies: Array<[string, string]> = [
      ['multipart/form-data', 'no boundary at all'],
      ['multipart/form-data; boundary=zzz', 'garbage without the boundary'],
      [
        'multipart/form-data; boundary=zzz',
        '--zzz\r\nContent-Disposition: form-data; name="body"\r\n\r\n{"a"',
      ],
    ];
    for (const url of [
      '/api/modelo/uploadImage',
      '/api/coleccion/uploadImage',
      '/api/parametro/updateNewWithImage',
    ]) {
      for (const [type, payload] of bodies) {
        const res = await inject({
          method: 'POST',
          url,
          headers: { ...admin, 'content-type': type },
          payload,
        });
        expect(res.statusCode, `${url} ${type}: ${res.body}`).toBe(400);
        expect(res.json()).toEqual({
          message: 'Malformed multipart body',
          code: 'request.malformedMultipart',
        });
      }
    }
  });
});

describe('methods', () => {
  it('a known path with another method answers 405 and says which methods it takes', async () => {
    const cases: Array<[string, string, string]> = [
      ['PATCH', '/api/pedidos/list', 'POST'],
      ['DELETE', '/api/me', 'GET, HEAD'],
      ['PUT', '/api/pedido/12', 'GET, HEAD'],
      ['GET', '/api/login', 'POST'],
      ['TRACE', '/api/me', 'GET, HEAD'],
    ];
    for (const [method, url, allow] of cases) {
      const res = await inject({ method: method as InjectOptions['method'], url, headers: admin });
      expect(res.statusCode, `${method} ${url}`).toBe(405);
      expect(res.headers.allow, `${method} ${url}`).toBe(allow);
      expect(res.json()).toEqual({ message: 'Method not allowed', code: 'request.methodNotAllowed' });
    }
    // A path that exists under no method is still a 404.
    expect((await inject({ method: 'PATCH', url: '/api/no-such-route', headers: admin })).statusCode).toBe(
      404,
    );
    expect((await inject({ method: 'GET', url: '/api/no-such-route', headers: admin })).statusCode).toBe(404);
  });
});

describe('the client address behind a proxy', () => {
  const failedLogin = (remoteAddress: string, forwardedFor: string, n: number) =>
    inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: `nobody${n}@hard.test`, password: 'wrong password' },
    });

  it('believes X-Forwarded-For only from a trusted proxy (TRUST_PROXY, loopback by default)', async () => {
    // A client on the internet inventing a new X-Forwarded-For each time: the sign-in throttle still
    // counts its own address (5 failures, then 429), whatever emails it tries.
    const direct: number[] = [];
    for (let i = 0; i < 6; i++)
      direct.push((await failedLogin('203.0.113.9', `198.51.100.${i}`, i)).statusCode);
    expect(direct).toEqual([401, 401, 401, 401, 401, 429]);
    // Through a reverse proxy on this machine, the forwarded address is the client's.
    for (let i = 0; i < 5; i++) await failedLogin('127.0.0.1', '198.51.100.77', 10 + i);
    expect((await failedLogin('127.0.0.1', '198.51.100.77', 20)).statusCode).toBe(429);
    expect((await failedLogin('127.0.0.1', '198.51.100.78', 21)).statusCode).toBe(401);
  });
});

describe('secrets', () => {
  // The repository root, when this is a git checkout (CI runs on a clean clone).
  const root = path.resolve(import.meta.dirname, '../../..');
  const tracked = (() => {
    try {
      return execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' })
        .split('\0')
        .filter(Boolean);
    } catch {
      return null;
    }
  })();

  it.skipIf(!tracked)('no private key, cloud key or credential URL is committed', () => {
    const patterns: Array<[string, RegExp]> = [
      ['private key', /-----BEGIN (?:RSA |EC |DSA |OPENSSH |PGP |ENCRYPTED )?PRIVATE KEY-----/],
      ['AWS access key', /\bAKIA[0-9A-Z]{16}\b/],
      ['GitHub token', /\bgh[pousr]_[A-Za-z0-9]{36,}\b/],
      ['Slack token', /\bxox[abposr]-[A-Za-z0-9-]{10,}/],
      ['Stripe live key', /\bsk_live_[A-Za-z0-9]{16,}/],
      // user:password@ in a URL, except the documented placeholders and the local throwaway CI database.
      [
        'credential in a URL',
        /\b[a-z][a-z0-9+.-]*:\/\/(?!user:pass@|postgres:postgres@127\.0\.0\.1)[^\s/:@'"`]+:[^\s/@'"`]+@/,
      ],
    ];
    const found: string[] = [];
    for (const file of tracked ?? []) {
      const full = path.join(root, file);
      if (!fs.existsSync(full) || fs.statSync(full).size > 2_000_000) continue;
      const text = fs.readFileSync(full, 'utf8');
      if (text.includes('\0')) continue; // binary
      for (const [what, re] of patterns) if (re.test(text)) found.push(`${file}: ${what}`);
    }
    expect(found).toEqual([]);
  });
});

describe('the API document', () => {
  it('declares every status the requests of this file got', async () => {
    await expectAnswersDocumented(ctx);
  });
});
