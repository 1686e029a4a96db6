/** What the clients module offers the others: the scope of a caller, and client columns for their statements. */

export { deliveryAddressFor } from './addresses.ts';
export { findClienteFiscal } from './queries.ts';
export { assertCanActFor, resolveClienteId } from './scope.ts';
export { clientNameSql, clientTaxRegimeSql, representativeClientIdsSql } from './subqueries.ts';
