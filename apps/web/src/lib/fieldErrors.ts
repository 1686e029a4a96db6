/**
 * A failed call's messages per field: the first of each field of a 422. Apart from lib/forms.ts so
 * that a screen reading them without a form (the line configurator) does not load the form library
 * and zod.
 */
import { ApiError, type ShownMessage } from './api.ts';

/** Messages by field path, kept raw (translated when shown, `messageText`). */
export type FieldErrors = Partial<Record<string, ShownMessage>>;

/** First message per field of a failed call's 422; empty for any other failure. */
export function apiFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    if (messages[0]) out[field] = messages[0];
  }
  return out;
}
