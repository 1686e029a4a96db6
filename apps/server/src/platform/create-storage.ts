/**
 * The storage STORAGE_URL names (record 038). Apart from storage.ts, which both backends import, so
 * that they do not import each other through it.
 */
import type { StorageConfig } from '../config.ts';
import type { Storage } from './storage.ts';

/** The S3 client is loaded only when a bucket is configured, so the default start does not pay for it. */
export async function createStorage(config: StorageConfig): Promise<Storage> {
  if (config.kind === 'disk') return (await import('./storage-disk.ts')).createDiskStorage(config.dir);
  return (await import('./storage-s3.ts')).createS3Storage(config);
}
