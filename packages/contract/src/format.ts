// One number format in both languages (record 051): the specification shows euros es-ES, so every
// other number on a screen, a mail or a document is es-ES too, and no line mixes "5.2%" and "15,80 €".
const eur = new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });
const decimal = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 2 });

/** EUR with es-ES formatting, e.g. 1234.5 → "1234,50 €". Amounts on the wire are euros. */
export function formatMoney(euros: number): string {
  return eur.format(euros);
}

/** A percentage es-ES, in either language: 5.2 → "5,2 %", 21 → "21 %". */
export function formatPercent(percent: number): string {
  return `${decimal.format(percent)} %`;
}

/** Built once: creating an Intl.DateTimeFormat costs far more than formatting with it. */
const madridDay = new Intl.DateTimeFormat('es-ES', {
  timeZone: 'Europe/Madrid',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

const HOUR_MS = 3_600_000;
/**
 * The Madrid day of each UTC hour formatted so far: the zone's offset only changes on a whole UTC
 * hour, so every instant of an hour falls on one Madrid day. A list of 100 orders then costs map
 * look-ups instead of 100 formatToParts calls (the bulk of GET pedidos/pending's own CPU).
 */
const dayOfHour = new Map<number, string>();
const DAY_CACHE_MAX = 50_000;

/** dd/MM/yyyy in the portal's time zone (Europe/Madrid); empty for a missing or invalid date. */
export function formatDate(value: string | number | Date | null | undefined): string {
  if (value == null || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  const time = d.getTime();
  if (Number.isNaN(time)) return '';
  const hour = Math.floor(time / HOUR_MS);
  let text = dayOfHour.get(hour);
  if (text === undefined) {
    const parts = madridDay.formatToParts(d);
    const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
    text = `${get('day')}/${get('month')}/${get('year')}`;
    if (dayOfHour.size >= DAY_CACHE_MAX) dayOfHour.clear();
    dayOfHour.set(hour, text);
  }
  return text;
}

/** yyyy-MM-dd of the Madrid day of an instant (the day tax rates and document years count by). */
export function madridIsoDay(value: Date): string {
  const [day, month, year] = formatDate(value).split('/');
  return `${year}-${month}-${day}`;
}

/** dd/MM/yyyy of a yyyy-MM-dd day ('' for none). */
export function formatIsoDay(day: string | null | undefined): string {
  if (!day) return '';
  const [year, month, date] = day.split('-');
  return `${date}/${month}/${year}`;
}

/** The first day a delivery can be asked for: `today` (yyyy-MM-dd) plus `leadDays` calendar days. */
export function earliestDelivery(today: string, leadDays: number): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + leadDays);
  return d.toISOString().slice(0, 10);
}

/** Cents (server-internal integers) → euros with two decimals for the wire. */
export function centsToEuros(cents: number): number {
  return Math.round(cents) / 100;
}

/** Euros → integer cents, rounding half away from zero. */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}

/** A price in euros times a quantity, in euros, computed in cents (no 0.1 + 0.2 drift). */
export function eurosTimes(euros: number, quantity: number): number {
  return centsToEuros(eurosToCents(euros) * quantity);
}

/** A percentage (5.2, at most 2 decimals) → integer basis points (520), as rates and discounts are stored. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** Basis points (520) → the percentage the wire and the screens show (5.2). */
export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}
