/** What the account module offers the others: sessions (the access hook, tests) and credential rules. */
export { endResetLinks, hashNewPassword } from './credentials.ts';
export {
  type AuthContext,
  authenticate,
  hashToken,
  issueAccessToken,
  newToken,
  type TokenPolicy,
} from './sessions.ts';
