import { createHash, randomBytes } from 'node:crypto';
import type { Role } from '@nido/contract';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { AuthUser, PublicContext, ServiceContext } from './context.ts';
import type { Mailer } from './mail.ts';
import type { Storage } from './storage.ts';

export type { AuthUser };

import { type Db, preparedOn } from '../db/client.ts';
import { access_tokens, clientes, users } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { Forbidden, NotFound, Unauthorized } from './errors.ts';

/** Who may call a route. Every /api route declares one in `config.access` (checked at start-up). */
export type Access = 'public' | 'user' | 'admin' | readonly Role[];

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

export interface AuthContext {
  user: AuthUser;
  tokenId: number;
}

export interface TokenPolicy {
  idleMinutes: number;
  maxHours: number;
}

/** 256 bits from the CSPRNG, base64url. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256 (a fast hash is right for 256-bit random secrets). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function issueAccessToken(
  db: Db,
  userId: number,
  clock: Clock,
  policy: TokenPolicy,
): Promise<string> {
  const token = newToken();
  const now = clock.now();
  await db.insert(access_tokens).values({
    user_id: userId,
    token_hash: hashToken(token),
    created_at: now,
    last_used_at: now,
    expires_at: new Date(now.getTime() + policy.maxHours * 3_600_000),
  });
  return token;
}

/**
 * last_used_at is written at most once a minute per token, so reads do not become writes. The idle
 * expiry is therefore measured from a last use known to the minute: a session ends between
 * TOKEN_IDLE_MINUTES - 1 and TOKEN_IDLE_MINUTES after its last request.
 */
export const TOUCH_EVERY_MS = 60_000;

/** The session a token hash names, with its user: prepared, since every signed-in request asks it. */
const sessionQuery = preparedOn((db) =>
  db
    .select({
      tokenId: access_tokens.id,
      last_used_at: access_tokens.last_used_at,
      id: users.id,
      email: users.email,
      name: users.name,
      role: users.role,
      cliente_id: users.cliente_id,
      language: users.language,
      infosend: users.infosend,
      active: users.active,
    })
    .from(access_tokens)
    .innerJoin(users, eq(users.id, access_tokens.user_id))
    .where(
      and(
        eq(access_tokens.token_hash, sql.placeholder('hash')),
        isNull(access_tokens.revoked_at),
        gt(access_tokens.expires_at, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('session_by_token'),
);

export async function authenticate(
  db: Db,
  header: string | undefined,
  clock: Clock,
  policy: TokenPolicy,
): Promise<AuthContext | null> {
  const match = header?.match(/^Bearer\s+([A-Za-z0-9_-]{20,200})$/);
  if (!match) return null;
  const now = clock.now();
  const [row] = await sessionQuery(db).execute({ hash: hashToken(match[1]), now: now.toISOString() });
  if (!row?.active) return null;
  const idleMs = now.getTime() - row.last_used_at.getTime();
  if (idleMs > policy.idleMinutes * 60_000) return null;
  if (idleMs > TOUCH_EVERY_MS) {
    // Conditional, so a burst of parallel requests with one token writes one row version, not one each.
    await db
      .update(access_tokens)
      .set({ last_used_at: now })
      .where(
        and(
          eq(access_tokens.id, row.tokenId),
          lt(access_tokens.last_used_at, new Date(now.getTime() - TOUCH_EVERY_MS)),
        ),
      );
  }
  const { tokenId, last_used_at: _, active: __, ...user } = row;
  return { tokenId, user };
}

export function isStaff(user: AuthUser): boolean {
  return user.role === 'Admin' || user.role === 'Representante';
}

/** Registers the hook that enforces each route's declared access and builds the request's context. */
export function registerAccessControl(
  app: FastifyInstance,
  deps: { config: Config; database: Database; mailer: Mailer; storage: Storage; clock: Clock },
) {
  const { db } = deps.database;
  const { clock } = deps;
  const policy = { idleMinutes: deps.config.TOKEN_IDLE_MINUTES, maxHours: deps.config.TOKEN_MAX_HOURS };
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
    const base: PublicContext = {
      db,
      clock,
      mailer: deps.mailer,
      storage: deps.storage,
      config: deps.config,
      log: req.log,
      ip: req.ip,
    };
    if (access === 'public') {
      req.ctx = base as ServiceContext; // no actor: public routes call services that take a PublicContext
      return;
    }
    const session = await authenticate(db, req.headers.authorization, clock, policy);
    if (!session) throw new Unauthorized();
    req.ctx = { ...base, actor: session.user, tokenId: session.tokenId };
    if (access === 'user') return;
    const allowed: readonly Role[] = access === 'admin' ? ['Admin'] : access;
    if (!allowed.includes(session.user.role)) throw new Forbidden();
  });
}

/**
 * The client a request acts for (SPEC §6). A client user always acts for its own client and may only
 * name that one; an Admin may name any existing client; a Representante only the clients assigned
 * to it. Naming a client the caller may not act for answers 404, like any other foreign object.
 */
export async function resolveClienteId(ctx: ServiceContext, requested?: number | null): Promise<number> {
  const { actor: user, db } = ctx;
  if (user.role === 'Cliente') {
    if (requested != null && requested !== 0 && requested !== user.cliente_id)
      throw new NotFound('Client not found');
    if (user.cliente_id == null) throw new Forbidden();
    return user.cliente_id;
  }
  const id = requested ?? user.cliente_id;
  if (!id) throw new NotFound('Client not found');
  await assertCanActFor(db, user, id);
  return id;
}

/** Throws NotFound unless the user may see or act for that client. */
export async function assertCanActFor(db: Db, user: AuthUser, clienteId: number): Promise<void> {
  if (user.role === 'Cliente') {
    if (user.cliente_id !== clienteId) throw new NotFound('Client not found');
    return;
  }
  const [row] = await db
    .select({ id: clientes.id, representante_id: clientes.representante_id })
    .from(clientes)
    .where(eq(clientes.id, clienteId))
    .limit(1);
  if (!row) throw new NotFound('Client not found');
  if (user.role === 'Representante' && row.representante_id !== user.id)
    throw new NotFound('Client not found');
}
