/**
 * The missing-translation report (product.md §4.9, record 056): the catalogue texts whose English is
 * empty, counted per kind, and each one's fix. A fix takes the kind's rule (the editor's, the
 * contract's `TRANSLATION_RULES`) and then goes through the editor's own service where there is one
 * (a model, a group, a section of a group, an option, a collection): the same lock, audit row and
 * derived columns (a model's search text) as the editor's save. A configurator section has no
 * rename in the editors; its fix is written here, in one transaction with its audit row.
 */
import {
  CATALOG_ADMIN_MSG,
  COLLECTION_MSG,
  ColeccionUpdateRequest,
  type Message,
  type MissingTranslationCounts,
  type MissingTranslationRow,
  type MissingTranslationsQuery,
  type MissingTranslationsResponse,
  ModeloUpdateRequest,
  messageOfIssue,
  PAGE_SIZE,
  ParamGroupWriteRequest,
  paging,
  TRANSLATION_KINDS,
  TRANSLATION_RULES,
  type TranslationFixResponse,
  type TranslationKind,
  translationRowId,
} from '@nido/contract';
import { audit } from '../../../platform/audit.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { Invalid, NotFound } from '../../../platform/errors.ts';
import { renameSection, saveGroup, saveParametro } from '../admin/parameters.ts';
import { updateModelo } from '../admin/service.ts';
import { saveColeccion } from '../collections/service.ts';
import * as q from './queries.ts';

/** GET translations/missing/counts: the menu's badge. */
export function missingTranslationCounts(ctx: ServiceContext): Promise<MissingTranslationCounts> {
  return q.countMissing(ctx.db);
}

/** GET translations/missing: the counts and a page of the texts (one kind, or all in order). */
export async function missingTranslations(
  ctx: ServiceContext,
  query: MissingTranslationsQuery,
): Promise<MissingTranslationsResponse> {
  const perPage = query.per_page ?? PAGE_SIZE;
  const kinds = query.kind ? [query.kind] : TRANSLATION_KINDS;
  const [counts, rows] = await Promise.all([
    q.countMissing(ctx.db),
    q.findMissingPage(ctx.db, kinds, perPage, (query.page - 1) * perPage),
  ]);
  const total = query.kind ? counts[query.kind] : counts.total;
  return { counts, data: rows as MissingTranslationRow[], meta: paging(total, query.page, perPage) };
}

/** The text by the kind's rule, trimmed as the editors store it; the rule's message otherwise. */
function checkedText(kind: TranslationKind, text: string): string {
  const parsed = TRANSLATION_RULES[kind].safeParse(text);
  if (!parsed.success) throw new Invalid({ text: [messageOfIssue(parsed.error.issues[0]!)] });
  return String(parsed.data).trim();
}

function numericId(id: string, notFound: Message): number {
  const n = translationRowId(id);
  if (n == null) throw new NotFound(notFound);
  return n;
}

/** PUT translations/{kind}/{id}: sets one text's English; answers it and the counts after. */
export async function fixTranslation(
  ctx: ServiceContext,
  kind: TranslationKind,
  id: string,
  body: { text: string },
): Promise<TranslationFixResponse> {
  const text = checkedText(kind, body.text);
  const M = CATALOG_ADMIN_MSG;
  switch (kind) {
    case 'model':
      await updateModelo(ctx, ModeloUpdateRequest.parse({ modelo: id, descripcion_en: text }));
      break;
    case 'group':
      await saveGroup(ctx, numericId(id, M.groupNotFound), ParamGroupWriteRequest.parse({ nombre_en: text }));
      break;
    case 'section': {
      const section = await q.findParamSection(ctx.db, numericId(id, M.sectionNotFound));
      if (!section) throw new NotFound(M.sectionNotFound);
      await renameSection(ctx, section.parametros_grupos_id, section.id, {
        name: section.name,
        name_en: text,
      });
      break;
    }
    case 'option':
      await saveParametro(ctx, {
        body: { id: numericId(id, M.parametroNotFound), nombre_en: text },
        file: null,
      });
      break;
    case 'model_section':
      await fixSectionModel(ctx, numericId(id, M.sectionNotFound), text);
      break;
    case 'collection':
      await saveColeccion(
        ctx,
        ColeccionUpdateRequest.parse({
          collection: { id: numericId(id, COLLECTION_MSG.collectionNotFound), nombre_en: text },
        }),
      );
      break;
  }
  return { kind, id, text_en: text, counts: await q.countMissing(ctx.db) };
}

/** A configurator section's English name (the editors only create them). */
async function fixSectionModel(ctx: ServiceContext, id: number, text: string) {
  await ctx.db.transaction(async (tx) => {
    const section = await q.lockSectionModel(tx, id);
    if (!section) throw new NotFound(CATALOG_ADMIN_MSG.sectionNotFound);
    await q.setSectionModelNameEn(tx, id, text);
    await audit(tx, ctx, {
      // As the section's creation (admin/service.ts createSectionModel) names it.
      action: 'section_models.translate',
      entity: 'modelo',
      entity_id: `section_models:${id}`,
      details: { name_en: text, from: section.name_en },
    });
  });
}
