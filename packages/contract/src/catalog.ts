/**
 * The shop's read side of the catalogue (product.md §8 Models): model search, the configurator's model,
 * the models of a collection, the model-code list and the last purchases.
 */
import { z } from 'zod';
import { Id, INT_MAX, int, PageParam, Paging } from './common.ts';
import { EmbroideryBox } from './embroidery.ts';

/** An integer sent as a number or a string of digits (legacy clients send both). */
export const IntLike = int(-2_147_483_648, INT_MAX);

// ── Requests ──────────────────────────────────────────────────────────────────────────────────

/** POST modelo/searchModel. An empty search lists every visible model. */
export const SearchModelRequest = z.object({
  search: z.string().max(100).nullish().default(''),
  page: PageParam,
  /** Staff: the client whose prices to show (none: PVP). A client user always gets its own. */
  cliente_id: IntLike.nullish(),
});
export type SearchModelRequest = z.infer<typeof SearchModelRequest>;

/** GET modelo/{modelo}. */
export const ModeloParam = z.object({ modelo: z.string().trim().min(1).max(50) });

/** GET modelo/{modelo}?cliente_id=: staff, the client whose prices to show (none: PVP). */
export const ModeloQuery = z.object({
  cliente_id: int(0, INT_MAX).optional(),
});

/** POST modelo/modeloscoleccion and modelo/modeloscoleccionlist. */
export const ModelosColeccionRequest = z.object({ coleccion: Id, cliente_id: IntLike.nullish() });

/** GET modeloBase/list?search= (quick-add code search; at most 50 rows). */
export const ModeloBaseListQuery = z.object({ search: z.string().max(100).optional() });

/** POST modelo/lastPurchased: the caller's client, or (staff) the client acted for. */
export const LastPurchasedRequest = z.object({ cliente_id: IntLike.nullish() });

// ── Responses ─────────────────────────────────────────────────────────────────────────────────

/** An active colour of a model's first colour group, for the swatches of a model card. */
export const Swatch = z.object({
  codigo: z.string(),
  nombre: z.string(),
  nombre_en: z.string(),
  color: z.string().nullable(),
});
export type Swatch = z.infer<typeof Swatch>;

/** A model in search results and collection lists. Prices are euros. */
export const ModelSummary = z.object({
  modelo: z.string(),
  descripcion: z.string(),
  descripcion_en: z.string(),
  pvp: z.number(),
  /** The caller's price (record 049): its client's net price, PVP when it has none. */
  precio_neto: z.number(),
  familia: z.number(),
  /** Thumbnail of the main image, or null. */
  imagen: z.string().nullable(),
  colores: z.array(Swatch),
});
export type ModelSummary = z.infer<typeof ModelSummary>;

export const SearchModelResponse = z.object({ data: z.array(ModelSummary), meta: Paging });
export type SearchModelResponse = z.infer<typeof SearchModelResponse>;

/** Model base: the compact form of a model (dropdowns, code search). */
export const ModelBase = z.object({
  modelo: z.string(),
  descripcion: z.string(),
  descripcion_en: z.string(),
});
export type ModelBase = z.infer<typeof ModelBase>;

export const ModelosColeccionResponse = z.object({ data: z.array(ModelSummary) });
export const ModelosColeccionListResponse = z.object({ data: z.array(ModelBase) });

export const ModelImage = z.object({
  id: z.number(),
  url_img: z.string(),
  thumb_url: z.string().nullable(),
  /** Colour code (an option's codigo) the image shows; null = any colour. */
  color0: z.string().nullable(),
  principal: z.boolean(),
});
export type ModelImage = z.infer<typeof ModelImage>;

export const SectionRef = z.object({ id: z.number(), name: z.string(), name_en: z.string() });

/** An option of a group as the configurator sees it; `price` is euros already × the group's size. */
export const ModelOption = z.object({
  id: z.number(),
  codigo: z.string(),
  nombre: z.string(),
  nombre_en: z.string(),
  color: z.string().nullable(),
  price: z.number(),
  /** `price` for the client whose prices are shown (record 049), euros. */
  precio_neto: z.number(),
  letters: z.number(),
  embroidery_color: z.boolean(),
  /** Comma-separated positions ('' = none). */
  embroidery_position: z.string(),
  /** Their English names, comma-separated in the same order ('' entry = the Spanish one). */
  embroidery_position_en: z.string(),
  activado: z.boolean(),
  imagen: z.string().nullable(),
  position: z.number(),
  /** The option's section inside its group, null = the group's default section. */
  section: SectionRef.nullable(),
});
export type ModelOption = z.infer<typeof ModelOption>;

export const ModelGroup = z.object({
  id: z.number(),
  nombre: z.string(),
  nombre_en: z.string(),
  activado: z.boolean(),
  /** The group's default size; the model's own size is pivot.size. */
  size: z.number(),
  pivot: z.object({
    modelos_modelo: z.string(),
    parametros_grupos_id: z.number(),
    position: z.number(),
    /** 0 = the default section. */
    section_models_id: z.number(),
    size: z.number(),
    section_name: z.string(),
    section_name_en: z.string(),
  }),
  parametros: z.array(ModelOption),
});
export type ModelGroup = z.infer<typeof ModelGroup>;

export const ModelSection = z.object({
  /** 0 = the default section. */
  id: z.number(),
  name: z.string(),
  name_en: z.string(),
  /** Group ids in position order. */
  grupos: z.array(z.number()),
});
export type ModelSection = z.infer<typeof ModelSection>;

export const EmbroideryColour = z.object({
  id: z.number(),
  codigo: z.string(),
  nombre: z.string(),
  nombre_en: z.string(),
  color: z.string().nullable(),
});
export type EmbroideryColour = z.infer<typeof EmbroideryColour>;

/** GET modelo/{modelo}: the model for the configurator. */
export const ModelDetail = z.object({
  modelo: z.string(),
  descripcion: z.string(),
  descripcion_en: z.string(),
  pvp: z.number(),
  /** The net unit price without options for the client whose prices are shown (record 049). */
  precio_neto: z.number(),
  personalizado: z.number(),
  modelobordado: z.string(),
  familia: z.number(),
  baja: z.boolean(),
  /** The smallest quantity of a line of this model (1: none). */
  cantidad_minima: z.number(),
  /** The pack size: a line's quantity is a multiple of it (1: any). */
  multiplo: z.number(),
  /** The colour grid (issue 30): the group whose options may be ordered several at once, or null. */
  grupo_rejilla_id: z.number().nullable(),
  imagenes: z.array(ModelImage),
  grupos: z.array(ModelGroup),
  sections: z.array(ModelSection),
  embroidery_colours: z.array(EmbroideryColour),
  /** The boxes the Admin placed on the main image, by position (record 059); others use the default. */
  embroidery_boxes: z.array(z.object({ posicion: z.string(), box: EmbroideryBox })),
});
export type ModelDetail = z.infer<typeof ModelDetail>;

/** A chosen option as stored on a line (snapshot taken when the line was added; price in euros × size). */
export const ChosenOptionSnapshot = z.object({
  parametros_grupos_id: z.number(),
  grupo: z.string(),
  grupo_en: z.string(),
  id: z.number(),
  codigo: z.string(),
  nombre: z.string(),
  nombre_en: z.string(),
  color: z.string().nullable(),
  price: z.number(),
});
export type ChosenOptionSnapshot = z.infer<typeof ChosenOptionSnapshot>;

/** The embroidery of a line as stored (snapshot); null when the line has none. */
export const EmbroiderySnapshot = z.object({
  with_custom: z.number(),
  name: z.string(),
  emb_style: z.string(),
  /** The colour's codigo in group 86 ('' = none). */
  emb_color: z.string(),
  emb_color_id: z.number().nullable(),
  emb_color_name: z.string(),
  emb_color_name_en: z.string(),
  emb_color_hex: z.string().nullable(),
  position: z.string(),
  /** The position's English name when the line was added ('' or absent, as on older lines: none). */
  position_en: z.string().optional(),
  /** Letters allowed for the name. */
  letters: z.number(),
  /** The embroidery option and its group (for display: name/name_en, group/group_en). */
  parametro_id: z.number().nullable(),
  parametros_grupos_id: z.number().nullable(),
  name_option: z.string(),
  name_option_en: z.string(),
  group: z.string(),
  group_en: z.string(),
  /** The embroidery surcharge per unit, euros (billed on the dependent line). */
  price: z.number(),
});
export type EmbroiderySnapshot = z.infer<typeof EmbroiderySnapshot>;

export const PurchasedItem = z.object({
  id: z.number(),
  modelo: z.string(),
  descripcion: z.string(),
  descripcion_en: z.string(),
  parametros_color: z.array(ChosenOptionSnapshot),
  parametros_bordado: EmbroiderySnapshot.nullable(),
  nota: z.string(),
  /** Always 0 here: only primary lines are listed. */
  lineaprimaria: z.number(),
  porte: z.boolean(),
  unped: z.number(),
  /** The unit price paid, euros. */
  precio: z.number(),
  fecha_pedido: z.string().nullable(),
  fecha: z.string(),
  imagen: z.string().nullable(),
});
export type PurchasedItem = z.infer<typeof PurchasedItem>;

/** POST modelo/lastPurchased: line ids, most recent first, and their details keyed by id. */
export const LastPurchasedResponse = z.object({
  ids: z.array(z.number()),
  details: z.record(z.string(), PurchasedItem),
});
export type LastPurchasedResponse = z.infer<typeof LastPurchasedResponse>;

/** Maximum rows of GET modeloBase/list and of the last-purchases list. */
export const MODEL_BASE_LIST_MAX = 50;
export const LAST_PURCHASED_MAX = 20;
