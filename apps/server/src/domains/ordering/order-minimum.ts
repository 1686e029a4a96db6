/**
 * A price list's minimum order value (product.md §5.5, "Minimums"): the goods of a submission
 * (every line but the shipping line, dependent lines included, before tax; all the cart's lines
 * together, however the submission is split) must reach the client's list's minimum: the first
 * order's (`pedido_minimo_primero_cents`) while the client has no submitted order, else the next
 * orders' (`pedido_minimo_cents`). A client without a list, or a list without that minimum, has none.
 *
 * "First order": the client has no order but its open cart, i.e. no order in status w, p or e,
 * whatever became of it since but a cancellation (x, record 057: a cancelled order never was one).
 * A cart is never "an earlier order" of itself.
 *
 * A shop below the minimum is refused (422, `order.orderBelowMinimum`); staff (Admin, a
 * Representante acting for the client) may submit, and are warned (the answer's `avisos`) and the
 * submission's audit row keeps `bajo_pedido_minimo`. The cart's answer says what is missing
 * (`pedido_minimo`), read with its header (`cartMinimumColumns`, no statement of its own).
 */
import type { Message, Order } from '@nido/contract';
import { ORDER_MSG } from '@nido/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { pedidos } from '../../db/schema.ts';
import { outerColumn } from '../../db/subquery.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { isStaff } from '../../platform/context.ts';
import { Invalid } from '../../platform/errors.ts';
import { orderMinimumSql } from '../catalogue/index.ts';
import { clientPriceListIdSql } from '../clients/index.ts';
import { moneyText } from './present.ts';

/** The minimum that applies to a cart and what its goods lack, cents (`faltan_cents` 0: reached). */
export interface OrderMinimumState {
  minimo_cents: number;
  faltan_cents: number;
  primero: boolean;
}

/** Whether the client `clienteId` (a scalar SQL) has no submitted order yet: its next order is its first. */
function firstOrderSql(clienteId: SQL): SQL<boolean> {
  return sql<boolean>`not exists (select 1 from ${pedidos} earlier
    where earlier.cliente_id = ${clienteId} and earlier.status in ('w', 'p', 'e'))`;
}

/**
 * The cart header's columns (queries.ts `orderHeader`): the client's minimum now and whether it is
 * a first order; null for a submitted order.
 */
export function cartMinimumColumns(status: AnyPgColumn, clienteId: AnyPgColumn) {
  const cliente = outerColumn(clienteId);
  const first = firstOrderSql(cliente);
  return {
    pedido_minimo_cents: sql<number | null>`case when ${outerColumn(status)} = 'c' then ${orderMinimumSql(
      clientPriceListIdSql(clienteId),
      first,
    )} end`,
    primer_pedido: sql<boolean>`case when ${outerColumn(status)} = 'c' then ${first} else false end`,
  };
}

/** The minimum against the goods; null when there is none (no list, or none set, or 0). */
export function minimumState(
  minimumCents: number | null,
  first: boolean,
  goodsCents: number,
): OrderMinimumState | null {
  if (minimumCents == null || minimumCents <= 0) return null;
  return { minimo_cents: minimumCents, faltan_cents: Math.max(0, minimumCents - goodsCents), primero: first };
}

/**
 * The submission's check (one statement): the client's minimum now against the goods of the whole
 * submission. A shop below it: 422. Staff below it: the shortfall, to warn of and record
 * (`minimumWarning`, `minimumAuditOf`). Reached, or none: null.
 */
export async function checkOrderMinimum(
  ctx: ServiceContext,
  tx: Tx,
  clienteId: number,
  goodsCents: number,
): Promise<OrderMinimumState | null> {
  const cliente = sql`${clienteId}::integer`;
  const first = firstOrderSql(cliente);
  const [row] = await tx
    .select({ minimo: orderMinimumSql(clientPriceListIdSql(cliente), first), primero: first })
    .from(sql`(select 1) as one`);
  const state = minimumState(row?.minimo ?? null, row?.primero ?? false, goodsCents);
  if (!state || state.faltan_cents === 0) return null;
  const message = belowMinimumMessage(state);
  if (!isStaff(ctx.actor)) throw new Invalid({ pedido_id: [message] }, message);
  return state;
}

export function belowMinimumMessage(state: OrderMinimumState): Message {
  return ORDER_MSG.orderBelowMinimum({
    minimo: moneyText(state.minimo_cents),
    faltan: moneyText(state.faltan_cents),
  });
}

/** The submitted order with the staff warning of a submission below the minimum. */
export function minimumWarning(order: Order, below: OrderMinimumState | null): Order {
  if (!below) return order;
  return { ...order, avisos: [...(order.avisos ?? []), belowMinimumMessage(below)] };
}

/** What the submission's audit row keeps of a submission below the minimum (staff only). */
export function minimumAuditOf(below: OrderMinimumState | null) {
  return below ? { bajo_pedido_minimo: below } : {};
}
