/**
 * The dashboard (product.md §4.11, record 055): an Admin's over every client, a Representante's
 * over the clients assigned to it. Naming a client the caller may not see answers 404, as any
 * foreign object (record 009): a Representante never reads another's client, not even as zeros.
 * The range runs in whole ISO weeks (Monday to Sunday, Europe/Madrid): from the week of `desde` to
 * the week of `hasta`; the year before is the same weeks 52 weeks earlier (364 days, so each week
 * faces the same weekday and, near enough, the same ISO week number).
 */
import {
  DASHBOARD_TOP,
  type DashboardData,
  type DashboardDormantClient,
  type DashboardDormantQuery,
  type DashboardQuery,
  madridIsoDay,
} from '@nido/contract';
import type { z } from 'zod';
import type { ServiceContext } from '../../../platform/context.ts';
import { assertCanActFor } from '../../clients/index.ts';
import { recentSalesWeek, rollRecentSales } from '../sales.ts';
import { dashboardOut, type WeekFigures } from './present.ts';
import { dormantClients, type SalesScope, salesWeeks, type TopSource, topSales } from './queries.ts';

/** At most this many weeks in a range (three years): a longer one keeps its last weeks. */
export const DASHBOARD_WEEKS_MAX = 156;
const DAY_MS = 86_400_000;
/** The default range's first Monday, this many days before its last: 52 weeks, as nido_roll_sales keeps (357). */
const DEFAULT_RANGE_DAYS = 51 * 7;

type Query = z.output<typeof DashboardQuery>;
type DormantQuery = z.output<typeof DashboardDormantQuery>;

function dayMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}
function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
export function addDays(day: string, days: number): string {
  return dayOf(dayMs(day) + days * DAY_MS);
}
/** The Monday of the ISO week of a day (yyyy-mm-dd). */
export function mondayOf(day: string): string {
  const ms = dayMs(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  return dayOf(ms - weekday * DAY_MS);
}

/** The Mondays of the first and last weeks: the last 52 weeks by default. */
export function weekRange(today: string, desde?: string, hasta?: string): [string, string] {
  let last = mondayOf(hasta ?? today);
  let first = desde ? mondayOf(desde) : addDays(last, -DEFAULT_RANGE_DAYS);
  if (first > last) [first, last] = [last, first];
  const earliest = addDays(last, -(DASHBOARD_WEEKS_MAX - 1) * 7);
  return [first < earliest ? earliest : first, last];
}

async function scopeOf(ctx: ServiceContext, clienteId: number | undefined): Promise<SalesScope> {
  if (clienteId) {
    await assertCanActFor(ctx.db, ctx.actor, clienteId);
    return { clienteId };
  }
  return ctx.actor.role === 'Representante' ? { representanteId: ctx.actor.id } : { all: true };
}

/**
 * The top lists of the default range, the 52 weeks ending this week, come from the tables that keep
 * them summed (rolled to this week first if a new week has started); any other range sums its weeks.
 */
async function topSource(ctx: ServiceContext, first: string, last: string): Promise<TopSource> {
  const thisWeek = mondayOf(madridIsoDay(ctx.clock.now()));
  if (last !== thisWeek || first !== addDays(last, -DEFAULT_RANGE_DAYS)) return { weeks: [first, last] };
  if ((await recentSalesWeek(ctx.db)) !== thisWeek) await rollRecentSales(ctx.db, thisWeek);
  return { recent: true };
}

/** GET dashboard. */
export async function salesDashboard(ctx: ServiceContext, query: Query): Promise<DashboardData> {
  const scope = await scopeOf(ctx, query.cliente_id);
  const today = madridIsoDay(ctx.clock.now());
  const [first, last] = weekRange(today, query.desde, query.hasta);
  const before: [string, string] = [addDays(first, -364), addDays(last, -364)];
  const coleccionId = query.coleccion_id ?? 0;
  const lang = ctx.actor.language;
  const source = await topSource(ctx, first, last);
  const [rows, models, options] = [
    await salesWeeks(ctx.db, scope, coleccionId, [[first, last], before]),
    await topSales(ctx.db, 'models', scope, coleccionId, source, lang, DASHBOARD_TOP),
    await topSales(ctx.db, 'options', scope, coleccionId, source, lang, DASHBOARD_TOP),
  ];
  const byWeek = new Map(rows.map((r) => [r.semana, r]));
  const weeks: WeekFigures[] = [];
  for (let week = first; week <= last; week = addDays(week, 7)) {
    const earlier = addDays(week, -364);
    const now = byWeek.get(week);
    const then = byWeek.get(earlier);
    weeks.push({
      semana: week,
      semana_anterior: earlier,
      cents: Number(now?.importe_cents ?? 0),
      pedidos: Number(now?.pedidos ?? 0),
      cents_anterior: Number(then?.importe_cents ?? 0),
      pedidos_anterior: Number(then?.pedidos ?? 0),
    });
  }
  return dashboardOut({ desde: first, hasta: addDays(last, 6) }, weeks, models, options);
}

/** GET dashboard/dormant. */
export async function dormantDashboard(
  ctx: ServiceContext,
  query: DormantQuery,
): Promise<DashboardDormantClient[]> {
  const clienteId = query.cliente_id || null;
  if (clienteId) await assertCanActFor(ctx.db, ctx.actor, clienteId);
  const today = madridIsoDay(ctx.clock.now());
  const before = addDays(today, -7 * query.semanas);
  const representanteId = ctx.actor.role === 'Representante' ? ctx.actor.id : null;
  const rows = await dormantClients(ctx.db, representanteId, clienteId, before);
  return rows.map((r) => ({
    cliente_id: Number(r.cliente_id),
    cliente: r.cliente,
    ultimo_pedido: r.ultimo_pedido,
    semanas:
      r.ultimo_pedido == null ? null : Math.floor((dayMs(today) - dayMs(r.ultimo_pedido)) / (7 * DAY_MS)),
  }));
}
