/**
 * The one translator of the API's and the contract's messages (product.md §7). A message is a code
 * of the contract's catalogue (`order.nameTooLong`) with its params, as the server sends it and as
 * the contract's schemas and line rules name it; its text in the interface language is
 * `locales/<lang>/messages.json` at that code. Call while rendering, so a language switch
 * re-translates. A text the catalogue does not know is shown as it came.
 */
import { ApiError, type ShownMessage } from './api.ts';
import i18n from './i18n.ts';

export type { ShownMessage };

/** The message in the interface language; '' for none. */
export function messageText(message: ShownMessage | null | undefined): string {
  if (!message) return '';
  const { code, params, text } = typeof message === 'string' ? { code: message, text: message } : message;
  // With its params: a text that counts (`_one`, `_other`) exists only for a count.
  if (i18n.exists(code, { ns: 'messages', ...params })) return i18n.t(code, { ns: 'messages', ...params });
  return text ?? code;
}

/**
 * What a failed call shows: its first field message, else its own message, translated; `fallback`
 * for a network or server failure (nothing the user can act on).
 */
export function apiErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return fallback;
  const first = Object.values(error.errors)[0]?.[0];
  return messageText(first ?? error.reason) || fallback;
}
