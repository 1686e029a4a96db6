/**
 * `npm run sessions:end` (sessions-end-cli.ts): the operator ends every session at once, after a
 * restore from a compromise or a leaked token, or every session of one user (`--user email`). One
 * transaction revokes the tokens and records it in the audit log (no actor: the command line), so
 * every process refuses them from its next request on (sessions live in the database).
 */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { access_tokens, users } from '../../db/schema.ts';
import { audit } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';

export interface EndedSessions {
  /** Live sessions ended (expired or revoked ones are left as they were). */
  ended: number;
  /** The user whose sessions ended, or null: everyone's. */
  user: { id: number; email: string } | null;
}

/** Thrown when `email` names no account; nothing is changed. */
export class NoSuchUser extends Error {}

export async function endSessions(
  database: Database,
  clock: Clock,
  only?: { email: string },
): Promise<EndedSessions> {
  const now = clock.now();
  return database.db.transaction(async (tx) => {
    let user: EndedSessions['user'] = null;
    if (only) {
      const email = only.email.trim().toLowerCase();
      [user = null] = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.email, email))
        .limit(1);
      if (!user) throw new NoSuchUser(`No account has the email ${email}: no session ended.`);
    }
    const ended = await tx
      .update(access_tokens)
      .set({ revoked_at: now })
      .where(
        and(
          isNull(access_tokens.revoked_at),
          gt(access_tokens.expires_at, now),
          user ? eq(access_tokens.user_id, user.id) : undefined,
        ),
      )
      .returning({ id: access_tokens.id });
    await audit(
      tx,
      { actor: null, clock },
      {
        action: 'sessions_ended',
        entity: 'user',
        entity_id: user ? user.id : 'all',
        details: { ended: ended.length, by: 'npm run sessions:end', ...(user ? { email: user.email } : {}) },
      },
    );
    return { ended: ended.length, user };
  });
}
