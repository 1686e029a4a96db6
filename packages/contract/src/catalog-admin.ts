/**
 * Catalogue administration (product.md §8 Models — the admin calls —, Parameters): models, model images,
 * the groups of a model, parameter groups with their sections, and parameters. Admin only.
 * Money is euros on the wire; flags are booleans on the way out and accept true/false, 1/0,
 * '1'/'0' on the way in (legacy clients send numbers).
 */
import { z } from 'zod';
import { IntLike, ModelImage } from './catalog.ts';
import { Id, INT_MAX, int, NOT_BLANK, PageParam, Paging, requiredText, shownText } from './common.ts';
import { QUANTITY_MAX } from './limits.ts';
import { CATALOG_ADMIN_MSG as MSG, VALIDATION_MSG } from './messages.ts';

// ── Shared input shapes ───────────────────────────────────────────────────────────────────────

/** A flag sent as a boolean, 0/1 or '0'/'1'/'true'/'false'. */
export const FlagLike = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true');

/** An optional filter flag of a query string or list body: '' (an empty select) means "not given". */
export const FilterFlag = z.union([FlagLike, z.literal('').transform(() => undefined)]).optional();

/** An optional id filter of a query string: '' or 0 means "not given". */
export const FilterId = z.union([IntLike, z.literal('').transform(() => undefined)]).nullish();

/**
 * A number typed in a form: a number, or a string the server parses (comma decimals accepted).
 * The service applies the field's rule (product.md §5.3: a negative price becomes 0, letters NaN becomes 0…).
 */
export const NumberInput = z.union([z.number(), z.string().max(40)]).nullish();

/** A model code as sent by the admin screens. */
export const ModeloCode = z
  // The document states what the trimmed check below refuses: a code of spaces.
  .union([z.string().max(50).regex(NOT_BLANK, VALIDATION_MSG.required.code), z.number()])
  .transform((v) => String(v).trim())
  .pipe(z.string().min(1).max(50));

/** The largest size of a group (product.md §5.3). */
export const SIZE_MAX = 1000;
/** A number as a form types it: digits with a decimal point or comma ('1,5'), around spaces. */
const NUMBER_TEXT = /^\s*-?(\d+[.,]?\d*|[.,]\d+)\s*$/;
/** Such a number from 0 to SIZE_MAX. */
const SIZE_TEXT = /^\s*(1000([.,]0*)?|\d{1,3}([.,]\d*)?|[.,]\d+)\s*$/;
/**
 * A group's size, 0 to SIZE_MAX: a number, or its text (parseNumberInput); `blank`: '' too (a new
 * group's default). One pattern a value, so the document states it whole; a text out of range says so.
 */
function sizeInput(blank: boolean) {
  const rule = blank ? new RegExp(`^(?:${SIZE_TEXT.source.slice(1, -1)})?$`) : SIZE_TEXT;
  return z.union([
    z.number().min(0, MSG.sizeRange.code).max(SIZE_MAX, MSG.sizeRange.code),
    z
      .string()
      .max(40)
      .regex(rule, {
        error: (issue) => (NUMBER_TEXT.test(String(issue.input)) ? MSG.sizeRange.code : MSG.sizeNumeric.code),
      }),
  ]);
}

/** Prices above this many euros are refused (they would not fit the cents column). */
export const PRICE_MAX_EUROS = 1_000_000;
/**
 * A price typed in a form (a model's PVP, an option's price): a number up to PRICE_MAX_EUROS, or text
 * the service parses (product.md §5.3: a negative or unreadable one becomes 0).
 */
const PriceInput = z
  .union([z.number().max(PRICE_MAX_EUROS, MSG.priceTooLarge.code), z.string().max(40)])
  .nullish();

/** Parses a form number: '1,5' → 1.5; '' / null / garbage → NaN. */
export function parseNumberInput(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const text = value.trim().replace(',', '.');
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(text)) return Number.NaN;
  return Number(text);
}

/** product.md §5.3: price parsed as number; negative (or unparseable) becomes 0. Euros. */
export function normalizePrice(value: unknown): number {
  const n = parseNumberInput(value);
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) / 100 : 0;
}

/** product.md §5.3: letters parsed as integer; NaN (or negative) becomes 0. */
export function normalizeLetters(value: unknown): number {
  const n = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(n) && n > 0 ? Math.min(n, 1000) : 0;
}

const SearchText = z.string().max(100).nullish();
const PerPage = int(1, 100).optional();

/** A model's minimum quantity or pack size: a whole number from 1 to QUANTITY_MAX. */
const QuantityRuleInput = z
  .number()
  .int(MSG.quantityRuleInvalid.code)
  .min(1, MSG.quantityRuleInvalid.code)
  .max(QUANTITY_MAX, MSG.quantityRuleInvalid.code)
  .optional();

// ── Models ────────────────────────────────────────────────────────────────────────────────────

/** POST modelo/update: edits an existing model (404 for an unknown code). Omitted fields keep their value. */
export const ModeloUpdateRequest = z.object({
  modelo: ModeloCode,
  /** Absent or null keeps it; a given one is not blank. */
  descripcion: shownText(500, { required: MSG.descripcionRequired }).nullish(),
  /** Required (product.md §5.3): empty or the text NULL answers 'The description in English is mandatory'. */
  descripcion_en: requiredText(500, MSG.descripcionEnRequired),
  /** Retail price in euros; negative becomes 0. */
  pvp: PriceInput,
  personalizado: int(1, 2).optional(),
  modelobordado: z.string().trim().max(20).optional(),
  /** 1-7 a family, above 7 none. */
  familia: int(1, 99).optional(),
  /** The smallest quantity of a line (1 = none); absent keeps it. */
  cantidad_minima: QuantityRuleInput,
  /** The pack size: a line's quantity is a multiple of it (1 = any); absent keeps it. */
  multiplo: QuantityRuleInput,
  /** The colour grid's group: one of the model's groups; null or 0: none; absent keeps it. */
  grupo_rejilla_id: IntLike.nullish(),
});
export type ModeloUpdateRequest = z.infer<typeof ModeloUpdateRequest>;

export const ModeloFields = z.object({
  modelo: z.string(),
  descripcion: z.string(),
  descripcion_en: z.string(),
  pvp: z.number(),
  personalizado: z.number(),
  modelobordado: z.string(),
  familia: z.number(),
  baja: z.boolean(),
  cantidad_minima: z.number(),
  multiplo: z.number(),
  grupo_rejilla_id: z.number().nullable(),
});
export type ModeloFields = z.infer<typeof ModeloFields>;

/** POST modelo/modeloBaja. */
export const ModeloBajaRequest = z.object({ modelo: ModeloCode, baja: FlagLike });
export const ModeloBajaResponse = z.object({ modelo: z.string(), baja: z.boolean() });

/** GET (query) or POST (body) modelo-admin/list: every model, inactive ones included. */
export const AdminModelListQuery = z.object({
  /** Only the models of this collection. */
  coleccion: FilterId,
  search: SearchText,
  /** true = only inactive, false = only active, absent = both. */
  baja: FilterFlag,
  page: PageParam,
  per_page: PerPage,
});
export type AdminModelListQuery = z.infer<typeof AdminModelListQuery>;

/** GET modelo/sincoleccion: models that belong to no collection. */
export const SinColeccionQuery = z.object({ search: SearchText, page: PageParam, per_page: PerPage });
export type SinColeccionQuery = z.infer<typeof SinColeccionQuery>;

export const AdminModelRow = ModeloFields.extend({
  /** Thumbnail of the main image, or null. */
  imagen: z.string().nullable(),
  /** Full-size main image, or null. */
  url_img: z.string().nullable(),
  /** Ids of the collections the model belongs to. */
  colecciones: z.array(z.number()),
  /** Number of option groups linked to the model. */
  grupos: z.number(),
  /** An embroidery position of its options has no box on its image yet (record 059). */
  posiciones_sin_recuadro: z.boolean(),
});
export type AdminModelRow = z.infer<typeof AdminModelRow>;

export const AdminModelListResponse = z.object({ data: z.array(AdminModelRow), meta: Paging });
export type AdminModelListResponse = z.infer<typeof AdminModelListResponse>;

export const AdminModeloParam = z.object({ modelo: z.string().trim().min(1).max(50) });

/** A model↔group link (the pivot) with the group's and the section's names. */
export const ModelGroupLink = z.object({
  modelos_modelo: z.string(),
  parametros_grupos_id: z.number(),
  position: z.number(),
  /** 0 = the default section. */
  section_models_id: z.number(),
  size: z.number(),
  section_name: z.string(),
  section_name_en: z.string(),
  nombre: z.string(),
  nombre_en: z.string(),
  activado: z.boolean(),
});
export type ModelGroupLink = z.infer<typeof ModelGroupLink>;

/** GET modelo-admin/{modelo}: everything the model screens edit. */
export const AdminModelDetail = ModeloFields.extend({
  imagenes: z.array(ModelImage),
  /** Linked groups in configurator order (section order, then position). */
  grupos: z.array(ModelGroupLink),
  colecciones: z.array(z.object({ id: z.number(), nombre: z.string(), coleccion: z.string() })),
});
export type AdminModelDetail = z.infer<typeof AdminModelDetail>;

// ── Model images ──────────────────────────────────────────────────────────────────────────────

/** The JSON `body` field of POST modelo/uploadImage (multipart, plus one image file). */
export const ModelImageUploadBody = z.object({
  modelo: ModeloCode,
  /** Colour code (an option's codigo) the image shows; empty = any. */
  color0: z.string().trim().max(40).nullish(),
});

export const ModelImageRow = ModelImage.extend({ modelos_modelo: z.string() });
export type ModelImageRow = z.infer<typeof ModelImageRow>;

/** POST modelo/actualizaImagenParametro: ties an image to a colour code ('' or null = any). */
export const ActualizaImagenParametroRequest = z.object({
  id: Id,
  codigo: z.union([z.string().trim().max(40), z.number()]).nullish(),
});
export const ActualizaImagenParametroResponse = z.object({
  id: z.number(),
  modelos_modelo: z.string(),
  color0: z.string().nullable(),
});

/** DELETE modelo/deleteImage (id in the body or the query string). */
export const ModelImageIdRequest = z.object({ id: Id });
export const DeleteImageResponse = z.object({
  ok: z.boolean(),
  /** The image that became the main one, when the deleted one was. */
  principal_id: z.number().nullable(),
});

/** POST modelo/actualizaImagenPrincipal. principal false hands the flag to another image, if any. */
export const ActualizaImagenPrincipalRequest = z.object({
  id: Id,
  principal: FlagLike.default(true),
  modelo: ModeloCode.optional(),
});
export const ModelImagesResponse = z.object({ modelo: z.string(), imagenes: z.array(ModelImageRow) });

// ── Groups of a model ─────────────────────────────────────────────────────────────────────────

/** POST modelo/updateModelGroupSize. */
export const UpdateModelGroupSizeRequest = z.object({
  modelo: ModeloCode,
  grupo: Id,
  size: sizeInput(false),
});
export type UpdateModelGroupSizeRequest = z.infer<typeof UpdateModelGroupSizeRequest>;
export const UpdateModelGroupSizeResponse = z.object({
  modelos_modelo: z.string(),
  parametros_grupos_id: z.number(),
  size: z.number(),
});

/** A section of the configurator (section_models); 0 or null = the default section. */
export const SectionRefInput = IntLike.nullish();

/** POST modelo/setPositionGroupsModel: the model's groups in their new order, each with its section. */
export const SetPositionGroupsModelRequest = z.object({
  modelo: ModeloCode,
  grupos: z.array(z.object({ section: SectionRefInput, grupo: Id })).max(500),
});
export type SetPositionGroupsModelRequest = z.infer<typeof SetPositionGroupsModelRequest>;
export const ModelGroupsResponse = z.object({ modelo: z.string(), grupos: z.array(ModelGroupLink) });
export type ModelGroupsResponse = z.infer<typeof ModelGroupsResponse>;

/** POST modelo/updateModelGroupAdd: appends the group last (in `section` when given). */
export const UpdateModelGroupAddRequest = z.object({
  modelo: ModeloCode,
  grupo: Id,
  section: SectionRefInput,
});
export type UpdateModelGroupAddRequest = z.infer<typeof UpdateModelGroupAddRequest>;

/** POST modelo/updateModelGroupDelete. */
export const UpdateModelGroupDeleteRequest = z.object({ modelo: ModeloCode, grupo: Id });

/** POST modelo/createSection: a new configurator section (section_models). */
export const CreateSectionRequest = z.object({
  name: requiredText(120, MSG.nameRequired),
  name_en: z.string().max(120).nullish(),
});
export type CreateSectionRequest = z.infer<typeof CreateSectionRequest>;
export const SectionModel = z.object({ id: z.number(), name: z.string(), name_en: z.string() });
export const SectionModelsResponse = z.object({ data: z.array(SectionModel) });

/**
 * POST modelo/copyParamsCollection: copies the group configuration (groups, positions, sections,
 * sizes) of model `desde` onto model `hasta`, replacing hasta's own, in one transaction.
 */
export const CopyParamsCollectionRequest = z.object({ desde: ModeloCode, hasta: ModeloCode });
export type CopyParamsCollectionRequest = z.infer<typeof CopyParamsCollectionRequest>;

/** POST modelo/getParametrosGruposColeccion. */
export const ParametrosGruposColeccionRequest = z.object({ id: IntLike.nullish() }).default({});

// ── Parameter groups and parameters ───────────────────────────────────────────────────────────

export const ParamSection = z.object({
  /** 0 = the group's default section (cannot be renamed or deleted). */
  id: z.number(),
  name: z.string(),
  name_en: z.string(),
  position: z.number(),
});
export type ParamSection = z.infer<typeof ParamSection>;

/** A parameter (option) as the editor sees it. `price` is euros (not multiplied by any size). */
export const ParametroRow = z.object({
  id: z.number(),
  parametros_grupos_id: z.number(),
  codigo: z.string(),
  nombre: z.string(),
  nombre_en: z.string(),
  color: z.string().nullable(),
  price: z.number(),
  letters: z.number(),
  embroidery_color: z.boolean(),
  embroidery_position: z.string(),
  /** The positions' English names, comma-separated in the same order ('' entry = none). */
  embroidery_position_en: z.string(),
  activado: z.boolean(),
  imagen: z.string().nullable(),
  position: z.number(),
  /** 0 = the default section. */
  section_id: z.number(),
  section: z.object({ id: z.number(), name: z.string(), name_en: z.string() }),
});
export type ParametroRow = z.infer<typeof ParametroRow>;

/** GET parametrosgrupos?search=&activado=&page=&per_page= (all=1: every group, one page). */
export const ParamGroupListQuery = z.object({
  search: SearchText,
  activado: FilterFlag,
  all: FilterFlag,
  page: PageParam,
  per_page: PerPage,
});
export type ParamGroupListQuery = z.infer<typeof ParamGroupListQuery>;

export const ParamGroupRow = z.object({
  id: z.number(),
  nombre: z.string(),
  nombre_en: z.string(),
  activado: z.boolean(),
  size: z.number(),
  parametros_count: z.number(),
  modelos_count: z.number(),
});
export const ParamGroupListResponse = z.object({ data: z.array(ParamGroupRow), meta: Paging });

/** GET parametrosgrupos/{id}; also the answer of POST / PUT. */
export const ParamGroupDetail = z.object({
  id: z.number(),
  nombre: z.string(),
  nombre_en: z.string(),
  activado: z.boolean(),
  size: z.number(),
  /** The default section (id 0) first, then the group's sections by position. */
  sections: z.array(ParamSection),
  /** Every parameter, ordered by section then position. */
  parametros: z.array(ParametroRow),
  /** The active ones, same order. */
  parametros_active: z.array(ParametroRow),
});
export type ParamGroupDetail = z.infer<typeof ParamGroupDetail>;

/**
 * POST parametrosgrupos (id 0 or absent = new) and PUT parametrosgrupos/{id}.
 * `sections`, when given, renames (id > 0) and creates (id absent or negative) sections and orders
 * them as listed; sections not listed are kept. The default section (id 0) cannot be renamed.
 */
export const ParamGroupWriteRequest = z.object({
  id: IntLike.nullish(),
  /** Required to create; on an update an absent name keeps its value. */
  nombre: requiredText(200, MSG.nameRequired).optional(),
  nombre_en: requiredText(200, MSG.nameEnRequired).optional(),
  activado: FlagLike.optional(),
  /** '' or absent: 1 for a new group. */
  size: sizeInput(true).nullish(),
  sections: z
    .array(
      z.object({
        id: IntLike.nullish(),
        name: requiredText(120, MSG.nameRequired),
        name_en: z.string().max(120).nullish(),
      }),
    )
    .max(200)
    .optional(),
});
export type ParamGroupWriteRequest = z.infer<typeof ParamGroupWriteRequest>;
/** POST parametrosgrupos: as the update, with both names required (it creates, or rewrites an id). */
export const ParamGroupSaveRequest = ParamGroupWriteRequest.extend({
  nombre: requiredText(200, MSG.nameRequired),
  nombre_en: requiredText(200, MSG.nameEnRequired),
});

/** POST parametrosgrupos/{id}/sections and PUT parametrosgrupos/{id}/sections/{sectionId}. */
export const ParamSectionWriteRequest = z.object({
  name: requiredText(120, MSG.nameRequired),
  name_en: z.string().max(120).nullish(),
});
export type ParamSectionWriteRequest = z.infer<typeof ParamSectionWriteRequest>;
export const ParamSectionParams = z.object({
  id: Id,
  sectionId: int(0, INT_MAX),
});
/** POST parametrosgrupos/{id}/sections/order: section ids in their new order. */
export const ParamSectionOrderRequest = z.object({ sections: z.array(Id).max(200) });
/** Its answer: every section of the group in order, the default one first. */
export const ParamSectionOrderResponse = z.object({ sections: z.array(ParamSection) });

/**
 * POST parametro/updateNewWithImage: multipart (a `body` field with this JSON plus an optional image
 * file) or plain JSON. id 0 creates the parameter; an image needs a saved parameter.
 */
export const ParametroWriteBody = z.object({
  id: int(0, INT_MAX).default(0),
  parametros_grupos_id: IntLike.nullish(),
  codigo: z.union([z.string().max(40), z.number()]).nullish(),
  nombre: z.string().max(200).nullish(),
  nombre_en: z.string().max(200).nullish(),
  /** #rrggbb, or empty / null for none. */
  color: z.string().max(20).nullish(),
  price: PriceInput,
  letters: NumberInput,
  embroidery_color: FlagLike.optional(),
  /** Comma-separated embroidery positions. */
  embroidery_position: z.string().max(200).nullish(),
  /** Their English names, comma-separated in the same order (an empty entry: the Spanish one shows). */
  embroidery_position_en: z.string().max(200).nullish(),
  activado: FlagLike.optional(),
  /** 0 / null = the default section. */
  section_id: IntLike.nullish(),
});
export type ParametroWriteBody = z.infer<typeof ParametroWriteBody>;

/** POST parametro/updatePosition: ids of one group in their new order (positions 0..n-1). */
export const ParametroPositionRequest = z.object({ parametros: z.array(Id).min(1).max(2000) });
export const ParametroPositionResponse = z.object({
  parametros: z.array(z.object({ id: z.number(), position: z.number() })),
});

/** POST parametro/deleteParametroSection: deletes these parameters, then their section once empty. */
export const DeleteParametroSectionRequest = z.object({
  parametros: z.array(Id).max(2000),
  /** The section being deleted (needed when the list is empty); 0 = default (refused). */
  section_id: IntLike.nullish(),
});
export const DeleteParametroSectionResponse = z.object({
  deleted: z.array(z.number()),
  section_deleted: z.boolean(),
});

/** POST parametro/updateParametrosSection: moves parameters to a section (0 = default), appended last. */
export const UpdateParametrosSectionRequest = z.object({
  newSectionId: int(0, INT_MAX),
  parametros: z.array(Id).min(1).max(2000),
});
export const ParametrosResponse = z.object({ parametros: z.array(ParametroRow) });

export const GrupoColeccionRow = z.object({
  id: z.number(),
  nombre: z.string(),
  nombre_en: z.string(),
  activado: z.boolean(),
  size: z.number(),
  parametros: z.array(ParametroRow),
  /** The models using the group (of the collection, when one was named), with their link. */
  modelos: z.array(
    z.object({
      modelo: z.string(),
      descripcion: z.string(),
      descripcion_en: z.string(),
      baja: z.boolean(),
      size: z.number(),
      position: z.number(),
      section_models_id: z.number(),
    }),
  ),
});
export const ParametrosGruposColeccionResponse = z.object({ data: z.array(GrupoColeccionRow) });
