/**
 * Catalogue administration, models side (product.md §8 Models — the admin calls —, §4, §5): model fields
 * and the inactive flag, the admin model lists, model images (one main image per model), the
 * groups of a model (size, order, sections), copying a model's group configuration, and the
 * groups-per-collection view. Admin only (routes declare it). Every change runs in one transaction
 * together with its audit row.
 */

import {
  type ActualizaImagenParametroRequest,
  type AdminModelDetail,
  type AdminModelListQuery,
  type AdminModelRow,
  COLLECTION_MSG,
  type CopyParamsCollectionRequest,
  type CreateSectionRequest,
  hasText,
  type Message,
  type ModelGroupLink,
  type ModelGroupsResponse,
  ModelImageUploadBody,
  type ModeloFields,
  type ModeloUpdateRequest,
  CATALOG_ADMIN_MSG as MSG,
  PAGE_SIZE,
  paging,
  parseNumberInput,
  type SetPositionGroupsModelRequest,
  SIZE_MAX,
  type SinColeccionQuery,
  type UpdateModelGroupAddRequest,
  type UpdateModelGroupSizeRequest,
} from '@nido/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { Conflict, FieldErrors, HttpError, Invalid, NotFound } from '../../../platform/errors.ts';
import { groupBy } from '../../../platform/group-by.ts';
import { parseWith, type UploadRequest } from '../../../platform/images.ts';
import { searchable, searchTerms } from '../../../platform/text.ts';
import type { ModeloDbRow } from '../columns.ts';
import {
  deleteOwnedImage,
  findOwnedImage,
  firstOtherImage,
  imagesOf,
  makeMainImage,
  modelImageSet,
  uploadOwnedImage,
} from '../image-sets.ts';
import { linkOut, modeloOut, parametroOut, typedPriceCents } from '../present.ts';
import * as q from './queries.ts';

const PER_PAGE = PAGE_SIZE;

/** The model, or NotFound; `lock` takes its row lock (in a transaction). */
async function modeloOrNotFound(db: Db | Tx, modelo: string, lock = false) {
  const row = await q.findModelo(db, modelo, lock);
  if (!row) throw new NotFound(MSG.modelNotFound);
  return row;
}

const lockModelo = (tx: Tx, modelo: string) => modeloOrNotFound(tx, modelo, true);

// ── Model fields ──────────────────────────────────────────────────────────────────────────────

/**
 * POST modelo/update: edits an existing model (an unknown code answers 404: models come from the
 * ERP, this call never creates one). Omitted fields keep their value; the English description is
 * always required; a negative price becomes 0. search_text is rebuilt. The minimum quantity and the
 * pack size (whole, 1-9999) apply to lines added from then on, on every path (line-rules.ts).
 */
export async function updateModelo(ctx: ServiceContext, body: ModeloUpdateRequest): Promise<ModeloFields> {
  const errors = new FieldErrors();
  if (!hasText(body.descripcion_en)) errors.add('descripcion_en', MSG.descripcionEnRequired);
  if (typeof body.descripcion === 'string' && !body.descripcion.trim())
    errors.add('descripcion', MSG.descripcionRequired);
  let pvpCents: number | undefined;
  if (body.pvp !== undefined && body.pvp !== null) {
    const cents = typedPriceCents(body.pvp);
    if (cents == null) errors.add('pvp', MSG.priceTooLarge);
    else pvpCents = cents;
  }
  errors.throwIfAny();
  return ctx.db.transaction(async (tx) => {
    const before = await lockModelo(tx, body.modelo);
    const next: ModeloDbRow = {
      ...before,
      descripcion: typeof body.descripcion === 'string' ? body.descripcion.trim() : before.descripcion,
      descripcion_en: (body.descripcion_en ?? '').trim(),
      pvp_cents: pvpCents ?? before.pvp_cents,
      personalizado: body.personalizado ?? before.personalizado,
      modelobordado: body.modelobordado === undefined ? before.modelobordado : body.modelobordado || '0802',
      familia: body.familia ?? before.familia,
      cantidad_minima: body.cantidad_minima ?? before.cantidad_minima,
      multiplo: body.multiplo ?? before.multiplo,
      grupo_rejilla_id:
        body.grupo_rejilla_id === undefined ? before.grupo_rejilla_id : body.grupo_rejilla_id || null,
    };
    // The grid's group must be one the model offers.
    if (next.grupo_rejilla_id != null && !(await q.modelOffersGroup(tx, next.modelo, next.grupo_rejilla_id)))
      throw new Invalid({ grupo_rejilla_id: [MSG.gridGroupNotOffered] });
    const { modelo: _, baja: __, ...values } = next;
    await q.updateModelo(tx, before.modelo, {
      ...values,
      search_text: searchable(next.modelo, next.descripcion, next.descripcion_en),
      updated_at: ctx.clock.now(),
    });
    const changed = Object.fromEntries(
      Object.entries(values).filter(([k, v]) => before[k as keyof ModeloDbRow] !== v),
    );
    await audit(tx, ctx, {
      action: 'modelo.update',
      entity: 'modelo',
      entity_id: before.modelo,
      details: changed,
    });
    return modeloOut(next);
  });
}

/** POST modelo/modeloBaja: an inactive model disappears from search and configurators at once. */
export async function setModeloBaja(ctx: ServiceContext, modelo: string, baja: boolean) {
  return ctx.db.transaction(async (tx) => {
    const before = await lockModelo(tx, modelo);
    await q.updateModelo(tx, before.modelo, { baja, updated_at: ctx.clock.now() });
    await audit(tx, ctx, {
      action: 'modelo.baja',
      entity: 'modelo',
      entity_id: before.modelo,
      details: { baja },
    });
    return { modelo: before.modelo, baja };
  });
}

// ── Admin model lists ─────────────────────────────────────────────────────────────────────────

async function modelPage(ctx: ServiceContext, filter: q.AdminModelFilter, page: number, perPage = PER_PAGE) {
  const { db } = ctx;
  const [total, rows] = await Promise.all([
    q.countAdminModels(db, filter),
    q.findAdminModelsPage(db, filter, perPage, (page - 1) * perPage),
  ]);
  const data: AdminModelRow[] = rows.map((r) => ({
    ...modeloOut(r),
    imagen: r.imagen,
    url_img: r.url_img,
    colecciones: (typeof r.colecciones === 'string' ? JSON.parse(r.colecciones) : r.colecciones) ?? [],
    grupos: r.grupos,
    posiciones_sin_recuadro: r.posiciones_sin_recuadro,
  }));
  return { data, meta: paging(total, page, perPage) };
}

/** GET/POST modelo-admin/list: every model (inactive included), optionally of one collection. */
export async function listAdminModels(ctx: ServiceContext, query: AdminModelListQuery) {
  return modelPage(
    ctx,
    { terms: searchTerms(query.search), coleccion: query.coleccion || null, baja: query.baja },
    query.page,
    query.per_page,
  );
}

/** GET modelo/sincoleccion: models in no collection. */
export async function listModelsWithoutCollection(ctx: ServiceContext, query: SinColeccionQuery) {
  return modelPage(ctx, { terms: searchTerms(query.search), sinColeccion: true }, query.page, query.per_page);
}

/** GET modelo-admin/{modelo}: the model with every image, linked group and collection. */
export async function getAdminModel(ctx: ServiceContext, modelo: string): Promise<AdminModelDetail> {
  const { db } = ctx;
  const row = await q.findModelo(db, modelo);
  if (!row) throw new NotFound(MSG.modelNotFound);
  const [imagenes, links, colecciones] = await Promise.all([
    imagesOf(db, modelImageSet, row.modelo),
    q.linksOfModelo(db, row.modelo),
    q.collectionsOfModel(db, row.modelo),
  ]);
  return {
    ...modeloOut(row),
    imagenes: imagenes.map(({ modelos_modelo: _, ...img }) => img),
    grupos: links.map(linkOut),
    colecciones,
  };
}

// ── Model images ──────────────────────────────────────────────────────────────────────────────

/**
 * POST modelo/uploadImage (multipart: `body` JSON {modelo, color0?} + one image file). The content
 * is checked and re-encoded (platform/images.ts); the first image of a model becomes its main one.
 */
export async function uploadModelImage(ctx: ServiceContext, { body, file }: UploadRequest) {
  const input: z.output<typeof ModelImageUploadBody> = parseWith(ModelImageUploadBody, body);
  return uploadOwnedImage(ctx, modelImageSet, {
    owner: input.modelo,
    file,
    findOwner: modeloOrNotFound,
    fields: { color0: input.color0 || null },
  });
}

/** POST modelo/actualizaImagenParametro: ties an image to a colour code (empty = any colour). */
export async function setImageColour(
  ctx: ServiceContext,
  body: z.output<typeof ActualizaImagenParametroRequest>,
) {
  const codigo = body.codigo == null ? null : String(body.codigo).trim() || null;
  return ctx.db.transaction(async (tx) => {
    const image = await findOwnedImage(tx, modelImageSet, body.id);
    const row = await q.setImageColor(tx, image.id, codigo);
    await audit(tx, ctx, {
      action: 'modelo.image.color',
      entity: 'modelo',
      entity_id: image.owner,
      details: { image_id: image.id, color0: codigo },
    });
    return row;
  });
}

/** DELETE modelo/deleteImage: removes the row and both files; a deleted main image hands the flag on. */
export async function deleteModelImage(ctx: ServiceContext, id: number) {
  const promoted = await deleteOwnedImage(ctx, modelImageSet, id, (tx, image) => lockModelo(tx, image.owner));
  return { ok: true, principal_id: promoted };
}

/**
 * POST modelo/actualizaImagenPrincipal: principal true makes this the model's only main image
 * (the others are cleared first, same transaction); false hands the flag to the oldest other image
 * (a model's only image stays its main one).
 */
export async function setImagePrincipal(
  ctx: ServiceContext,
  body: { id: number; principal: boolean; modelo?: string },
) {
  return ctx.db.transaction(async (tx) => {
    const image = await findOwnedImage(tx, modelImageSet, body.id, body.modelo);
    const modelo = image.owner;
    await lockModelo(tx, modelo);
    let principalId: number | null = image.id;
    if (!body.principal) {
      principalId = image.main
        ? ((await firstOtherImage(tx, modelImageSet, modelo, image.id)) ?? image.id)
        : null;
    }
    if (principalId != null) await makeMainImage(tx, modelImageSet, modelo, principalId);
    await audit(tx, ctx, {
      action: 'modelo.image.principal',
      entity: 'modelo',
      entity_id: modelo,
      details: { image_id: image.id, principal: body.principal, principal_id: principalId },
    });
    return { modelo, imagenes: await imagesOf(tx, modelImageSet, modelo) };
  });
}

// ── Groups of a model ─────────────────────────────────────────────────────────────────────────

/** product.md §5.3 "group size numeric": a number (comma decimals accepted) between 0 and 1000. */
export function parseSize(value: unknown, field: string, errors: FieldErrors): number {
  const n = parseNumberInput(value);
  if (!Number.isFinite(n)) {
    errors.add(field, MSG.sizeNumeric);
    return 0;
  }
  if (n < 0 || n > SIZE_MAX) errors.add(field, MSG.sizeRange);
  return Math.round(n * 1000) / 1000;
}

async function linksOut(tx: Tx, modelo: string): Promise<ModelGroupLink[]> {
  return (await q.linksOfModelo(tx, modelo)).map(linkOut);
}

/** POST modelo/updateModelGroupSize. */
export async function updateModelGroupSize(ctx: ServiceContext, body: UpdateModelGroupSizeRequest) {
  const errors = new FieldErrors();
  const size = parseSize(body.size, 'size', errors);
  errors.throwIfAny();
  return ctx.db.transaction(async (tx) => {
    const model = await lockModelo(tx, body.modelo);
    const link = await q.findLink(tx, model.modelo, body.grupo);
    if (!link) throw new NotFound(MSG.groupNotLinked);
    await q.setLinkSize(tx, model.modelo, body.grupo, size);
    await audit(tx, ctx, {
      action: 'modelo.grupo.size',
      entity: 'modelo',
      entity_id: model.modelo,
      details: { parametros_grupos_id: body.grupo, from: Number(link.size), size },
    });
    return { modelos_modelo: model.modelo, parametros_grupos_id: body.grupo, size };
  });
}

/** Checks configurator section ids (0 / null = default); returns them as column values. */
async function resolveSections(
  tx: Tx,
  wanted: Array<number | null | undefined>,
  field: (i: number) => string,
) {
  const ids = [...new Set(wanted.filter((s): s is number => !!s && s > 0))];
  const known = await q.sectionModelIds(tx, ids);
  const errors = new FieldErrors();
  wanted.forEach((s, i) => {
    if (s && s > 0 && !known.has(s)) errors.add(field(i), MSG.sectionNotFound);
    else if (s != null && s < 0) errors.add(field(i), MSG.sectionNotFound);
  });
  errors.throwIfAny();
  return wanted.map((s) => (s && s > 0 ? s : null));
}

/**
 * POST modelo/setPositionGroupsModel: positions 0..n-1 in the order given, each group moved to its
 * section. Linked groups left out of the list keep their relative order after the listed ones.
 */
export async function setPositionGroupsModel(
  ctx: ServiceContext,
  body: SetPositionGroupsModelRequest,
): Promise<ModelGroupsResponse> {
  return ctx.db.transaction(async (tx) => {
    const model = await lockModelo(tx, body.modelo);
    const current = await q.rawLinksOfModelo(tx, model.modelo);
    const linked = new Map(current.map((l) => [l.parametros_grupos_id, l]));
    const errors = new FieldErrors();
    const seen = new Set<number>();
    body.grupos.forEach((g, i) => {
      if (!linked.has(g.grupo)) errors.add(`grupos.${i}.grupo`, MSG.groupNotLinked);
      if (seen.has(g.grupo)) errors.add(`grupos.${i}.grupo`, MSG.duplicateIds);
      seen.add(g.grupo);
    });
    errors.throwIfAny();
    const sections = await resolveSections(
      tx,
      body.grupos.map((g) => g.section),
      (i) => `grupos.${i}.section`,
    );
    const order = [
      ...body.grupos.map((g, i) => ({ grupo: g.grupo, section: sections[i] })),
      ...current
        .filter((l) => !seen.has(l.parametros_grupos_id))
        .map((l) => ({ grupo: l.parametros_grupos_id, section: l.section_models_id })),
    ];
    for (const [position, item] of order.entries()) {
      const before = linked.get(item.grupo)!;
      if (before.position !== position || before.section_models_id !== item.section) {
        await q.setLinkPosition(tx, model.modelo, item.grupo, position, item.section);
      }
    }
    await audit(tx, ctx, {
      action: 'modelo.grupos.order',
      entity: 'modelo',
      entity_id: model.modelo,
      details: { grupos: order.map((o) => ({ grupo: o.grupo, section: o.section ?? 0 })) },
    });
    return { modelo: model.modelo, grupos: await linksOut(tx, model.modelo) };
  });
}

/** POST modelo/updateModelGroupAdd: links a group last, at the group's default size. */
export async function addModelGroup(ctx: ServiceContext, body: UpdateModelGroupAddRequest) {
  return ctx.db.transaction(async (tx) => {
    const model = await lockModelo(tx, body.modelo);
    const group = await q.findGroup(tx, body.grupo);
    if (!group) throw new NotFound(MSG.groupNotFound);
    if (await q.findLink(tx, model.modelo, group.id)) throw new Conflict(MSG.groupAlreadyLinked);
    const [section] = await resolveSections(tx, [body.section], () => 'section');
    const position = await q.nextLinkPosition(tx, model.modelo);
    await q.insertLink(tx, {
      modelos_modelo: model.modelo,
      parametros_grupos_id: group.id,
      position,
      section_models_id: section,
      size: Number(group.size),
    });
    await audit(tx, ctx, {
      action: 'modelo.grupo.add',
      entity: 'modelo',
      entity_id: model.modelo,
      details: { parametros_grupos_id: group.id, position, section: section ?? 0 },
    });
    const links = await linksOut(tx, model.modelo);
    return links.find((l) => l.parametros_grupos_id === group.id)!;
  });
}

/** POST modelo/updateModelGroupDelete: unlinks a group; the remaining positions are renumbered. */
export async function deleteModelGroup(ctx: ServiceContext, modelo: string, grupo: number) {
  return ctx.db.transaction(async (tx) => {
    const model = await lockModelo(tx, modelo);
    if (!(await q.findLink(tx, model.modelo, grupo))) throw new NotFound(MSG.groupNotLinked);
    await q.deleteLink(tx, model.modelo, grupo);
    const rest = await q.rawLinksOfModelo(tx, model.modelo);
    for (const [position, l] of rest.entries()) {
      if (l.position !== position) {
        await q.setLinkPosition(tx, model.modelo, l.parametros_grupos_id, position, l.section_models_id);
      }
    }
    await audit(tx, ctx, {
      action: 'modelo.grupo.delete',
      entity: 'modelo',
      entity_id: model.modelo,
      details: { parametros_grupos_id: grupo },
    });
    return { ok: true };
  });
}

/** GET modelo/sections: every configurator section. */
export async function listSectionModels(ctx: ServiceContext) {
  return { data: await q.allSectionModels(ctx.db) };
}

/** POST modelo/createSection: a new configurator section (name required). */
export async function createSectionModel(ctx: ServiceContext, body: CreateSectionRequest) {
  const errors = new FieldErrors();
  if (!hasText(body.name)) errors.add('name', MSG.nameRequired);
  errors.throwIfAny();
  return ctx.db.transaction(async (tx) => {
    const row = await q.insertSectionModel(tx, body.name!.trim(), (body.name_en ?? '').trim());
    await audit(tx, ctx, {
      action: 'section_models.create',
      entity: 'modelo',
      entity_id: `section_models:${row.id}`,
      details: row,
    });
    return row;
  });
}

/**
 * POST modelo/copyParamsCollection {desde, hasta}: model `hasta` gets exactly the group
 * configuration of model `desde` (groups, positions, sections, sizes); its own links are replaced.
 * One transaction: on any failure nothing changes and the answer is 422 'Error copying'.
 */
export async function copyModelGroups(ctx: ServiceContext, body: CopyParamsCollectionRequest) {
  const fail = (fields?: Record<string, Message[]>) => new HttpError(422, MSG.copyError, fields);
  if (body.desde === body.hasta) throw fail({ hasta: [MSG.sameModel] });
  try {
    return await ctx.db.transaction(async (tx) => {
      const source = await q.findModelo(tx, body.desde);
      if (!source) throw fail({ desde: [MSG.modelNotFound] });
      const target = await q.findModelo(tx, body.hasta, true);
      if (!target) throw fail({ hasta: [MSG.modelNotFound] });
      const links = await q.rawLinksOfModelo(tx, source.modelo);
      await q.deleteLinksOfModelo(tx, target.modelo);
      await q.insertLinks(
        tx,
        links.map((l) => ({ ...l, size: Number(l.size), modelos_modelo: target.modelo })),
      );
      await audit(tx, ctx, {
        action: 'modelo.grupos.copy',
        entity: 'modelo',
        entity_id: target.modelo,
        details: { desde: source.modelo, grupos: links.map((l) => l.parametros_grupos_id) },
      });
      return { modelo: target.modelo, grupos: await linksOut(tx, target.modelo) };
    });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    ctx.log.error({ err }, 'copyParamsCollection failed');
    throw fail();
  }
}

/**
 * POST modelo/getParametrosGruposColeccion {id?}: with a collection id, the groups used by the
 * models of that collection, each with its parameters and the collection's models using it;
 * without id, every group with every model using it.
 */
export async function groupsOfCollection(ctx: ServiceContext, id: number | null | undefined) {
  const { db } = ctx;
  const coleccion = id || null;
  if (coleccion != null && !(await q.coleccionExists(db, coleccion)))
    throw new NotFound(COLLECTION_MSG.collectionNotFound);
  const usage = await q.groupUsage(db, coleccion);
  const groupIds = coleccion != null ? [...new Set(usage.map((u) => u.parametros_grupos_id))] : null;
  const groups = await q.groupsByIds(db, groupIds);
  const params = await q.parametrosOfGroups(
    db,
    groups.map((g) => g.id),
  );
  const paramsByGroup = groupBy(params, (p) => p.parametros_grupos_id);
  const usageByGroup = groupBy(usage, (u) => u.parametros_grupos_id);
  return {
    data: groups.map((g) => ({
      ...g,
      size: Number(g.size),
      parametros: (paramsByGroup.get(g.id) ?? []).map(parametroOut),
      modelos: (usageByGroup.get(g.id) ?? []).map(({ parametros_grupos_id: _, ...u }) => ({
        ...u,
        size: Number(u.size),
        section_models_id: u.section_models_id ?? 0,
      })),
    })),
  };
}
