import { count, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

/** How many rows of `table` match `where` (all of them when it is undefined): one count(*). */
export async function countRows(db: Db | Tx, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

/** Which of `values` the column holds: one statement, none when there is nothing to look for. */
export async function existingValues<T extends string | number>(
  db: Db | Tx,
  column: AnyPgColumn,
  values: T[],
): Promise<Set<T>> {
  if (values.length === 0) return new Set();
  const rows = await db.select({ value: column }).from(column.table).where(inArray(column, values));
  return new Set(rows.map((r) => r.value as T));
}
