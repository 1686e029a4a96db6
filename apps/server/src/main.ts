import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { DataDirLockedError, openDatabase } from './db/client.ts';
import { seedIfEmpty } from './demo/seed.ts';
import { systemClock } from './platform/clock.ts';
import { createStorage } from './platform/create-storage.ts';
import { createMailer } from './platform/mail.ts';

const config = loadConfig();

let database: Awaited<ReturnType<typeof openDatabase>>;
try {
  database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'pglite'),
    poolSize: config.PG_POOL_SIZE,
    statementTimeoutMs: config.STATEMENT_TIMEOUT_MS,
  });
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(`\n${err.message}\n`);
    process.exit(1);
  }
  throw err;
}

const storage = await createStorage(config.storage);
const seeded = await seedIfEmpty(database, storage);

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
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  try {
    await app.close();
    await database.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.PORT, host: config.HOST });
const url = `http://localhost:${(app.server.address() as import('node:net').AddressInfo).port}`;
console.log(
  `\n  Nido is up on ${url}  (database: ${database.kind}, images: ${storage.kind}${seeded ? ', demo data seeded' : ''})`,
);
console.log('  Demo logins (password demo1234):');
console.log('    admin@nido.test   Admin');
console.log('    shop@nido.test    client user of "Bebés del Sur"');
console.log('    shop2@nido.test   client user of a second shop');
console.log('    shop.b@nido.test  second user of "Bebés del Sur"');
console.log('    rep@nido.test     sales representative');
console.log(`  API docs: ${url}/api/docs\n`);
