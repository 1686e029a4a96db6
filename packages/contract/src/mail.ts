/** The mail outbox as the Admin sees it (product.md §8.7): the mails out of tries, and resending one. */
import { z } from 'zod';
import { PageParam, Paging } from './common.ts';

/** GET mail/failed?page= */
export const FailedMailListQuery = z.object({ page: PageParam });

export const FailedMail = z.object({
  id: z.number(),
  /** The To header: one address, or several separated by commas. */
  recipients: z.string(),
  subject: z.string(),
  /** Tries made, the last one included. */
  attempts: z.number(),
  /** What the mail server (or the file outbox) answered to the last try. */
  last_error: z.string().nullable(),
  created_at: z.string(),
  last_attempt_at: z.string().nullable(),
});
export type FailedMail = z.infer<typeof FailedMail>;

export const FailedMailListResponse = z.object({ data: z.array(FailedMail), meta: Paging });
export type FailedMailListResponse = z.infer<typeof FailedMailListResponse>;
