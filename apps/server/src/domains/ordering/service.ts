import {
  formatDate,
  LAST_PURCHASED_MAX,
  type LastPurchasedResponse,
  type LineAddData,
  ORDER_MSG,
  type Order,
  type OrderLine,
  type OrderListData,
  type OrderListResponse,
  PAGE_SIZE,
  type PurchasedItem,
  paging,
  TIPODOC_ORDER,
} from '@nido/contract';
import { and, eq } from 'drizzle-orm';
import { pedido_lineas, pedido_status_history, pedidos } from '../../db/schema.ts';
import { audit } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { isStaff } from '../../platform/context.ts';
import { Conflict, Invalid, NotFound } from '../../platform/errors.ts';
import { toEuros } from '../../platform/money.ts';
import { escapeLike, searchTerms } from '../../platform/text.ts';
import { findActiveUsersOfClient } from '../account/index.ts';
import { assertCanActFor, resolveClienteId } from '../clients/index.ts';
import { buildLine } from './line-builder.ts';
import { orderListCacheOf } from './list-cache.ts';
import { orderConfirmationMail } from './mails.ts';
import {
  countLines,
  ensureCart,
  findPedido,
  lastPurchasedLines,
  nextDocumNumber,
  type OrderListWhere,
  orderHeader,
  orderHistory,
  orderLines,
  orderListFilter,
} from './queries.ts';

const MADRID = 'Europe/Madrid';
/** A confirmation mail that takes longer than this no longer delays the answer (it still goes). */
const MAIL_WAIT_MS = 10_000;

// ── Scope ─────────────────────────────────────────────────────────────────────────────────────

/**
 * The order if the caller may see it: a client user only its own client's orders, a Representante
 * its clients' orders, an Admin any. Anything else is 404, exactly like a missing order.
 */
async function scopedPedido(ctx: ServiceContext, id: number) {
  const p = await findPedido(ctx.db, id);
  if (!p) throw new NotFound(ORDER_MSG.orderNotFound);
  await assertOrderVisible(ctx, p.cliente_id);
  return p;
}

async function assertOrderVisible(ctx: ServiceContext, clienteId: number) {
  const user = ctx.actor;
  if (user.role === 'Cliente') {
    if (clienteId !== user.cliente_id) throw new NotFound(ORDER_MSG.orderNotFound);
  } else {
    await assertCanActFor(ctx.db, user, clienteId).catch((err) => {
      throw err instanceof NotFound ? new NotFound(ORDER_MSG.orderNotFound) : err;
    });
  }
}

// ── Reading ───────────────────────────────────────────────────────────────────────────────────

/**
 * An order with its lines as the wire carries it. Statements: header, lines with their images (and
 * history), all in parallel: 2 (3 with history) whatever the line count.
 */
export async function readOrder(ctx: ServiceContext, id: number, withHistory = false): Promise<Order> {
  const db = ctx.db;
  const [header, lines, history] = await Promise.all([
    orderHeader(db, id),
    orderLines(db, id),
    withHistory ? orderHistory(db, id) : Promise.resolve(null),
  ]);
  if (!header) throw new NotFound(ORDER_MSG.orderNotFound);
  let totalCents = 0;
  // What the lines that depend on each line cost (its surcharges), by that line's id, cents.
  const dependentCents = new Map<number, number>();
  for (const l of lines) {
    if (l.primary_line_id == null) continue;
    dependentCents.set(
      l.primary_line_id,
      (dependentCents.get(l.primary_line_id) ?? 0) + l.unped * l.precio_cents,
    );
  }
  const detalle: OrderLine[] = lines.map((l) => {
    const importe = l.unped * l.precio_cents;
    totalCents += importe;
    return {
      id: l.id,
      pedido_id: l.pedido_id,
      modelo: { modelo: l.modelo, descripcion: l.descripcion, descripcion_en: l.descripcion_en },
      unped: l.unped,
      precio: toEuros(l.precio_cents),
      importe: toEuros(importe),
      importe_total: toEuros(importe + (dependentCents.get(l.id) ?? 0)),
      parametros_color: (l.parametros_color ?? []) as OrderLine['parametros_color'],
      parametros_bordado: (l.parametros_bordado ?? null) as OrderLine['parametros_bordado'],
      nota: l.nota,
      lineaprimaria: l.primary_line_id ?? 0,
      porte: l.porte,
      imagen: l.imagen,
    };
  });
  const order: Order = {
    id: header.id,
    docum: header.docum,
    cliente_id: header.cliente_id,
    cliente: header.cliente,
    fecha_pedido: header.fecha_pedido ? header.fecha_pedido.toISOString() : null,
    fecha: formatDate(header.fecha_pedido),
    nota: header.nota,
    status: header.status,
    tipodoc: header.tipodoc,
    detalle,
    total: toEuros(totalCents),
  };
  if (history) {
    order.history = history.map((h) => ({
      status: h.status,
      from_status: h.from_status,
      at: h.at.toISOString(),
      user: h.user,
    }));
  }
  return order;
}

/**
 * GET pedido/{id}: a visible order with its lines and status history. The order is read first and
 * its client checked on the header it brings (a foreign order answers 404 like a missing one).
 */
export async function getOrder(ctx: ServiceContext, id: number): Promise<Order> {
  const order = await readOrder(ctx, id, true);
  await assertOrderVisible(ctx, order.cliente_id);
  return order;
}

/**
 * POST pedidos/cliente: the client's open cart, created on first use. `pedido_id`, when given, must
 * be one of the client's orders (else 404); the answer is always the client's current open cart.
 */
export async function getCart(
  ctx: ServiceContext,
  body: { cliente_id?: number | null; pedido_id?: number | null },
): Promise<Order> {
  const db = ctx.db;
  const clienteId = await resolveClienteId(ctx, body.cliente_id);
  if (body.pedido_id) await assertOwnPedido(ctx, body.pedido_id, clienteId);
  const id = await ensureCart(db, clienteId);
  return readOrder(ctx, id);
}

async function assertOwnPedido(ctx: ServiceContext, pedidoId: number, clienteId: number) {
  const p = await findPedido(ctx.db, pedidoId);
  if (!p || p.cliente_id !== clienteId) throw new NotFound(ORDER_MSG.orderNotFound);
}

// ── Changing the cart ─────────────────────────────────────────────────────────────────────────

/**
 * POST pedidos/lineadd: checks the payload against the catalogue, then in one transaction locks the
 * client's open cart (FOR SHARE, so a concurrent submit waits; created on first use) and inserts the
 * line (plus its dependent embroidery-surcharge line). Lines never merge. Answers the cart.
 * A pedido_id naming one of the client's orders that is no longer open (a stale screen after a
 * submit) adds to the client's current cart; naming another client's order is 404.
 */
export async function addLine(ctx: ServiceContext, body: LineAddData): Promise<Order> {
  const db = ctx.db;
  const user = ctx.actor;
  const clienteId = await resolveClienteId(ctx, body.cliente_id);
  if (body.pedido_id) await assertOwnPedido(ctx, body.pedido_id, clienteId);
  const built = await buildLine(db, isStaff(user), body);
  const cartId = await db.transaction(async (tx) => {
    const cart = await ensureCart(tx, clienteId, true);
    const [primary] = await tx
      .insert(pedido_lineas)
      .values({ ...built.primary, pedido_id: cart, created_by: user.id })
      .returning({ id: pedido_lineas.id });
    let dependentId: number | null = null;
    if (built.dependent) {
      const [dep] = await tx
        .insert(pedido_lineas)
        .values({ ...built.dependent, pedido_id: cart, primary_line_id: primary.id, created_by: user.id })
        .returning({ id: pedido_lineas.id });
      dependentId = dep.id;
    }
    await audit(tx, ctx, {
      action: 'pedido.lineadd',
      entity: 'linea',
      entity_id: primary.id,
      acting_cliente_id: clienteId,
      details: {
        pedido_id: cart,
        modelo: built.primary.modelo,
        unped: built.primary.unped,
        precio_cents: built.primary.precio_cents,
        dependent_id: dependentId,
        dependent_precio_cents: built.dependent?.precio_cents ?? null,
      },
    });
    return cart;
  });
  return readOrder(ctx, cartId);
}

/**
 * POST pedidos/lineremove: removes a primary line of an open cart and, through the foreign key's
 * ON DELETE CASCADE, its dependent lines. A dependent line cannot be removed on its own (that would
 * drop a surcharge and keep what it pays for): 422. A submitted order: 409.
 */
export async function removeLine(
  ctx: ServiceContext,
  body: { pedido_id: number; linea_id: number },
): Promise<Order> {
  const ref = await scopedPedido(ctx, body.pedido_id);
  await ctx.db.transaction(async (tx) => {
    const p = await findPedido(tx, ref.id, 'share');
    if (p?.status !== 'c') throw new Conflict(ORDER_MSG.alreadySubmitted);
    const [line] = await tx
      .select({
        id: pedido_lineas.id,
        primary_line_id: pedido_lineas.primary_line_id,
        modelo: pedido_lineas.modelo,
      })
      .from(pedido_lineas)
      .where(and(eq(pedido_lineas.id, body.linea_id), eq(pedido_lineas.pedido_id, p.id)))
      .limit(1);
    if (!line) throw new NotFound(ORDER_MSG.lineNotFound);
    if (line.primary_line_id != null) throw new Invalid({ linea_id: [ORDER_MSG.dependentLine] });
    await tx.delete(pedido_lineas).where(eq(pedido_lineas.id, line.id));
    // Recorded on the order: the line is gone, and the order's audit trail must still show it
    // (admin-queries.ts findPedidoAudit also follows linea_id back to the line's own entries).
    await audit(tx, ctx, {
      action: 'pedido.lineremove',
      entity: 'pedido',
      entity_id: p.id,
      acting_cliente_id: p.cliente_id,
      details: { pedido_id: p.id, linea_id: line.id, modelo: line.modelo },
    });
  });
  return readOrder(ctx, ref.id);
}

/** POST pedidos/savenote: the open cart's note (≤ ORDER_NOTE_MAX). A submitted order: 409. */
export async function saveNote(
  ctx: ServiceContext,
  body: { pedido_id: number; nota_pedido?: string | null },
): Promise<Order> {
  const ref = await scopedPedido(ctx, body.pedido_id);
  const nota = (body.nota_pedido ?? '').trim();
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(pedidos)
      .set({ nota, updated_at: now })
      .where(and(eq(pedidos.id, ref.id), eq(pedidos.status, 'c')))
      .returning({ id: pedidos.id });
    if (!row) throw new Conflict(ORDER_MSG.alreadySubmitted);
    await audit(tx, ctx, {
      action: 'pedido.savenote',
      entity: 'pedido',
      entity_id: ref.id,
      acting_cliente_id: ref.cliente_id,
      details: { nota },
    });
  });
  return readOrder(ctx, ref.id);
}

// ── Submitting ────────────────────────────────────────────────────────────────────────────────

const madridYearFormat = new Intl.DateTimeFormat('en-US', { timeZone: MADRID, year: 'numeric' });

function madridYear(d: Date): number {
  return Number(madridYearFormat.format(d));
}

/**
 * POST pedidos/processOrder: atomic and idempotent. One transaction locks the order row (FOR
 * UPDATE); an open cart with lines gets the year's next docum (`2026-000001`), status w, the date and
 * who submitted it, a history row and an audit row. A second call (or a concurrent one, which waits
 * for the lock) finds it submitted and answers the same order without changing anything. After the
 * commit the confirmation mail goes out; a mail failure is logged and never fails the order.
 */
export async function processOrder(ctx: ServiceContext, pedidoId: number) {
  const ref = await scopedPedido(ctx, pedidoId);
  const user = ctx.actor;
  const now = ctx.clock.now();
  const submitted = await ctx.db.transaction(async (tx) => {
    const p = await findPedido(tx, ref.id, 'update');
    if (!p) throw new NotFound(ORDER_MSG.orderNotFound);
    if (p.status !== 'c') return false;
    if ((await countLines(tx, p.id)) === 0)
      throw new Invalid({ pedido_id: [ORDER_MSG.noLines] }, ORDER_MSG.noLines);
    const year = madridYear(now);
    const n = await nextDocumNumber(tx, year);
    const docum = `${year}-${String(n).padStart(6, '0')}`;
    await tx
      .update(pedidos)
      .set({ status: 'w', docum, fecha_pedido: now, submitted_by: user.id, updated_at: now })
      .where(eq(pedidos.id, p.id));
    await tx
      .insert(pedido_status_history)
      .values({ pedido_id: p.id, from_status: 'c', status: 'w', user_id: user.id, at: now });
    await audit(tx, ctx, {
      action: 'pedido.process',
      entity: 'pedido',
      entity_id: p.id,
      acting_cliente_id: p.cliente_id,
      details: { docum },
    });
    return true;
  });
  const pedido = await readOrder(ctx, ref.id);
  if (submitted) await sendConfirmation(ctx, pedido);
  return { pedido };
}

/**
 * The confirmation goes to the client user who submitted, in their language; when staff submitted
 * for a client, to that client's active users, each in their own language.
 */
async function sendConfirmation(ctx: ServiceContext, order: Order): Promise<void> {
  const user = ctx.actor;
  try {
    const recipients =
      user.role === 'Cliente'
        ? [{ email: user.email, name: user.name, language: user.language }]
        : await findActiveUsersOfClient(ctx.db, order.cliente_id);
    const sending = Promise.allSettled(
      recipients.map((r) => ctx.mailer.send(orderConfirmationMail(r.email, r.name, r.language, order))),
    ).then((results) => {
      for (const r of results) {
        if (r.status === 'rejected')
          ctx.log.error({ err: r.reason, pedido: order.id }, 'order confirmation mail failed');
      }
    });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      sending,
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, MAIL_WAIT_MS);
      }),
    ]);
    clearTimeout(timer);
  } catch (err) {
    ctx.log.error({ err, pedido: order.id }, 'order confirmation mail failed');
  }
}

// ── Orders list ───────────────────────────────────────────────────────────────────────────────

const madridClock = new Intl.DateTimeFormat('en-US', {
  timeZone: MADRID,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** UTC offset of Europe/Madrid at an instant, ms. */
function madridOffsetMs(d: Date): number {
  const parts = madridClock.formatToParts(d);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(d.getTime() / 1000) * 1000;
}

/** Midnight in Madrid of a yyyy-MM-dd day, plus `addDays`. */
function madridMidnight(day: string, addDays = 0): Date | undefined {
  const [y, m, d] = day.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d + addDays);
  if (!Number.isFinite(guess)) return undefined;
  let t = guess - madridOffsetMs(new Date(guess));
  const second = guess - madridOffsetMs(new Date(t));
  if (second !== t) t = second;
  return new Date(t);
}

/**
 * POST pedidos/list: submitted orders (w/p/e) newest first, PAGE_SIZE a page. A client user sees its
 * own client's, a Representante its clients', an Admin all (optionally one client). Filters: dates
 * (Madrid days, inclusive), status, text (document number, or a line's model code/description).
 * Statements: the count and the page (totals by a grouped subquery over the page's ids), 2; the page
 * alone when list-cache.ts knows the count, 1.
 */
export async function listOrders(ctx: ServiceContext, body: OrderListData): Promise<OrderListResponse> {
  const db = ctx.db;
  const user = ctx.actor;
  const nested = body.filters ?? {};
  const f = {
    desde: nested.desde || body.desde || '',
    hasta: nested.hasta || body.hasta || '',
    status: nested.status || body.status || '',
    text: (nested.text ?? body.text ?? '').trim(),
    cliente_id: nested.cliente_id ?? body.cliente_id ?? null,
  };
  const where: OrderListWhere = { tipodoc: (body.tipodoc || TIPODOC_ORDER).toUpperCase() };
  if (user.role === 'Cliente') {
    where.clienteId = await resolveClienteId(ctx, f.cliente_id);
  } else {
    if (f.cliente_id) {
      await assertCanActFor(db, user, f.cliente_id);
      where.clienteId = f.cliente_id;
    }
    if (user.role === 'Representante') where.representanteId = user.id;
  }
  if (f.status) where.status = f.status as 'w' | 'p' | 'e';
  if (f.desde) where.from = madridMidnight(f.desde);
  if (f.hasta) where.to = madridMidnight(f.hasta, 1);
  if (f.text) {
    where.documPattern = `%${escapeLike(f.text)}%`;
    where.modelPatterns = searchTerms(f.text).map((t) => `%${escapeLike(t)}%`);
  }
  const page = body.page;
  const { total, rows } = await orderListCacheOf(db, ctx.config.ORDER_LIST_CACHE_ENTRIES).page(
    db,
    orderListFilter(where),
    (page - 1) * PAGE_SIZE,
    PAGE_SIZE,
  );
  return {
    data: rows.map((r) => ({
      id: r.id,
      docum: r.docum,
      fecha_pedido: r.fecha_pedido ? r.fecha_pedido.toISOString() : null,
      fecha: formatDate(r.fecha_pedido),
      cliente_id: r.cliente_id,
      cliente: r.cliente,
      status: r.status as 'w' | 'p' | 'e',
      nota: r.nota,
      total: toEuros(r.total_cents),
      lineas: r.lineas,
    })),
    meta: paging(total, page, PAGE_SIZE),
  };
}

/**
 * POST modelo/lastPurchased: the last LAST_PURCHASED_MAX distinct configurations the client bought
 * (primary lines of submitted orders, no shipping lines), most recent first, with their details.
 */
export async function lastPurchased(
  ctx: ServiceContext,
  clienteId: number | null | undefined,
): Promise<LastPurchasedResponse> {
  const db = ctx.db;
  const cliente = await resolveClienteId(ctx, clienteId);
  const lines = await lastPurchasedLines(db, cliente, LAST_PURCHASED_MAX);
  const details: Record<string, PurchasedItem> = {};
  for (const l of lines) {
    details[String(l.id)] = {
      id: l.id,
      modelo: l.modelo,
      descripcion: l.descripcion,
      descripcion_en: l.descripcion_en,
      parametros_color: (l.parametros_color ?? []) as PurchasedItem['parametros_color'],
      parametros_bordado: (l.parametros_bordado ?? null) as PurchasedItem['parametros_bordado'],
      nota: l.nota,
      lineaprimaria: 0,
      porte: l.porte,
      unped: l.unped,
      precio: toEuros(l.precio_cents),
      fecha_pedido: l.fecha_pedido ? l.fecha_pedido.toISOString() : null,
      fecha: formatDate(l.fecha_pedido),
      imagen: l.imagen,
    };
  }
  return { ids: lines.map((l) => l.id), details };
}
