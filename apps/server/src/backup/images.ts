/**
 * The uploaded images as backup and restore reach them. On disk (DATA_DIR/uploads) the directory is
 * listed, copied out and swapped in by a rename. In a bucket (STORAGE_URL) there is neither a
 * listing nor a rename: the backup takes every image the dump names (what a row can show), and a
 * restore puts them back before the database, so a restored row never names a missing image.
 * Names are random and never reused, so putting one that is there already changes nothing.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { type Storage, UPLOADS_PREFIX } from '../platform/storage.ts';

/** Our own file names (platform/storage.ts makes them): nothing else is backed up or restored. */
export const IMAGE_NAME = /^[a-z0-9-]+\.[a-z0-9]+$/;

/** The names of the stored images. */
export async function listImages(uploadsDir: string): Promise<string[]> {
  const names = await fs.readdir(uploadsDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [] as string[];
    throw err;
  });
  return names.filter((name) => IMAGE_NAME.test(name)).sort();
}

/** Copies every stored image into `toDir`; returns their count and bytes. */
export async function copyImagesOut(
  uploadsDir: string,
  toDir: string,
): Promise<{ count: number; bytes: number }> {
  await fs.mkdir(toDir, { recursive: true });
  let bytes = 0;
  const names = await listImages(uploadsDir);
  for (const name of names) {
    await fs.copyFile(path.join(uploadsDir, name), path.join(toDir, name));
    bytes += (await fs.stat(path.join(toDir, name))).size;
  }
  return { count: names.length, bytes };
}

/**
 * Copies the images of `fromDir` beside the stored ones; the returned `swap` puts them in place of
 * the stored ones by a rename, so until then (and on any failure) the stored images stay as they were.
 */
export async function stageImages(fromDir: string, uploadsDir: string) {
  const incoming = `${uploadsDir}.restoring`;
  await fs.rm(incoming, { recursive: true, force: true });
  await fs.mkdir(incoming, { recursive: true });
  const names = await listImages(fromDir);
  for (const name of names) await fs.copyFile(path.join(fromDir, name), path.join(incoming, name));
  return {
    count: names.length,
    async swap() {
      const previous = `${uploadsDir}.replaced`;
      await fs.rm(previous, { recursive: true, force: true });
      await fs.rename(uploadsDir, previous).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
      await fs.rename(incoming, uploadsDir);
      await fs.rm(previous, { recursive: true, force: true });
    },
  };
}

/** Images read or written at once: a bucket's round trips overlap. */
const PARALLEL = 8;

async function eachInParallel<T>(items: T[], work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}

/** Every stored image name the dump's rows name (`/uploads/<name>`), sorted. */
export async function imagesNamedIn(dumpFile: string): Promise<string[]> {
  const names = new Set<string>();
  const pattern = /\/uploads\/([a-z0-9-]+\.[a-z0-9]+)/g;
  const lines = readline.createInterface({ input: createReadStream(dumpFile), crlfDelay: Infinity });
  for await (const line of lines) for (const m of line.matchAll(pattern)) names.add(m[1]);
  return [...names].sort();
}

/**
 * Copies the named images out of a bucket into `toDir`. One a row names but the bucket lacks is
 * counted in `missing` (the backup says so) instead of failing the whole backup.
 */
export async function copyBucketImagesOut(
  storage: Storage,
  names: string[],
  toDir: string,
): Promise<{ count: number; bytes: number; missing: string[] }> {
  await fs.mkdir(toDir, { recursive: true });
  let bytes = 0;
  const missing: string[] = [];
  await eachInParallel(names, async (name) => {
    const file = await storage.read(UPLOADS_PREFIX + name);
    if (!file) {
      missing.push(name);
      return;
    }
    await fs.writeFile(path.join(toDir, name), file.body);
    bytes += file.size;
  });
  return { count: names.length - missing.length, bytes, missing: missing.sort() };
}

/** Puts the images of `fromDir` into a bucket under their names; returns how many. */
export async function putImagesIntoBucket(fromDir: string, storage: Storage): Promise<number> {
  const names = await listImages(fromDir);
  await eachInParallel(names, async (name) => {
    await storage.put(UPLOADS_PREFIX + name, await fs.readFile(path.join(fromDir, name)));
  });
  return names.length;
}
