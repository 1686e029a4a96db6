/**
 * The missing-translation report (product.md §4.9, record 056): every catalogue text whose English is
 * empty, counted per kind, and its in-place fix. Admin only.
 */
import { z } from 'zod';
import { ModeloUpdateRequest, ParamGroupSaveRequest } from './catalog-admin.ts';
import { INT_MAX, int, PageParam, Paging, requiredText } from './common.ts';
import { CATALOG_ADMIN_MSG as MSG } from './messages.ts';

/**
 * The kinds of catalogue text with an English column, in the report's order: a model's description,
 * an option group's name, a section of a group, an option, a configurator section (a model's groups)
 * and a collection's name.
 */
export const TRANSLATION_KINDS = [
  'model',
  'group',
  'section',
  'option',
  'model_section',
  'collection',
] as const;
export type TranslationKind = (typeof TRANSLATION_KINDS)[number];
export const TranslationKindSchema = z.enum(TRANSLATION_KINDS);

/**
 * The English text each kind takes, the editor's rule for that field: the model's and the group's
 * are the editors' own schemas; the others keep their editor's limit and, the report being for
 * filling them, refuse an empty text with the editors' "name in English" message.
 */
export const TRANSLATION_RULES = {
  model: ModeloUpdateRequest.shape.descripcion_en,
  group: ParamGroupSaveRequest.shape.nombre_en,
  section: requiredText(120, MSG.nameEnRequired),
  option: requiredText(200, MSG.nameEnRequired),
  model_section: requiredText(120, MSG.nameEnRequired),
  collection: requiredText(200, MSG.nameEnRequired),
} as const satisfies Record<TranslationKind, z.ZodType>;

/** The longest English text any kind takes (the body's own limit; the kind's rule is then applied). */
export const TRANSLATION_MAX = 500;

/** GET translations/missing?kind=&page=&per_page=: one kind, or every kind in the report's order. */
export const MissingTranslationsQuery = z.object({
  kind: TranslationKindSchema.optional(),
  page: PageParam,
  per_page: int(1, 100).optional(),
});
export type MissingTranslationsQuery = z.infer<typeof MissingTranslationsQuery>;

/** How many texts of each kind lack their English, and all of them. */
export const MissingTranslationCounts = z.object({
  model: z.number().int(),
  group: z.number().int(),
  section: z.number().int(),
  option: z.number().int(),
  model_section: z.number().int(),
  collection: z.number().int(),
  total: z.number().int(),
});
export type MissingTranslationCounts = z.infer<typeof MissingTranslationCounts>;

export const MissingTranslationRow = z.object({
  kind: TranslationKindSchema,
  /** The text's key: a model's code, else the row's id (as text). */
  id: z.string(),
  /** The Spanish text, which shops reading in English see meanwhile. */
  text: z.string(),
  /** Where it belongs: a model's code, a collection's code, the group of a section or an option. */
  context: z.string(),
});
export type MissingTranslationRow = z.infer<typeof MissingTranslationRow>;

export const MissingTranslationsResponse = z.object({
  counts: MissingTranslationCounts,
  data: z.array(MissingTranslationRow),
  meta: Paging,
});
export type MissingTranslationsResponse = z.infer<typeof MissingTranslationsResponse>;

/** PUT translations/{kind}/{id}: a model's code, or a row's id. */
export const TranslationParams = z.object({
  kind: TranslationKindSchema,
  id: z.string().min(1).max(50),
});
/** Its body: the English text, checked by the kind's rule (TRANSLATION_RULES). */
export const TranslationFixRequest = z.object({ text: z.string().max(TRANSLATION_MAX) });
export type TranslationFixRequest = z.infer<typeof TranslationFixRequest>;
/** Its answer: the text as saved and the counts after the fix. */
export const TranslationFixResponse = z.object({
  kind: TranslationKindSchema,
  id: z.string(),
  text_en: z.string(),
  counts: MissingTranslationCounts,
});
export type TranslationFixResponse = z.infer<typeof TranslationFixResponse>;

/** A numeric id of the report (every kind but a model): 1 to INT_MAX, or null. */
export function translationRowId(id: string): number | null {
  if (!/^[1-9][0-9]{0,9}$/.test(id)) return null;
  const n = Number(id);
  return n <= INT_MAX ? n : null;
}
