#!/usr/bin/env node
// `npm run bench:web` (issue 8): Lighthouse performance of the login page and of home signed in as
// shop@nido.test, with Lighthouse's mobile defaults (Moto G Power screen, 4× CPU slowdown, slow 4G,
// simulated throttling), against the real server (PGlite demo data in a temp directory) serving
// the production build precompressed. Three runs per page by default; prints each run, the median,
// and fails when a page's median score is under its minimum or its median LCP over its maximum
// (LIMITS below; --min and --max-lcp set both pages' at once).
//
//   node scripts/bench-web.mjs [--runs=3] [--min=98] [--max-lcp=2000] [--only=login|home]
//                              [--dist=apps/web/dist] [--build] [--out=dir] [--throttling=devtools]
//
// --throttling=devtools throttles the page itself (Chrome's network and CPU throttling, the same
// mobile figures) instead of simulating: slower and noisier, but it sees what the simulation of a
// localhost load cannot, such as a paint that comes before the scripts (bench/README.md).
//
// apps/web/dist is built first when missing or older than the sources (--build forces it); another
// directory (--dist, WEB_DIST) is measured as it is. Chromium: CHROME_PATH, default /usr/bin/chromium. Lighthouse figures move with machine load:
// compare runs made on a quiet machine.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name, fallback) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const RUNS = Number(arg('runs', '3'));
const MIN_SCORE = arg('min', null);
const MAX_LCP_MS = arg('max-lcp', null);
const THROTTLING = arg('throttling', null);
const dist = path.resolve(root, arg('dist', process.env.WEB_DIST ?? 'apps/web/dist'));
const outDir = arg('out', null);
const only = arg('only', null);
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';
/**
 * What each page's medians must reach: Lighthouse's performance score, and an LCP under the limit
 * (Core Web Vitals call LCP good under 2.5 s). bench/README.md (Web) has the runs behind them. Home
 * does not reach the login page's 98 and 2.0 s: the code its first screen needs takes about 2.2 s
 * to arrive in the simulation on its own (bench/README.md, Known limits; record 044); its limits
 * hold what it reaches.
 */
const LIMITS = {
  login: { minScore: 98, maxLcpMs: 2000 },
  home: { minScore: 90, maxLcpMs: 3000 },
};
const USER = { email: 'shop@nido.test', password: 'demo1234' };
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// ── build when needed ───────────────────────────────────────────────────────────────────────────
function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!fs.existsSync(p)) return;
    const stat = fs.statSync(p);
    if (stat.isDirectory()) for (const e of fs.readdirSync(p)) visit(path.join(p, e));
    else newest = Math.max(newest, stat.mtimeMs);
  };
  for (const p of paths) visit(p);
  return newest;
}
const manifest = path.join(dist, '.vite/manifest.json');
const ownBuild = dist === path.join(root, 'apps/web/dist');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'];
const stale =
  !fs.existsSync(manifest) ||
  fs.statSync(manifest).mtimeMs < newestMtime(sources.map((s) => path.join(root, s)));
if (ownBuild && (process.argv.includes('--build') || stale)) {
  console.log('▶ building the web app (npm run build)');
  const r = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
} else if (!fs.existsSync(manifest)) {
  // Another build directory (--dist / WEB_DIST) is measured as it is.
  console.error(`${dist} holds no build (.vite/manifest.json).`);
  process.exit(1);
}
if (!fs.existsSync(chromePath)) {
  console.error(
    `No Chromium at ${chromePath}: install one (apt-get install -y chromium) or set CHROME_PATH.`,
  );
  process.exit(1);
}

// ── the real server on a free port, fresh demo data ─────────────────────────────────────────────
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, () => {
      const { port } = srv.address();
      srv.close(() => (port === 3000 || port === 3100 ? freePort().then(resolve, reject) : resolve(port)));
    });
  });
}

const port = await freePort();
const base = `http://localhost:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-bench-web-'));
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    DEMO_DATA: '1',
    PUBLIC_URL: base,
    WEB_DIST: dist,
    LOG_LEVEL: 'warn',
  },
});
let browser;
async function cleanup() {
  await browser?.close().catch(() => {});
  if (server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    void cleanup().then(() => process.exit(130));
  });

async function waitForServer() {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not answer /api/health within 2 minutes');
}

// ── Lighthouse ──────────────────────────────────────────────────────────────────────────────────
const metric = (lhr, id) => lhr.audits[id]?.numericValue ?? Number.NaN;
function summarize(lhr) {
  const items = lhr.audits['resource-summary']?.details?.items ?? [];
  const bytes = (type) => items.find((i) => i.resourceType === type)?.transferSize ?? 0;
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: metric(lhr, 'first-contentful-paint'),
    lcp: metric(lhr, 'largest-contentful-paint'),
    tbt: metric(lhr, 'total-blocking-time'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    si: metric(lhr, 'speed-index'),
    jsKb: bytes('script') / 1024,
    cssKb: bytes('stylesheet') / 1024,
    totalKb: bytes('total') / 1024,
    requests: items.find((i) => i.resourceType === 'total')?.requestCount ?? 0,
  };
}

async function signIn() {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(USER),
  });
  if (!res.ok) throw new Error(`login as ${USER.email}: ${res.status} ${await res.text()}`);
  const { accessToken } = await res.json();
  const me = await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  if (!me.ok) throw new Error(`GET /api/me: ${me.status}`);
  return { token: accessToken, user: await me.json() };
}

/**
 * One cold Lighthouse navigation in a fresh browser. A session is put in sessionStorage by a
 * script that runs before the page's own scripts in every document of the tab (the SPA keeps its
 * token there; Lighthouse clears caches and storage before navigating, this survives it), with the
 * language cookie the app sets once signed in (the server preloads that language's texts).
 */
async function run(url, session) {
  browser = await puppeteer.launch({ executablePath: chromePath, headless: true, args: CHROME_FLAGS });
  const page = await browser.newPage();
  try {
    if (session) {
      await browser.setCookie({ name: 'nido_lang', value: session.user.language, url: base });
      await page.evaluateOnNewDocument(
        (token, user) => {
          try {
            sessionStorage.setItem('token', token);
            sessionStorage.setItem('user', user);
          } catch {
            // about:blank has no storage
          }
        },
        session.token,
        JSON.stringify(session.user),
      );
    }
    const result = await lighthouse(
      url,
      {
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(THROTTLING ? { throttlingMethod: THROTTLING } : {}),
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (session && !lhr.finalDisplayedUrl.endsWith('/'))
      throw new Error(`home redirected to ${lhr.finalDisplayedUrl}: the session was not picked up`);
    return lhr;
  } finally {
    await browser.close();
    browser = undefined;
  }
}

/** Lighthouse now and then fails to record a trace under load (NO_NAVSTART…): try again, twice. */
async function runWithRetry(url, session) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run(url, session);
    } catch (err) {
      if (attempt === 3) throw err;
      console.log(`  (attempt ${attempt} failed: ${err.message.split('\n')[0]}; again)`);
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const ms = (v) => `${Math.round(v)}`.padStart(6);
const row = (label, s) =>
  `${label.padEnd(8)} ${String(s.score).padStart(5)} ${ms(s.fcp)} ${ms(s.lcp)} ${ms(s.tbt)} ${s.cls
    .toFixed(3)
    .padStart(6)} ${ms(s.si)} ${s.jsKb.toFixed(0).padStart(6)} ${s.cssKb.toFixed(0).padStart(6)} ${s.totalKb
    .toFixed(0)
    .padStart(7)} ${String(s.requests).padStart(5)}`;

let failed = false;
try {
  console.log(
    `▶ starting the server on ${base} (demo data in ${dataDir}), serving ${path.relative(root, dist)}`,
  );
  await waitForServer();
  browser = await puppeteer.launch({ executablePath: chromePath, headless: true, args: CHROME_FLAGS });
  console.log(
    `  ${await browser.version()}, Lighthouse ${lighthouseVersion()}, ${RUNS} runs per page, ${THROTTLING ?? 'simulated'} throttling\n`,
  );
  await browser.close();
  browser = undefined;
  const session = await signIn();
  const pages = [
    { key: 'login', name: '/account/login', url: `${base}/account/login`, session: null },
    { key: 'home', name: `/ (home, ${USER.email})`, url: `${base}/`, session },
  ].filter((p) => !only || p.key === only);
  const header = 'run      score  FCP ms  LCP ms  TBT ms    CLS   SI ms  JS KB CSS KB  all KB  reqs';
  const medians = [];
  for (const p of pages) {
    console.log(`${p.name}\n${header}`);
    const runs = [];
    for (let i = 1; i <= RUNS; i++) {
      const lhr = await runWithRetry(p.url, p.session);
      if (outDir) {
        fs.mkdirSync(outDir, { recursive: true });
        const file = `${p.key}-${i}.json`;
        fs.writeFileSync(path.join(outDir, file), JSON.stringify(lhr));
      }
      const s = summarize(lhr);
      runs.push(s);
      console.log(row(`#${i}`, s));
    }
    const m = Object.fromEntries(Object.keys(runs[0]).map((k) => [k, median(runs.map((r) => r[k]))]));
    console.log(`${row('median', m)}\n`);
    medians.push({ name: p.name, score: m.score, lcp: m.lcp, limits: LIMITS[p.key] });
  }
  for (const m of medians) {
    const minScore = Number(MIN_SCORE ?? m.limits.minScore);
    const maxLcp = Number(MAX_LCP_MS ?? m.limits.maxLcpMs);
    const ok = m.score >= minScore && m.lcp < maxLcp;
    if (!ok) failed = true;
    console.log(
      `${ok ? '✓' : '✗'} ${m.name}: median performance ${m.score} (minimum ${minScore}), LCP ${Math.round(m.lcp)} ms (under ${maxLcp})`,
    );
  }
  console.log(
    `(medians per column; metrics are Lighthouse’s ${THROTTLING ? 'throttled' : 'simulated'} mobile figures, transfer sizes are real)`,
  );
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await cleanup();
}
process.exit(failed ? 1 : 0);

function lighthouseVersion() {
  try {
    return JSON.parse(fs.readFileSync(path.join(root, 'node_modules/lighthouse/package.json'), 'utf8'))
      .version;
  } catch {
    return '?';
  }
}
