/**
 * The embroidery preview (issue 31, record 059): the Admin places a box per position on a model's
 * main image; a line's preview is addressed with what to draw, rendered once and kept in the storage.
 */
import { buffer } from 'node:stream/consumers';
import {
  CATALOG_ADMIN_MSG,
  type EmbroideryBoxesRequest,
  type EmbroideryBoxesResponse,
  type Message,
} from '@nido/contract';
import type { Db } from '../../../db/client.ts';
import { audit } from '../../../platform/audit.ts';
import { cacheCounts } from '../../../platform/cache-counts.ts';
import type { PublicContext, ServiceContext } from '../../../platform/context.ts';
import { Invalid, NotFound } from '../../../platform/errors.ts';
import { Lru } from '../../../platform/lru.ts';
import {
  cachedPreviewPath,
  type PreviewSubject,
  previewAddress,
  previewKey,
  readPreviewToken,
} from './address.ts';
import { boxesOf, mainImageOf, modelPositions, replaceBoxes } from './queries.ts';
import { renderPreview } from './render.ts';

/** GET modelo/{modelo}/bordado: the main image and each position with its box (null: none placed). */
export async function embroideryBoxes(ctx: Pick<ServiceContext, 'db'>, modelo: string) {
  return boxesAnswer(ctx.db, modelo);
}

async function boxesAnswer(db: Db, modelo: string): Promise<EmbroideryBoxesResponse> {
  const positions = await modelPositions(db, modelo);
  if (!positions) throw new NotFound(CATALOG_ADMIN_MSG.modelNotFound);
  const [boxes, imagen] = await Promise.all([boxesOf(db, modelo), mainImageOf(db, modelo)]);
  return {
    modelo,
    imagen,
    posiciones: positions.map((p) => ({
      posicion: p.position,
      posicion_en: p.position_en,
      box: boxes.get(p.position) ?? null,
    })),
  };
}

/**
 * PUT modelo/{modelo}/bordado: the boxes the model keeps, one per position of its embroidery
 * options (a 422 names each entry at fault: a position the model does not have, or one given twice).
 */
export async function setEmbroideryBoxes(ctx: ServiceContext, modelo: string, body: EmbroideryBoxesRequest) {
  return ctx.db.transaction(async (tx) => {
    const positions = await modelPositions(tx, modelo);
    if (!positions) throw new NotFound(CATALOG_ADMIN_MSG.modelNotFound);
    const known = new Set(positions.map((p) => p.position));
    const seen = new Set<string>();
    const errors: Record<string, Message[]> = {};
    body.posiciones.forEach((p, i) => {
      if (!known.has(p.posicion)) errors[`posiciones.${i}.posicion`] = [CATALOG_ADMIN_MSG.positionUnknown];
      else if (seen.has(p.posicion)) errors[`posiciones.${i}.posicion`] = [CATALOG_ADMIN_MSG.positionTwice];
      seen.add(p.posicion);
    });
    if (Object.keys(errors).length > 0) throw new Invalid(errors);
    await replaceBoxes(tx, modelo, body.posiciones);
    await audit(tx, ctx, {
      action: 'modelo.embroidery_boxes',
      entity: 'modelo',
      entity_id: modelo,
      details: { posiciones: body.posiciones },
    });
    return boxesAnswer(tx, modelo);
  });
}

/**
 * GET bordado/preview/{token}: the stored preview when this drawing was rendered before; else the
 * token's drawing rendered now and stored for next time. 404 for a token the portal did not sign,
 * or an image that is gone.
 */
export async function embroideryPreview(ctx: Pick<PublicContext, 'db' | 'storage'>, token: string) {
  const subject = readPreviewToken(await previewKey(ctx.db), token);
  if (!subject) throw new NotFound();
  const bytes = await previewBytes(ctx, cachedPreviewPath(token), subject);
  if (!bytes) throw new NotFound();
  return { body: bytes, size: bytes.length, contentType: 'image/webp' };
}

/**
 * A drawing's preview as the portal serves it (WebP, PREVIEW_PX at most), for documents drawn in
 * numbers (the production sheet): what its address would answer, so nothing rendered before is
 * redrawn and what is rendered here is found by the address later. Null when the image is gone.
 */
export async function storedPreview(
  ctx: Pick<PublicContext, 'db' | 'storage'>,
  drawing: PreviewSubject,
): Promise<Buffer | null> {
  const address = previewAddress(await previewKey(ctx.db), drawing);
  if (!address) return null;
  return previewBytes(ctx, cachedPreviewPath(address.slice(address.lastIndexOf('/') + 1)), drawing);
}

/** The preview a line's address names (`bordado_preview`), for a document; null when it names none. */
export async function addressedPreview(
  ctx: Pick<PublicContext, 'db' | 'storage'>,
  address: string,
): Promise<Buffer | null> {
  const token = address.slice(address.lastIndexOf('/') + 1);
  const subject = readPreviewToken(await previewKey(ctx.db), token);
  return subject ? previewBytes(ctx, cachedPreviewPath(token), subject) : null;
}

/**
 * The last previews served, by stored path (about 20-60 KB each): a shop's cart and an order's
 * documents ask for the same few again and again. A path names what is drawn, so a kept preview
 * never goes stale; keeping it spares the storage's open and read (a round trip with S3).
 */
const keptPreviews = new Lru<string, Buffer>(256);

/** The stored preview at `cached`, else the drawing rendered and stored there (null: no image). */
async function previewBytes(
  ctx: Pick<PublicContext, 'storage'>,
  cached: string,
  drawing: PreviewSubject,
): Promise<Buffer | null> {
  const kept = keptPreviews.get(cached);
  if (kept) {
    cacheCounts.embroidery_preview.hit++;
    return kept;
  }
  const stored = await ctx.storage.read(cached);
  if (stored) {
    cacheCounts.embroidery_preview.hit++;
    const bytes = await buffer(stored.body);
    keptPreviews.set(cached, bytes);
    return bytes;
  }
  cacheCounts.embroidery_preview.miss++;
  const image = drawing.image;
  let bytes: Buffer;
  try {
    bytes = await renderPreview(
      {
        key: image,
        bytes: async () => {
          const file = await ctx.storage.read(image);
          if (!file) throw new NotFound();
          return buffer(file.body);
        },
      },
      drawing,
      'webp',
    );
  } catch (err) {
    if (err instanceof NotFound) return null;
    throw err;
  }
  await ctx.storage.put(cached, bytes);
  keptPreviews.set(cached, bytes);
  return bytes;
}
