import { madridIsoDay, ratesOn, type TaxCents, type TaxRegime, taxBreakdown } from '@nido/contract';
import { basisPointsToPercent } from '../../platform/money.ts';

/** The taxes an order stored on submission (all null in the cart). */
export interface StoredTax {
  regimen_fiscal: TaxRegime | null;
  iva_bp: number | null;
  re_bp: number | null;
}

/**
 * An order's taxes on lines worth `lineCents`: as it stored them on submission; the cart, which
 * stores none, is taxed as its client is taxed today (`clientRegimen`, at `now`'s rates).
 */
export function orderTaxes(
  lineCents: readonly number[],
  stored: StoredTax,
  clientRegimen: TaxRegime | null,
  now: Date,
): TaxCents {
  const rates =
    stored.iva_bp != null && stored.re_bp != null
      ? { iva: basisPointsToPercent(stored.iva_bp), re: basisPointsToPercent(stored.re_bp) }
      : ratesOn(madridIsoDay(now));
  return taxBreakdown(lineCents, stored.regimen_fiscal ?? clientRegimen ?? 'general', rates);
}
