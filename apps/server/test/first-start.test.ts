/**
 * The first start of a production layout (record 046): a server process on an empty PostgreSQL
 * database seeds nothing and no demo login works; `npm run admin:create` (its real process) makes
 * the first Admin, who then signs in to that server. Runs when TEST_DATABASE_URL is set.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabaseUrl } from './harness.ts';
import { call, type ServerProcess, startServer } from './server-process.ts';

const root = path.resolve(import.meta.dirname, '../..', '..');
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

/** `npm run admin:create -- …args` as an operator runs it; its exit code and output. */
async function adminCreate(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', path.join(root, 'apps/server/src/create-admin-cli.ts'), ...args],
      { cwd: root, env: { ...process.env, ...env }, timeout: 60_000 },
    );
    return { code: 0, output: stdout + stderr };
  } catch (err: any) {
    return { code: err.code as number, output: `${err.stdout}${err.stderr}` };
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('first start on an empty PostgreSQL database', () => {
  it('seeds no demo data; the first Admin comes from admin:create and signs in, and the banner stops asking for one', {
    timeout: 180_000,
  }, async () => {
    const database = await createPgDatabaseUrl();
    cleanups.push(database.drop);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-first-start-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    // DEMO_DATA as production leaves it: unset (an empty value is unset too, and hides the caller's).
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, DEMO_DATA: '' };
    const server: ServerProcess = await startServer(env);
    cleanups.push(() => server.kill());

    const count = new pg.Client({ connectionString: database.url });
    await count.connect();
    const users = async () => (await count.query('select count(*)::int as n from users')).rows[0].n;
    cleanups.push(() => count.end());
    expect(await users()).toBe(0);
    expect(server.output()).toContain('No Admin yet');
    expect(server.output()).toContain('sudo deploy/nido-run admin:create');
    expect(server.output()).toContain('npm run admin:create');
    expect(server.output()).not.toContain('demo1234');
    const demo = await call(server.base, 'POST', '/api/login', {
      email: 'admin@nido.test',
      password: 'demo1234',
    });
    expect(demo.status).toBe(401);

    const password = 'Tr3s-Gatos-Azules';
    const create = (email: string, name: string, withPassword = password) =>
      adminCreate({ ...env, NIDO_ADMIN_PASSWORD: withPassword }, '--email', email, '--name', name);
    const created = await create('Jefa@Nido.Example', 'Ana Ruiz');
    expect(created.output).toContain('Created Admin #1 jefa@nido.example (Ana Ruiz)');
    expect(created.code).toBe(0);
    const signedIn = await call(server.base, 'POST', '/api/login', { email: 'jefa@nido.example', password });
    expect(signedIn.status).toBe(200);
    const client = await call(server.base, 'POST', '/api/cliente', {}, signedIn.body.accessToken);
    expect(client.status).toBe(422);

    const taken = await create('JEFA@nido.example', 'Otra');
    expect(taken).toMatchObject({ code: 1 });
    expect(taken.output).toContain('email: The email has already been taken');
    const common = await create('otra@nido.example', 'Otra', 'password123');
    expect(common).toMatchObject({ code: 1 });
    expect(common.output).toContain('password: This password is too common');
    expect(await users()).toBe(1);

    // A process started once the Admin exists (another instance, a restore drill) asks for none.
    const next = await startServer({
      ...env,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'nido-next-')),
    });
    cleanups.push(() => next.kill());
    expect(next.output()).toContain('Nido is up');
    expect(next.output()).not.toContain('admin:create');
  });
});
