import { fork } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
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
 * Drives `requests` in turn from a load-generating process of its own (bench/load-worker.mjs),
 * `connections` at a time: as fast as the server answers, or at `rate` requests per second in all.
 * CPU per request counts this process over the run, i.e. the server (and PGlite, which runs in it),
 * and the database's backends; the generator's start-up is before the first reading.
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
  const generator = fork(fileURLToPath(new URL('./load-worker.mjs', import.meta.url)), {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [], // plain Node: not the bench's TypeScript loader
  });
  const next = () =>
    new Promise<unknown>((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`load generator exited (${code}) without a result`));
      generator.once('exit', onExit);
      generator.once('error', reject);
      generator.once('message', (m) => {
        generator.off('exit', onExit);
        generator.off('error', reject);
        resolve(m);
      });
    });
  let cpu0: CpuSnapshot;
  let result: LoadResult;
  try {
    const loaded = next();
    generator.send({
      url: opts.base,
      prepared,
      seconds: opts.seconds,
      connections: opts.connections,
      rate: opts.rate,
    });
    await loaded;
    const done = next();
    cpu0 = cpuNow();
    generator.send('go');
    result = (await done) as LoadResult;
  } finally {
    generator.kill();
  }
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
    cpu,
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

/** What one streamed download cost the server: its size and time, and the memory it took. */
export interface StreamMeasure {
  status: number;
  /** Bytes of the file as received (the workbook is a zip: not compressed again). */
  bytes: number;
  ms: number;
  /** When the first bytes arrived: a streamed answer starts long before it ends. */
  firstByteMs: number;
  /** Peak resident memory of this process (the server) during the download above its idle level, MB. */
  rssMb: number;
  /** The same for the JavaScript heap (uncollected garbage included), MB. */
  heapMb: number;
  /** The heap still in use after the download and a full collection, above idle, MB: what it kept. */
  keptMb: number;
}

/** The collector, made callable for this process alone (the bench runs without --expose-gc). */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Downloads `request` once, reading the answer as it comes and keeping none of it, while sampling
 * this process's memory every 5 ms: the server runs here, so the growth over the idle level
 * (taken after a full collection) is what the download held. The bench's own reading adds a
 * chunk at a time.
 */
export async function measureStream(base: string, request: Req): Promise<StreamMeasure> {
  const gc = collector();
  gc();
  await new Promise((r) => setTimeout(r, 200));
  gc();
  const idle = process.memoryUsage();
  let rss = idle.rss;
  let heap = idle.heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  const timer = setInterval(sample, 5);
  const t0 = performance.now();
  let firstByteMs = 0;
  let bytes = 0;
  let status = 0;
  try {
    const get = request.body === undefined;
    const res = await fetch(base + request.path, {
      method: request.method ?? (get ? 'GET' : 'POST'),
      headers: {
        ...BROWSER_HEADERS,
        ...(get ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body: get ? undefined : JSON.stringify(request.body),
    });
    status = res.status;
    for await (const chunk of res.body ?? []) {
      if (!firstByteMs) firstByteMs = performance.now() - t0;
      bytes += (chunk as Uint8Array).byteLength;
    }
  } finally {
    clearInterval(timer);
    sample();
  }
  const ms = performance.now() - t0;
  gc();
  const mb = (n: number) => n / (1024 * 1024);
  return {
    status,
    bytes,
    ms,
    firstByteMs,
    rssMb: mb(rss - idle.rss),
    heapMb: mb(heap - idle.heapUsed),
    keptMb: mb(process.memoryUsage().heapUsed - idle.heapUsed),
  };
}

/** Uploads refused while others are in flight, and what the server's other requests waited meanwhile. */
export interface HoldMeasure {
  /** Uploads answered, and how many with the expected status and code. */
  uploads: number;
  refused: number;
  /** Each upload's time to its answer, ms. */
  uploadP50: number;
  uploadP99: number;
  /** The other requests sent with each round (`alongside`): answered, answered 200, p50 and p99, ms. */
  alongside: { sent: number; ok: number; p50: number; p99: number };
  /** GET /api/health at an even pace meanwhile, from the load generator's process (latency from when due). */
  health: Measure;
}

/**
 * Sends `concurrent` uploads of `upload` at once, a round every `everyMs` (the next one as soon as
 * one ran longer), while the load generator checks GET /api/health at `rate` a second for `seconds`:
 * an upload that holds the event loop shows in the health checks' latency. The uploads are sent
 * from this process (the server's): a 1 MB body each, a small share of the server's time.
 */
export async function measureHeldUploads(opts: {
  base: string;
  upload: Req;
  expect: { status: number; code: string };
  concurrent: number;
  everyMs: number;
  seconds: number;
  rate: number;
  /** Sent once a round beside the uploads, each expected to answer 200 (a large PDF). */
  alongside?: Req[];
}): Promise<HoldMeasure> {
  const times: number[] = [];
  const besideTimes: number[] = [];
  let besideOk = 0;
  let refused = 0;
  let running = true;
  const sendBeside = async (r: Req) => {
    const t0 = performance.now();
    const res = await fetch(opts.base + r.path, { headers: { ...BROWSER_HEADERS, ...r.headers } });
    await res.arrayBuffer();
    besideTimes.push(performance.now() - t0);
    if (res.status === 200) besideOk++;
  };
  const beside = opts.alongside ?? [];
  const send = async () => {
    const t0 = performance.now();
    const res = await fetch(opts.base + opts.upload.path, {
      method: 'POST',
      headers: { ...BROWSER_HEADERS, ...opts.upload.headers },
      body: opts.upload.body as Buffer,
    });
    const body = (await res.json().catch(() => ({}))) as { code?: string };
    times.push(performance.now() - t0);
    if (res.status === opts.expect.status && body.code === opts.expect.code) refused++;
  };
  // One upload first, not counted: the first request of a scenario warms its code (as the others'
  // captured requests do).
  await Promise.all([send(), ...beside.map(sendBeside)]);
  times.length = 0;
  besideTimes.length = 0;
  besideOk = 0;
  refused = 0;
  const start = performance.now();
  const rounds = (async () => {
    for (let round = 0; running; round++) {
      const wait = start + round * opts.everyMs - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      if (running)
        await Promise.all([...Array.from({ length: opts.concurrent }, send), ...beside.map(sendBeside)]);
    }
  })();
  let health: Measure;
  try {
    health = await measureHttp({
      base: opts.base,
      requests: [{ path: '/api/health' }],
      seconds: opts.seconds,
      connections: 8,
      rate: opts.rate,
    });
  } finally {
    running = false;
    await rounds;
  }
  times.sort((a, b) => a - b);
  besideTimes.sort((a, b) => a - b);
  const of = (list: number[]) => (q: number) =>
    list[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0;
  const at = of(times);
  const besideAt = of(besideTimes);
  return {
    uploads: times.length,
    refused,
    uploadP50: at(0.5),
    uploadP99: at(0.99),
    alongside: { sent: besideTimes.length, ok: besideOk, p50: besideAt(0.5), p99: besideAt(0.99) },
    health,
  };
}
