/**
 * Static serving (docs/reliability.md, bench/README.md Web): the built SPA's hashed assets go out precompressed (brotli, gzip) with
 * an immutable year-long cache, index.html and the history fallback are revalidated on every load,
 * uploaded images are cached and never sniffed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { pickEncoding, preferredLanguage } from './spa.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const INDEX =
  '<!doctype html><html><head><title>Nido</title></head><body><div id="root"></div></body></html>';
// Big enough (over @fastify/compress's 1 KB threshold) that a live compression would show.
const SCRIPT = `export const x = ${JSON.stringify('nido '.repeat(2000))};\n`;

let ctx: TestContext;
let webDist: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-web-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  const js = path.join(webDist, 'assets/x.js');
  fs.writeFileSync(js, SCRIPT);
  fs.writeFileSync(`${js}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${js}.gz`, zlib.gzipSync(SCRIPT));
  // An asset the build left uncompressed (under 1 KB): served as is.
  fs.writeFileSync(path.join(webDist, 'assets/small.css'), 'body{margin:0}');
  // What the web build lists for the landing screens (apps/web/vite.config.ts routePreloads).
  fs.mkdirSync(path.join(webDist, '.vite'));
  fs.writeFileSync(
    path.join(webDist, '.vite/route-preloads.json'),
    JSON.stringify({
      routes: { '/account/login': ['/assets/x.js', '/assets/small.css', '/assets/../../etc/passwd.js'] },
      locales: { en: ['/assets/locale-en.js'] },
    }),
  );
  ctx = await createTestContext({ WEB_DIST: webDist });
  fs.writeFileSync(path.join(ctx.dir, 'uploads', 'a1b2c3.webp'), Buffer.from('RIFF0000WEBPVP8 '));
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

/** The body as text, whichever encoding the server chose (precompressed or compressed on the fly). */
function decoded(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString();
  expect(encoding).toBeUndefined();
  return res.rawPayload.toString();
}

const varies = (value: unknown) =>
  String(value ?? '')
    .toLowerCase()
    .split(',')
    .map((s) => s.trim());

describe('hashed assets', () => {
  it('are sent as the .br file to a browser that accepts brotli, immutable for a year', async () => {
    const res = await get('/assets/x.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varies(res.headers.vary)).toContain('accept-encoding');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.rawPayload.equals(fs.readFileSync(path.join(webDist, 'assets/x.js.br')))).toBe(true);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('are sent as the .gz file to a client that accepts gzip only', async () => {
    const res = await get('/assets/x.js', 'gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(varies(res.headers.vary)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('are sent uncompressed, still varying on Accept-Encoding, to a client that accepts neither', async () => {
    const res = await get('/assets/x.js', 'identity');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(varies(res.headers.vary)).toContain('accept-encoding');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.body).toBe(SCRIPT);
  });

  it('without a precompressed copy are still served, immutable', async () => {
    const res = await get('/assets/small.css', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/css/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(decoded(res)).toBe('body{margin:0}');
  });

  it('that no longer exist answer 404, not the SPA (a stale chunk after a deploy fails clearly)', async () => {
    const res = await get('/assets/gone-1234abcd.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/text\/html/);
  });
});

describe('index.html and the history fallback', () => {
  it.each(['/', '/account/forgot-password', '/pedido/list?page=2', '/index.html'])(
    '%s: index.html, no-cache',
    async (url) => {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decoded(res)).toBe(INDEX);
    },
  );

  it('an unknown API path is a JSON 404, never the SPA', async () => {
    const res = await get('/api/no-such-route');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'request.notFound' });
  });

  it('/metrics on the public port is a JSON 404, never the SPA (metrics have a port of their own)', async () => {
    for (const url of ['/metrics', '/metrics/', '/metrics?name=x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ message: 'Not found', code: 'request.notFound' });
    }
    // A screen whose path merely starts with the word is still a page.
    expect((await get('/metricsboard')).statusCode).toBe(200);
  });
});

describe('preload links of a landing screen', () => {
  const page = async (url: string, acceptLanguage: string, cookie?: string) => {
    const res = await ctx.app.inject({
      method: 'GET',
      url,
      headers: {
        'accept-language': acceptLanguage,
        'accept-encoding': 'br, gzip',
        ...(cookie ? { cookie } : {}),
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    return { res, html: decoded(res) };
  };

  it("the login page lists its route's chunks (script and style) in the head", async () => {
    const { res, html } = await page('/account/login?next=1', 'es-ES,es;q=0.9');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/x.js">');
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/small.css">');
    expect(html).not.toContain('locale-en'); // Spanish is in the entry already
    expect(html).not.toContain('passwd'); // only plain asset URLs are ever written
    expect(html.indexOf('/assets/x.js')).toBeLessThan(html.indexOf('</head>'));
    expect(varies(res.headers.vary)).toEqual(
      expect.arrayContaining(['accept-language', 'cookie', 'accept-encoding']),
    );
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('an English browser also gets the English texts chunk', async () => {
    const { html } = await page('/account/login', 'en-US,en;q=0.9,es;q=0.8');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/locale-en.js">');
  });

  it("the language the web last used here (its cookie) wins over the browser's", async () => {
    const spanishUser = await page('/account/login', 'en-US,en;q=0.9', 'theme=x; nido_lang=es');
    expect(spanishUser.html).toContain('/assets/x.js');
    expect(spanishUser.html).not.toContain('locale-en');
    const englishUser = await page('/account/login', 'es-ES,es;q=0.9', 'nido_lang=en');
    expect(englishUser.html).toContain('<link rel="modulepreload" crossorigin href="/assets/locale-en.js">');
    // Anything else in the cookie is not a language: the browser's languages decide.
    const unknown = await page('/account/login', 'en-US', 'nido_lang=fr; other=1');
    expect(unknown.html).toContain('locale-en');
  });

  it('another path gets index.html as it is', async () => {
    const { html } = await page('/pedido/list', 'en-US');
    expect(html).toBe(INDEX);
  });

  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['identity', null],
    [undefined, null],
  ])('encoding for Accept-Encoding %j is %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });

  it.each([
    [undefined, 'es'],
    ['', 'es'],
    ['en-US,en;q=0.9', 'en'],
    ['fr-FR,fr;q=0.9,en;q=0.8,es;q=0.7', 'en'],
    ['es;q=0.5,en;q=0.8', 'en'],
    ['en;q=0,es', 'es'],
    ['de-DE', 'es'],
  ])('preferred language of %j is %s', (header, expected) => {
    expect(preferredLanguage(header)).toBe(expected);
  });
});

describe('uploaded images', () => {
  it('are cached for a year (names are random, never reused) and never sniffed', async () => {
    const res = await get('/uploads/a1b2c3.webp', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-encoding']).toBeUndefined(); // WebP is compressed already
  });

  it('a missing image is a 404', async () => {
    const res = await get('/uploads/0000.webp');
    expect(res.statusCode).toBe(404);
  });
});

describe('an upgrade that points the release link elsewhere', () => {
  it('leaves a running process serving the release it started from (README, "Upgrading")', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-releases-'));
    for (const release of ['r1', 'r2']) {
      fs.mkdirSync(path.join(root, release, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(root, release, 'index.html'), INDEX.replace('Nido', `Nido ${release}`));
      fs.writeFileSync(path.join(root, release, `assets/${release}.js`), `export const r = '${release}';`);
    }
    const current = path.join(root, 'current');
    fs.symlinkSync(path.join(root, 'r1'), current);
    const running = await createTestContext({ WEB_DIST: current });
    try {
      const page = () => running.app.inject({ method: 'GET', url: '/pedido/list' });
      expect((await page()).body).toContain('Nido r1');
      fs.rmSync(current);
      fs.symlinkSync(path.join(root, 'r2'), current);
      expect((await page()).body).toContain('Nido r1');
      const asset = await running.app.inject({ method: 'GET', url: '/assets/r1.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toContain("'r1'");
    } finally {
      await running.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
