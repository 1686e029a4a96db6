/**
 * What a service works with: the app's parts and the caller, built once per request by the access
 * hook (auth.ts) as `req.ctx`. Nothing in it knows about HTTP, so a service can be called
 * from a route, a script or a test alike.
 */

import type { Role } from '@nido/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { MailQueue } from './mail.ts';
import type { Storage } from './storage.ts';
import type { WorkerPool } from './workers.ts';

/** The signed-in caller, as the session lookup reads it (platform/auth.ts). */
export interface AuthUser {
  id: number;
  email: string;
  name: string;
  role: Role;
  cliente_id: number | null;
  language: 'es' | 'en';
  infosend: boolean;
}

/** A public route's context: no caller yet. */
export interface PublicContext {
  db: Db;
  clock: Clock;
  /** Mail goes through the outbox, written in the transaction that causes it. */
  mail: MailQueue;
  storage: Storage;
  /** The worker threads: PDFs drawn and spreadsheets read off the event loop (workers.ts). */
  workers: WorkerPool;
  config: Config;
  log: FastifyBaseLogger;
  /** The caller's address (the peer, or X-Forwarded-For from a trusted proxy): sign-in throttling. */
  ip: string;
}

/** A signed-in route's context. */
export interface ServiceContext extends PublicContext {
  actor: AuthUser;
  /** The session the request came with (logout ends it, a password change keeps it). */
  tokenId: number;
}

export function isStaff(user: AuthUser): boolean {
  return user.role === 'Admin' || user.role === 'Representante';
}
