/**
 * The live part of notifications (record 058): each process keeps its open streams
 * (GET notifications/stream) by user and listens on one channel of the database. A transaction
 * that writes notifications `pg_notify`s their recipients' ids (domains/notifications/write.ts);
 * PostgreSQL delivers that at commit to every listening process (one dedicated connection each,
 * reconnecting: db/client.ts `listen`), PGlite to its one process. Each process then tells its
 * streams of those users. The message says only "look again": the data is read through the API.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';

/** The database channel of notifications. */
export const NOTIFICATION_CHANNEL = 'nido_notifications';
/** Beyond this many recipients the message is `"*"` (everyone looks again): a NOTIFY's payload has a size limit. */
export const NOTIFY_EVERYONE_ABOVE = 500;

export type LiveListener = () => void;

export interface LiveHub {
  /** Calls `listener` whenever the user's notifications change, until the returned function is called. */
  subscribe(userId: number, listener: LiveListener): () => void;
  /** Tells the listeners of these users (`'*'`: every listener); what a database message does. */
  publish(userIds: readonly number[] | '*'): void;
  /** The streams open in this process (tests, /metrics). */
  size(): number;
  /** Starts listening on the database. */
  start(): Promise<void>;
  /** Ends every stream (a closing process must not wait for them) and stops listening. */
  stop(): Promise<void>;
  /** Registers what ends a stream on stop(). */
  onStop(end: () => void): () => void;
}

export function createLiveHub(database: Pick<Database, 'listen'>, log: FastifyBaseLogger): LiveHub {
  const byUser = new Map<number, Set<LiveListener>>();
  const enders = new Set<() => void>();
  let unlisten: (() => Promise<void>) | null = null;

  const hub: LiveHub = {
    subscribe(userId, listener) {
      const set = byUser.get(userId) ?? new Set<LiveListener>();
      byUser.set(userId, set);
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
      };
    },
    publish(userIds) {
      const sets = userIds === '*' ? [...byUser.values()] : userIds.map((id) => byUser.get(id));
      for (const set of sets) for (const listener of set ?? []) listener();
    },
    size() {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },
    async start() {
      unlisten = await database.listen(NOTIFICATION_CHANNEL, (payload) => {
        try {
          const ids = JSON.parse(payload) as unknown;
          if (ids === '*') hub.publish('*');
          else if (Array.isArray(ids)) hub.publish(ids.filter((id): id is number => Number.isInteger(id)));
        } catch (err) {
          log.warn({ err, payload }, 'an unreadable notification message');
        }
      });
    },
    async stop() {
      for (const end of [...enders]) end();
      enders.clear();
      const done = unlisten;
      unlisten = null;
      await done?.();
    },
    onStop(end) {
      enders.add(end);
      return () => enders.delete(end);
    },
  };
  return hub;
}
