/**
 * Writing notifications (record 058): one statement per event, in the transaction of the event.
 * The statement inserts one row per recipient and entry, then `pg_notify`s the recipients' ids on
 * NOTIFICATION_CHANNEL: PostgreSQL delivers it at commit (never for a rolled-back event), to every
 * process listening (platform/live.ts), which tells the recipients' open streams.
 */
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';
import { NOTIFICATION_CHANNEL, NOTIFY_EVERYONE_ABOVE } from '../../platform/live.ts';

export interface NotificationEvent {
  kind: string;
  /** The users told, a subquery of one id column (account's `activeUserIdsSql`, clients' representative…). */
  recipients: SQL;
  /**
   * What each of them is told: a subquery of (pedido_id, payload jsonb) rows, one per entry (an
   * order submitted as several orders is several entries), or one entry's values.
   */
  entries: SQL | { pedido_id: number | null; payload: Record<string, unknown> };
}

/** Writes `event` for its recipients and tells their streams once the transaction commits. */
export async function notify(tx: Tx, event: NotificationEvent): Promise<void> {
  const entries =
    'pedido_id' in event.entries
      ? sql`(select ${event.entries.pedido_id}::int as pedido_id, ${JSON.stringify(event.entries.payload)}::jsonb as payload)`
      : event.entries;
  await tx.execute(sql`
    with added as (
      insert into ${notifications} (user_id, kind, pedido_id, payload)
      select r.id, ${event.kind}, e.pedido_id, e.payload
      from (select distinct id from ${event.recipients} as rr(id)) r
      cross join ${entries} as e(pedido_id, payload)
      returning user_id
    ), told as (
      select count(distinct user_id) as n, json_agg(distinct user_id) as ids from added
    )
    select pg_notify(${NOTIFICATION_CHANNEL}, case when n > ${NOTIFY_EVERYONE_ABOVE} then '"*"' else ids::text end)
    from told where n > 0`);
}

/** Tells the users' open streams, in every process, that their notifications changed (read elsewhere). */
export async function tellUsers(db: Db | Tx, userIds: readonly number[]): Promise<void> {
  await db.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify(userIds)})`);
}
