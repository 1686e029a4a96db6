/**
 * Form error helpers. Errors are kept as raw messages (contract MSG texts or server texts) and
 * translated at render time with translateMessage, so a language switch re-translates them.
 */
import type { ZodError } from 'zod';
import { ApiError } from './api.ts';

export type FieldErrors = Partial<Record<string, string>>;

/** First zod message per top-level field. */
export function zodFieldErrors(error: ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    out[field] ??= issue.message;
  }
  return out;
}

/** First message per field of a 422 `errors` object; empty for anything else. */
export function apiFieldErrors(error: unknown): FieldErrors {
  if (!(error instanceof ApiError)) return {};
  const out: FieldErrors = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    if (messages[0]) out[field] = messages[0];
  }
  return out;
}
