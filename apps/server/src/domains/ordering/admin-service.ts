/**
 * Admin operations on submitted orders: the pending-orders list (product.md §5.5 poll, §6), status
 * changes w → p, p → e, w → e (product.md §5 status codes), one order or several at once (all or
 * none), and the cancellation of a pending order (w → x, with its reason, mailed to the shop; record
 * 057), each recorded with who and when by `recordStatusChange`, the one way a status changes.
 *
 * Scope: an Admin sees every client's pending orders; a Representante only those of the clients
 * assigned to it (clientes.representante_id); only an Admin changes a status. An order's history is
 * visible to whoever may see the order (Admin; the Representante of its client; its own client's
 * users); the audit entries (who did what, for which client) only to Admin and Representante.
 */
import type {
  Message,
  PedidoBulkStatusRequest,
  PedidoCancelRequest,
  PedidoStatusRequest,
} from '@nido/contract';
import { CANCELLABLE_STATUSES, CLIENT_MSG, formatDate, ORDER_MSG, STATUS_TRANSITIONS } from '@nido/contract';
import type { Db, Tx } from '../../db/client.ts';
import { audit } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { isStaff } from '../../platform/context.ts';
import { Invalid, NotFound } from '../../platform/errors.ts';
import type { MailMessage } from '../../platform/mail.ts';
import { assertCanActFor } from '../clients/index.ts';
import * as q from './admin-queries.ts';
import { cancellationMail } from './mails.ts';
import { notifyStatusChange } from './notify.ts';
import { listedTotalsOut } from './present.ts';
import { clientMailRecipients, findPedido } from './queries.ts';
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
 * POST pedidos/status/bulk: several orders moved to one status in one transaction, all or none. The
 * orders are locked (id order); if any is missing (or a cart) or may not make the move, nothing
 * changes and the 422 names each refused order by its docum and why. Each move is recorded as a
 * single one is (`recordStatusChange`).
 */
export async function changeStatusBulk(ctx: ServiceContext, body: PedidoBulkStatusRequest) {
  const ids = [...new Set(body.ids)];
  const to = body.status;
  return ctx.db.transaction(async (tx) => {
    const found = new Map((await q.lockSubmittedPedidos(tx, ids)).map((p) => [p.id, p]));
    // Each refused order named (its docum; an id nothing answers, by its number) and why, per field.
    const refused: string[] = [];
    const errors: Record<string, Message[]> = {};
    ids.forEach((id) => {
      // Named by its place in the request (its first, when repeated).
      const i = body.ids.indexOf(id);
      const pedido = found.get(id);
      if (!pedido) {
        refused.push(`#${id}`);
        errors[`ids.${i}`] = [CLIENT_MSG.bulkOrderMissing({ order: `#${id}` })];
      } else if (!STATUS_TRANSITIONS[pedido.status]?.includes(to)) {
        const order = pedido.docum ?? `#${pedido.id}`;
        refused.push(order);
        errors[`ids.${i}`] = [CLIENT_MSG.bulkOrderBlocked({ order, from: pedido.status, to })];
      }
    });
    if (refused.length > 0) throw new Invalid(errors, CLIENT_MSG.bulkRefused({ orders: refused.join(', ') }));
    const data = [];
    for (const id of ids) {
      const pedido = found.get(id);
      if (!pedido) continue;
      await recordStatusChange(ctx, tx, pedido, to, { bulk: String(ids.length) });
      data.push({ id: pedido.id, docum: pedido.docum, status: to });
    }
    return { ok: true, data };
  });
}

/**
 * POST pedidos/cancel: a pending order cancelled (w → x) with its reason: the history keeps the
 * reason, the audit too, the dashboard's figures lose the order (x is no sale), and each active user
 * of the shop is mailed, in the user's language (none: the client's own email, in Spanish), through
 * the outbox in the same transaction.
 */
export async function cancelOrder(ctx: ServiceContext, body: PedidoCancelRequest) {
  const result = await ctx.db.transaction(async (tx) => {
    const pedido = await findPedido(tx, body.pedido_id, 'update');
    if (!pedido || pedido.status === 'c') throw new NotFound(ORDER_MSG.orderNotFound);
    if (!CANCELLABLE_STATUSES.includes(pedido.status)) {
      throw new Invalid({ status: [CLIENT_MSG.cancelOnlyPending] }, CLIENT_MSG.cancelOnlyPending);
    }
    await recordStatusChange(ctx, tx, pedido, 'x', {}, body.reason);
    const docum = pedido.docum ?? `#${pedido.id}`;
    const recipients = await clientMailRecipients(tx, pedido.cliente_id);
    await ctx.mail.enqueue(
      tx,
      recipients.map((r): MailMessage => cancellationMail(r.email, r.name, r.language, docum, body.reason)),
    );
    return {
      ok: true,
      data: { id: pedido.id, status: 'x', history: await historyOf(tx, pedido.id) },
    };
  });
  ctx.mail.wake();
  return result;
}

/**
 * Moves an order (its row locked by the caller) to `to`, with the history row (and its `reason`,
 * a cancellation's) and the audit row (`details` adds to the audit's from/to) and the notifications of the client's users
 * and Representante: the status change by hand, the bulk change, the cancellation and the invoicing
 * (invoices.ts) write the same rows.
 */
export async function recordStatusChange(
  ctx: ServiceContext,
  tx: Tx,
  pedido: { id: number; status: string; cliente_id: number },
  to: 'p' | 'e' | 'x',
  details: Record<string, string> = {},
  reason: string | null = null,
) {
  const at = ctx.clock.now();
  await q.setPedidoStatus(tx, pedido.id, to, at);
  // An order entering or leaving the statuses that are sales moves the dashboard's figures (record
  // 055): a cancelled order (x) is no sale, so it leaves them.
  await moveSales(tx, [pedido.id], pedido.status, to);
  await q.insertStatusHistory(tx, {
    pedido_id: pedido.id,
    from_status: pedido.status,
    status: to,
    user_id: ctx.actor.id,
    at,
    reason,
  });
  await audit(tx, ctx, {
    action: 'status',
    entity: 'pedido',
    entity_id: pedido.id,
    acting_cliente_id: pedido.cliente_id,
    details: { from: pedido.status, to, ...details, ...(reason == null ? {} : { reason }) },
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
