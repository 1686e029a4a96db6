import { NOTE_MAX, ORDER_NOTE_MAX, PASSWORD_MIN, QUANTITY_MAX, QUANTITY_MIN } from './limits.ts';

// The message texts live apart from the schemas (account.ts, orders.ts) so a screen that only
// translates messages does not load zod.

/** Message keys; the web translates them, the server sends the English text as `message`. */
export const MSG = {
  emailRequired: 'Email is required',
  emailFormat: 'Email format is not valid',
  passwordsMismatch: 'Passwords do not match',
  passwordLength: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordRequired: 'Password is required',
  nameRequired: 'Name is required',
  loginFailed: 'Incorrect user or password',
  loginError: 'Error en el login',
  /** reset-password with an unknown, used or expired token (400/410). */
  resetLinkInvalid: 'The password reset link is invalid or has expired',
  emailTaken: 'The email has already been taken',
  tooManyAttempts: 'Too many attempts, try again later',
  resetLinkSent: 'If the email belongs to an account, we have sent it a link to reset the password',
  passwordResetDone: 'Your password has been reset',
  /** A new password found in the list of common and breached passwords (account/credentials.ts). */
  passwordTooCommon: 'This password is too common: choose one that is harder to guess',
  currentPasswordRequired: 'Enter your current password to change your email or password',
  currentPasswordWrong: 'The current password is not correct',
} as const;

/** product.md §5.3 / §8 texts of the line-add form and the order calls (the web translates them). */
export const ORDER_MSG = {
  selectColor: 'You must select a color',
  selectName: 'You must select a name',
  selectPosition: 'You must select a position',
  selectLetters: 'You must select a letters',
  nameTooLong: (max: number) => `The name may not be greater than ${max} characters`,
  nameChars: 'The name contains characters that cannot be embroidered',
  embStyle: 'The embroidery style must be Embird or Blackboard',
  groupNotOffered: 'This option group is not offered for this model',
  oneOptionPerGroup: 'Only one option may be chosen per group',
  noteTooLong: `The note may not be greater than ${NOTE_MAX} characters`,
  orderNoteTooLong: `The note may not be greater than ${ORDER_NOTE_MAX} characters`,
  quantity: `The quantity must be a whole number between ${QUANTITY_MIN} and ${QUANTITY_MAX}`,
  modelRequired: 'You must select a model',
  modelNotFound: 'Model not found',
  noLines: 'The order has no lines',
  alreadySubmitted: 'The order has already been submitted',
  dependentLine: 'This line belongs to another line: remove that line instead',
  orderNotFound: 'Order not found',
  lineNotFound: 'Line not found',
  lineAdded: 'Line added correctly',
  lineDeleted: 'Line deleted correctly',
} as const;
