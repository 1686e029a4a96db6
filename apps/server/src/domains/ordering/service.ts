import {
  CLIENT_MSG,
  type DeliveryPartDetails,
  type EmbroiderySnapshot,
  earliestDelivery,
  formatDate,
  formatIsoDay,
  LAST_PURCHASED_MAX,
  type LastPurchasedResponse,
  type LineAddData,
  type LineCollectionData,
  type LineReplaceData,
  type Message,
  madridIsoDay,
  modelQuantityError,
  ORDER_MSG,
  type Order,
  type OrderLine,
  type OrderListData,
  type OrderListItem,
  type OrderListResponse,
  PAGE_SIZE,
  type ProcessOrderData,
  type PurchasedItem,
  paging,
  ratesInBasisPoints,
  ratesOn,
  type SaveDetailsData,
  type SubmitConfirmation,
  takesOrders,
  taxBreakdownWire,
} from '@nido/contract';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { pedido_lineas, pedido_status_history, pedidos } from '../../db/schema.ts';
import { type AuditEntry, audit, auditAll } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { isStaff } from '../../platform/context.ts';
import { Conflict, Invalid, NotFound } from '../../platform/errors.ts';
import type { MailMessage } from '../../platform/mail.ts';
import {
  lineDrawing,
  modelQuantityRuleSql,
  outsideWindowMessage,
  previewAddress,
  previewKey,
  readModelCollections,
} from '../catalogue/index.ts';
import {
  assertCanActFor,
  clientTaxRegimeSql,
  deliveryAddressFor,
  findClienteFiscal,
  resolveClienteId,
} from '../clients/index.ts';
import {
  type DeliveryPart,
  deliveryDayError,
  deliveryParts,
  lineCollectionChoices,
  lineCollectionOut,
  linesOutOfWindow,
} from './deliveries.ts';
import { type DocumentParties, orderDocumentAttachment } from './document.ts';
import {
  type BuiltLine,
  BY_ID,
  buildLine,
  clientLineCatalogue,
  optionIdsOf,
  orderDayOf,
  windowAuditOf,
  withWarnings,
} from './line-builder.ts';
import { orderListCacheOf } from './list-cache.ts';
import { orderListWhere } from './list-filter.ts';
import { newOrderMail, orderConfirmationMail } from './mails.ts';
import { notifyOrdersSubmitted } from './notify.ts';
import { checkOrderMinimum, minimumAuditOf, minimumState, minimumWarning } from './order-minimum.ts';
import { orderTaxes } from './order-tax.ts';
import {
  cartDeliveriesOut,
  lineMoneyOut,
  listedTotalsOut,
  orderMinimumOut,
  orderMoneyOut,
  unitPriceOut,
} from './present.ts';
import {
  clientMailRecipients,
  ensureCart,
  findPedido,
  lastPurchasedLines,
  lockOrderForSubmit,
  nextDocumNumber,
  orderHeader,
  orderHistory,
  orderLines,
  orderListFilter,
} from './queries.ts';
import { moveSales } from './sales.ts';
import { deliveryLeadDays, newOrderMailList } from './settings.ts';
import { syncShippingLine } from './shipping.ts';

const MADRID = 'Europe/Madrid';

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

export async function assertOrderVisible(ctx: ServiceContext, clienteId: number, db: Db | Tx = ctx.db) {
  const user = ctx.actor;
  if (user.role === 'Cliente') {
    if (clienteId !== user.cliente_id) throw new NotFound(ORDER_MSG.orderNotFound);
  } else {
    await assertCanActFor(db, user, clienteId).catch((err) => {
      throw err instanceof NotFound ? new NotFound(ORDER_MSG.orderNotFound) : err;
    });
  }
}

// ── Reading ───────────────────────────────────────────────────────────────────────────────────

/**
 * An order with its lines as the wire carries it. Statements: header, lines with their images (and
 * history), all in parallel: 2 (3 with history) whatever the line count.
 */
export async function readOrder(
  ctx: Pick<ServiceContext, 'db' | 'clock'>,
  id: number,
  withHistory = false,
): Promise<Order> {
  const db = ctx.db;
  const [header, lines, history, key] = await Promise.all([
    orderHeader(db, id),
    orderLines(db, id),
    withHistory ? orderHistory(db, id) : Promise.resolve(null),
    previewKey(db),
  ]);
  if (!header) throw new NotFound(ORDER_MSG.orderNotFound);
  const today = madridIsoDay(ctx.clock.now());
  let totalCents = 0;
  let goodsCents = 0;
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
    if (!l.porte) goodsCents += importe;
    return {
      id: l.id,
      pedido_id: l.pedido_id,
      // The shipping line has no model: its code is '' and its description says what it is.
      modelo: { modelo: l.modelo ?? '', descripcion: l.descripcion, descripcion_en: l.descripcion_en },
      unped: l.unped,
      cantidad_minima: l.cantidad_minima,
      multiplo: l.multiplo,
      ...lineMoneyOut(l, importe, importe + (dependentCents.get(l.id) ?? 0)),
      parametros_color: (l.parametros_color ?? []) as OrderLine['parametros_color'],
      parametros_bordado: (l.parametros_bordado ?? null) as OrderLine['parametros_bordado'],
      nota: l.nota,
      lineaprimaria: l.primary_line_id ?? 0,
      porte: l.porte,
      imagen: l.imagen,
      bordado_preview: previewAddress(
        key,
        lineDrawing(l.dibujo, l.parametros_bordado as EmbroiderySnapshot | null),
      ),
      coleccion: lineCollectionOut(l.coleccion, today),
      colecciones: header.status === 'c' ? lineCollectionChoices(l.colecciones, today) : [],
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
    referencia: header.referencia,
    fecha_entrega: header.fecha_entrega,
    entrega: (header.entrega ?? null) as Order['entrega'],
    direccion_id: header.direccion_id,
    factura:
      header.factura_id != null
        ? { id: header.factura_id, numero: header.factura_numero ?? '', fecha: header.factura_fecha ?? '' }
        : null,
    status: header.status,
    tipodoc: header.tipodoc,
    detalle,
    entrega_desde: header.entrega_desde,
    entrega_hasta: header.entrega_hasta,
    entregas: header.status === 'c' ? cartDeliveriesOut(lines) : [],
    lote: header.lote ?? [],
    ...orderMoneyOut(header.porte_gratis_desde_cents, totalCents),
    pedido_minimo: orderMinimumOut(
      minimumState(header.pedido_minimo_cents, header.primer_pedido, goodsCents),
    ),
    impuestos: taxBreakdownWire(
      orderTaxes(
        lines.map((l) => l.unped * l.precio_cents),
        header,
        header.client_regimen,
        ctx.clock.now(),
      ),
    ),
  };
  if (history) {
    order.history = history.map((h) => ({
      status: h.status,
      from_status: h.from_status,
      at: h.at.toISOString(),
      user: h.user,
      reason: h.reason,
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
 * GET pedido/{id}/pdf: a visible, submitted order (the cart has no document yet: 409) with who
 * issues it and who receives it, for document.ts.
 */
export async function orderDocument(ctx: ServiceContext, id: number) {
  const order = await getOrder(ctx, id);
  if (order.status === 'c') throw new Conflict(ORDER_MSG.notSubmitted);
  return { order, parties: await documentParties(ctx, ctx.db, order) };
}

/** Who issues an order's documents (the maker, from the configuration) and who receives them. */
export async function documentParties(
  ctx: Pick<ServiceContext, 'config'>,
  db: Db | Tx,
  order: Order,
): Promise<DocumentParties> {
  const client = await findClienteFiscal(db, order.cliente_id);
  const { MAKER_NAME, MAKER_TAX_ID, MAKER_ADDRESS } = ctx.config;
  return {
    maker: { name: MAKER_NAME, taxId: MAKER_TAX_ID, address: MAKER_ADDRESS },
    client: {
      name: client?.nombre || order.cliente,
      taxId: client?.cif ?? '',
      address: [
        client?.direccion ?? '',
        [client?.cp, client?.poblacion].filter(Boolean).join(' '),
        [client?.provincia, client?.pais].filter(Boolean).join(', '),
      ].filter(Boolean),
    },
  };
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

export async function assertOwnPedido(ctx: ServiceContext, pedidoId: number, clienteId: number) {
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
  const clienteId = await resolveClienteId(ctx, body.cliente_id);
  if (body.pedido_id) await assertOwnPedido(ctx, body.pedido_id, clienteId);
  const catalogue = await clientLineCatalogue(ctx, clienteId, [body.modelo], optionIdsOf(body), BY_ID);
  const built = buildLine(catalogue, isStaff(ctx.actor), body);
  const cartId = await ctx.db.transaction((tx) => insertLines(tx, ctx, clienteId, [built]));
  return withWarnings(await readOrder(ctx, cartId), [built]);
}

/**
 * Inserts built lines into the client's open cart (locked FOR SHARE, so a concurrent submit waits;
 * created on first use), each primary line with its dependent surcharge line, and one audit entry
 * per line. Statements: the cart, the primary lines, the dependent lines, the audit entries,
 * whatever the number of lines. Answers the cart's id.
 */
export async function insertLines(
  tx: Tx,
  ctx: ServiceContext,
  clienteId: number,
  lines: readonly BuiltLine[],
): Promise<number> {
  const cart = await ensureCart(tx, clienteId, true);
  const createdBy = ctx.actor.id;
  // One insert: the ids come back in the order of the values (a serial, assigned row by row).
  const primaries = await tx
    .insert(pedido_lineas)
    .values(lines.map((l) => ({ ...l.primary, pedido_id: cart, created_by: createdBy })))
    .returning({ id: pedido_lineas.id });
  const dependents = lines.flatMap((l, i) =>
    l.dependent
      ? [{ ...l.dependent, pedido_id: cart, primary_line_id: primaries[i].id, created_by: createdBy }]
      : [],
  );
  const dependentIds = new Map<number, number>();
  if (dependents.length > 0) {
    const rows = await tx
      .insert(pedido_lineas)
      .values(dependents)
      .returning({ id: pedido_lineas.id, primary_line_id: pedido_lineas.primary_line_id });
    for (const r of rows) dependentIds.set(r.primary_line_id!, r.id);
  }
  await auditAll(
    tx,
    ctx,
    lines.map((l, i) => ({
      action: 'pedido.lineadd',
      entity: 'linea' as const,
      entity_id: primaries[i].id,
      acting_cliente_id: clienteId,
      details: {
        pedido_id: cart,
        modelo: l.primary.modelo,
        unped: l.primary.unped,
        precio_cents: l.primary.precio_cents,
        dependent_id: dependentIds.get(primaries[i].id) ?? null,
        dependent_precio_cents: l.dependent?.precio_cents ?? null,
        ...windowAuditOf(l),
      },
    })),
  );
  await syncShippingLine(tx, cart, clienteId);
  return cart;
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
  return changeCartLine(ctx, ref.id, body.linea_id, async (tx, p, line) => {
    await tx.delete(pedido_lineas).where(eq(pedido_lineas.id, line.id));
    // Recorded on the order: the line is gone, and the order's audit trail must still show it
    // (admin-queries.ts findPedidoAudit also follows linea_id back to the line's own entries).
    return {
      action: 'pedido.lineremove',
      entity: 'pedido',
      entity_id: p.id,
      details: { pedido_id: p.id, linea_id: line.id, modelo: line.modelo },
    };
  });
}

/**
 * A primary line of the open cart `pedidoId`, inside `tx` with the cart locked FOR SHARE (a
 * concurrent submit waits): 409 once submitted, 404 for a line not in it, 422 for a dependent line
 * (a surcharge follows its line and is never changed on its own).
 */
async function lockedCartLine(tx: Tx, pedidoId: number, lineaId: number) {
  const p = await findPedido(tx, pedidoId, 'share');
  if (p?.status !== 'c') throw new Conflict(ORDER_MSG.alreadySubmitted);
  const [line] = await tx
    .select({
      id: pedido_lineas.id,
      primary_line_id: pedido_lineas.primary_line_id,
      modelo: pedido_lineas.modelo,
      unped: pedido_lineas.unped,
      porte: pedido_lineas.porte,
      // The model's quantity rule now, for a quantity change (line-rules.ts).
      ...modelQuantityRuleSql(pedido_lineas.modelo),
    })
    .from(pedido_lineas)
    .where(and(eq(pedido_lineas.id, lineaId), eq(pedido_lineas.pedido_id, p.id)))
    .limit(1);
  if (!line) throw new NotFound(ORDER_MSG.lineNotFound);
  if (line.primary_line_id != null) throw new Invalid({ linea_id: [ORDER_MSG.dependentLine] });
  // The shipping line follows the goods and the price list (shipping.ts), never the user.
  if (line.porte) throw new Invalid({ linea_id: [ORDER_MSG.shippingLine] }, ORDER_MSG.shippingLine);
  return { pedido: p, line };
}

type CartLine = Awaited<ReturnType<typeof lockedCartLine>>;

/**
 * A change of one primary line of the open cart `pedidoId`, in one transaction: the line locked
 * (lockedCartLine), changed by `change`, which answers what to audit (null: nothing changed, nothing
 * recorded), then the shipping line follows the goods and the change is audited. Answers the cart.
 */
async function changeCartLine(
  ctx: ServiceContext,
  pedidoId: number,
  lineaId: number,
  change: (
    tx: Tx,
    pedido: CartLine['pedido'],
    line: CartLine['line'],
  ) => Promise<Omit<AuditEntry, 'acting_cliente_id'> | null>,
): Promise<Order> {
  await ctx.db.transaction(async (tx) => {
    const { pedido, line } = await lockedCartLine(tx, pedidoId, lineaId);
    const entry = await change(tx, pedido, line);
    if (!entry) return;
    await syncShippingLine(tx, pedido.id, pedido.cliente_id);
    await audit(tx, ctx, { ...entry, acting_cliente_id: pedido.cliente_id });
  });
  return readOrder(ctx, pedidoId);
}

/**
 * POST pedidos/linequantity: a cart line's new quantity; its dependent lines (the embroidery
 * surcharge, one per unit) take the same quantity, so the line's amount stays whole. A quantity
 * breaking the model's minimum or pack size is refused (422 on `cantidad`), staff included; the
 * unchanged quantity is never re-checked. Answers the cart.
 */
export async function changeQuantity(
  ctx: ServiceContext,
  body: { pedido_id: number; linea_id: number; cantidad: number },
): Promise<Order> {
  const ref = await scopedPedido(ctx, body.pedido_id);
  return changeCartLine(ctx, ref.id, body.linea_id, async (tx, pedido, line) => {
    if (line.unped === body.cantidad) return null;
    // The model's minimum and pack size, for everyone (staff too), never rounded.
    const broken = modelQuantityError(body.cantidad, line);
    if (broken) throw new Invalid({ cantidad: [broken] });
    await tx
      .update(pedido_lineas)
      .set({ unped: body.cantidad })
      .where(or(eq(pedido_lineas.id, line.id), eq(pedido_lineas.primary_line_id, line.id)));
    return {
      action: 'pedido.linequantity',
      entity: 'linea',
      entity_id: line.id,
      details: { pedido_id: pedido.id, modelo: line.modelo, from: line.unped, to: body.cantidad },
    };
  });
}

/**
 * POST pedidos/linecollection: the collection a cart line is ordered through, and so its delivery
 * window (record 054). It must be one of the model's collections; a shop's must take orders today,
 * staff may choose a closed one (warned, and the audit row says so). The line's surcharges follow it.
 */
export async function changeCollection(ctx: ServiceContext, body: LineCollectionData): Promise<Order> {
  const ref = await scopedPedido(ctx, body.pedido_id);
  const staff = isStaff(ctx.actor);
  const { today, lang } = orderDayOf(ctx);
  let warning: Message | null = null;
  const order = await changeCartLine(ctx, ref.id, body.linea_id, async (tx, pedido, line) => {
    const collections = (await readModelCollections(tx, [line.modelo!]))(line.modelo!);
    const chosen = collections.find((c) => c.id === body.coleccion_id);
    if (!chosen) throw new Invalid({ coleccion_id: [ORDER_MSG.collectionNotOffered] });
    if (!takesOrders(chosen, today)) {
      warning = outsideWindowMessage(chosen, lang);
      if (!staff) throw new Invalid({ coleccion_id: [warning] });
    }
    await tx
      .update(pedido_lineas)
      .set({ colecciones_id: chosen.id })
      .where(or(eq(pedido_lineas.id, line.id), eq(pedido_lineas.primary_line_id, line.id)));
    return {
      action: 'pedido.linecollection',
      entity: 'linea',
      entity_id: line.id,
      details: {
        pedido_id: pedido.id,
        modelo: line.modelo,
        colecciones_id: chosen.id,
        ...(warning ? { fuera_de_ventana: true } : {}),
      },
    };
  });
  return warning ? { ...order, avisos: [warning] } : order;
}

/**
 * POST pedidos/lineremoveclosed: checkout's one action for the lines whose collection stopped taking
 * orders while they sat in the cart (record 054): every such line goes, with its surcharges, in one
 * transaction and one audit row. None: the cart as it is.
 */
export async function removeClosedLines(ctx: ServiceContext, body: { pedido_id: number }): Promise<Order> {
  const ref = await scopedPedido(ctx, body.pedido_id);
  const { today } = orderDayOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const p = await findPedido(tx, ref.id, 'share');
    if (p?.status !== 'c') throw new Conflict(ORDER_MSG.alreadySubmitted);
    const closed = linesOutOfWindow(await orderLines(tx, p.id), today);
    if (closed.length === 0) return;
    await tx.delete(pedido_lineas).where(
      inArray(
        pedido_lineas.id,
        closed.map((l) => l.id),
      ),
    );
    await syncShippingLine(tx, p.id, p.cliente_id);
    await audit(tx, ctx, {
      action: 'pedido.lineremoveclosed',
      entity: 'pedido',
      entity_id: p.id,
      acting_cliente_id: p.cliente_id,
      details: { pedido_id: p.id, lineas: closed.map((l) => ({ linea_id: l.id, modelo: l.modelo })) },
    });
  });
  return readOrder(ctx, ref.id);
}

/**
 * POST pedidos/linereplace: Edit in the cart. The new configuration is checked like an added line
 * (422 with the same per-field errors); then, in one transaction, the line takes the new values in
 * place (its id and place in the cart stay) and its dependent lines are replaced by the new ones.
 */
export async function replaceLine(ctx: ServiceContext, body: LineReplaceData): Promise<Order> {
  const ref = await scopedPedido(ctx, body.pedido_id);
  const catalogue = await clientLineCatalogue(ctx, ref.cliente_id, [body.modelo], optionIdsOf(body), BY_ID);
  const built = buildLine(catalogue, isStaff(ctx.actor), body);
  const order = await changeCartLine(ctx, ref.id, body.linea_id, async (tx, pedido, line) => {
    await tx.update(pedido_lineas).set(built.primary).where(eq(pedido_lineas.id, line.id));
    await tx.delete(pedido_lineas).where(eq(pedido_lineas.primary_line_id, line.id));
    if (built.dependent) {
      await tx.insert(pedido_lineas).values({
        ...built.dependent,
        pedido_id: pedido.id,
        primary_line_id: line.id,
        created_by: ctx.actor.id,
      });
    }
    return {
      action: 'pedido.linereplace',
      entity: 'linea',
      entity_id: line.id,
      details: {
        pedido_id: pedido.id,
        from_modelo: line.modelo,
        modelo: built.primary.modelo,
        unped: built.primary.unped,
        precio_cents: built.primary.precio_cents,
        dependent_precio_cents: built.dependent?.precio_cents ?? null,
        ...windowAuditOf(built),
      },
    };
  });
  return withWarnings(order, [built]);
}

/** POST pedidos/savenote: the open cart's note (≤ ORDER_NOTE_MAX). A submitted order: 409. */
export async function saveNote(
  ctx: ServiceContext,
  body: { pedido_id: number; nota_pedido?: string | null },
): Promise<Order> {
  const ref = await scopedPedido(ctx, body.pedido_id);
  const nota = (body.nota_pedido ?? '').trim();
  return saveCartFields(ctx, ref, 'pedido.savenote', { nota });
}

/**
 * Keeps `fields` on the open cart `ref` and records them as the audit entry `action`, in one
 * transaction, after `check` (run inside it). A submitted order: 409. Answers the cart.
 */
async function saveCartFields(
  ctx: ServiceContext,
  ref: { id: number; cliente_id: number },
  action: string,
  fields: { nota: string } | Partial<CartDetails>,
  check?: (tx: Tx) => Promise<void>,
): Promise<Order> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await check?.(tx);
    const [row] = await tx
      .update(pedidos)
      .set({ ...fields, updated_at: now })
      .where(and(eq(pedidos.id, ref.id), eq(pedidos.status, 'c')))
      .returning({ id: pedidos.id });
    if (!row) throw new Conflict(ORDER_MSG.alreadySubmitted);
    await audit(tx, ctx, {
      action,
      entity: 'pedido',
      entity_id: ref.id,
      acting_cliente_id: ref.cliente_id,
      details: fields,
    });
  });
  return readOrder(ctx, ref.id);
}

// ── Checkout details ──────────────────────────────────────────────────────────────────────────

/** What the checkout keeps with the cart (product.md §4.6) and submission takes. */
interface CartDetails {
  referencia: string;
  fecha_entrega: string | null;
  direccion_id: number | null;
}

/** The details a call names, normalised; a field it leaves out stays as the cart has it. */
function namedDetails(body: SaveDetailsData): Partial<CartDetails> {
  const named: Partial<CartDetails> = {};
  if (body.referencia !== undefined) named.referencia = body.referencia;
  if (body.fecha_entrega !== undefined) named.fecha_entrega = body.fecha_entrega || null;
  if (body.direccion_id !== undefined) named.direccion_id = body.direccion_id || null;
  return named;
}

/**
 * The checks the schema cannot make, every field at once (one 422 naming each): the delivery date
 * not before today plus the lead time, the address one of the cart's client's.
 */
async function checkDetails(ctx: ServiceContext, tx: Tx, clienteId: number, details: Partial<CartDetails>) {
  const errors: Record<string, Message[]> = {};
  if (details.fecha_entrega) {
    const earliest = earliestDelivery(madridIsoDay(ctx.clock.now()), await deliveryLeadDays(tx));
    if (details.fecha_entrega < earliest) {
      errors.fecha_entrega = [ORDER_MSG.deliveryTooSoon({ date: formatIsoDay(earliest) })];
    }
  }
  if (details.direccion_id != null) {
    await deliveryAddressFor(tx, clienteId, details.direccion_id).catch((err) => {
      if (!(err instanceof NotFound)) throw err;
      errors.direccion_id = [CLIENT_MSG.addressNotFound];
    });
  }
  if (Object.keys(errors).length > 0) throw new Invalid(errors);
}

/**
 * POST pedidos/savedetails: the checkout's reference, delivery date and address kept with the open
 * cart as they are typed, checked as submission checks them (all or nothing). A submitted order: 409.
 */
export async function saveDetails(ctx: ServiceContext, body: SaveDetailsData): Promise<Order> {
  const ref = await scopedPedido(ctx, body.pedido_id);
  const details = namedDetails(body);
  return saveCartFields(ctx, ref, 'pedido.savedetails', details, (tx) =>
    checkDetails(ctx, tx, ref.cliente_id, details),
  );
}

// ── Submitting ────────────────────────────────────────────────────────────────────────────────

const madridYearFormat = new Intl.DateTimeFormat('en-US', { timeZone: MADRID, year: 'numeric' });

function madridYear(d: Date): number {
  return Number(madridYearFormat.format(d));
}

/**
 * POST pedidos/processOrder: atomic and idempotent. One transaction locks the order row (FOR
 * UPDATE); an open cart with lines gets the year's next docum (`2026-000001`), status w, the date and
 * who submitted it, a history row and an audit row. A cart whose lines ship in several delivery
 * windows (record 054) becomes one order per window in that transaction, each with its number, its
 * shipping line, its reference and wanted date (inside its window); the first keeps the cart's row,
 * and all share `lote_id`. A shop cannot submit lines whose collection stopped taking orders; staff
 * can, warned and audited. A second call (or a concurrent one, which waits for the lock) finds it
 * submitted and answers the same orders without changing anything. The confirmation mail, one for
 * all the orders, is written to the outbox in the same transaction: it goes once it commits, and the
 * answer never waits for the mail server.
 */
export async function processOrder(ctx: ServiceContext, body: ProcessOrderData) {
  const user = ctx.actor;
  const now = ctx.clock.now();
  const { today } = orderDayOf(ctx);
  const submitted = await ctx.db.transaction(async (tx) => {
    // Locked, then scoped: a foreign order is a 404 like a missing one, its lock gone with the rollback.
    const p = await lockOrderForSubmit(tx, body.pedido_id);
    if (!p) throw new NotFound(ORDER_MSG.orderNotFound);
    await assertOrderVisible(ctx, p.cliente_id, tx);
    if (p.status !== 'c') return null;
    // What the checkout kept with the cart, overridden by what this call names; a date kept days
    // ago is checked against today's earliest.
    const saved = p;
    const details: CartDetails = {
      referencia: saved.referencia ?? '',
      fecha_entrega: saved.fecha_entrega ?? null,
      direccion_id: saved.direccion_id ?? null,
      ...namedDetails(body),
    };
    await checkDetails(ctx, tx, p.cliente_id, details);
    const lines = await orderLines(tx, p.id);
    const parts = deliveryParts(lines);
    if (parts.length === 0) throw new Invalid({ pedido_id: [ORDER_MSG.noLines] }, ORDER_MSG.noLines);
    // Lines whose collection stopped taking orders while they sat in the cart (record 054).
    const closed = linesOutOfWindow(lines, today);
    if (closed.length > 0 && !isStaff(user)) {
      const message = ORDER_MSG.closedLines({ count: closed.length });
      throw new Invalid({ pedido_id: [message] }, message);
    }
    // The price list's minimum order value, over the goods of the whole submission (order-minimum.ts).
    const goodsCents = parts.reduce((sum, part) => sum + part.goodsCents, 0);
    const belowMinimum = await checkOrderMinimum(ctx, tx, p.cliente_id, goodsCents);
    const partDetails = await deliveryDetails(ctx, tx, parts, details, body.entregas ?? []);
    // Every order keeps a copy of the address: a later edit of the client's address never changes it.
    const entrega = await deliveryAddressFor(tx, p.cliente_id, details.direccion_id);
    const year = madridYear(now);
    const lote_id = parts.length > 1 ? p.id : null;
    const ids: number[] = [];
    for (const [i, part] of parts.entries()) {
      const n = await nextDocumNumber(tx, year);
      const values = {
        status: 'w' as const,
        docum: `${year}-${String(n).padStart(6, '0')}`,
        fecha_pedido: now,
        submitted_by: user.id,
        updated_at: now,
        ...partDetails[i],
        entrega_desde: part.entrega_desde,
        entrega_hasta: part.entrega_hasta,
        lote_id,
        // The order keeps the copy; the choice was the cart's.
        direccion_id: null,
        entrega,
        ...ratesInBasisPoints(ratesOn(today)),
      };
      if (i === 0) {
        // The taxes are frozen as they are on the day of submission (queries.ts orderHeader).
        await tx
          .update(pedidos)
          .set({ ...values, regimen_fiscal: clientTaxRegimeSql(pedidos.cliente_id) })
          .where(eq(pedidos.id, p.id));
        ids.push(p.id);
        continue;
      }
      // A later delivery: a new order with the cart's note, its lines (and their surcharges) moved.
      const [row] = await tx
        .insert(pedidos)
        .values({
          ...values,
          cliente_id: p.cliente_id,
          nota: saved.nota ?? '',
        })
        .returning({ id: pedidos.id });
      await tx
        .update(pedido_lineas)
        .set({ pedido_id: row.id })
        .where(
          or(inArray(pedido_lineas.id, part.lineIds), inArray(pedido_lineas.primary_line_id, part.lineIds)),
        );
      ids.push(row.id);
    }
    // The later deliveries' orders freeze the taxes as the first did.
    if (ids.length > 1)
      await tx
        .update(pedidos)
        .set({ regimen_fiscal: clientTaxRegimeSql(pedidos.cliente_id) })
        .where(inArray(pedidos.id, ids.slice(1)));
    // Each order goes with the shipping rule in force now, on its own goods.
    for (const id of ids) await syncShippingLine(tx, id, p.cliente_id);
    await tx
      .insert(pedido_status_history)
      .values(ids.map((id) => ({ pedido_id: id, from_status: 'c', status: 'w', user_id: user.id, at: now })));
    const orders: Order[] = [];
    for (const id of ids) orders.push(await readOrder({ ...ctx, db: tx }, id));
    const outOfWindow = closed.map((l) => ({
      linea_id: l.id,
      modelo: l.modelo,
      colecciones_id: l.coleccion!.id,
    }));
    await auditAll(
      tx,
      ctx,
      orders.map((o) => ({
        action: 'pedido.process',
        entity: 'pedido' as const,
        entity_id: o.id,
        acting_cliente_id: p.cliente_id,
        details: {
          docum: o.docum,
          ...(lote_id ? { lote_id } : {}),
          // Staff submitted lines out of their collections' order windows (record 054).
          ...(outOfWindow.length > 0 ? { fuera_de_ventana: outOfWindow } : {}),
          ...minimumAuditOf(belowMinimum),
        },
      })),
    );
    const { mails, confirmacion } = await confirmationMails(ctx, tx, orders);
    // The Admin's new-order list (ordering settings): one mail per address, in the list's language.
    const list = await newOrderMailList(tx);
    const listMails = list.emails.map((to) => newOrderMail(to, list.language, orders, ctx.config.publicUrl));
    await ctx.mail.enqueue(tx, [...mails, ...listMails]);
    // Every active Admin and the client's Representante are told (record 058).
    await notifyOrdersSubmitted(ctx, tx, p.cliente_id, ids);
    // The dashboard's figures count them from this transaction on (record 055). Last: every submission
    // updates the same all-clients rows of this week, so their locks are held for the commit only.
    await moveSales(tx, ids, 'c', 'w');
    // What staff are warned of: lines out of their window, a submission below the minimum.
    const closedWarning =
      closed.length > 0 ? { avisos: [ORDER_MSG.closedLines({ count: closed.length })] } : {};
    const first = minimumWarning({ ...orders[0], ...closedWarning }, belowMinimum);
    return { pedido: first, pedidos: [first, ...orders.slice(1)], confirmacion };
  });
  if (submitted) {
    ctx.mail.wake();
    return submitted;
  }
  // Submitted already: the orders it became.
  const first = await readOrder(ctx, body.pedido_id);
  const rest: Order[] = [];
  for (const o of first.lote) if (o.id !== first.id) rest.push(await readOrder(ctx, o.id));
  return { pedido: first, pedidos: [first, ...rest], confirmacion: null };
}

/**
 * Each delivery's reference and wanted date (record 054): its own in `named` (by `clave`), else the
 * cart's; a date must fall inside its delivery window and, when its own, not before today's earliest.
 * One 422 naming every field at fault: `fecha_entrega` for the cart's date,
 * `entregas.<clave>.fecha_entrega` for a delivery's.
 */
async function deliveryDetails(
  ctx: ServiceContext,
  tx: Tx,
  parts: readonly DeliveryPart[],
  cart: CartDetails,
  named: readonly DeliveryPartDetails[],
): Promise<Array<{ referencia: string; fecha_entrega: string | null }>> {
  const byClave = new Map(named.map((n) => [n.clave, n]));
  const errors: Record<string, Message[]> = {};
  let earliest: string | null = null;
  const out = [];
  for (const part of parts) {
    const own = byClave.get(part.clave);
    const ownDate = own?.fecha_entrega === undefined ? undefined : own.fecha_entrega || null;
    const fecha = ownDate === undefined ? cart.fecha_entrega : ownDate;
    const field = ownDate === undefined ? 'fecha_entrega' : `entregas.${part.clave}.fecha_entrega`;
    if (ownDate) {
      earliest ??= earliestDelivery(madridIsoDay(ctx.clock.now()), await deliveryLeadDays(tx));
      if (ownDate < earliest) errors[field] = [ORDER_MSG.deliveryTooSoon({ date: formatIsoDay(earliest) })];
    }
    const outside = fecha && !errors[field] ? deliveryDayError(fecha, part) : null;
    if (outside) errors[field] = [outside];
    out.push({ referencia: own?.referencia?.trim() || cart.referencia, fecha_entrega: fecha });
  }
  if (Object.keys(errors).length > 0) throw new Invalid(errors);
  return out;
}

/**
 * The confirmation goes to the client user who submitted, in their language. When staff submitted
 * for a client, it goes to that client's active users, each in their own language, or, when it has
 * none, to the client's own email (in Spanish, the portal's language); and a copy to the staff
 * member, so someone is always told. The answer names them, for the screen to say who was mailed.
 */
async function confirmationMails(
  ctx: ServiceContext,
  tx: Tx,
  orders: readonly Order[],
): Promise<{ mails: MailMessage[]; confirmacion: SubmitConfirmation }> {
  const order = orders[0];
  const user = ctx.actor;
  const me = { email: user.email, name: user.name, language: user.language };
  let recipients: Array<typeof me> = [me];
  let copy: typeof me | null = null;
  if (user.role !== 'Cliente') {
    recipients = await clientMailRecipients(tx, order.cliente_id);
    copy = recipients.some((r) => r.email === me.email) ? null : me;
  }
  const all = copy ? [...recipients, copy] : recipients;
  // Each recipient gets every order's confirmation PDF in their language, drawn by the sender.
  const mails = all.map((r) => ({
    ...orderConfirmationMail(r.email, r.name, r.language, orders, ctx.config.publicUrl),
    attachments: orders.map((o) => orderDocumentAttachment(o, r.language)),
  }));
  return {
    mails,
    confirmacion: { destinatarios: recipients.map((r) => r.email), copia: copy?.email ?? null },
  };
}

// ── Orders list ───────────────────────────────────────────────────────────────────────────────

/**
 * POST pedidos/list: submitted orders (w/p/e) newest first, PAGE_SIZE a page. A client user sees its
 * own client's, a Representante its clients', an Admin all (optionally one client). Filters: dates
 * (Madrid days, inclusive), status, text (document number, or a line's model code/description).
 * Statements: the count and the page (totals by a grouped subquery over the page's ids), 2; the page
 * alone when list-cache.ts knows the count, 1.
 */
export async function listOrders(ctx: ServiceContext, body: OrderListData): Promise<OrderListResponse> {
  const db = ctx.db;
  const where = await orderListWhere(ctx, body);
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
      status: r.status as OrderListItem['status'],
      factura: r.factura,
      nota: r.nota,
      referencia: r.referencia,
      fecha_entrega: r.fecha_entrega,
      ...listedTotalsOut(r, ctx.clock.now()),
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
      precio: unitPriceOut(l.precio_cents),
      fecha_pedido: l.fecha_pedido ? l.fecha_pedido.toISOString() : null,
      fecha: formatDate(l.fecha_pedido),
      imagen: l.imagen,
    };
  }
  return { ids: lines.map((l) => l.id), details };
}
