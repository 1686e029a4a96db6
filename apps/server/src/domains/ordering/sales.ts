/**
 * The dashboard's summary tables kept current (record 055): an order counts while its status is one
 * of the contract's SALE_STATUSES. Every transaction that moves an order into or out of them calls
 * `moveSales` (submitting: ordering/service.ts processOrder; a status change: admin-service.ts
 * recordStatusChange, which invoicing also uses); the one SQL function of migration 0019,
 * `nido_apply_sales`, adds or subtracts the orders' lines. Lines of a submitted order never change
 * (a cart's line changes answer 409 once it is submitted), so nothing else needs to call it.
 */
import { SALE_STATUSES } from '@nido/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  pedidos,
  sales_recent,
  sales_recent_models,
  sales_recent_options,
  sales_week_models,
  sales_week_options,
  sales_weeks,
} from '../../db/schema.ts';

/** Whether an order in `status` is a sale the dashboard counts. */
export function isSale(status: string | null | undefined): boolean {
  return (SALE_STATUSES as readonly string[]).includes(status ?? '');
}

/** Adds (1) or removes (-1) the orders' contribution to the summary tables, inside `tx`. */
export async function applySales(tx: Tx | Db, ids: readonly number[], direction: 1 | -1): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  await tx.execute(sql`select nido_apply_sales(array[${list}]::integer[], ${direction}::integer)`);
}

/** The orders move from status `from` to `to`: their contribution is added or removed if that changes. */
export async function moveSales(
  tx: Tx,
  ids: readonly number[],
  from: string | null,
  to: string,
): Promise<void> {
  const was = isSale(from);
  const is = isSale(to);
  if (was !== is) await applySales(tx, ids, is ? 1 : -1);
}

/** The Monday (yyyy-mm-dd) that ends the window the last 52 weeks' tables hold, if any. */
export async function recentSalesWeek(db: Db): Promise<string | null> {
  const [row] = await db.select({ semana: sales_recent.semana }).from(sales_recent).limit(1);
  return row?.semana ?? null;
}

/**
 * Makes the last 52 weeks' tables hold the 52 weeks ending in the week of Monday `monday`: once a
 * week, on the dashboard's first default view (record 055, amendment). Orders being submitted wait
 * for it (a few seconds on a large set).
 */
export async function rollRecentSales(db: Db, monday: string): Promise<void> {
  await db.execute(sql`select nido_roll_sales(${monday}::date)`);
}

/**
 * Rebuilds the summary tables from every order that is a sale, as migration 0019 did: for data
 * written in bulk by SQL (the demo seed) rather than through submission.
 */
export async function rebuildSales(db: Db | Tx): Promise<void> {
  const statuses = sql.join(
    SALE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  // The last 52 weeks' tables are emptied too: the next default view rolls them from the rebuilt weeks.
  await db.execute(
    sql`truncate ${sales_weeks}, ${sales_week_models}, ${sales_week_options}, ${sales_recent}, ${sales_recent_models}, ${sales_recent_options}`,
  );
  await db.execute(
    sql`select nido_apply_sales(array(select id from ${pedidos} where status in (${statuses}) order by id), 1)`,
  );
}
