/**
 * Spanish VAT (IVA) and the equivalence surcharge (recargo de equivalencia, RE) on an order: the
 * client's tax regime, the rates by the date they apply from, and the breakdown every screen, mail
 * and document shows. Amounts are cents; rounding is per order and per rate, half up, as Spanish
 * invoices round (each rate's quota is rounded once, on the sum of the lines at that rate).
 */
import { z } from 'zod';
import { centsToEuros, percentToBasisPoints } from './format.ts';

/**
 * general: IVA; recargo: IVA + RE (most small Spanish shops); intracomunitario: a business in another
 * EU state with a valid-format VAT number, 0 % (reverse charge); exportacion: outside the EU, 0 %.
 */
export const TAX_REGIMES = ['general', 'recargo', 'intracomunitario', 'exportacion'] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];

/** Percentages in force from a Madrid date (yyyy-mm-dd), newest last. A change of rate is a new row. */
export const TAX_RATES: ReadonlyArray<{ from: string; iva: number; re: number }> = [
  // Real Decreto-ley 20/2012: general IVA 21 %, its equivalence surcharge 5.2 %.
  { from: '2012-09-01', iva: 21, re: 5.2 },
];

export interface TaxRates {
  iva: number;
  re: number;
}

/** The rates in force on `day` (a Madrid yyyy-mm-dd). */
export function ratesOn(day: string): TaxRates {
  let rates = TAX_RATES[0];
  for (const row of TAX_RATES) if (row.from <= day) rates = row;
  return { iva: rates.iva, re: rates.re };
}

/** Rates as an order stores them: integer basis points (2100 = 21 %). */
export function ratesInBasisPoints(rates: TaxRates): { iva_bp: number; re_bp: number } {
  return { iva_bp: percentToBasisPoints(rates.iva), re_bp: percentToBasisPoints(rates.re) };
}

/** The legal mention an order under this regime must carry (a message code), or null. */
export const TAX_MENTION: Record<TaxRegime, string | null> = {
  general: null,
  recargo: null,
  intracomunitario: 'tax.reverseCharge',
  exportacion: 'tax.export',
};

export const TaxLine = z.object({
  /** iva or re. */
  impuesto: z.enum(['iva', 're']),
  /** The percentage (21, 5.2). */
  tipo: z.number(),
  /** The tax base at this rate, euros. */
  base: z.number(),
  /** The tax at this rate, euros. */
  cuota: z.number(),
});
export type TaxLine = z.infer<typeof TaxLine>;

/** An order's taxes: its regime, the base, each tax by rate, the total to pay and the legal mention. */
export const TaxBreakdown = z.object({
  regimen: z.enum(TAX_REGIMES),
  /** The tax base: the sum of every line's amount, euros (the order's `total`). */
  base: z.number(),
  /** Each tax at its rate. */
  lineas: z.array(TaxLine),
  /** base + every tax, euros. */
  total: z.number(),
  /** The code of the legal mention (reverse charge, export), translated where shown; null: none. */
  mencion: z.string().nullable(),
});
export type TaxBreakdown = z.infer<typeof TaxBreakdown>;

/** `cents × percent / 100`, rounded half up to a cent (percent has at most 2 decimals). */
export function percentOf(cents: number, percent: number): number {
  // In hundredths of a percent, so 5.2 % is the integer 520 and the product stays exact.
  const basisPoints = percentToBasisPoints(percent);
  return Math.floor((cents * basisPoints + 5000) / 10000);
}

/**
 * The breakdown of lines worth `lineCents` (each line's amount, cents) under `regimen` at `rates`.
 * Every line of an order carries the same IVA rate (baby accessories: the general rate), so there is
 * one base; its quota is computed once on it, never line by line.
 */
export function taxBreakdown(lineCents: readonly number[], regimen: TaxRegime, rates: TaxRates) {
  const baseCents = lineCents.reduce((sum, cents) => sum + cents, 0);
  const taxes: Array<{ impuesto: 'iva' | 're'; tipo: number; cuotaCents: number }> = [];
  if (regimen === 'general' || regimen === 'recargo') {
    taxes.push({ impuesto: 'iva', tipo: rates.iva, cuotaCents: percentOf(baseCents, rates.iva) });
  }
  if (regimen === 'recargo') {
    taxes.push({ impuesto: 're', tipo: rates.re, cuotaCents: percentOf(baseCents, rates.re) });
  }
  return {
    regimen,
    baseCents,
    taxes,
    totalCents: baseCents + taxes.reduce((sum, t) => sum + t.cuotaCents, 0),
    mencion: TAX_MENTION[regimen],
  };
}
export type TaxCents = ReturnType<typeof taxBreakdown>;

/** The breakdown as the wire carries it (euros). */
export function taxBreakdownWire(tax: TaxCents): TaxBreakdown {
  const euros = centsToEuros;
  return {
    regimen: tax.regimen,
    base: euros(tax.baseCents),
    lineas: tax.taxes.map((t) => ({
      impuesto: t.impuesto,
      tipo: t.tipo,
      base: euros(tax.baseCents),
      cuota: euros(t.cuotaCents),
    })),
    total: euros(tax.totalCents),
    mencion: tax.mencion,
  };
}

// ── Tax ids ─────────────────────────────────────────────────────────────────────────────────────

/** An EU VAT number's shape: a member state's prefix (Greece is EL) and 2 to 12 characters. */
const EU_VAT =
  /^(AT|BE|BG|CY|CZ|DE|DK|EE|EL|ES|FI|FR|HR|HU|IE|IT|LT|LU|LV|MT|NL|PL|PT|RO|SE|SI|SK)[0-9A-Z+*]{2,12}$/;

export function isEuVatNumber(value: string): boolean {
  return EU_VAT.test(value.toUpperCase().replace(/[\s.-]/g, ''));
}

/** Whether a client's tax id fits its regime: another EU state's client needs a valid-format EU VAT number. */
export function taxIdFits(regimen: TaxRegime, cif: string): boolean {
  return regimen !== 'intracomunitario' || isEuVatNumber(cif);
}
