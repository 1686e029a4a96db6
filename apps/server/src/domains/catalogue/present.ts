/** Database rows → wire shapes of the catalogue (cents → euros, null section → 0), and typed prices → cents. */
import {
  type ModelGroupLink,
  type ModeloFields,
  normalizePrice,
  type ParametroRow,
  type ParamSection,
  PRICE_MAX_EUROS,
} from '@nido/contract';
import { toCents, toEuros } from '../../platform/money.ts';
import type { ModeloDbRow, OptionDbRow } from './columns.ts';

/** The default section of a parameter group, exposed as id 0 (parametros.section_id null). */
export const DEFAULT_PARAM_SECTION: ParamSection = { id: 0, name: '', name_en: '', position: -1 };

export function modeloOut(row: ModeloDbRow): ModeloFields {
  return {
    modelo: row.modelo,
    descripcion: row.descripcion,
    descripcion_en: row.descripcion_en,
    pvp: toEuros(row.pvp_cents),
    personalizado: row.personalizado,
    modelobordado: row.modelobordado,
    familia: row.familia,
    baja: row.baja,
    cantidad_minima: row.cantidad_minima,
    multiplo: row.multiplo,
    grupo_rejilla_id: row.grupo_rejilla_id,
  };
}

export function linkOut(row: {
  modelos_modelo: string;
  parametros_grupos_id: number;
  position: number;
  section_models_id: number | null;
  size: number;
  section_name: string | null;
  section_name_en: string | null;
  nombre: string;
  nombre_en: string;
  activado: boolean;
}): ModelGroupLink {
  return {
    ...row,
    section_models_id: row.section_models_id ?? 0,
    size: Number(row.size),
    section_name: row.section_name ?? '',
    section_name_en: row.section_name_en ?? '',
  };
}

export function parametroOut(row: OptionDbRow): ParametroRow {
  const sectionId = row.section_id ?? 0;
  return {
    id: row.id,
    parametros_grupos_id: row.parametros_grupos_id,
    codigo: row.codigo,
    nombre: row.nombre,
    nombre_en: row.nombre_en,
    color: row.color,
    price: toEuros(row.price_cents),
    letters: row.letters,
    embroidery_color: row.embroidery_color,
    embroidery_position: row.embroidery_position,
    embroidery_position_en: row.embroidery_position_en,
    activado: row.activado,
    imagen: row.imagen,
    position: row.position,
    section_id: sectionId,
    section: {
      id: sectionId,
      name: row.section_id == null ? DEFAULT_PARAM_SECTION.name : (row.section_name ?? ''),
      name_en: row.section_id == null ? DEFAULT_PARAM_SECTION.name_en : (row.section_name_en ?? ''),
    },
  };
}

/** A model's retail price and the caller's net price. */
export const modelPricesOut = (pvpCents: number, netCents: number) => ({
  pvp: toEuros(pvpCents),
  precio_neto: toEuros(netCents),
});

/** An option's surcharge for a model and the caller's net surcharge. */
export const optionPricesOut = (priceCents: number, netCents: number) => ({
  price: toEuros(priceCents),
  precio_neto: toEuros(netCents),
});

/** A row with its retail price in cents as the wire has it, in euros. */
export function withPvpOut<T extends { pvp_cents: number }>({ pvp_cents, ...row }: T) {
  return { ...row, pvp: toEuros(pvp_cents) };
}

/** A price the Admin typed (euros, a number or a text) in cents; null when over PRICE_MAX_EUROS. */
export function typedPriceCents(value: unknown): number | null {
  const euros = normalizePrice(value);
  return euros > PRICE_MAX_EUROS ? null : toCents(euros);
}
