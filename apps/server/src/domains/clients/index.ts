/** What the clients module offers the others: the scope of a caller, and client columns for their statements. */

export { deliveryAddressFor } from './addresses.ts';
export { findClienteFiscal, findClienteMail, findClientPriceTerms } from './queries.ts';
export { assertCanActFor, resolveClienteId } from './scope.ts';
export {
  clientDiscountBpSql,
  clientNameSql,
  clientPriceListIdSql,
  clientRepresentativeIdSql,
  clientTaxRegimeSql,
  priceListClientCountSql,
  representativeClientIdsSql,
  staffClientsSql,
} from './subqueries.ts';
