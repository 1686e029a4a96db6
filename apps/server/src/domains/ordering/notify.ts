/**
 * What ordering tells users (record 058), each in the transaction of its event, one statement for
 * every recipient (notifications' `notify`): a submission tells every active Admin and the client's
 * Representante; a status change (every one goes through recordStatusChange) tells the client's
 * users and its Representante. Nobody is told of what they did themselves. Status codes are stored
 * as they are: the web names the ones it knows and shows any other plainly.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { pedidos } from '../../db/schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { activeUserIdsSql } from '../account/index.ts';
import { clientNameSql, clientRepresentativeIdSql } from '../clients/index.ts';
import { notify } from '../notifications/index.ts';

/** An order's entry: its number and client, and the status change when there is one. */
function orderEntries(ids: readonly number[], change: { from: string; to: string } | null) {
  const statuses = change ? sql`, 'from', ${change.from}::text, 'to', ${change.to}::text` : sql``;
  return sql`(select ${pedidos.id} as pedido_id,
    jsonb_build_object('docum', ${pedidos.docum}, 'cliente', ${clientNameSql(pedidos.cliente_id)}${statuses}) as payload
    from ${pedidos} where ${inArray(pedidos.id, [...ids])})`;
}

/** Orders submitted (processOrder; several when a cart splits by delivery window): Admins and the Representante. */
export async function notifyOrdersSubmitted(
  ctx: ServiceContext,
  tx: Tx,
  clienteId: number,
  ids: readonly number[],
): Promise<void> {
  await notify(tx, {
    kind: 'order_submitted',
    recipients: activeUserIdsSql({
      admins: true,
      ids: clientRepresentativeIdSql(clienteId),
      except: ctx.actor.id,
    }),
    entries: orderEntries(ids, null),
  });
}

/** An order's status changed (recordStatusChange): the client's users and its Representante. */
export async function notifyStatusChange(
  ctx: ServiceContext,
  tx: Tx,
  pedido: { id: number; cliente_id: number },
  from: string,
  to: string,
): Promise<void> {
  await notify(tx, {
    kind: 'order_status',
    recipients: activeUserIdsSql({
      clientUsersOf: pedido.cliente_id,
      ids: clientRepresentativeIdSql(pedido.cliente_id),
      except: ctx.actor.id,
    }),
    entries: orderEntries([pedido.id], { from, to }),
  });
}
