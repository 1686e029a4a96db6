/**
 * Hits and misses of the in-memory answer caches (the search cache, decision 023; the orders-list
 * cache, decision 025), counted always (an increment each) and read by /metrics when it is on.
 * One count per process: a process serves one app.
 */
export const cacheCounts = {
  search: { hit: 0, miss: 0 },
  order_list: { hit: 0, miss: 0 },
  /** Embroidery previews (record 059): a miss renders one, a hit reads it from the storage. */
  embroidery_preview: { hit: 0, miss: 0 },
};
