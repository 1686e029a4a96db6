/**
 * Invoices (an Admin invoices a submitted order: a number of the gapless yearly series and a date)
 * and the ordering settings the Admin keeps (the delivery lead time).
 */
import { z } from 'zod';
import { IntLike } from './catalog.ts';
import { INT_MAX, int, PageParam, Paging } from './common.ts';
import { EMAIL_PATTERN } from './email.ts';
import { LANGUAGES, NEW_ORDER_EMAILS_MAX } from './limits.ts';
import { ORDER_MSG } from './messages.ts';

/** POST facturas: invoice a submitted order, dated today (Madrid). */
export const InvoiceCreateRequest = z.object({ pedido_id: IntLike });
export type InvoiceCreateRequest = z.input<typeof InvoiceCreateRequest>;

/** GET facturas?page=&text=&cliente_id=: the invoices the caller may see, newest first. */
export const InvoiceListQuery = z.object({
  page: PageParam,
  /** The invoice's number, the order's number, or the client's name. */
  text: z.string().max(100).optional().default(''),
  /** Staff only: one client. */
  cliente_id: int(0, INT_MAX).optional(),
});
export type InvoiceListQuery = z.input<typeof InvoiceListQuery>;

export const InvoiceListItem = z.object({
  id: z.number(),
  numero: z.string(),
  /** yyyy-mm-dd. */
  fecha: z.string(),
  pedido_id: z.number(),
  /** The order's number. */
  docum: z.string(),
  cliente_id: z.number(),
  cliente: z.string(),
  /** The order's purchase-order reference, the shop's own ('' when none). */
  referencia: z.string(),
  /** The order's asked-for delivery date, yyyy-mm-dd, or null. */
  fecha_entrega: z.string().nullable(),
  /** The tax base, euros. */
  base: z.number(),
  /** The total to pay, euros (the order's impuestos.total). */
  total: z.number(),
});
export type InvoiceListItem = z.infer<typeof InvoiceListItem>;

export const InvoiceListResponse = z.object({ data: z.array(InvoiceListItem), meta: Paging });
export type InvoiceListResponse = z.infer<typeof InvoiceListResponse>;

/** What invoicing answers: the invoice (the order, with its `factura`, is GET pedido/{id}). */
export const InvoiceResponse = z.object({ data: InvoiceListItem });

/** GET factura/{id}/pdf: the document's language (default: the client's users' language). */
export const InvoiceDocumentQuery = z.object({ lang: z.enum(LANGUAGES).optional() });

/** GET and PUT pedidos/settings. */
export const OrderSettings = z.object({
  /** The earliest delivery date a shop may ask for is today (Madrid) plus this many days. */
  delivery_lead_days: z.number(),
  /** The maker as its documents name it (the server's MAKER_* configuration; read-only). */
  maker: z.object({ name: z.string(), tax_id: z.string(), address: z.string() }),
  /** Addresses told of every new order by mail (Admin's list; every user reads the settings, so only the Admin's answer carries it). */
  new_order_emails: z.array(z.string()),
  /** The language of those mails. */
  new_order_emails_language: z.enum(LANGUAGES),
});
export type OrderSettings = z.infer<typeof OrderSettings>;

/** One address of the new-order mail list. */
export const NewOrderEmail = z
  .string()
  .trim()
  .min(1, ORDER_MSG.newOrderEmail.code)
  .max(254, ORDER_MSG.newOrderEmail.code)
  .regex(EMAIL_PATTERN, ORDER_MSG.newOrderEmail.code);

export const OrderSettingsWriteRequest = z.object({
  delivery_lead_days: z
    .number({ error: ORDER_MSG.leadDays.code })
    .int(ORDER_MSG.leadDays.code)
    .min(0, ORDER_MSG.leadDays.code)
    .max(365, ORDER_MSG.leadDays.code),
  /** Left out: unchanged. */
  new_order_emails: z
    .array(NewOrderEmail)
    .max(NEW_ORDER_EMAILS_MAX, ORDER_MSG.newOrderEmailsMax.code)
    .refine((list) => new Set(list.map((e) => e.toLowerCase())).size === list.length, {
      message: ORDER_MSG.newOrderEmailRepeated.code,
    })
    .optional(),
  new_order_emails_language: z.enum(LANGUAGES).optional(),
});
export type OrderSettingsWriteRequest = z.input<typeof OrderSettingsWriteRequest>;
