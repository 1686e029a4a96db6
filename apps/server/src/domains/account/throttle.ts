/**
 * Throttling of sign-in, forgot-password and reset-password: every attempt is a row of
 * auth_failures under one or more keys ("email:<account>", "ip:<address>", …), so every server
 * process sees the same counts. The policy that reads the counts (DESIGN.md, "Sign-in throttling")
 * lives in the service; this module only counts.
 *
 * An attempt is written BEFORE the credentials are checked and counted together with the earlier
 * ones, so a burst of parallel guesses cannot slip past the limit; a refused attempt (429) removes
 * its own rows again (hammering does not extend the lock), and a successful one removes them too.
 */
import { MSG } from '@nido/contract';
import { and, asc, gt, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auth_failures } from '../../db/schema.ts';
import type { Clock } from '../../platform/clock.ts';
import { TooManyRequests } from '../../platform/errors.ts';

export interface ThrottlePolicy {
  /** Failures allowed per key within the window; beyond them the key is locked. */
  maxFailures: number;
  windowMinutes: number;
}

export const throttleKeys = {
  /** Sign-in failures of one account (a wrong password, at login or when re-authenticating). */
  email: (email: string) => `email:${email}`,
  /** Sign-in failures from one address, whatever the account. */
  ip: (ip: string) => `ip:${ip}`,
  /** forgot-password counts requests, kept apart from sign-in failures so asking for a link never blocks sign-in. */
  forgotEmail: (email: string) => `forgot:email:${email}`,
  forgotIp: (ip: string) => `forgot:ip:${ip}`,
  /** Unusable reset tokens, per address only: a reset token cannot be guessed, so a per-email count would only lock its owner out. */
  resetIp: (ip: string) => `reset:ip:${ip}`,
};

export interface Attempt {
  /** Attempts under `key` in the window before this one (those still in flight included). */
  earlier(key: string): number;
  /** Whether `key` is over the limit, counting this attempt. */
  locked(key: string): boolean;
  /** Throws 429 (Retry-After: until the first of `keys` frees up) when any of them is locked; this attempt is forgotten. */
  refuseIfLocked(keys: string[]): Promise<void>;
  /** The attempt succeeded: forget it, and forget every earlier failure of `clearKeys`. */
  succeed(clearKeys?: string[]): Promise<void>;
}

/** Old rows are pruned at most once a minute per database. */
const lastPrune = new WeakMap<Db, number>();
const PRUNE_EVERY_MS = 60_000;

/** Records an attempt under every key. The rows stay as failures unless `succeed` or a refusal removes them. */
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
  const ownIds = new Set(own.map((r) => r.id));

  const rows = await db
    .select({ id: auth_failures.id, key: auth_failures.key, at: auth_failures.at })
    .from(auth_failures)
    .where(and(inArray(auth_failures.key, keys), gt(auth_failures.at, cutoff)))
    .orderBy(asc(auth_failures.at), asc(auth_failures.id));
  const earlierRows = (key: string) => rows.filter((r) => r.key === key && !ownIds.has(r.id));
  const locked = (key: string) => earlierRows(key).length + 1 > policy.maxFailures;

  /** How long until `key` admits an attempt again: when the oldest surplus earlier attempt leaves the window. */
  const waitMs = (key: string) => {
    const earlier = earlierRows(key);
    const pivot = earlier[Math.max(0, earlier.length - policy.maxFailures)];
    return pivot ? pivot.at.getTime() + windowMs - now.getTime() : windowMs;
  };

  return {
    earlier: (key) => earlierRows(key).length,
    locked,
    async refuseIfLocked(lockKeys) {
      const lockedKeys = lockKeys.filter(locked);
      if (!lockedKeys.length) return;
      await removeRows(db, [...ownIds]);
      const retryAfterMs = Math.max(...lockedKeys.map(waitMs));
      throw new TooManyRequests(Math.max(1, Math.ceil(retryAfterMs / 1000)), MSG.tooManyAttempts);
    },
    async succeed(clearKeys = []) {
      await removeRows(db, [...ownIds]);
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
