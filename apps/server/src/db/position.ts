/**
 * Lists kept in a `position` column (a collection's models, a model's groups, a group's sections
 * and options…): their order, where a new row goes, and the list as keys.
 */
import { asc, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

/** List order: by position, then by `key` (rows that share a position keep one order). */
export function byPosition(position: AnyPgColumn, key: AnyPgColumn): SQL[] {
  return [asc(position), asc(key)];
}

/** The position after the last one of the rows that match `where` (0 when none does). */
export async function nextPosition(db: Db | Tx, position: AnyPgColumn, where?: SQL): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${position}) + 1, 0)`.mapWith(Number) })
    .from(position.table)
    .where(where);
  return row?.n ?? 0;
}

/** The `key` of each row that matches `where`, in list order. */
export async function keysByPosition<T extends string | number>(
  db: Db | Tx,
  position: AnyPgColumn,
  key: AnyPgColumn,
  where: SQL,
): Promise<T[]> {
  const rows = await db
    .select({ key })
    .from(key.table)
    .where(where)
    .orderBy(...byPosition(position, key));
  return rows.map((r) => r.key as T);
}
