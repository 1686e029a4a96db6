/**
 * Sessions: opaque 256-bit bearer tokens, stored as their SHA-256, with an idle and an absolute
 * expiry. The access hook (platform/auth.ts) asks `authenticate` on every signed-in request.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { type Db, preparedOn } from '../../db/client.ts';
import { access_tokens, users } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import type { AuthUser } from '../../platform/context.ts';

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
