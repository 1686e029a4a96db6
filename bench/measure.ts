import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import type { Database } from '../apps/server/src/db/client.ts';

export interface Measure {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** Mean response size, bytes (HTTP only; after compression when the client asks for it). */
  bytes?: number;
  /** CPU time per request, ms: the server (this process less the load generator) and PostgreSQL. */
  cpu?: { node: number; db: number };
}

/** The bench database's name: only its PostgreSQL backends count (other work may share the server). */
let dbName: string | null = null;
export function countCpuOf(database: string | null) {
  dbName = database;
}

/** CPU used so far: this process, ms, and each PostgreSQL backend of the bench database, ticks. */
export interface CpuSnapshot {
  node: number;
  backends: Map<string, number>;
}

/**
 * CPU used so far by this process and by the local PostgreSQL backends serving the bench database
 * (from /proc; none where there is none). CPU per request holds up better than req/s on a busy
 * machine. A backend that exits meanwhile loses its share (an undercount, never a negative).
 */
export function cpuNow(): CpuSnapshot {
  const u = process.cpuUsage();
  const backends = new Map<string, number>();
  if (dbName) {
    try {
      for (const pid of fs.readdirSync('/proc')) {
        if (!/^\d+$/.test(pid)) continue;
        try {
          const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
          if (!stat.includes('(postgres)')) continue;
          if (!fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(` ${dbName} `)) continue;
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          backends.set(pid, Number(fields[11]) + Number(fields[12]));
        } catch {
          // the process ended meanwhile
        }
      }
    } catch {
      // no /proc
    }
  }
  return { node: (u.user + u.system) / 1000, backends };
}

/** CPU per request since `before`, ms: this process and the database backends (10 ms ticks). */
export function cpuPer(before: CpuSnapshot, requests: number) {
  const after = cpuNow();
  let ticks = 0;
  for (const [pid, t] of after.backends) ticks += t - (before.backends.get(pid) ?? 0);
  const n = Math.max(1, requests);
  return { node: (after.node - before.node) / n, db: (ticks * 10) / n };
}

/** One HTTP request of a scenario. */
export interface Req {
  method?: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** What a browser sends with every API call (the server compresses answers above 1 KB). */
export const BROWSER_HEADERS = {
  accept: 'application/json',
  'accept-language': 'es',
  'accept-encoding': process.env.BENCH_ENCODING ?? 'gzip, deflate, br',
};

/**
 * Drives `requests` in turn from a worker thread (bench/load-worker.mjs), `connections` at a time:
 * as fast as the server answers, or at `rate` requests per second in all. CPU per request counts
 * this process less the load generator's thread, i.e. the server (and PGlite, which runs in it).
 */
export async function measureHttp(opts: {
  base: string;
  requests: Req[];
  seconds: number;
  connections: number;
  rate?: number;
}): Promise<Measure & { wrapped: boolean; used: number }> {
  const prepared = opts.requests.map((r) => ({
    method: r.method ?? (r.body === undefined ? 'GET' : 'POST'),
    path: r.path,
    headers: {
      ...BROWSER_HEADERS,
      ...(r.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...r.headers,
    },
    body: r.body === undefined ? undefined : JSON.stringify(r.body),
  }));
  const cpu0 = cpuNow();
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
    workerData: {
      url: opts.base,
      prepared,
      seconds: opts.seconds,
      connections: opts.connections,
      rate: opts.rate,
    },
  });
  const result = await new Promise<LoadResult>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`load worker exited (${code}) without a result`)));
  });
  await worker.terminate();
  const cpu = cpuPer(cpu0, result.total);
  return {
    rps: result.rps,
    p50: result.p50,
    p99: result.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    // autocannon counts headers too; close enough to compare payloads between scenarios.
    bytes: result.bytes / Math.max(1, result.total),
    wrapped: result.used > prepared.length,
    used: result.used,
    cpu: { node: Math.max(0, cpu.node - result.cpuMs / Math.max(1, result.total)), db: cpu.db },
  };
}

/** What bench/load-worker.mjs answers. */
interface LoadResult {
  rps: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytes: number;
  used: number;
  cpuMs: number;
}

/** A request's statements as the app sent them (captured through Database.onStatement). */
export type Statements = Array<{ sql: string; params: unknown[] }>;

const TX_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/**
 * Replays captured statement sequences straight on the driver with the same concurrency: the
 * database's own limit for that request. Each sequence runs on one connection; a write sequence
 * runs inside BEGIN … ROLLBACK so the data stays as it was. PGlite has one connection, so its
 * sequences take turns.
 */
export async function measureSql(opts: {
  database: Database;
  pool: pg.Pool | null;
  sequences: Statements[];
  write: boolean;
  seconds: number;
  connections: number;
}): Promise<Measure> {
  const sequences = opts.sequences.map((s) => s.filter((st) => !TX_CONTROL.test(st.sql)));
  let turn: Promise<unknown> = Promise.resolve();
  const runOnPglite = (seq: Statements) => {
    const run = turn.then(async () => {
      if (opts.write) await opts.database.query('BEGIN');
      try {
        for (const st of seq) await opts.database.query(st.sql, st.params);
      } finally {
        if (opts.write) await opts.database.query('ROLLBACK');
      }
    });
    turn = run.catch(() => {});
    return run;
  };
  const runOnPg = async (seq: Statements) => {
    const client = await opts.pool!.connect();
    try {
      if (opts.write) await client.query('BEGIN');
      try {
        for (const st of seq) await client.query(st.sql, st.params as unknown[]);
      } finally {
        if (opts.write) await client.query('ROLLBACK');
      }
    } finally {
      client.release();
    }
  };
  const run = opts.pool ? runOnPg : runOnPglite;
  const latencies: number[] = [];
  const end = Date.now() + opts.seconds * 1000;
  let errors = 0;
  let next = 0;
  const cpu0 = cpuNow();
  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (Date.now() < end) {
        const seq = sequences[next++ % sequences.length];
        const t0 = performance.now();
        try {
          await run(seq);
        } catch {
          errors++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    rps: latencies.length / opts.seconds,
    p50: at(0.5),
    p99: at(0.99),
    non2xx: 0,
    errors,
    cpu: cpuPer(cpu0, latencies.length),
  };
}
