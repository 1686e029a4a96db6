import {
  CATALOG_ADMIN_MSG,
  hasText,
  normalizeLetters,
  normalizePositions,
  normalizePrice,
} from '@nido/contract';
import type { ShownMessage } from '../../../lib/messages.ts';
import type { ParametroRowT } from '../api.ts';

/** The editable fields of a parameter, as typed. */
export interface ParamDraft {
  id: number;
  codigo: string;
  nombre: string;
  nombre_en: string;
  color: string;
  price: string;
  letters: string;
  embroidery_color: boolean;
  embroidery_position: string;
  embroidery_position_en: string;
  activado: boolean;
}

export const EMPTY_DRAFT: ParamDraft = {
  id: 0,
  codigo: '',
  nombre: '',
  nombre_en: '',
  color: '',
  price: '0',
  letters: '0',
  embroidery_color: false,
  embroidery_position: '',
  embroidery_position_en: '',
  activado: true,
};

export function draftOf(row: ParametroRowT): ParamDraft {
  return {
    id: row.id,
    codigo: row.codigo,
    nombre: row.nombre,
    nombre_en: row.nombre_en,
    color: row.color ?? '',
    price: String(row.price),
    letters: String(row.letters),
    embroidery_color: row.embroidery_color,
    embroidery_position: row.embroidery_position,
    embroidery_position_en: row.embroidery_position_en,
    activado: row.activado,
  };
}

/** The values that would be stored (product.md §5.3: negative price → 0, letters NaN → 0). */
export function normalized(d: ParamDraft) {
  return {
    codigo: d.codigo.trim(),
    nombre: d.nombre.trim(),
    nombre_en: d.nombre_en.trim(),
    color: d.color.trim().toLowerCase(),
    price: normalizePrice(d.price),
    letters: normalizeLetters(d.letters),
    embroidery_color: d.embroidery_color,
    ...normalizePositions(d.embroidery_position, d.embroidery_position_en),
    activado: d.activado,
  };
}

export function sameValues(a: ParamDraft, b: ParamDraft): boolean {
  return JSON.stringify(normalized(a)) === JSON.stringify(normalized(b));
}

/** The row's rules beyond the schema (product.md §5.3). */
export function rules(d: ParamDraft): Record<string, ShownMessage> {
  const errors: Record<string, ShownMessage> = {};
  if (!hasText(d.nombre)) errors.nombre = CATALOG_ADMIN_MSG.nameRequired;
  if (!hasText(d.nombre_en)) errors.nombre_en = CATALOG_ADMIN_MSG.nameEnRequired;
  if (d.color.trim() && !/^#[0-9a-fA-F]{6}$/.test(d.color.trim()))
    errors.color = CATALOG_ADMIN_MSG.colorFormat;
  return errors;
}
