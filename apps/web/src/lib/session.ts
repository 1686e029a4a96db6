/**
 * The browser session (product.md §5, §9): bearer token under sessionStorage `token`, the profile under
 * `user`, and the admin's "acting for client" choice under `selectedCliente`. Reads are served from
 * an in-memory snapshot so `useSession()` can hand React a stable object.
 */
import type { Language, Profile } from '@nido/contract';
import { useSyncExternalStore } from 'react';

export type SessionUser = Profile;

export interface SelectedCliente {
  id: number;
  nomcome: string;
}

export interface Session {
  token: string | null;
  user: SessionUser;
  /** True once a real profile (not the guest default) is stored. */
  hasUser: boolean;
  selectedCliente: SelectedCliente | null;
}

const KEY = {
  token: 'token',
  user: 'user',
  selectedCliente: 'selectedCliente',
  returnUrl: 'returnUrl',
  endReason: 'sessionEndReason',
} as const;

/**
 * Why the last session ended without the user signing out (the login screen says it): `expired`
 * for a 401 (ended, expired or revoked), `noAccess` for a 403/405 (the role may not do that).
 */
export type SessionEndReason = 'expired' | 'noAccess';

/** product.md §5 default guest. */
export const GUEST_USER: SessionUser = {
  id: 0,
  cliente_id: 0,
  name: 'Invitado',
  email: 'Invitado',
  cliente: 'Invitado',
  language: 'es',
  role: 'Invitado',
  infosend: false,
  menu: [],
};

/** Roles that may act for another client (product.md §3). */
const ACTING_ROLES = new Set(['Admin', 'Representante']);

function readJson<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null; // corrupt entry: behave as if absent
  }
}

/** Stores `value` under `key`; false when the stored text was that already. */
function writeJson(key: string, value: unknown): boolean {
  const text = value == null ? null : JSON.stringify(value);
  if (sessionStorage.getItem(key) === text) return false;
  if (text == null) sessionStorage.removeItem(key);
  else sessionStorage.setItem(key, text);
  return true;
}

function read(): Session {
  const stored = readJson<Partial<SessionUser>>(KEY.user);
  return {
    token: sessionStorage.getItem(KEY.token) || null,
    user: stored ? { ...GUEST_USER, ...stored, menu: stored.menu ?? [] } : GUEST_USER,
    hasUser: stored != null,
    selectedCliente: readJson<SelectedCliente>(KEY.selectedCliente),
  };
}

let snapshot: Session = read();
const listeners = new Set<() => void>();

function commit(): void {
  snapshot = read();
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): Session {
  return snapshot;
}

export function getToken(): string | null {
  return snapshot.token;
}

export function getUser(): SessionUser {
  return snapshot.user;
}

/** React hook: the current session, re-rendering on every change. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function setToken(token: string): void {
  sessionStorage.setItem(KEY.token, token);
  sessionStorage.removeItem(KEY.endReason);
  commit();
}

/** Stores the profile; a profile equal to the stored one (the refresh at app start) re-renders nothing. */
export function setUser(user: SessionUser): void {
  if (writeJson(KEY.user, user)) commit();
}

/** Changes only the stored language (works for the guest too, so a reload keeps the choice). */
export function setUserLanguage(language: Language): void {
  writeJson(KEY.user, { ...snapshot.user, language });
  commit();
}

export function setSelectedCliente(cliente: SelectedCliente): void {
  writeJson(KEY.selectedCliente, { id: cliente.id, nomcome: cliente.nomcome });
  commit();
}

export function clearSelectedCliente(): void {
  sessionStorage.removeItem(KEY.selectedCliente);
  commit();
}

/**
 * Ends the session locally: token, user and the selected client go. `reason`, when the session
 * ended without the user signing out, is kept for the login screen until the next sign-in.
 */
export function clearSession(reason?: SessionEndReason): void {
  if (reason) sessionStorage.setItem(KEY.endReason, reason);
  else sessionStorage.removeItem(KEY.endReason);
  sessionStorage.removeItem(KEY.token);
  sessionStorage.removeItem(KEY.user);
  sessionStorage.removeItem(KEY.selectedCliente);
  commit();
}

export function isAdmin(user: SessionUser = snapshot.user): boolean {
  return user.role === 'Admin';
}

/** True for roles that pick a client to act for (Admin, Representante). */
export function canActForClient(user: SessionUser = snapshot.user): boolean {
  return ACTING_ROLES.has(user.role);
}

/**
 * The client whose cart and orders the screens work on: the chosen client for Admin/Representante,
 * otherwise (or with no choice made) the user's own cliente_id.
 */
export function activeClienteId(session: Session = snapshot): number {
  if (canActForClient(session.user) && session.selectedCliente) return session.selectedCliente.id;
  return session.user.cliente_id;
}

/**
 * The client the screens work on, re-read when the session changes: the one way to read it in a
 * component (`activeClienteId` outside React). 0 or less: staff acting for none.
 */
export function useActiveClienteId(): number {
  return activeClienteId(useSession());
}

/** The trade name shown in the top bar: the chosen client's, else the user's own. */
export function activeClienteName(session: Session = snapshot): string {
  if (canActForClient(session.user) && session.selectedCliente) return session.selectedCliente.nomcome;
  return session.user.cliente;
}

/** Why the last session ended, when it ended without the user signing out (see clearSession). */
export function sessionEndReason(): SessionEndReason | null {
  const reason = sessionStorage.getItem(KEY.endReason);
  return reason === 'expired' || reason === 'noAccess' ? reason : null;
}

// Return URL: where the guard sends the user back after login.
export function setReturnUrl(url: string): void {
  sessionStorage.setItem(KEY.returnUrl, url);
}

/** Reads and forgets the return URL. Only same-origin paths are honoured. */
export function takeReturnUrl(): string | null {
  const url = sessionStorage.getItem(KEY.returnUrl);
  sessionStorage.removeItem(KEY.returnUrl);
  return url?.startsWith('/') && !url.startsWith('//') ? url : null;
}

export function clearReturnUrl(): void {
  sessionStorage.removeItem(KEY.returnUrl);
}
