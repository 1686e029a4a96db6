/** What the clients module offers the others: the scope of a caller. */
export { assertCanActFor, resolveClienteId } from './scope.ts';
