/** What the account module offers the others: sessions (the access hook, tests) and credential rules. */
export { endResetLinks, hashNewPassword } from './credentials.ts';
export { type EndedSessions, endSessions, NoSuchUser } from './end-sessions.ts';
export { createAdmin, hasActiveAdmin, type NewAdmin } from './first-admin.ts';
export { emailTaken, revokeUserTokens } from './queries.ts';
export {
  type AuthContext,
  authenticate,
  hashToken,
  issueAccessToken,
  newToken,
  type TokenPolicy,
} from './sessions.ts';
export {
  activeUserIdsSql,
  clientUserCountSql,
  deleteUser,
  findActiveUsersOfClient,
  findClientUser,
  findUserNamesOfClient,
  findUserRole,
  findUsersOfClient,
  insertUser,
  updateUserRow,
  userNameSql,
  userRoleSql,
} from './users.ts';
