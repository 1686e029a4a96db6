/**
 * Test harness: a real database per test file (PGlite in memory by default; a fresh PostgreSQL
 * database per file when TEST_DATABASE_URL is set), the real app built through buildApp, a file
 * outbox (or the SMTP server an `SMTP_URL` names) and an uploads directory in a temp folder, and a
 * clock tests can move.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import type { App } from '../src/app-types.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { clientes, users } from '../src/db/schema.ts';
import { issueAccessToken } from '../src/domains/account/index.ts';
import { ManualClock } from '../src/platform/clock.ts';
import { createStorage } from '../src/platform/create-storage.ts';
import { createMailer } from '../src/platform/mail.ts';

export interface TestContext {
  app: App;
  database: Database;
  clock: ManualClock;
  dir: string;
  outbox: string;
  /** Every status each route answered in this file's tests: `POST /api/pedidos/list` → {200, 422}. */
  observed: Map<string, Set<number>>;
  /** The code of every error answer (and of each of its fields) in this file's tests, by route. */
  errorCodes: Map<string, Set<string>>;
  /** Reads every .eml in the outbox, oldest first. */
  mails(): string[];
  close(): Promise<void>;
}

/**
 * The database the process-level tests run on: PostgreSQL when TEST_DATABASE_URL is set, else
 * PGlite. One per run, as every other test: `npm test` runs the suite once on each.
 */
export const testBackend: 'pglite' | 'postgres' = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** A fresh, empty PostgreSQL database on the TEST_DATABASE_URL server (for child-process tests). */
export async function createPgDatabaseUrl(): Promise<{ url: string; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const name = `nido_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      // pg's Pool.end() resolves once it has asked its clients to end, not once they have: give them
      // a moment, or FORCE kills them mid-goodbye and the test file fails on their 57P01 error event.
      for (let i = 0; i < 40; i++) {
        const { rows } = await c.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    return { database, drop: () => database.close() };
  }
  const pgDb = await createPgDatabaseUrl();
  const database = await openDatabase({ url: pgDb.url, poolSize: 10 });
  return {
    database,
    drop: async () => {
      await database.close();
      await pgDb.drop();
    },
  };
}

export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-test-'));
  const { database, drop } = await createTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: dir,
    PUBLIC_URL: 'http://nido.test',
    CHECK_ANSWERS: 'true',
    ...env,
  });
  const outbox = path.join(dir, 'outbox');
  const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));
  const app = await buildApp({
    config,
    database,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, outboxDir: outbox, from: config.MAIL_FROM }),
    storage: await createStorage(config.storage),
    clock,
    logger: false,
  });
  const observed = new Map<string, Set<number>>();
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url;
    if (!route?.startsWith('/api/') || route.startsWith('/api/docs')) return;
    // A 405 answers the path, not the operation whose pattern matched (test/input-contract.test.ts).
    if (reply.statusCode === 405) return;
    const key = `${req.method} ${route}`;
    observed.set(key, (observed.get(key) ?? new Set()).add(reply.statusCode));
  });
  const errorCodes = new Map<string, Set<string>>();
  app.addHook('onSend', async (req, reply, payload) => {
    const route = req.routeOptions.url ?? 'no route';
    if (reply.statusCode < 400 || typeof payload !== 'string' || route.startsWith('/api/docs')) return;
    if (!String(reply.getHeader('content-type')).startsWith('application/json')) return;
    const body = JSON.parse(payload) as {
      code?: string;
      errors?: unknown;
      issues?: Record<string, Array<{ code: string }>>;
    };
    const codes = [
      body.code ?? '(none)',
      ...Object.values(body.issues ?? {})
        .flat()
        .map((i) => i.code),
    ];
    if (Array.isArray(body.errors))
      codes.push(...body.errors.map((e: { code?: string }) => e.code ?? '(none)'));
    const key = `${req.method} ${route}`;
    for (const code of codes) errorCodes.set(key, (errorCodes.get(key) ?? new Set()).add(code));
  });
  await app.ready();
  return {
    app,
    observed,
    errorCodes,
    database,
    clock,
    dir,
    outbox,
    mails: () =>
      fs.existsSync(outbox)
        ? fs
            .readdirSync(outbox)
            .sort()
            .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'))
        : [],
    close: async () => {
      await app.close();
      await drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// argon2 is deliberately slow; hash the shared test password once per file.
let testHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'cuna-azul-37';

export async function createClient(
  ctx: TestContext,
  nomcome = 'Tienda Test',
  extra: Partial<typeof clientes.$inferInsert> = {},
) {
  const [row] = await ctx.database.db
    .insert(clientes)
    .values({ nomcome, search_text: nomcome.toLowerCase(), ...extra })
    .returning();
  return row;
}

export async function createUser(
  ctx: TestContext,
  values: {
    email: string;
    role: 'Admin' | 'Cliente' | 'Representante';
    cliente_id?: number | null;
    name?: string;
    language?: 'es' | 'en';
    active?: boolean;
  },
) {
  testHash ??= hash(TEST_PASSWORD);
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      email: values.email.toLowerCase(),
      name: values.name ?? values.email.split('@')[0],
      role: values.role,
      cliente_id: values.cliente_id ?? null,
      language: values.language ?? 'es',
      active: values.active ?? true,
      password_hash: await testHash,
    })
    .returning();
  return row;
}

/** Signs in through the real login route and returns the bearer header. */
export async function login(
  ctx: TestContext,
  email: string,
  password = TEST_PASSWORD,
): Promise<{ authorization: string }> {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
  return { authorization: `Bearer ${res.json().accessToken}` };
}

/** A bearer header for a user without going through the login route (for domains other than account). */
export async function tokenFor(ctx: TestContext, userId: number): Promise<{ authorization: string }> {
  const token = await issueAccessToken(ctx.database.db, userId, ctx.clock, {
    idleMinutes: 120,
    maxHours: 12,
  });
  return { authorization: `Bearer ${token}` };
}

/**
 * The 422 body an API client sees for one message on one field: the English text and its code,
 * per field as text (`errors`) and as code (`issues`).
 */
export function fieldErrorAnswer(field: string, m: { code: string; text: string; params?: object }) {
  const ref = m.params ? { code: m.code, params: m.params } : { code: m.code };
  return { message: m.text, ...ref, errors: { [field]: [m.text] }, issues: { [field]: [ref] } };
}
