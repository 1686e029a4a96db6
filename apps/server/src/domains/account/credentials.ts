/**
 * What every change of a user's credentials goes through, whoever makes it (profile, reset link,
 * client users kept by staff).
 *
 * New passwords (ASVS 6.2.1, 6.2.4): the contract's minimum length (6) is checked by the request
 * schema; `hashNewPassword` refuses a password found in the list of common and breached passwords of
 * `@zxcvbn-ts/language-common` (49,233 entries, lower case, compared case-insensitively), then
 * hashes with argon2id. The demo seed writes its hashes directly and is the one exception.
 */
import { MSG } from '@nido/contract';
import { hash } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { password_resets } from '../../db/schema.ts';
import { Invalid } from '../../platform/errors.ts';

let common: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}

/** The argon2id hash of a new password; 422 on `field` when the password is a common one. */
export async function hashNewPassword(password: string, field = 'password'): Promise<string> {
  if (isCommonPassword(password)) throw new Invalid({ [field]: [MSG.passwordTooCommon] });
  return hash(password);
}

/**
 * Ends every outstanding reset link of a user (ASVS 6.4.3): called in the transaction of any
 * password change, any email change and the issue of a new link, so a link never outlives the
 * credentials it was sent for, and only the newest one works.
 */
export async function endResetLinks(db: Db | Tx, userId: number, now: Date): Promise<void> {
  await db
    .update(password_resets)
    .set({ used_at: now })
    .where(and(eq(password_resets.user_id, userId), isNull(password_resets.used_at)));
}
