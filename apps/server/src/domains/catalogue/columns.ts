/**
 * The columns the catalogue reads of its option table, once for the shop and the admin screens: an
 * option (parámetro) with its section's names (a left join on parametro_sections).
 */
import { parametro_sections, parametros } from '../../db/schema.ts';

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
  activado: boolean;
  imagen: string | null;
  position: number;
  section_id: number | null;
  section_name: string | null;
  section_name_en: string | null;
};
