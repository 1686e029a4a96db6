/**
 * Admin operations on submitted orders: the pending-orders list (product.md §5.5 poll, §6) and status
 * changes w → p, p → e, w → e (product.md §5 status codes), each recorded with who and when.
 *
 * Scope: an Admin sees every client's pending orders; a Representante only those of the clients
 * assigned to it (clientes.representante_id); only an Admin changes a status. An order's history is
 * visible to whoever may see the order (Admin; the Representante of its client; its own client's
 * users); the audit entries (who did what, for which client) only to Admin and Representante.
 */
import type { PedidoStatusRequest } from '@nido/contract';
import { CLIENT_MSG, formatDate, ORDER_MSG, STATUS_TRANSITIONS } from '@nido/contract';
import type { Db, Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { isStaff } from '../../platform/context.ts';
import { Invalid, NotFound } from '../../platform/errors.ts';
import { assertCanActFor } from '../clients/index.ts';
import * as q from './admin-queries.ts';
import { notifyStatusChange } from './notify.ts';
import { listedTotalsOut } from './present.ts';
import { findPedido } from './queries.ts';
import { moveSales } from './sales.ts';

export async function listPending(ctx: ServiceContext) {
  const user = ctx.actor;
  const rows = await q.findPendingPedidos(ctx.db, user.role === 'Representante' ? user.id : undefined);
  return {
    data: rows.map((r) => ({
      id: r.id,
      docum: r.docum,
      fecha: formatDate(r.fecha_pedido),
      fecha_pedido: r.fecha_pedido ? r.fecha_pedido.toISOString() : null,
      cliente: r.cliente,
      cliente_id: r.cliente_id,
      factura: r.factura,
      lineas: r.lineas,
      ...listedTotalsOut(r, ctx.clock.now()),
    })),
    total_count: rows[0]?.total_count ?? 0,
  };
}

async function historyOf(db: Db | Tx, pedidoId: number) {
  const rows = await q.findStatusHistory(db, pedidoId);
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

export async function changeStatus(ctx: ServiceContext, body: PedidoStatusRequest) {
  const { db } = ctx;
  return db.transaction(async (tx) => {
    const pedido = await findPedido(tx, body.pedido_id, 'update');
    if (!pedido) throw new NotFound(ORDER_MSG.orderNotFound);
    if (!STATUS_TRANSITIONS[pedido.status]?.includes(body.status)) {
      throw new Invalid(
        { status: [CLIENT_MSG.statusInvalid] },
        CLIENT_MSG.statusTransition({ from: pedido.status, to: body.status }),
      );
    }
    await recordStatusChange(ctx, tx, pedido, body.status);
    return {
      ok: true,
      data: { id: pedido.id, status: body.status, history: await historyOf(tx, pedido.id) },
    };
  });
}

/**
 * Moves an order (its row locked by the caller) to `to`, with the history row and the audit row
 * (`details` adds to the audit's from/to) and the notifications of the client's users and
 * Representante: the status change by hand and the invoicing (invoices.ts) write the same rows.
 */
export async function recordStatusChange(
  ctx: ServiceContext,
  tx: Tx,
  pedido: { id: number; status: string; cliente_id: number },
  to: 'p' | 'e',
  details: Record<string, string> = {},
) {
  const at = ctx.clock.now();
  await q.setPedidoStatus(tx, pedido.id, to, at);
  // An order entering or leaving the statuses that are sales moves the dashboard's figures (record 055).
  await moveSales(tx, [pedido.id], pedido.status, to);
  await q.insertStatusHistory(tx, {
    pedido_id: pedido.id,
    from_status: pedido.status,
    status: to,
    user_id: ctx.actor.id,
    at,
  });
  await audit(tx, ctx, {
    action: 'status',
    entity: 'pedido',
    entity_id: pedido.id,
    acting_cliente_id: pedido.cliente_id,
    details: { from: pedido.status, to, ...details },
  });
  // The client's users and its Representante are told, in this transaction (record 058).
  await notifyStatusChange(ctx, tx, pedido, pedido.status, to);
}

export async function getHistory(ctx: ServiceContext, pedidoId: number) {
  const { db } = ctx;
  const user = ctx.actor;
  const pedido = await findPedido(db, pedidoId);
  if (!pedido) throw new NotFound(ORDER_MSG.orderNotFound);
  await assertCanActFor(db, user, pedido.cliente_id).catch(() => {
    throw new NotFound(ORDER_MSG.orderNotFound);
  });
  const history = await historyOf(db, pedido.id);
  const auditRows = isStaff(user) ? await q.findPedidoAudit(db, pedido.id) : [];
  return {
    ok: true,
    data: {
      id: pedido.id,
      status: pedido.status,
      history,
      audit: auditRows.map((r) => ({ ...r, at: r.at.toISOString() })),
    },
  };
}
