/**
 * A user's notifications (product.md §4.12, record 058): what happened to the orders a user follows
 * (a new order for staff, a status change for the client's users and its representative) and a mail
 * that ran out of tries (Admin). Each user reads and marks only their own.
 */
import { z } from 'zod';
import { IdParam, PageParam, Paging } from './common.ts';

/** The kinds written today; the web shows an unknown kind plainly, so a newer server never breaks it. */
export const NOTIFICATION_KINDS = ['order_submitted', 'order_status', 'mail_failed'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The server-sent events' name for "your notifications changed" (GET notifications/stream). */
export const NOTIFICATION_EVENT = 'notification';

/** GET notifications?page= */
export const NotificationListQuery = z.object({ page: PageParam });

/** What an entry names; every field optional: each kind fills its own (status codes pass through as they are). */
export const NotificationPayload = z.object({
  docum: z.string().nullable().optional(),
  cliente: z.string().nullable().optional(),
  from: z.string().nullable().optional(),
  to: z.string().nullable().optional(),
  subject: z.string().nullable().optional(),
  recipients: z.string().nullable().optional(),
});
export type NotificationPayload = z.infer<typeof NotificationPayload>;

export const Notification = z.object({
  id: z.number(),
  /** NOTIFICATION_KINDS, or a kind this web does not know yet. */
  kind: z.string(),
  pedido_id: z.number().nullable(),
  payload: NotificationPayload,
  created_at: z.string(),
  read_at: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationListResponse = z.object({
  data: z.array(Notification),
  meta: Paging,
  /** The caller's unread notifications, all pages. */
  unread: z.number(),
});
export type NotificationListResponse = z.infer<typeof NotificationListResponse>;

/** POST notifications/read-all and notifications/:id/read: the unread count after. */
export const NotificationReadResponse = z.object({ ok: z.boolean(), unread: z.number() });
export type NotificationReadResponse = z.infer<typeof NotificationReadResponse>;

export const NotificationIdParam = IdParam;
