/**
 * `npm run storage:migrate` (record 038): copies the images of a local uploads directory into the
 * storage STORAGE_URL names, under the same names, so the rows' `/uploads/…` paths keep working.
 * Idempotent: a name the bucket already holds with the same size is skipped, so it can be run again
 * after a failure, or while the old server still takes uploads, until nothing is left to copy.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isStoredName, type Storage, UPLOADS_PREFIX } from './storage.ts';

export interface MigrationReport {
  copied: number;
  skipped: number;
  failed: number;
  /** The names that failed, each with why. */
  failures: Array<{ name: string; error: string }>;
}

/** Files copied at once: the bucket's round trips overlap, the disk is not the limit. */
const PARALLEL = 8;

export async function migrateUploads(options: {
  /** The local uploads directory (DATA_DIR/uploads). */
  dir: string;
  to: Storage;
  /** Told every `every` files and at the end. */
  progress?: (done: number, total: number, report: MigrationReport) => void;
  every?: number;
}): Promise<MigrationReport> {
  const { dir, to, progress, every = 100 } = options;
  const report: MigrationReport = { copied: 0, skipped: 0, failed: 0, failures: [] };
  // Only names the app makes: anything else in the folder (a stray file) is not an upload.
  const names = fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { withFileTypes: true })
        .filter((e) => e.isFile() && isStoredName(e.name))
        .map((e) => e.name)
        .sort()
    : [];
  let next = 0;
  let done = 0;
  const copyOne = async (name: string) => {
    const urlPath = UPLOADS_PREFIX + name;
    const bytes = await fs.promises.readFile(path.join(dir, name));
    if ((await to.size(urlPath)) === bytes.length) return 'skipped' as const;
    await to.put(urlPath, bytes);
    return 'copied' as const;
  };
  const worker = async () => {
    while (next < names.length) {
      const name = names[next++];
      try {
        report[await copyOne(name)]++;
      } catch (err) {
        report.failed++;
        const cause = (err as { cause?: unknown }).cause ?? err;
        report.failures.push({ name, error: cause instanceof Error ? cause.message : String(cause) });
      }
      done++;
      if (done % every === 0) progress?.(done, names.length, report);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  progress?.(done, names.length, report);
  return report;
}
