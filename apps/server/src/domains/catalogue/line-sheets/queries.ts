import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, preparedOn, type Tx } from '../../../db/client.ts';
import { coleccion_modelos, modelos } from '../../../db/schema.ts';
import { principalImage, principalImageOf } from '../columns.ts';

/**
 * A model's place on the sheet: its family (1-7, then every other value as one "no family" group,
 * as the shop's collection screen orders them), its position in the collection, its code.
 */
const familyRank = sql<number>`case when ${modelos.familia} between 1 and 7 then ${modelos.familia} else 8 end`;

/** Where the next page starts: after this model's place. */
export interface SheetCursor {
  rank: number;
  position: number;
  modelo: string;
}

export interface SheetRow {
  modelo: string;
  descripcion: string;
  descripcion_en: string;
  pvp_cents: number;
  familia: number;
  rank: number;
  position: number;
  /** The main image's thumbnail (320 px), else its full image; null without a main image. */
  thumb: string | null;
  full: string | null;
}

function pageOf(db: Db | Tx, after: SQL | undefined) {
  return db
    .select({
      modelo: modelos.modelo,
      descripcion: modelos.descripcion,
      descripcion_en: modelos.descripcion_en,
      pvp_cents: modelos.pvp_cents,
      familia: modelos.familia,
      rank: familyRank.mapWith(Number),
      position: coleccion_modelos.position,
      thumb: principalImage.thumb_url,
      full: principalImage.url_img,
    })
    .from(coleccion_modelos)
    .innerJoin(modelos, eq(modelos.modelo, coleccion_modelos.modelos_modelo))
    .leftJoin(principalImage, principalImageOf(modelos.modelo))
    .where(
      and(eq(coleccion_modelos.colecciones_id, sql.placeholder('coleccion')), eq(modelos.baja, false), after),
    )
    .orderBy(familyRank, asc(coleccion_modelos.position), asc(modelos.modelo))
    .limit(sql.placeholder('limit'));
}

const firstPage = preparedOn((db) => pageOf(db, undefined).prepare('line_sheet_first_page'));
const nextPage = preparedOn((db) =>
  pageOf(
    db,
    sql`(${familyRank}, ${coleccion_modelos.position}, ${modelos.modelo}) >
      (${sql.placeholder('rank')}::int, ${sql.placeholder('position')}::int, ${sql.placeholder('modelo')}::text)`,
  ).prepare('line_sheet_next_page'),
);

/**
 * One page of the collection's active models in sheet order (family, position, code), after
 * `cursor` (null: the first page). Pages keep a sheet of any size from being read at once.
 */
export async function sheetPage(
  db: Db | Tx,
  coleccion: number,
  cursor: SheetCursor | null,
  limit: number,
): Promise<SheetRow[]> {
  return cursor
    ? nextPage(db).execute({ coleccion, limit, ...cursor })
    : firstPage(db).execute({ coleccion, limit });
}
