/** The server's names for the contract's cent/euro conversions (format.ts): money is integer cents inside the server. */
export { centsToEuros as toEuros, eurosToCents as toCents } from '@nido/contract';

/** Price of one option for a model: option price × the group's size for that model, in cents. */
export function optionPriceCents(priceCents: number, size: number): number {
  return Math.round(priceCents * size);
}
