import { type Db, perDatabase } from '../../db/client.ts';
import { cacheCounts } from '../../platform/cache-counts.ts';
import { Lru } from '../../platform/lru.ts';
import {
  countOrders,
  type ListAnchor,
  type OrderListFilter,
  type OrderPageRow,
  ordersPage,
} from './queries.ts';

/**
 * The orders list's counts and page boundaries, per database, for the current list version
 * (db/schema.ts order_list_version, moved on by triggers whenever a statement changes which
 * submitted orders a list holds or their order). Counting every order of the filter, and an OFFSET
 * that skips thousands of index entries, are the list's two costs that grow with the orders
 * (bench/README.md). Under an unchanged version the count is known, and a page starts from the
 * nearest known boundary (a seek through the index): a page seen before, the one after it, or
 * one close to them costs what page 1 costs, in one statement.
 *
 * Nothing is trusted without the database's word: a remembered page is read by a statement that
 * first checks the version in its own snapshot (and scans nothing when the list has moved on; then
 * the count and the page are computed afresh), so every server process sharing the database sees a
 * change at once. Text filters are not kept (each search is planned and counted on its own).
 */
export interface OrderListCache {
  page(db: Db, filter: OrderListFilter, offset: number, limit: number): Promise<ListPage>;
}

export interface ListPage {
  total: number;
  rows: OrderPageRow[];
}

interface Entry {
  total: number;
  /** Position in the list → the sort key of the order there; 0 (the first order) needs none. */
  anchors: Map<number, ListAnchor>;
}

/** Boundaries kept per filter: every page a user opens files two. */
const ANCHORS_PER_FILTER = 64;

/** The count and one page, both read fresh. The page reads one order more: the next page's anchor. */
async function computed(db: Db, filter: OrderListFilter, offset: number, limit: number) {
  const [counted, rows] = await Promise.all([
    countOrders(db, filter),
    ordersPage(db, filter, limit + 1, offset),
  ]);
  return { counted, rows };
}

/** Every list computed: ORDER_LIST_CACHE_ENTRIES=0. */
const noCache: OrderListCache = {
  async page(db, filter, offset, limit) {
    cacheCounts.order_list.miss++;
    const { counted, rows } = await computed(db, filter, offset, limit);
    return { total: counted.n, rows: rows.slice(0, limit) };
  },
};

/** Keeps the filters of the `maxEntries` most recently listed (a few hundred bytes each); 0: none. */
export function createOrderListCache(maxEntries: number): OrderListCache {
  if (maxEntries === 0) return noCache;
  let version = -1;
  const entries = new Lru<string, Entry>(maxEntries);

  /** Moves to a newer version (dropping the older one's entries); false for an older version. */
  const current = (seen: number) => {
    if (seen > version) {
      version = seen;
      entries.clear();
    }
    return seen === version;
  };

  /** Files the anchors a page's rows give: its first order's, and the extra order's (next page). */
  const fileAnchors = (entry: Entry, rows: OrderPageRow[], offset: number, limit: number) => {
    for (const [position, row] of [
      [offset, rows[0]],
      [offset + limit, rows[limit]],
    ] as const) {
      if (position === 0 || !row?.sort_fecha) continue;
      entry.anchors.delete(position);
      entry.anchors.set(position, { fecha: row.sort_fecha, id: row.id });
      if (entry.anchors.size > ANCHORS_PER_FILTER)
        entry.anchors.delete(entry.anchors.keys().next().value as number);
    }
  };

  return {
    async page(db, filter, offset, limit) {
      if (filter.text) return noCache.page(db, filter, offset, limit);
      const key = `${filter.shape}:${JSON.stringify(filter.values)}`;
      const entry = entries.get(key);
      if (entry) {
        let start = 0;
        for (const position of entry.anchors.keys())
          if (position <= offset && position > start) start = position;
        const rows = await ordersPage(db, filter, limit + 1, offset - start, {
          from: entry.anchors.get(start),
          version,
        });
        // Empty: past the end, or the list has moved on (then nothing was scanned); computed below.
        if (rows.length && entries.get(key) === entry) {
          fileAnchors(entry, rows, offset, limit);
          cacheCounts.order_list.hit++;
          return { total: entry.total, rows: rows.slice(0, limit) };
        }
      }
      cacheCounts.order_list.miss++;
      const { counted, rows } = await computed(db, filter, offset, limit);
      // The count and the page come from two snapshots: filed only when both saw this version.
      if ((!rows.length || rows[0].version === counted.version) && current(counted.version)) {
        const fresh: Entry = { total: counted.n, anchors: new Map() };
        fileAnchors(fresh, rows, offset, limit);
        entries.set(key, fresh);
      }
      return { total: counted.n, rows: rows.slice(0, limit) };
    },
  };
}

const cacheOfDatabase = perDatabase((_db: Db, maxEntries: number) => createOrderListCache(maxEntries));

/** The list cache of this database handle; none when set to 0. */
export function orderListCacheOf(db: Db, maxEntries: number): OrderListCache {
  return maxEntries === 0 ? noCache : cacheOfDatabase(db, maxEntries);
}
