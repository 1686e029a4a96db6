/**
 * The catalogue's two image tables work alike: a model's images (modelo_imagenes) and a
 * collection's (coleccion_imagenes), each owner with at most one main image (the flag `principal`,
 * `initial` for a collection; one partial unique index each), which passes to the oldest other
 * image when it goes. The reads and writes that keep that rule are written here once for both.
 */
import { CATALOG_ADMIN_MSG } from '@nido/contract';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import { coleccion_imagenes, modelo_imagenes } from '../../db/schema.ts';
import { type AuditEntry, audit } from '../../platform/audit.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { NotFound } from '../../platform/errors.ts';
import { removeFiles } from '../../platform/images.ts';

/** One image table: its columns, the name of its main-image flag, and how the audit names the owner. */
interface ImageSet<Owner extends string | number> {
  table: PgTable;
  id: AnyPgColumn;
  owner: AnyPgColumn;
  main: AnyPgColumn;
  url_img: AnyPgColumn;
  thumb_url: AnyPgColumn;
  /** The flag's property (and column) name. */
  mainKey: 'principal' | 'initial';
  /** The audit entity of the owner, and the details key that names the image that became the main one. */
  entity: AuditEntry['entity'];
  promotedKey: string;
  /** Only for typing the owner's id. */
  ownerType?: Owner;
}

export const modelImageSet: ImageSet<string> = {
  table: modelo_imagenes,
  id: modelo_imagenes.id,
  owner: modelo_imagenes.modelos_modelo,
  main: modelo_imagenes.principal,
  url_img: modelo_imagenes.url_img,
  thumb_url: modelo_imagenes.thumb_url,
  mainKey: 'principal',
  entity: 'modelo',
  promotedKey: 'principal_id',
};

export const collectionImageSet: ImageSet<number> = {
  table: coleccion_imagenes,
  id: coleccion_imagenes.id,
  owner: coleccion_imagenes.colecciones_id,
  main: coleccion_imagenes.initial,
  url_img: coleccion_imagenes.url_img,
  thumb_url: coleccion_imagenes.thumb_url,
  mainKey: 'initial',
  entity: 'coleccion',
  promotedKey: 'initial_id',
};

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
