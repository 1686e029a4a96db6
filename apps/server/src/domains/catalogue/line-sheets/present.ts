/** A line sheet's models as the wire (and the PDF, which prints the same answer) carry them: euros. */
import type { LineSheetModel, Swatch } from '@nido/contract';
import { eurosOrNull, toEuros } from '../../../platform/money.ts';

export function sheetModelOut(
  row: {
    modelo: string;
    descripcion: string;
    descripcion_en: string;
    thumb: string | null;
    full: string | null;
  },
  prices: { pvpCents: number; netCents: number | null },
  colores: Swatch[],
): LineSheetModel {
  return {
    modelo: row.modelo,
    descripcion: row.descripcion,
    descripcion_en: row.descripcion_en,
    imagen: row.thumb ?? row.full,
    pvp: toEuros(prices.pvpCents),
    precio_neto: eurosOrNull(prices.netCents),
    colores,
  };
}
