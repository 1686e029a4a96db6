import { z } from 'zod';
import { PAGE_SIZE } from './limits.ts';
import { type Message, REQUEST_MSG, whenMissing } from './messages.ts';

/** product.md §5 paging. */
export const Paging = z.object({
  per_page: z.number().int(),
  current_page: z.number().int(),
  from: z.number().int(),
  to: z.number().int(),
  total: z.number().int(),
  last_page: z.number().int(),
});
export type Paging = z.infer<typeof Paging>;

export const DEFAULT_PAGING: Paging = {
  per_page: PAGE_SIZE,
  current_page: 1,
  from: 1,
  to: PAGE_SIZE,
  total: 0,
  last_page: 1,
};

export function paging(total: number, page: number, perPage = PAGE_SIZE): Paging {
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  return {
    per_page: perPage,
    current_page: page,
    from,
    to,
    total,
    last_page: Math.max(1, Math.ceil(total / perPage)),
  };
}

const MessageParams = z.record(z.string(), z.union([z.string(), z.number()]));

/** A message by code (messages.ts), with its parameters: what the web translates. */
export const MessageRef = z.object({ code: z.string(), params: MessageParams.optional() });

/**
 * Error body of every non-OK answer: the English `message` with its `code` and `params`; for 422,
 * the English messages per field (`errors`) and the same by code (`issues`).
 */
export const ErrorBody = z.object({
  message: z.string(),
  code: z.string(),
  params: MessageParams.optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  issues: z.record(z.string(), z.array(MessageRef)).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** The largest integer a database column (PostgreSQL `integer`) holds. */
export const INT_MAX = 2_147_483_647;

/** A whole number written out: an optional minus and digits, nothing else. */
const INT_DIGITS = /^-?\d{1,10}$/;

/**
 * A whole number from `min` to `max`: a JSON integer, or its digits as a string (a path or a query
 * string always sends text, and a few forms do). Nothing else: not `true`, `[1]`, `'1e3'`, `'9 '` or
 * `'0x10'`, which a plain `Number()` coercion would take. The OpenAPI document says integer and the
 * range. `message`: the catalogue code of every failure (else zod's kind of check).
 */
export function int(min: number, max: number, message?: string) {
  return z.preprocess(
    (v: number | string) => (typeof v === 'string' && INT_DIGITS.test(v) ? Number(v) : v),
    z
      .number(message ? { error: message } : undefined)
      .int(message)
      .min(min, message)
      .max(max, message),
  );
}

/** Page number from a body or query string: a positive integer, default 1. */
export const PageParam = int(1, 100_000).default(1);

export const Id = int(1, INT_MAX);
export const IdParam = z.object({ id: Id });

/**
 * Characters no text of the portal holds: control characters other than tab, line feed and carriage
 * return (the input guard, apps/server/src/platform/input.ts, refuses them in every string).
 */
export const CONTROL_CHARACTERS = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f-\\u009f';

/**
 * Characters that reorder or hide text where another person reads it (a mail, a PDF, an export):
 * the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069) and the
 * zero-width characters (U+200B-U+200D, U+2060, U+FEFF).
 */
export const HIDDEN_CHARACTERS = '\\u200b-\\u200d\\u2060\\ufeff\\u202a-\\u202e\\u2066-\\u2069';

/** Text the portal can hold: the input guard's rule, stated as a `pattern` in the OpenAPI document. */
export const STORABLE_TEXT = new RegExp(`^[^${CONTROL_CHARACTERS}]*$`);
/** Text without hidden characters. */
const VISIBLE_TEXT = new RegExp(`^[^${HIDDEN_CHARACTERS}]*$`);
/** Something besides spaces: a required name's pattern, so the document states what trimming refuses. */
export const NOT_BLANK = /\S/;
/** What `hasText` (localized.ts) takes: something besides spaces, and not the legacy placeholder NULL. */
export const HAS_TEXT = /^(?!\s*NULL\s*$)[\s\S]*\S/;

/**
 * Text shown to other people (a trade name, a user's name, a note, a reference, an address, an
 * embroidery name): at most `max` characters as sent, no hidden character (`request.hiddenCharacter`),
 * trimmed. `required`: the message for a missing or blank value, which then must hold more than spaces.
 */
export function shownText(max: number, options: { required?: Message; tooLong?: Message } = {}) {
  return visibleText(max, options, NOT_BLANK);
}

/**
 * A name or description an admin form requires (product.md §5.3): shown text holding more than
 * spaces and not the text NULL (`hasText`), stated as a pattern so the document says what is refused.
 */
export function requiredText(max: number, required: Message) {
  return visibleText(max, { required }, HAS_TEXT, whenAbsent);
}

/** A required text's message for a missing value, null included (the legacy forms send null). */
function whenAbsent(message: Message) {
  return { error: (issue: { input?: unknown }) => (issue.input == null ? message.code : undefined) };
}

function visibleText(
  max: number,
  options: { required?: Message; tooLong?: Message },
  filled: RegExp,
  missing = whenMissing,
) {
  const { required, tooLong } = options;
  let text = z
    .string(required ? missing(required) : undefined)
    .max(max, tooLong?.code)
    .regex(STORABLE_TEXT, REQUEST_MSG.unstorableText.code)
    .regex(VISIBLE_TEXT, REQUEST_MSG.hiddenCharacter.code);
  if (required) text = text.regex(filled, required.code);
  return text.trim();
}

export const Ok = z.object({ ok: z.boolean() });

/**
 * GET ready: whether this process should take traffic. Not ready while the migrations it knows are
 * not all applied, the database does not answer, or the oldest waiting mail is older than the limit.
 */
export const ReadyResponse = z.object({
  status: z.enum(['ready', 'not_ready']),
  /** On a 503, the catalogue's `request.notReady`. */
  message: z.string().optional(),
  code: z.string().optional(),
  database: z.object({ kind: z.string(), status: z.enum(['up', 'down']) }),
  migrations: z.object({
    status: z.enum(['applied', 'pending', 'unknown']),
    applied: z.number(),
    known: z.number(),
  }),
  mail: z.object({
    status: z.enum(['ok', 'backlog', 'unknown']),
    queued: z.number(),
    failed: z.number(),
    /** Age of the oldest mail waiting to be sent, seconds; null when none waits. */
    oldest_queued_seconds: z.number().nullable(),
    max_age_seconds: z.number(),
  }),
});

/** GET health: the server and its database. */
export const HealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({ kind: z.string(), status: z.enum(['up', 'down']) }),
});
