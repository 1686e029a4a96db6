import { EMBROIDERY_COLOURS_GROUP_ID } from '@nido/contract';
import { and, asc, eq, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { type Db, preparedOn, type Tx } from '../../../db/client.ts';
import { countRows } from '../../../db/count.ts';
import { byPosition } from '../../../db/position.ts';
import {
  coleccion_modelos,
  modelo_grupos,
  modelo_imagenes,
  modelos,
  parametros,
  parametros_grupos,
  section_models,
} from '../../../db/schema.ts';
import { escapeLike } from '../../../platform/text.ts';
import {
  modelGroupColumns,
  modeloColumns,
  modelSummaryColumns,
  type OptionDbRow,
  optionOrder,
  principalImage,
  principalImageOf,
  selectOptions,
} from '../columns.ts';
import { imageListOrder, modelImageSet } from '../image-sets.ts';

/**
 * VISIBILITY RULE (product.md §3.5, representatives-only flag):
 * - Admin and Representante see every active model (baja = false); GET modelo/{modelo} shows them
 *   inactive models too (the admin screens edit them).
 * - A client user sees a model only when it is active AND it belongs to at least one collection that
 *   is active and not representatives-only. A model in no collection at all is NOT visible to a
 *   client user: "models without collection" are an admin work list (/modelo/sincoleccion), not
 *   part of the shop's catalogue.
 * The same rule serves search, the model detail, the collection lists, the code list and line add.
 */
export function clientVisibleSql(): SQL {
  // The collection part of the rule, kept in modelos.client_visible by triggers (migration 0004).
  return sql`${modelos.client_visible}`;
}

/** Active models the caller may see (see the rule above). */
export function visibleActiveModels(staff: boolean): SQL {
  return staff ? eq(modelos.baja, false) : and(eq(modelos.baja, false), clientVisibleSql())!;
}

/**
 * The values one search binds: each word as a LIKE pattern (`w0`, `w1`…, every one must occur in
 * search_text, through its trigram index) and the whole text for the ranking. Words are already
 * normalised.
 */
function searchValues(terms: string[]): Record<string, string> {
  const q = escapeLike(terms.join(' '));
  const values: Record<string, string> = { exact: terms.join(' '), prefix: `${q}%`, wordStart: `% ${q}%` };
  terms.forEach((t, i) => {
    values[`w${i}`] = `%${escapeLike(t)}%`;
  });
  return values;
}

/** The search's conditions over `words` words, each value from `value(name)` (a placeholder or the value). */
function searchWhere(staff: boolean, words: number, value: (name: string) => unknown): SQL {
  const like = Array.from({ length: words }, (_, i) => sql`${modelos.search_text} like ${value(`w${i}`)}`);
  return and(visibleActiveModels(staff), ...like)!;
}

/**
 * Best matches first: the exact code, then codes starting with the text, then models where the text
 * starts a word, then the rest; within a tier the shorter text (the one most about the words), then
 * the code. Only cheap comparisons: trigram similarity() over every match cost 3× the whole search
 * when a common word matches thousands of models (bench/README.md). The code is compared only when
 * search_text (which starts with the code) starts with the text: a common word matches thousands of
 * models, and two lower() per match cost a third of the statement.
 */
function rankTier(words: number, value: (name: string) => unknown): SQL<number> {
  if (words === 0) return sql<number>`0`;
  return sql<number>`case when ${modelos.search_text} like ${value('prefix')} then (case
      when lower(${modelos.modelo}) = ${value('exact')} then 0
      when lower(${modelos.modelo}) like ${value('prefix')} then 1 else 2 end)
    when ${modelos.search_text} like ${value('wordStart')} then 2 else 3 end`;
}

export type SummaryRow = {
  modelo: string;
  descripcion: string;
  descripcion_en: string;
  pvp_cents: number;
  familia: number;
  imagen: string | null;
};

export async function countSearch(db: Db, staff: boolean, terms: string[]): Promise<number> {
  const values = searchValues(terms);
  return countRows(
    db,
    modelos,
    searchWhere(staff, terms.length, (name) => values[name]),
  );
}

/**
 * One page of search results with the number of matches (`total`, a window over the matches the
 * ranking reads anyway, so no second statement counts them again; absent when the page is empty).
 * The matches are ranked as narrow rows (code and rank keys) and only the page's rows are joined to
 * their descriptions and main image: carrying every match's descriptions through the count and the
 * sort cost a quarter of the statement. One prepared statement per caller kind and number of words:
 * its generic plan (the trigram index, then the page) is the plan each search gets anyway.
 */
export async function searchPage(
  db: Db,
  staff: boolean,
  terms: string[],
  limit: number,
  offset: number,
): Promise<Array<SummaryRow & { total: number }>> {
  return searchPageStatement(staff, terms.length)(db).execute({ ...searchValues(terms), limit, offset });
}

const searchPageStatements = new Map<string, ReturnType<typeof preparedSearchPage>>();

function searchPageStatement(staff: boolean, words: number) {
  const shape = `${staff ? 'staff' : 'client'}_${words}`;
  let prepared = searchPageStatements.get(shape);
  if (!prepared) {
    prepared = preparedSearchPage(staff, words, `search_page_${shape}`);
    searchPageStatements.set(shape, prepared);
  }
  return prepared;
}

function preparedSearchPage(staff: boolean, words: number, name: string) {
  const p = (key: string) => sql.placeholder(key);
  return preparedOn((db) => {
    const hits = db
      .select({
        modelo: modelos.modelo,
        rank_tier: rankTier(words, p).as('rank_tier'),
        rank_len: sql<number>`length(${modelos.search_text})`.as('rank_len'),
        total: sql<number>`count(*) over ()`.as('total'),
      })
      .from(modelos)
      .where(searchWhere(staff, words, p))
      .orderBy(sql`rank_tier`, sql`rank_len`, asc(modelos.modelo))
      .limit(p('limit'))
      .offset(p('offset'))
      .as('hits');
    return db
      .select({ ...modelSummaryColumns, total: sql<number>`${hits.total}`.mapWith(Number) })
      .from(hits)
      .innerJoin(modelos, eq(modelos.modelo, hits.modelo))
      .leftJoin(principalImage, principalImageOf(hits.modelo))
      .orderBy(asc(hits.rank_tier), asc(hits.rank_len), asc(hits.modelo))
      .prepare(name);
  });
}

/** The compact list (GET modeloBase/list). */
export async function modelBaseList(db: Db, staff: boolean, terms: string[], limit: number) {
  const values = searchValues(terms);
  return db
    .select({
      modelo: modelos.modelo,
      descripcion: modelos.descripcion,
      descripcion_en: modelos.descripcion_en,
    })
    .from(modelos)
    .where(searchWhere(staff, terms.length, (name) => values[name]))
    .orderBy(
      ...(terms.length === 0
        ? [asc(modelos.modelo)]
        : [
            rankTier(terms.length, (name) => values[name]),
            asc(sql`length(${modelos.search_text})`),
            asc(modelos.modelo),
          ]),
    )
    .limit(limit);
}

export interface Swatch {
  codigo: string;
  nombre: string;
  nombre_en: string;
  color: string | null;
}

/**
 * The active colour swatches of each model's first colour group: the active group linked at the
 * lowest position that has at least one active option with a colour (group 86, the embroidery
 * colours, never counts). One statement for any number of models.
 */
export async function swatchesFor(db: Db, models: string[]): Promise<Map<string, Swatch[]>> {
  const out = new Map<string, Swatch[]>();
  if (models.length === 0) return out;
  for (const { modelo, swatches } of await swatchesQuery(db).execute({ models })) out.set(modelo, swatches);
  return out;
}

/** Prepared once: the models come as one array, whatever a page holds. */
const swatchesQuery = preparedOn((db) => {
  const first = db
    .selectDistinctOn([modelo_grupos.modelos_modelo], {
      modelo: modelo_grupos.modelos_modelo,
      grupo: modelo_grupos.parametros_grupos_id,
    })
    .from(modelo_grupos)
    .innerJoin(
      parametros_grupos,
      and(eq(parametros_grupos.id, modelo_grupos.parametros_grupos_id), eq(parametros_grupos.activado, true)),
    )
    .where(
      and(
        sql`${modelo_grupos.modelos_modelo} = any(${sql.placeholder('models')}::text[])`,
        ne(modelo_grupos.parametros_grupos_id, EMBROIDERY_COLOURS_GROUP_ID),
        sql`exists (select 1 from ${parametros} p where p.parametros_grupos_id = ${modelo_grupos.parametros_grupos_id}
          and p.activado and p.color is not null)`,
      ),
    )
    .orderBy(modelo_grupos.modelos_modelo, modelo_grupos.position, modelo_grupos.parametros_grupos_id)
    .as('first_group');
  // Each first group's options through the (group, position) index, not a hash join over every
  // option of the catalogue.
  const swatch = db
    .select({
      codigo: parametros.codigo,
      nombre: parametros.nombre,
      nombre_en: parametros.nombre_en,
      color: parametros.color,
      position: parametros.position,
      id: parametros.id,
    })
    .from(parametros)
    .where(
      and(
        eq(parametros.parametros_grupos_id, first.grupo),
        eq(parametros.activado, true),
        isNotNull(parametros.color),
      ),
    )
    .orderBy(parametros.position, parametros.id) // also keeps the planner from flattening it
    .as('swatch');
  // One row per model with its swatches as JSON: mapping a row per swatch (about 500 for a page of
  // search results) cost more in Drizzle than the statement itself.
  return db
    .select({
      modelo: first.modelo,
      swatches: sql<
        Swatch[]
      >`json_agg(json_build_object('codigo', ${swatch.codigo}, 'nombre', ${swatch.nombre},
        'nombre_en', ${swatch.nombre_en}, 'color', ${swatch.color}) order by ${swatch.position}, ${swatch.id})`,
    })
    .from(first)
    .innerJoinLateral(swatch, sql`true`)
    .groupBy(first.modelo)
    .prepare('search_swatches');
});

// ── Model detail ──────────────────────────────────────────────────────────────────────────────

/**
 * A model's row with whether a client user may see it and its embroidery model (the surcharge
 * line's): add the condition. The model detail and building lines (line-catalogue.ts) read it.
 */
export function selectModelRows(db: Db | Tx) {
  const mb = alias(modelos, 'bordado_model');
  return db
    .select({
      ...modeloColumns,
      client_visible: sql<boolean>`${clientVisibleSql()}`,
      bordado_modelo: mb.modelo,
      bordado_descripcion: mb.descripcion,
      bordado_descripcion_en: mb.descripcion_en,
    })
    .from(modelos)
    .leftJoin(mb, eq(mb.modelo, modelos.modelobordado));
}

/** The model row by code (exact, else upper-cased). */
const modelQuery = preparedOn((db) =>
  selectModelRows(db)
    .where(or(eq(modelos.modelo, sql.placeholder('code')), eq(modelos.modelo, sql.placeholder('upper'))))
    .limit(2)
    .prepare('model_by_code'),
);

export async function findModel(db: Db | Tx, code: string) {
  const rows = await modelQuery(db).execute({ code, upper: code.toUpperCase() });
  return rows.find((r) => r.modelo === code) ?? rows[0] ?? null;
}
export type ModelRow = NonNullable<Awaited<ReturnType<typeof findModel>>>;

const imagesQuery = preparedOn((db) =>
  db
    .select({
      id: modelo_imagenes.id,
      url_img: modelo_imagenes.url_img,
      thumb_url: modelo_imagenes.thumb_url,
      color0: modelo_imagenes.color0,
      principal: modelo_imagenes.principal,
    })
    .from(modelo_imagenes)
    .where(eq(modelo_imagenes.modelos_modelo, sql.placeholder('modelo')))
    .orderBy(...imageListOrder(modelImageSet))
    .prepare('model_images'),
);

export async function modelImages(db: Db, modelo: string) {
  return imagesQuery(db).execute({ modelo });
}

/**
 * The groups linked to a model, in pivot position order, with their section and whether they have
 * at least one active option. `activeOnly` leaves inactive groups out (client users, line add).
 */
export async function modelGroups(db: Db | Tx, modelo: string, activeOnly: boolean) {
  return (activeOnly ? activeGroupsQuery : groupsQuery)(db).execute({ modelo });
}

function groupsOf(db: Db | Tx, activeOnly: boolean) {
  return db
    .select({
      ...modelGroupColumns,
    })
    .from(modelo_grupos)
    .innerJoin(parametros_grupos, eq(parametros_grupos.id, modelo_grupos.parametros_grupos_id))
    .leftJoin(section_models, eq(section_models.id, modelo_grupos.section_models_id))
    .where(
      and(
        eq(modelo_grupos.modelos_modelo, sql.placeholder('modelo')),
        activeOnly ? eq(parametros_grupos.activado, true) : undefined,
      ),
    )
    .orderBy(...byPosition(modelo_grupos.position, parametros_grupos.id))
    .prepare(activeOnly ? 'model_active_groups' : 'model_groups');
}
const groupsQuery = preparedOn((db) => groupsOf(db, false));
const activeGroupsQuery = preparedOn((db) => groupsOf(db, true));
export type GroupRow = Awaited<ReturnType<typeof modelGroups>>[number];

/**
 * The active options of every group linked to the model plus the embroidery colours (group 86), in
 * one statement, ordered by group, section (the editor's order), position, id.
 */
const optionsQuery = preparedOn((db) =>
  selectOptions(db)
    .where(
      and(
        eq(parametros.activado, true),
        or(
          inArray(
            parametros.parametros_grupos_id,
            db
              .select({ id: modelo_grupos.parametros_grupos_id })
              .from(modelo_grupos)
              .where(eq(modelo_grupos.modelos_modelo, sql.placeholder('modelo'))),
          ),
          eq(parametros.parametros_grupos_id, EMBROIDERY_COLOURS_GROUP_ID),
        ),
      ),
    )
    // Section by section as the group editor orders them (the default section first), then position.
    .orderBy(asc(parametros.parametros_grupos_id), ...optionOrder)
    .prepare('model_options'),
);

export async function modelOptions(db: Db, modelo: string) {
  return optionsQuery(db).execute({ modelo });
}
export type OptionRow = OptionDbRow;

// ── Collections ───────────────────────────────────────────────────────────────────────────────

/** Active models of a collection, by family then position in the collection, then code. */
export async function coleccionModels(db: Db, coleccionId: number): Promise<SummaryRow[]> {
  return db
    .select(modelSummaryColumns)
    .from(coleccion_modelos)
    .innerJoin(modelos, eq(modelos.modelo, coleccion_modelos.modelos_modelo))
    .leftJoin(principalImage, principalImageOf(modelos.modelo))
    .where(and(eq(coleccion_modelos.colecciones_id, coleccionId), eq(modelos.baja, false)))
    .orderBy(
      sql`case when ${modelos.familia} between 1 and 7 then ${modelos.familia} else 8 end`,
      asc(coleccion_modelos.position),
      asc(modelos.modelo),
    );
}

// ── Images for lines ──────────────────────────────────────────────────────────────────────────

/**
 * A line's thumbnail, picked in the statement that reads the line: the model's image tied to one
 * of the line's chosen colour codes (the `codigo`s of its parametros_color snapshot), else its main
 * image, else its first image; lowest id first within each (one index lookup per line, no
 * statement per model).
 */
export function lineImageSql(
  modelo: AnyPgColumn,
  snapshot: AnyPgColumn,
  size: 'thumb' | 'full' = 'thumb',
): SQL<string | null> {
  const file = size === 'thumb' ? sql`coalesce(i.thumb_url, i.url_img)` : sql`i.url_img`;
  return sql<string | null>`(select ${file} from ${modelo_imagenes} i
    where i.modelos_modelo = ${modelo}
    order by (coalesce(i.color0, '') <> '' and i.color0 in (
        select x->>'codigo' from jsonb_array_elements(
          case when jsonb_typeof(${snapshot}) = 'array' then ${snapshot} else '[]'::jsonb end) x)) desc,
      i.principal desc, i.id
    limit 1)`;
}

// ── Models by search text, for other modules ──────────────────────────────────────────────────

/**
 * The codes of the models whose search text contains every pattern (LIKE patterns, already escaped:
 * values or `sql.placeholder`s), as a subquery for `column in …` (the trigram index on search_text
 * serves it). Every model, whatever its visibility: the orders list filters lines already bought.
 */
export function modelCodesMatchingSql(patterns: unknown[]): SQL {
  const all = sql.join(
    patterns.map((pattern) => sql`m.search_text like ${pattern}`),
    sql` and `,
  );
  return sql`(select m.modelo from ${modelos} m where ${all})`;
}
