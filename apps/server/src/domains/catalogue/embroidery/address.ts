/**
 * Preview addresses (record 059): `/api/bordado/preview/<payload>.<signature>.webp`, where the
 * payload is what to draw (the image, the name, the style, the thread's colour, the box) and the
 * signature its HMAC under the database's key. Public, so an <img>, a mail client or a PDF renderer
 * can fetch it without a session; signed, so only what the portal addressed is ever drawn.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { DEFAULT_EMBROIDERY_BOX, EmbroideryBox } from '@nido/contract';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { type LineDrawingBasis, previewKeyOf } from './queries.ts';
import type { PreviewDrawing } from './render.ts';

export interface PreviewSubject extends PreviewDrawing {
  /** The image's public path (/uploads/…). */
  image: string;
}

const Payload = z.object({
  i: z.string().startsWith('/uploads/').max(200),
  n: z.string().max(100),
  s: z.string().max(30),
  c: z.string().nullable(),
  b: z.tuple([z.number(), z.number(), z.number(), z.number()]),
});

const keys = new WeakMap<Db, Promise<string>>();

/** The signing key, read once per database handle. */
export function previewKey(db: Db): Promise<string> {
  let key = keys.get(db);
  if (!key) {
    key = previewKeyOf(db);
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

const sign = (key: string, payload: string) =>
  createHmac('sha256', key).update(payload).digest('base64url').slice(0, 32);

/** What a line's preview draws (null: no name to draw, or no image to draw it on). */
export function lineDrawing(
  basis: LineDrawingBasis | null,
  embroidery: { name: string; emb_style: string; emb_color_hex: string | null } | null,
): PreviewSubject | null {
  if (!basis?.image || !embroidery?.name.trim()) return null;
  const box = basis.box
    ? { x: basis.box[0], y: basis.box[1], w: basis.box[2], h: basis.box[3] }
    : DEFAULT_EMBROIDERY_BOX;
  return {
    image: basis.image,
    name: embroidery.name,
    style: embroidery.emb_style,
    colour: embroidery.emb_color_hex,
    box,
  };
}

/** The address of a drawing's preview (null: nothing to draw). */
export function previewAddress(key: string, drawing: PreviewSubject | null): string | null {
  if (!drawing) return null;
  const { image, name, style, colour, box } = drawing;
  const payload = Buffer.from(
    JSON.stringify({ i: image, n: name, s: style, c: colour, b: [box.x, box.y, box.w, box.h] }),
  ).toString('base64url');
  return `/api/bordado/preview/${payload}.${sign(key, payload)}.webp`;
}

/** What a signed token asks to draw, or null when it was not signed with this key or is malformed. */
export function readPreviewToken(key: string, token: string): PreviewSubject | null {
  const [payload, signature] = token.replace(/\.webp$/, '').split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: z.infer<typeof Payload>;
  try {
    parsed = Payload.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    return null;
  }
  const box = EmbroideryBox.safeParse({ x: parsed.b[0], y: parsed.b[1], w: parsed.b[2], h: parsed.b[3] });
  if (!box.success) return null;
  return { image: parsed.i, name: parsed.n, style: parsed.s, colour: parsed.c, box: box.data };
}

/**
 * How a stored preview's name starts. Previews are derived files: no row names them, so a backup
 * leaves them out and they are drawn again on demand after a restore.
 */
export const PREVIEW_FILE_PREFIX = 'emb-';

/** The cached preview's stored name: the same drawing is rendered once. */
export function cachedPreviewPath(token: string): string {
  const payload = token.split('.')[0];
  return `/uploads/${PREVIEW_FILE_PREFIX}${createHash('sha256').update(payload).digest('hex').slice(0, 40)}.webp`;
}
