const eur = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });

/** EUR with es-ES formatting, e.g. 1234.5 → "1234,50 €". Amounts on the wire are euros. */
export function formatMoney(euros: number): string {
  return eur.format(euros);
}

/** Built once: creating an Intl.DateTimeFormat costs far more than formatting with it. */
const madridDay = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** dd/MM/yyyy in the portal's time zone (Europe/Madrid); empty for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const parts = madridDay.formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('day')}/${get('month')}/${get('year')}`;
}

/** Cents (server-internal integers) → euros with two decimals for the wire. */
export function centsToEuros(cents: number): number {
  return Math.round(cents) / 100;
}

/** Euros → integer cents, rounding half away from zero. */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}
