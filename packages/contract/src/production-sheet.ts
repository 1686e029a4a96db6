/**
 * The production sheet (issue 31, record 060): what the workshop makes, for one order or for every
 * order of a status submitted in a range of days. Every primary line (no shipping line, no surcharge
 * line) grouped by model, then by identical configuration (the chosen options and the embroidery),
 * the quantities summed, each group with its picture (the embroidery preview when it has a name,
 * else the line's image) and the orders it comes from. The print view reads it as JSON; the PDF
 * draws the same groups on the server, streamed.
 */
import { z } from 'zod';
import { ChosenOptionSnapshot, EmbroiderySnapshot } from './catalog.ts';
import { daysBetween } from './collection-window.ts';
import { Id } from './common.ts';
import { LANGUAGES } from './limits.ts';
import { PRODUCTION_MSG } from './messages.ts';

/** The statuses a sheet may gather: the submitted orders that still stand (not the cart, not cancelled). */
export const PRODUCTION_STATUSES = ['w', 'p', 'e'] as const;
export type ProductionStatus = (typeof PRODUCTION_STATUSES)[number];
/** The longest range of days a sheet gathers (a quarter). */
export const PRODUCTION_RANGE_DAYS_MAX = 92;
/**
 * The most groups the print view's answer carries; past it the answer says `truncado` and the
 * screen offers the PDF (which streams every group) or a narrower range.
 */
export const PRODUCTION_VIEW_GROUPS_MAX = 300;

const day = z.iso.date(PRODUCTION_MSG.day.code);

/**
 * GET pedidos/produccion: one order (`pedido_id`, or its number `docum`), or the orders submitted from `desde` to `hasta`
 * (Madrid days, inclusive, at most PRODUCTION_RANGE_DAYS_MAX days apart), of one status or of every
 * status that stands (w, p, e). With one order the other fields are ignored.
 */
export const ProductionSheetQuery = z
  .object({
    pedido_id: Id.optional(),
    /** The one order by its number (docum), as the Admin reads it; `pedido_id` wins when both come. */
    docum: z.string().trim().min(1).max(30).optional(),
    status: z.enum(PRODUCTION_STATUSES).optional(),
    desde: day.optional(),
    hasta: day.optional(),
  })
  .superRefine((q, issue) => {
    if (q.pedido_id || q.docum) return;
    if (!q.desde)
      issue.addIssue({ code: 'custom', path: ['desde'], message: PRODUCTION_MSG.rangeRequired.code });
    if (!q.hasta)
      issue.addIssue({ code: 'custom', path: ['hasta'], message: PRODUCTION_MSG.rangeRequired.code });
    if (!q.desde || !q.hasta) return;
    const days = daysBetween(q.desde, q.hasta);
    if (days < 0)
      issue.addIssue({ code: 'custom', path: ['hasta'], message: PRODUCTION_MSG.rangeBackwards.code });
    else if (days >= PRODUCTION_RANGE_DAYS_MAX)
      issue.addIssue({ code: 'custom', path: ['hasta'], message: PRODUCTION_MSG.rangeTooLong.code });
  });
export type ProductionSheetQuery = z.input<typeof ProductionSheetQuery>;

/** GET pedidos/produccion/pdf: the same, and `lang`, the PDF's language (else the caller's). */
export const ProductionSheetDocumentQuery = ProductionSheetQuery.safeExtend({
  lang: z.enum(LANGUAGES).optional(),
});
export type ProductionSheetDocumentQuery = z.input<typeof ProductionSheetDocumentQuery>;

/** An order a group comes from, and how many of the group's units it asks for. */
export const ProductionSheetOrder = z.object({
  id: z.number(),
  docum: z.string(),
  cliente: z.string(),
  cantidad: z.number(),
});
export type ProductionSheetOrder = z.infer<typeof ProductionSheetOrder>;

/** One model made one way: its configuration, how many, its picture and its orders. */
export const ProductionSheetGroup = z.object({
  modelo: z.string(),
  /** The descriptions as the group's first line recorded them. */
  descripcion: z.string(),
  descripcion_en: z.string(),
  /** Thumbnail of the model's image for the chosen colour, else its main image; null: none. */
  imagen: z.string().nullable(),
  /** The chosen options (the first line's snapshot: every line of the group chose the same ones). */
  parametros_color: z.array(ChosenOptionSnapshot),
  /** The embroidery (name, style, thread, position); null: none. */
  parametros_bordado: EmbroiderySnapshot.nullable(),
  /** Units of the group, over its orders. */
  cantidad: z.number(),
  /** The embroidery drawn on the image (record 059), when the group has a name to embroider. */
  bordado_preview: z.string().nullable(),
  /** The orders the group comes from, in the order they were submitted. */
  pedidos: z.array(ProductionSheetOrder),
});
export type ProductionSheetGroup = z.infer<typeof ProductionSheetGroup>;

export const ProductionSheet = z.object({
  /** What the sheet gathers: the one order, or the status (null: w, p and e) and the days. */
  filtro: z.object({
    pedido: z.object({ id: z.number(), docum: z.string(), cliente: z.string() }).nullable(),
    status: z.enum(PRODUCTION_STATUSES).nullable(),
    desde: z.string().nullable(),
    hasta: z.string().nullable(),
  }),
  /** The maker, as its documents name it. */
  fabricante: z.string(),
  /** When it was made (ISO instant). */
  generado: z.string(),
  /** Over every group, whether or not this answer carries them all. */
  totales: z.object({ grupos: z.number(), unidades: z.number(), pedidos: z.number() }),
  /** True when `grupos` stops at PRODUCTION_VIEW_GROUPS_MAX of `totales.grupos` (the PDF has them all). */
  truncado: z.boolean(),
  /** By model code, then configuration. */
  grupos: z.array(ProductionSheetGroup),
});
export type ProductionSheet = z.infer<typeof ProductionSheet>;
