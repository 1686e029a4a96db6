/**
 * Line sheets (product.md, line sheets): a collection as a printed catalogue, a cover (the season's
 * name, its order and delivery windows, the maker) and its models by family, each with its main
 * image, code, description, colour swatches, PVP and, when made for a client, that client's net
 * price. The print view reads it as JSON; the PDF and the mail draw the same content on the server.
 */
import { z } from 'zod';
import { Email } from './account.ts';
import { Swatch } from './catalog.ts';
import { WINDOW_STATES } from './collection-window.ts';
import { Id, IdParam } from './common.ts';
import { LANGUAGES } from './limits.ts';

/**
 * GET colecciones/{id}/linesheet: `cliente`, staff only, the client it is made for (a Representante:
 * one of its own; none: PVP only); a shop always gets its own client's.
 */
export const LineSheetQuery = z.object({ cliente: Id.optional() });
export type LineSheetQuery = z.infer<typeof LineSheetQuery>;

/** GET colecciones/{id}/linesheet/pdf: the same, and `lang`, the PDF's language (else the caller's). */
export const LineSheetDocumentQuery = LineSheetQuery.extend({ lang: z.enum(LANGUAGES).optional() });
export type LineSheetDocumentQuery = z.infer<typeof LineSheetDocumentQuery>;

export const LineSheetParams = IdParam;

/** A model on the sheet. Prices are euros. */
export const LineSheetModel = z.object({
  modelo: z.string(),
  descripcion: z.string(),
  descripcion_en: z.string(),
  /** Thumbnail of the main image (its full image when it has none), or null. */
  imagen: z.string().nullable(),
  pvp: z.number(),
  /** The client's net price (record 049); null when the sheet is made for no client. */
  precio_neto: z.number().nullable(),
  /** The active options of the model's colour group (the first group with coloured options). */
  colores: z.array(Swatch),
});
export type LineSheetModel = z.infer<typeof LineSheetModel>;

/** The sheet: cover, then the collection's active models grouped by family (1-7, then no family). */
export const LineSheet = z.object({
  coleccion: z.object({
    id: z.number(),
    coleccion: z.string(),
    nombre: z.string(),
    nombre_en: z.string(),
    pedido_desde: z.string().nullable(),
    pedido_hasta: z.string().nullable(),
    /** Both null: immediate delivery. */
    entrega_desde: z.string().nullable(),
    entrega_hasta: z.string().nullable(),
    estado_ventana: z.enum(WINDOW_STATES),
    dias_para_cierre: z.number().nullable(),
  }),
  /** The maker's name, as its documents name it. */
  fabricante: z.string(),
  /** The client the prices are for, or null (PVP only). */
  cliente: z.object({ id: z.number(), nomcome: z.string() }).nullable(),
  familias: z.array(z.object({ familia: z.number(), modelos: z.array(LineSheetModel) })),
});
export type LineSheet = z.infer<typeof LineSheet>;

/**
 * POST colecciones/{id}/linesheet/send: staff mail a client its line sheet (the PDF attached). To
 * `email` when given, else to the client's active users (each in their language), else to the
 * client's own email.
 */
export const LineSheetSendRequest = z.object({
  cliente: Id,
  email: Email.optional(),
});
export type LineSheetSendRequest = z.infer<typeof LineSheetSendRequest>;

export const LineSheetSendResponse = z.object({
  /** Who the line sheet was sent to. */
  destinatarios: z.array(z.string()),
});
export type LineSheetSendResponse = z.infer<typeof LineSheetSendResponse>;
