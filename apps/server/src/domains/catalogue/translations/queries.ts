/**
 * The missing-translation report's reads (record 056): one statement counts every kind, one reads a
 * page of the texts (one kind, or all of them in the report's order). A text lacks its English when
 * its `_en` column holds nothing but spaces; no row ever comes into the process but the page's.
 */
import type { MissingTranslationCounts, TranslationKind } from '@nido/contract';
import { count, eq, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, unionAll } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client.ts';
import {
  colecciones,
  modelos,
  parametro_sections,
  parametros,
  parametros_grupos,
  section_models,
} from '../../../db/schema.ts';

/**
 * The English column holds no usable text: empty, spaces alone, or the text NULL (legacy rows), as
 * the contract's `hasText` reads it, so what the report lists is what shops see in Spanish.
 */
function missing(column: AnyPgColumn): SQL {
  return sql`btrim(${column}) in ('', 'NULL')`;
}

const kindOf = (kind: TranslationKind) => sql<string>`${kind}::text`;

/** One row per kind with its count: a count(*) each, in one statement. */
export async function countMissing(db: Db | Tx): Promise<MissingTranslationCounts> {
  const n = count();
  const rows = await unionAll(
    db
      .select({ kind: kindOf('model'), n })
      .from(modelos)
      .where(missing(modelos.descripcion_en)),
    db
      .select({ kind: kindOf('group'), n })
      .from(parametros_grupos)
      .where(missing(parametros_grupos.nombre_en)),
    db
      .select({ kind: kindOf('section'), n })
      .from(parametro_sections)
      .where(missing(parametro_sections.name_en)),
    db
      .select({ kind: kindOf('option'), n })
      .from(parametros)
      .where(missing(parametros.nombre_en)),
    db
      .select({ kind: kindOf('model_section'), n })
      .from(section_models)
      .where(missing(section_models.name_en)),
    db
      .select({ kind: kindOf('collection'), n })
      .from(colecciones)
      .where(missing(colecciones.nombre_en)),
  );
  const counts = { model: 0, group: 0, section: 0, option: 0, model_section: 0, collection: 0, total: 0 };
  for (const row of rows) {
    counts[row.kind as TranslationKind] = Number(row.n);
    counts.total += Number(row.n);
  }
  return counts;
}

export interface MissingRow {
  kind: string;
  id: string;
  text: string;
  context: string;
}

/** Each kind's select: its order in the report, the key (a numeric one sorts as a number), texts. */
function branch(db: Db | Tx, kind: TranslationKind) {
  const fields = (ord: number, num: SQL | AnyPgColumn, id: SQL, text: AnyPgColumn, context: SQL) => ({
    ord: sql<number>`${ord}::integer`.as('ord'),
    num: sql<number>`${num}`.as('num'),
    kind: sql<string>`${kind}::text`.as('kind'),
    id: sql<string>`${id}`.as('id'),
    text: sql<string>`${text}`.as('text'),
    context: sql<string>`${context}`.as('context'),
  });
  switch (kind) {
    case 'model':
      return db
        .select(fields(1, sql`0`, sql`${modelos.modelo}`, modelos.descripcion, sql`${modelos.modelo}`))
        .from(modelos)
        .where(missing(modelos.descripcion_en));
    case 'group':
      return db
        .select(
          fields(
            2,
            parametros_grupos.id,
            sql`${parametros_grupos.id}::text`,
            parametros_grupos.nombre,
            sql`''`,
          ),
        )
        .from(parametros_grupos)
        .where(missing(parametros_grupos.nombre_en));
    case 'section':
      return db
        .select(
          fields(
            3,
            parametro_sections.id,
            sql`${parametro_sections.id}::text`,
            parametro_sections.name,
            sql`${parametros_grupos.nombre}`,
          ),
        )
        .from(parametro_sections)
        .innerJoin(parametros_grupos, eq(parametros_grupos.id, parametro_sections.parametros_grupos_id))
        .where(missing(parametro_sections.name_en));
    case 'option':
      return db
        .select(
          fields(
            4,
            parametros.id,
            sql`${parametros.id}::text`,
            parametros.nombre,
            sql`${parametros_grupos.nombre} || ' · ' || ${parametros.codigo}`,
          ),
        )
        .from(parametros)
        .innerJoin(parametros_grupos, eq(parametros_grupos.id, parametros.parametros_grupos_id))
        .where(missing(parametros.nombre_en));
    case 'model_section':
      return db
        .select(fields(5, section_models.id, sql`${section_models.id}::text`, section_models.name, sql`''`))
        .from(section_models)
        .where(missing(section_models.name_en));
    case 'collection':
      return db
        .select(
          fields(
            6,
            colecciones.id,
            sql`${colecciones.id}::text`,
            colecciones.nombre,
            sql`${colecciones.coleccion}`,
          ),
        )
        .from(colecciones)
        .where(missing(colecciones.nombre_en));
  }
}

/** A page of the texts lacking English: of one kind, or of every kind in the report's order. */
export async function findMissingPage(
  db: Db | Tx,
  kinds: readonly TranslationKind[],
  limit: number,
  offset: number,
): Promise<MissingRow[]> {
  // Every branch selects the same columns; only the tables of their types differ.
  type Branch = ReturnType<typeof branch>;
  const [first, ...rest] = kinds.map(
    (kind) => branch(db, kind) as Extract<Branch, { _: { tableName: 'modelos' } }>,
  );
  const order = [sql`ord`, sql`num`, sql`id`];
  const rows = rest.length
    ? await unionAll(first!, rest[0]!, ...rest.slice(1))
        .orderBy(...order)
        .limit(limit)
        .offset(offset)
    : await first!
        .orderBy(...order)
        .limit(limit)
        .offset(offset);
  return rows.map(({ kind, id, text, context }) => ({ kind, id, text, context }));
}

// ── Writes the editors have no path for ─────────────────────────────────────────────────────────

/** A configurator section (section_models) by id, locked for its change. */
export async function lockSectionModel(tx: Tx, id: number) {
  const [row] = await tx.select().from(section_models).where(eq(section_models.id, id)).for('update');
  return row;
}

export async function setSectionModelNameEn(tx: Tx, id: number, nameEn: string) {
  await tx.update(section_models).set({ name_en: nameEn }).where(eq(section_models.id, id));
}

/** A group's section with its group (renameSection takes both and the Spanish name). */
export async function findParamSection(db: Db | Tx, id: number) {
  const [row] = await db.select().from(parametro_sections).where(eq(parametro_sections.id, id));
  return row;
}
