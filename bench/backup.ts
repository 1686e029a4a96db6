/**
 * Backup size and round-trip time on the bench's data sets (bench/README.md "Backups"):
 * `tsx bench/backup.ts` generates the small set on PGlite and the large one on PostgreSQL
 * (BENCH_DB=pglite|pg|both, BENCH_PG_URL as for the bench), backs each up with `writeBackup` and
 * restores it into an empty target with `restoreBackup`, and prints the archive's size and the times.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { restoreBackup, writeBackup } from '../apps/server/src/backup/backup.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { freshPgDatabase } from './fresh-pg.ts';
import { generate, LARGE, SMALL } from './generate.ts';

const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const which = process.env.BENCH_DB ?? 'both';

async function measure(kind: 'pglite' | 'pg') {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-bench-backup-'));
  const drops: Array<() => Promise<void>> = [];
  try {
    const source = kind === 'pg' ? await freshPgDatabase(adminUrl) : null;
    if (source) drops.push(source.drop);
    const sourceDir = path.join(work, 'source');
    const t0 = Date.now();
    const database = await openDatabase(
      source
        ? { url: source.url, statementTimeoutMs: 3_600_000 }
        : { pgliteDir: path.join(sourceDir, 'pglite'), statementTimeoutMs: 3_600_000 },
    );
    const counts = await generate(database, kind === 'pg' ? LARGE : SMALL, 'backup');
    await database.close();
    console.log(
      `[${kind}] generated in ${((Date.now() - t0) / 1000).toFixed(0)} s: ${JSON.stringify(counts)}`,
    );

    const file = path.join(work, 'backup.tar.gz');
    const backup = await writeBackup(
      loadConfig({ DATA_DIR: sourceDir, DATABASE_URL: source?.url ?? '' }),
      file,
    );
    const target = kind === 'pg' ? await freshPgDatabase(adminUrl) : null;
    if (target) drops.push(target.drop);
    const restore = await restoreBackup(
      loadConfig({ DATA_DIR: path.join(work, 'target'), DATABASE_URL: target?.url ?? '' }),
      file,
      false,
    );
    if (restore.rows !== backup.manifest.database.rows) throw new Error('restored rows differ');
    console.log(
      `[${kind}] ${backup.manifest.database.rows} rows, ${backup.manifest.images.count} image files: ` +
        `archive ${(backup.bytes / 1e6).toFixed(1)} MB; backup ${(backup.ms / 1000).toFixed(1)} s, ` +
        `restore ${(restore.ms / 1000).toFixed(1)} s`,
    );
  } finally {
    for (const drop of drops) await drop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (which !== 'pg') await measure('pglite');
if (which !== 'pglite') await measure('pg');
