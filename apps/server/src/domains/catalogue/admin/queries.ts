/**
 * Drizzle queries of the catalogue administration: models, model images, model↔group links,
 * configurator sections, parameter groups, their sections and parameters.
 */
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { countRows, existingValues } from '../../../db/count.ts';
import { byPosition, keysByPosition, nextPosition } from '../../../db/position.ts';
import {
  coleccion_modelos,
  colecciones,
  modelo_grupos,
  modelo_imagenes,
  modelos,
  parametro_sections,
  parametros,
  parametros_grupos,
  section_models,
} from '../../../db/schema.ts';
import { outerColumn } from '../../../db/subquery.ts';
import { escapeLike } from '../../../platform/text.ts';
import {
  groupColumns,
  type ModeloDbRow,
  modeloColumns,
  type OptionDbRow,
  optionOrder,
  principalImage,
  principalImageOf,
  principalThumb,
  sectionColumns,
  selectOptions,
} from '../columns.ts';
import { modelLacksBoxSql } from '../embroidery/queries.ts';

type Conn = Db | Tx;

// ── Models ────────────────────────────────────────────────────────────────────────────────────

export async function findModelo(db: Conn, modelo: string, lock = false): Promise<ModeloDbRow | null> {
  const query = db.select(modeloColumns).from(modelos).where(eq(modelos.modelo, modelo)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function updateModelo(
  tx: Tx,
  modelo: string,
  values: Partial<Omit<ModeloDbRow, 'modelo'>> & { search_text?: string; updated_at: Date },
) {
  await tx.update(modelos).set(values).where(eq(modelos.modelo, modelo));
}

/** Whether the model offers the option group (a row of modelo_grupos). */
export async function modelOffersGroup(tx: Tx, modelo: string, grupoId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: modelo_grupos.parametros_grupos_id })
    .from(modelo_grupos)
    .where(and(eq(modelo_grupos.modelos_modelo, modelo), eq(modelo_grupos.parametros_grupos_id, grupoId)))
    .limit(1);
  return row != null;
}

export interface AdminModelFilter {
  terms: string[];
  coleccion?: number | null;
  baja?: boolean;
  sinColeccion?: boolean;
}

function modelListWhere(f: AdminModelFilter): SQL | undefined {
  const conds: SQL[] = f.terms.map((t) => sql`${modelos.search_text} like ${`%${escapeLike(t)}%`}`);
  if (f.coleccion) {
    conds.push(
      sql`exists (select 1 from ${coleccion_modelos} cm where cm.modelos_modelo = ${modelos.modelo} and cm.colecciones_id = ${f.coleccion})`,
    );
  }
  if (f.sinColeccion) {
    conds.push(
      sql`not exists (select 1 from ${coleccion_modelos} cm where cm.modelos_modelo = ${modelos.modelo})`,
    );
  }
  if (f.baja !== undefined) conds.push(eq(modelos.baja, f.baja));
  return conds.length ? and(...conds) : undefined;
}

export async function countAdminModels(db: Conn, f: AdminModelFilter): Promise<number> {
  return countRows(db, modelos, modelListWhere(f));
}

/** One page of models for the admin lists, with the main image, collection ids and group count. */
export async function findAdminModelsPage(db: Conn, f: AdminModelFilter, limit: number, offset: number) {
  const order: SQL[] = f.coleccion
    ? [
        sql`(select min(cm.position) from ${coleccion_modelos} cm where cm.modelos_modelo = ${modelos.modelo} and cm.colecciones_id = ${f.coleccion})`,
        asc(modelos.modelo),
      ]
    : [asc(modelos.modelo)];
  return db
    .select({
      ...modeloColumns,
      imagen: principalThumb,
      url_img: principalImage.url_img,
      colecciones: sql<
        number[]
      >`(select coalesce(json_agg(cm.colecciones_id order by cm.colecciones_id), '[]'::json) from ${coleccion_modelos} cm where cm.modelos_modelo = ${modelos.modelo})`,
      grupos:
        sql<number>`(select count(*) from ${modelo_grupos} mg where mg.modelos_modelo = ${modelos.modelo})`.mapWith(
          Number,
        ),
      posiciones_sin_recuadro: modelLacksBoxSql(modelos.modelo),
    })
    .from(modelos)
    .leftJoin(principalImage, principalImageOf(modelos.modelo))
    .where(modelListWhere(f))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

export async function collectionsOfModel(db: Conn, modelo: string) {
  return db
    .select({ id: colecciones.id, nombre: colecciones.nombre, coleccion: colecciones.coleccion })
    .from(coleccion_modelos)
    .innerJoin(colecciones, eq(colecciones.id, coleccion_modelos.colecciones_id))
    .where(eq(coleccion_modelos.modelos_modelo, modelo))
    .orderBy(...byPosition(colecciones.position, colecciones.nombre));
}

// ── Model images ──────────────────────────────────────────────────────────────────────────────

export async function setImageColor(tx: Tx, id: number, color0: string | null) {
  const [row] = await tx.update(modelo_imagenes).set({ color0 }).where(eq(modelo_imagenes.id, id)).returning({
    id: modelo_imagenes.id,
    modelos_modelo: modelo_imagenes.modelos_modelo,
    color0: modelo_imagenes.color0,
  });
  return row;
}

// ── Model ↔ group links ───────────────────────────────────────────────────────────────────────

export const linkColumns = {
  modelos_modelo: modelo_grupos.modelos_modelo,
  parametros_grupos_id: modelo_grupos.parametros_grupos_id,
  position: modelo_grupos.position,
  section_models_id: modelo_grupos.section_models_id,
  size: modelo_grupos.size,
  section_name: section_models.name,
  section_name_en: section_models.name_en,
  nombre: parametros_grupos.nombre,
  nombre_en: parametros_grupos.nombre_en,
  activado: parametros_grupos.activado,
};

/** The model's groups in configurator order (position). */
export async function linksOfModelo(db: Conn, modelo: string) {
  return db
    .select(linkColumns)
    .from(modelo_grupos)
    .innerJoin(parametros_grupos, eq(parametros_grupos.id, modelo_grupos.parametros_grupos_id))
    .leftJoin(section_models, eq(section_models.id, modelo_grupos.section_models_id))
    .where(eq(modelo_grupos.modelos_modelo, modelo))
    .orderBy(...byPosition(modelo_grupos.position, modelo_grupos.parametros_grupos_id));
}

export async function findLink(db: Conn, modelo: string, grupo: number) {
  const [row] = await db
    .select({ position: modelo_grupos.position, size: modelo_grupos.size })
    .from(modelo_grupos)
    .where(and(eq(modelo_grupos.modelos_modelo, modelo), eq(modelo_grupos.parametros_grupos_id, grupo)))
    .limit(1);
  return row ?? null;
}

export async function setLinkSize(tx: Tx, modelo: string, grupo: number, size: number) {
  await tx
    .update(modelo_grupos)
    .set({ size })
    .where(and(eq(modelo_grupos.modelos_modelo, modelo), eq(modelo_grupos.parametros_grupos_id, grupo)));
}

export async function setLinkPosition(
  tx: Tx,
  modelo: string,
  grupo: number,
  position: number,
  section: number | null,
) {
  await tx
    .update(modelo_grupos)
    .set({ position, section_models_id: section })
    .where(and(eq(modelo_grupos.modelos_modelo, modelo), eq(modelo_grupos.parametros_grupos_id, grupo)));
}

export async function nextLinkPosition(tx: Tx, modelo: string): Promise<number> {
  return nextPosition(tx, modelo_grupos.position, eq(modelo_grupos.modelos_modelo, modelo));
}

export async function insertLink(
  tx: Tx,
  values: {
    modelos_modelo: string;
    parametros_grupos_id: number;
    position: number;
    section_models_id: number | null;
    size: number;
  },
) {
  await tx.insert(modelo_grupos).values(values);
}

export async function deleteLink(tx: Tx, modelo: string, grupo: number) {
  await tx
    .delete(modelo_grupos)
    .where(and(eq(modelo_grupos.modelos_modelo, modelo), eq(modelo_grupos.parametros_grupos_id, grupo)));
}

export async function deleteLinksOfModelo(tx: Tx, modelo: string) {
  await tx.delete(modelo_grupos).where(eq(modelo_grupos.modelos_modelo, modelo));
}

export async function rawLinksOfModelo(db: Conn, modelo: string) {
  return db
    .select({
      parametros_grupos_id: modelo_grupos.parametros_grupos_id,
      position: modelo_grupos.position,
      section_models_id: modelo_grupos.section_models_id,
      size: modelo_grupos.size,
    })
    .from(modelo_grupos)
    .where(eq(modelo_grupos.modelos_modelo, modelo))
    .orderBy(...byPosition(modelo_grupos.position, modelo_grupos.parametros_grupos_id));
}

export async function insertLinks(
  tx: Tx,
  rows: Array<{
    modelos_modelo: string;
    parametros_grupos_id: number;
    position: number;
    section_models_id: number | null;
    size: number;
  }>,
) {
  if (rows.length) await tx.insert(modelo_grupos).values(rows);
}

// ── Configurator sections (section_models) ────────────────────────────────────────────────────

const sectionModelColumns = {
  id: section_models.id,
  name: section_models.name,
  name_en: section_models.name_en,
};

export async function allSectionModels(db: Conn) {
  return db
    .select(sectionModelColumns)
    .from(section_models)
    .orderBy(asc(section_models.name), asc(section_models.id));
}

export async function sectionModelIds(db: Conn, ids: number[]): Promise<Set<number>> {
  return existingValues(db, section_models.id, ids);
}

export async function insertSectionModel(tx: Tx, name: string, name_en: string) {
  const [row] = await tx.insert(section_models).values({ name, name_en }).returning(sectionModelColumns);
  return row;
}

// ── Parameter groups ──────────────────────────────────────────────────────────────────────────

export async function findGroup(db: Conn, id: number, lock = false) {
  const query = db.select(groupColumns).from(parametros_grupos).where(eq(parametros_grupos.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export interface GroupFilter {
  terms: string[];
  activado?: boolean;
}

function groupWhere(f: GroupFilter): SQL | undefined {
  const text = sql`translate(lower(${parametros_grupos.nombre} || ' ' || ${parametros_grupos.nombre_en} || ' ' || ${parametros_grupos.id}), 'áàäâéèëêíìïîóòöôúùüûñç', 'aaaaeeeeiiiioooouuuunc')`;
  const conds: SQL[] = f.terms.map((t) => sql`${text} like ${`%${escapeLike(t)}%`}`);
  if (f.activado !== undefined) conds.push(eq(parametros_grupos.activado, f.activado));
  return conds.length ? and(...conds) : undefined;
}

export async function countGroups(db: Conn, f: GroupFilter): Promise<number> {
  return countRows(db, parametros_grupos, groupWhere(f));
}

export async function findGroupsPage(db: Conn, f: GroupFilter, limit: number, offset: number) {
  // Qualified: in a one-table query Drizzle writes a bare "id", which inside the subquery would be
  // the option's own id (every group then counted the same few options).
  const groupId = outerColumn(parametros_grupos.id);
  return db
    .select({
      ...groupColumns,
      parametros_count:
        sql<number>`(select count(*) from ${parametros} p where p.parametros_grupos_id = ${groupId})`.mapWith(
          Number,
        ),
      modelos_count:
        sql<number>`(select count(*) from ${modelo_grupos} mg where mg.parametros_grupos_id = ${groupId})`.mapWith(
          Number,
        ),
    })
    .from(parametros_grupos)
    .where(groupWhere(f))
    .orderBy(asc(parametros_grupos.nombre), asc(parametros_grupos.id))
    .limit(limit)
    .offset(offset);
}

export async function insertGroup(
  tx: Tx,
  values: { nombre: string; nombre_en: string; activado: boolean; size: number },
) {
  const [row] = await tx.insert(parametros_grupos).values(values).returning({ id: parametros_grupos.id });
  return row.id;
}

export async function updateGroup(
  tx: Tx,
  id: number,
  values: { nombre?: string; nombre_en?: string; activado?: boolean; size?: number; updated_at: Date },
) {
  await tx.update(parametros_grupos).set(values).where(eq(parametros_grupos.id, id));
}

// ── Parameter sections ────────────────────────────────────────────────────────────────────────

export async function sectionsOfGroup(db: Conn, grupo: number) {
  return db
    .select(sectionColumns)
    .from(parametro_sections)
    .where(eq(parametro_sections.parametros_grupos_id, grupo))
    .orderBy(...byPosition(parametro_sections.position, parametro_sections.id));
}

export async function findSection(db: Conn, id: number) {
  const [row] = await db
    .select({ ...sectionColumns, parametros_grupos_id: parametro_sections.parametros_grupos_id })
    .from(parametro_sections)
    .where(eq(parametro_sections.id, id))
    .limit(1);
  return row ?? null;
}

export async function insertSection(tx: Tx, grupo: number, name: string, name_en: string) {
  const position = await nextPosition(
    tx,
    parametro_sections.position,
    eq(parametro_sections.parametros_grupos_id, grupo),
  );
  const [row] = await tx
    .insert(parametro_sections)
    .values({ parametros_grupos_id: grupo, name, name_en, position })
    .returning(sectionColumns);
  return row;
}

export async function updateSection(
  tx: Tx,
  id: number,
  values: { name?: string; name_en?: string; position?: number },
) {
  await tx.update(parametro_sections).set(values).where(eq(parametro_sections.id, id));
}

export async function deleteSection(tx: Tx, id: number) {
  await tx.delete(parametro_sections).where(eq(parametro_sections.id, id));
}

// ── Parameters ────────────────────────────────────────────────────────────────────────────────

export async function parametrosOfGroups(db: Conn, grupos: number[]): Promise<OptionDbRow[]> {
  if (grupos.length === 0) return [];
  return selectOptions(db)
    .where(inArray(parametros.parametros_grupos_id, grupos))
    .orderBy(asc(parametros.parametros_grupos_id), ...optionOrder);
}

export async function findParametros(db: Conn, ids: number[]): Promise<OptionDbRow[]> {
  if (ids.length === 0) return [];
  return selectOptions(db)
    .where(inArray(parametros.id, ids))
    .orderBy(...optionOrder);
}

export async function findParametro(db: Conn, id: number): Promise<OptionDbRow | null> {
  const [row] = await findParametros(db, [id]);
  return row ?? null;
}

/** What the option screen writes of an option: its row less the id, group, image, position and section names. */
export type ParametroValues = Omit<
  OptionDbRow,
  'id' | 'parametros_grupos_id' | 'imagen' | 'position' | 'section_name' | 'section_name_en'
>;

export async function insertParametro(
  tx: Tx,
  values: ParametroValues & { parametros_grupos_id: number; position: number },
): Promise<number> {
  const [row] = await tx.insert(parametros).values(values).returning({ id: parametros.id });
  return row.id;
}

export async function updateParametro(
  tx: Tx,
  id: number,
  values: Partial<ParametroValues> & { imagen?: string | null; position?: number; updated_at: Date },
) {
  await tx.update(parametros).set(values).where(eq(parametros.id, id));
}

export async function deleteParametroRow(tx: Tx, id: number) {
  await tx.delete(parametros).where(eq(parametros.id, id));
}

/** Next free position in a group's section (null = default), ignoring the given ids. */
export async function nextParametroPosition(
  tx: Tx,
  grupo: number,
  section: number | null,
  exceptIds: number[] = [],
): Promise<number> {
  const conds: SQL[] = [
    eq(parametros.parametros_grupos_id, grupo),
    section == null ? isNull(parametros.section_id) : eq(parametros.section_id, section),
  ];
  if (exceptIds.length)
    conds.push(
      sql`${parametros.id} not in (${sql.join(
        exceptIds.map((i) => sql`${i}`),
        sql`, `,
      )})`,
    );
  return nextPosition(tx, parametros.position, and(...conds));
}

export async function countParametrosInSection(tx: Tx, section: number): Promise<number> {
  return countRows(tx, parametros, eq(parametros.section_id, section));
}

export async function parametroIdsInSection(tx: Tx, section: number): Promise<number[]> {
  return keysByPosition(tx, parametros.position, parametros.id, eq(parametros.section_id, section));
}

// ── Groups per collection ─────────────────────────────────────────────────────────────────────

export async function coleccionExists(db: Conn, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: colecciones.id })
    .from(colecciones)
    .where(eq(colecciones.id, id))
    .limit(1);
  return !!row;
}

/** Links (group, model) of every model, or of the models of one collection. */
export async function groupUsage(db: Conn, coleccion: number | null) {
  const conds: SQL[] = [];
  if (coleccion != null) {
    conds.push(
      sql`exists (select 1 from ${coleccion_modelos} cm where cm.modelos_modelo = ${modelo_grupos.modelos_modelo} and cm.colecciones_id = ${coleccion})`,
    );
  }
  return db
    .select({
      parametros_grupos_id: modelo_grupos.parametros_grupos_id,
      modelo: modelos.modelo,
      descripcion: modelos.descripcion,
      descripcion_en: modelos.descripcion_en,
      baja: modelos.baja,
      size: modelo_grupos.size,
      position: modelo_grupos.position,
      section_models_id: modelo_grupos.section_models_id,
    })
    .from(modelo_grupos)
    .innerJoin(modelos, eq(modelos.modelo, modelo_grupos.modelos_modelo))
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(asc(modelos.modelo));
}

export async function groupsByIds(db: Conn, ids: number[] | null) {
  const query = db.select(groupColumns).from(parametros_grupos);
  if (ids === null) return query.orderBy(asc(parametros_grupos.nombre), asc(parametros_grupos.id));
  if (ids.length === 0) return [];
  return query
    .where(inArray(parametros_grupos.id, ids))
    .orderBy(asc(parametros_grupos.nombre), asc(parametros_grupos.id));
}
