import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type Db, preparedOn, type Tx } from '../../db/client.ts';
import { countRows } from '../../db/count.ts';
import {
  docum_counters,
  facturas,
  order_list_version,
  pedido_lineas,
  pedido_status_history,
  pedidos,
} from '../../db/schema.ts';
import { findActiveUsersOfClient, userNameSql } from '../account/index.ts';
import {
  lineCollectionSql,
  lineDrawingBasisSql,
  lineImageSql,
  modelCodesMatchingSql,
  modelCollectionsSql,
  modelQuantityRuleSql,
  shippingFreeFromSql,
} from '../catalogue/index.ts';
import {
  clientNameSql,
  clientPriceListIdSql,
  clientTaxRegimeSql,
  findClienteMail,
  representativeClientIdsSql,
} from '../clients/index.ts';
import { cartMinimumColumns } from './order-minimum.ts';

const SUBMITTED = ['w', 'p', 'e', 'x'] as const;
/** What the shop bought: a submitted order that was not cancelled (last purchases, prefills). */
const PURCHASED = ['w', 'p', 'e'] as const;

/** A submitted order: any status but the open cart's (a cancelled one included: the lists show it). */
const submittedOrder = inArray(pedidos.status, [...SUBMITTED]);
/** A submitted order that still stands: not cancelled. */
const purchasedOrder = inArray(pedidos.status, [...PURCHASED]);

/** An order's scope and state, optionally locked (FOR SHARE: adding/removing lines; FOR UPDATE: submitting). */
export async function findPedido(db: Db | Tx, id: number, lock?: 'share' | 'update') {
  const q = db
    .select({ id: pedidos.id, cliente_id: pedidos.cliente_id, status: pedidos.status, docum: pedidos.docum })
    .from(pedidos)
    .where(eq(pedidos.id, id))
    .limit(1);
  const [row] = lock ? await q.for(lock) : await q;
  return row ?? null;
}

const submittingQuery = preparedOn((db) =>
  db
    .select({
      id: pedidos.id,
      cliente_id: pedidos.cliente_id,
      status: pedidos.status,
      referencia: pedidos.referencia,
      fecha_entrega: pedidos.fecha_entrega,
      direccion_id: pedidos.direccion_id,
      nota: pedidos.nota,
    })
    .from(pedidos)
    .where(eq(pedidos.id, sql.placeholder('id')))
    .for('update')
    .prepare('order_submitting'),
);

/**
 * The order being submitted, locked FOR UPDATE, with what the checkout kept with it (processOrder:
 * one statement for what was the scope check, the lock and the checkout's details).
 */
export async function lockOrderForSubmit(tx: Tx, id: number) {
  const [row] = await submittingQuery(tx).execute({ id });
  return row ?? null;
}

/** The client's open cart id, optionally locked FOR SHARE (so a concurrent submit waits for us). */
export async function findCartId(db: Db | Tx, clienteId: number, lock = false): Promise<number | null> {
  const q = db
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(and(eq(pedidos.cliente_id, clienteId), eq(pedidos.status, 'c')))
    .limit(1);
  const [row] = lock ? await q.for('share') : await q;
  return row?.id ?? null;
}

/**
 * The client's open cart, created on first use. At most one open cart per client even under
 * concurrent calls: the partial unique index pedidos_one_cart_per_cliente makes a second insert a
 * no-op (ON CONFLICT DO NOTHING), after which the winner's cart is read again.
 */
export async function ensureCart(db: Db | Tx, clienteId: number, lock = false): Promise<number> {
  const existing = await findCartId(db, clienteId, lock);
  if (existing != null) return existing;
  const [created] = await db
    .insert(pedidos)
    .values({ cliente_id: clienteId, status: 'c', tipodoc: 'E' })
    .onConflictDoNothing()
    .returning({ id: pedidos.id });
  if (created) return created.id;
  const winner = await findCartId(db, clienteId, lock);
  if (winner == null) throw new Error(`Could not open a cart for client ${clienteId}`);
  return winner;
}

const headerQuery = preparedOn((db) =>
  db
    .select({
      id: pedidos.id,
      docum: pedidos.docum,
      cliente_id: pedidos.cliente_id,
      cliente: clientNameSql(pedidos.cliente_id),
      fecha_pedido: pedidos.fecha_pedido,
      nota: pedidos.nota,
      referencia: pedidos.referencia,
      fecha_entrega: pedidos.fecha_entrega,
      entrega: pedidos.entrega,
      direccion_id: pedidos.direccion_id,
      entrega_desde: pedidos.entrega_desde,
      entrega_hasta: pedidos.entrega_hasta,
      // The orders submitted together with it from one cart (record 054), in their order.
      lote: sql<Array<{ id: number; docum: string }> | null>`case when ${pedidos.lote_id} is not null then (
        select json_agg(json_build_object('id', l.id, 'docum', l.docum) order by l.id)
        from ${pedidos} l where l.lote_id = ${pedidos.lote_id}) end`,
      factura_id: facturas.id,
      factura_numero: facturas.numero,
      factura_fecha: facturas.fecha,
      status: pedidos.status,
      tipodoc: pedidos.tipodoc,
      // The taxes as submitted; the cart has none and is taxed as its client is today.
      regimen_fiscal: pedidos.regimen_fiscal,
      iva_bp: pedidos.iva_bp,
      re_bp: pedidos.re_bp,
      client_regimen: clientTaxRegimeSql(pedidos.cliente_id),
      // The cart's free-shipping total under its client's price list now (a submitted order: null).
      porte_gratis_desde_cents: sql<
        number | null
      >`case when ${pedidos.status} = 'c' then ${shippingFreeFromSql(
        clientPriceListIdSql(pedidos.cliente_id),
      )} end`,
      // The cart's minimum order value under its client's price list now (order-minimum.ts).
      ...cartMinimumColumns(pedidos.status, pedidos.cliente_id),
    })
    .from(pedidos)
    .leftJoin(facturas, eq(facturas.pedido_id, pedidos.id))
    .where(eq(pedidos.id, sql.placeholder('id')))
    .limit(1)
    .prepare('order_header'),
);

export async function orderHeader(db: Db, id: number) {
  const [row] = await headerQuery(db).execute({ id });
  return row ?? null;
}

/** What an order shows of each of its lines (its snapshot): the order detail and the export. */
export const lineColumns = {
  id: pedido_lineas.id,
  modelo: pedido_lineas.modelo,
  descripcion: pedido_lineas.descripcion,
  descripcion_en: pedido_lineas.descripcion_en,
  unped: pedido_lineas.unped,
  precio_cents: pedido_lineas.precio_cents,
  pvp_cents: pedido_lineas.pvp_cents,
  parametros_color: pedido_lineas.parametros_color,
  parametros_bordado: pedido_lineas.parametros_bordado,
  nota: pedido_lineas.nota,
  primary_line_id: pedido_lineas.primary_line_id,
  porte: pedido_lineas.porte,
};

/**
 * Every line of an order with its thumbnail (one statement), each dependent line right after its
 * primary line, the shipping line last.
 */
const linesQuery = preparedOn((db) =>
  db
    .select({
      ...lineColumns,
      pedido_id: pedido_lineas.pedido_id,
      imagen: lineImageSql(pedido_lineas.modelo, pedido_lineas.parametros_color),
      dibujo: lineDrawingBasisSql(
        pedido_lineas.modelo,
        pedido_lineas.parametros_color,
        pedido_lineas.parametros_bordado,
      ),
      coleccion: lineCollectionSql(pedido_lineas.colecciones_id),
      colecciones: modelCollectionsSql(pedido_lineas.modelo),
      ...modelQuantityRuleSql(pedido_lineas.modelo),
    })
    .from(pedido_lineas)
    .where(eq(pedido_lineas.pedido_id, sql.placeholder('pedidoId')))
    .orderBy(
      asc(pedido_lineas.porte),
      sql`coalesce(${pedido_lineas.primary_line_id}, ${pedido_lineas.id})`,
      asc(pedido_lineas.id),
    )
    .prepare('order_lines'),
);

export async function orderLines(db: Db, pedidoId: number) {
  return linesQuery(db).execute({ pedidoId });
}
export type LineRow = Awaited<ReturnType<typeof orderLines>>[number];

const historyQuery = preparedOn((db) =>
  db
    .select({
      status: pedido_status_history.status,
      from_status: pedido_status_history.from_status,
      at: pedido_status_history.at,
      user: userNameSql(pedido_status_history.user_id),
      reason: pedido_status_history.reason,
    })
    .from(pedido_status_history)
    .where(eq(pedido_status_history.pedido_id, sql.placeholder('pedidoId')))
    .orderBy(asc(pedido_status_history.at), asc(pedido_status_history.id))
    .prepare('order_history'),
);

export async function orderHistory(db: Db, pedidoId: number) {
  return historyQuery(db).execute({ pedidoId });
}

export async function countLines(tx: Tx, pedidoId: number): Promise<number> {
  return countRows(tx, pedido_lineas, eq(pedido_lineas.pedido_id, pedidoId));
}

/** Next document number of the year: one atomic upsert-and-increment (row-locked until commit). */
export async function nextDocumNumber(tx: Tx, year: number): Promise<number> {
  const [row] = await tx
    .insert(docum_counters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: docum_counters.year, set: { last: sql`${docum_counters.last} + 1` } })
    .returning({ last: docum_counters.last });
  return row.last;
}

// ── Orders list ───────────────────────────────────────────────────────────────────────────────

export interface OrderListWhere {
  tipodoc: string;
  /** Only this client. */
  clienteId?: number;
  /** Only clients of this representative. */
  representanteId?: number;
  status?: 'w' | 'p' | 'e';
  from?: Date;
  /** Exclusive upper bound. */
  to?: Date;
  /** Typed text for the document number or the shop's reference (ILIKE pattern). */
  documPattern?: string;
  /** Normalised, escaped words that must all occur in a line's model search_text. */
  modelPatterns?: string[];
}

/** The order list's conditions, built once per request for its count and its page. */
export interface OrderListFilter {
  /** Which filters are set and how many words: the statements of one shape are prepared once. */
  shape: string;
  /** A docum or model text filter: planned per call (see byShape). */
  text: boolean;
  where: SQL;
  values: Record<string, unknown>;
}

/** The list's conditions with a placeholder for each value, which `values` fills. */
export function orderListFilter(w: OrderListWhere): OrderListFilter {
  const p = sql.placeholder;
  const values: Record<string, unknown> = { tipodoc: w.tipodoc };
  const conds: SQL[] = [eq(pedidos.tipodoc, p('tipodoc'))];
  if (w.status) {
    conds.push(eq(pedidos.status, p('status')));
    values.status = w.status;
  } else conds.push(submittedOrder);
  if (w.clienteId != null) {
    conds.push(eq(pedidos.cliente_id, p('clienteId')));
    values.clienteId = w.clienteId;
  }
  if (w.representanteId != null) {
    conds.push(inArray(pedidos.cliente_id, representativeClientIdsSql(p('representanteId'))));
    values.representanteId = w.representanteId;
  }
  if (w.from) {
    conds.push(sql`${pedidos.fecha_pedido} >= ${p('from')}`);
    values.from = w.from.toISOString();
  }
  if (w.to) {
    conds.push(sql`${pedidos.fecha_pedido} < ${p('to')}`);
    values.to = w.to.toISOString();
  }
  const words = w.modelPatterns ?? [];
  if (w.documPattern != null || words.length) {
    const alternatives: SQL[] = [];
    if (w.documPattern != null) {
      // The document number, or the shop's own reference for the order.
      alternatives.push(sql`${pedidos.docum} ilike ${p('docum')}`);
      alternatives.push(sql`${pedidos.referencia} ilike ${p('docum')}`);
      // The delivery address the order went to: its name or its town.
      alternatives.push(sql`${pedidos.entrega}->>'nombre' ilike ${p('docum')}`);
      alternatives.push(sql`${pedidos.entrega}->>'poblacion' ilike ${p('docum')}`);
      values.docum = w.documPattern;
    }
    if (words.length) {
      words.forEach((word, i) => {
        values[`word${i}`] = word;
      });
      const models = modelCodesMatchingSql(words.map((_, i) => p(`word${i}`)));
      alternatives.push(
        sql`exists (select 1 from ${pedido_lineas} l where l.pedido_id = ${pedidos.id} and l.modelo in ${models})`,
      );
    }
    conds.push(sql`(${sql.join(alternatives, sql` or `)})`);
  }
  const shape = Object.keys(values)
    .filter((k) => !k.startsWith('word'))
    .concat(words.length ? [`words${words.length}`] : [])
    .join('_');
  const text = w.documPattern != null || words.length > 0;
  return { shape, text, where: and(...conds)!, values };
}

/**
 * Statements prepared per filter shape (a handful in practice; bounded by the filters and words).
 * A shape with a text filter gets no statement name: its LIKE patterns want a plan for their
 * values, so PostgreSQL plans it on each call (node-postgres prepares only named statements),
 * while Drizzle still builds its SQL once.
 */
const byShape = <T>(prefix: string, build: (db: Db | Tx, where: SQL, name: string) => T) => {
  const shapes = new Map<string, (db: Db | Tx) => T>();
  return (db: Db, filter: OrderListFilter) => {
    let prepared = shapes.get(filter.shape);
    if (!prepared) {
      const name = filter.text ? '' : `${prefix}_${filter.shape}`;
      prepared = preparedOn((d) => build(d, filter.where, name));
      shapes.set(filter.shape, prepared);
    }
    return prepared(db);
  };
};

/** The list version (db/schema.ts order_list_version) in the same snapshot as the rest of a statement. */
const listVersion =
  sql<number>`(select ${order_list_version.version} from ${order_list_version} where ${order_list_version.id} = 1)`.mapWith(
    Number,
  );

const countQuery = byShape('orders_count', (db, where, name) =>
  db.select({ n: count(), version: listVersion }).from(pedidos).where(where).prepare(name),
);

/** How many orders the filter holds, and the list version they were counted at. */
export async function countOrders(db: Db, filter: OrderListFilter): Promise<{ n: number; version: number }> {
  const [row] = await countQuery(db, filter).execute(filter.values);
  return { n: row?.n ?? 0, version: row?.version ?? 0 };
}

/** Where a position of a list starts: the sort key of the order at that position. */
export interface ListAnchor {
  /** fecha_pedido as PostgreSQL prints it (microseconds kept: a JS Date would round them). */
  fecha: string;
  id: number;
}

/**
 * `limit` submitted orders from position `offset`, newest first, with the client's name, the total
 * and the primary-line count, each with its sort key and the list version of the statement's
 * snapshot. With `from`, the positions count from that anchor's order (a seek through the index)
 * instead of from the first order; with `version`, the page is empty unless the list is at that
 * version. One statement: the page's ids first (an index-only scan of
 * pedidos_list_idx / pedidos_cliente_list_idx, which follow this order and carry status, so an
 * OFFSET skips index entries, not rows), then the page's rows, and the totals grouped over those
 * ids only.
 */
export async function ordersPage(
  db: Db,
  filter: OrderListFilter,
  limit: number,
  offset: number,
  at?: { from?: ListAnchor; version?: number },
) {
  const values = { ...filter.values, limit, offset, version: at?.version ?? null };
  return at?.from
    ? pageFromQuery(db, filter).execute({ ...values, fromFecha: at.from.fecha, fromId: at.from.id })
    : pageQuery(db, filter).execute(values);
}
export type OrderPageRow = Awaited<ReturnType<typeof ordersPage>>[number];

/**
 * The total (Σ unped × precio over every line, dependent lines included) and the primary-line
 * count of each order of a page, grouped over that page's lines only (`pageIds`, a subquery of the
 * page's ids), so the cost follows the page, not the list. Left-join it on pedido_id.
 */
export function pageTotals(db: Db | Tx, pageIds: SQL) {
  return db
    .select({
      pedido_id: pedido_lineas.pedido_id,
      total: sql<string>`sum(${pedido_lineas.unped}::bigint * ${pedido_lineas.precio_cents})`.as('total'),
      lineas:
        sql<string>`count(*) filter (where ${pedido_lineas.primary_line_id} is null and not ${pedido_lineas.porte})`.as(
          'lineas',
        ),
    })
    .from(pedido_lineas)
    .where(inArray(pedido_lineas.pedido_id, pageIds))
    .groupBy(pedido_lineas.pedido_id)
    .as('totals');
}

/** What every list of orders shows of an order: its number, date, client (by name), totals and invoice. */
export function listedOrderColumns(totals: ReturnType<typeof pageTotals>) {
  return {
    id: pedidos.id,
    docum: pedidos.docum,
    fecha_pedido: pedidos.fecha_pedido,
    cliente_id: pedidos.cliente_id,
    cliente: clientNameSql(pedidos.cliente_id),
    total_cents: sql<number>`coalesce(${totals.total}, 0)`.mapWith(Number),
    lineas: sql<number>`coalesce(${totals.lineas}, 0)`.mapWith(Number),
    // Its invoice's number, if it has one (facturas.pedido_id is unique: one index probe a row).
    factura: sql<
      string | null
    >`(select ${facturas.numero} from ${facturas} where ${facturas.pedido_id} = ${pedidos.id})`,
    // The taxes as submitted (order-tax.ts), for the total to pay.
    regimen_fiscal: pedidos.regimen_fiscal,
    iva_bp: pedidos.iva_bp,
    re_bp: pedidos.re_bp,
  };
}

const pageStatement = (anchored: boolean) => (db: Db | Tx, where: SQL, name: string) => {
  const p = sql.placeholder;
  const ids = db.$with('ids').as(
    db
      .select({ id: pedidos.id })
      .from(pedidos)
      .where(
        and(
          where,
          // With a version, nothing unless the list is still at it: a one-time check before any scan.
          sql`(${p('version')}::bigint is null or ${listVersion} = ${p('version')}::bigint)`,
          anchored
            ? sql`(${pedidos.fecha_pedido}, ${pedidos.id}) <= (${p('fromFecha')}::timestamptz, ${p('fromId')}::integer)`
            : undefined,
        ),
      )
      .orderBy(desc(pedidos.fecha_pedido), desc(pedidos.id))
      .limit(p('limit'))
      .offset(p('offset')),
  );
  const totals = pageTotals(db, sql`(select id from ids)`);
  return db
    .with(ids)
    .select({
      ...listedOrderColumns(totals),
      status: pedidos.status,
      nota: pedidos.nota,
      referencia: pedidos.referencia,
      fecha_entrega: pedidos.fecha_entrega,
      sort_fecha: sql<string | null>`${pedidos.fecha_pedido}::text`,
      version: listVersion,
    })
    .from(ids)
    .innerJoin(pedidos, eq(pedidos.id, ids.id))
    .leftJoin(totals, eq(totals.pedido_id, pedidos.id))
    .orderBy(desc(pedidos.fecha_pedido), desc(pedidos.id))
    .prepare(name);
};

const pageQuery = byShape('orders_page', pageStatement(false));
const pageFromQuery = byShape('orders_page_from', pageStatement(true));

// ── Last purchases ────────────────────────────────────────────────────────────────────────────

/** A line of a product the client chose: a primary line (not a surcharge of one), not shipping. */
const productLine = and(isNull(pedido_lineas.primary_line_id), eq(pedido_lineas.porte, false));
/** The model of a product line (productLine: never the shipping line, the one without a model). */
const productModelo = sql<string>`${pedido_lineas.modelo}`;

/**
 * The client's most recent primary, non-shipping lines of submitted orders, one per distinct
 * configuration (config_key; a line without a key counts on its own), most recent first.
 */
const lastPurchasedQuery = preparedOn((db) => {
  const distinctKey = sql`coalesce(nullif(${pedido_lineas.config_key}, ''), 'line:' || ${pedido_lineas.id})`;
  const latest = db
    .selectDistinctOn([distinctKey], {
      id: pedido_lineas.id,
      fecha_pedido: pedidos.fecha_pedido,
    })
    .from(pedido_lineas)
    .innerJoin(pedidos, eq(pedidos.id, pedido_lineas.pedido_id))
    .where(and(eq(pedidos.cliente_id, sql.placeholder('clienteId')), purchasedOrder, productLine))
    .orderBy(distinctKey, desc(pedidos.fecha_pedido), desc(pedido_lineas.id))
    .as('latest');
  return db
    .select({
      id: pedido_lineas.id,
      modelo: productModelo,
      descripcion: pedido_lineas.descripcion,
      descripcion_en: pedido_lineas.descripcion_en,
      parametros_color: pedido_lineas.parametros_color,
      parametros_bordado: pedido_lineas.parametros_bordado,
      nota: pedido_lineas.nota,
      porte: pedido_lineas.porte,
      unped: pedido_lineas.unped,
      precio_cents: pedido_lineas.precio_cents,
      fecha_pedido: latest.fecha_pedido,
      imagen: lineImageSql(pedido_lineas.modelo, pedido_lineas.parametros_color),
    })
    .from(latest)
    .innerJoin(pedido_lineas, eq(pedido_lineas.id, latest.id))
    .orderBy(desc(latest.fecha_pedido), desc(latest.id))
    .limit(sql.placeholder('limit'))
    .prepare('last_purchased');
});

export async function lastPurchasedLines(db: Db, clienteId: number, limit: number) {
  return lastPurchasedQuery(db).execute({ clienteId, limit });
}

/**
 * The client's most recent configuration of each of these models (a primary line of a submitted
 * order; the codes as typed or upper-cased), for a quick order's prefill. One statement.
 */
const recentConfigurationsQuery = preparedOn((db) =>
  db
    .selectDistinctOn([pedido_lineas.modelo], {
      modelo: productModelo,
      parametros_color: pedido_lineas.parametros_color,
      parametros_bordado: pedido_lineas.parametros_bordado,
    })
    .from(pedido_lineas)
    .innerJoin(pedidos, eq(pedidos.id, pedido_lineas.pedido_id))
    .where(
      and(
        eq(pedidos.cliente_id, sql.placeholder('clienteId')),
        purchasedOrder,
        productLine,
        sql`${pedido_lineas.modelo} = any(${sql.placeholder('codes')}::text[])`,
      ),
    )
    .orderBy(pedido_lineas.modelo, desc(pedidos.fecha_pedido), desc(pedido_lineas.id))
    .prepare('recent_configurations'),
);

export async function recentConfigurations(db: Db, clienteId: number, codes: string[]) {
  const wanted = [...new Set(codes.map((c) => c.trim()).filter(Boolean))];
  if (wanted.length === 0) return [];
  return recentConfigurationsQuery(db).execute({
    clienteId,
    codes: [...new Set([...wanted, ...wanted.map((c) => c.toUpperCase())])],
  });
}

/** One line of a submitted order with its order's client: what "buy again" starts from. */
export async function findOrderLine(db: Db, lineaId: number) {
  const [row] = await db
    .select({ pedido_id: pedido_lineas.pedido_id, cliente_id: pedidos.cliente_id, status: pedidos.status })
    .from(pedido_lineas)
    .innerJoin(pedidos, eq(pedidos.id, pedido_lineas.pedido_id))
    .where(eq(pedido_lineas.id, lineaId))
    .limit(1);
  return row ?? null;
}

/**
 * Who is mailed about a client's order (its confirmation, its cancellation): the client's active
 * users, each in their language; when it has none, the client's own email, in Spanish.
 */
export async function clientMailRecipients(db: Db | Tx, clienteId: number) {
  const users = await findActiveUsersOfClient(db, clienteId);
  if (users.length > 0) return users;
  const client = await findClienteMail(db, clienteId);
  return client?.email ? [{ email: client.email, name: client.nomcome, language: 'es' as const }] : [];
}
