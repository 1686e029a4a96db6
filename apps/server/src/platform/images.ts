/**
 * Image uploads (DESIGN.md: uploads re-encoded with sharp, WebP + thumbnail, random names).
 *
 * The content decides, never the file name or the declared type: sharp must recognise the bytes as
 * JPEG, PNG, WebP, GIF, AVIF or TIFF. The image is then decoded and re-encoded, so whatever else
 * the file carried (scripts, metadata, polyglot payloads) does not survive: the stored files are
 * plain WebP under names we choose, served with nosniff.
 */
import { CATALOG_ADMIN_MSG, IMAGE_MAX_BYTES, REQUEST_MSG } from '@nido/contract';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import type { z } from 'zod';
import { fieldsOfIssues, HttpError, Invalid } from './errors.ts';
import { storable } from './input.ts';
import type { Storage } from './storage.ts';

/** Longest side of the stored image and of its thumbnail, pixels. */
export const IMAGE_FULL_PX = 1600;
export const IMAGE_THUMB_PX = 320;
/** Decompression-bomb guard: at most 40 megapixels decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff']);

export class ImageTooLarge extends HttpError {
  constructor() {
    super(413, CATALOG_ADMIN_MSG.imageTooLarge, { image: [CATALOG_ADMIN_MSG.imageTooLarge] });
  }
}

function notAnImage(): Invalid {
  return new Invalid({ image: [CATALOG_ADMIN_MSG.imageInvalid] });
}

/**
 * Checks that the bytes are a supported raster image and re-encodes them: WebP of at most
 * 1600 px (rotated by EXIF, metadata stripped) plus a 320 px WebP thumbnail.
 */
export async function processUpload(buffer: Buffer): Promise<{ full: Buffer; thumb: Buffer }> {
  if (buffer.length > IMAGE_MAX_BYTES) throw new ImageTooLarge();
  if (buffer.length === 0) throw notAnImage();
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let format: string | undefined;
  try {
    const meta = await sharp(buffer, options).metadata();
    // AVIF is reported as HEIF with AV1 compression; other HEIF (HEVC) is not accepted.
    format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : meta.format;
  } catch {
    throw notAnImage();
  }
  if (!format || (format !== 'avif' && !ACCEPTED_FORMATS.has(format))) throw notAnImage();
  try {
    const base = sharp(buffer, options).rotate();
    const [full, thumb] = await Promise.all([
      base
        .clone()
        .resize({ width: IMAGE_FULL_PX, height: IMAGE_FULL_PX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer(),
      base
        .clone()
        .resize({ width: IMAGE_THUMB_PX, height: IMAGE_THUMB_PX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 78 })
        .toBuffer(),
    ]);
    return { full, thumb };
  } catch {
    throw notAnImage();
  }
}

/** Stores both versions under new random names; returns their public URLs. */
export async function storeImage(
  storage: Storage,
  images: { full: Buffer; thumb: Buffer },
): Promise<{ url_img: string; thumb_url: string }> {
  const url_img = await storage.save(images.full, 'webp');
  try {
    const thumb_url = await storage.save(images.thumb, 'webp');
    return { url_img, thumb_url };
  } catch (err) {
    await storage.remove(url_img);
    throw err;
  }
}

/** Removes stored files, ignoring failures (a missing file is fine; a row is already gone). */
export async function removeFiles(
  storage: Storage,
  ...urls: Array<string | null | undefined>
): Promise<void> {
  await Promise.all(urls.map((u) => storage.remove(u).catch(() => undefined)));
}

export interface UploadRequest {
  /** The parsed JSON of the `body` field (or the other fields as an object; or the JSON body of a non-multipart request). */
  body: unknown;
  /** The uploaded file's bytes, or null when none was sent. */
  file: Buffer | null;
}

function isFileTooLarge(err: unknown): boolean {
  return (err as { code?: string })?.code === 'FST_REQ_FILE_TOO_LARGE';
}

/** Zod issues → the 422 of every other route. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new Invalid(
    fieldsOfIssues(result.error.issues.map((issue) => [issue.path.map(String).join('.') || '_', issue])),
  );
}

/**
 * Reads a multipart request: the `body` field holds JSON (product.md §8: "a multipart variant of POST
 * carries a body field with JSON and an optional image file"); other plain fields are collected
 * into an object when there is no `body` field. A request that is not multipart yields its JSON body
 * and no file. A file over IMAGE_MAX_BYTES answers 413.
 */
export async function readUpload(req: FastifyRequest): Promise<UploadRequest> {
  if (!req.isMultipart()) return { body: req.body ?? {}, file: null };
  // The `body` part's text, or its value as @fastify/multipart parsed it (a part sent as application/json).
  let bodyField: unknown;
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (bytes.length > 0 && !file) file = bytes;
      } else if (part.fieldname === 'body') bodyField = part.value;
      else if (typeof part.value === 'string' && part.fieldname !== '__proto__')
        fields[part.fieldname] = part.value;
    }
  } catch (err) {
    if (isFileTooLarge(err)) throw new ImageTooLarge();
    // @fastify/multipart's own errors carry their 4xx status (too many parts, fields…); busboy's
    // (no boundary, truncated body, malformed part header) do not, and are the client's body too.
    if ((err as { statusCode?: number })?.statusCode) throw err;
    throw new HttpError(400, REQUEST_MSG.malformedMultipart);
  }
  if (bodyField === undefined) return { body: storable(fields), file };
  let body = bodyField;
  if (typeof bodyField === 'string') {
    try {
      body = JSON.parse(bodyField);
    } catch {
      throw new Invalid({ body: [CATALOG_ADMIN_MSG.bodyInvalid] });
    }
  }
  return { body: storable(body, 'body'), file };
}
