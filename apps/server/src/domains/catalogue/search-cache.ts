import type { SearchModelResponse } from '@nido/contract';
import { sql } from 'drizzle-orm';
import { type Db, perDatabase, preparedOn } from '../../db/client.ts';
import { catalog_version } from '../../db/schema.ts';
import { cacheCounts } from '../../platform/cache-counts.ts';
import { isStaff, type ServiceContext } from '../../platform/context.ts';
import { EncodedJson } from '../../platform/encoded-json.ts';
import { Lru } from '../../platform/lru.ts';
import { clientDiscountBpSql, clientPriceListIdSql, resolveClienteId } from '../clients/index.ts';
import { type PriceInputs, priceInputsFor } from './pricing.ts';

/**
 * Search answers, per database, for the current catalogue version (db/schema.ts catalog_version).
 * A shop's searches repeat ("capazo", "saco"), and a common word matches a tenth of the catalogue:
 * ranking and counting those matches is the one cost of the portal that grows with the catalogue
 * (bench/README.md). An answer depends only on the catalogue, the caller kind (staff see models
 * that clients do not), the words and the page, so one computed answer serves every shop until a
 * catalogue change moves the version on; then every answer of the older version is dropped.
 * The version is read on every search (one indexed row, with the shop's price terms), so every
 * server process sharing the database sees a change at once.
 */
export type SearchAnswer = EncodedJson<SearchModelResponse>;

export interface SearchCache {
  /**
   * The answer for `key` at catalogue version `current` (read by the caller, `searchVersion`), or
   * `compute`'s (filed when still current), ready to send: serialised and compressed once for all
   * the requests it answers.
   */
  answer(current: number, key: string, compute: () => Promise<SearchModelResponse>): Promise<SearchAnswer>;
}

const versionQuery = preparedOn((db) =>
  db
    .select({ version: catalog_version.version })
    .from(catalog_version)
    .where(sql`${catalog_version.id} = 1`)
    .prepare('catalog_version'),
);

export async function catalogVersion(db: Db): Promise<number> {
  const [row] = await versionQuery(db).execute();
  return row?.version ?? 0;
}

// A client's price terms ride on the version's statement: a shop's search is one statement when
// its answer is cached (record 049 keys answers by price inputs).
const client = sql`${sql.placeholder('cliente')}::integer`;
const versionAndTermsQuery = preparedOn((db) =>
  db
    .select({
      version: catalog_version.version,
      tarifa_id: clientPriceListIdSql(client),
      descuento_bp: clientDiscountBpSql(client),
    })
    .from(catalog_version)
    .where(sql`${catalog_version.id} = 1`)
    .prepare('catalog_version_price_terms'),
);

/**
 * What a search is answered for: the catalogue version and the caller's price inputs (pricing.ts
 * `priceInputsFor`). One statement for a shop; staff read the version beside their client's inputs.
 */
export async function searchVersion(
  ctx: ServiceContext,
  requested?: number | null,
): Promise<{ version: number; inputs: PriceInputs }> {
  if (isStaff(ctx.actor)) {
    const [version, inputs] = await Promise.all([catalogVersion(ctx.db), priceInputsFor(ctx, requested)]);
    return { version, inputs };
  }
  const cliente = await resolveClienteId(ctx, requested || null); // a shop's own: no statement
  const [row] = await versionAndTermsQuery(ctx.db).execute({ cliente });
  return {
    version: row?.version ?? 0,
    inputs: { tarifaId: row?.tarifa_id ?? null, clientBp: row?.descuento_bp ?? 0 },
  };
}

/** Every search computed: SEARCH_CACHE_ENTRIES=0. */
const noCache: SearchCache = {
  answer: async (_current, _key, compute) => {
    cacheCounts.search.miss++;
    return new EncodedJson(await compute());
  },
};

/** Keeps the `maxEntries` most recently used answers (a page of 50 summaries is ~30 KB); 0: none. */
export function createSearchCache(maxEntries: number): SearchCache {
  if (maxEntries === 0) return noCache;
  let version = -1;
  const entries = new Lru<string, SearchAnswer>(maxEntries);
  return {
    async answer(current, key, compute) {
      if (current !== version) {
        version = current;
        entries.clear();
      }
      const hit = entries.get(key);
      if (hit) {
        cacheCounts.search.hit++;
        return hit;
      }
      cacheCounts.search.miss++;
      // Computed after reading the version: the answer is at least as new as the version.
      const fresh = new EncodedJson(await compute());
      // Another request may have seen a newer version meanwhile: file under the current one only.
      if (version === current) entries.set(key, fresh);
      return fresh;
    },
  };
}

const cacheOfDatabase = perDatabase((_db: Db, maxEntries: number) => createSearchCache(maxEntries));

/**
 * The search cache of this database handle. A server set to no cache gets none even beside one
 * that has a cache on the same handle (the bench serves both from one database).
 */
export function searchCacheOf(db: Db, maxEntries: number): SearchCache {
  return maxEntries === 0 ? noCache : cacheOfDatabase(db, maxEntries);
}
