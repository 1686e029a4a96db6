/**
 * Order windows on the paths that add lines (record 053). A model takes orders today when it is in
 * no collection a shop sees (active, not representatives-only), or when one of those has no order
 * window or an open one (`takesOrders`, the contract's one rule). Otherwise the line is out of its
 * window: a shop is refused with a message naming a collection and its days; staff may add it,
 * warned, and the add's audit row says so. One statement for any number of models.
 */
import {
  compareDeliveryStart,
  formatIsoDay,
  type Language,
  localized,
  type Message,
  ORDER_MSG,
  orderWindowStatus,
  takesOrders,
  type WindowState,
} from '@nido/contract';
import { type AnyColumn, and, asc, eq, sql } from 'drizzle-orm';
import { type Db, preparedOn, type Tx } from '../../db/client.ts';
import { coleccion_modelos, colecciones } from '../../db/schema.ts';
import { groupBy } from '../../platform/group-by.ts';

const windowsQuery = preparedOn((db) =>
  db
    .select({
      modelo: coleccion_modelos.modelos_modelo,
      id: colecciones.id,
      coleccion: colecciones.coleccion,
      nombre: colecciones.nombre,
      nombre_en: colecciones.nombre_en,
      pedido_desde: colecciones.pedido_desde,
      pedido_hasta: colecciones.pedido_hasta,
      entrega_desde: colecciones.entrega_desde,
      entrega_hasta: colecciones.entrega_hasta,
    })
    .from(coleccion_modelos)
    .innerJoin(colecciones, eq(colecciones.id, coleccion_modelos.colecciones_id))
    .where(
      and(
        sql`${coleccion_modelos.modelos_modelo} = any(${sql.placeholder('codes')}::text[])`,
        eq(colecciones.activado, true),
        eq(colecciones.solorepresentantes, false),
      ),
    )
    .orderBy(asc(coleccion_modelos.modelos_modelo), asc(colecciones.position), asc(colecciones.id))
    .prepare('line_model_windows'),
);
type WindowRow = Awaited<ReturnType<ReturnType<typeof windowsQuery>['execute']>>[number];

/** Why a model takes no orders today: the collection named, its window and the message. */
export interface OutOfWindow {
  colecciones_id: number;
  coleccion: string;
  pedido_desde: string | null;
  pedido_hasta: string | null;
  estado_ventana: WindowState;
  /** "The collection «…» takes orders from … to …", the collection's name in `lang`. */
  message: Message;
}

/** The message naming a collection and its order window (days dd/MM/yyyy). */
export function outsideWindowMessage(
  c: { nombre: string; nombre_en: string; pedido_desde: string | null; pedido_hasta: string | null },
  lang: Language,
): Message {
  const coleccion = localized(c, 'nombre', lang);
  const desde = formatIsoDay(c.pedido_desde);
  const hasta = formatIsoDay(c.pedido_hasta);
  if (desde && hasta) return ORDER_MSG.outsideWindow({ coleccion, desde, hasta });
  if (desde) return ORDER_MSG.outsideWindowFrom({ coleccion, desde });
  return ORDER_MSG.outsideWindowUntil({ coleccion, hasta });
}

/** yyyy-MM-dd days compare as their text. */
const compareDays = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The reason a model in these collections takes no orders on `today`, or null when it does (no
 * collection, or one without a window or open). Of several, the collection named is the next to
 * open, else the last to have closed.
 */
export function outOfWindow(
  collections: readonly WindowRow[],
  today: string,
  lang: Language,
): OutOfWindow | null {
  if (collections.length === 0 || collections.some((c) => takesOrders(c, today))) return null;
  const withState = collections.map((c) => ({ c, state: orderWindowStatus(c, today).estado_ventana }));
  // The soonest to open, else the latest to have closed (ties in the collections' order: stable sort).
  const [upcoming] = withState
    .filter((x) => x.state === 'proxima')
    .sort((a, b) => compareDays(a.c.pedido_desde!, b.c.pedido_desde!));
  const [closed] = withState
    .filter((x) => x.state === 'cerrada')
    .sort((a, b) => compareDays(b.c.pedido_hasta!, a.c.pedido_hasta!));
  const { c, state } = upcoming ?? closed;
  return {
    colecciones_id: c.id,
    coleccion: c.coleccion,
    pedido_desde: c.pedido_desde,
    pedido_hasta: c.pedido_hasta,
    estado_ventana: state,
    message: outsideWindowMessage(c, lang),
  };
}

/** The collection a line is ordered through (record 054), and why it takes no orders today. */
export interface LineCollection {
  /** Null: the model is in no collection a shop sees (it takes orders, delivered at once). */
  colecciones_id: number | null;
  /** Null inside the window; else a shop is refused and staff are warned (record 053). */
  outOfWindow: OutOfWindow | null;
}

/**
 * The collection a line of a model in these collections is ordered through on `today` (record 054):
 * `requested` when it is one of them and takes orders (the collection the shop was looking at);
 * else the one that takes orders with the earliest delivery (immediate first; ties in the
 * collections' order). When none takes orders, the one `outOfWindow` names, with that reason.
 */
export function chooseCollection(
  collections: readonly WindowRow[],
  today: string,
  lang: Language,
  requested: number | null = null,
): LineCollection {
  if (collections.length === 0) return { colecciones_id: null, outOfWindow: null };
  const open = collections.filter((c) => takesOrders(c, today));
  const chosen = open.find((c) => c.id === requested) ?? [...open].sort(compareDeliveryStart)[0] ?? null;
  if (chosen) return { colecciones_id: chosen.id, outOfWindow: null };
  const reason = outOfWindow(collections, today, lang)!;
  return { colecciones_id: reason.colecciones_id, outOfWindow: reason };
}

/** The collections (a shop sees) of these models (codes as stored), by model: one statement. */
export async function readModelCollections(
  db: Db | Tx,
  codes: readonly string[],
): Promise<(modelo: string) => readonly WindowRow[]> {
  const rows = await windowsQuery(db).execute({ codes: [...codes] });
  const byModel = groupBy(rows, (r) => r.modelo);
  return (modelo) => byModel.get(modelo) ?? [];
}

/**
 * What an order's line shows of the collection it was ordered through (record 054), as one jsonb
 * value read with the line: `{id, nombre, nombre_en, pedido_desde, pedido_hasta, entrega_desde,
 * entrega_hasta}`, or null.
 */
export function lineCollectionSql(colecciones_id: AnyColumn) {
  return sql<CollectionWindows | null>`(select json_build_object('id', ${colecciones.id}, 'nombre', ${colecciones.nombre}, 'nombre_en', ${colecciones.nombre_en}, 'pedido_desde', ${colecciones.pedido_desde}, 'pedido_hasta', ${colecciones.pedido_hasta}, 'entrega_desde', ${colecciones.entrega_desde}, 'entrega_hasta', ${colecciones.entrega_hasta}) from ${colecciones} where ${colecciones.id} = ${colecciones_id})`;
}

/**
 * The collections a shop sees that a line's model is in (record 054), as one jsonb array read with
 * the line, in the collections' order: `[{id, nombre, nombre_en, pedido_desde, pedido_hasta}]`, or
 * null (no model, no collection). Through the index on coleccion_modelos' model.
 */
export function modelCollectionsSql(modelo: AnyColumn) {
  return sql<
    OrderWindowOf[] | null
  >`(select json_agg(json_build_object('id', c.id, 'nombre', c.nombre, 'nombre_en', c.nombre_en, 'pedido_desde', c.pedido_desde, 'pedido_hasta', c.pedido_hasta) order by c.position, c.id)
    from ${coleccion_modelos} cm join ${colecciones} c on c.id = cm.colecciones_id
    where cm.modelos_modelo = ${modelo} and c.activado and not c.solorepresentantes)`;
}

/** A collection's names and order window, as `modelCollectionsSql` reads them. */
export type OrderWindowOf = Pick<
  CollectionWindows,
  'id' | 'nombre' | 'nombre_en' | 'pedido_desde' | 'pedido_hasta'
>;

/** A collection's names and windows (days yyyy-MM-dd), as `lineCollectionSql` reads them. */
export interface CollectionWindows {
  id: number;
  nombre: string;
  nombre_en: string;
  pedido_desde: string | null;
  pedido_hasta: string | null;
  entrega_desde: string | null;
  entrega_hasta: string | null;
}
