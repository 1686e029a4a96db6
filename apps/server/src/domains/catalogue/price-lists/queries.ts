/** The price lists' statements (record 049): the lists, their discounts and their net prices. */
import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { countRows } from '../../../db/count.ts';
import { colecciones, modelos, tarifa_descuentos, tarifa_precios, tarifas } from '../../../db/schema.ts';
import { outerColumn } from '../../../db/subquery.ts';
import { escapeLike } from '../../../platform/text.ts';
import { priceListClientCountSql } from '../../clients/index.ts';

const summaryColumns = {
  id: tarifas.id,
  nombre: tarifas.nombre,
  descuento_bp: tarifas.descuento_bp,
  porte_cents: tarifas.porte_cents,
  porte_gratis_desde_cents: tarifas.porte_gratis_desde_cents,
  pedido_minimo_primero_cents: tarifas.pedido_minimo_primero_cents,
  pedido_minimo_cents: tarifas.pedido_minimo_cents,
  clientes: priceListClientCountSql(tarifas.id),
  precios: sql<number>`(select count(*)::int from ${tarifa_precios} p where p.tarifa_id = ${outerColumn(tarifas.id)})`,
};

export async function listPriceLists(db: Db) {
  return db.select(summaryColumns).from(tarifas).orderBy(asc(tarifas.nombre), asc(tarifas.id));
}

export async function findPriceList(db: Db | Tx, id: number) {
  const [row] = await db.select(summaryColumns).from(tarifas).where(eq(tarifas.id, id)).limit(1);
  return row;
}

/** A list's discounts per collection (with the collection's name) and per family. */
export async function findDiscounts(db: Db | Tx, id: number) {
  return db
    .select({
      colecciones_id: tarifa_descuentos.colecciones_id,
      nombre: colecciones.nombre,
      familia: tarifa_descuentos.familia,
      descuento_bp: tarifa_descuentos.descuento_bp,
    })
    .from(tarifa_descuentos)
    .leftJoin(colecciones, eq(colecciones.id, tarifa_descuentos.colecciones_id))
    .where(eq(tarifa_descuentos.tarifa_id, id))
    .orderBy(asc(tarifa_descuentos.familia), asc(colecciones.nombre), asc(tarifa_descuentos.id));
}

export interface PriceListValues {
  nombre: string;
  descuento_bp: number;
  porte_cents: number | null;
  porte_gratis_desde_cents: number | null;
  pedido_minimo_primero_cents: number | null;
  pedido_minimo_cents: number | null;
  discounts: Array<{ colecciones_id: number | null; familia: number | null; descuento_bp: number }>;
}

function listColumnsOf(v: PriceListValues) {
  return {
    nombre: v.nombre,
    descuento_bp: v.descuento_bp,
    porte_cents: v.porte_cents,
    porte_gratis_desde_cents: v.porte_gratis_desde_cents,
    pedido_minimo_primero_cents: v.pedido_minimo_primero_cents,
    pedido_minimo_cents: v.pedido_minimo_cents,
  };
}

export async function insertPriceList(tx: Tx, v: PriceListValues): Promise<number> {
  const [row] = await tx.insert(tarifas).values(listColumnsOf(v)).returning({ id: tarifas.id });
  await writeDiscounts(tx, row.id, v.discounts);
  return row.id;
}

/** Changes the name and discount; answers whether the list exists. */
export async function updatePriceList(tx: Tx, id: number, v: PriceListValues, now: Date): Promise<boolean> {
  const rows = await tx
    .update(tarifas)
    .set({ ...listColumnsOf(v), updated_at: now })
    .where(eq(tarifas.id, id))
    .returning({ id: tarifas.id });
  if (rows.length === 0) return false;
  await tx.delete(tarifa_descuentos).where(eq(tarifa_descuentos.tarifa_id, id));
  await writeDiscounts(tx, id, v.discounts);
  return true;
}

async function writeDiscounts(tx: Tx, id: number, discounts: PriceListValues['discounts']) {
  if (discounts.length > 0)
    await tx.insert(tarifa_descuentos).values(discounts.map((d) => ({ ...d, tarifa_id: id })));
}

export async function deletePriceList(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx.delete(tarifas).where(eq(tarifas.id, id)).returning({ id: tarifas.id });
  return rows.length > 0;
}

function pricesWhere(id: number, terms: string[]) {
  return sql.join(
    [
      sql`${tarifa_precios.tarifa_id} = ${id}`,
      ...terms.map(
        (t) =>
          sql`${tarifa_precios.modelo} in (select m.modelo from ${modelos} m where m.search_text like ${`%${escapeLike(t)}%`})`,
      ),
    ],
    sql` and `,
  );
}

/** A page of a list's net prices with the models' descriptions and PVP, by code. */
export async function findPricesPage(db: Db, id: number, terms: string[], limit: number, offset: number) {
  return db
    .select({
      modelo: tarifa_precios.modelo,
      descripcion: modelos.descripcion,
      descripcion_en: modelos.descripcion_en,
      pvp_cents: modelos.pvp_cents,
      precio_cents: tarifa_precios.precio_cents,
    })
    .from(tarifa_precios)
    .innerJoin(modelos, eq(modelos.modelo, tarifa_precios.modelo))
    .where(pricesWhere(id, terms))
    .orderBy(asc(tarifa_precios.modelo))
    .limit(limit)
    .offset(offset);
}

export async function countPrices(db: Db, id: number, terms: string[]): Promise<number> {
  return countRows(db, tarifa_precios, pricesWhere(id, terms));
}

/** Every net price of a list, by code (the export). */
export async function allPrices(db: Db, id: number) {
  return db
    .select({ modelo: tarifa_precios.modelo, precio_cents: tarifa_precios.precio_cents })
    .from(tarifa_precios)
    .where(eq(tarifa_precios.tarifa_id, id))
    .orderBy(asc(tarifa_precios.modelo));
}

export async function upsertPrice(tx: Tx, id: number, modelo: string, cents: number) {
  await tx
    .insert(tarifa_precios)
    .values({ tarifa_id: id, modelo, precio_cents: cents })
    .onConflictDoUpdate({
      target: [tarifa_precios.tarifa_id, tarifa_precios.modelo],
      set: { precio_cents: cents },
    });
}

export async function deletePrice(tx: Tx, id: number, modelo: string): Promise<boolean> {
  const rows = await tx
    .delete(tarifa_precios)
    .where(sql`${tarifa_precios.tarifa_id} = ${id} and ${tarifa_precios.modelo} = ${modelo}`)
    .returning({ modelo: tarifa_precios.modelo });
  return rows.length > 0;
}

/** The models of these codes (exact codes): code and PVP. One statement whatever their number. */
export async function modelsByCode(db: Db | Tx, codes: string[]) {
  return db
    .select({ modelo: modelos.modelo, pvp_cents: modelos.pvp_cents })
    .from(modelos)
    .where(sql`${modelos.modelo} = any(${sql.param(codes)}::text[])`);
}

/** Replaces a list's net prices with these, in two statements whatever their number. */
export async function replacePrices(tx: Tx, id: number, rows: Array<{ modelo: string; cents: number }>) {
  await tx.delete(tarifa_precios).where(eq(tarifa_precios.tarifa_id, id));
  if (rows.length === 0) return;
  await tx.execute(sql`insert into ${tarifa_precios} (tarifa_id, modelo, precio_cents)
    select ${id}, m, p from unnest(${sql.param(rows.map((r) => r.modelo))}::text[], ${sql.param(rows.map((r) => r.cents))}::int[]) as t(m, p)`);
}

// ── The shipping rule, for ordering's statements ─────────────────────────────────────────────

/**
 * The shipping rule of the price list `tarifaId` (a scalar SQL: a value, a placeholder or a
 * subquery) as a one-row relation for ordering's shipping line: `porte_cents` (null: no charge) and
 * `porte_gratis_desde_cents` (null: never free); no row when there is no list.
 */
export function shippingRuleSql(tarifaId: SQL): SQL {
  return sql`select t.porte_cents, t.porte_gratis_desde_cents from ${tarifas} t where t.id = ${tarifaId}`;
}

/** The goods' total from which the list `tarifaId` ships free, cents, as a column; null: never or no list. */
export function shippingFreeFromSql(tarifaId: SQL): SQL<number | null> {
  return sql<
    number | null
  >`(select t.porte_gratis_desde_cents from ${tarifas} t where t.id = ${tarifaId} and t.porte_cents > 0)`;
}

// ── The minimum order value, for ordering's statements ───────────────────────────────────────

/**
 * The minimum order value (goods before tax) of the price list `tarifaId`, cents, as a column: the
 * first order's when `first` (a boolean SQL), else the next orders'; null: none, or no list.
 */
export function orderMinimumSql(tarifaId: SQL, first: SQL<boolean>): SQL<number | null> {
  return sql<number | null>`(select case when ${first} then t.pedido_minimo_primero_cents
    else t.pedido_minimo_cents end from ${tarifas} t where t.id = ${tarifaId})`;
}
