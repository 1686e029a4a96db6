import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type every query is written against: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  /**
   * The same connections, unseen by `onStatement`: for work that belongs to no request (the mail
   * sender), so a request's statements are counted and replayed without it.
   */
  background: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL; used by health checks, tests and the bench. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /**
   * Calls `listener` with every statement sent through Drizzle or `query` (transaction control
   * included on node-postgres) until the returned function is called. For the statement-count
   * tests and the bench, which replays a request's statements straight on the driver.
   */
  onStatement(listener: StatementListener): () => void;
  /**
   * Calls `handler` with the payload of every NOTIFY on `channel` (delivered at the sender's
   * commit) until the returned function is called. PostgreSQL: one dedicated connection, outside
   * the pool, opened again (with backoff) when it fails; PGlite: its own listen.
   */
  listen(channel: string, handler: (payload: string) => void): Promise<() => Promise<void>>;
  /** The PostgreSQL pool's connections (for /metrics); absent on PGlite, one connection in the process. */
  poolUse?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export type StatementListener = (sql: string, params: unknown[]) => void;

/**
 * A Drizzle logger that fans statements out to the listeners (a no-op loop when there are none),
 * and the Database of a driver built around it.
 */
function statementHub() {
  const listeners = new Set<StatementListener>();
  const emit = (sql: string, params: unknown[] = []) => {
    for (const l of listeners) l(sql, params);
  };
  const logger: Logger = { logQuery: emit };
  const onStatement = (l: StatementListener) => {
    listeners.add(l);
    return () => {
      listeners.delete(l);
    };
  };
  /** The Database over one driver: every statement of `run` (raw SQL) passes the listeners too. */
  const database = (
    kind: Database['kind'],
    db: Db,
    background: Db,
    run: (text: string, params?: unknown[]) => Promise<unknown[]>,
    close: () => Promise<void>,
    listen: Database['listen'],
  ): Database => ({
    db,
    background,
    kind,
    listen,
    query: async (text, params) => {
      emit(text, params);
      return (await run(text, params)) as never;
    },
    onStatement,
    close,
  });
  return { logger, database };
}

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** node-postgres connection string; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; absent = in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  statementTimeoutMs?: number;
  migrate?: boolean;
}

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  const timeout = opts.statementTimeoutMs ?? 5000;
  const hub = statementHub();
  let database: Database;
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.poolSize ?? 20,
      options: `-c statement_timeout=${timeout} -c lock_timeout=${timeout}`,
    });
    // A connection that fails while idle (PostgreSQL restarted, a backend terminated) leaves the
    // pool, and the next query opens another; unheard, the pool's error event would end the process.
    pool.on('error', (err) => process.emitWarning(`PostgreSQL connection lost while idle: ${err.message}`));
    const db = drizzlePg(pool, { schema, logger: hub.logger }) as unknown as Db;
    database = hub.database(
      'postgres',
      db,
      drizzlePg(pool, { schema }) as unknown as Db,
      async (text, params) => (await pool.query(text, params)).rows,
      () => pool.end(),
      (channel, handler) => listenPg(opts.url!, channel, handler),
    );
    database.poolUse = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    if (opts.migrate !== false) await migratePgOneAtATime(pool);
  } else {
    let release = () => {};
    if (opts.pgliteDir) {
      fs.mkdirSync(opts.pgliteDir, { recursive: true });
      release = lockDirectory(opts.pgliteDir);
    }
    try {
      const client = await PGlite.create(opts.pgliteDir, { extensions: { pg_trgm } });
      await client.exec(`SET statement_timeout = ${timeout}`);
      const db = drizzlePglite(client, { schema, logger: hub.logger }) as unknown as Db;
      database = hub.database(
        'pglite',
        db,
        drizzlePglite(client, { schema }) as unknown as Db,
        async (text, params) => (await client.query(text, params)).rows,
        async () => {
          await client.close();
          release();
        },
        async (channel, handler) => {
          const unlisten = await client.listen(channel, handler);
          return async () => {
            if (!client.closed) await unlisten();
          };
        },
      );
      if (opts.migrate !== false)
        await migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR });
    } catch (err) {
      release();
      throw err;
    }
  }
  return database;
}

/** How long a lost listening connection waits before it connects again: doubled each failure, at most the last. */
const LISTEN_RETRY_MS = [250, 500, 1000, 2000, 5000];

/**
 * LISTEN on a connection of its own (a pooled one would go back to the pool and lose it). When the
 * connection fails (PostgreSQL restarted, the backend terminated) it connects again after a backoff;
 * what was notified meanwhile is lost, which the web's polling covers (record 058).
 */
async function listenPg(
  url: string,
  channel: string,
  handler: (payload: string) => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('notification', (m) => {
      if (m.channel === channel) handler(m.payload ?? '');
    });
    c.on('error', (err) => {
      if (stopped || client !== c) return;
      process.emitWarning(`PostgreSQL listening connection lost: ${err.message}`);
      client = null;
      c.end().catch(() => {});
      again();
    });
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    failures = 0;
  };
  const again = () => {
    if (stopped) return;
    const wait = LISTEN_RETRY_MS[Math.min(failures, LISTEN_RETRY_MS.length - 1)];
    failures++;
    timer = setTimeout(() => {
      connect().catch((err) => {
        if (stopped) return;
        process.emitWarning(`PostgreSQL listening connection failed: ${err.message}`);
        const c = client;
        client = null;
        c?.end().catch(() => {});
        again();
      });
    }, wait);
    timer.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

/** The advisory lock that makes processes starting together on one PostgreSQL migrate one after another. */
const MIGRATION_LOCK_KEY = 6_150_727;

/**
 * drizzle's migrator takes no lock: two processes started together on a database that lacks a
 * migration would both apply it, and one would fail. The second waits here for the first (with no
 * timeout while it waits), then finds nothing left to apply.
 */
async function migratePgOneAtATime(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('SET statement_timeout = 0; SET lock_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query('RESET statement_timeout; RESET lock_timeout');
    await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    client.release();
  } catch (err) {
    client.release(true); // the session ends, and its lock with it
    throw err;
  }
}

export class DataDirLockedError extends Error {}

/**
 * PGlite corrupts a data directory that two processes open at once, so the server takes an
 * exclusive lock file first. A lock left by a dead process is taken over.
 */
export function lockDirectory(dir: string): () => void {
  const lockFile = path.join(dir, '..', `${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        fs.rmSync(lockFile, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(fs.readFileSync(lockFile, 'utf8'));
      if (holder && holder !== process.pid && isAlive(holder)) {
        throw new DataDirLockedError(
          `The embedded database in ${dir} is in use by another process (pid ${holder}). ` +
            'Stop that process first, or point DATA_DIR elsewhere, or use DATABASE_URL for PostgreSQL.',
        );
      }
      fs.rmSync(lockFile, { force: true }); // stale lock of a dead process
    }
  }
  throw new DataDirLockedError(`Could not lock ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * `make`'s value for each database handle (or transaction), made on the handle's first call (with
 * that call's arguments) and kept while the handle lives: tests open many databases in one process.
 */
export function perDatabase<D extends object, T, A extends unknown[] = []>(
  make: (db: D, ...args: A) => T,
): (db: D, ...args: A) => T {
  const byDb = new WeakMap<D, T>();
  return (db, ...args) => {
    let made = byDb.get(db);
    if (made === undefined) {
      made = make(db, ...args);
      byDb.set(db, made);
    }
    return made;
  };
}

/**
 * A statement prepared once per database, for the reads nearly every request makes (the session
 * lookup, an order and its lines): Drizzle builds its SQL once instead of per call, and on
 * PostgreSQL it is a named statement, parsed and planned once per connection. `build` must end in
 * `.prepare(name)` with a name of its own; its values come as `sql.placeholder`s. In a transaction
 * it is the database's statement, sent on the transaction's connection.
 */
export function preparedOn<T>(build: (db: Db | Tx) => T): (db: Db | Tx) => T {
  // Built once per database handle: a transaction shares its database's session options (the same
  // object), so its statement is the database's, bound to the transaction's connection (issue 33:
  // building the statement anew in each transaction cost more than sending it).
  const built = new WeakMap<object, T>();
  return (db) => {
    const session = (db as unknown as { session: DrizzleSession }).session;
    let statement = built.get(session.options);
    if (statement === undefined) {
      statement = build(db);
      built.set(session.options, statement);
    }
    const own = statement as unknown as { client: unknown };
    return own.client === session.client
      ? statement
      : (Object.create(statement as object, { client: { value: session.client } }) as T);
  };
}

/** What preparedOn reads of a Drizzle handle's session (node-postgres and PGlite alike). */
type DrizzleSession = { options: object; client: unknown };
