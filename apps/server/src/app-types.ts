/**
 * The types every layer shares: what the app is built from (AppDeps) and the Fastify instance a
 * domain registers its routes on (App). Apart from app.ts so that a domain can name them without
 * importing the app, which imports every domain.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Clock } from './platform/clock.ts';
import type { LiveHub } from './platform/live.ts';
import type { Mailer } from './platform/mail.ts';
import type { Storage } from './platform/storage.ts';
import type { WorkerPool } from './platform/workers.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  storage: Storage;
  clock: Clock;
  /** Start the worker threads with the app (a server), instead of on their first task (tests). */
  warmWorkers?: boolean;
  /** false: no log; otherwise pino options (default: LOG_LEVEL to stdout). */
  logger?: false | { level: string; stream?: { write(line: string): void } };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** The notifications' open streams of this process (platform/live.ts). */
    live: LiveHub;
    /** The worker threads of this process (platform/workers.ts). */
    workers: WorkerPool;
  }
  interface FastifyContextConfig {
    /** product.md §7: this route's 422 carries a list of {field, message} instead of the usual record. */
    errorList?: boolean;
  }
}

export type App = FastifyInstance<
  import('node:http').Server,
  import('node:http').IncomingMessage,
  import('node:http').ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
