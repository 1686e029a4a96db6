import path from 'node:path';
import { buildApp } from './app.ts';
import { serveDumps } from './backup/dump-socket.ts';
import { loadConfig } from './config.ts';
import { seedIfEmpty } from './demo/seed.ts';
import { hasActiveAdmin } from './domains/account/index.ts';
import { openConfiguredDatabase } from './open-configured-database.ts';
import { systemClock } from './platform/clock.ts';
import { createStorage } from './platform/create-storage.ts';
import { createMailer } from './platform/mail.ts';

const config = loadConfig();

const database = await openConfiguredDatabase(config, {
  poolSize: config.PG_POOL_SIZE,
  statementTimeoutMs: config.STATEMENT_TIMEOUT_MS,
});

const storage = await createStorage(config.storage);
// Production databases are never seeded: their first Admin comes from `npm run admin:create`.
const seeded = config.demoData && (await seedIfEmpty(database, storage));

const app = await buildApp({
  config,
  database,
  mailer: createMailer({
    smtpUrl: config.SMTP_URL,
    outboxDir: path.join(config.dataDir, 'outbox'),
    from: config.MAIL_FROM,
  }),
  storage,
  clock: systemClock,
  warmWorkers: true,
});

// PGlite: only this process may open the data directory, so `npm run backup` asks it for the dump.
const stopDumps = database.kind === 'pglite' ? await serveDumps(database, config.dataDir, app.log) : null;

/**
 * SIGTERM (or SIGINT) drains: the port closes at once (new connections are refused; a new request
 * on a kept-alive connection gets 503), requests in flight finish, the mail sender finishes the
 * mail it is sending (app.ts), then the process exits 0. Whatever is still running after
 * DRAIN_DEADLINE_MS is cut off and the exit code is 1, within the 10 s a supervisor gives.
 */
const DRAIN_DEADLINE_MS = 9000;
let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  const started = Date.now();
  app.log.info({ signal }, 'draining');
  let code = 0;
  const deadline = setTimeout(() => {
    code = 1;
    app.log.error({ ms: DRAIN_DEADLINE_MS }, 'drain not done in time: closing the connections left');
    app.server.closeAllConnections();
    setTimeout(() => process.exit(1), 800).unref();
  }, DRAIN_DEADLINE_MS);
  try {
    await Promise.all([app.close(), stopDumps?.()]);
    await database.close();
    app.log.info({ ms: Date.now() - started }, 'drained');
  } catch (err) {
    code = 1;
    app.log.error({ err }, 'shutdown failed');
  } finally {
    clearTimeout(deadline);
    process.exit(code);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
// The banner is for the person at the terminal: stderr, so stdout carries only the JSON log lines.
const url = `http://localhost:${(app.server.address() as import('node:net').AddressInfo).port}`;
console.error(
  `\n  Nido is up on ${url}  (database: ${database.kind}, images: ${storage.kind}${seeded ? ', demo data seeded' : ''})`,
);
if (config.demoData) {
  console.error('  Demo logins (password demo1234):');
  console.error('    admin@nido.test   Admin');
  console.error('    shop@nido.test    client user of "Bebés del Sur"');
  console.error('    shop2@nido.test   client user of "Pasitos Boutique"');
  console.error('    shop.b@nido.test  second user of "Bebés del Sur"');
  console.error('    shop3@nido.test   client user of "Nanas y Nanitas" (a minimum order, no orders yet)');
  console.error('    rep@nido.test     sales representative (4 clients)');
} else if (!(await hasActiveAdmin(database))) {
  // A deployment runs its tools with the servers' environment file (README, "Command-line tools").
  console.error('  No Admin yet (no demo data: DEMO_DATA is off). Create the first one with');
  console.error('    sudo deploy/nido-run admin:create --email … --name "…"    (a deployment)');
  console.error('    npm run admin:create -- --email … --name "…"              (this machine)');
}
console.error(`  API docs: ${url}/api/docs\n`);
