/**
 * Price lists (record 049): the Admin's named lists, each a discount off PVP, optionally another per
 * collection or family, and net prices per model that override them; a client has at most one list
 * and may have an extra discount of its own. A shop never sees a list: only its own net prices
 * (`precio_neto` beside `pvp` on the catalogue's answers, `pvp` beside `precio` on a line).
 * Discounts travel as percentages (12.5 = 12.5 %), prices as euros.
 */
import { z } from 'zod';
import { Id, PageParam, Paging } from './common.ts';
import { CATALOG_ADMIN_MSG } from './messages.ts';

/** A discount, %: 0-100 with at most two decimals. */
export const Discount = z
  .number()
  .min(0, CATALOG_ADMIN_MSG.discountRange.code)
  .max(100, CATALOG_ADMIN_MSG.discountRange.code)
  .multipleOf(0.01, CATALOG_ADMIN_MSG.discountRange.code);

/** A net price, euros: 0-99,999.99 with at most two decimals. */
export const NetPrice = z
  .number()
  .min(0, CATALOG_ADMIN_MSG.priceInvalid.code)
  .max(99_999.99, CATALOG_ADMIN_MSG.priceInvalid.code)
  .multipleOf(0.01, CATALOG_ADMIN_MSG.priceInvalid.code);

/** A shipping charge or its free-from total, euros: 0-99,999.99 with at most two decimals. */
export const ShippingAmount = z
  .number()
  .min(0, CATALOG_ADMIN_MSG.shippingInvalid.code)
  .max(99_999.99, CATALOG_ADMIN_MSG.shippingInvalid.code)
  .multipleOf(0.01, CATALOG_ADMIN_MSG.shippingInvalid.code);

/** The most rows one import may have (a list may price every model of the catalogue). */
export const PRICE_LIST_ROWS_MAX = 50_000;
/** The largest import file. */
export const PRICE_LIST_FILE_MAX_BYTES = 5 * 1024 * 1024;

export const PriceListParam = z.object({ id: Id });
export const PriceListModelParam = z.object({ id: Id, modelo: z.string().trim().min(1).max(50) });

/** POST tarifas and PUT tarifas/{id}: the list's name and discounts (its net prices apart). */
export const PriceListWriteRequest = z.object({
  nombre: z
    .string()
    .trim()
    .min(1, CATALOG_ADMIN_MSG.priceListNameRequired.code)
    .max(100, CATALOG_ADMIN_MSG.priceListNameRequired.code),
  descuento: Discount,
  /** A discount per collection, replacing the list's for the models of that collection. */
  colecciones: z
    .array(z.object({ colecciones_id: Id, descuento: Discount }))
    .max(500)
    .default([]),
  /** A discount per family (1-7), replacing the list's for that family's models. */
  familias: z
    .array(z.object({ familia: z.number().int().min(1).max(7), descuento: Discount }))
    .max(7)
    .default([]),
  /** The shipping charge of an order, euros; null (or absent): none. */
  porte: ShippingAmount.nullable().default(null),
  /** The goods' net total (before tax) from which shipping is free, euros; null: never free. */
  porte_gratis_desde: ShippingAmount.nullable().default(null),
  /** The smallest goods' net total (before tax) of a client's first order, euros; null: none. */
  pedido_minimo_primero: ShippingAmount.nullable().default(null),
  /** The smallest goods' net total (before tax) of a client's next orders, euros; null: none. */
  pedido_minimo: ShippingAmount.nullable().default(null),
});
export type PriceListWriteRequest = z.input<typeof PriceListWriteRequest>;
export type PriceListWriteData = z.output<typeof PriceListWriteRequest>;

export const PriceListSummary = z.object({
  id: z.number(),
  nombre: z.string(),
  descuento: z.number(),
  /** Clients on this list. */
  clientes: z.number(),
  /** Models with a net price in it. */
  precios: z.number(),
  /** The shipping charge of an order, euros; null: none. */
  porte: z.number().nullable(),
  /** The goods' net total from which shipping is free, euros; null: never free. */
  porte_gratis_desde: z.number().nullable(),
  /** The minimum order value (goods before tax) of a first order, euros; null: none. */
  pedido_minimo_primero: z.number().nullable(),
  /** The minimum order value (goods before tax) of the next orders, euros; null: none. */
  pedido_minimo: z.number().nullable(),
});
export type PriceListSummary = z.infer<typeof PriceListSummary>;

export const PriceList = PriceListSummary.extend({
  colecciones: z.array(z.object({ colecciones_id: z.number(), nombre: z.string(), descuento: z.number() })),
  familias: z.array(z.object({ familia: z.number(), descuento: z.number() })),
});
export type PriceList = z.infer<typeof PriceList>;

export const PriceListsResponse = z.object({ data: z.array(PriceListSummary) });

/** GET tarifas/{id}/precios?search=&page=: the list's net prices, by model code. */
export const PriceListPricesQuery = z.object({
  search: z.string().max(100).optional(),
  page: PageParam,
});
export const PriceListPrice = z.object({
  modelo: z.string(),
  descripcion: z.string(),
  descripcion_en: z.string(),
  pvp: z.number(),
  precio: z.number(),
});
export type PriceListPrice = z.infer<typeof PriceListPrice>;
export const PriceListPricesResponse = z.object({ data: z.array(PriceListPrice), meta: Paging });

/** PUT tarifas/{id}/precios/{modelo}: a model's net price in the list. */
export const PriceListPriceRequest = z.object({ precio: NetPrice });

/** A row of an import as read and checked: its number in the file, what it says, what is wrong. */
export const PriceListImportRow = z.object({
  row: z.number(),
  modelo: z.string(),
  /** The net price read, euros, or null when unreadable. */
  precio: z.number().nullable(),
  /** The model's PVP, when the code is known. */
  pvp: z.number().nullable(),
  /** Catalogue message codes; empty = the row is good. */
  errors: z.array(
    z.object({
      code: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
});
export type PriceListImportRow = z.infer<typeof PriceListImportRow>;

/** POST tarifas/{id}/import/preview: every row checked; nothing saved. */
export const PriceListImportPreview = z.object({
  rows: z.array(PriceListImportRow),
  /** Rows without errors. */
  validos: z.number(),
  /** Rows with errors. */
  errores: z.number(),
});
export type PriceListImportPreview = z.infer<typeof PriceListImportPreview>;

/** POST tarifas/{id}/import: the file's net prices replace the list's (all rows good, else nothing). */
export const PriceListImportResponse = z.object({ importados: z.number() });
