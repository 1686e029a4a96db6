/** Display formats of product.md §1: EUR with es-ES formatting, dates dd/MM/yyyy. One source: the contract. */
export { formatDate, formatMoney } from '@nido/contract';
