/**
 * `npm run sessions:end`: every session ends in one go (or one user's), the portal refuses the old
 * tokens with 401 from the next request on, a new sign-in works, and the audit log records it. Then
 * the command itself, as an operator runs it (deploy/nido-run), on the PGlite directory a stopped
 * server left.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.ts';
import { audit_log } from '../src/db/schema.ts';
import { authenticate, createAdmin, endSessions, issueAccessToken } from '../src/domains/account/index.ts';
import { systemClock } from '../src/platform/clock.ts';
import { createTestContext, createUser, login, type TestContext } from './harness.ts';

const root = path.resolve(import.meta.dirname, '../../..');
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const me = (auth: { authorization: string }) =>
  ctx.app.inject({ method: 'GET', url: '/api/me', headers: auth }).then((r) => r.statusCode);

describe('ending sessions', () => {
  it('ends one user’s sessions, then everyone’s; the old tokens answer 401, a new sign-in works', async () => {
    await createUser(ctx, { email: 'jefa@nido.example', role: 'Admin' });
    await createUser(ctx, { email: 'rep@nido.example', role: 'Representante' });
    const jefa = await login(ctx, 'jefa@nido.example');
    const jefaPhone = await login(ctx, 'jefa@nido.example');
    const rep = await login(ctx, 'rep@nido.example');
    expect([await me(jefa), await me(jefaPhone), await me(rep)]).toEqual([200, 200, 200]);

    const one = await endSessions(ctx.database, ctx.clock, { email: ' Jefa@Nido.Example ' });
    expect(one).toMatchObject({ ended: 2, user: { email: 'jefa@nido.example' } });
    expect([await me(jefa), await me(jefaPhone), await me(rep)]).toEqual([401, 401, 200]);

    const again = await login(ctx, 'jefa@nido.example');
    expect(await me(again)).toBe(200);
    const all = await endSessions(ctx.database, ctx.clock);
    expect(all).toEqual({ ended: 2, user: null });
    expect([await me(again), await me(rep)]).toEqual([401, 401]);

    const rows = await ctx.database.db
      .select()
      .from(audit_log)
      .where(eq(audit_log.action, 'sessions_ended'))
      .orderBy(audit_log.id);
    expect(rows.map((r) => [r.user_id, r.entity, r.entity_id, r.details])).toEqual([
      [
        null,
        'user',
        String(one.user?.id),
        { ended: 2, by: 'npm run sessions:end', email: 'jefa@nido.example' },
      ],
      [null, 'user', 'all', { ended: 2, by: 'npm run sessions:end' }],
    ]);
  });

  it('refuses an email no account has, changing nothing', async () => {
    const rep = await login(ctx, 'rep@nido.example');
    await expect(endSessions(ctx.database, ctx.clock, { email: 'nadie@nido.example' })).rejects.toThrow(
      'No account has the email nadie@nido.example',
    );
    expect(await me(rep)).toBe(200);
  });
});

describe('deploy/nido-run sessions:end', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-sessions-end-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const policy = { idleMinutes: 120, maxHours: 12 };

  it('ends every session in the database the server used', { timeout: 120_000 }, async () => {
    const pgliteDir = path.join(dataDir, 'pglite');
    let database = await openDatabase({ pgliteDir });
    const admin = await createAdmin(database, {
      email: 'jefa@nido.example',
      name: 'Ana',
      password: 'Tr3s-Gatos-Azules',
    });
    const header = `Bearer ${await issueAccessToken(database.db, admin.id, systemClock, policy)}`;
    expect(await authenticate(database.db, header, systemClock, policy)).not.toBeNull();
    await database.close();

    // As README says to: deploy/nido-run, with an environment file a shell could not load.
    const envFile = path.join(dataDir, 'nido.env');
    fs.writeFileSync(
      envFile,
      [
        'MAIL_FROM=Nido <pedidos@x.test>',
        'STORAGE_URL=s3://nido-images?endpoint=https://s3.example.com&region=auto&forcePathStyle=true',
        `DATA_DIR=${dataDir}`,
        'LOG_LEVEL=silent',
      ].join('\n'),
    );
    const { stdout } = await promisify(execFile)(path.join(root, 'deploy/nido-run'), ['sessions:end'], {
      env: { ...process.env, NIDO_ENV_FILE: envFile, NIDO_USER: os.userInfo().username, DATABASE_URL: '' },
      timeout: 90_000,
    });
    expect(stdout).toContain('Ended 1 session(s) of every user');

    database = await openDatabase({ pgliteDir });
    try {
      expect(await authenticate(database.db, header, systemClock, policy)).toBeNull();
    } finally {
      await database.close();
    }
  });
});
