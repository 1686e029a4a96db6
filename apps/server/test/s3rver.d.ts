/** The part of `@20minutes/s3rver` (no types of its own) the storage tests use (test/s3.ts). */
declare module '@20minutes/s3rver' {
  import type { Server } from 'node:http';
  import type { AddressInfo } from 'node:net';

  export default class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      directory: string;
      silent?: boolean;
      configureBuckets?: Array<{ name: string }>;
    });
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    httpServer: Server;
    store: {
      listObjects(
        bucket: string,
        options: { maxKeys?: number },
      ): Promise<{ objects: Array<{ key: string }> }>;
    };
  }
}
