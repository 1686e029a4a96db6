/**
 * index.html of the built SPA with preload links for the screen it is served for. The web build
 * lists, per landing path, the chunks its lazy routes load (.vite/route-preloads.json, written by
 * apps/web/vite.config.ts), and the chunk of each language other than the default; the browser would
 * only ask for them once the entry has run. Sent as links in the page, they download beside the
 * entry. A path the build does not list gets the plain index.html.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface RoutePreloads {
  routes?: Record<string, string[]>;
  locales?: Record<string, string[]>;
}

/** The web's default language: its texts are in the entry (apps/web/src/lib/i18n.ts). */
const DEFAULT_LANGUAGE = 'es';
const LANGUAGES = new Set(['es', 'en']);
const SAFE_URL = /^\/assets\/[\w.-]+\.(js|css)$/;

/** The first of es/en in an Accept-Language header (the web's rule for a browser without a session). */
export function preferredLanguage(acceptLanguage: string | undefined): string {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { base: tag.slice(0, 2).toLowerCase(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((t) => t.q > 0 && LANGUAGES.has(t.base))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return tags[0]?.base ?? DEFAULT_LANGUAGE;
}

/** The cookie the web keeps with its interface language (apps/web/src/lib/i18n.ts). */
const LANGUAGE_COOKIE = 'nido_lang';
const LANGUAGE_COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=(es|en)(?:;|$)`);

/**
 * The language whose texts a page should preload: the one the web last used in this browser (a
 * signed-in user's own choice, kept in a cookie), else the browser's preferred one.
 */
export function pageLanguage(cookie: string | undefined, acceptLanguage: string | undefined): string {
  return LANGUAGE_COOKIE_VALUE.exec(cookie ?? '')?.[1] ?? preferredLanguage(acceptLanguage);
}

function link(url: string): string {
  return url.endsWith('.css')
    ? `<link rel="preload" as="style" crossorigin href="${url}">`
    : `<link rel="modulepreload" crossorigin href="${url}">`;
}

/** A page in each encoding (the SPA fallback is no route, so @fastify/compress does not see it). */
export interface SpaPage {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** The encoding to send for an Accept-Encoding header: br, gzip or none. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name.trim().toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : null;
}

export interface SpaPages {
  /** index.html for this path and language with its preload links, or null: send the file as it is. */
  page(pathname: string, language: string): SpaPage | null;
}

export function createSpaPages(webDist: string): SpaPages {
  const manifest = path.join(webDist, '.vite/route-preloads.json');
  let preloads: RoutePreloads = {};
  try {
    preloads = JSON.parse(fs.readFileSync(manifest, 'utf8')) as RoutePreloads;
  } catch {
    // an older build without the list: index.html as it is
  }
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const cache = new Map<string, SpaPage>();
  return {
    page(pathname, language) {
      const route = preloads.routes?.[pathname];
      if (!route || !html.includes('</head>')) return null;
      const key = `${pathname}|${language}`;
      let page = cache.get(key);
      if (!page) {
        const urls = [...route, ...(preloads.locales?.[language] ?? [])].filter((u) => SAFE_URL.test(u));
        const text = html.replace('</head>', `${urls.map(link).join('\n    ')}\n  </head>`);
        page = { html: text, br: zlib.brotliCompressSync(text), gzip: zlib.gzipSync(text, { level: 9 }) };
        cache.set(key, page);
      }
      return page;
    },
  };
}
