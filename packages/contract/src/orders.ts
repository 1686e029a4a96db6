/**
 * Orders (product.md §8 Orders): the client's cart, its lines, submission, the order detail and list.
 * Money on the wire is euros with two decimals; the server computes every price.
 */
import { z } from 'zod';
import { ChosenOptionSnapshot, EmbroiderySnapshot, IntLike } from './catalog.ts';
import { DeliveryAddressFields } from './clients.ts';
import { WINDOW_STATES } from './collection-window.ts';
import { int, MessageRef, PageParam, Paging, shownText } from './common.ts';
import {
  LANGUAGES,
  NOTE_MAX,
  ORDER_NOTE_MAX,
  ORDER_REFERENCE_MAX,
  ORDER_STATUSES,
  QUANTITY_MAX,
  QUANTITY_MIN,
} from './limits.ts';
import { ORDER_MSG, whenMissing } from './messages.ts';
import { TaxBreakdown } from './tax.ts';

// ── Requests ──────────────────────────────────────────────────────────────────────────────────

/** POST pedidos/cliente: the client's open cart (created on first use). */
export const CartRequest = z.object({
  cliente_id: IntLike.nullish(),
  pedido_id: IntLike.nullish(),
});
export type CartRequest = z.infer<typeof CartRequest>;

/**
 * One chosen option of the line payload: `{parametros_grupos_id, parametro}` (the option id).
 * The collection-style form sends `{id, parametros_grupos_id, parametro}`; an item with only `id`
 * names the option by `id`. A missing group is taken from the option.
 */
export const ChosenOption = z.object({
  parametros_grupos_id: IntLike.nullish(),
  parametro: IntLike.nullish(),
  id: IntLike.nullish(),
});
export type ChosenOption = z.infer<typeof ChosenOption>;

/** Line customisation (embroidery). `emb_color` is an option of group 86, by id or by codigo. */
export const LineEmbroidery = z.object({
  with_custom: z.union([z.boolean(), z.number(), z.string().max(5)]).nullish(),
  name: shownText(200).nullish(),
  emb_style: z.string().max(40).nullish(),
  emb_color: z.union([z.number(), z.string().max(40)]).nullish(),
  position: z.string().max(100).nullish(),
});
export type LineEmbroidery = z.infer<typeof LineEmbroidery>;

/** A line's quantity: a whole number of units within the limits. */
const Quantity = int(QUANTITY_MIN, QUANTITY_MAX, ORDER_MSG.quantity.code);

/** product.md §5 line payload of POST pedidos/lineadd. `precio` is accepted and ignored. */
export const LineAddRequest = z.object({
  pedido_id: IntLike.nullish(),
  cliente_id: IntLike.nullish(),
  modelo: z.string(whenMissing(ORDER_MSG.modelRequired)).trim().min(1, ORDER_MSG.modelRequired.code).max(50),
  cantidad: Quantity,
  precio: z.unknown().optional(),
  parametros_color: z.array(ChosenOption).max(100).nullish(),
  /** Variant name of parametros_color. */
  parametros: z.array(ChosenOption).max(100).nullish(),
  nota: shownText(NOTE_MAX, { tooLong: ORDER_MSG.noteTooLong }).nullish(),
  parametros_bordado: LineEmbroidery.nullish(),
  isCustom: z.unknown().optional(),
  /**
   * The collection the shop is ordering from (its selector's, record 054): the line is ordered
   * through it when the model is in it and it takes orders; else through the model's open collection
   * with the earliest delivery.
   */
  coleccion_id: IntLike.nullish(),
});
export type LineAddRequest = z.input<typeof LineAddRequest>;
/** The line payload once validated (what the server works with). */
export type LineAddData = z.output<typeof LineAddRequest>;

/** The most rows a colour grid adds at once (a group's options; the demo's largest has 14). */
export const GRID_ROWS_MAX = 60;

/**
 * POST pedidos/gridadd: the colour grid (issue 30). One model in several options of its grid group
 * at once: the other groups, the embroidery and the note chosen once (the lineadd payload without
 * `cantidad`), then a quantity per option of the grid group. One line per row, each checked as
 * lineadd checks it, all added in one transaction or none (422 naming `filas.<i>.<field>`).
 */
export const GridAddRequest = LineAddRequest.omit({ cantidad: true }).extend({
  filas: z
    .array(z.object({ parametro: IntLike, cantidad: Quantity }))
    .min(1, ORDER_MSG.gridEmpty.code)
    .max(GRID_ROWS_MAX),
});
export type GridAddRequest = z.input<typeof GridAddRequest>;
export type GridAddData = z.output<typeof GridAddRequest>;

/**
 * POST pedidos/linereplace: a cart line configured anew (Edit in the cart): the line payload of
 * lineadd plus the line it replaces, which keeps its place in the cart.
 */
export const LineReplaceRequest = LineAddRequest.extend({ pedido_id: IntLike, linea_id: IntLike });
export type LineReplaceRequest = z.input<typeof LineReplaceRequest>;
export type LineReplaceData = z.output<typeof LineReplaceRequest>;

export const LineRemoveRequest = z.object({ pedido_id: IntLike, linea_id: IntLike });

/**
 * POST pedidos/linecollection: the collection a cart line is ordered through (record 054), one of
 * its model's that takes orders (staff: any of its model's).
 */
export const LineCollectionRequest = z.object({
  pedido_id: IntLike,
  linea_id: IntLike,
  coleccion_id: IntLike,
});
export type LineCollectionData = z.output<typeof LineCollectionRequest>;

/** POST pedidos/linequantity: a cart line's new quantity (its surcharge lines follow it). */
export const LineQuantityRequest = z.object({ pedido_id: IntLike, linea_id: IntLike, cantidad: Quantity });
export type LineQuantityRequest = z.input<typeof LineQuantityRequest>;
export const SaveNoteRequest = z.object({
  pedido_id: IntLike,
  nota_pedido: shownText(ORDER_NOTE_MAX, { tooLong: ORDER_MSG.orderNoteTooLong }).nullish(),
});
/**
 * The checkout's details of a cart: the shop's own purchase-order reference, the delivery date it
 * asks for (not before today plus the lead time, checked on the server) and the delivery address.
 * A field left out is left as the cart has it.
 */
const OrderDetailsFields = {
  /** One of the client's delivery addresses; null: its default (none when it has no address). */
  direccion_id: IntLike.nullish(),
  referencia: shownText(ORDER_REFERENCE_MAX, { tooLong: ORDER_MSG.referenceTooLong }).optional(),
  /** yyyy-mm-dd; '' or null: none. */
  fecha_entrega: z.iso.date(ORDER_MSG.deliveryDate.code).nullish().or(z.literal('')),
};

/**
 * POST pedidos/savedetails: the checkout's details kept with the cart as they are typed, so every
 * user of the client (and staff acting for it) finds them on their next visit.
 */
export const SaveDetailsRequest = z.object({ pedido_id: IntLike, ...OrderDetailsFields });
export type SaveDetailsRequest = z.input<typeof SaveDetailsRequest>;
export type SaveDetailsData = z.output<typeof SaveDetailsRequest>;

/**
 * What one delivery of a cart split by delivery window (record 054) is submitted with: its own
 * purchase-order reference and wanted date (inside its window), each left out taking the cart's.
 */
export const DeliveryPartDetails = z.object({
  /** The delivery's `clave` in the cart's `entregas`. */
  clave: z.string().max(30),
  referencia: shownText(ORDER_REFERENCE_MAX, { tooLong: ORDER_MSG.referenceTooLong }).optional(),
  fecha_entrega: z.iso.date(ORDER_MSG.deliveryDate.code).nullish().or(z.literal('')),
});
export type DeliveryPartDetails = z.output<typeof DeliveryPartDetails>;

/**
 * POST pedidos/processOrder: the cart to submit. The details it names are saved first; those it
 * leaves out are the cart's (pedidos/savedetails). A cart of several delivery windows becomes one
 * order per window (record 054); `entregas` gives each its own reference and date.
 */
export const ProcessOrderRequest = SaveDetailsRequest.extend({
  entregas: z.array(DeliveryPartDetails).max(20).optional(),
});
export type ProcessOrderRequest = z.input<typeof ProcessOrderRequest>;
export type ProcessOrderData = z.output<typeof ProcessOrderRequest>;

/** GET pedido/{id}/pdf: the document's language (default: the caller's). */
export const OrderDocumentQuery = z.object({ lang: z.enum(LANGUAGES).optional() });

/**
 * A list filter's day: YYYY-MM-DD, or a date-time whose day is taken; '' is no filter. One schema,
 * not a union with '', so a bad day is named as one (`order.filterDate`).
 */
const ListDay = z
  .string()
  // A calendar day (the document states it: zod's own day pattern), then anything.
  .regex(new RegExp(`^(?:${z.regexes.date.source.slice(1, -1)}.*)?$`), ORDER_MSG.filterDate.code)
  .transform((s) => s.slice(0, 10));

export const OrderListFilters = z.object({
  desde: ListDay.nullish(),
  hasta: ListDay.nullish(),
  status: z.enum(ORDER_STATUSES).nullish().or(z.literal('')),
  text: z.string().max(100).nullish(),
  /** Staff only: one client. */
  cliente_id: IntLike.nullish(),
});
export type OrderListFilters = z.infer<typeof OrderListFilters>;

/** POST pedidos/list. Filters go in `filters`; the same fields at the top level are accepted too. */
export const OrderListRequest = OrderListFilters.extend({
  tipodoc: z.string().max(4).nullish(),
  page: PageParam,
  filters: OrderListFilters.nullish(),
});
export type OrderListRequest = z.input<typeof OrderListRequest>;
export type OrderListData = z.output<typeof OrderListRequest>;

/** POST pedidos/exportCsv and pedidos/exportXlsx: the list's filters, every page of them. */
export const OrderExportRequest = OrderListRequest.omit({ page: true });
export type OrderExportRequest = z.input<typeof OrderExportRequest>;
export type OrderExportData = z.output<typeof OrderExportRequest>;

/** The media types of the orders export (the endpoints' `file`, the answers' Content-Type). */
export const EXPORT_MEDIA_TYPES = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type ExportFormat = keyof typeof EXPORT_MEDIA_TYPES;

// ── Responses ─────────────────────────────────────────────────────────────────────────────────

/** What a line shows of its collection (record 054): names, windows (yyyy-mm-dd) and today's state. */
export const LineCollectionInfo = z.object({
  id: z.number(),
  nombre: z.string(),
  nombre_en: z.string(),
  pedido_desde: z.string().nullable(),
  pedido_hasta: z.string().nullable(),
  entrega_desde: z.string().nullable(),
  entrega_hasta: z.string().nullable(),
  estado_ventana: z.enum(WINDOW_STATES),
});
export type LineCollectionInfo = z.infer<typeof LineCollectionInfo>;

export const OrderLine = z.object({
  id: z.number(),
  pedido_id: z.number(),
  modelo: z.object({ modelo: z.string(), descripcion: z.string(), descripcion_en: z.string() }),
  unped: z.number(),
  /**
   * The model's quantity rule today (line-rules.ts `QuantityRule`: the smallest quantity and the pack
   * size; 1 and 1: none, as for the shipping line): a quantity changed in the cart is checked by it.
   */
  cantidad_minima: z.number(),
  multiplo: z.number(),
  /** Unit price charged (the client's net price when the line was added), euros. */
  precio: z.number(),
  /** The unit price at PVP when the line was added (record 049), euros. */
  pvp: z.number(),
  /** unped × precio, euros. */
  importe: z.number(),
  /**
   * What the line costs with the lines that depend on it (its surcharges, product.md §5.4): importe
   * plus their importe, euros; a dependent line's is its own importe. Over the primary lines these
   * add up to the order's total, so a screen that lists primary lines lists this amount.
   */
  importe_total: z.number(),
  parametros_color: z.array(ChosenOptionSnapshot),
  parametros_bordado: EmbroiderySnapshot.nullable(),
  nota: z.string(),
  /** 0 = a primary line, else the id of the line this one depends on. */
  lineaprimaria: z.number(),
  /**
   * The shipping line (at most one an order, last): set by the client's price list, never by the
   * user; its modelo.modelo is '' and its descriptions say Portes / Shipping.
   */
  porte: z.boolean(),
  /** Thumbnail of the model's image for the chosen colour, else its main image. */
  imagen: z.string().nullable(),
  /**
   * The embroidery drawn on that image (record 059): the address of a preview the server renders and
   * caches; null for a line without an embroidered name or without an image.
   */
  bordado_preview: z.string().nullable(),
  /**
   * The collection the line was ordered through (record 054) and its windows; `estado_ventana` is
   * today's: in the cart, a line whose collection is `cerrada` or `proxima` cannot be submitted by a
   * shop. Null: none (the model is in no collection a shop sees, and the shipping line).
   */
  coleccion: LineCollectionInfo.nullable(),
  /**
   * The cart only: the collections the line may be ordered through today (its model's that take
   * orders), to change it with pedidos/linecollection; [] otherwise.
   */
  colecciones: z.array(z.object({ id: z.number(), nombre: z.string(), nombre_en: z.string() })),
});
export type OrderLine = z.infer<typeof OrderLine>;

/**
 * One delivery of the cart (record 054): the lines whose collections deliver in the same window;
 * submitting a cart of several makes one order each. `clave` names it in processOrder's `entregas`.
 */
export const CartDelivery = z.object({
  clave: z.string(),
  /** First and last day of delivery, yyyy-mm-dd; both null: immediate. */
  entrega_desde: z.string().nullable(),
  entrega_hasta: z.string().nullable(),
  /** Its primary lines' ids, in the cart's order. */
  lineas: z.array(z.number()),
  /** The goods' total before tax (dependent lines included, no shipping), euros. */
  total: z.number(),
});
export type CartDelivery = z.infer<typeof CartDelivery>;

/** What the shipping line says (product.md §5.4): it has no model, so its descriptions are these. */
export const SHIPPING_LINE_DESCRIPTION = { descripcion: 'Portes', descripcion_en: 'Shipping' } as const;

export const OrderHistoryEntry = z.object({
  status: z.string(),
  from_status: z.string().nullable(),
  at: z.string(),
  user: z.string().nullable(),
  /** A cancellation's reason; null for the other changes. */
  reason: z.string().nullable(),
});

/**
 * A price list's minimum order value as it applies to a cart: `minimo` the minimum, euros (the first
 * order's when `primero`: the client has no submitted order yet), `faltan` what the goods before tax
 * lack to reach it, euros (0: reached).
 */
export const OrderMinimum = z.object({
  minimo: z.number(),
  faltan: z.number(),
  primero: z.boolean(),
});
export type OrderMinimum = z.infer<typeof OrderMinimum>;

export const Order = z.object({
  id: z.number(),
  docum: z.string().nullable(),
  cliente_id: z.number(),
  cliente: z.string(),
  fecha_pedido: z.string().nullable(),
  /** dd/MM/yyyy, '' for the cart. */
  fecha: z.string(),
  nota: z.string(),
  /** The shop's own purchase-order reference ('' when none). */
  referencia: z.string(),
  /** The delivery date asked for, yyyy-mm-dd, or null. */
  fecha_entrega: z.string().nullable(),
  /** The delivery address as chosen on submission (a copy), or null (the cart, a client without addresses). */
  entrega: DeliveryAddressFields.nullable(),
  /** The cart's chosen delivery address (one of the client's), or null: its default. */
  direccion_id: z.number().nullable(),
  /** The order's invoice, once the Admin has invoiced it. */
  factura: z.object({ id: z.number(), numero: z.string(), fecha: z.string() }).nullable(),
  /** c = the open cart, w Pending, p Processed, e Bought, x Cancelled. */
  status: z.enum(['c', ...ORDER_STATUSES]),
  tipodoc: z.string(),
  detalle: z.array(OrderLine),
  /**
   * The cart only: the goods' net total (before tax) from which its client's price list ships free,
   * euros; null for a submitted order, a list without a shipping charge or one never free.
   */
  porte_gratis_desde: z.number().nullable(),
  /**
   * The cart only: its client's price list's minimum order value and what the goods (before tax)
   * still lack; null for a submitted order or a client without a minimum (ordering/order-minimum.ts).
   */
  pedido_minimo: OrderMinimum.nullable(),
  /** Sum of every line's importe (dependent lines included), euros. */
  total: z.number(),
  /** The taxes: the base (= total), each tax by rate, the total to pay, the legal mention (tax.ts). */
  impuestos: TaxBreakdown,
  /** The delivery window the order ships in (record 054), yyyy-mm-dd; both null: immediate, and the cart. */
  entrega_desde: z.string().nullable(),
  entrega_hasta: z.string().nullable(),
  /** The cart only: its lines by delivery window, earliest first (record 054); [] for an order. */
  entregas: z.array(CartDelivery),
  /** The orders submitted together with this one from one cart (record 054), this one included, or []. */
  lote: z.array(z.object({ id: z.number(), docum: z.string() })),
  /** Only in GET pedido/{id}. */
  history: z.array(OrderHistoryEntry).optional(),
  /**
   * Only in the answer of a call that added or changed lines, when staff added a model out of its
   * collections' order windows (record 053): what to warn them about, one message per line.
   */
  avisos: z.array(MessageRef).optional(),
});
export type Order = z.infer<typeof Order>;

/**
 * Who the submission's confirmation was mailed to: the client's addresses (its active users, else the
 * client's own email; the submitting user, when a client user submitted) and the copy to the staff
 * member who submitted for the client (null otherwise).
 */
export const SubmitConfirmation = z.object({
  destinatarios: z.array(z.string()),
  copia: z.string().nullable(),
});
export type SubmitConfirmation = z.infer<typeof SubmitConfirmation>;

/**
 * `pedido` is the (first) order; `pedidos` every order the cart became, one per delivery window
 * (record 054). `confirmacion` is null when this call submitted nothing (submitted already).
 */
export const ProcessOrderResponse = z.object({
  pedido: Order,
  pedidos: z.array(Order),
  confirmacion: SubmitConfirmation.nullable(),
});

export const OrderListItem = z.object({
  id: z.number(),
  docum: z.string().nullable(),
  fecha_pedido: z.string().nullable(),
  fecha: z.string(),
  cliente_id: z.number(),
  cliente: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Its invoice's number (`F2026-000123`), null until invoiced. */
  factura: z.string().nullable(),
  nota: z.string(),
  /** The shop's own purchase-order reference ('' when none). */
  referencia: z.string(),
  /** The delivery date asked for, yyyy-mm-dd, or null. */
  fecha_entrega: z.string().nullable(),
  /** The tax base: the sum of the order's lines, euros. */
  total: z.number(),
  /** The total to pay: the base and its taxes as submitted (the order's impuestos.total), euros. */
  total_pagar: z.number(),
  /** Number of primary lines (the shipping line apart). */
  lineas: z.number(),
});
export type OrderListItem = z.infer<typeof OrderListItem>;

export const OrderListResponse = z.object({ data: z.array(OrderListItem), meta: Paging });
export type OrderListResponse = z.infer<typeof OrderListResponse>;
