/**
 * Account rules (product.md §5.5, §5, §7 Account): sign-in, sessions, password reset, profile, language.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Language, type MessageResponse, MSG, type Profile, type Role } from '@nido/contract';
import { hash, verify } from '@node-rs/argon2';
import type { PublicContext, ServiceContext } from '../../platform/context.ts';
import { FieldErrors, HttpError, Invalid, NotFound, Unauthorized } from '../../platform/errors.ts';
import { endResetLinks, hashNewPassword } from './credentials.ts';
import {
  type CredentialChange,
  credentialsChangedMail,
  passwordResetMail,
  RESET_LINK_MINUTES,
  resetLink,
} from './mails.ts';
import { menuFor } from './menu.ts';
import * as q from './queries.ts';
import { hashToken, issueAccessToken, newToken } from './sessions.ts';
import { beginAttempt, type ThrottlePolicy, throttleKeys } from './throttle.ts';

/** Largest infoData payload written to the log, characters. */
export const INFO_DATA_LOG_MAX = 2048;

/**
 * A hash of a random password nobody knows: verified against when the email has no account, so an
 * unknown email costs the same argon2 work as a wrong password.
 */
let dummyHash: Promise<string> | undefined;
export function warmDummyHash(): Promise<string> {
  dummyHash ??= hash(randomBytes(24).toString('base64url'));
  return dummyHash;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

function throttlePolicy(ctx: PublicContext): ThrottlePolicy {
  return { maxFailures: ctx.config.AUTH_MAX_FAILURES, windowMinutes: ctx.config.AUTH_WINDOW_MINUTES };
}

function tokenPolicy(ctx: PublicContext) {
  return { idleMinutes: ctx.config.TOKEN_IDLE_MINUTES, maxHours: ctx.config.TOKEN_MAX_HOURS };
}

async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

/**
 * A password check under the sign-in throttle (DESIGN.md, "Sign-in throttling"), for login and for
 * re-authentication. Each check counts against the account and the address. An address over the
 * limit is refused (429) whatever the account. An account over the limit is refused only to an
 * address that has failed recently; any other address has its password checked after a delay, so
 * failures piled up by others never lock the owner out. True when the password is right and the
 * account active; then the account's failures are forgotten.
 */
async function checkPasswordThrottled(
  ctx: PublicContext,
  ip: string,
  email: string,
  user: { password_hash: string; active: boolean } | undefined,
  password: string,
): Promise<boolean> {
  const accountKey = throttleKeys.email(email);
  const addressKey = throttleKeys.ip(ip);
  const attempt = await beginAttempt(ctx.db, ctx.clock, throttlePolicy(ctx), [accountKey, addressKey]);
  await attempt.refuseIfLocked([addressKey]);
  if (attempt.locked(accountKey)) {
    if (attempt.earlier(addressKey) > 0) await attempt.refuseIfLocked([accountKey]);
    await sleep(ctx.config.AUTH_LOCKED_DELAY_MS);
  }
  const ok = await passwordMatches(user?.password_hash ?? (await warmDummyHash()), password);
  if (!ok || !user?.active) return false;
  await attempt.succeed([accountKey]);
  return true;
}

/** POST login: a new access token, or the one 401 for every wrong combination. */
export async function login(
  ctx: PublicContext,
  body: { email: string; password: string },
): Promise<{ accessToken: string }> {
  const { db } = ctx;
  const email = normalizeEmail(body.email);
  const user = await q.findUserByEmail(db, email);
  // An unknown email is checked too (against a dummy hash): same work, same count, same answer.
  const ok = await checkPasswordThrottled(ctx, ctx.ip, email, user, body.password);
  if (!user || !ok) throw new Unauthorized(MSG.loginFailed);
  const accessToken = await issueAccessToken(db, user.id, ctx.clock, tokenPolicy(ctx));
  return { accessToken };
}

/** POST logout: this token stops working at once. */
export async function logout(ctx: ServiceContext): Promise<void> {
  await q.revokeToken(ctx.db, ctx.tokenId, ctx.clock.now());
}

/** GET me (and the answer of setLocale / updateProfile): profile fields plus the role's menu. */
export async function profile(
  ctx: PublicContext,
  userId: number,
  clientName: q.ClientNameSql,
): Promise<Profile> {
  const row = await q.findProfileRow(ctx.db, userId, clientName);
  if (!row) throw new NotFound(MSG.userNotFound);
  return {
    id: row.id,
    cliente_id: row.cliente_id ?? 0,
    name: row.name,
    email: row.email,
    cliente: row.cliente ?? '',
    language: row.language,
    role: row.role,
    infosend: row.infosend,
    menu: menuFor(row.role as Role),
  };
}

/**
 * POST forgot-password. Every well-formed email gets the same answer after the same work (lookup,
 * throttle row, token); only an existing active account gets a reset row and a mail. The mail is
 * written to the outbox with the reset row and sent after the answer, so a slow SMTP server does
 * not reveal which emails have accounts.
 */
export async function forgotPassword(ctx: PublicContext, body: { email: string }): Promise<MessageResponse> {
  const { db } = ctx;
  const email = normalizeEmail(body.email);
  const keys = [throttleKeys.forgotEmail(email), throttleKeys.forgotIp(ctx.ip)];
  const attempt = await beginAttempt(db, ctx.clock, throttlePolicy(ctx), keys);
  await attempt.refuseIfLocked(keys); // every request counts (the rows stay), good or bad

  const user = await q.findUserByEmail(db, email);
  const token = newToken();
  const tokenHash = hashToken(token);
  if (user?.active) {
    const now = ctx.clock.now();
    const expiresAt = new Date(now.getTime() + RESET_LINK_MINUTES * 60_000);
    // Only the newest link works: an older one, perhaps forwarded or left in a shared inbox, ends here.
    const mail = passwordResetMail(
      user.email,
      user.name,
      user.language,
      resetLink(ctx.config.publicUrl, token, user.email),
    );
    await db.transaction(async (tx) => {
      await endResetLinks(tx, user.id, now);
      await q.insertPasswordReset(tx, user.id, tokenHash, now, expiresAt);
      await ctx.mail.enqueue(tx, [mail]);
    });
    ctx.mail.wake();
  }
  return { message: MSG.resetLinkSent.text, code: MSG.resetLinkSent.code };
}

/** POST reset-password: a valid, unused, unexpired token of that email sets the new password once. */
export async function resetPassword(
  ctx: PublicContext,
  body: { email: string; token: string; password: string },
): Promise<MessageResponse> {
  const { db } = ctx;
  const email = normalizeEmail(body.email);
  // Unusable tokens count on a key of their own: they never lock anyone's sign-in.
  const attempt = await beginAttempt(db, ctx.clock, throttlePolicy(ctx), [throttleKeys.resetIp(ctx.ip)]);
  await attempt.refuseIfLocked([throttleKeys.resetIp(ctx.ip)]);

  const now = ctx.clock.now();
  const reset = await q.findPasswordReset(db, hashToken(body.token));
  const usable =
    reset &&
    reset.email === email &&
    reset.active &&
    reset.used_at === null &&
    reset.expires_at.getTime() > now.getTime();
  if (!usable) throw new HttpError(400, MSG.resetLinkInvalid);
  await attempt.succeed(); // the token was good, whatever the new password's fate

  const passwordHash = await hashNewPassword(body.password);
  await db.transaction(async (tx) => {
    if (!(await q.useResetOnce(tx, reset.id, now))) throw new HttpError(400, MSG.resetLinkInvalid);
    await q.updateUser(tx, reset.user_id, { password_hash: passwordHash }, now);
    await endResetLinks(tx, reset.user_id, now);
    await q.revokeUserTokens(tx, reset.user_id, now);
  });
  return { message: MSG.passwordResetDone.text, code: MSG.passwordResetDone.code };
}

/** POST setLocale: stores the interface language; answers the profile in it. */
export async function setLocale(
  ctx: ServiceContext,
  locale: Language,
  clientName: q.ClientNameSql,
): Promise<Profile> {
  await q.updateUser(ctx.db, ctx.actor.id, { language: locale }, ctx.clock.now());
  return profile(ctx, ctx.actor.id, clientName);
}

/**
 * POST updateProfile: name, email and optionally a new password. Changing the email or the password
 * needs the current password (ASVS 6.2.3, 7.5.1), checked under the sign-in throttle; both end every
 * reset link, a new password signs out every other session (this one stays), and the address the
 * account had gets a notice of each change (ASVS 6.3.7).
 */
export async function updateProfile(
  ctx: ServiceContext,
  body: { name: string; email: string; current_password?: string; password?: string },
  clientName: q.ClientNameSql,
): Promise<Profile> {
  const { db } = ctx;
  const { id: userId } = ctx.actor;
  const current = await q.findCredentials(db, userId);
  if (!current) throw new NotFound(MSG.userNotFound);
  const email = normalizeEmail(body.email);
  const emailChanged = email !== current.email;
  const passwordChanged = !!body.password;

  const errors = new FieldErrors();
  if (emailChanged && (await q.emailTaken(db, email, userId))) errors.add('email', MSG.emailTaken);
  if ((emailChanged || passwordChanged) && !body.current_password)
    errors.add('current_password', MSG.currentPasswordRequired);
  errors.throwIfAny();
  if (
    (emailChanged || passwordChanged) &&
    !(await checkPasswordThrottled(ctx, ctx.ip, current.email, current, body.current_password ?? ''))
  )
    throw new Invalid({ current_password: [MSG.currentPasswordWrong] });

  const passwordHash = body.password ? await hashNewPassword(body.password) : undefined;
  const now = ctx.clock.now();
  const changes: CredentialChange[] = [
    ...(passwordChanged ? [{ kind: 'password' as const }] : []),
    ...(emailChanged ? [{ kind: 'email' as const, newEmail: email }] : []),
  ];
  try {
    await db.transaction(async (tx) => {
      await q.updateUser(
        tx,
        userId,
        { name: body.name.trim(), email, ...(passwordHash ? { password_hash: passwordHash } : {}) },
        now,
      );
      if (emailChanged || passwordChanged) await endResetLinks(tx, userId, now);
      if (passwordChanged) await q.revokeUserTokens(tx, userId, now, ctx.tokenId);
      await ctx.mail.enqueue(
        tx,
        changes.map((change) =>
          credentialsChangedMail(current.email, current.name, current.language, change, now),
        ),
      );
    });
  } catch (err) {
    // Two users claiming the same email at once: the unique index decides.
    if (isUniqueViolation(err)) throw new Invalid({ email: [MSG.emailTaken] });
    throw err;
  }
  if (changes.length) ctx.mail.wake();
  return profile(ctx, userId, clientName);
}

/** POST infoData: diagnostics from the browser, logged (size-limited) once; marks the user as sent. */
export async function recordInfoData(ctx: ServiceContext, payload: unknown): Promise<void> {
  let text = JSON.stringify(payload) ?? '';
  if (text.length > INFO_DATA_LOG_MAX) text = `${text.slice(0, INFO_DATA_LOG_MAX)}…`;
  ctx.log.info({ user_id: ctx.actor.id, infoData: text }, 'infoData');
  if (!ctx.actor.infosend) {
    await q.updateUser(ctx.db, ctx.actor.id, { infosend: true }, ctx.clock.now());
  }
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
