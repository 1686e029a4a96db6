/**
 * Who may open a signed-in screen, and with which ids: the contract's table of screens (`SCREENS`,
 * the roles of each, shared with the server's side menu) and each route's id rule. The shell shows
 * another role "no access" and a malformed id "not found" instead of the page (AppLayout), and the
 * document title follows (RootRoute).
 */
// The contract's zod-free modules only (the barrel would pull zod into the entry chunk).
import { mayOpen, type ScreenName } from '@nido/contract/screens';
import { useMatches } from 'react-router';
import { useSession } from '../lib/session.ts';

/** What a route's `:id` must be: a positive whole number, or also 0 where 0 opens a new record. */
export type IdRule = 'id' | 'idOrNew';

/** Why the shell shows something else than the page. */
export type Denial = 'noAccess' | 'notFound';

/** Route metadata: `title` is an i18n key of the layout namespace (e.g. "routes.orders"). */
export interface RouteHandle {
  title?: string;
  /** The signed-in screen the route shows (its roles are the contract's). */
  screen?: ScreenName;
  /** The rule of the route's `:id`, when it has one that is a number. */
  id?: IdRule;
}

/** The largest id PostgreSQL's integer columns hold. */
const MAX_ID = 2_147_483_647;

/** Whether a route's `:id` is well formed under its rule ("12" is; "abc", "-1", "1.5", " 1" are not). */
export function idIsValid(value: string | undefined, rule: IdRule): boolean {
  if (value === undefined || !/^\d{1,10}$/.test(value)) return false;
  const id = Number(value);
  return id <= MAX_ID && (rule === 'idOrNew' || id > 0);
}

/** Why a user of `role` does not get the screen at these params, or null when they do. */
export function denialOf(
  handle: RouteHandle | undefined,
  params: Record<string, string | undefined>,
  role: string,
): Denial | null {
  if (!handle?.screen) return null;
  if (!mayOpen(handle.screen, role)) return 'noAccess';
  if (handle.id && !idIsValid(params.id, handle.id)) return 'notFound';
  return null;
}

/**
 * For the deepest matched screen: null when the page may show, the denial otherwise, or 'pending'
 * while the signed-in user's profile (and so the role) is not known yet.
 */
export function useScreenDenial(): Denial | 'pending' | null {
  const matches = useMatches();
  const { user, hasUser, token } = useSession();
  const match = matches.findLast((m) => (m.handle as RouteHandle | undefined)?.screen);
  if (!match) return null;
  if (!hasUser) return token ? 'pending' : null;
  return denialOf(match.handle as RouteHandle, match.params, user.role);
}
