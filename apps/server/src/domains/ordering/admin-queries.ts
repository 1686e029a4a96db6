import { PENDING_LIST_MAX } from '@nido/contract';
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { type Db, preparedOn, type Tx } from '../../db/client.ts';
import { pedido_lineas, pedido_status_history, pedidos } from '../../db/schema.ts';
import { findAuditHistory } from '../../platform/audit.ts';
import { userNameSql, userRoleSql } from '../account/index.ts';
import { clientNameSql, representativeClientIdsSql } from '../clients/index.ts';
import { listedOrderColumns, pageTotals } from './queries.ts';

/**
 * Pending (w) orders, newest first, capped at PENDING_LIST_MAX. One statement: the page of orders
 * first (pedidos_status_idx follows this order), then the line count and the total (Σ unped ×
 * precio over every line, dependent lines included) grouped over that page's lines only, so the
 * cost follows the page, not the number of pending orders. `total_count` is the number of pending
 * orders before the cap (an index-only count).
 */
export async function findPendingPedidos(db: Db, representanteId?: number) {
  return representanteId == null
    ? pendingQuery(db).execute({})
    : representativePendingQuery(db).execute({ representanteId });
}

/** Prepared twice: for an Admin (every client) and for a Representante (its clients). */
function pendingPedidos(db: Db | Tx, forRepresentative: boolean) {
  const scope = (conds: SQL[]) =>
    !forRepresentative
      ? conds
      : [
          ...conds,
          inArray(pedidos.cliente_id, representativeClientIdsSql(sql.placeholder('representanteId'))),
        ];
  const page = db.$with('page').as(
    db
      .select({ id: pedidos.id })
      .from(pedidos)
      .where(and(...scope([eq(pedidos.status, 'w')])))
      .orderBy(desc(pedidos.fecha_pedido), desc(pedidos.id))
      .limit(PENDING_LIST_MAX),
  );
  const totals = pageTotals(db, sql`(select id from page)`);
  const pending = db
    .select({ n: count() })
    .from(pedidos)
    .where(and(...scope([eq(pedidos.status, 'w')])));
  return db
    .with(page)
    .select({
      ...listedOrderColumns(totals),
      total_count: sql<number>`(${pending})`.mapWith(Number),
    })
    .from(page)
    .innerJoin(pedidos, eq(pedidos.id, page.id))
    .leftJoin(totals, eq(totals.pedido_id, pedidos.id))
    .orderBy(desc(pedidos.fecha_pedido), desc(pedidos.id))
    .prepare(forRepresentative ? 'pending_orders_representative' : 'pending_orders');
}
const pendingQuery = preparedOn((db) => pendingPedidos(db, false));
const representativePendingQuery = preparedOn((db) => pendingPedidos(db, true));

export async function setPedidoStatus(tx: Tx, id: number, status: 'p' | 'e' | 'x', at: Date) {
  await tx.update(pedidos).set({ status, updated_at: at }).where(eq(pedidos.id, id));
}

/**
 * The submitted orders of these ids, locked FOR UPDATE in id order (so two bulk changes over
 * overlapping orders wait for each other instead of deadlocking). A cart is not among them.
 */
export async function lockSubmittedPedidos(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: pedidos.id, cliente_id: pedidos.cliente_id, status: pedidos.status, docum: pedidos.docum })
    .from(pedidos)
    .where(and(inArray(pedidos.id, [...ids]), ne(pedidos.status, 'c')))
    .orderBy(asc(pedidos.id))
    .for('update');
}

export async function insertStatusHistory(
  tx: Tx,
  row: {
    pedido_id: number;
    from_status: string | null;
    status: string;
    user_id: number;
    at: Date;
    reason?: string | null;
  },
) {
  await tx.insert(pedido_status_history).values(row);
}

export async function findStatusHistory(db: Db | Tx, pedidoId: number) {
  return db
    .select({
      id: pedido_status_history.id,
      from_status: pedido_status_history.from_status,
      status: pedido_status_history.status,
      user_id: pedido_status_history.user_id,
      user: userNameSql(pedido_status_history.user_id),
      at: pedido_status_history.at,
      reason: pedido_status_history.reason,
    })
    .from(pedido_status_history)
    .where(eq(pedido_status_history.pedido_id, pedidoId))
    .orderBy(asc(pedido_status_history.at), asc(pedido_status_history.id));
}

/** The most audit rows one order's history shows. */
export const AUDIT_ROWS_MAX = 500;

/**
 * Audit entries about an order: those recorded on the order itself (entity pedido: note, submit,
 * status, line removals) and those on its lines (entity linea), current or removed since (a removal
 * names the line in details.linea_id); who acted and for which client, by name.
 */
export async function findPedidoAudit(db: Db, pedidoId: number) {
  const lineIds = db
    .select({ id: sql<string>`${pedido_lineas.id}::text` })
    .from(pedido_lineas)
    .where(eq(pedido_lineas.pedido_id, pedidoId));
  return findAuditHistory(
    db,
    {
      entity: 'pedido',
      entity_id: pedidoId,
      parts: { entity: 'linea', ids: lineIds, removedBy: { action: 'pedido.lineremove', key: 'linea_id' } },
    },
    { userName: userNameSql, userRole: userRoleSql, clientName: clientNameSql },
    AUDIT_ROWS_MAX,
  );
}
