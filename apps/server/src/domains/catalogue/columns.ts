/**
 * Columns the catalogue reads in several statements, written once for the shop and the admin
 * screens: a model's fields, a model's summary with its main image's thumbnail (a left join of
 * principalImage), and an option (parámetro) with its section's names (a left join on
 * parametro_sections), with the one way options are read and ordered.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { byPosition } from '../../db/position.ts';
import {
  modelo_grupos,
  modelo_imagenes,
  modelos,
  parametro_sections,
  parametros,
  parametros_grupos,
  section_models,
} from '../../db/schema.ts';

/** A model's own fields, as the admin screens and the model detail read them. */
export const modeloColumns = {
  modelo: modelos.modelo,
  descripcion: modelos.descripcion,
  descripcion_en: modelos.descripcion_en,
  pvp_cents: modelos.pvp_cents,
  personalizado: modelos.personalizado,
  modelobordado: modelos.modelobordado,
  familia: modelos.familia,
  baja: modelos.baja,
  cantidad_minima: modelos.cantidad_minima,
  multiplo: modelos.multiplo,
  grupo_rejilla_id: modelos.grupo_rejilla_id,
};
/** A row of `modeloColumns`. */
export type ModeloDbRow = {
  modelo: string;
  descripcion: string;
  descripcion_en: string;
  pvp_cents: number;
  personalizado: number;
  modelobordado: string;
  familia: number;
  baja: boolean;
  /** The model's quantity rule (line-rules.ts `QuantityRule`). */
  cantidad_minima: number;
  multiplo: number;
  /** The colour grid's group, or null. */
  grupo_rejilla_id: number | null;
};

/** A model's main image, as a table to left-join on `principalImageOf(the model's code)`. */
export const principalImage = alias(modelo_imagenes, 'principal_img');

/** The join condition of principalImage: the main image of that model. */
export function principalImageOf(modelo: AnyPgColumn): SQL | undefined {
  return and(eq(principalImage.modelos_modelo, modelo), eq(principalImage.principal, true));
}

/** The main image's thumbnail (its full image when it has none), with principalImage joined. */
export const principalThumb = sql<
  string | null
>`coalesce(${principalImage.thumb_url}, ${principalImage.url_img})`;

/** What the lists of models show of one (with principalImage joined). */
export const modelSummaryColumns = {
  modelo: modelos.modelo,
  descripcion: modelos.descripcion,
  descripcion_en: modelos.descripcion_en,
  pvp_cents: modelos.pvp_cents,
  familia: modelos.familia,
  imagen: principalThumb,
};

/** An option group's own fields. */
export const groupColumns = {
  id: parametros_grupos.id,
  nombre: parametros_grupos.nombre,
  nombre_en: parametros_grupos.nombre_en,
  activado: parametros_grupos.activado,
  size: parametros_grupos.size,
};

/**
 * A group as a model uses it (modelo_grupos joined to its group and its section of the model):
 * what the configurator shows and the line builder checks.
 */
export const modelGroupColumns = {
  ...groupColumns,
  position: modelo_grupos.position,
  section_models_id: modelo_grupos.section_models_id,
  pivot_size: modelo_grupos.size,
  section_name: section_models.name,
  section_name_en: section_models.name_en,
  has_options: sql<boolean>`exists (select 1 from ${parametros} p
    where p.parametros_grupos_id = ${parametros_grupos.id} and p.activado)`,
};

/** A section of a group's options (parametro_sections). */
export const sectionColumns = {
  id: parametro_sections.id,
  name: parametro_sections.name,
  name_en: parametro_sections.name_en,
  position: parametro_sections.position,
};

/** An option with its section's names (see `selectOptions`). */
export const optionColumns = {
  id: parametros.id,
  parametros_grupos_id: parametros.parametros_grupos_id,
  codigo: parametros.codigo,
  nombre: parametros.nombre,
  nombre_en: parametros.nombre_en,
  color: parametros.color,
  price_cents: parametros.price_cents,
  letters: parametros.letters,
  embroidery_color: parametros.embroidery_color,
  embroidery_position: parametros.embroidery_position,
  embroidery_position_en: parametros.embroidery_position_en,
  activado: parametros.activado,
  imagen: parametros.imagen,
  position: parametros.position,
  section_id: parametros.section_id,
  section_name: parametro_sections.name,
  section_name_en: parametro_sections.name_en,
};
/** A row of `optionColumns`. */
export type OptionDbRow = {
  id: number;
  parametros_grupos_id: number;
  codigo: string;
  nombre: string;
  nombre_en: string;
  color: string | null;
  price_cents: number;
  letters: number;
  embroidery_color: boolean;
  embroidery_position: string;
  embroidery_position_en: string;
  activado: boolean;
  imagen: string | null;
  position: number;
  section_id: number | null;
  section_name: string | null;
  section_name_en: string | null;
};

/** Options with their section's names: add the condition and the order (`optionOrder`). */
export function selectOptions(db: Db | Tx) {
  return db
    .select(optionColumns)
    .from(parametros)
    .leftJoin(parametro_sections, eq(parametro_sections.id, parametros.section_id));
}

/**
 * Within a group, the order of the group editor (and of the configurator): the default section
 * first, then the sections by position, then the options by position and id.
 */
export const optionOrder = [
  sql`coalesce(${parametro_sections.position}, -1)`,
  sql`coalesce(${parametro_sections.id}, 0)`,
  ...byPosition(parametros.position, parametros.id),
];
