#!/usr/bin/env node
// Bundle budget (issue 8), run by `npm test` after the web build. From the Vite manifest of the
// built SPA it computes the JavaScript a browser must load to show each budgeted route: the entry
// (index.html's script) and its static imports, plus the route's lazy chunks (the layout's and the
// page's) and their static imports, each file once. Prints gzip (level 9) and brotli sizes per route,
// fails when a route is over its gzip budget or its number of files, when a chunk is over 500 KB
// minified, or when a page of the router is bundled into the entry instead of being lazy.
//
//   node scripts/check-bundle.mjs [distDir] [--budget-scale=0.5]
//
// --budget-scale multiplies every size budget (to see the check fail on purpose). The number of
// files per route is held too: each is a request before the screen can render.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const dist = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(root, 'apps/web/dist'));
const scale = Number(args.find((a) => a.startsWith('--budget-scale='))?.split('=')[1] ?? 1);

/** Routes with a budget: the lazy modules the router loads for them, outermost first (manifest keys). */
const ROUTES = [
  {
    route: '/account/login',
    lazy: ['src/features/account/AuthLayout.tsx', 'src/features/account/LoginPage.tsx'],
    // 170 until 2026-11-25; the Spanish texts of taxes, the editable cart, exports and the mail
    // outbox (every es namespace but catalogAdmin and mail is in the entry, lib/i18n.ts) took it to 170.4;
    // 172 until the price lists' routes, menu entry and messages took it to 172.3 (record 049).
    budgetKb: 173,
    // Each file is a request; over HTTP/1.1 a mobile browser makes six at a time (vite.config.ts).
    maxFiles: 10,
  },
  {
    route: '/ (home, signed in)',
    lazy: ['src/app/AppLayout.tsx', 'src/app/pages/HomePage.tsx'],
    // 250 until 2026-11-26; it loads 234.6 with react-router's production build (record 044).
    // 241 from 2026-11-27: the seasons' window badge and its texts in both languages (+0.6 KB).
    budgetKb: 241,
    maxFiles: 20,
  },
];
const MAX_CHUNK_KB = 500;
const KB = 1024;

const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: build the web app first (npm run build; build.manifest must be on).`);
  process.exit(1);
}
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, isDynamicEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[]}>} */
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));

const sizeCache = new Map();
function sizes(file) {
  let s = sizeCache.get(file);
  if (!s) {
    const bytes = fs.readFileSync(path.join(dist, file));
    s = {
      raw: bytes.length,
      gzip: zlib.gzipSync(bytes, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(bytes, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length,
    };
    sizeCache.set(file, s);
  }
  return s;
}

/** The chunk of a manifest key plus everything it imports statically, recursively. */
function staticClosure(keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the manifest (renamed? update ROUTES in ${import.meta.filename})`);
    seen.add(key);
    staticClosure(chunk.imports ?? [], seen);
  }
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');
const entryClosure = staticClosure([entryKey]);

const fmt = (bytes) => (bytes / KB).toFixed(1).padStart(7);
const failures = [];
const rows = [];
for (const r of ROUTES) {
  const keys = staticClosure([entryKey, ...r.lazy]);
  const js = [...keys].map((k) => manifest[k].file);
  const css = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
  const sum = (files, kind) => files.reduce((n, f) => n + sizes(f)[kind], 0);
  const budget = r.budgetKb * scale * KB;
  const gzip = sum(js, 'gzip');
  const ok = gzip <= budget && js.length <= r.maxFiles;
  if (gzip > budget)
    failures.push(`${r.route}: ${(gzip / KB).toFixed(1)} KB gzip > budget ${(budget / KB).toFixed(0)} KB`);
  if (js.length > r.maxFiles)
    failures.push(
      `${r.route}: ${js.length} JS files > ${r.maxFiles} (codeSplitting in apps/web/vite.config.ts)`,
    );
  rows.push({
    r,
    js,
    css,
    gzip,
    ok,
    budget,
    raw: sum(js, 'raw'),
    brotli: sum(js, 'brotli'),
    cssGzip: sum(css, 'gzip'),
  });
  for (const lazy of r.lazy)
    if (entryClosure.has(lazy)) failures.push(`${r.route}: ${lazy} is in the entry bundle, not lazy`);
}

// Every page of the router must stay a lazy chunk of its own.
const dynamic = manifest[entryKey].dynamicImports ?? [];
for (const key of Object.keys(manifest))
  if (/^src\/features\/.*Page\.tsx$/.test(key) && entryClosure.has(key))
    failures.push(`${key} is bundled into the entry: pages must be lazy`);

const oversized = [];
for (const chunk of Object.values(manifest)) {
  if (!chunk.file.endsWith('.js')) continue;
  const { raw } = sizes(chunk.file);
  if (raw > MAX_CHUNK_KB * KB) oversized.push(chunk.file);
}
for (const f of new Set(oversized))
  failures.push(`${f}: ${(sizes(f).raw / KB).toFixed(0)} KB minified > ${MAX_CHUNK_KB} KB`);

console.log(
  `Initial JavaScript per route (${path.relative(root, dist) || dist}, ${dynamic.length} lazy chunks)`,
);
console.log('route                  files (max)  min KB  gzip KB  brotli KB  budget gzip  css gzip KB');
for (const x of rows)
  console.log(
    `${x.r.route.padEnd(22)} ${String(x.js.length).padStart(5)} (${String(x.r.maxFiles).padStart(2)}) ${fmt(x.raw)} ${fmt(x.gzip)}  ${fmt(x.brotli).padStart(9)}  ${`${(x.budget / KB).toFixed(0)} KB`.padStart(11)}  ${fmt(x.cssGzip).padStart(11)}  ${x.ok ? 'ok' : 'OVER'}`,
  );
const largest = Object.values(manifest)
  .filter((c) => c.file.endsWith('.js'))
  .map((c) => c.file)
  .filter((f, i, all) => all.indexOf(f) === i)
  .sort((a, b) => sizes(b).raw - sizes(a).raw)
  .slice(0, 5);
console.log(
  `largest chunks (min/gzip KB, limit ${MAX_CHUNK_KB} KB min): ${largest
    .map((f) => `${path.basename(f)} ${(sizes(f).raw / KB).toFixed(0)}/${(sizes(f).gzip / KB).toFixed(0)}`)
    .join(', ')}`,
);
if (failures.length) {
  console.error(`\n✗ bundle budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('✓ bundle budget');
