/**
 * GET /api/ready: whether this process can serve, beside /api/health's liveness. Not ready while the
 * database does not answer or a migration this code knows is not applied (a draining process answers
 * 503 from Fastify itself). The mail backlog is reported, not judged: a mail server's outage is the
 * same for every process, and taking them all out of the load balancer would stop the site the
 * outbox exists to keep serving (the backlog is an alert: a log line and a metric, README "Metrics").
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
  const ready = databaseUp && migrationsDone;
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
