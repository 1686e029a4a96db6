import path from 'node:path';
import type { Config } from './config.ts';
import { type Database, DataDirLockedError, openDatabase } from './db/client.ts';

/**
 * Opens the database the configuration names (DATABASE_URL, else PGlite in DATA_DIR/pglite) and
 * applies the migrations, for the server and the command-line tools alike. A PGlite directory held
 * by another process ends this one with the reason rather than a stack.
 */
export async function openConfiguredDatabase(
  config: Config,
  limits: { poolSize: number; statementTimeoutMs: number },
): Promise<Database> {
  try {
    return await openDatabase({
      url: config.DATABASE_URL,
      pgliteDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'pglite'),
      ...limits,
    });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(`\n${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
