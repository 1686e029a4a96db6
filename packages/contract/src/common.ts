import { z } from 'zod';
import { PAGE_SIZE } from './limits.ts';

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

/** Page number from a body or query string: a positive integer, default 1. */
export const PageParam = z.coerce.number().int().min(1).max(100_000).default(1);

export const IdParam = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const Id = z.coerce.number().int().positive().max(2_147_483_647);

/** Whether `day` (YYYY-MM-DD) names a real calendar day: 2026-02-30 and 9999-99-99 do not. */
export function isCalendarDay(day: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  const date = new Date(Date.UTC(y, mo, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo && date.getUTCDate() === d;
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
