/**
 * The database as a logical dump (decision 039): every table's rows as JSON lines, read in one
 * REPEATABLE READ, read-only transaction (one snapshot), and loaded back with
 * json_populate_recordset. The same text for PGlite and PostgreSQL, so a backup of either restores
 * into either, and across PGlite versions (whose data directories are not compatible).
 *
 * A dump is lines: control lines start with `#` and hold a JSON object; every other line is a row
 * of the table named by the last `#{"table":…}` line, as `row_to_json` wrote it.
 *   #{"nido_dump":1,"source":"pglite","migrations":[{"hash":…,"created_at":…}]}
 *   #{"table":"clientes","columns":["id",…]}
 *   {"id":1,…}
 *   #{"sequence":"clientes_id_seq","last_value":"12","is_called":true}
 *   #{"end":{"clientes":1,…}}
 * The end line carries every table's row count: a cut-off dump is refused on restore.
 */
import { type SQL, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Db, Tx } from '../db/client.ts';

export const DUMP_FORMAT = 1;
/** Rows fetched from the cursor, and rows inserted, per statement. */
const BATCH_ROWS = 1000;

interface AppliedMigration {
  hash: string;
  created_at: string;
}
interface DumpHeader {
  nido_dump: number;
  source: 'pglite' | 'postgres';
  migrations: AppliedMigration[];
}

export interface DumpSummary {
  /** Rows per table. */
  tables: Record<string, number>;
  rows: number;
  migrations: number;
}

export const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function rowsOf<T>(db: Db | Tx, statement: SQL | string): Promise<T[]> {
  const result = await db.execute(typeof statement === 'string' ? sql.raw(statement) : statement);
  return (result as unknown as { rows: T[] }).rows;
}

/** Every table of the public schema with its stored columns (generated ones are computed again). */
const TABLES = `
  select c.relname as name,
         (select json_agg(a.attname order by a.attnum) from pg_attribute a
           where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = '') as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and c.relkind in ('r', 'p')
   order by c.relname`;
const SEQUENCES = `
  select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and c.relkind = 'S' order by c.relname`;

/**
 * Writes the dump of `db` line by line (`write` may return a promise to slow the reader down). On
 * PGlite the transaction holds its one connection: the server's other statements wait until the
 * dump is read (bench data set: see docs/reliability.md).
 */
export async function dumpDatabase(
  db: Db,
  source: DumpHeader['source'],
  write: (line: string) => void | Promise<void>,
): Promise<DumpSummary> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql.raw('set local statement_timeout = 0'));
      const migrations = await rowsOf<AppliedMigration>(
        tx,
        'select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by id',
      );
      const header: DumpHeader = { nido_dump: DUMP_FORMAT, source, migrations };
      await write(`#${JSON.stringify(header)}`);
      const tables: Record<string, number> = {};
      let total = 0;
      for (const { name, columns } of await rowsOf<{ name: string; columns: string[] }>(tx, TABLES)) {
        await write(`#${JSON.stringify({ table: name, columns })}`);
        await tx.execute(
          sql.raw(
            `declare nido_dump no scroll cursor for select row_to_json(t)::text as r from ${quoteIdent(name)} t`,
          ),
        );
        let count = 0;
        for (;;) {
          const batch = await rowsOf<{ r: string }>(tx, `fetch ${BATCH_ROWS} from nido_dump`);
          for (const { r } of batch) await write(r);
          count += batch.length;
          if (batch.length < BATCH_ROWS) break;
        }
        await tx.execute(sql.raw('close nido_dump'));
        tables[name] = count;
        total += count;
      }
      for (const { name } of await rowsOf<{ name: string }>(tx, SEQUENCES)) {
        const [seq] = await rowsOf<{ last_value: string; is_called: boolean }>(
          tx,
          `select last_value::text as last_value, is_called from ${quoteIdent(name)}`,
        );
        await write(`#${JSON.stringify({ sequence: name, ...seq })}`);
      }
      await write(`#${JSON.stringify({ end: tables })}`);
      return { tables, rows: total, migrations: migrations.length };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export class RestoreError extends Error {}

/** Whether the database holds any table of ours (or drizzle's record of migrations). */
export async function databaseIsEmpty(db: Db): Promise<boolean> {
  const [row] = await rowsOf<{ n: number }>(
    db,
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p')`,
  );
  return Number(row.n) === 0;
}

/**
 * Loads a dump into `db` in one transaction: the schema as the dump's own migrations built it
 * (applied here and recorded as drizzle's migrator records them, so a newer server migrates the
 * rest on start), the rows with the tables' triggers off (the rows already hold what they keep),
 * the foreign keys added back after the rows (checked then), the sequences. `replace` first drops
 * everything in the database (restore --force); otherwise it must be empty. Any failure rolls
 * everything back.
 */
export async function loadDump(
  db: Db,
  lines: AsyncIterable<string>,
  opts: { migrationsFolder: string; replace: boolean },
): Promise<DumpSummary> {
  // Taken before the first await: a readline interface reads on, and a line emitted before its
  // iterator exists is lost.
  const iterator = lines[Symbol.asyncIterator]();
  const known = readMigrationFiles({ migrationsFolder: opts.migrationsFolder });
  const summary = await db.transaction(async (tx) => {
    await tx.execute(sql.raw('set local statement_timeout = 0'));
    if (opts.replace)
      for (const statement of [
        'drop schema if exists drizzle cascade',
        'drop schema public cascade',
        'create schema public',
      ])
        await tx.execute(sql.raw(statement));
    else if (!(await databaseIsEmpty(tx as unknown as Db)))
      throw new RestoreError('The database is not empty.');

    const first = await iterator.next();
    const header = first.done ? null : (control(first.value) as Partial<DumpHeader> | null);
    if (header?.nido_dump !== DUMP_FORMAT || !Array.isArray(header.migrations))
      throw new RestoreError('This is not a Nido database dump (or one of an unknown format).');
    const applied = header.migrations;
    if (applied.length > known.length || applied.some((m, i) => m.hash !== known[i].hash))
      throw new RestoreError(
        `The backup was made by another version of Nido (${applied.length} migrations, this one knows ` +
          `${known.length}, or they differ). Restore it with the version that made it.`,
      );
    await tx.execute(sql.raw('create schema if not exists drizzle'));
    await tx.execute(
      sql.raw(
        'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
      ),
    );
    for (const migration of known.slice(0, applied.length)) {
      for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
      await tx.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
      );
    }

    const foreignKeys = await rowsOf<{ tbl: string; name: string; def: string }>(
      tx,
      `select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
         from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
    );
    for (const fk of foreignKeys)
      await tx.execute(sql.raw(`alter table ${fk.tbl} drop constraint ${quoteIdent(fk.name)}`));
    const tableNames = (await rowsOf<{ name: string }>(tx, TABLES)).map((t) => t.name);
    for (const name of tableNames) {
      await tx.execute(sql.raw(`alter table ${quoteIdent(name)} disable trigger user`));
      // Rows a migration wrote (a version counter) are in the dump as they were.
      await tx.execute(sql.raw(`delete from ${quoteIdent(name)}`));
    }

    const loaded: Record<string, number> = {};
    let table: { name: string; columns: string[] } | null = null;
    let batch: string[] = [];
    const flush = async () => {
      if (!table || !batch.length) return;
      const cols = table.columns.map(quoteIdent).join(', ');
      const t = quoteIdent(table.name);
      await tx.execute(
        sql`${sql.raw(`insert into ${t} (${cols}) select ${cols} from json_populate_recordset(null::${t},`)} ${`[${batch.join(',')}]`}::json)`,
      );
      loaded[table.name] = (loaded[table.name] ?? 0) + batch.length;
      batch = [];
    };
    let end: Record<string, number> | null = null;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const line = next.value;
      if (!line) continue;
      const c = control(line);
      if (!c) {
        if (!table) throw new RestoreError('The dump has a row before its table.');
        batch.push(line);
        if (batch.length >= BATCH_ROWS) await flush();
        continue;
      }
      await flush();
      if (typeof c.table === 'string') {
        if (!tableNames.includes(c.table))
          throw new RestoreError(`The dump names an unknown table: ${c.table}.`);
        table = { name: c.table, columns: c.columns as string[] };
        loaded[table.name] = 0;
      } else if (typeof c.sequence === 'string') {
        await tx.execute(
          sql`select setval(${`public.${quoteIdent(c.sequence)}`}::regclass, ${String(c.last_value)}::bigint, ${c.is_called === true})`,
        );
      } else if (c.end) {
        end = c.end as Record<string, number>;
        break;
      }
    }
    await flush();
    if (!end) throw new RestoreError('The dump is cut short (no end line): the backup is incomplete.');
    for (const [name, rows] of Object.entries(end))
      if (loaded[name] !== rows)
        throw new RestoreError(`Table ${name}: the dump has ${loaded[name] ?? 0} of its ${rows} rows.`);

    for (const name of tableNames)
      await tx.execute(sql.raw(`alter table ${quoteIdent(name)} enable trigger user`));
    for (const fk of foreignKeys)
      await tx.execute(sql.raw(`alter table ${fk.tbl} add constraint ${quoteIdent(fk.name)} ${fk.def}`));
    const rows = Object.values(loaded).reduce((a, b) => a + b, 0);
    return { tables: loaded, rows, migrations: applied.length };
  });
  // A bulk load leaves the trigram indexes' pending lists full: searches scan them until a vacuum.
  await db.execute(sql.raw('vacuum analyze'));
  return summary;
}

/** The object of a control line, or null for a row. */
function control(line: string): Record<string, unknown> | null {
  return line.startsWith('#') ? (JSON.parse(line.slice(1)) as Record<string, unknown>) : null;
}
