/**
 * A fingerprint of every row of every table, for tests asserting that a rejected request changed
 * nothing: per table the row count and the md5 of its rows (as text, sorted), in one statement.
 *
 * Left out, on purpose: `auth_failures` (the sign-in throttle records rejected attempts: that is its
 * job), `access_tokens.last_used_at` (authenticating a request may refresh it, whatever the answer)
 * and the mail outbox's delivery columns (the sender works on its own, beside any request; a mail
 * written by a request still shows as a new row). `{ complete: true }` leaves nothing out (the
 * backup round trip).
 */
import type { Database } from '../src/db/client.ts';

const IGNORED_TABLES = new Set(['auth_failures']);
const IGNORED_COLUMNS = new Set([
  'access_tokens.last_used_at',
  ...[
    'text',
    'html',
    'attachments',
    'status',
    'attempts',
    'next_attempt_at',
    'last_attempt_at',
    'last_error',
    'sent_at',
  ].map((column) => `mail_outbox.${column}`),
]);

function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

const statements = new WeakMap<Database, Map<boolean, Promise<string>>>();

/** The one statement computing the digest of this database's tables (built once per database). */
async function digestStatement(database: Database, complete: boolean): Promise<string> {
  const columns = await database.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) {
    const ignored = IGNORED_TABLES.has(table_name) || IGNORED_COLUMNS.has(`${table_name}.${column_name}`);
    if (ignored && !complete) continue;
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
  }
  return [...byTable]
    .map(
      ([table, cols]) =>
        `select '${table}' as t, count(*)::int as n,
                md5(coalesce(string_agg(r, E'\\n' order by r), '')) as h
           from (select row(${cols.map(ident).join(', ')})::text as r from ${ident(table)}) s`,
    )
    .join('\nunion all\n');
}

export interface Digest {
  /** table → "rows:md5" */
  tables: Record<string, string>;
  /** Total rows. */
  rows: number;
}

export async function databaseDigest(database: Database, opts: { complete?: boolean } = {}): Promise<Digest> {
  const complete = opts.complete ?? false;
  const ofDatabase = statements.get(database) ?? new Map<boolean, Promise<string>>();
  statements.set(database, ofDatabase);
  let statement = ofDatabase.get(complete);
  if (!statement) {
    statement = digestStatement(database, complete);
    ofDatabase.set(complete, statement);
  }
  const rows = await database.query<{ t: string; n: number; h: string }>(await statement);
  const tables: Record<string, string> = {};
  let total = 0;
  for (const r of rows) {
    tables[r.t] = `${r.n}:${r.h}`;
    total += Number(r.n);
  }
  return { tables, rows: total };
}

/** The tables whose digest differs between two digests (empty when nothing changed). */
export function changedTables(before: Digest, after: Digest): string[] {
  const names = new Set([...Object.keys(before.tables), ...Object.keys(after.tables)]);
  return [...names].filter((t) => before.tables[t] !== after.tables[t]).sort();
}
