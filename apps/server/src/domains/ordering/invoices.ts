/**
 * Invoices (decision 045). The Admin invoices a submitted order: the invoice takes the next number
 * of its year's series (`F2026-000123`) and today's date (Madrid), a pending order becomes
 * processed, and the shop's users are told by mail with the invoice attached, all in one transaction. The series has no gaps: the number comes
 * from invoice_counters' row for the year, whose lock makes a concurrent invoicing wait until this
 * one commits or rolls back (and a rollback gives the number back). An order has at most one
 * invoice (facturas.pedido_id is unique; the order row is locked first).
 */
import {
  type InvoiceListItem,
  type InvoiceListResponse,
  madridIsoDay,
  ORDER_MSG,
  PAGE_SIZE,
  paging,
} from '@nido/contract';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { facturas, invoice_counters, pedido_lineas, pedidos } from '../../db/schema.ts';
import { audit } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { Conflict, NotFound } from '../../platform/errors.ts';
import type { MailMessage } from '../../platform/mail.ts';
import { escapeLike } from '../../platform/text.ts';
import { findActiveUsersOfClient } from '../account/index.ts';
import { clientNameSql, representativeClientIdsSql, resolveClienteId } from '../clients/index.ts';
import { recordStatusChange } from './admin-service.ts';
import { orderDocumentAttachment } from './document.ts';
import { invoiceMail } from './mails.ts';
import { orderTaxes } from './order-tax.ts';
import { invoiceMoneyOut } from './present.ts';
import { findPedido } from './queries.ts';
import { documentParties, readOrder } from './service.ts';

/** The invoice number `F<year>-<six digits>`. */
export function invoiceNumber(year: number, n: number): string {
  return `F${year}-${String(n).padStart(6, '0')}`;
}

/** The year's next invoice number, in the caller's transaction (the counter row stays locked until it ends). */
async function nextInvoiceNumber(tx: Tx, year: number): Promise<number> {
  const [row] = await tx
    .insert(invoice_counters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoice_counters.year, set: { last: sql`${invoice_counters.last} + 1` } })
    .returning({ last: invoice_counters.last });
  return row.last;
}

/** The sum of an order's lines, cents: the invoice's tax base. */
const baseCents =
  sql<number>`(select coalesce(sum(${pedido_lineas.unped} * ${pedido_lineas.precio_cents}), 0) from ${pedido_lineas} where ${pedido_lineas.pedido_id} = ${pedidos.id})`.mapWith(
    Number,
  );

const listColumns = {
  id: facturas.id,
  numero: facturas.numero,
  fecha: facturas.fecha,
  pedido_id: facturas.pedido_id,
  docum: pedidos.docum,
  cliente_id: pedidos.cliente_id,
  cliente: clientNameSql(pedidos.cliente_id),
  referencia: pedidos.referencia,
  fecha_entrega: pedidos.fecha_entrega,
  base_cents: baseCents,
  regimen_fiscal: pedidos.regimen_fiscal,
  iva_bp: pedidos.iva_bp,
  re_bp: pedidos.re_bp,
};
type InvoiceRow = Awaited<ReturnType<typeof invoiceRows>>[number];

function invoiceItem(r: InvoiceRow, now: Date): InvoiceListItem {
  const taxes = orderTaxes([r.base_cents], r, null, now);
  return {
    id: r.id,
    numero: r.numero,
    fecha: r.fecha,
    pedido_id: r.pedido_id,
    docum: r.docum ?? '',
    cliente_id: r.cliente_id,
    cliente: r.cliente,
    referencia: r.referencia,
    fecha_entrega: r.fecha_entrega,
    ...invoiceMoneyOut(r.base_cents, taxes.totalCents),
  };
}

/** POST facturas (Admin): invoices a submitted order and tells the shop. */
export async function createInvoice(
  ctx: ServiceContext,
  pedidoId: number,
): Promise<{ data: InvoiceListItem }> {
  const now = ctx.clock.now();
  const fecha = madridIsoDay(now);
  const year = Number(fecha.slice(0, 4));
  const invoice = await ctx.db.transaction(async (tx) => {
    const p = await findPedido(tx, pedidoId, 'update');
    if (!p) throw new NotFound(ORDER_MSG.orderNotFound);
    // A cart is no order yet; a cancelled order (x, record 057) is none any more.
    if (p.status === 'c' || p.status === 'x') throw new Conflict(ORDER_MSG.notInvoicable);
    const [existing] = await tx
      .select({ id: facturas.id })
      .from(facturas)
      .where(eq(facturas.pedido_id, p.id))
      .limit(1);
    if (existing) throw new Conflict(ORDER_MSG.alreadyInvoiced);
    const numero = invoiceNumber(year, await nextInvoiceNumber(tx, year));
    const [row] = await tx
      .insert(facturas)
      .values({ pedido_id: p.id, numero, fecha, created_by: ctx.actor.id, created_at: now })
      .returning({ id: facturas.id });
    // A pending order is processed once invoiced: it leaves the pending list, and its history and
    // log say so (the rows a status change by hand writes, the invoice named).
    if (p.status === 'w') await recordStatusChange(ctx, tx, p, 'p', { factura: numero });
    await audit(tx, ctx, {
      action: 'factura.create',
      entity: 'factura',
      entity_id: row.id,
      acting_cliente_id: p.cliente_id,
      details: { numero, fecha, pedido_id: p.id, docum: p.docum },
    });
    const order = await readOrder({ ...ctx, db: tx }, p.id);
    await ctx.mail.enqueue(tx, invoiceMails(await findActiveUsersOfClient(tx, order.cliente_id), order));
    const [item] = await invoiceRows(tx, eq(facturas.id, row.id), 1, 0);
    return invoiceItem(item, now);
  });
  ctx.mail.wake();
  return { data: invoice };
}

/** The invoice to each active user of the client, in the user's language, its PDF attached. */
function invoiceMails(
  recipients: Awaited<ReturnType<typeof findActiveUsersOfClient>>,
  order: Parameters<typeof invoiceMail>[3],
) {
  return recipients.map(
    (r): MailMessage => ({
      ...invoiceMail(r.email, r.name, r.language, order),
      attachments: [orderDocumentAttachment(order, r.language, 'invoice')],
    }),
  );
}

function invoiceRows(db: Db | Tx, where: SQL | undefined, limit: number, offset: number) {
  return db
    .select(listColumns)
    .from(facturas)
    .innerJoin(pedidos, eq(pedidos.id, facturas.pedido_id))
    .where(where)
    .orderBy(desc(facturas.fecha), desc(facturas.id))
    .limit(limit)
    .offset(offset);
}

/**
 * GET facturas: a client user its own client's invoices, a Representante its clients', an Admin
 * every client's (optionally one); the text finds an invoice by its number, its order's number or
 * its client's name. Statements: the count and the page, 2.
 */
export async function listInvoices(
  ctx: ServiceContext,
  query: { page: number; text: string; cliente_id?: number },
): Promise<InvoiceListResponse> {
  const user = ctx.actor;
  const conds: SQL[] = [];
  if (user.role === 'Cliente' || query.cliente_id) {
    conds.push(eq(pedidos.cliente_id, await resolveClienteId(ctx, query.cliente_id || null)));
  }
  if (user.role === 'Representante') {
    conds.push(inArray(pedidos.cliente_id, representativeClientIdsSql(sql`${user.id}`)));
  }
  const text = query.text.trim();
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    conds.push(
      sql`(${facturas.numero} ilike ${pattern} or ${pedidos.docum} ilike ${pattern} or ${clientNameSql(pedidos.cliente_id)} ilike ${pattern})`,
    );
  }
  const where = conds.length ? and(...conds) : undefined;
  const page = query.page;
  const [[{ n }], rows] = await Promise.all([
    ctx.db
      .select({ n: count() })
      .from(facturas)
      .innerJoin(pedidos, eq(pedidos.id, facturas.pedido_id))
      .where(where),
    invoiceRows(ctx.db, where, PAGE_SIZE, (page - 1) * PAGE_SIZE),
  ]);
  const now = ctx.clock.now();
  return { data: rows.map((r) => invoiceItem(r, now)), meta: paging(n, page, PAGE_SIZE) };
}

/** GET factura/{id}/pdf: a visible invoice's order and parties, for document.ts. */
export async function invoiceDocument(ctx: ServiceContext, id: number) {
  const [row] = await ctx.db
    .select({ pedido_id: facturas.pedido_id, cliente_id: pedidos.cliente_id })
    .from(facturas)
    .innerJoin(pedidos, eq(pedidos.id, facturas.pedido_id))
    .where(eq(facturas.id, id))
    .limit(1);
  if (!row) throw new NotFound(ORDER_MSG.invoiceNotFound);
  await resolveClienteId(ctx, row.cliente_id).catch((err) => {
    throw err instanceof NotFound ? new NotFound(ORDER_MSG.invoiceNotFound) : err;
  });
  const order = await readOrder(ctx, row.pedido_id);
  return { order, parties: await documentParties(ctx, ctx.db, order) };
}
