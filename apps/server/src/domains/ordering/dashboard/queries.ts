/**
 * The dashboard's reads (record 055): sums over the summary tables (sales.ts keeps them), never the
 * orders themselves, but for the dormant clients' last order (one index probe a client:
 * pedidos_cliente_list_idx).
 */
import { SALE_STATUSES } from '@nido/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import {
  pedidos,
  sales_recent_models,
  sales_recent_options,
  sales_week_models,
  sales_week_options,
  sales_weeks,
} from '../../../db/schema.ts';
import { modelDescriptionSql, optionGroupNameSql, optionNameSql } from '../../catalogue/index.ts';
import { representativeClientIdsSql, staffClientsSql } from '../../clients/index.ts';

/** The rows of a raw statement's result (node-postgres and PGlite both answer `{ rows }`). */
function rowsOf(result: unknown): unknown[] {
  return (result as { rows: unknown[] }).rows;
}

/** Whose figures: one client, a representative's clients, or every client (the rows of client 0). */
export type SalesScope = { clienteId: number } | { representanteId: number } | { all: true };

function scopeSql(column: SQL, scope: SalesScope): SQL {
  if ('clienteId' in scope) return sql`${column} = ${scope.clienteId}`;
  if ('representanteId' in scope)
    return sql`${column} in ${representativeClientIdsSql(scope.representanteId)}`;
  return sql`${column} = 0`;
}

export interface WeekRow {
  semana: string;
  pedidos: number;
  importe_cents: number;
}

/** Orders and goods per week, in two ranges of Mondays (the range and a year earlier). */
export async function salesWeeks(
  db: Db,
  scope: SalesScope,
  coleccionId: number,
  ranges: readonly [string, string][],
): Promise<WeekRow[]> {
  const s = sales_weeks;
  const within = sql.join(
    ranges.map(([from, to]) => sql`${s.semana} between ${from}::date and ${to}::date`),
    sql` or `,
  );
  const result = await db.execute(sql`
    select ${s.semana}::text as semana, sum(${s.pedidos})::int as pedidos, sum(${s.importe_cents})::float8 as importe_cents
    from ${s}
    where ${scopeSql(sql`${s.cliente_id}`, scope)} and ${s.coleccion_id} = ${coleccionId} and (${within})
    group by ${s.semana}`);
  return rowsOf(result) as unknown as WeekRow[];
}

export interface TopRow {
  lista: 'u' | 'i';
  clave: string;
  nombre: string | null;
  grupo: string | null;
  unidades: number;
  importe_cents: number;
}

/** Where the top lists sum from: the weekly tables over a range of Mondays, or the last 52 weeks' tables. */
export type TopSource = { weeks: [string, string] } | { recent: true };

/**
 * Units and goods per model or option (`clave`) in scope: the last 52 weeks' tables keep every
 * collection's sum under collection 0; the weekly ones a line without a collection there.
 */
function sumsSql(kind: 'models' | 'options', scope: SalesScope, coleccionId: number, source: TopSource): SQL {
  if ('recent' in source) {
    const t = kind === 'models' ? sales_recent_models : sales_recent_options;
    const key =
      kind === 'models' ? sql`${sales_recent_models.modelo}` : sql`${sales_recent_options.parametro_id}`;
    const where = sql`${scopeSql(sql`${t.cliente_id}`, scope)} and ${t.coleccion_id} = ${coleccionId}`;
    // One client, or every client (client 0), has one row per key already: no sums to make.
    if (!('representanteId' in scope))
      return sql`select ${key}::text as clave, ${t.unidades} as unidades, ${t.importe_cents}::float8 as importe_cents
        from ${t} where ${where}`;
    return sql`select ${key}::text as clave, sum(${t.unidades})::int as unidades, sum(${t.importe_cents})::float8 as importe_cents
      from ${t} where ${where} group by ${key}`;
  }
  const t = kind === 'models' ? sales_week_models : sales_week_options;
  const key = kind === 'models' ? sql`${sales_week_models.modelo}` : sql`${sales_week_options.parametro_id}`;
  const collection = coleccionId > 0 ? sql` and ${t.coleccion_id} = ${coleccionId}` : sql``;
  return sql`select ${key}::text as clave, sum(${t.unidades})::int as unidades, sum(${t.importe_cents})::float8 as importe_cents
    from ${t} where ${scopeSql(sql`${t.cliente_id}`, scope)}
      and ${t.semana} between ${source.weeks[0]}::date and ${source.weeks[1]}::date${collection}
    group by ${key}`;
}

/**
 * The top `limit` models or options by units and by goods, in one statement: the sums once (over
 * the range's weeks, or read from the last 52 weeks' tables, which hold them summed), then each
 * ordering's first rows, then the names of those only.
 */
export async function topSales(
  db: Db,
  kind: 'models' | 'options',
  scope: SalesScope,
  coleccionId: number,
  source: TopSource,
  lang: 'es' | 'en',
  limit: number,
): Promise<TopRow[]> {
  const nombre =
    kind === 'models' ? modelDescriptionSql(sql`x.clave`, lang) : optionNameSql(sql`x.clave::integer`, lang);
  const grupo = kind === 'models' ? sql`''` : optionGroupNameSql(sql`x.clave::integer`, lang);
  const result = await db.execute(sql`
    with t as (${sumsSql(kind, scope, coleccionId, source)}),
    u as (select 'u' as lista, t.* from t where t.unidades > 0
      order by t.unidades desc, t.importe_cents desc, t.clave limit ${limit}),
    i as (select 'i' as lista, t.* from t where t.importe_cents > 0
      order by t.importe_cents desc, t.unidades desc, t.clave limit ${limit}),
    x as (select * from u union all select * from i)
    select x.lista, x.clave, ${nombre} as nombre, ${grupo} as grupo, x.unidades, x.importe_cents from x`);
  return rowsOf(result) as unknown as TopRow[];
}

export interface DormantRow {
  cliente_id: number;
  cliente: string;
  ultimo_pedido: string | null;
}

/**
 * The clients in scope (active ones) whose last sale is before the Madrid day `before`, or that
 * never ordered: those longest without an order first.
 */
export async function dormantClients(
  db: Db,
  representanteId: number | null,
  clienteId: number | null,
  before: string,
): Promise<DormantRow[]> {
  const p = pedidos;
  const statuses = sql.join(
    SALE_STATUSES.map((s) => sql`${s}`),
    sql`, `,
  );
  const one = clienteId == null ? sql`` : sql` and c.id = ${clienteId}`;
  const result = await db.execute(sql`
    select c.id as cliente_id, c.nomcome as cliente,
      ((last.f at time zone 'Europe/Madrid')::date)::text as ultimo_pedido
    from ${staffClientsSql(representanteId)} c
    cross join lateral (
      select max(${p.fecha_pedido}) as f from ${p}
      where ${p.cliente_id} = c.id and ${p.tipodoc} = 'E' and ${p.status} in (${statuses})
    ) last
    where (last.f is null or last.f < (${before}::date::timestamp at time zone 'Europe/Madrid'))${one}
    order by last.f asc nulls first, c.nomcome, c.id`);
  return rowsOf(result) as unknown as DormantRow[];
}
