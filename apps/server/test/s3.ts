/**
 * A real S3-compatible server on 127.0.0.1 for the storage tests (`@20minutes/s3rver`, a maintained
 * fork of s3rver for Node ≥ 20; its objects live in a temp directory). The app talks to it through
 * the AWS SDK with signed requests, as it would to any bucket. For an app in this process, pass
 * `env` to createTestContext; for a child process, add `env` to its environment.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';

export const TEST_BUCKET = 'nido-test';
/** s3rver's one account. */
const ACCESS_KEY = 'S3RVER';

export interface TestS3 {
  /** STORAGE_URL for this server's bucket. */
  url: string;
  /** STORAGE_URL and the credentials, as environment variables. */
  env: Record<string, string>;
  port: number;
  /** The keys in the bucket, sorted (read from the server's own store). */
  keys(): Promise<string[]>;
  /** Stops the server; its objects stay on disk for a restart (`startS3Server({ port, directory })`). */
  stop(): Promise<void>;
  /** Stops the server and removes its objects. */
  close(): Promise<void>;
  directory: string;
}

export async function startS3Server(options: { port?: number; directory?: string } = {}): Promise<TestS3> {
  const directory = options.directory ?? fs.mkdtempSync(path.join(os.tmpdir(), 'nido-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: options.port ?? 0,
    directory,
    silent: true,
    configureBuckets: [{ name: TEST_BUCKET }],
  });
  const { port } = (await server.run()) as AddressInfo;
  const url = `s3://${TEST_BUCKET}?endpoint=http://127.0.0.1:${port}&region=auto&forcePathStyle=true`;
  let running = true;
  const stop = async () => {
    if (!running) return;
    running = false;
    // The SDK keeps its connections alive: end them, or close() waits for their idle timeout.
    server.httpServer.closeAllConnections();
    await server.close();
  };
  return {
    url,
    env: { STORAGE_URL: url, AWS_ACCESS_KEY_ID: ACCESS_KEY, AWS_SECRET_ACCESS_KEY: ACCESS_KEY },
    port,
    directory,
    keys: async () =>
      (await server.store.listObjects(TEST_BUCKET, { maxKeys: 10_000 })).objects.map((o) => o.key).sort(),
    stop,
    close: async () => {
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
