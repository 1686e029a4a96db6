/** The price lists' rows as the wire carries them (percentages and euros), and a list's input as rows (basis points and cents). */
import type { PriceList, PriceListWriteData } from '@nido/contract';
import {
  basisPointsToPercent,
  centsOrNull,
  eurosOrNull,
  percentToBasisPoints,
  toCents,
  toEuros,
} from '../../../platform/money.ts';
import type * as q from './queries.ts';

type ListRow = Awaited<ReturnType<typeof q.listPriceLists>>[number];
type DiscountRow = Awaited<ReturnType<typeof q.findDiscounts>>[number];
type PriceRow = Awaited<ReturnType<typeof q.findPricesPage>>[number];

/** A list's row as the wire carries it: percentages and euros. */
export function priceListOut(r: ListRow) {
  return {
    id: r.id,
    nombre: r.nombre,
    descuento: basisPointsToPercent(r.descuento_bp),
    clientes: r.clientes,
    precios: r.precios,
    porte: eurosOrNull(r.porte_cents),
    porte_gratis_desde: eurosOrNull(r.porte_gratis_desde_cents),
    pedido_minimo_primero: eurosOrNull(r.pedido_minimo_primero_cents),
    pedido_minimo: eurosOrNull(r.pedido_minimo_cents),
  };
}

/** GET tarifas/{id}: the list with its discounts. */
export function priceListDetailOut(row: ListRow, discounts: DiscountRow[]): PriceList {
  return {
    ...priceListOut(row),
    colecciones: discounts
      .filter((d) => d.colecciones_id != null)
      .map((d) => ({
        colecciones_id: d.colecciones_id!,
        nombre: d.nombre ?? '',
        descuento: basisPointsToPercent(d.descuento_bp),
      })),
    familias: discounts
      .filter((d) => d.familia != null)
      .map((d) => ({ familia: d.familia!, descuento: basisPointsToPercent(d.descuento_bp) })),
  };
}

/** A list as written: its percentages in basis points, its charges in cents. */
export function priceListValuesIn(body: PriceListWriteData): q.PriceListValues {
  return {
    nombre: body.nombre.trim(),
    descuento_bp: percentToBasisPoints(body.descuento),
    porte_cents: centsOrNull(body.porte),
    porte_gratis_desde_cents: centsOrNull(body.porte_gratis_desde),
    pedido_minimo_primero_cents: centsOrNull(body.pedido_minimo_primero),
    pedido_minimo_cents: centsOrNull(body.pedido_minimo),
    discounts: [
      ...(body.colecciones ?? []).map((c) => ({
        colecciones_id: c.colecciones_id,
        familia: null,
        descuento_bp: percentToBasisPoints(c.descuento),
      })),
      ...(body.familias ?? []).map((f) => ({
        colecciones_id: null,
        familia: f.familia,
        descuento_bp: percentToBasisPoints(f.descuento),
      })),
    ],
  };
}

/** A model's retail price and its net price in a list. */
export function priceRowOut(r: PriceRow) {
  return {
    modelo: r.modelo,
    descripcion: r.descripcion,
    descripcion_en: r.descripcion_en,
    pvp: toEuros(r.pvp_cents),
    precio: toEuros(r.precio_cents),
  };
}

/** The retail price of a file's row's model, none for an unknown code. */
export const retailPriceOut = (model: { pvp_cents: number } | undefined): number | null =>
  model ? toEuros(model.pvp_cents) : null;

/** A net price as typed or read from a file (euros) in cents. */
export const netPriceIn = (euros: number): number => toCents(euros);
