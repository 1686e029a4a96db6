/** A new, empty PostgreSQL database on the bench's server (`nido_bench_<random>`), and how to drop it. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function freshPgDatabase(
  adminUrl: string,
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `nido_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    name,
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}
