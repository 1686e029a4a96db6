/**
 * `npm run bench`: generates data, starts the real server in this process on a random port, and
 * measures each scenario with autocannon next to a bare route of the same server and next to the
 * same SQL run straight on the driver, then checks bench/budgets.json.
 *
 *   BENCH_DB=pg|pglite|both (default: both when PostgreSQL answers at BENCH_PG_URL)
 *   BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres) — a fresh database is created
 *   BENCH_SECONDS (default 5) — duration of each measurement
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openDatabase } from '../apps/server/src/db/client.ts';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { createMailer } from '../apps/server/src/platform/mail.ts';
import { createStorage } from '../apps/server/src/platform/storage.ts';
import { BENCH_PASSWORD, generate, LARGE, type Scale, SMALL } from './generate.ts';
import { type Measure, measureHttp, measureSql } from './measure.ts';
import { scenarios } from './scenarios.ts';

const budgets = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'budgets.json'), 'utf8'));
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const pgUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Row {
  db: string;
  scenario: string;
  kind: string;
  http: Measure;
  bare: Measure;
  sql?: Measure;
}

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

async function freshPg(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `nido_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(pgUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function runOn(kind: 'pg' | 'pglite', scale: Scale, label: string): Promise<Row[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-bench-'));
  const pgDb = kind === 'pg' ? await freshPg() : null;
  const database: Database = await openDatabase({ url: pgDb?.url, poolSize: budgets.connections });
  const t0 = Date.now();
  const counts = await generate(database, scale);
  console.log(
    `\n[${label}] generated in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`,
  );
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    PG_POOL_SIZE: String(budgets.connections),
  });
  const app = await buildApp({
    config,
    database,
    mailer: createMailer({ outboxDir: path.join(dir, 'outbox'), from: config.MAIL_FROM }),
    storage: createStorage(path.join(dir, 'uploads')),
    clock: systemClock,
    logger: false,
  });
  app.get('/bare', { config: { access: 'public' } }, async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as import('node:net').AddressInfo).port}`;
  const rows: Row[] = [];
  try {
    const ctx = { base, database, password: BENCH_PASSWORD, scale };
    for (const scenario of scenarios) {
      const prepared = await scenario.prepare(ctx).catch((err: Error) => {
        console.log(`  skip ${scenario.name}: ${err.message}`);
        return null;
      });
      if (!prepared) continue;
      const bare = await measureHttp({
        path: '/bare',
        url: `${base}/bare`,
        seconds,
        connections: budgets.connections,
      });
      const http = await measureHttp({
        ...prepared.http,
        url: base + prepared.http.path,
        seconds,
        connections: budgets.connections,
      });
      const sql = prepared.sql
        ? await measureSql(database, prepared.sql, seconds, budgets.connections)
        : undefined;
      rows.push({ db: label, scenario: scenario.name, kind: scenario.kind, http, bare, sql });
      printRow(rows.at(-1)!);
    }
  } finally {
    await app.close();
    await database.close();
    await pgDb?.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

function fmt(m: Measure | undefined) {
  return m
    ? `${m.rps.toFixed(0).padStart(6)} req/s p50 ${m.p50.toFixed(1).padStart(5)} p99 ${m.p99.toFixed(1).padStart(6)}`
    : ''.padEnd(36);
}

function printRow(r: Row) {
  const ratioBare = r.http.rps / r.bare.rps;
  const ratioSql = r.sql ? (r.http.rps / r.sql.rps).toFixed(2) : '  - ';
  const errors = r.http.errors + r.http.non2xx ? `  ERR ${r.http.errors}+${r.http.non2xx}` : '';
  console.log(
    `  ${r.scenario.padEnd(26)} ${fmt(r.http)} | bare ${r.bare.rps.toFixed(0).padStart(6)} (×${ratioBare.toFixed(3)}) | sql ${fmt(r.sql)} http/sql ${ratioSql}${errors}`,
  );
}

function checkBudgets(rows: Row[]): string[] {
  const failures: string[] = [];
  for (const r of rows) {
    if (r.db !== 'pg') continue;
    const limit = r.kind === 'write' ? budgets.p99_ms.write : budgets.p99_ms.read;
    if (r.http.p99 > limit) failures.push(`${r.scenario}: p99 ${r.http.p99} ms > ${limit} ms`);
    if (r.http.non2xx || r.http.errors)
      failures.push(`${r.scenario}: ${r.http.non2xx} non-2xx, ${r.http.errors} errors`);
    if (r.kind === 'read' && r.sql && r.http.rps < budgets.min_ratio_to_sql * r.sql.rps) {
      failures.push(
        `${r.scenario}: ${r.http.rps.toFixed(0)} req/s < ${budgets.min_ratio_to_sql} × SQL ${r.sql.rps.toFixed(0)}`,
      );
    }
  }
  const p = (name: string, db = 'pg') => rows.find((r) => r.scenario === name && r.db === db);
  const p1 = p('pedidos/list page 1');
  const p400 = p('pedidos/list page 400');
  if (p1 && p400 && p400.http.p99 > budgets.page400_vs_page1_p99 * Math.max(p1.http.p99, 1)) {
    failures.push(
      `pedidos/list page 400 p99 ${p400.http.p99} > ${budgets.page400_vs_page1_p99} × page 1 ${p1.http.p99}`,
    );
  }
  return failures;
}

const mode = process.env.BENCH_DB ?? ((await pgReachable()) ? 'both' : 'pglite');
console.log(
  `Nido bench: ${seconds} s per measurement, ${budgets.connections} connections, ${os.cpus().length} cores`,
);
const all: Row[] = [];
if (mode === 'pg' || mode === 'both') all.push(...(await runOn('pg', LARGE, 'pg')));
if (mode === 'pglite' || mode === 'both') all.push(...(await runOn('pglite', SMALL, 'pglite')));
const failures = checkBudgets(all);
fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
fs.writeFileSync(path.join(import.meta.dirname, 'results', 'latest.json'), JSON.stringify(all, null, 2));
if (failures.length) {
  console.log(`\nBudgets exceeded (PostgreSQL):\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
} else console.log(mode === 'pglite' ? '\nBudgets apply to PostgreSQL; none ran.' : '\nAll budgets met.');
