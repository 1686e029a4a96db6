import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pedido_lineas, pedidos } from '../../db/schema.ts';
import { clientNameSql } from '../clients/index.ts';
import { type ListAnchor, lineColumns, type OrderListFilter } from './queries.ts';

/** Orders read per statement; their lines (about ten an order) are held until written out. */
export const EXPORT_BATCH_ORDERS = 50;

/** Before every order: the first batch's anchor. */
const START: ListAnchor = { fecha: 'infinity', id: 2_147_483_647 };

/**
 * One batch of the export: the next `limit` orders of the filter after `anchor` in the list's order
 * (newest first, a seek through the list's index), each with its client, its total (Σ unped × precio
 * over all its lines) and its lines, a primary line followed by the lines that depend on it; an
 * order without lines comes as one row with a null line id. Built once per export.
 */
function exportStatement(db: Db, filter: OrderListFilter) {
  const p = sql.placeholder;
  const page = db.$with('page').as(
    db
      .select({
        id: pedidos.id,
        docum: pedidos.docum,
        fecha_pedido: pedidos.fecha_pedido,
        sort_fecha: sql<string>`${pedidos.fecha_pedido}::text`.as('sort_fecha'),
        status: pedidos.status,
        cliente: sql<string>`${clientNameSql(pedidos.cliente_id)}`.as('cliente'),
        referencia: pedidos.referencia,
        fecha_entrega: pedidos.fecha_entrega,
        regimen_fiscal: pedidos.regimen_fiscal,
        iva_bp: pedidos.iva_bp,
        re_bp: pedidos.re_bp,
      })
      .from(pedidos)
      .where(
        and(
          filter.where,
          sql`(${pedidos.fecha_pedido}, ${pedidos.id}) < (${p('afterFecha')}::timestamptz, ${p('afterId')}::integer)`,
        ),
      )
      .orderBy(desc(pedidos.fecha_pedido), desc(pedidos.id))
      .limit(p('limit')),
  );
  return db
    .with(page)
    .select({
      pedido_id: page.id,
      docum: page.docum,
      fecha_pedido: page.fecha_pedido,
      sort_fecha: page.sort_fecha,
      status: page.status,
      cliente: page.cliente,
      referencia: page.referencia,
      fecha_entrega: page.fecha_entrega,
      regimen_fiscal: page.regimen_fiscal,
      iva_bp: page.iva_bp,
      re_bp: page.re_bp,
      total_cents:
        sql<number>`coalesce(sum(${pedido_lineas.unped}::bigint * ${pedido_lineas.precio_cents}) over (partition by ${page.id}), 0)`.mapWith(
          Number,
        ),
      ...lineColumns,
    })
    .from(page)
    .leftJoin(pedido_lineas, eq(pedido_lineas.pedido_id, page.id))
    .orderBy(
      desc(page.fecha_pedido),
      desc(page.id),
      sql`coalesce(${pedido_lineas.primary_line_id}, ${pedido_lineas.id})`,
      asc(pedido_lineas.id),
    )
    .prepare('');
}
export type ExportLineRow = Awaited<ReturnType<ReturnType<typeof exportStatement>['execute']>>[number];

/**
 * The filter's orders with their lines, batch after batch of `EXPORT_BATCH_ORDERS` orders: one
 * statement each, so what is held at a time is one batch, never the whole result. The batches are
 * not one snapshot: an order submitted meanwhile may or may not be in the export, as on the list.
 */
export async function* exportLineBatches(db: Db, filter: OrderListFilter): AsyncGenerator<ExportLineRow[]> {
  const statement = exportStatement(db, filter);
  let anchor = START;
  for (;;) {
    const rows = await statement.execute({
      ...filter.values,
      afterFecha: anchor.fecha,
      afterId: anchor.id,
      limit: EXPORT_BATCH_ORDERS,
    });
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1];
    const orders = new Set(rows.map((r) => r.pedido_id)).size;
    if (orders < EXPORT_BATCH_ORDERS) return;
    anchor = { fecha: last.sort_fecha, id: last.pedido_id };
  }
}
