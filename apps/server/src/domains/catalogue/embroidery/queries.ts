/**
 * The embroidery boxes and the preview key (tables embroidery_boxes, embroidery_preview_key; record
 * 059), and what the ordering module reads of them for a line.
 */
import { type EmbroideryBox, type EmbroideryPosition, positionNames } from '@nido/contract';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import {
  embroidery_boxes,
  embroidery_preview_key,
  modelo_grupos,
  modelo_imagenes,
  modelos,
  parametros,
} from '../../../db/schema.ts';
import { lineImageSql } from '../shop/queries.ts';

/** The model's embroidery positions, each once, in the order its options list them; null: no model. */
export async function modelPositions(db: Db, modelo: string): Promise<EmbroideryPosition[] | null> {
  const [model] = await db.select({ modelo: modelos.modelo }).from(modelos).where(eq(modelos.modelo, modelo));
  if (!model) return null;
  const options = await db
    .select({
      embroidery_position: parametros.embroidery_position,
      embroidery_position_en: parametros.embroidery_position_en,
    })
    .from(parametros)
    .innerJoin(modelo_grupos, eq(modelo_grupos.parametros_grupos_id, parametros.parametros_grupos_id))
    .where(and(eq(modelo_grupos.modelos_modelo, modelo), ne(parametros.embroidery_position, '')))
    .orderBy(modelo_grupos.position, parametros.position, parametros.id);
  const byName = new Map<string, EmbroideryPosition>();
  for (const o of options)
    for (const p of positionNames(o)) if (!byName.has(p.position)) byName.set(p.position, p);
  return [...byName.values()];
}

/** The model's boxes by position. */
export async function boxesOf(db: Db, modelo: string): Promise<Map<string, EmbroideryBox>> {
  const rows = await db
    .select({
      posicion: embroidery_boxes.posicion,
      x: embroidery_boxes.x,
      y: embroidery_boxes.y,
      w: embroidery_boxes.w,
      h: embroidery_boxes.h,
    })
    .from(embroidery_boxes)
    .where(eq(embroidery_boxes.modelos_modelo, modelo));
  return new Map(rows.map(({ posicion, ...box }) => [posicion, box]));
}

/** Replaces the model's boxes with these. */
export async function replaceBoxes(
  db: Db,
  modelo: string,
  boxes: ReadonlyArray<{ posicion: string; box: EmbroideryBox }>,
): Promise<void> {
  await db.delete(embroidery_boxes).where(eq(embroidery_boxes.modelos_modelo, modelo));
  if (boxes.length > 0)
    await db
      .insert(embroidery_boxes)
      .values(boxes.map(({ posicion, box }) => ({ modelos_modelo: modelo, posicion, ...box })));
}

/** The model's main image, full size (else its first). */
export async function mainImageOf(db: Db, modelo: string): Promise<string | null> {
  const [row] = await db
    .select({ url: modelo_imagenes.url_img })
    .from(modelo_imagenes)
    .where(eq(modelo_imagenes.modelos_modelo, modelo))
    .orderBy(sql`${modelo_imagenes.principal} desc`, modelo_imagenes.id)
    .limit(1);
  return row?.url ?? null;
}

/** The key that signs preview addresses (made by migration 0024). */
export async function previewKeyOf(db: Db): Promise<string> {
  const [row] = await db.select({ secret: embroidery_preview_key.secret }).from(embroidery_preview_key);
  if (!row) throw new Error('embroidery_preview_key has no row: run the migrations');
  return row.secret;
}

/** What a line's preview is drawn on: the full image of its colour and its position's box. */
export interface LineDrawingBasis {
  image: string | null;
  /** [x, y, w, h]; null: the position has no box (the default is used). */
  box: [number, number, number, number] | null;
}

/**
 * For a line with an embroidered name (else null): the full-size image of its colour and the box of
 * its embroidery's position on its model, read in the statement that reads the line.
 */
export function lineDrawingBasisSql(modelo: AnyPgColumn, colours: AnyPgColumn, bordado: AnyPgColumn) {
  return sql<LineDrawingBasis | null>`case when coalesce(${bordado}->>'name', '') <> '' then json_build_object(
    'image', ${lineImageSql(modelo, colours, 'full')},
    'box', (select json_build_array(b.x, b.y, b.w, b.h) from ${embroidery_boxes} b
      where b.modelos_modelo = ${modelo} and b.posicion = ${bordado}->>'position')) end`;
}

/** Models with an embroidery position that has no box (the Admin's model list flags them). */
export function modelLacksBoxSql(modelo: AnyPgColumn) {
  return sql<boolean>`exists (select 1 from ${modelo_grupos} mg
    join ${parametros} p on p.parametros_grupos_id = mg.parametros_grupos_id
    cross join lateral unnest(string_to_array(p.embroidery_position, ',')) as pos(name)
    where mg.modelos_modelo = ${modelo} and trim(pos.name) <> ''
      and not exists (select 1 from ${embroidery_boxes} b
        where b.modelos_modelo = ${modelo} and b.posicion = trim(pos.name)))`;
}
