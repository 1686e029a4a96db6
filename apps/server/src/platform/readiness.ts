/**
 * GET /api/ready: whether this process should take traffic, beside /api/health's liveness. Not ready
 * while the database does not answer, a migration this code knows is not applied, or the oldest
 * waiting mail is older than MAIL_BACKLOG_MAX_SECONDS (the outbox's senders are stuck or the mail
 * server has been refusing for that long). Each part is reported in the body.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REQUEST_MSG, type ReadyResponse } from '@nido/contract';
import type { z } from 'zod';
import type { Config } from '../config.ts';
import { type Database, MIGRATIONS_DIR } from '../db/client.ts';
import { mailBacklog } from './outbox.ts';

/** The migrations this code ships (drizzle-kit's journal). */
const KNOWN_MIGRATIONS: number = JSON.parse(
  fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8'),
).entries.length;

export async function readiness(
  database: Database,
  config: Config,
): Promise<{ ready: boolean; body: z.input<typeof ReadyResponse> }> {
  const maxAge = config.MAIL_BACKLOG_MAX_SECONDS;
  const databaseUp = await database.query('select 1').then(
    () => true,
    () => false,
  );
  const [applied, backlog] = databaseUp
    ? await Promise.all([
        // drizzle's migrators (PGlite and node-postgres) record each applied migration here.
        database
          .query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
          .then(([row]) => row.n)
          .catch(() => null),
        mailBacklog(database.db).catch(() => null),
      ])
    : [null, null];
  const migrationsDone = applied !== null && applied >= KNOWN_MIGRATIONS;
  const mailOk = backlog !== null && (backlog.oldestSeconds ?? 0) <= maxAge;
  const ready = databaseUp && migrationsDone && mailOk;
  return {
    ready,
    body: {
      status: ready ? 'ready' : 'not_ready',
      ...(ready ? {} : { message: REQUEST_MSG.notReady.text, code: REQUEST_MSG.notReady.code }),
      database: { kind: database.kind, status: databaseUp ? 'up' : 'down' },
      migrations: {
        status: applied === null ? 'unknown' : migrationsDone ? 'applied' : 'pending',
        applied: applied ?? 0,
        known: KNOWN_MIGRATIONS,
      },
      mail: {
        status: backlog === null ? 'unknown' : mailOk ? 'ok' : 'backlog',
        queued: backlog?.queued ?? 0,
        failed: backlog?.failed ?? 0,
        oldest_queued_seconds: backlog?.oldestSeconds ?? null,
        max_age_seconds: maxAge,
      },
    },
  };
}
