/** What the clients module offers the others: the scope of a caller, and client columns for their statements. */
export { assertCanActFor, resolveClienteId } from './scope.ts';
export { clientNameSql, representativeClientIdsSql } from './subqueries.ts';
