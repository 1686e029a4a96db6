/**
 * `npm run sessions:end [-- --user email]`: ends every session (every signed-in user must sign in
 * again), or every session of one user, in the database the server uses (DATABASE_URL, else PGlite
 * in DATA_DIR/pglite). One transaction, with an audit row; the running servers need no restart.
 * In production: `deploy/nido-run sessions:end` (README, "Ending every session").
 */
import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { endSessions, NoSuchUser } from './domains/account/index.ts';
import { openConfiguredDatabase } from './open-configured-database.ts';
import { systemClock } from './platform/clock.ts';

const USAGE = 'Usage: npm run sessions:end [-- --user someone@example.com]';

let args: { user?: string };
try {
  args = parseArgs({ options: { user: { type: 'string' } } }).values;
} catch (err) {
  console.error(`\n${(err as Error).message}\n${USAGE}\n`);
  process.exit(1);
}

const config = loadConfig();
const database = await openConfiguredDatabase(config, {
  poolSize: 1,
  statementTimeoutMs: config.STATEMENT_TIMEOUT_MS,
});
try {
  const { ended, user } = await endSessions(
    database,
    systemClock,
    args.user ? { email: args.user } : undefined,
  );
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
  console.log(
    `Ended ${ended} session(s) ${user ? `of ${user.email}` : 'of every user'} in ${where}; recorded in the audit log.`,
  );
} catch (err) {
  if (!(err instanceof NoSuchUser)) throw err;
  process.exitCode = 1;
  console.error(err.message);
} finally {
  await database.close();
}
