/**
 * `npm run db:seed`: opens the database the way the server does (DATABASE_URL, else PGlite in
 * DATA_DIR/pglite), applies the migrations and seeds the demo data when the database is empty.
 */
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../open-configured-database.ts';
import { createStorage } from '../platform/create-storage.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './demo-data.ts';
import { seedIfEmpty } from './seed.ts';

const config = loadConfig();
const where = config.DATABASE_URL
  ? 'PostgreSQL (DATABASE_URL)'
  : `PGlite in ${path.join(config.dataDir, 'pglite')}`;

const database = await openConfiguredDatabase(config, {
  poolSize: 2,
  statementTimeoutMs: Math.max(config.STATEMENT_TIMEOUT_MS, 30_000),
});

try {
  const started = performance.now();
  const seeded = await seedIfEmpty(database, await createStorage(config.storage), {
    log: (line) => console.log(`  ${line}`),
  });
  const ms = Math.round(performance.now() - started);
  if (!seeded) {
    const [{ users }] = await database.query<{ users: number }>('select count(*)::int as users from users');
    console.log(`\nThe database (${where}) already has data (${users} users): nothing seeded.`);
    console.log(
      'The demo data is only seeded into an empty database; point DATA_DIR or DATABASE_URL at a new one.\n',
    );
  } else {
    const counts = await database.query<Record<string, number>>(
      `select (select count(*)::int from users) as users,
              (select count(*)::int from clientes) as clients,
              (select count(*)::int from colecciones) as collections,
              (select count(*)::int from modelos) as models,
              (select count(*)::int from parametros_grupos) as option_groups,
              (select count(*)::int from parametros) as options,
              (select count(*)::int from modelo_imagenes) + (select count(*)::int from coleccion_imagenes) as images,
              (select count(*)::int from pedidos) as orders,
              (select count(*)::int from pedido_lineas) as order_lines`,
    );
    const summary = Object.entries(counts[0])
      .map(([k, v]) => `${v} ${k.replace('_', ' ')}`)
      .join(', ');
    console.log(`\nSeeded the demo data into ${where} in ${ms} ms: ${summary}.`);
    console.log(`Demo logins (password ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) console.log(`  ${u.email.padEnd(18)} ${u.role}  ${u.name}`);
    console.log('');
  }
} finally {
  await database.close();
}
