/**
 * The clientes table as the other modules may use it inside their own statements (one statement,
 * no extra round trip): a client's trade name as a column, and a representative's clients as a
 * subquery. Only this module names the table.
 */
import type { TaxRegime } from '@nido/contract';
import { is, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { clientes } from '../../db/schema.ts';
import { outerColumn } from '../../db/subquery.ts';

/**
 * A client's trade name (nomcome) by id, as a column of another module's query. Typed as never null
 * for a not-null id column, which references clientes (a foreign key: the client exists); null
 * otherwise when the id is null or names no client.
 */
export function clientNameSql<C extends AnyPgColumn>(clienteId: C): SQL<ClientName<C>> {
  return sql<ClientName<C>>`(select c.nomcome from ${clientes} c where c.id = ${outerColumn(clienteId)})`;
}
type ClientName<C extends AnyPgColumn> = C['_']['notNull'] extends true ? string : string | null;

/** The client's tax regime (a TaxRegime), for a statement about the client `clienteId` names. */
export function clientTaxRegimeSql(clienteId: AnyPgColumn): SQL<TaxRegime> {
  return sql<TaxRegime>`(select c.regimen_fiscal from ${clientes} c where c.id = ${outerColumn(clienteId)})`;
}

/**
 * The ids of the clients assigned to a representative, as a subquery for `inArray(column, …)`;
 * `representanteId` is a value or a `sql.placeholder`.
 */
export function representativeClientIdsSql(representanteId: unknown): SQL {
  return sql`(select ${clientes.id} from ${clientes} where ${clientes.representante_id} = ${representanteId})`;
}

/** The representative of the client `clienteId` (none when it has none), as a subquery of one id column. */
export function clientRepresentativeIdSql(clienteId: number): SQL {
  return sql`(select c.representante_id from ${clientes} c where c.id = ${clienteId} and c.representante_id is not null)`;
}

/** How many clients are on the price list `tarifaId` names, as a column (record 049). */
export function priceListClientCountSql(tarifaId: AnyPgColumn): SQL<number> {
  return sql<number>`(select count(*)::int from ${clientes} c where c.tarifa_id = ${outerColumn(tarifaId)})`;
}

/**
 * The price list of the client `clienteId` names (a column or a value), or null, as a scalar
 * subquery: ordering's shipping line follows that list's rule.
 */
export function clientPriceListIdSql(clienteId: AnyPgColumn | SQL): SQL<number | null> {
  const id = is(clienteId, SQL) ? clienteId : outerColumn(clienteId as AnyPgColumn);
  return sql<number | null>`(select c.tarifa_id from ${clientes} c where c.id = ${id})`;
}

/**
 * The client's own discount in basis points (0 when the client does not exist), as a scalar
 * subquery beside `clientPriceListIdSql`: the search reads both with the catalogue version.
 */
export function clientDiscountBpSql(clienteId: SQL): SQL<number> {
  return sql<number>`coalesce((select c.descuento_bp from ${clientes} c where c.id = ${clienteId}), 0)`;
}

/**
 * The clients a staff member may see, as a subquery of (id, nomcome): every client for an Admin
 * (`representanteId` null), the assigned ones for a Representante; active clients only.
 */
export function staffClientsSql(representanteId: number | null): SQL {
  const scope = representanteId == null ? sql`` : sql` and c.representante_id = ${representanteId}`;
  return sql`(select c.id, c.nomcome from ${clientes} c where c.activo${scope})`;
}
