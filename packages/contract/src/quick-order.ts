/**
 * Quick order and reorder (records 042, 043): rows typed, pasted or uploaded as `CODE QUANTITY`
 * (plus option codes and embroidery fields), each checked on the server with the line rules; a
 * past order or line checked again against today's catalogue, with substitutes for withdrawn
 * options; and the reviewed lines added to the cart in one transaction.
 */
import { z } from 'zod';
import { ChosenOptionSnapshot, EmbroiderySnapshot, IntLike } from './catalog.ts';
import { MessageRef, shownText } from './common.ts';
import { QUICK_ORDER_OPTIONS_MAX, QUICK_ORDER_ROWS_MAX } from './limits.ts';
import { ORDER_MSG } from './messages.ts';
import { LineAddRequest, Order } from './orders.ts';

/**
 * The columns of the quick-order template, in order, as a file's header names them (Spanish or
 * English; any case). Option columns repeat (`opcion`, `opcion 2`…): each holds an option code of
 * any of the model's groups. A file or paste without this header is read by position: code,
 * quantity, then option codes.
 */
export const QUICK_ORDER_COLUMNS = {
  modelo: ['codigo', 'code', 'modelo', 'model'],
  cantidad: ['cantidad', 'quantity', 'qty', 'unidades'],
  opcion: ['opcion', 'option'],
  name: ['bordado_nombre', 'embroidery_name'],
  emb_color: ['bordado_color', 'embroidery_colour', 'embroidery_color'],
  position: ['bordado_posicion', 'embroidery_position'],
  emb_style: ['bordado_estilo', 'embroidery_style'],
  nota: ['nota', 'note'],
} as const;

/**
 * The template's column names in each language (a file may use either): code, quantity, option
 * (as many columns as its rows need, at least three), the embroidery's name, colour, position and
 * style, and the note.
 */
export const QUICK_ORDER_TEMPLATE_COLUMNS = {
  es: {
    modelo: 'codigo',
    cantidad: 'cantidad',
    opcion: 'opcion',
    name: 'bordado_nombre',
    emb_color: 'bordado_color',
    position: 'bordado_posicion',
    emb_style: 'bordado_estilo',
    nota: 'nota',
  },
  en: {
    modelo: 'code',
    cantidad: 'quantity',
    opcion: 'option',
    name: 'embroidery_name',
    emb_color: 'embroidery_colour',
    position: 'embroidery_position',
    emb_style: 'embroidery_style',
    nota: 'note',
  },
} as const satisfies Record<'es' | 'en', Record<keyof typeof QUICK_ORDER_COLUMNS, string>>;

/** The embroidery fields a row may give (as the line payload names them). */
export const QuickEmbroidery = z.object({
  name: shownText(200).optional(),
  emb_color: z.string().max(40).optional(),
  position: z.string().max(100).optional(),
  emb_style: z.string().max(40).optional(),
});
export type QuickEmbroidery = z.infer<typeof QuickEmbroidery>;

/** One row as read from the paste or the file (or as edited in the review table): text as typed. */
export const QuickOrderRowInput = z.object({
  modelo: z.string().max(100),
  /** As typed: the server says when it is not a whole number of at least 1. */
  cantidad: z.string().max(40),
  opciones: z.array(z.string().max(40)).max(QUICK_ORDER_OPTIONS_MAX).default([]),
  bordado: QuickEmbroidery.nullish(),
  nota: shownText(200).optional(),
});
export type QuickOrderRowInput = z.input<typeof QuickOrderRowInput>;

/** POST pedidos/quick/check: pasted text, or rows (the review table's, after an edit). */
export const QuickOrderCheckRequest = z.object({
  cliente_id: IntLike.nullish(),
  text: z.string().max(200_000).optional(),
  rows: z
    .array(QuickOrderRowInput)
    .max(QUICK_ORDER_ROWS_MAX, ORDER_MSG.tooManyRows({ max: QUICK_ORDER_ROWS_MAX }).code)
    .optional(),
});
export type QuickOrderCheckRequest = z.input<typeof QuickOrderCheckRequest>;
export type QuickOrderCheckData = z.output<typeof QuickOrderCheckRequest>;

/** POST pedidos/quick/upload: the multipart `body` field (the client acted for). */
export const QuickOrderUploadBody = z.object({ cliente_id: IntLike.nullish() });

/** A line payload the server resolved from a row: what pedidos/quick/add (and lineadd) take. */
export const QuickLine = z.object({
  modelo: z.string(),
  cantidad: z.number(),
  parametros_color: z.array(z.object({ parametros_grupos_id: z.number(), parametro: z.number() })),
  parametros_bordado: z
    .object({
      with_custom: z.number(),
      name: z.string(),
      emb_color: z.string(),
      position: z.string(),
      emb_style: z.string(),
    })
    .nullable(),
  nota: z.string(),
});
export type QuickLine = z.infer<typeof QuickLine>;

/** A model as a checked row or line names it. */
export const QuickModel = z.object({
  modelo: z.string(),
  descripcion: z.string(),
  descripcion_en: z.string(),
});

/**
 * A checked row. `ok`: `line` is ready to add. `configure`: the row is good but some options (or
 * the embroidery) are missing; `line` holds what is known, prefilled with the client's most
 * recent configuration of the model (`prefilled`), for the configurator. `error`: `errors` says
 * what is wrong, by field (`modelo`, `cantidad`, `opciones.<i>`, `parametros_bordado.<field>`…).
 */
export const QuickOrderRow = z.object({
  /** The row's number in the paste or the file (1 = the first line, the header counted). */
  row: z.number(),
  input: QuickOrderRowInput,
  status: z.enum(['ok', 'configure', 'error']),
  errors: z.record(z.string(), MessageRef),
  model: QuickModel.nullable(),
  line: QuickLine.nullable(),
  prefilled: z.boolean(),
});
export type QuickOrderRow = z.infer<typeof QuickOrderRow>;

export const QuickOrderCheckResponse = z.object({ rows: z.array(QuickOrderRow) });
export type QuickOrderCheckResponse = z.infer<typeof QuickOrderCheckResponse>;

/** One line of pedidos/quick/add: the line payload of lineadd without its cart and client. */
export const QuickAddLine = LineAddRequest.omit({ pedido_id: true, cliente_id: true });

/** POST pedidos/quick/add: every reviewed line, added all or none. */
export const QuickOrderAddRequest = z.object({
  cliente_id: IntLike.nullish(),
  pedido_id: IntLike.nullish(),
  lines: z
    .array(QuickAddLine)
    .min(1, ORDER_MSG.noRows.code)
    .max(QUICK_ORDER_ROWS_MAX, ORDER_MSG.tooManyRows({ max: QUICK_ORDER_ROWS_MAX }).code),
});
export type QuickOrderAddRequest = z.input<typeof QuickOrderAddRequest>;
export type QuickOrderAddData = z.output<typeof QuickOrderAddRequest>;

export const QuickOrderAddResponse = z.object({
  /** How many lines were added (surcharge lines not counted). */
  added: z.number(),
  pedido: Order,
});
export type QuickOrderAddResponse = z.infer<typeof QuickOrderAddResponse>;

// ── Reorder ───────────────────────────────────────────────────────────────────────────────────

/** POST pedidos/reorder/check: a whole order (`pedido_id`) or one line of one (`linea_id`). */
export const ReorderCheckRequest = z
  .object({ pedido_id: IntLike.nullish(), linea_id: IntLike.nullish() })
  .refine((v) => v.pedido_id != null || v.linea_id != null, {
    message: ORDER_MSG.orderNotFound.code,
    path: ['pedido_id'],
  });
export type ReorderCheckRequest = z.input<typeof ReorderCheckRequest>;

/** An option as a substitute list shows it. */
export const SubstituteOption = z.object({
  id: z.number(),
  codigo: z.string(),
  nombre: z.string(),
  nombre_en: z.string(),
  color: z.string().nullable(),
});
export type SubstituteOption = z.infer<typeof SubstituteOption>;

/**
 * A group whose chosen option was withdrawn: the old option and today's active options of the
 * group, nearest colour first (CIEDE2000 on the hex colours), then by name.
 */
export const SubstituteGroup = z.object({
  parametros_grupos_id: z.number(),
  grupo: z.string(),
  grupo_en: z.string(),
  old: SubstituteOption,
  options: z.array(SubstituteOption),
});
export type SubstituteGroup = z.infer<typeof SubstituteGroup>;

/**
 * A past line checked against today's catalogue. `ok`: it can be added as it was, at `precio`
 * (the old price in `precio_anterior`). `changed`: it can be added once its flagged groups take
 * a substitute (`line` carries the first of each list), or its price changed. `unavailable`: the
 * model is withdrawn or not visible to the client; it cannot be added.
 */
export const ReorderLine = z.object({
  linea_id: z.number(),
  model: QuickModel,
  cantidad: z.number(),
  status: z.enum(['ok', 'changed', 'unavailable']),
  issues: z.array(MessageRef),
  /** The unit price paid, euros, without the embroidery surcharge (as the order shows it). */
  precio_anterior: z.number(),
  /** Today's unit price of `line`, euros, without the surcharge; null when it cannot be added. */
  precio: z.number().nullable(),
  /** The embroidery surcharge paid per unit, euros (0: none). */
  recargo_anterior: z.number(),
  /** Today's embroidery surcharge per unit, euros (0: none); null when the line cannot be added. */
  recargo: z.number().nullable(),
  /** The line's options: today's when it can be added (the first substitutes), else as bought. */
  opciones: z.array(ChosenOptionSnapshot),
  /** Its embroidery, likewise; null when it has none. */
  bordado: EmbroiderySnapshot.nullable(),
  substitutes: z.array(SubstituteGroup),
  line: QuickLine.nullable(),
});
export type ReorderLine = z.infer<typeof ReorderLine>;

export const ReorderCheckResponse = z.object({
  cliente_id: z.number(),
  lines: z.array(ReorderLine),
});
export type ReorderCheckResponse = z.infer<typeof ReorderCheckResponse>;
