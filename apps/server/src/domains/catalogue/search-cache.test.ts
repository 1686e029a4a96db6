import type { SearchModelResponse } from '@nido/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { catalogVersion, createSearchCache } from './search-cache.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

/** An answer naming its key and how many times it was computed. */
function counter() {
  const computed: string[] = [];
  const compute = (key: string) => async (): Promise<SearchModelResponse> => {
    computed.push(key);
    return { data: [], meta: { total: computed.length } } as unknown as SearchModelResponse;
  };
  return { computed, compute };
}

describe('search cache', () => {
  it('keeps the most recently used answers up to its size', async () => {
    const cache = createSearchCache(2);
    const { computed, compute } = counter();
    const db = ctx.database.db;
    for (const key of ['a', 'b', 'a', 'c', 'a', 'b'])
      await cache.answer(await catalogVersion(db), key, compute(key));
    // 'a' stays (used again before 'c' came), 'b' was the least recently used when 'c' came.
    expect(computed).toEqual(['a', 'b', 'c', 'b']);
  });

  it('computes again once the catalogue version has moved on', async () => {
    const cache = createSearchCache(10);
    const { computed, compute } = counter();
    const db = ctx.database.db;
    await cache.answer(await catalogVersion(db), 'a', compute('a'));
    await cache.answer(await catalogVersion(db), 'a', compute('a'));
    await ctx.database.query('update catalog_version set version = version + 1');
    await cache.answer(await catalogVersion(db), 'a', compute('a'));
    expect(computed).toEqual(['a', 'a']);
  });

  it('computes every answer when its size is 0', async () => {
    const cache = createSearchCache(0);
    const { computed, compute } = counter();
    for (let i = 0; i < 3; i++) await cache.answer(await catalogVersion(ctx.database.db), 'a', compute('a'));
    expect(computed).toEqual(['a', 'a', 'a']);
  });
});
