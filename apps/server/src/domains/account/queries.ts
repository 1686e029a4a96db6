import { and, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { access_tokens, password_resets, users } from '../../db/schema.ts';

type Conn = Db | Tx;

/**
 * A client's trade name by id, as a column: the clients module's clientNameSql. This module cannot
 * import it (the clients module imports this one: client users, their names and counts), so
 * domains/index.ts, which lists both, hands it to the account routes.
 */
export type ClientNameSql = (clienteId: AnyPgColumn) => SQL<string | null>;

/** What sign-in, re-authentication and the change notice need of a user. */
async function findCredentialsWhere(db: Conn, where: SQL) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      language: users.language,
      password_hash: users.password_hash,
      active: users.active,
    })
    .from(users)
    .where(where)
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Conn, email: string) {
  return findCredentialsWhere(db, eq(users.email, email));
}

/** What re-authentication and the change notice need of a signed-in user. */
export async function findCredentials(db: Conn, userId: number) {
  return findCredentialsWhere(db, eq(users.id, userId));
}

/** The fields of the profile (GET me), with the client's trade name (one statement). */
export async function findProfileRow(db: Conn, userId: number, clientName: ClientNameSql) {
  const [row] = await db
    .select({
      id: users.id,
      cliente_id: users.cliente_id,
      name: users.name,
      email: users.email,
      cliente: clientName(users.cliente_id),
      language: users.language,
      role: users.role,
      infosend: users.infosend,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** Whether another account (not `exceptUserId`) has this email. */
export async function emailTaken(db: Conn, email: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId ? and(eq(users.email, email), ne(users.id, exceptUserId)) : eq(users.email, email))
    .limit(1);
  return row !== undefined;
}

export async function updateUser(
  db: Conn,
  userId: number,
  values: Partial<
    Pick<typeof users.$inferInsert, 'name' | 'email' | 'password_hash' | 'language' | 'infosend'>
  >,
  now: Date,
) {
  await db
    .update(users)
    .set({ ...values, updated_at: now })
    .where(eq(users.id, userId));
}

export async function revokeToken(db: Conn, tokenId: number, now: Date) {
  await db
    .update(access_tokens)
    .set({ revoked_at: now })
    .where(and(eq(access_tokens.id, tokenId), isNull(access_tokens.revoked_at)));
}

/** Revokes every live session of a user, except `keepTokenId` when given. */
export async function revokeUserTokens(db: Conn, userId: number, now: Date, keepTokenId?: number) {
  await db
    .update(access_tokens)
    .set({ revoked_at: now })
    .where(
      and(
        eq(access_tokens.user_id, userId),
        isNull(access_tokens.revoked_at),
        keepTokenId === undefined ? undefined : ne(access_tokens.id, keepTokenId),
      ),
    );
}

export async function insertPasswordReset(
  db: Conn,
  userId: number,
  tokenHash: string,
  now: Date,
  expiresAt: Date,
) {
  await db
    .insert(password_resets)
    .values({ user_id: userId, token_hash: tokenHash, created_at: now, expires_at: expiresAt });
}

/** A reset token with its user, whatever its state (the service decides whether it is usable). */
export async function findPasswordReset(db: Conn, tokenHash: string) {
  const [row] = await db
    .select({
      id: password_resets.id,
      user_id: password_resets.user_id,
      expires_at: password_resets.expires_at,
      used_at: password_resets.used_at,
      email: users.email,
      active: users.active,
    })
    .from(password_resets)
    .innerJoin(users, eq(users.id, password_resets.user_id))
    .where(eq(password_resets.token_hash, tokenHash))
    .limit(1);
  return row;
}

/** Marks one reset used; false when another request used it first. */
export async function useResetOnce(db: Conn, resetId: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(password_resets)
    .set({ used_at: now })
    .where(and(eq(password_resets.id, resetId), isNull(password_resets.used_at)))
    .returning({ id: password_resets.id });
  return rows.length === 1;
}
