/**
 * Collections (product.md §8 Collections). Every call is Admin only except POST colecciones/list, which
 * shops use too: a client user sees only active collections that are not for representatives only;
 * a Representante sees the active ones (representatives-only included); an Admin sees all.
 */
import { z } from 'zod';
import { IntLike } from './catalog.ts';
import { FilterFlag, FlagLike, ModeloCode } from './catalog-admin.ts';
import { WINDOW_STATES } from './collection-window.ts';
import { Id, INT_MAX, int, MessageRef, PageParam, Paging, requiredText } from './common.ts';
import { COLLECTION_MSG } from './messages.ts';

/** POST colecciones/list. */
export const ColeccionListRequest = z
  .object({
    filters: z
      .object({
        search: z.string().max(100).nullish(),
        /** Admin only: true = active, false = inactive, absent = both. Ignored for other roles. */
        activado: FilterFlag,
        page: PageParam,
        per_page: int(1, 100).optional(),
      })
      .default({ page: 1 }),
  })
  .default({ filters: { page: 1 } });
export type ColeccionListRequest = z.infer<typeof ColeccionListRequest>;

/** A collection's windows and their state today (record 053): days yyyy-MM-dd, Europe/Madrid. */
const ColeccionWindowFields = {
  /** First day to order, or null (no opening day). */
  pedido_desde: z.string().nullable(),
  /** Last day to order, or null (no cut-off). */
  pedido_hasta: z.string().nullable(),
  /** First delivery day, or null; with `entrega_hasta` null too, delivery is immediate. */
  entrega_desde: z.string().nullable(),
  entrega_hasta: z.string().nullable(),
  /** The order window's state today (the server's clock, the Madrid day). */
  estado_ventana: z.enum(WINDOW_STATES),
  /** Days from today to the last day to order while open (0: today is the last day), else null. */
  dias_para_cierre: z.number().nullable(),
};

export const ColeccionRow = z.object({
  id: z.number(),
  nombre: z.string(),
  nombre_en: z.string(),
  coleccion: z.string(),
  activado: z.boolean(),
  solorepresentantes: z.boolean(),
  position: z.number(),
  /** Thumbnail of the main (initial) image, or null. */
  imagen: z.string().nullable(),
  /** Full-size main image, or null. */
  url_img: z.string().nullable(),
  /** Number of models (for shops: active models only). */
  modelos: z.number(),
  ...ColeccionWindowFields,
});
export type ColeccionRow = z.infer<typeof ColeccionRow>;

export const ColeccionListResponse = z.object({ data: z.array(ColeccionRow), meta: Paging });
export type ColeccionListResponse = z.infer<typeof ColeccionListResponse>;

export const ColeccionImage = z.object({
  id: z.number(),
  colecciones_id: z.number(),
  url_img: z.string(),
  thumb_url: z.string().nullable(),
  /** The collection's main image. */
  initial: z.boolean(),
});
export type ColeccionImage = z.infer<typeof ColeccionImage>;

export const ColeccionModelo = z.object({
  modelo: z.string(),
  descripcion: z.string(),
  descripcion_en: z.string(),
  pvp: z.number(),
  familia: z.number(),
  baja: z.boolean(),
  /** Thumbnail of the model's main image, or null. */
  imagen: z.string().nullable(),
  position: z.number(),
});
export type ColeccionModelo = z.infer<typeof ColeccionModelo>;

/** GET colecciones/{id}/{flag}: flag 1 adds `modelos`; both carry `imagenes`. */
export const ColeccionDetail = z.object({
  id: z.number(),
  nombre: z.string(),
  nombre_en: z.string(),
  coleccion: z.string(),
  activado: z.boolean(),
  solorepresentantes: z.boolean(),
  position: z.number(),
  ...ColeccionWindowFields,
  imagenes: z.array(ColeccionImage),
  modelos: z.array(ColeccionModelo).optional(),
});
export type ColeccionDetail = z.infer<typeof ColeccionDetail>;

export const ColeccionFlagParams = z.object({ id: Id, flag: int(0, 1) });

export const ColeccionIdRequest = z.object({ id: Id });

export const ColeccionSetActiveRequest = z.object({ id: Id, activado: FlagLike });
export const ColeccionSetActiveResponse = z.object({ id: z.number(), activado: z.boolean() });
export const ColeccionSetSoloRepresentantesRequest = z.object({ id: Id, solorepresentantes: FlagLike });
export const ColeccionSetSoloRepresentantesResponse = z.object({
  id: z.number(),
  solorepresentantes: z.boolean(),
});

/**
 * A window's day in a form: yyyy-MM-dd (a real calendar day); '' or null clears it; absent keeps it.
 * One schema, not a union with '', so a bad day is named as one (`collection.dateInvalid`).
 */
const WindowDay = z
  .string()
  .regex(new RegExp(`^(?:${z.regexes.date.source.slice(1, -1)})?$`), COLLECTION_MSG.dateInvalid.code)
  .transform((s) => (s === '' ? null : s))
  .nullish();

/** Both days given and the second before the first: the window runs backwards. */
const backwards = (from: string | null | undefined, until: string | null | undefined) =>
  from != null && until != null && until < from;

/**
 * PUT colecciones/update: id 0 (or absent) creates. `modelos`, when given, replaces the members in that order.
 * The windows' days: a day given alone is checked by the server against the one stored.
 */
export const ColeccionUpdateRequest = z.object({
  collection: z
    .object({
      id: int(0, INT_MAX).nullish(),
      /** Required to create; absent keeps it on an update. */
      nombre: requiredText(200, COLLECTION_MSG.nameRequired).optional(),
      nombre_en: z.string().max(200).nullish(),
      /** Required to create; absent keeps it on an update. */
      coleccion: z.union([requiredText(40, COLLECTION_MSG.codeRequired), z.number()]).optional(),
      activado: FlagLike.optional(),
      solorepresentantes: FlagLike.optional(),
      position: IntLike.optional(),
      modelos: z.array(ModeloCode).max(5000).optional(),
      pedido_desde: WindowDay,
      pedido_hasta: WindowDay,
      entrega_desde: WindowDay,
      entrega_hasta: WindowDay,
    })
    .refine((c) => !backwards(c.pedido_desde, c.pedido_hasta), {
      message: COLLECTION_MSG.orderWindowBackwards.code,
      path: ['pedido_hasta'],
    })
    .refine((c) => !backwards(c.entrega_desde, c.entrega_hasta), {
      message: COLLECTION_MSG.deliveryWindowBackwards.code,
      path: ['entrega_hasta'],
    }),
});
export type ColeccionUpdateRequest = z.infer<typeof ColeccionUpdateRequest>;
export type ColeccionUpdateInput = z.input<typeof ColeccionUpdateRequest>;
export const ColeccionUpdateResponse = z.object({ coleccion: ColeccionDetail });

/** A 422 of colecciones/update: product.md §7 "server errors (list with field)". */
export const ColeccionUpdateError = z.object({
  message: z.string(),
  code: z.string(),
  errors: z.array(
    z.object({ field: z.string(), message: z.string(), code: z.string(), params: MessageRef.shape.params }),
  ),
});
export type ColeccionUpdateError = z.infer<typeof ColeccionUpdateError>;

/** The JSON `body` field of POST coleccion/uploadImage (multipart, plus one image file). */
export const ColeccionImageUploadBody = z.object({ colecciones_id: Id });

/** DELETE coleccion/deleteImage (body or query string). */
export const ColeccionDeleteImageRequest = z.object({ id: Id, colecciones_id: IntLike.nullish() });
export const ColeccionDeleteImageResponse = z.object({ ok: z.boolean(), initial_id: z.number().nullable() });

/** POST coleccion/setImgPrincipal {id: image id}. */
export const ColeccionImagesResponse = z.object({
  colecciones_id: z.number(),
  imagenes: z.array(ColeccionImage),
});

/** POST coleccion/addModelo and coleccion/removeModelo. */
export const ColeccionModeloRequest = z.object({ id: Id, modelo: ModeloCode });
export const ColeccionAddModeloResponse = z.object({
  id: z.number(),
  modelo: z.string(),
  position: z.number(),
});
