/**
 * The catalogue's two image tables work alike: a model's images (modelo_imagenes) and a
 * collection's (coleccion_imagenes), each owner with at most one main image (the flag `principal`,
 * `initial` for a collection; one partial unique index each), which passes to the oldest other
 * image when it goes, and the first image uploaded becomes. The reads and writes that keep that
 * rule are written here once for both.
 */
import { CATALOG_ADMIN_MSG } from '@nido/contract';
import { and, asc, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db, Tx } from '../../db/client.ts';
import { coleccion_imagenes, modelo_imagenes } from '../../db/schema.ts';
import { type AuditEntry, audit } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { Invalid, NotFound } from '../../platform/errors.ts';
import { processUpload, removeFiles, storeImage } from '../../platform/images.ts';

type ImageColumns = Record<string, AnyPgColumn>;

/** One image table: its columns, the name of its main-image flag, and how the audit names the owner. */
interface ImageSet<Owner extends string | number, Columns extends ImageColumns = ImageColumns> {
  table: PgTable;
  id: AnyPgColumn;
  owner: AnyPgColumn;
  main: AnyPgColumn;
  url_img: AnyPgColumn;
  thumb_url: AnyPgColumn;
  /** The flag's property (and column) name. */
  mainKey: 'principal' | 'initial';
  /** The owner's property (and column) name. */
  ownerKey: 'modelos_modelo' | 'colecciones_id';
  /** What the admin screens read of an image (`imagesOf`), and what an upload answers. */
  columns: Columns;
  /** The audit entity of the owner, and the details key that names the image that became the main one. */
  entity: AuditEntry['entity'];
  promotedKey: string;
  /** Only for typing the owner's id. */
  ownerType?: Owner;
}

const modelImageColumns = {
  id: modelo_imagenes.id,
  modelos_modelo: modelo_imagenes.modelos_modelo,
  url_img: modelo_imagenes.url_img,
  thumb_url: modelo_imagenes.thumb_url,
  color0: modelo_imagenes.color0,
  principal: modelo_imagenes.principal,
};

export const modelImageSet: ImageSet<string, typeof modelImageColumns> = {
  table: modelo_imagenes,
  id: modelo_imagenes.id,
  owner: modelo_imagenes.modelos_modelo,
  main: modelo_imagenes.principal,
  url_img: modelo_imagenes.url_img,
  thumb_url: modelo_imagenes.thumb_url,
  mainKey: 'principal',
  ownerKey: 'modelos_modelo',
  columns: modelImageColumns,
  entity: 'modelo',
  promotedKey: 'principal_id',
};

const collectionImageColumns = {
  id: coleccion_imagenes.id,
  colecciones_id: coleccion_imagenes.colecciones_id,
  url_img: coleccion_imagenes.url_img,
  thumb_url: coleccion_imagenes.thumb_url,
  initial: coleccion_imagenes.initial,
};

export const collectionImageSet: ImageSet<number, typeof collectionImageColumns> = {
  table: coleccion_imagenes,
  id: coleccion_imagenes.id,
  owner: coleccion_imagenes.colecciones_id,
  main: coleccion_imagenes.initial,
  url_img: coleccion_imagenes.url_img,
  thumb_url: coleccion_imagenes.thumb_url,
  mainKey: 'initial',
  ownerKey: 'colecciones_id',
  columns: collectionImageColumns,
  entity: 'coleccion',
  promotedKey: 'initial_id',
};

/** An image as its set's `columns` read it. */
export type ImageRow<Columns extends ImageColumns> = SelectResultFields<Columns>;

/** The order an owner's images are listed in: the main one first, then the oldest. */
export function imageListOrder(set: { main: AnyPgColumn; id: AnyPgColumn }): SQL[] {
  return [desc(set.main), asc(set.id)];
}

/** The owner's images as the admin screens list them (imageListOrder). */
export async function imagesOf<Owner extends string | number, Columns extends ImageColumns>(
  db: Db | Tx,
  set: ImageSet<Owner, Columns>,
  owner: Owner,
): Promise<ImageRow<Columns>[]> {
  return (await db
    .select(set.columns)
    .from(set.table)
    .where(eq(set.owner, owner))
    .orderBy(...imageListOrder(set))) as ImageRow<Columns>[];
}

/** An image as these functions use it: its owner, whether it is the main one, and its files. */
interface OwnedImage<Owner> {
  id: number;
  owner: Owner;
  main: boolean;
  url_img: string;
  thumb_url: string | null;
}

/** The image, or NotFound when there is none (or it is not `expectedOwner`'s, when given). */
export async function findOwnedImage<Owner extends string | number>(
  tx: Tx,
  set: ImageSet<Owner>,
  id: number,
  expectedOwner?: Owner | null,
): Promise<OwnedImage<Owner>> {
  const [image] = (await tx
    .select({ id: set.id, owner: set.owner, main: set.main, url_img: set.url_img, thumb_url: set.thumb_url })
    .from(set.table)
    .where(eq(set.id, id))
    .limit(1)) as OwnedImage<Owner>[];
  if (!image || (expectedOwner && expectedOwner !== image.owner))
    throw new NotFound(CATALOG_ADMIN_MSG.imageNotFound);
  return image;
}

/** Whether the owner has a main image (a new image is the main one when it has none). */
export async function hasMainImage<Owner extends string | number>(
  tx: Tx,
  set: ImageSet<Owner>,
  owner: Owner,
): Promise<boolean> {
  const [row] = await tx
    .select({ id: set.id })
    .from(set.table)
    .where(and(eq(set.owner, owner), eq(set.main, true)))
    .limit(1);
  return !!row;
}

/** Makes `id` its owner's only main image (the others cleared first: the partial unique index). */
export async function makeMainImage<Owner extends string | number>(
  tx: Tx,
  set: ImageSet<Owner>,
  owner: Owner,
  id: number,
) {
  await tx
    .update(set.table)
    .set({ [set.mainKey]: false })
    .where(and(eq(set.owner, owner), ne(set.id, id), eq(set.main, true)));
  await tx
    .update(set.table)
    .set({ [set.mainKey]: true })
    .where(eq(set.id, id));
}

/** The oldest image of the owner other than `exceptId`, or null. */
export async function firstOtherImage<Owner extends string | number>(
  tx: Tx,
  set: ImageSet<Owner>,
  owner: Owner,
  exceptId: number,
): Promise<number | null> {
  const [row] = (await tx
    .select({ id: set.id })
    .from(set.table)
    .where(and(eq(set.owner, owner), ne(set.id, exceptId)))
    .orderBy(asc(set.id))
    .limit(1)) as { id: number }[];
  return row?.id ?? null;
}

/**
 * Deletes an image of a model or a collection. One transaction, the owner locked by `lockOwner`
 * first: the row goes, the main flag passes to the owner's oldest other image when the deleted one
 * had it, and the audit row records both; the files are removed once that has committed. Answers
 * the id of the new main image, or null.
 */
export async function deleteOwnedImage<Owner extends string | number>(
  ctx: ServiceContext,
  set: ImageSet<Owner>,
  id: number,
  lockOwner: (tx: Tx, image: OwnedImage<Owner>) => Promise<unknown>,
  expectedOwner?: Owner | null,
): Promise<number | null> {
  const { image, promoted } = await ctx.db.transaction(async (tx) => {
    const image = await findOwnedImage(tx, set, id, expectedOwner);
    await lockOwner(tx, image);
    await tx.delete(set.table).where(eq(set.id, image.id));
    const promoted = image.main ? await firstOtherImage(tx, set, image.owner, image.id) : null;
    if (promoted != null) await makeMainImage(tx, set, image.owner, promoted);
    await audit(tx, ctx, {
      action: `${set.entity}.image.delete`,
      entity: set.entity,
      entity_id: image.owner,
      details: { image_id: image.id, url_img: image.url_img, [set.promotedKey]: promoted },
    });
    return { image, promoted };
  });
  await removeFiles(ctx.storage, image.url_img, image.thumb_url);
  return promoted;
}

/**
 * Adds an uploaded image to its owner (the first one becomes the main image). The file is required;
 * the owner must exist (`findOwner` throws NotFound, taking the owner's row lock when `lock`). The
 * file is checked, re-encoded and stored first; then one transaction locks the owner, inserts the
 * row with `fields` (a model image's colour) and records the audit row; the stored files go again
 * when that fails. Answers the new row as the set's `columns` read it.
 */
export async function uploadOwnedImage<Owner extends string | number, Columns extends ImageColumns>(
  ctx: ServiceContext,
  set: ImageSet<Owner, Columns>,
  upload: {
    owner: Owner;
    file: Buffer | null;
    findOwner: (db: Db | Tx, owner: Owner, lock: boolean) => Promise<unknown>;
    fields?: Record<string, string | null>;
  },
): Promise<ImageRow<Columns>> {
  const { owner, file, findOwner, fields = {} } = upload;
  if (!file) throw new Invalid({ image: [CATALOG_ADMIN_MSG.imageRequired] });
  await findOwner(ctx.db, owner, false);
  const urls = await storeImage(ctx.storage, await processUpload(file));
  try {
    return await ctx.db.transaction(async (tx) => {
      await findOwner(tx, owner, true);
      const main = !(await hasMainImage(tx, set, owner));
      const [row] = (await tx
        .insert(set.table)
        .values({ [set.ownerKey]: owner, ...urls, ...fields, [set.mainKey]: main })
        .returning(set.columns)) as ImageRow<Columns>[];
      await audit(tx, ctx, {
        action: `${set.entity}.image.upload`,
        entity: set.entity,
        entity_id: owner,
        details: { image_id: row.id, url_img: row.url_img, ...fields, [set.mainKey]: main },
      });
      return row;
    });
  } catch (err) {
    await removeFiles(ctx.storage, urls.url_img, urls.thumb_url);
    throw err;
  }
}
