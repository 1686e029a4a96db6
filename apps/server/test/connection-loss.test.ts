/**
 * A PostgreSQL connection lost while idle (the database restarted, a backend terminated by an
 * administrator) must not take the server down: the pool drops it and the next request opens
 * another. Runs when TEST_DATABASE_URL is set (PGlite has no connections to lose).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabaseUrl } from './harness.ts';
import { call, type ServerProcess, startServer } from './server-process.ts';
import { until } from './smtp.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('a PostgreSQL connection lost while idle', () => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('leaves the server answering', { timeout: 120_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-connloss-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const db = await createPgDatabaseUrl();
    cleanups.push(db.drop);
    const server: ServerProcess = await startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      DEMO_DATA: '1',
    });
    cleanups.push(() => server.kill('SIGKILL'));
    const login = await call(server.base, 'POST', '/api/login', {
      email: 'shop@nido.test',
      password: 'demo1234',
    });
    expect(login.status).toBe(200);
    const token = login.body.accessToken as string;
    expect((await call(server.base, 'GET', '/api/me', undefined, token)).status).toBe(200);

    // Every connection the server holds (idle between requests) ended from outside.
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    const { rows } = await admin.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid()`,
    );
    await admin.end();
    expect(rows.length).toBeGreaterThan(0);
    // The pool hears of it (db/client.ts warns) or, without its error handler, the process ends.
    await until(
      'the server told of the lost connection',
      () =>
        server.child.exitCode !== null ||
        server.child.signalCode !== null ||
        server.output().includes('PostgreSQL connection lost while idle'),
      10_000,
    );

    // Every idle connection ended at once, but the pool hears of each in turn: on a busy machine the
    // first warning can come before the last; a moment for the others, then the next request.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(server.child.exitCode, `the server ended:\n${server.output()}`).toBeNull();
    const me = await call(server.base, 'GET', '/api/me', undefined, token);
    expect(me.status).toBe(200);
    expect(me.body.email).toBe('shop@nido.test');
  });
});
