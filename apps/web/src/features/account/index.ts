/** Account (the server's domains/account): sign-in, the profile, password reset. What app/ may use. */
export { refreshProfile } from './auth.ts';
export { useAccountActions } from './useAccountActions.ts';
