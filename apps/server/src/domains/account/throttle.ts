/**
 * Throttling of sign-in, forgot-password and reset-password (issue 3): failures are rows of
 * auth_failures keyed "email:<email>" / "ip:<ip>", so every server process sees the same counts.
 *
 * An attempt is written BEFORE the credentials are checked and counted together with the earlier
 * ones, so a burst of parallel guesses cannot slip past the limit; a rejected attempt (429) removes
 * its own rows again (hammering does not extend the lock), and a successful one removes them too.
 */
import { MSG } from '@nido/contract';
import { and, asc, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auth_failures } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { TooManyRequests } from '../../platform/errors.ts';

export interface ThrottlePolicy {
  /** Failures allowed per key within the window; the next attempt answers 429. */
  maxFailures: number;
  windowMinutes: number;
}

export const throttleKeys = {
  email: (email: string) => `email:${email}`,
  ip: (ip: string) => `ip:${ip}`,
  /** forgot-password counts requests, kept apart from sign-in failures so asking for a link never blocks sign-in. */
  forgotEmail: (email: string) => `forgot:email:${email}`,
  forgotIp: (ip: string) => `forgot:ip:${ip}`,
};

export interface Attempt {
  /** The attempt succeeded: forget it, and forget every earlier failure of `clearKeys`. */
  succeed(clearKeys?: string[]): Promise<void>;
}

/** Old rows are pruned at most once a minute per database. */
const lastPrune = new WeakMap<Db, number>();
const PRUNE_EVERY_MS = 60_000;

/**
 * Records an attempt for every key, then throws 429 (Retry-After in seconds) when any key has more
 * than `maxFailures` attempts in the window. The rows stay as failures unless `succeed` is called.
 */
export async function beginAttempt(
  db: Db,
  clock: Clock,
  policy: ThrottlePolicy,
  keys: string[],
): Promise<Attempt> {
  const now = clock.now();
  const windowMs = policy.windowMinutes * 60_000;
  const cutoff = new Date(now.getTime() - windowMs);
  await prune(db, now, cutoff);

  const own = await db
    .insert(auth_failures)
    .values(keys.map((key) => ({ key, at: now })))
    .returning({ id: auth_failures.id });
  const ownIds = own.map((r) => r.id);

  const rows = await db
    .select({ id: auth_failures.id, key: auth_failures.key, at: auth_failures.at })
    .from(auth_failures)
    .where(and(inArray(auth_failures.key, keys), gt(auth_failures.at, cutoff)))
    .orderBy(asc(auth_failures.at), asc(auth_failures.id));

  let retryAfterMs = 0;
  for (const key of keys) {
    const forKey = rows.filter((r) => r.key === key);
    if (forKey.length <= policy.maxFailures) continue;
    // Earlier attempts only (not this one): once the oldest surplus one leaves the window, a new
    // attempt fits again.
    const earlier = forKey.filter((r) => !ownIds.includes(r.id));
    const pivot = earlier[Math.max(0, earlier.length - policy.maxFailures)] ?? earlier[0];
    const wait = pivot ? pivot.at.getTime() + windowMs - now.getTime() : windowMs;
    retryAfterMs = Math.max(retryAfterMs, wait);
  }
  if (retryAfterMs > 0) {
    await removeRows(db, ownIds);
    throw new TooManyRequests(Math.max(1, Math.ceil(retryAfterMs / 1000)), MSG.tooManyAttempts);
  }

  return {
    async succeed(clearKeys = []) {
      await removeRows(db, ownIds);
      if (clearKeys.length) await db.delete(auth_failures).where(inArray(auth_failures.key, clearKeys));
    },
  };
}

async function removeRows(db: Db, ids: number[]) {
  if (ids.length) await db.delete(auth_failures).where(inArray(auth_failures.id, ids));
}

async function prune(db: Db, now: Date, cutoff: Date) {
  const last = lastPrune.get(db);
  if (last !== undefined && Math.abs(now.getTime() - last) < PRUNE_EVERY_MS) return;
  lastPrune.set(db, now.getTime());
  await db.delete(auth_failures).where(lt(auth_failures.at, cutoff));
}
