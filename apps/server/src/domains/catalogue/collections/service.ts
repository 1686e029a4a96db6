/**
 * Collections (product.md §8 Collections, §4 collection flags).
 *
 * Visibility of POST colecciones/list (product.md §3 leaves it open; this is the decision, the same rule
 * as the shop's read side): a client user sees only collections that are active and not
 * representatives-only, and counts only active models; a Representante sees every active
 * collection (representatives-only included); an Admin sees all and may filter by `activado`.
 * Every other call is Admin only. Every change runs in one transaction with its audit row.
 */
import {
  CATALOG_ADMIN_MSG,
  type ColeccionDetail,
  ColeccionImageUploadBody,
  type ColeccionListRequest,
  type ColeccionRow,
  type ColeccionUpdateRequest,
  hasText,
  COLLECTION_MSG as MSG,
  madridIsoDay,
  orderWindowStatus,
  PAGE_SIZE,
  paging,
} from '@nido/contract';
import type { Db, Tx } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import type { ServiceContext } from '../../../platform/context.ts';
import { Conflict, FieldErrors, Invalid, NotFound } from '../../../platform/errors.ts';
import { parseWith, type UploadRequest } from '../../../platform/images.ts';
import { searchTerms } from '../../../platform/text.ts';
import {
  collectionImageSet,
  deleteOwnedImage,
  findOwnedImage,
  imagesOf,
  makeMainImage,
  uploadOwnedImage,
} from '../image-sets.ts';
import { withPvpOut } from '../present.ts';
import * as q from './queries.ts';

/** The collection, or NotFound; `lock` takes its row lock (in a transaction). */
async function coleccionOrNotFound(db: Db | Tx, id: number, lock = false) {
  const row = await q.findColeccion(db, id, lock);
  if (!row) throw new NotFound(MSG.collectionNotFound);
  return row;
}

const lockColeccion = (tx: Tx, id: number) => coleccionOrNotFound(tx, id, true);

/** Today in Madrid by the context's clock: the day a window's state is counted on (record 053). */
const todayOf = (ctx: ServiceContext) => madridIsoDay(ctx.clock.now());

/** A collection row with its order window's state on `today`. */
function withWindowStatus<R extends q.ColeccionWindow>(row: R, today: string) {
  return { ...row, ...orderWindowStatus(row, today) };
}

/** POST colecciones/list (access: any signed-in user; see the visibility rule above). */
export async function listColecciones(ctx: ServiceContext, body: ColeccionListRequest) {
  const { db } = ctx;
  const { role } = ctx.actor;
  const filters = body.filters;
  const filter: q.ColeccionFilter = { terms: searchTerms(filters.search) };
  if (role === 'Admin') filter.activado = filters.activado;
  else filter.activado = true;
  if (role === 'Cliente') filter.hideRepsOnly = true;
  const perPage = filters.per_page ?? PAGE_SIZE;
  const page = filters.page;
  const [total, rows] = await Promise.all([
    q.countColecciones(db, filter),
    q.findColeccionesPage(db, filter, {
      activeModelsOnly: role !== 'Admin',
      limit: perPage,
      offset: (page - 1) * perPage,
    }),
  ]);
  const today = todayOf(ctx);
  const data: ColeccionRow[] = rows.map((r) => withWindowStatus(r, today));
  return { data, meta: paging(total, page, perPage) };
}

/**
 * The collection with its images; with `models` also its models in collection order
 * (`activeOnly` leaves out inactive models).
 */
async function detail(
  ctx: ServiceContext,
  db: Db | Tx,
  id: number,
  opts: { models: boolean; activeOnly?: boolean },
): Promise<ColeccionDetail> {
  const found = await q.findColeccion(db, id);
  if (!found) throw new NotFound(MSG.collectionNotFound);
  const row = withWindowStatus(found, todayOf(ctx));
  const imagenes = await imagesOf(db, collectionImageSet, id);
  if (!opts.models) return { ...row, imagenes };
  const modelos = (await q.modelsOfColeccion(db, id, !!opts.activeOnly)).map(withPvpOut);
  return { ...row, imagenes, modelos };
}

/** GET colecciones/{id}/{flag}: flag 0 = the collection and its images; flag 1 = also its models. */
export async function getColeccion(ctx: ServiceContext, id: number, flag: number) {
  return detail(ctx, ctx.db, id, { models: flag === 1 });
}

/**
 * POST colecciones/showClear {id}: the collection "clear" of what a shop would not see — its images
 * and only its active models — i.e. a preview of the collection as shops get it. Read-only.
 */
export async function showClear(ctx: ServiceContext, id: number) {
  return detail(ctx, ctx.db, id, { models: true, activeOnly: true });
}

/** One flag of a collection, with its audit row (audit action `coleccion.<action>`); answers `{ id, flag: value }`. */
async function setFlag<F extends 'activado' | 'solorepresentantes'>(
  ctx: ServiceContext,
  id: number,
  flag: F,
  value: boolean,
  action: string,
) {
  return ctx.db.transaction(async (tx) => {
    await lockColeccion(tx, id);
    await q.updateColeccion(tx, id, { [flag]: value, updated_at: ctx.clock.now() });
    await audit(tx, ctx, {
      action: `coleccion.${action}`,
      entity: 'coleccion',
      entity_id: id,
      details: { [flag]: value },
    });
    return { id, [flag]: value } as { id: number } & Record<F, boolean>;
  });
}

/** POST coleccion/setActive. */
export async function setActive(ctx: ServiceContext, id: number, activado: boolean) {
  return setFlag(ctx, id, 'activado', activado, 'active');
}

/** POST coleccion/setSoloRepresentantes. */
export async function setSoloRepresentantes(ctx: ServiceContext, id: number, solorepresentantes: boolean) {
  return setFlag(ctx, id, 'solorepresentantes', solorepresentantes, 'solorepresentantes');
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

const NO_WINDOWS: q.ColeccionWindow = {
  pedido_desde: null,
  pedido_hasta: null,
  entrega_desde: null,
  entrega_hasta: null,
};

/** The windows as they will be: each day given (null clears it), else the stored one. */
function keepStored(
  given: { [K in keyof q.ColeccionWindow]: string | null | undefined },
  stored: q.ColeccionWindow,
): q.ColeccionWindow {
  return {
    pedido_desde: given.pedido_desde === undefined ? stored.pedido_desde : given.pedido_desde,
    pedido_hasta: given.pedido_hasta === undefined ? stored.pedido_hasta : given.pedido_hasta,
    entrega_desde: given.entrega_desde === undefined ? stored.entrega_desde : given.entrega_desde,
    entrega_hasta: given.entrega_hasta === undefined ? stored.entrega_hasta : given.entrega_hasta,
  };
}

/** A window running backwards, once merged with the stored days (the database's checks, as 422s). */
function checkWindows(w: q.ColeccionWindow) {
  const errors = new FieldErrors();
  if (w.pedido_desde && w.pedido_hasta && w.pedido_hasta < w.pedido_desde)
    errors.add('pedido_hasta', MSG.orderWindowBackwards);
  if (w.entrega_desde && w.entrega_hasta && w.entrega_hasta < w.entrega_desde)
    errors.add('entrega_hasta', MSG.deliveryWindowBackwards);
  errors.throwIfAny();
}

/**
 * PUT colecciones/update: id 0 / absent creates the collection, otherwise updates it. `modelos`,
 * when given, replaces the collection's models in that order. Field errors are thrown as Invalid
 * (the route answers them as product.md §7's list with field).
 */
export async function saveColeccion(ctx: ServiceContext, body: ColeccionUpdateRequest) {
  const c = body.collection;
  const creating = !c.id;
  const errors = new FieldErrors();
  const code = c.coleccion == null ? undefined : String(c.coleccion).trim();
  if (creating || c.nombre !== undefined) {
    if (!hasText(c.nombre)) errors.add('nombre', MSG.nameRequired);
  }
  if (creating || c.coleccion !== undefined) {
    if (!code) errors.add('coleccion', MSG.codeRequired);
  }
  const modelos = c.modelos ? [...new Set(c.modelos)] : undefined;
  if (modelos?.length) {
    const known = await q.existingModelos(ctx.db, modelos);
    for (const m of modelos) if (!known.has(m)) errors.add('modelos', MSG.unknownModel({ modelo: m }));
  }
  errors.throwIfAny();
  try {
    return await ctx.db.transaction(async (tx) => {
      if (code) {
        const clash = await q.findColeccionByCode(tx, code);
        if (clash && clash.id !== c.id) throw new Invalid({ coleccion: [MSG.codeTaken] });
      }
      const values = {
        nombre: c.nombre?.trim(),
        nombre_en: c.nombre_en == null ? undefined : c.nombre_en.trim(),
        coleccion: code,
        activado: c.activado,
        solorepresentantes: c.solorepresentantes,
        position: c.position,
      };
      const windows = {
        pedido_desde: c.pedido_desde,
        pedido_hasta: c.pedido_hasta,
        entrega_desde: c.entrega_desde,
        entrega_hasta: c.entrega_hasta,
      };
      let id: number;
      if (creating) {
        checkWindows(keepStored(windows, NO_WINDOWS));
        id = await q.insertColeccion(tx, {
          nombre: values.nombre!,
          nombre_en: values.nombre_en ?? '',
          coleccion: code!,
          activado: values.activado ?? true,
          solorepresentantes: values.solorepresentantes ?? false,
          position: values.position,
          ...keepStored(windows, NO_WINDOWS),
        });
      } else {
        const stored = await lockColeccion(tx, c.id!);
        id = stored.id;
        checkWindows(keepStored(windows, stored));
        const set = Object.fromEntries(
          Object.entries({ ...values, ...windows }).filter(([, v]) => v !== undefined),
        );
        await q.updateColeccion(tx, id, { ...set, updated_at: ctx.clock.now() });
      }
      if (modelos) await q.replaceMembers(tx, id, modelos);
      await audit(tx, ctx, {
        action: creating ? 'coleccion.create' : 'coleccion.update',
        entity: 'coleccion',
        entity_id: id,
        details: { ...values, ...windows, modelos },
      });
      return { coleccion: await detail(ctx, tx, id, { models: true }) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new Invalid({ coleccion: [MSG.codeTaken] });
    throw err;
  }
}

/** POST coleccion/addModelo {id, modelo}: appended last; 409 when already there. */
export async function addModelo(ctx: ServiceContext, id: number, modelo: string) {
  return ctx.db.transaction(async (tx) => {
    await lockColeccion(tx, id);
    const code = await q.modeloExists(tx, modelo);
    if (!code) throw new NotFound(CATALOG_ADMIN_MSG.modelNotFound);
    if (await q.isMember(tx, id, code)) throw new Conflict(MSG.modelAlreadyIn);
    const position = await q.addMember(tx, id, code);
    await audit(tx, ctx, {
      action: 'coleccion.modelo.add',
      entity: 'coleccion',
      entity_id: id,
      details: { modelo: code },
    });
    return { id, modelo: code, position };
  });
}

/** POST coleccion/removeModelo {id, modelo}. */
export async function removeModelo(ctx: ServiceContext, id: number, modelo: string) {
  return ctx.db.transaction(async (tx) => {
    await lockColeccion(tx, id);
    if (!(await q.isMember(tx, id, modelo))) throw new NotFound(MSG.modelNotIn);
    await q.removeMember(tx, id, modelo);
    await audit(tx, ctx, {
      action: 'coleccion.modelo.remove',
      entity: 'coleccion',
      entity_id: id,
      details: { modelo },
    });
    return { ok: true };
  });
}

// ── Images ────────────────────────────────────────────────────────────────────────────────────

/** POST coleccion/uploadImage (multipart `body` {colecciones_id} + image). The first image is the main one. */
export async function uploadImage(ctx: ServiceContext, { body, file }: UploadRequest) {
  const input = parseWith(ColeccionImageUploadBody, body);
  return uploadOwnedImage(ctx, collectionImageSet, {
    owner: input.colecciones_id,
    file,
    findOwner: coleccionOrNotFound,
  });
}

/** DELETE coleccion/deleteImage {id, colecciones_id?}: the row and its files; the main flag moves on. */
export async function deleteImage(ctx: ServiceContext, id: number, coleccionId?: number | null) {
  const promoted = await deleteOwnedImage(
    ctx,
    collectionImageSet,
    id,
    (tx, image) => lockColeccion(tx, image.owner),
    coleccionId,
  );
  return { ok: true, initial_id: promoted };
}

/** POST coleccion/setImgPrincipal {id}: this image becomes the collection's only main image. */
export async function setInitialImage(ctx: ServiceContext, id: number) {
  return ctx.db.transaction(async (tx) => {
    const image = await findOwnedImage(tx, collectionImageSet, id);
    await lockColeccion(tx, image.owner);
    await makeMainImage(tx, collectionImageSet, image.owner, image.id);
    await audit(tx, ctx, {
      action: 'coleccion.image.initial',
      entity: 'coleccion',
      entity_id: image.owner,
      details: { image_id: image.id },
    });
    return { colecciones_id: image.owner, imagenes: await imagesOf(tx, collectionImageSet, image.owner) };
  });
}

/**
 * The files of POST coleccion/downloadImages: the collection's full-size images (main first) that
 * are in the storage, named `<code>-<n>.<ext>`, and a safe download name. The route reads each one
 * as the zip gets to it.
 */
export async function imageFilesForZip(ctx: ServiceContext, id: number) {
  const { db } = ctx;
  const coleccion = await q.findColeccion(db, id);
  if (!coleccion) throw new NotFound(MSG.collectionNotFound);
  const base = coleccion.coleccion.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60) || `coleccion-${id}`;
  const images = await imagesOf(db, collectionImageSet, id);
  const sizes = await Promise.all(images.map((img) => ctx.storage.size(img.url_img)));
  const files: Array<{ urlPath: string; name: string }> = [];
  for (const [i, img] of images.entries()) {
    if (sizes[i] === null) continue;
    const ext = img.url_img.slice(img.url_img.lastIndexOf('.') + 1);
    files.push({ urlPath: img.url_img, name: `${base}-${files.length + 1}.${ext}` });
  }
  if (files.length === 0) throw new NotFound(MSG.noImages);
  return { filename: `${base}.zip`, files };
}
