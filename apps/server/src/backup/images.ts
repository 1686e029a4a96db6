/**
 * The uploaded images as backup and restore reach them: today the local uploads directory
 * (DATA_DIR/uploads). Everything the backup does with images goes through these three functions,
 * so images kept behind the Storage interface elsewhere (object storage) only change them.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

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
