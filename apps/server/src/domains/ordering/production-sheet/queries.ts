/**
 * The production sheet's statements (record 060). The grouping is SQL's: each primary line of the
 * chosen orders (no shipping line, no surcharge line; no cart, no cancelled order) gets a canonical
 * key of its configuration, the chosen options' (group, option) pairs sorted and the embroidery's
 * name, style, thread and position, and the lines are summed per order, then per model and key.
 * Groups are read a page at a time by keyset (model, key), so no statement answers more than a page.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { pedido_lineas, pedidos } from '../../../db/schema.ts';
import { type LineDrawingBasis, lineDrawingBasisSql, lineImageSql } from '../../catalogue/index.ts';
import { clientNameSql } from '../../clients/index.ts';

/** Which orders: one, or a status (null: every one that stands) submitted within [from, to). */
export type SheetOrders =
  | { pedidoId: number }
  | { statuses: readonly ('w' | 'p' | 'e')[]; from: Date; to: Date };

/** Where a page starts: after this model and key. */
export interface GroupCursor {
  modelo: string;
  clave: string;
}

export interface GroupRow {
  modelo: string;
  clave: string;
  cantidad: number;
  descripcion: string;
  descripcion_en: string;
  parametros_color: unknown;
  parametros_bordado: unknown;
  imagen: string | null;
  dibujo: LineDrawingBasis | null;
  pedidos: Array<{ id: number; docum: string; cliente: string; cantidad: number }>;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const l = pedido_lineas;
const p = pedidos;

/**
 * The configuration's canonical key, as text: the chosen options' (group, option) pairs sorted (a
 * line's options in any order make the same key), then the embroidery's name, style, thread and
 * position ('' without one). Compared and sorted in the C collation, so every engine pages alike and
 * a model's group without embroidery comes before its embroidered ones.
 */
const configKeySql = sql`(coalesce((select jsonb_agg(jsonb_build_array((x->>'parametros_grupos_id')::int, (x->>'id')::int)
      order by (x->>'parametros_grupos_id')::int, (x->>'id')::int)
    from jsonb_array_elements(case when jsonb_typeof(${l.parametros_color}) = 'array'
      then ${l.parametros_color} else '[]'::jsonb end) x), '[]'::jsonb)::text || ' ' ||
  coalesce(case when jsonb_typeof(${l.parametros_bordado}) = 'object' then jsonb_build_array(
    ${l.parametros_bordado}->>'name', ${l.parametros_bordado}->>'emb_style',
    ${l.parametros_bordado}->>'emb_color', ${l.parametros_bordado}->>'position')::text end, '')) collate "C"`;

function ordersWhere(orders: SheetOrders): SQL {
  const standing = sql`${p.status} in ('w', 'p', 'e') and ${p.tipodoc} = 'E'`;
  if ('pedidoId' in orders) return sql`${p.id} = ${orders.pedidoId} and ${standing}`;
  const statuses = sql.join(
    orders.statuses.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql`${p.status} in (${statuses}) and ${p.tipodoc} = 'E'
    and ${p.fecha_pedido} >= ${orders.from.toISOString()}::timestamptz
    and ${p.fecha_pedido} < ${orders.to.toISOString()}::timestamptz`;
}

/** The lines of the sheet with their keys (a CTE's body); `fromModel`: only models from this code on. */
function sheetLinesSql(orders: SheetOrders, fromModel: string | null): SQL {
  return sql`select ${l.id} as id, ${l.pedido_id} as pedido_id, ${l.modelo} as modelo, ${l.unped} as unped,
      ${configKeySql} as clave
    from ${p} join ${l} on ${l.pedido_id} = ${p.id}
    where ${ordersWhere(orders)} and ${l.primary_line_id} is null and not ${l.porte}
      and ${l.modelo} is not null${fromModel == null ? sql`` : sql` and ${l.modelo} >= ${fromModel}`}`;
}

/** Groups, units and orders of the whole sheet (one statement). */
export async function sheetTotals(
  db: Db,
  orders: SheetOrders,
): Promise<{ grupos: number; unidades: number; pedidos: number }> {
  const result = await db.execute(sql`with lineas as (${sheetLinesSql(orders, null)})
    select count(distinct (modelo, clave))::int as grupos, coalesce(sum(unped), 0)::int as unidades,
      count(distinct pedido_id)::int as pedidos
    from lineas`);
  return rowsOf<{ grupos: number; unidades: number; pedidos: number }>(result)[0];
}

/**
 * One page of groups after `cursor`, by model then key: each with its units, its first line's
 * snapshot and picture, and its orders (each order's units summed), in submission order. One
 * statement.
 */
export async function sheetGroupPage(
  db: Db,
  orders: SheetOrders,
  cursor: GroupCursor | null,
  size: number,
): Promise<GroupRow[]> {
  const after = cursor
    ? sql`where (g.modelo, g.clave collate "C") > (${cursor.modelo}, ${cursor.clave} collate "C")`
    : sql``;
  const result = await db.execute(sql`with lineas as (${sheetLinesSql(orders, cursor?.modelo ?? null)}),
    por_pedido as (
      select modelo, clave, pedido_id, sum(unped)::int as cantidad, min(id) as primera
      from lineas group by modelo, clave, pedido_id),
    grupos as (
      select g.modelo, g.clave, g.cantidad, g.primera from (
        select modelo, clave, sum(cantidad)::int as cantidad, min(primera) as primera
        from por_pedido group by modelo, clave) g
      ${after}
      order by g.modelo, g.clave collate "C"
      limit ${size})
    select grupos.modelo, grupos.clave, grupos.cantidad,
      ${l.descripcion} as descripcion, ${l.descripcion_en} as descripcion_en,
      ${l.parametros_color} as parametros_color, ${l.parametros_bordado} as parametros_bordado,
      ${lineImageSql(l.modelo, l.parametros_color)} as imagen,
      ${lineDrawingBasisSql(l.modelo, l.parametros_color, l.parametros_bordado)} as dibujo,
      (select json_agg(json_build_object('id', ${p.id}, 'docum', coalesce(${p.docum}, ''),
          'cliente', coalesce(${clientNameSql(p.cliente_id)}, ''), 'cantidad', o.cantidad)
          order by ${p.fecha_pedido}, ${p.id})
        from por_pedido o join ${p} on ${p.id} = o.pedido_id
        where o.modelo = grupos.modelo and o.clave = grupos.clave) as pedidos
    from grupos join ${l} on ${l.id} = grupos.primera
    order by grupos.modelo, grupos.clave collate "C"`);
  return rowsOf<GroupRow>(result);
}

/** The order a one-order sheet names, by id or number (a cart is no order: null, as a missing one). */
export async function sheetOrder(
  db: Db,
  order: { id: number } | { docum: string },
): Promise<{ id: number; docum: string; cliente: string } | null> {
  const which = 'id' in order ? sql`${p.id} = ${order.id}` : sql`${p.docum} = ${order.docum}`;
  const result = await db.execute(sql`select ${p.id} as id, ${p.docum} as docum,
      coalesce(${clientNameSql(p.cliente_id)}, '') as cliente
    from ${p} where ${which} and ${p.status} <> 'c' and ${p.tipodoc} = 'E'`);
  return rowsOf<{ id: number; docum: string; cliente: string }>(result)[0] ?? null;
}
