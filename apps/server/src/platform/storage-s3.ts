/**
 * Images as objects of an S3-compatible bucket (STORAGE_URL; record 038), shared by every server
 * process. Keys are the stored names, after the URL's prefix. Bodies are sent as buffers (an image
 * is at most a few hundred KB): a stream would go out in aws-chunked encoding, which several
 * S3-compatible servers do not speak.
 */
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config.ts';
import { StorageUnavailable } from './errors.ts';
import { mediaTypeOf, type Storage, storedName, withSave } from './storage.ts';

/** An unreachable bucket answers 503 within seconds instead of holding the request. */
const CONNECT_TIMEOUT_MS = 3000;
const REQUEST_TIMEOUT_MS = 30_000;

/** No such key; a missing bucket is also a 404 but a misconfiguration, not a missing image. */
function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name !== 'NoSuchBucket' && e?.$metadata?.httpStatusCode === 404;
}

/** Anything else (no answer, refused credentials, no such bucket, a 5xx) is the store failing. */
function unavailable(err: unknown): never {
  throw new StorageUnavailable(err);
}

export function createS3Storage(config: Extract<StorageConfig, { kind: 's3' }>): Storage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    maxAttempts: 2,
  });
  const Bucket = config.bucket;
  const keyOf = (urlPath: string) => {
    const name = storedName(urlPath);
    return name ? config.prefix + name : null;
  };
  const put = async (urlPath: string, bytes: Buffer) => {
    const Key = keyOf(urlPath);
    if (!Key) throw new Error(`not a stored image path: ${urlPath}`);
    await client
      .send(new PutObjectCommand({ Bucket, Key, Body: bytes, ContentType: mediaTypeOf(Key) }))
      .catch(unavailable);
  };
  return withSave({
    kind: 's3',
    put,
    async read(urlPath) {
      const Key = keyOf(urlPath);
      if (!Key) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        return {
          body: object.Body as Readable,
          size: object.ContentLength ?? 0,
          contentType: mediaTypeOf(Key),
        };
      } catch (err) {
        if (isMissing(err)) return null;
        unavailable(err);
      }
    },
    async size(urlPath) {
      const Key = keyOf(urlPath);
      if (!Key) return null;
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key }))).ContentLength ?? 0;
      } catch (err) {
        if (isMissing(err)) return null;
        unavailable(err);
      }
    },
    async remove(urlPath) {
      const Key = urlPath ? keyOf(urlPath) : null;
      if (Key) await client.send(new DeleteObjectCommand({ Bucket, Key })).catch(unavailable);
    },
  });
}
