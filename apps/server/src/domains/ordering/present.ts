/** The ordering module's amounts as its answers carry them: cents → euros (platform/money.ts). */
import { type CartDelivery, formatMoney } from '@nido/contract';
import { eurosOrNull, toEuros } from '../../platform/money.ts';
import { deliveryParts, type GroupedLine } from './deliveries.ts';
import { orderTaxes, type StoredTax } from './order-tax.ts';

/** An order line's unit price, retail price, amount, and amount with its dependent lines. */
export function lineMoneyOut(
  l: { precio_cents: number; pvp_cents: number },
  importeCents: number,
  totalCents: number,
) {
  return {
    precio: toEuros(l.precio_cents),
    pvp: toEuros(l.pvp_cents),
    importe: toEuros(importeCents),
    importe_total: toEuros(totalCents),
  };
}

/** An order's free-shipping threshold (none: no rule) and its lines' total. */
export const orderMoneyOut = (freeFromCents: number | null, totalCents: number) => ({
  porte_gratis_desde: eurosOrNull(freeFromCents),
  total: toEuros(totalCents),
});

/** A cart's minimum order value and what it lacks (order-minimum.ts), euros; null: none. */
export const orderMinimumOut = (
  m: { minimo_cents: number; faltan_cents: number; primero: boolean } | null,
) => (m ? { minimo: toEuros(m.minimo_cents), faltan: toEuros(m.faltan_cents), primero: m.primero } : null);

/** A listed order's total and what it costs with its taxes (stored, or the client's as of `now`). */
export const listedTotalsOut = (r: StoredTax & { total_cents: number }, now: Date) => ({
  total: toEuros(r.total_cents),
  total_pagar: toEuros(orderTaxes([r.total_cents], r, null, now).totalCents),
});

/** An invoice's base and total. */
export const invoiceMoneyOut = (baseCents: number, totalCents: number) => ({
  base: toEuros(baseCents),
  total: toEuros(totalCents),
});

/** A past line's unit price, as bought. */
export const unitPriceOut = (cents: number) => toEuros(cents);

/** A past line's unit price and embroidery surcharge, as bought (the reorder check). */
export const previousPricesOut = (priceCents: number, surchargeCents: number) => ({
  precio_anterior: toEuros(priceCents),
  recargo_anterior: toEuros(surchargeCents),
});

/** A line's unit price and its embroidery surcharge (a dependent line). */
export const priceAndSurchargeOut = (priceCents: number, surchargeCents: number) => ({
  precio: toEuros(priceCents),
  recargo: toEuros(surchargeCents),
});

/** An amount in a message's text (the reorder check's price change). */
export const moneyText = (cents: number) => formatMoney(toEuros(cents));

/** The cart's deliveries as the wire carries them (Order.entregas, record 054). */
export function cartDeliveriesOut(lines: readonly GroupedLine[]): CartDelivery[] {
  return deliveryParts(lines).map((p) => ({
    clave: p.clave,
    entrega_desde: p.entrega_desde,
    entrega_hasta: p.entrega_hasta,
    lineas: p.lineIds,
    total: toEuros(p.goodsCents),
  }));
}
