/**
 * Display formats of product.md §1: EUR with es-ES formatting, dates dd/MM/yyyy; percentages es-ES
 * too, in both languages (record 051). One source: the contract.
 */
import { formatDate } from '@nido/contract';

export {
  centsToEuros,
  eurosTimes,
  eurosToCents,
  formatDate,
  formatIsoDay,
  formatMoney,
  formatPercent,
} from '@nido/contract';

/** Built once: creating an Intl.DateTimeFormat costs far more than formatting with it. */
const madridTime = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** dd/MM/yyyy HH:mm in the portal's time zone (Europe/Madrid); empty for a missing or invalid date. */
export function formatDateTime(value: string | null | undefined): string {
  const date = new Date(value ?? '');
  return Number.isNaN(date.getTime()) ? '' : `${formatDate(date)} ${madridTime.format(date)}`;
}
