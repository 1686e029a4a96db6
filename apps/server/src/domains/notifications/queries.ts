/** The notifications table: a user's page, their unread count, marking read. Only this module names it. */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

export async function findNotifications(db: Db, userId: number, limit: number, offset: number) {
  return (
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        pedido_id: notifications.pedido_id,
        payload: notifications.payload,
        created_at: notifications.created_at,
        read_at: notifications.read_at,
      })
      .from(notifications)
      .where(eq(notifications.user_id, userId))
      // As the index reads them (created_at desc nulls first, id desc nulls first).
      .orderBy(desc(notifications.created_at), desc(notifications.id))
      .limit(limit)
      .offset(offset)
  );
}

export async function countNotifications(db: Db | Tx, userId: number, unreadOnly: boolean): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      unreadOnly
        ? and(eq(notifications.user_id, userId), isNull(notifications.read_at))
        : eq(notifications.user_id, userId),
    );
  return row.n;
}

/** Marks the user's unread notifications read (one of them when `id` is given); how many it changed. */
export async function markRead(db: Db | Tx, userId: number, id?: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ read_at: sql`now()` })
    .where(
      and(
        eq(notifications.user_id, userId),
        isNull(notifications.read_at),
        id != null ? eq(notifications.id, id) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Whether the user has the notification `id` (read or not). */
export async function ownsNotification(db: Db | Tx, userId: number, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.user_id, userId)));
  return Boolean(row);
}
