import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * A column of the outer query, always with its table, for a module's correlated subquery (the way
 * one module offers another a value of its own tables): Drizzle leaves the table out of a
 * one-table query, and inside the subquery a bare "id" would be the subquery's own.
 */
export function outerColumn(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
