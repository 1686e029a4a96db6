/**
 * The shipping line (product.md §5.4): an order's charge for shipping, set by the client's price
 * list (`porte_cents`, free when the goods reach `porte_gratis_desde_cents`). It is never chosen:
 * every change of a cart, and the submission, recompute it here, inside the change's transaction.
 */
import { SHIPPING_LINE_DESCRIPTION } from '@nido/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { pedido_lineas } from '../../db/schema.ts';
import { shippingRuleSql } from '../catalogue/index.ts';
import { clientPriceListIdSql } from '../clients/index.ts';

/**
 * Makes the order's shipping line match the rule of the client's price list now: one line of
 * `porte_cents` when the list has a charge, the order has goods and their net total (every line
 * but the shipping line, dependent lines included, before tax) is below the list's free-from total;
 * otherwise none. One statement, whatever the number of lines: the rule, the goods' total, then the
 * delete or the upsert (the partial unique index pedido_lineas_one_porte keeps one line an order).
 */
export async function syncShippingLine(tx: Tx, pedidoId: number, clienteId: number): Promise<void> {
  const l = pedido_lineas;
  await tx.execute(sql`
    with rule as (${shippingRuleSql(clientPriceListIdSql(sql`${clienteId}::integer`))}),
    goods as (
      select count(*) as n, coalesce(sum(${l.unped}::bigint * ${l.precio_cents}), 0) as cents
      from ${l} where ${l.pedido_id} = ${pedidoId} and not ${l.porte}
    ),
    wanted as (
      select r.porte_cents from rule r, goods g
      where r.porte_cents > 0 and g.n > 0
        and (r.porte_gratis_desde_cents is null or g.cents < r.porte_gratis_desde_cents)
    ),
    removed as (
      delete from ${l} where ${l.pedido_id} = ${pedidoId} and ${l.porte}
        and not exists (select 1 from wanted)
    )
    insert into ${l} (pedido_id, modelo, descripcion, descripcion_en, unped, precio_cents, pvp_cents, porte)
    select ${pedidoId}, null, ${SHIPPING_LINE_DESCRIPTION.descripcion}, ${SHIPPING_LINE_DESCRIPTION.descripcion_en}, 1, w.porte_cents, w.porte_cents, true
    from wanted w
    on conflict (pedido_id) where porte do update
      set precio_cents = excluded.precio_cents, pvp_cents = excluded.pvp_cents
      where ${l}.precio_cents <> excluded.precio_cents`);
}
