/** What the account module offers the others: sessions (the access hook, tests). */
export {
  type AuthContext,
  authenticate,
  hashToken,
  issueAccessToken,
  newToken,
  type TokenPolicy,
} from './sessions.ts';
