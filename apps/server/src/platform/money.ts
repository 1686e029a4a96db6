/**
 * Money crosses units here and only here: inside the server amounts are integer cents; the wire, the
 * snapshots an order line stores and the files carry euros. An answer's amounts are converted by its
 * module's presenter (`present.ts`): no other file calls toEuros, toCents, eurosOrNull or centsOrNull
 * (scripts/check-architecture.mjs, moneyConversions).
 */
import { centsToEuros, eurosToCents } from '@nido/contract';

export {
  basisPointsToPercent,
  centsToEuros as toEuros,
  eurosToCents as toCents,
  percentToBasisPoints,
} from '@nido/contract';

/** Price of one option for a model: option price × the group's size for that model, in cents. */
export function optionPriceCents(priceCents: number, size: number): number {
  return Math.round(priceCents * size);
}

/** Cents or none → euros or none (an optional amount: a list's shipping charge). */
export const eurosOrNull = (cents: number | null): number | null =>
  cents == null ? null : centsToEuros(cents);

/** Euros or none → cents or none. */
export const centsOrNull = (euros: number | null | undefined): number | null =>
  euros == null ? null : eurosToCents(euros);

/**
 * A price in a line's stored snapshot (an option's surcharge, the embroidery's): euros, as the wire
 * shows it (an order keeps its lines' choices as JSON).
 */
export const snapshotEuros = (cents: number): number => centsToEuros(cents);

/** A snapshot's price back in cents. */
export const snapshotCents = (euros: number): number => eurosToCents(euros);

/**
 * Money in a file: an XLSX cell takes the number of euros (its number format shows it); a CSV cell
 * the text Spanish Excel reads as a number, two decimals after a comma and no thousands mark.
 */
export function fileMoney(cents: number, file: 'csv'): string;
export function fileMoney(cents: number, file: 'xlsx'): number;
export function fileMoney(cents: number, file: 'csv' | 'xlsx'): string | number {
  const euros = centsToEuros(cents);
  return file === 'xlsx' ? euros : euros.toFixed(2).replace('.', ',');
}
