import {
  COLLECTION_MSG,
  EMBROIDERY_COLOURS_GROUP_ID,
  type EmbroideryColour,
  MODEL_BASE_LIST_MAX,
  type ModelBase,
  type ModelDetail,
  type ModelGroup,
  type ModelSection,
  type ModelSummary,
  ORDER_MSG,
  paging,
  SEARCH_MAX_RESULTS,
} from '@nido/contract';
import type { ServiceContext } from '../../../platform/context.ts';
import { isStaff } from '../../../platform/context.ts';
import { NotFound } from '../../../platform/errors.ts';
import { optionPriceCents } from '../../../platform/money.ts';
import { searchTerms } from '../../../platform/text.ts';
import { findColeccion } from '../collections/queries.ts';
import { boxesOf } from '../embroidery/queries.ts';
import { modelPricesOut, optionPricesOut } from '../present.ts';
import { type PriceInputs, priceInputsFor, priceKey, readPrices } from '../pricing.ts';
import { type SearchAnswer, searchCacheOf, searchVersion } from '../search-cache.ts';
import {
  coleccionModels,
  countSearch,
  findModel,
  modelBaseList,
  modelGroups,
  modelImages,
  modelOptions,
  type SummaryRow,
  searchPage,
  swatchesFor,
} from './queries.ts';

/** Words of a search box: normalised (lower-case, accent-free), at most 8. */
function terms(search: string | null | undefined): string[] {
  return searchTerms(search)
    .slice(0, 8)
    .map((w) => w.slice(0, 100));
}

/** Model cards priced for a client (pricing.ts): swatches and prices read in parallel. */
async function summaries(
  ctx: ServiceContext,
  rows: SummaryRow[],
  inputs: PriceInputs,
): Promise<ModelSummary[]> {
  const codes = rows.map((r) => r.modelo);
  const [swatches, prices] = await Promise.all([
    swatchesFor(ctx.db, codes),
    readPrices(ctx.db, inputs, codes),
  ]);
  return rows.map((r) => ({
    modelo: r.modelo,
    descripcion: r.descripcion,
    descripcion_en: r.descripcion_en,
    ...modelPricesOut(r.pvp_cents, prices.model(r).netCents),
    familia: r.familia,
    imagen: r.imagen,
    colores: swatches.get(r.modelo) ?? [],
  }));
}

/**
 * POST modelo/searchModel: visible active models whose code or descriptions contain every word,
 * accent- and case-insensitive, best matches first, SEARCH_MAX_RESULTS a page.
 * Priced for the caller's client (record 049; `clienteId`: staff acting for a client).
 * Statements: the catalogue version with a shop's price terms (search-cache.ts `searchVersion`;
 * staff: the version beside `priceInputsFor`'s), and on a cache miss the page with the number of
 * matches, the swatches and the list's prices of the page (4, whatever the page holds; a page past
 * the last one counts the matches on its own). Answers are cached per price inputs: a client never gets an answer priced for another list.
 */
export async function searchModels(
  ctx: ServiceContext,
  search: string | null | undefined,
  page: number,
  clienteId?: number | null,
): Promise<SearchAnswer> {
  const db = ctx.db;
  const staff = isStaff(ctx.actor);
  const words = terms(search);
  const { version, inputs } = await searchVersion(ctx, clienteId);
  const key = `${staff ? 'staff' : 'client'}|${priceKey(inputs)}|${page}|${words.join(' ')}`;
  return searchCacheOf(db, ctx.config.SEARCH_CACHE_ENTRIES).answer(version, key, async () => {
    const rows = await searchPage(db, staff, words, SEARCH_MAX_RESULTS, (page - 1) * SEARCH_MAX_RESULTS);
    const total = rows[0]?.total ?? (page > 1 ? await countSearch(db, staff, words) : 0);
    return { data: await summaries(ctx, rows, inputs), meta: paging(total, page, SEARCH_MAX_RESULTS) };
  });
}

/** GET modeloBase/list?search=: code and descriptions of visible active models (at most 50). */
export async function listModelBase(ctx: ServiceContext, search?: string): Promise<ModelBase[]> {
  return modelBaseList(ctx.db, isStaff(ctx.actor), terms(search), MODEL_BASE_LIST_MAX);
}

/**
 * GET modelo/{modelo}: the model for the configurator. A client user gets 404 for an inactive or
 * invisible model; staff see any model. Priced for the caller's client (`clienteId`: staff acting
 * for one; record 049). Statements: the price inputs with the model, then images, groups, options
 * (with the embroidery colours), the list's prices and the embroidery boxes in parallel: 7 in all
 * for a client with a list, whatever the number of groups and options.
 */
export async function getModel(
  ctx: ServiceContext,
  code: string,
  clienteId?: number | null,
): Promise<ModelDetail> {
  const db = ctx.db;
  const staff = isStaff(ctx.actor);
  const [model, inputs] = await Promise.all([findModel(db, code), priceInputsFor(ctx, clienteId)]);
  if (!model || (!staff && (model.baja || !model.client_visible)))
    throw new NotFound(ORDER_MSG.modelNotFound);
  const [imagenes, groups, options, prices, boxes] = await Promise.all([
    modelImages(db, model.modelo),
    modelGroups(db, model.modelo, !staff),
    modelOptions(db, model.modelo),
    readPrices(db, inputs, [model.modelo]),
    boxesOf(db, model.modelo),
  ]);
  const price = prices.model(model);

  const optionsByGroup = new Map<number, typeof options>();
  for (const o of options) {
    const list = optionsByGroup.get(o.parametros_grupos_id) ?? [];
    list.push(o);
    optionsByGroup.set(o.parametros_grupos_id, list);
  }

  const grupos: ModelGroup[] = groups.map((g) => ({
    id: g.id,
    nombre: g.nombre,
    nombre_en: g.nombre_en,
    activado: g.activado,
    size: Number(g.size),
    pivot: {
      modelos_modelo: model.modelo,
      parametros_grupos_id: g.id,
      position: g.position,
      section_models_id: g.section_models_id ?? 0,
      size: Number(g.pivot_size),
      section_name: g.section_name ?? '',
      section_name_en: g.section_name_en ?? '',
    },
    parametros: (optionsByGroup.get(g.id) ?? []).map((o) => ({
      id: o.id,
      codigo: o.codigo,
      nombre: o.nombre,
      nombre_en: o.nombre_en,
      color: o.color,
      ...optionPricesOut(
        optionPriceCents(o.price_cents, Number(g.pivot_size)),
        price.option(optionPriceCents(o.price_cents, Number(g.pivot_size))),
      ),
      letters: o.letters,
      embroidery_color: o.embroidery_color,
      embroidery_position: o.embroidery_position,
      embroidery_position_en: o.embroidery_position_en,
      activado: o.activado,
      imagen: o.imagen,
      position: o.position,
      section:
        o.section_id == null
          ? null
          : { id: o.section_id, name: o.section_name ?? '', name_en: o.section_name_en ?? '' },
    })),
  }));

  // Sections in the order of their first group's position (groups are already in position order).
  const sections = new Map<number, ModelSection>();
  for (const g of grupos) {
    const id = g.pivot.section_models_id;
    let s = sections.get(id);
    if (!s) {
      s = { id, name: g.pivot.section_name, name_en: g.pivot.section_name_en, grupos: [] };
      sections.set(id, s);
    }
    s.grupos.push(g.id);
  }

  const embroidery_colours: EmbroideryColour[] = (optionsByGroup.get(EMBROIDERY_COLOURS_GROUP_ID) ?? []).map(
    (o) => ({
      id: o.id,
      codigo: o.codigo,
      nombre: o.nombre,
      nombre_en: o.nombre_en,
      color: o.color,
    }),
  );

  return {
    modelo: model.modelo,
    descripcion: model.descripcion,
    descripcion_en: model.descripcion_en,
    ...modelPricesOut(model.pvp_cents, price.netCents),
    personalizado: model.personalizado,
    modelobordado: model.modelobordado,
    familia: model.familia,
    baja: model.baja,
    cantidad_minima: model.cantidad_minima,
    embroidery_boxes: [...boxes].map(([posicion, box]) => ({ posicion, box })),
    multiplo: model.multiplo,
    // The grid's group only while the model offers it.
    grupo_rejilla_id: grupos.some((g) => g.id === model.grupo_rejilla_id) ? model.grupo_rejilla_id : null,
    imagenes,
    grupos,
    sections: [...sections.values()],
    embroidery_colours,
  };
}

/** The collection a caller may browse: a client user gets 404 for an inactive or reps-only one. */
export async function browsableColeccion(ctx: ServiceContext, id: number) {
  const col = await findColeccion(ctx.db, id);
  if (!col || (!isStaff(ctx.actor) && (!col.activado || col.solorepresentantes))) {
    throw new NotFound(COLLECTION_MSG.collectionNotFound);
  }
  return col;
}

/**
 * POST modelo/modeloscoleccion: the collection's active models with family and swatches, priced for
 * the caller's client (`clienteId`: staff acting for one).
 */
export async function modelsOfColeccion(
  ctx: ServiceContext,
  id: number,
  clienteId?: number | null,
): Promise<{ data: ModelSummary[] }> {
  const [, inputs] = await Promise.all([browsableColeccion(ctx, id), priceInputsFor(ctx, clienteId)]);
  const rows = await coleccionModels(ctx.db, id);
  return { data: await summaries(ctx, rows, inputs) };
}

/** POST modelo/modeloscoleccionlist: the compact list for the model dropdown. */
export async function modelListOfColeccion(ctx: ServiceContext, id: number): Promise<{ data: ModelBase[] }> {
  await browsableColeccion(ctx, id);
  const rows = await coleccionModels(ctx.db, id);
  return {
    data: rows.map((r) => ({
      modelo: r.modelo,
      descripcion: r.descripcion,
      descripcion_en: r.descripcion_en,
    })),
  };
}
