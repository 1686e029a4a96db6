import fs from 'node:fs';
import autocannon from 'autocannon';
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
  /** CPU time per request, ms: this process (server + load generator) and the local PostgreSQL. */
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
 * Drives `requests` in turn (a shared cursor across every connection, so a request meant to run
 * once, such as submitting one cart, is sent once while the list lasts).
 */
export async function measureHttp(opts: {
  base: string;
  requests: Req[];
  seconds: number;
  connections: number;
}): Promise<Measure & { wrapped: boolean }> {
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
  let i = 0;
  const cpu0 = cpuNow();
  const result = await autocannon({
    url: opts.base,
    duration: opts.seconds,
    connections: opts.connections,
    requests: [
      {
        setupRequest: (req: any) => {
          const r = prepared[i++ % prepared.length];
          return { ...req, method: r.method, path: r.path, headers: r.headers, body: r.body };
        },
      },
    ],
  });
  const total = result.requests.total || 1;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    // autocannon counts headers too; close enough to compare payloads between scenarios.
    bytes: result.throughput.total / total,
    wrapped: i > prepared.length,
    cpu: cpuPer(cpu0, result.requests.total),
  };
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
