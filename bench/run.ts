/**
 * `npm run bench`: generates data, starts the real server in this process on a random port, and
 * measures each scenario with autocannon next to a bare route of the same server (measured right
 * before it) and next to the same SQL replayed straight on the driver, then checks bench/budgets.json.
 *
 *   BENCH_DB=pg|pglite|both (default: both when PostgreSQL answers at BENCH_PG_URL)
 *   BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres): a fresh database is created
 *     for each data set and dropped afterwards
 *   BENCH_SECONDS (default 5): duration of each measurement
 *   BENCH_ONLY: a comma-separated list of scenario names (substring match) to run
 *   BENCH_LATENCY_RUNS (default 3): paced latency runs per scenario; the median run's p99 is judged
 *   BENCH_ENCODING (default "gzip, deflate, br", what a browser sends): Accept-Encoding of the requests
 *   SEARCH_CACHE_ENTRIES: the server's setting (0: model search without its cache)
 *   ORDER_LIST_CACHE_ENTRIES: the server's setting (0: every orders list counted, every page skipped to)
 *   BENCH_PROFILE: a directory; each scenario's throughput run writes a CPU profile of this process's
 *     main thread (the server; the load comes from a process of its own) there, `<db>-<scenario>.cpuprofile`
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { createStorage } from '../apps/server/src/platform/create-storage.ts';
import { createMailer } from '../apps/server/src/platform/mail.ts';
import { freshPgDatabase } from './fresh-pg.ts';
import { BENCH_PASSWORD, generate, LARGE, type Scale, SMALL } from './generate.ts';
import {
  BROWSER_HEADERS,
  countCpuOf,
  type HoldMeasure,
  type Measure,
  measureHeldUploads,
  measureHttp,
  measureSql,
  measureStream,
  type Statements,
  type StreamMeasure,
} from './measure.ts';
import { type Scenario, scenarios } from './scenarios.ts';

const budgets = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'budgets.json'), 'utf8'));
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const only = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const connections: number = budgets.connections;
/** Requests per second offered while a scenario's latency is measured (budgets.json). */
const latencyRate: number = budgets.latency_rate;
const profileDir = process.env.BENCH_PROFILE ? path.resolve(process.env.BENCH_PROFILE) : null;
/** Paced latency runs per scenario (BENCH_LATENCY_RUNS, default 3): the median run's p99 is judged. */
const LATENCY_RUNS = Math.max(1, Number(process.env.BENCH_LATENCY_RUNS ?? 3));

/** The run with the median p99, carrying every run's failed requests (none may fail). */
function medianRun(runs: Measure[]): Measure {
  const median = [...runs].sort((a, b) => a.p99 - b.p99)[Math.floor((runs.length - 1) / 2)];
  const sum = (key: 'errors' | 'non2xx') => runs.reduce((n, r) => n + r[key], 0);
  return { ...median, errors: sum('errors'), non2xx: sum('non2xx') };
}

/**
 * Runs `work` and answers with how late this process's event loop ran its timers meanwhile, p99,
 * ms: the server runs on this thread, so a synchronous stretch of its work (a PDF drawn, a sheet
 * parsed) delays every other request by that much.
 */
async function withLoopDelay<T>(work: () => Promise<T>): Promise<[T, number]> {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  try {
    const result = await work();
    return [result, delay.percentile(99) / 1e6];
  } finally {
    delay.disable();
  }
}

/** Requests of a scenario whose statements are captured for the SQL replay. */
const CAPTURED = 8;

interface Row {
  db: string;
  scenario: string;
  kind: Scenario['kind'];
  /** As fast as the server answers, `connections` at a time: throughput. */
  http: Measure;
  /** At `latencyRate` requests per second: latency under the design load. */
  paced: Measure;
  bare: Measure;
  sql?: Measure;
  /** SQL statements one request sends (transaction control left out). */
  statements: number;
  /** The event loop's delay p99 during the paced runs (their median), ms. */
  loopP99: number;
  /** The scenario's own p99 budget and paced rate (Scenario.budget), else its kind's. */
  p99Limit: number;
  rate: number;
  /** The server's CPU a request may take, ms (Scenario.budget), if the scenario has such a budget. */
  cpuLimit?: number;
}

/** A download measured once for the server memory it holds (a scenario of kind stream). */
interface StreamRow {
  db: string;
  scenario: string;
  reported: boolean;
  covers: string;
  stream: StreamMeasure;
  /** Every download's time, ms, fastest first (one unless the scenario asks for `downloads`). */
  times: number[];
  /** The p99 of `times` a document's budget allows (budgets.json `scenarios`), if it has one. */
  p99Limit?: number;
  /** The event loop's delay p99 over the downloads, ms. */
  loopP99: number;
}
const streamRows: StreamRow[] = [];

/** Uploads refused while others are in flight (a scenario of kind upload). */
interface UploadRow {
  db: string;
  scenario: string;
  covers: string;
  hold: NonNullable<Scenario['hold']>;
  measure: HoldMeasure;
  /** The event loop's delay p99 meanwhile, ms. */
  loopP99: number;
}
const uploadRows: UploadRow[] = [];

async function pgReachable(): Promise<boolean> {
  const c = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

const freshPg = () => freshPgDatabase(pgUrl);

/** Sends one request with the statement listener on; answers its statements. */
async function capture(base: string, database: Database, r: import('./measure.ts').Req) {
  const statements: Statements = [];
  const stop = database.onStatement((sql, params) => statements.push({ sql, params: [...params] }));
  try {
    const res = await fetch(base + r.path, {
      method: r.method ?? (r.body === undefined ? 'GET' : 'POST'),
      headers: {
        ...BROWSER_HEADERS,
        ...(r.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...r.headers,
      },
      body: r.body === undefined ? undefined : JSON.stringify(r.body),
    });
    if (!res.ok) throw new Error(`${r.path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    await res.arrayBuffer();
  } finally {
    stop();
  }
  return statements;
}

/** Runs `work`; with BENCH_PROFILE, records this thread's CPU meanwhile into `<name>.cpuprofile`. */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!profileDir) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    fs.mkdirSync(profileDir, { recursive: true });
    const file = path.join(profileDir, `${name.replace(/[^\w.-]+/g, '_')}.cpuprofile`);
    fs.writeFileSync(file, JSON.stringify(profile));
  }
}

async function runOn(
  kind: 'pg' | 'pglite',
  scale: Scale,
  label: string,
  wanted: (s: Scenario) => boolean,
): Promise<Row[]> {
  const pgDb = kind === 'pg' ? await freshPg() : null;
  try {
    return await measureOn(pgDb, scale, label, wanted);
  } finally {
    await pgDb?.drop(); // also when generating or measuring failed
  }
}

async function measureOn(
  pgDb: Awaited<ReturnType<typeof freshPg>> | null,
  scale: Scale,
  label: string,
  wanted: (s: Scenario) => boolean,
): Promise<Row[]> {
  const kind = pgDb ? 'pg' : 'pglite';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-bench-'));
  const database: Database = await openDatabase({ url: pgDb?.url, poolSize: connections });
  const replayPool = pgDb ? new pg.Pool({ connectionString: pgDb.url, max: connections }) : null;
  // end() does not wait for its connections to close: dropping the database then ends them (57P01).
  replayPool?.on('error', () => {});
  const salt = randomBytes(6).toString('hex');
  countCpuOf(pgDb?.name ?? null);
  const t0 = Date.now();
  // Generating takes longer than the app's statement timeout: a connection of its own without it.
  let counts: Record<string, number>;
  if (pgDb) {
    const c = new pg.Client({ connectionString: pgDb.url });
    await c.connect();
    try {
      counts = await generate(
        { query: async (text, params) => (await c.query(text, params)).rows },
        scale,
        salt,
      );
    } finally {
      await c.end();
    }
  } else {
    const [{ statement_timeout }] = await database.query<{ statement_timeout: string }>(
      'SHOW statement_timeout',
    );
    await database.query('SET statement_timeout = 0');
    counts = await generate(database, scale, salt);
    await database.query(`SET statement_timeout = '${statement_timeout}'`);
  }
  console.log(
    `\n[${label}] ${kind === 'pg' ? 'PostgreSQL' : 'PGlite'}, generated in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`,
  );
  // One server per distinct scenario setting (scenarios.ts `server`), all on this database.
  const servers = new Map<string, { app: Awaited<ReturnType<typeof buildApp>>; base: string }>();
  const serve = async (settings: Record<string, string> = {}) => {
    const key = JSON.stringify(settings);
    const running = servers.get(key);
    if (running) return running.base;
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dir,
      PG_POOL_SIZE: String(connections),
      // METRICS=1 (the cost of /metrics): each server's metrics on a port of its own.
      METRICS_PORT: '0',
      // The caches' settings as given to the bench (0: every search, every list computed), and METRICS.
      ...Object.fromEntries(
        ['SEARCH_CACHE_ENTRIES', 'ORDER_LIST_CACHE_ENTRIES', 'METRICS'].flatMap((name) =>
          process.env[name] ? [[name, process.env[name]]] : [],
        ),
      ),
      ...settings,
    });
    const app = await buildApp({
      config,
      database,
      mailer: createMailer({ outboxDir: path.join(dir, 'outbox'), from: config.MAIL_FROM }),
      storage: await createStorage(config.storage),
      clock: systemClock,
      logger: false,
      warmWorkers: true,
    });
    app.get('/bare', { config: { access: 'public' } }, async () => ({ ok: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as import('node:net').AddressInfo).port}`;
    servers.set(key, { app, base });
    return base;
  };
  // autocannon stops at the deadline and closes its sockets while the server may still work
  // through queued requests (PGlite serves one statement at a time): the next step waits until the
  // database has been quiet for a moment, so it neither competes with them nor captures their SQL.
  const quiet = async () => {
    let seen = 1;
    const stop = database.onStatement(() => {
      seen++;
    });
    try {
      for (let waited = 0; seen > 0 && waited < 120_000; waited += 250) {
        seen = 0;
        await new Promise((r) => setTimeout(r, 250));
      }
    } finally {
      stop();
    }
  };
  const rows: Row[] = [];
  try {
    for (const scenario of scenarios.filter(wanted)) {
      const base = await serve(scenario.server);
      const ctx = {
        base,
        database,
        password: BENCH_PASSWORD,
        scale,
        salt,
        seconds,
        uploadsDir: path.join(dir, 'uploads'),
      };
      if (scenario.kind === 'stream') {
        await quiet();
        const prepared = await scenario.prepare(ctx);
        // Downloaded `downloads` times one after another (a document's budget is its p99 time):
        // the row shows the download that held the most memory, and every download's time.
        const runs: StreamMeasure[] = [];
        const [, loopP99] = await withLoopDelay(async () => {
          for (let i = 0; i < (scenario.downloads ?? 1); i++) {
            runs.push(await measureStream(base, prepared.requests[i % prepared.requests.length]));
          }
        });
        const times = runs.map((r) => r.ms).sort((a, b) => a - b);
        streamRows.push({
          db: label,
          scenario: scenario.name,
          reported: scenario.reported ?? false,
          covers: prepared.covers ?? '',
          stream: runs.reduce((worst, r) => (r.rssMb > worst.rssMb || r.status !== 200 ? r : worst)),
          times,
          p99Limit: scenario.budget?.p99_ms,
          loopP99,
        });
        printStreamRow(streamRows.at(-1)!);
        continue;
      }
      if (scenario.kind === 'upload') {
        await quiet();
        const prepared = await scenario.prepare(ctx);
        const hold = scenario.hold!;
        const [measure, loopP99] = await withLoopDelay(() =>
          measureHeldUploads({
            base,
            upload: prepared.requests[0],
            expect: prepared.expect!,
            concurrent: hold.uploads,
            everyMs: hold.every_ms,
            seconds,
            rate: hold.rate,
            alongside: prepared.alongside,
          }),
        );
        uploadRows.push({
          db: label,
          scenario: scenario.name,
          covers: prepared.covers ?? '',
          hold,
          measure,
          loopP99,
        });
        printUploadRow(uploadRows.at(-1)!);
        continue;
      }
      let prepared: Awaited<ReturnType<Scenario['prepare']>>;
      const sequences: Statements[] = [];
      await quiet();
      try {
        prepared = await scenario.prepare(ctx);
        for (const r of prepared.requests.slice(0, CAPTURED))
          sequences.push(await capture(base, database, r));
      } catch (err) {
        console.log(`  skip ${scenario.name}: ${(err as Error).message}`);
        continue;
      }
      const requests = prepared.once ? prepared.requests.slice(CAPTURED) : prepared.requests;
      const bare = await measureHttp({ base, requests: [{ path: '/bare' }], seconds, connections });
      await quiet();
      const http = await profiled(`${label}-${scenario.name}`, () =>
        measureHttp({ base, requests, seconds, connections }),
      );
      await quiet();
      // The latency at the design load, LATENCY_RUNS times: a p99 over one run is its few worst
      // requests, which a pause of the machine (another tenant, a checkpoint) decides alone.
      const pacedRuns: Awaited<ReturnType<typeof measureHttp>>[] = [];
      const loopRuns: number[] = [];
      let next = http.used;
      for (let run = 0; run < LATENCY_RUNS; run++) {
        const [one, loopP99] = await withLoopDelay(() =>
          measureHttp({
            base,
            requests: prepared.once ? requests.slice(next) : requests,
            seconds,
            connections,
            rate: scenario.budget?.rate ?? latencyRate,
          }),
        );
        next += one.used;
        pacedRuns.push(one);
        loopRuns.push(loopP99);
        await quiet();
      }
      const paced = medianRun(pacedRuns);
      if ((http.wrapped || pacedRuns.some((r) => r.wrapped)) && prepared.once)
        console.log(`  note: ${scenario.name} ran out of prepared requests and repeated some`);
      const sql = await measureSql({
        database,
        pool: replayPool,
        // the token's once-a-minute use record is not part of a request's own work
        sequences: sequences.map((seq) => seq.filter((st) => !/^\s*update "access_tokens"/i.test(st.sql))),
        write: scenario.kind !== 'read' && scenario.kind !== 'render',
        seconds,
        connections,
      });
      // Per request: transaction control and the once-a-minute record of the token's use left out.
      const own = (st: { sql: string }) =>
        !/^\s*(begin|commit|rollback)\b/i.test(st.sql) && !/^\s*update "access_tokens"/i.test(st.sql);
      const statements = Math.min(...sequences.map((seq) => seq.filter(own).length));
      rows.push({
        db: label,
        scenario: scenario.name,
        kind: scenario.kind,
        http,
        paced,
        bare,
        sql,
        statements,
        loopP99: loopRuns.sort((a, b) => a - b)[Math.floor((loopRuns.length - 1) / 2)],
        p99Limit: scenario.budget?.p99_ms ?? budgets.p99_ms[scenario.kind],
        rate: scenario.budget?.rate ?? latencyRate,
        cpuLimit: scenario.budget?.node_cpu_ms,
      });
      printRow(rows.at(-1)!);
    }
  } finally {
    for (const { app } of servers.values()) await app.close();
    await replayPool?.end();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

const n0 = (v: number, w: number) => v.toFixed(0).padStart(w);
const n1 = (v: number, w: number) => v.toFixed(1).padStart(w);

const cpu = (m: Measure | undefined) => (m?.cpu ? `${n1(m.cpu.node, 4)}+${n1(m.cpu.db, 4)}` : ''.padEnd(9));

function printHeader() {
  console.log(
    `  ${'scenario'.padEnd(24)} ${'req/s'.padStart(6)} ${'p50'.padStart(6)} ${'p99'.padStart(6)} ${`@${latencyRate}/s p50`.padStart(12)} ${'p99'.padStart(6)} ${'loop'.padStart(5)} ${'KB'.padStart(5)} ${'stm'.padStart(3)} ${'cpu ms'.padStart(9)} | ${'bare'.padStart(6)} ${'×bare'.padStart(6)} | ${'sql/s'.padStart(6)} ${'p50'.padStart(5)} ${'p99'.padStart(6)} ${'cpu ms'.padStart(9)} ${'×sql'.padStart(5)}`,
  );
  console.log(
    `  (req/s, p50, p99: ${connections} connections as fast as answered; @${latencyRate}/s: latency at ${latencyRate} requests/s offered; loop: the event loop's delay p99 meanwhile, ms; cpu ms: per request, server + PostgreSQL backends)`,
  );
}

function printRow(r: Row) {
  const failed = r.http.errors + r.http.non2xx + r.paced.errors + r.paced.non2xx;
  const errors = failed
    ? `  ERR ${r.http.errors + r.paced.errors} errors, ${r.http.non2xx + r.paced.non2xx} non-2xx`
    : '';
  const sql = r.sql
    ? `${n0(r.sql.rps, 6)} ${n1(r.sql.p50, 5)} ${n1(r.sql.p99, 6)} ${cpu(r.sql)} ${(r.http.rps / r.sql.rps).toFixed(2).padStart(5)}`
    : '';
  console.log(
    `  ${r.scenario.padEnd(24)} ${n0(r.http.rps, 6)} ${n1(r.http.p50, 6)} ${n1(r.http.p99, 6)} ${n1(r.paced.p50, 12)} ${n1(r.paced.p99, 6)} ${n1(r.loopP99, 5)} ${n1((r.http.bytes ?? 0) / 1024, 5)} ${String(r.statements).padStart(3)} ${cpu(r.http)} | ${n0(r.bare.rps, 6)} ${(r.http.rps / r.bare.rps).toFixed(3).padStart(6)} | ${sql}${errors}`,
  );
}

/** p99 of times sorted fastest first (nearest rank: the slowest of fewer than 100). */
const p99Of = (times: number[]) => times[Math.max(0, Math.ceil(0.99 * times.length) - 1)] ?? 0;

function printStreamRow(r: StreamRow) {
  const m = r.stream;
  if (r.times.length > 1)
    console.log(
      `  ${r.scenario.padEnd(24)} ${r.times.length} downloads: p50 ${r.times[Math.floor((r.times.length - 1) / 2)].toFixed(0)} ms, p99 ${p99Of(r.times).toFixed(0)} ms (${r.times.map((t) => t.toFixed(0)).join(', ')})`,
    );
  console.log(
    `  ${r.scenario.padEnd(24)} ${m.status} ${r.covers}: ${(m.bytes / 1e6).toFixed(1)} MB in ${(m.ms / 1000).toFixed(1)} s (first bytes at ${m.firstByteMs.toFixed(0)} ms; event loop delay p99 ${r.loopP99.toFixed(1)} ms); server memory above idle: RSS +${m.rssMb.toFixed(1)} MB, heap +${m.heapMb.toFixed(1)} MB (kept after GC ${m.keptMb.toFixed(1)} MB)`,
  );
}

function printUploadRow(r: UploadRow) {
  const m = r.measure;
  console.log(
    `  ${r.scenario.padEnd(24)} ${r.covers}, ${r.hold.uploads} at once every ${r.hold.every_ms} ms: ${m.refused}/${m.uploads} refused, p50 ${m.uploadP50.toFixed(0)} ms, p99 ${m.uploadP99.toFixed(0)} ms;${m.alongside.sent ? ` beside them ${m.alongside.ok}/${m.alongside.sent} answered 200, p50 ${m.alongside.p50.toFixed(0)} ms, p99 ${m.alongside.p99.toFixed(0)} ms;` : ''} GET /api/health @${r.hold.rate}/s meanwhile p50 ${m.health.p50.toFixed(1)} ms, p99 ${m.health.p99.toFixed(1)} ms; event loop delay p99 ${r.loopP99.toFixed(1)} ms`,
  );
}

/** The held uploads' table (README.md). */
function uploadMarkdown(rows: UploadRow[]): string {
  return [
    '| db | scenario | covers | at once | refused | upload p50 ms | upload p99 ms | beside: 200 | beside p99 ms | health p50 ms | health p99 ms | event loop p99 ms |',
    '|---|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...rows.map(
      (r) =>
        `| ${r.db} | ${r.scenario} | ${r.covers} | ${r.hold.uploads} | ${r.measure.refused}/${r.measure.uploads} | ${r.measure.uploadP50.toFixed(0)} | ${r.measure.uploadP99.toFixed(0)} | ${r.measure.alongside.sent ? `${r.measure.alongside.ok}/${r.measure.alongside.sent}` : '-'} | ${r.measure.alongside.sent ? r.measure.alongside.p99.toFixed(0) : '-'} | ${r.measure.health.p50.toFixed(1)} | ${r.measure.health.p99.toFixed(1)} | ${r.loopP99.toFixed(1)} |`,
    ),
  ].join('\n');
}

/** The downloads' table (README.md). */
function streamMarkdown(rows: StreamRow[]): string {
  return [
    '| db | scenario | covers | MB | s | first bytes ms | RSS MB above idle | heap MB above idle | heap MB kept |',
    '|---|---|---|--:|--:|--:|--:|--:|--:|',
    ...rows.map(
      (r) =>
        `| ${r.db} | ${r.scenario} | ${r.covers} | ${(r.stream.bytes / 1e6).toFixed(1)} | ${(r.stream.ms / 1000).toFixed(1)} | ${r.stream.firstByteMs.toFixed(0)} | ${r.stream.rssMb.toFixed(1)} | ${r.stream.heapMb.toFixed(1)} | ${r.stream.keptMb.toFixed(1)} |`,
    ),
  ].join('\n');
}

/** The markdown table bench/README.md shows. */
function markdown(rows: Row[]): string {
  const c = (m: Measure | undefined) => (m?.cpu ? `${m.cpu.node.toFixed(2)} + ${m.cpu.db.toFixed(2)}` : '-');
  const lines = [
    `| db | scenario | req/s | p50 ms | p99 ms | p50 ms @${latencyRate}/s | p99 ms @${latencyRate}/s | event loop p99 ms | KB/resp | SQL stmts | CPU ms/req (node + pg) | bare req/s | ×bare | SQL req/s | SQL p50 | SQL p99 | SQL CPU ms | ×SQL |`,
    '|---|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.db} | ${r.scenario} | ${r.http.rps.toFixed(0)} | ${r.http.p50.toFixed(1)} | ${r.http.p99.toFixed(1)} | ${r.paced.p50.toFixed(1)} | ${r.paced.p99.toFixed(1)} | ${r.loopP99.toFixed(1)} | ${((r.http.bytes ?? 0) / 1024).toFixed(1)} | ${r.statements} | ${c(r.http)} | ${r.bare.rps.toFixed(0)} | ${(r.http.rps / r.bare.rps).toFixed(3)} | ${r.sql ? r.sql.rps.toFixed(0) : '-'} | ${r.sql ? r.sql.p50.toFixed(1) : '-'} | ${r.sql ? r.sql.p99.toFixed(1) : '-'} | ${c(r.sql)} | ${r.sql ? (r.http.rps / r.sql.rps).toFixed(2) : '-'} |`,
    );
  }
  return lines.join('\n');
}

interface Check {
  name: string;
  ok: boolean;
  detail: string;
  /** Printed as INFO and never fails the run: a figure reported beside the budgets, not one. */
  reported?: boolean;
}

/** Budgets apply to PostgreSQL (the production database); PGlite rows are reported only. */
function checkBudgets(rows: Row[]): Check[] {
  const checks: Check[] = [];
  const add = (name: string, ok: boolean, detail: string, reported = false) =>
    checks.push({ name, ok, detail, reported });
  for (const r of rows) {
    if (r.db !== 'pg') continue;
    const limit = r.p99Limit;
    add(
      `${r.scenario}: p99 ≤ ${limit} ms at ${r.rate} req/s`,
      r.paced.p99 <= limit,
      `p99 ${r.paced.p99.toFixed(1)} ms`,
    );
    // The offered rate was served (a server slower than that would only queue).
    add(
      `${r.scenario}: sustains ${r.rate} req/s`,
      r.paced.rps >= 0.95 * r.rate && r.http.rps >= r.rate,
      `${r.paced.rps.toFixed(0)} req/s offered ${r.rate}; ${r.http.rps.toFixed(0)} req/s at most`,
    );
    const failed = r.http.non2xx + r.http.errors + r.paced.non2xx + r.paced.errors;
    add(`${r.scenario}: no errors`, !failed, `${failed} failed requests`);
    add(
      `${r.scenario}: event loop delay p99 ≤ ${budgets.event_loop_p99_ms} ms at ${r.rate} req/s`,
      r.loopP99 <= budgets.event_loop_p99_ms,
      `p99 ${r.loopP99.toFixed(1)} ms`,
    );
    if (r.cpuLimit != null && r.http.cpu) {
      add(
        `${r.scenario}: server CPU ≤ ${r.cpuLimit} ms a request`,
        r.http.cpu.node <= r.cpuLimit,
        `${r.http.cpu.node.toFixed(2)} ms (PostgreSQL ${r.http.cpu.db.toFixed(2)} ms)`,
      );
    }
    // Sign-in (its hashing) and the documents (their drawing) are work that is not SQL.
    if ((r.kind === 'read' || r.kind === 'write') && r.sql) {
      add(
        `${r.scenario}: ≥ ${budgets.min_ratio_to_sql} × its SQL`,
        r.http.rps >= budgets.min_ratio_to_sql * r.sql.rps,
        `${r.http.rps.toFixed(0)} req/s vs SQL ${r.sql.rps.toFixed(0)} (×${(r.http.rps / r.sql.rps).toFixed(2)})`,
      );
    }
    if (r.kind === 'auth') {
      add(
        `${r.scenario}: ≥ ${budgets.auth_min_rps} req/s`,
        r.http.rps >= budgets.auth_min_rps,
        `${r.http.rps.toFixed(0)} req/s`,
      );
    }
  }
  for (const r of streamRows) {
    if (r.db !== 'pg') continue;
    add(
      `${r.scenario}: server memory ≤ ${budgets.stream_memory_mb} MB above idle`,
      r.stream.status === 200 && r.stream.bytes > 0 && r.stream.rssMb <= budgets.stream_memory_mb,
      `${r.stream.status}, ${r.covers}, ${(r.stream.bytes / 1e6).toFixed(1)} MB: RSS +${r.stream.rssMb.toFixed(1)} MB, heap +${r.stream.heapMb.toFixed(1)} MB, kept ${r.stream.keptMb.toFixed(1)} MB`,
      r.reported,
    );
    add(
      `${r.scenario}: event loop delay p99 ≤ ${budgets.event_loop_p99_ms} ms during the downloads`,
      r.loopP99 <= budgets.event_loop_p99_ms,
      `p99 ${r.loopP99.toFixed(1)} ms`,
      r.reported,
    );
    if (r.p99Limit != null) {
      add(
        `${r.scenario}: p99 ≤ ${r.p99Limit} ms over ${r.times.length} downloads`,
        p99Of(r.times) <= r.p99Limit,
        `p99 ${p99Of(r.times).toFixed(0)} ms, p50 ${r.times[Math.floor((r.times.length - 1) / 2)].toFixed(0)} ms`,
      );
    }
  }
  for (const r of uploadRows) {
    if (r.db !== 'pg') continue;
    const m = r.measure;
    add(
      `${r.scenario}: GET /api/health p99 ≤ ${r.hold.health_p99_ms} ms at ${r.hold.rate} req/s, ${r.hold.uploads} uploads at once every ${r.hold.every_ms} ms`,
      m.health.p99 <= r.hold.health_p99_ms && m.health.errors + m.health.non2xx === 0,
      `p99 ${m.health.p99.toFixed(1)} ms, ${m.health.errors + m.health.non2xx} failed`,
    );
    add(
      `${r.scenario}: each refused, p99 ≤ ${r.hold.refused_p99_ms} ms`,
      m.uploads > 0 && m.refused === m.uploads && m.uploadP99 <= r.hold.refused_p99_ms,
      `${m.refused}/${m.uploads} refused as expected, p99 ${m.uploadP99.toFixed(0)} ms`,
    );
    if (r.hold.alongside_p99_ms !== undefined)
      add(
        `${r.scenario}: each request beside the uploads answered 200, p99 ≤ ${r.hold.alongside_p99_ms} ms`,
        m.alongside.sent > 0 &&
          m.alongside.ok === m.alongside.sent &&
          m.alongside.p99 <= r.hold.alongside_p99_ms,
        `${m.alongside.ok}/${m.alongside.sent} answered 200, p99 ${m.alongside.p99.toFixed(0)} ms`,
      );
  }
  const find = (name: string, db = 'pg') => rows.find((r) => r.scenario === name && r.db === db);
  // The deep-page budget judges the list as served (with its cache); the ratio of a first request
  // since the list last changed, which counts and skips, is reported (DESIGN.md, Decisions).
  for (const suffix of ['', ' uncached']) {
    const p1 = find(`pedidos/list page 1${suffix}`);
    const p400 = find(`pedidos/list page 400${suffix}`);
    if (!p1 || !p400) continue;
    add(
      `pedidos/list page 400${suffix} p99 ≤ ${budgets.page400_vs_page1_p99} × page 1`,
      p400.paced.p99 <= budgets.page400_vs_page1_p99 * p1.paced.p99,
      `${p400.paced.p99.toFixed(1)} vs ${p1.paced.p99.toFixed(1)} ms at ${latencyRate} req/s (×${(p400.paced.p99 / p1.paced.p99).toFixed(2)}); CPU ×${(cpuOf(p400) / cpuOf(p1)).toFixed(2)}`,
      suffix !== '',
    );
  }
  // The scale budget judges search as served (with its cache). A miss ranks and counts every match,
  // work that grows with the catalogue by nature: its ratio is reported (DESIGN.md, Decisions).
  for (const search of searchScenarios) {
    const large = find(search);
    const small = find(search, 'pg-1k');
    if (!large || !small) continue;
    add(
      `${search} over ${LARGE.models} models p99 ≤ ${budgets.search_large_vs_small_p99} × over ${SMALL.models}`,
      large.paced.p99 <= budgets.search_large_vs_small_p99 * small.paced.p99,
      `${large.paced.p99.toFixed(1)} vs ${small.paced.p99.toFixed(1)} ms at ${latencyRate} req/s (×${(large.paced.p99 / small.paced.p99).toFixed(2)}); CPU ×${(cpuOf(large) / cpuOf(small)).toFixed(2)}`,
      search !== 'searchModel',
    );
  }
  return checks;
}

/** CPU per request, server and database together. */
const cpuOf = (r: Row) => (r.http.cpu ? r.http.cpu.node + r.http.cpu.db : Number.NaN);

/** Scenarios measured over both catalogue sizes for the search scale budget. */
const searchScenarios = ['searchModel', 'searchModel uncached'];
const wanted = (s: Scenario) => !only.length || only.some((o) => s.name.includes(o));
const mode = process.env.BENCH_DB ?? ((await pgReachable()) ? 'both' : 'pglite');
const started = Date.now();
console.log(
  `Nido bench: ${seconds} s per measurement, ${connections} connections, latency at ${latencyRate} req/s, ${os.cpus().length} cores, Node ${process.version}`,
);
printHeader();
const all: Row[] = [];
if (mode === 'pg' || mode === 'both') {
  all.push(...(await runOn('pg', LARGE, 'pg', wanted)));
  // The search scale check: the same search scenarios over the small catalogue.
  const searches = (s: Scenario) => searchScenarios.includes(s.name) && wanted(s);
  if (scenarios.some(searches)) all.push(...(await runOn('pg', SMALL, 'pg-1k', searches)));
}
if (mode === 'pglite' || mode === 'both') all.push(...(await runOn('pglite', SMALL, 'pglite', wanted)));

const checks = checkBudgets(all);
const report = [
  all.length ? markdown(all) : '',
  streamRows.length ? streamMarkdown(streamRows) : '',
  uploadRows.length ? uploadMarkdown(uploadRows) : '',
]
  .filter(Boolean)
  .join('\n\n');
console.log(`\n${report}\n`);
if (checks.length) {
  console.log('Budgets (PostgreSQL):');
  for (const c of checks)
    console.log(`  ${c.reported ? 'INFO' : c.ok ? 'PASS' : 'FAIL'}  ${c.name}  (${c.detail})`);
} else console.log('Budgets apply to PostgreSQL; none ran.');
fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
fs.writeFileSync(
  path.join(import.meta.dirname, 'results', 'latest.json'),
  JSON.stringify(
    { seconds, connections, rows: all, streams: streamRows, uploads: uploadRows, checks },
    null,
    2,
  ),
);
fs.writeFileSync(path.join(import.meta.dirname, 'results', 'latest.md'), `${report}\n`);
console.log(`\nTotal ${((Date.now() - started) / 1000).toFixed(0)} s.`);
if (checks.some((c) => !c.ok && !c.reported)) process.exitCode = 1;
