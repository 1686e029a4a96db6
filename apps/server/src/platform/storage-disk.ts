/** Images as files of one directory (DATA_DIR/uploads): the default, one machine (record 038). */
import fs from 'node:fs';
import path from 'node:path';
import { StorageUnavailable } from './errors.ts';
import { mediaTypeOf, type Storage, storedName, withSave } from './storage.ts';

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException)?.code === 'ENOENT';
}

/** A disk that refuses (full, read-only, permissions) is the same 503 as an unreachable bucket. */
function unavailable(err: unknown): never {
  throw new StorageUnavailable(err);
}

export function createDiskStorage(dir: string): Storage {
  fs.mkdirSync(dir, { recursive: true });
  const fileOf = (urlPath: string) => {
    const name = storedName(urlPath);
    return name ? path.join(dir, name) : null;
  };
  const put = async (urlPath: string, bytes: Buffer) => {
    const file = fileOf(urlPath);
    if (!file) throw new Error(`not a stored image path: ${urlPath}`);
    await fs.promises.writeFile(file, bytes).catch(unavailable);
  };
  return withSave({
    kind: 'disk',
    put,
    async read(urlPath) {
      const file = fileOf(urlPath);
      if (!file) return null;
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(file, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        unavailable(err);
      }
      const { size } = await handle.stat();
      return { body: handle.createReadStream(), size, contentType: mediaTypeOf(file) };
    },
    async size(urlPath) {
      const file = fileOf(urlPath);
      if (!file) return null;
      try {
        return (await fs.promises.stat(file)).size;
      } catch (err) {
        if (isMissing(err)) return null;
        unavailable(err);
      }
    },
    async remove(urlPath) {
      const file = urlPath ? fileOf(urlPath) : null;
      if (file) await fs.promises.rm(file, { force: true }).catch(unavailable);
    },
  });
}
