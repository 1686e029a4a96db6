/**
 * Session flows of product.md §5.5: login, profile load and change, language switch, logout and the
 * password reset. Screens call these; they keep sessionStorage, i18next and the query cache
 * consistent.
 */
import type { Language, Profile } from '@nido/contract';
import { type CallInput, call } from '../../lib/api.ts';
import i18n from '../../lib/i18n.ts';
import { queryClient } from '../../lib/queryClient.ts';
import {
  clearReturnUrl,
  clearSession,
  getSession,
  isAdmin,
  type SessionUser,
  setToken,
  setUser,
  setUserLanguage,
  takeReturnUrl,
} from '../../lib/session.ts';

export const accountKeys = {
  /** The signed-in user's profile (GET me). */
  profile: ['me'] as const,
};

/** Thrown when login answers 200 without a token (product.md §5.3 'Error en el login'). */
export class MissingTokenError extends Error {
  constructor() {
    super('Error en el login');
    this.name = 'MissingTokenError';
  }
}

/** Stores a profile from me / setLocale / updateProfile and follows its language. */
export function applyProfile(profile: Profile): SessionUser {
  setUser(profile);
  queryClient.setQueryData(accountKeys.profile, profile);
  if (profile.language && profile.language !== i18n.language) void i18n.changeLanguage(profile.language);
  return profile;
}

/** GET me: the signed-in user's profile and menu. */
export async function loadProfile(): Promise<SessionUser> {
  const profile = applyProfile(await call('account.me'));
  sendInfoDataOnce(profile);
  return profile;
}

/**
 * On app start with a token, refresh the stored profile (menu, language) once: called by the
 * signed-in routes' loader, so the request starts beside the page's own. A profile equal to the
 * stored one re-renders nothing (setUser). Login seeds the cache, so it is not fetched twice.
 */
export function refreshProfile(): void {
  void queryClient.prefetchQuery({
    queryKey: accountKeys.profile,
    queryFn: loadProfile,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST login, then GET me. Leaves no half session behind when either step fails. */
export async function login(email: string, password: string): Promise<SessionUser> {
  const token = (await call('account.login', { body: { email, password } }))?.accessToken;
  // product.md §5.3: an answer without a token (whatever answered) is a failed login, not a session.
  if (typeof token !== 'string' || !token) throw new MissingTokenError();
  setToken(token);
  try {
    return await loadProfile();
  } catch (error) {
    clearSession();
    throw error;
  }
}

/** Where to go after login: the remembered URL, else the client list for an Admin, else Home. */
export function landingPath(user: SessionUser): string {
  return takeReturnUrl() ?? (isAdmin(user) ? '/cliente/list' : '/');
}

/** POST logout; the local session ends whether or not the server answered (product.md §5.5). */
export async function logout(): Promise<void> {
  try {
    if (getSession().token) await call('account.logout', undefined, { noAuthRedirect: true });
  } catch {
    // the session ends locally anyway
  } finally {
    clearSession();
    clearReturnUrl();
    queryClient.clear();
  }
}

/**
 * Switches the interface language at once and remembers it; when signed in, POST setLocale so the
 * server keeps it too and returns the profile (menu) in that language.
 */
export async function changeLanguage(language: Language): Promise<void> {
  setUserLanguage(language);
  await i18n.changeLanguage(language);
  if (!getSession().token) return;
  applyProfile(await call('account.setLocale', { body: { locale: language } }));
}

/** POST updateProfile: name, email or password; the answer is the profile, stored. */
export async function updateProfile(body: CallInput<'account.updateProfile'>['body']): Promise<SessionUser> {
  return applyProfile(await call('account.updateProfile', { body }));
}

/** POST forgot-password: mails a reset link (the same answer for any email). */
export async function requestPasswordReset(body: CallInput<'account.forgotPassword'>['body']): Promise<void> {
  await call('account.forgotPassword', { body });
}

/** POST reset-password: a new password through a reset link. */
export async function resetPassword(body: CallInput<'account.resetPassword'>['body']): Promise<void> {
  await call('account.resetPassword', { body });
}

let infoSent = false;

/**
 * How long the diagnostics wait after the profile has arrived: they are sent once the first screen
 * has had its requests and its render, not among them (with a cold start they were the last request
 * before home's first paint).
 */
const INFO_DATA_DELAY_MS = 3000;

/** POST infoData (fire and forget) once per tab while the server has none for this user. */
function sendInfoDataOnce(profile: SessionUser): void {
  if (profile.infosend || infoSent) return;
  infoSent = true;
  window.setTimeout(sendInfoData, INFO_DATA_DELAY_MS);
}

function sendInfoData(): void {
  if (!getSession().token) return; // signed out meanwhile
  const payload = {
    userAgent: navigator.userAgent,
    language: navigator.language,
    languages: [...(navigator.languages ?? [])],
    screen: `${window.screen.width}x${window.screen.height}`,
    viewport: `${window.innerWidth}x${window.innerHeight}`,
    pixelRatio: window.devicePixelRatio,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
  };
  call('account.infoData', { body: payload }, { noAuthRedirect: true }).catch(() => {
    // diagnostics only: a failure changes nothing for the user
  });
}
