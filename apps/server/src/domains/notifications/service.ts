/**
 * The caller's notifications (product.md §4.12, record 058): a page newest first with the unread
 * count, marking one or all read. Every statement is scoped by the caller: another user's
 * notification is a 404, as any foreign object.
 */
import { PAGE_SIZE, paging, REQUEST_MSG } from '@nido/contract';
import type { ServiceContext } from '../../platform/context.ts';
import { NotFound } from '../../platform/errors.ts';
import * as q from './queries.ts';
import { tellUsers } from './write.ts';

export async function listNotifications(ctx: ServiceContext, page: number) {
  const userId = ctx.actor.id;
  const [total, unread, rows] = await Promise.all([
    q.countNotifications(ctx.db, userId, false),
    q.countNotifications(ctx.db, userId, true),
    q.findNotifications(ctx.db, userId, PAGE_SIZE, (page - 1) * PAGE_SIZE),
  ]);
  return {
    data: rows.map((r) => ({
      ...r,
      payload: (r.payload ?? {}) as Record<string, string | null>,
      created_at: r.created_at.toISOString(),
      read_at: r.read_at?.toISOString() ?? null,
    })),
    meta: paging(total, page),
    unread,
  };
}

/** POST notifications/read-all. The caller's other open streams are told (their badge follows). */
export async function markAllRead(ctx: ServiceContext) {
  const changed = await q.markRead(ctx.db, ctx.actor.id);
  if (changed > 0) await tellUsers(ctx.db, [ctx.actor.id]);
  return { ok: true, unread: 0 };
}

/** POST notifications/{id}/read: another user's, or none: 404. */
export async function markOneRead(ctx: ServiceContext, id: number) {
  const changed = await q.markRead(ctx.db, ctx.actor.id, id);
  if (changed === 0 && !(await q.ownsNotification(ctx.db, ctx.actor.id, id)))
    throw new NotFound(REQUEST_MSG.notFound);
  if (changed > 0) await tellUsers(ctx.db, [ctx.actor.id]);
  return { ok: true, unread: await q.countNotifications(ctx.db, ctx.actor.id, true) };
}
