/**
 * Where uploaded images live (record 038): files under DATA_DIR/uploads by default, or the objects
 * of an S3-compatible bucket when STORAGE_URL names one. Either way an image is known by its public
 * URL path, `/uploads/<random name>`, which is what the rows store and what the browser asks for:
 * the app answers it from whichever backend holds it (app.ts), so a row never names a backend.
 */
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

export const UPLOADS_PREFIX = '/uploads/';

/** An image being read: its bytes as a stream, their count and media type. */
export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string;
}

/**
 * Files uploaded by admins (already re-encoded), under random names. A failure of the backend
 * itself (the bucket unreachable, refused credentials) is a `StorageUnavailable` (503); an image
 * that is not there is `null`, never an error.
 */
export interface Storage {
  /** Which backend this is, for logs and the start-up line. */
  readonly kind: 'disk' | 's3';
  /** Saves bytes under a new random name with the given extension; returns the public URL path. */
  save(bytes: Buffer, ext: string): Promise<string>;
  /** Saves bytes under the name of a public URL path (storage:migrate copies files by name). */
  put(urlPath: string, bytes: Buffer): Promise<void>;
  /** The file behind a public URL path, or null when there is none (or it is not one of ours). */
  read(urlPath: string): Promise<StoredFile | null>;
  /** The stored size of a public URL path in bytes, or null when there is no such file. */
  size(urlPath: string): Promise<number | null>;
  /** Deletes the file behind a public URL path; a missing file is fine. */
  remove(urlPath: string | null | undefined): Promise<void>;
}

/** The stored name of a public URL path, or null when it is not one of ours (no traversal). */
export function storedName(urlPath: string): string | null {
  if (!urlPath.startsWith(UPLOADS_PREFIX)) return null;
  const name = urlPath.slice(UPLOADS_PREFIX.length);
  return isStoredName(name) ? name : null;
}

/** Only names we make: lower-case letters, digits and hyphens, one extension. */
export function isStoredName(name: string): boolean {
  return /^[a-z0-9-]+\.[a-z0-9]+$/.test(name);
}

/** A backend's operations on named files; `save` is the same for every backend (`withSave`). */
export type StorageBackend = Omit<Storage, 'save'>;

/** A backend with `save`: a new random name (never reused: served as immutable), then `put`. */
export function withSave(backend: StorageBackend): Storage {
  return {
    ...backend,
    async save(bytes, ext) {
      const urlPath = `${UPLOADS_PREFIX}${randomBytes(16).toString('hex')}.${ext}`;
      await backend.put(urlPath, bytes);
      return urlPath;
    },
  };
}

const MEDIA_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  avif: 'image/avif',
};

/** The media type of a stored name, by its extension (we name every file ourselves). */
export function mediaTypeOf(name: string): string {
  return MEDIA_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
