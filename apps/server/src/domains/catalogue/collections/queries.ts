/** Drizzle queries of collections and their models (their images: image-sets.ts). */
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client.ts';
import { countRows, existingValues } from '../../../db/count.ts';
import { byPosition, keysByPosition, nextPosition } from '../../../db/position.ts';
import { coleccion_imagenes, coleccion_modelos, colecciones, modelos } from '../../../db/schema.ts';
import { escapeLike } from '../../../platform/text.ts';
import { modelSummaryColumns, principalImage, principalImageOf } from '../columns.ts';

type Conn = Db | Tx;

/** A collection's order and delivery windows: yyyy-MM-dd days or null (record 053). */
export interface ColeccionWindow {
  pedido_desde: string | null;
  pedido_hasta: string | null;
  entrega_desde: string | null;
  entrega_hasta: string | null;
}

export const coleccionColumns = {
  id: colecciones.id,
  nombre: colecciones.nombre,
  nombre_en: colecciones.nombre_en,
  coleccion: colecciones.coleccion,
  activado: colecciones.activado,
  solorepresentantes: colecciones.solorepresentantes,
  position: colecciones.position,
  pedido_desde: colecciones.pedido_desde,
  pedido_hasta: colecciones.pedido_hasta,
  entrega_desde: colecciones.entrega_desde,
  entrega_hasta: colecciones.entrega_hasta,
};

export interface ColeccionFilter {
  terms: string[];
  activado?: boolean;
  /** Hide representatives-only collections (client users). */
  hideRepsOnly?: boolean;
}

const ACCENTS_FROM = 'áàäâéèëêíìïîóòöôúùüûñç';
const ACCENTS_TO = 'aaaaeeeeiiiioooouuuunc';

function listWhere(f: ColeccionFilter): SQL | undefined {
  const text = sql`translate(lower(${colecciones.nombre} || ' ' || ${colecciones.nombre_en} || ' ' || ${colecciones.coleccion}), ${ACCENTS_FROM}, ${ACCENTS_TO})`;
  const conds: SQL[] = f.terms.map((t) => sql`${text} like ${`%${escapeLike(t)}%`}`);
  if (f.activado !== undefined) conds.push(eq(colecciones.activado, f.activado));
  if (f.hideRepsOnly) conds.push(eq(colecciones.solorepresentantes, false));
  return conds.length ? and(...conds) : undefined;
}

export async function countColecciones(db: Conn, f: ColeccionFilter): Promise<number> {
  return countRows(db, colecciones, listWhere(f));
}

const initialImg = alias(coleccion_imagenes, 'initial_img');

/** One page of collections with their main image and model count (active models only if asked). */
export async function findColeccionesPage(
  db: Conn,
  f: ColeccionFilter,
  opts: { activeModelsOnly: boolean; limit: number; offset: number },
) {
  const modelCount = opts.activeModelsOnly
    ? sql<number>`(select count(*) from ${coleccion_modelos} cm join ${modelos} m on m.modelo = cm.modelos_modelo where cm.colecciones_id = ${colecciones.id} and not m.baja)`
    : sql<number>`(select count(*) from ${coleccion_modelos} cm where cm.colecciones_id = ${colecciones.id})`;
  return db
    .select({
      ...coleccionColumns,
      imagen: sql<string | null>`coalesce(${initialImg.thumb_url}, ${initialImg.url_img})`,
      url_img: initialImg.url_img,
      modelos: modelCount.mapWith(Number),
    })
    .from(colecciones)
    .leftJoin(initialImg, and(eq(initialImg.colecciones_id, colecciones.id), eq(initialImg.initial, true)))
    .where(listWhere(f))
    .orderBy(asc(colecciones.position), asc(colecciones.nombre), asc(colecciones.id))
    .limit(opts.limit)
    .offset(opts.offset);
}

export async function findColeccion(db: Conn, id: number, lock = false) {
  const query = db.select(coleccionColumns).from(colecciones).where(eq(colecciones.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findColeccionByCode(db: Conn, code: string) {
  const [row] = await db
    .select({ id: colecciones.id })
    .from(colecciones)
    .where(sql`lower(${colecciones.coleccion}) = lower(${code})`)
    .limit(1);
  return row ?? null;
}

export async function insertColeccion(
  tx: Tx,
  values: {
    nombre: string;
    nombre_en: string;
    coleccion: string;
    activado: boolean;
    solorepresentantes: boolean;
    position?: number;
  } & Partial<ColeccionWindow>,
): Promise<number> {
  const position = values.position ?? (await nextPosition(tx, colecciones.position));
  const [row] = await tx
    .insert(colecciones)
    .values({ ...values, position })
    .returning({ id: colecciones.id });
  return row.id;
}

export async function updateColeccion(
  tx: Tx,
  id: number,
  values: Partial<{
    nombre: string;
    nombre_en: string;
    coleccion: string;
    activado: boolean;
    solorepresentantes: boolean;
    position: number;
  }> &
    Partial<ColeccionWindow> & { updated_at: Date },
) {
  await tx.update(colecciones).set(values).where(eq(colecciones.id, id));
}

// ── Models of a collection ────────────────────────────────────────────────────────────────────

export async function modelsOfColeccion(db: Conn, id: number, activeOnly: boolean) {
  const conds: SQL[] = [eq(coleccion_modelos.colecciones_id, id)];
  if (activeOnly) conds.push(eq(modelos.baja, false));
  return db
    .select({ ...modelSummaryColumns, baja: modelos.baja, position: coleccion_modelos.position })
    .from(coleccion_modelos)
    .innerJoin(modelos, eq(modelos.modelo, coleccion_modelos.modelos_modelo))
    .leftJoin(principalImage, principalImageOf(modelos.modelo))
    .where(and(...conds))
    .orderBy(...byPosition(coleccion_modelos.position, modelos.modelo));
}

export async function existingModelos(db: Conn, codes: string[]): Promise<Set<string>> {
  return existingValues(db, modelos.modelo, codes);
}

export async function memberCodes(db: Conn, id: number): Promise<string[]> {
  return keysByPosition(
    db,
    coleccion_modelos.position,
    coleccion_modelos.modelos_modelo,
    eq(coleccion_modelos.colecciones_id, id),
  );
}

export async function replaceMembers(tx: Tx, id: number, codes: string[]) {
  await tx.delete(coleccion_modelos).where(eq(coleccion_modelos.colecciones_id, id));
  if (codes.length) {
    await tx
      .insert(coleccion_modelos)
      .values(codes.map((modelos_modelo, position) => ({ colecciones_id: id, modelos_modelo, position })));
  }
}

export async function isMember(db: Conn, id: number, modelo: string): Promise<boolean> {
  const [row] = await db
    .select({ p: coleccion_modelos.position })
    .from(coleccion_modelos)
    .where(and(eq(coleccion_modelos.colecciones_id, id), eq(coleccion_modelos.modelos_modelo, modelo)))
    .limit(1);
  return !!row;
}

export async function addMember(tx: Tx, id: number, modelo: string): Promise<number> {
  const position = await nextPosition(
    tx,
    coleccion_modelos.position,
    eq(coleccion_modelos.colecciones_id, id),
  );
  await tx.insert(coleccion_modelos).values({ colecciones_id: id, modelos_modelo: modelo, position });
  return position;
}

export async function removeMember(tx: Tx, id: number, modelo: string) {
  await tx
    .delete(coleccion_modelos)
    .where(and(eq(coleccion_modelos.colecciones_id, id), eq(coleccion_modelos.modelos_modelo, modelo)));
}

export async function modeloExists(db: Conn, modelo: string): Promise<string | null> {
  const [row] = await db
    .select({ modelo: modelos.modelo })
    .from(modelos)
    .where(eq(modelos.modelo, modelo))
    .limit(1);
  return row?.modelo ?? null;
}
