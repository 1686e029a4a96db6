import { type OrderExportData, TIPODOC_ORDER } from '@nido/contract';
import type { ServiceContext } from '../../platform/context.ts';
import { escapeLike, searchTerms } from '../../platform/text.ts';
import { assertCanActFor, resolveClienteId } from '../clients/index.ts';
import type { OrderListWhere } from './queries.ts';

const madridClock = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Madrid',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** UTC offset of Europe/Madrid at an instant, ms. */
function madridOffsetMs(d: Date): number {
  const parts = madridClock.formatToParts(d);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return asUtc - Math.floor(d.getTime() / 1000) * 1000;
}

/** Midnight in Madrid of a yyyy-MM-dd day, plus `addDays`. */
export function madridMidnight(day: string, addDays = 0): Date | undefined {
  const [y, m, d] = day.split('-').map(Number);
  const guess = Date.UTC(y, m - 1, d + addDays);
  if (!Number.isFinite(guess)) return undefined;
  let t = guess - madridOffsetMs(new Date(guess));
  const second = guess - madridOffsetMs(new Date(t));
  if (second !== t) t = second;
  return new Date(t);
}

/**
 * The orders a list request selects, in the caller's scope: the one filter of POST pedidos/list
 * and of the exports. A client user gets its own client's orders (naming another client is 404),
 * a Representante its clients' (optionally one of them), an Admin every client's (optionally one).
 * Filters, nested in `filters` or at the top level: dates (Madrid days, inclusive), status, text
 * (document number, or a line's model code or description).
 */
export async function orderListWhere(ctx: ServiceContext, body: OrderExportData): Promise<OrderListWhere> {
  const user = ctx.actor;
  const nested = body.filters ?? {};
  const f = {
    desde: nested.desde || body.desde || '',
    hasta: nested.hasta || body.hasta || '',
    status: nested.status || body.status || '',
    text: (nested.text ?? body.text ?? '').trim(),
    cliente_id: nested.cliente_id ?? body.cliente_id ?? null,
  };
  const where: OrderListWhere = { tipodoc: (body.tipodoc || TIPODOC_ORDER).toUpperCase() };
  if (user.role === 'Cliente') {
    where.clienteId = await resolveClienteId(ctx, f.cliente_id);
  } else {
    if (f.cliente_id) {
      await assertCanActFor(ctx.db, user, f.cliente_id);
      where.clienteId = f.cliente_id;
    }
    if (user.role === 'Representante') where.representanteId = user.id;
  }
  if (f.status) where.status = f.status as 'w' | 'p' | 'e';
  if (f.desde) where.from = madridMidnight(f.desde);
  if (f.hasta) where.to = madridMidnight(f.hasta, 1);
  if (f.text) {
    where.documPattern = `%${escapeLike(f.text)}%`;
    where.modelPatterns = searchTerms(f.text).map((t) => `%${escapeLike(t)}%`);
  }
  return where;
}
