/**
 * The access hook: every /api route declares who may call it (`config.access`, from its endpoint
 * entry); the hook checks the session and the role and builds the request's context. It reads no
 * table itself: the session lookup is the account module's, handed in by app.ts.
 */
import type { Access, Role } from '@nido/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Clock } from './clock.ts';
import type { AuthUser, ServiceContext } from './context.ts';
import { Forbidden, Unauthorized } from './errors.ts';
import type { MailQueue } from './mail.ts';
import type { Storage } from './storage.ts';
import type { WorkerPool } from './workers.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, for the authorization matrix test and the docs. */
    apiRoutes: Array<{ method: string; url: string; access: Access }>;
  }
  interface FastifyRequest {
    /**
     * What the route's service works with, built by the access hook on every /api route. On a public
     * route it has no caller (`actor`): pass it to services that take a PublicContext only.
     */
    ctx: ServiceContext;
  }
}

/** Registers the hook that enforces each route's declared access and builds the request's context. */
export function registerAccessControl(
  app: FastifyInstance,
  deps: {
    config: Config;
    database: Database;
    mail: MailQueue;
    storage: Storage;
    workers: WorkerPool;
    clock: Clock;
  },
  /** The session a bearer header names (the account module's), or null. */
  authenticate: (header: string | undefined) => Promise<{ user: AuthUser; tokenId: number } | null>,
) {
  const { db } = deps.database;
  const { clock } = deps;
  app.decorateRequest('ctx', null as unknown as ServiceContext);
  const apiRoutes: FastifyInstance['apiRoutes'] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (access === undefined) {
      throw new Error(`Route ${route.method} ${route.url} does not declare config.access`);
    }
    // The HEAD route Fastify derives from each GET shares its options and hooks: listed once, as GET.
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, access });
    }
  });
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (access === undefined) return;
    // One object per request, written once: the caller's address is worked out (X-Forwarded-For
    // against TRUST_PROXY) only when a service asks for it, which few do (sign-in throttling).
    const ctx = {
      db,
      clock,
      mail: deps.mail,
      storage: deps.storage,
      workers: deps.workers,
      config: deps.config,
      log: req.log,
      get ip() {
        return req.ip;
      },
      actor: undefined as unknown as AuthUser,
      tokenId: 0,
    };
    req.ctx = ctx; // on a public route it has no actor: those call services that take a PublicContext
    if (access === 'public') return;
    const session = await authenticate(req.headers.authorization);
    if (!session) throw new Unauthorized();
    ctx.actor = session.user;
    ctx.tokenId = session.tokenId;
    if (access === 'user') return;
    const allowed: readonly Role[] = access === 'admin' ? ['Admin'] : access;
    if (!allowed.includes(session.user.role)) throw new Forbidden();
  });
}
