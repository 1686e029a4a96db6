import { PENDING_LIST_MAX } from '@nido/contract';
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias, union } from 'drizzle-orm/pg-core';
import { type Db, preparedOn, type Tx } from '../../db/client.ts';
import {
  audit_log,
  clientes,
  pedido_lineas,
  pedido_status_history,
  pedidos,
  users,
} from '../../db/schema.ts';
import { userNameSql } from '../account/index.ts';

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
          inArray(
            pedidos.cliente_id,
            sql`(select ${clientes.id} from ${clientes} where ${clientes.representante_id} = ${sql.placeholder('representanteId')})`,
          ),
        ];
  const page = db.$with('page').as(
    db
      .select({ id: pedidos.id })
      .from(pedidos)
      .where(and(...scope([eq(pedidos.status, 'w')])))
      .orderBy(desc(pedidos.fecha_pedido), desc(pedidos.id))
      .limit(PENDING_LIST_MAX),
  );
  const totals = db
    .select({
      pedido_id: pedido_lineas.pedido_id,
      lineas: sql<string>`count(*) filter (where ${pedido_lineas.primary_line_id} is null)`.as('lineas'),
      total: sql<string>`sum(${pedido_lineas.unped}::bigint * ${pedido_lineas.precio_cents})`.as('total'),
    })
    .from(pedido_lineas)
    .where(inArray(pedido_lineas.pedido_id, sql`(select id from page)`))
    .groupBy(pedido_lineas.pedido_id)
    .as('totals');
  const pending = db
    .select({ n: count() })
    .from(pedidos)
    .where(and(...scope([eq(pedidos.status, 'w')])));
  return db
    .with(page)
    .select({
      id: pedidos.id,
      docum: pedidos.docum,
      fecha_pedido: pedidos.fecha_pedido,
      cliente_id: pedidos.cliente_id,
      cliente: clientes.nomcome,
      lineas: sql<number>`coalesce(${totals.lineas}, 0)`.mapWith(Number),
      total_cents: sql<number>`coalesce(${totals.total}, 0)`.mapWith(Number),
      total_count: sql<number>`(${pending})`.mapWith(Number),
    })
    .from(page)
    .innerJoin(pedidos, eq(pedidos.id, page.id))
    .innerJoin(clientes, eq(clientes.id, pedidos.cliente_id))
    .leftJoin(totals, eq(totals.pedido_id, pedidos.id))
    .orderBy(desc(pedidos.fecha_pedido), desc(pedidos.id))
    .prepare(forRepresentative ? 'pending_orders_representative' : 'pending_orders');
}
const pendingQuery = preparedOn((db) => pendingPedidos(db, false));
const representativePendingQuery = preparedOn((db) => pendingPedidos(db, true));

export async function setPedidoStatus(tx: Tx, id: number, status: 'p' | 'e', at: Date) {
  await tx.update(pedidos).set({ status, updated_at: at }).where(eq(pedidos.id, id));
}

export async function insertStatusHistory(
  tx: Tx,
  row: { pedido_id: number; from_status: string | null; status: string; user_id: number; at: Date },
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
    })
    .from(pedido_status_history)
    .where(eq(pedido_status_history.pedido_id, pedidoId))
    .orderBy(asc(pedido_status_history.at), asc(pedido_status_history.id));
}

const actingCliente = alias(clientes, 'acting_cliente');

/** The most audit rows one order's history shows. */
export const AUDIT_ROWS_MAX = 500;

/**
 * Audit entries about an order: those recorded on the order itself (entity pedido: note, submit,
 * status, line removals) and those on its lines (entity linea), current or removed since (a removal
 * names the line in details.linea_id). Every branch goes through the (entity, entity_id, at) index.
 */
export async function findPedidoAudit(db: Db, pedidoId: number) {
  const onOrder = and(eq(audit_log.entity, 'pedido'), eq(audit_log.entity_id, String(pedidoId)));
  const lineIds = union(
    db
      .select({ id: sql<string>`${pedido_lineas.id}::text` })
      .from(pedido_lineas)
      .where(eq(pedido_lineas.pedido_id, pedidoId)),
    db
      .select({ id: sql<string>`${audit_log.details}->>'linea_id'` })
      .from(audit_log)
      .where(and(onOrder, eq(audit_log.action, 'pedido.lineremove'))),
  );
  return db
    .select({
      id: audit_log.id,
      at: audit_log.at,
      user_id: audit_log.user_id,
      user: users.name,
      role: users.role,
      acting_cliente_id: audit_log.acting_cliente_id,
      acting_cliente: actingCliente.nomcome,
      action: audit_log.action,
      entity: audit_log.entity,
      entity_id: audit_log.entity_id,
      details: audit_log.details,
    })
    .from(audit_log)
    .leftJoin(users, eq(users.id, audit_log.user_id))
    .leftJoin(actingCliente, eq(actingCliente.id, audit_log.acting_cliente_id))
    .where(or(onOrder, and(eq(audit_log.entity, 'linea'), inArray(audit_log.entity_id, lineIds))))
    .orderBy(asc(audit_log.at), asc(audit_log.id))
    .limit(AUDIT_ROWS_MAX);
}
