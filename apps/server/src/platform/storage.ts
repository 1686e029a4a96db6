import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Files uploaded by admins (already re-encoded), stored under random names and served at /uploads/. */
export interface Storage {
  readonly dir: string;
  /** Saves bytes under a new random name with the given extension; returns the public URL path. */
  save(bytes: Buffer, ext: string): Promise<string>;
  /** Deletes the file behind a public URL path; a missing file is fine. */
  remove(urlPath: string | null | undefined): Promise<void>;
  /** Absolute path of a public URL path, or null when it is not one of ours. */
  resolve(urlPath: string): string | null;
}

export const UPLOADS_PREFIX = '/uploads/';

export function createStorage(dir: string): Storage {
  const resolve = (urlPath: string) => {
    if (!urlPath.startsWith(UPLOADS_PREFIX)) return null;
    const name = urlPath.slice(UPLOADS_PREFIX.length);
    if (!/^[a-z0-9-]+\.[a-z0-9]+$/.test(name)) return null; // no traversal, only our own names
    return path.join(dir, name);
  };
  return {
    dir,
    async save(bytes, ext) {
      await fs.mkdir(dir, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.${ext}`;
      await fs.writeFile(path.join(dir, name), bytes);
      return UPLOADS_PREFIX + name;
    },
    async remove(urlPath) {
      const file = urlPath ? resolve(urlPath) : null;
      if (file) await fs.rm(file, { force: true });
    },
    resolve,
  };
}
