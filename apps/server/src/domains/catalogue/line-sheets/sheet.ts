/** What a line sheet is made of (service.ts reads it, document.ts and mails.ts print it). */
import type { LineSheet, LineSheetModel } from '@nido/contract';
import type { PriceInputs } from '../pricing.ts';

/** What a sheet is made of before its models: the cover and whose prices. */
export interface SheetScope {
  coleccion: LineSheet['coleccion'];
  fabricante: string;
  cliente: LineSheet['cliente'];
  /** The client's price inputs; null: PVP only. */
  inputs: PriceInputs | null;
  /** The Madrid day it is made on. */
  today: string;
}

/** A model of the sheet with its family and its image's stored paths (the PDF reads the file). */
export interface SheetItem {
  familia: number;
  model: LineSheetModel;
  thumb: string | null;
  full: string | null;
}

/** Families 1-7 are their own; every other value is "no family", one group. */
export const familyKey = (familia: number) => (familia >= 1 && familia <= 7 ? familia : 8);
