import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createTestContext, createUser, type TestContext } from '../../../test/harness.ts';
import { createOrderListCache, type ListPage } from './list-cache.ts';
import { type OrderListWhere, orderListFilter } from './queries.ts';

let ctx: TestContext;
let shopA: number;
let shopB: number;
let rep: number;

/** Statements the database received while `fn` ran. */
async function statements<T>(fn: () => Promise<T>): Promise<{ n: number; result: T }> {
  let n = 0;
  const stop = ctx.database.onStatement(() => {
    n++;
  });
  try {
    return { result: await fn(), n };
  } finally {
    stop();
  }
}

/** What a user sees of a page: the orders' ids in order and the total. */
const seen = (p: ListPage) => ({ total: p.total, ids: p.rows.map((r) => r.id) });

beforeAll(async () => {
  ctx = await createTestContext();
  rep = (await createUser(ctx, { email: 'rep@list.test', role: 'Representante' })).id;
  shopA = (await createClient(ctx, 'Tienda A')).id;
  shopB = (await createClient(ctx, 'Tienda B')).id;
  // 90 submitted orders in groups of three sharing one instant (the id breaks the tie), with
  // microseconds a JS Date would round away, and the two shops' carts, which no list shows.
  await ctx.database.query(
    `insert into pedidos (cliente_id, status, tipodoc, docum, fecha_pedido)
     select case when g % 3 = 0 then $1::int else $2::int end, (array['w','p','e'])[1 + g % 3], 'E',
            '2026-' || lpad(g::text, 6, '0'),
            timestamptz '2026-03-01 10:00:00.000001+00' + ((g / 3) * interval '1 minute 0.000007 second')
     from generate_series(1, 90) g`,
    [shopA, shopB],
  );
  await ctx.database.query(`insert into pedidos (cliente_id, status) values ($1, 'c'), ($2, 'c')`, [
    shopA,
    shopB,
  ]);
});
afterAll(async () => {
  await ctx?.close();
});

const ALL: OrderListWhere = { tipodoc: 'E' };

describe('order list cache', () => {
  it('answers every page, walked and jumped to, as the list computed afresh does', async () => {
    const cache = createOrderListCache(10);
    const fresh = createOrderListCache(0);
    const db = ctx.database.db;
    const filters: OrderListWhere[] = [ALL, { ...ALL, status: 'p' }, { ...ALL, clienteId: shopA }];
    for (const where of filters) {
      for (const page of [1, 2, 3, 4, 2, 1, 4, 3, 5]) {
        const offset = (page - 1) * 25;
        const expected = seen(await fresh.page(db, orderListFilter(where), offset, 25));
        expect(seen(await cache.page(db, orderListFilter(where), offset, 25)), `page ${page}`).toEqual(
          expected,
        );
      }
    }
    const firstPage = seen(await fresh.page(db, orderListFilter(ALL), 0, 25));
    expect(firstPage.total).toBe(90);
    expect(firstPage.ids).toHaveLength(25);
  });

  it('sends the page alone once the count is known, and seeks to a page seen before', async () => {
    const cache = createOrderListCache(10);
    const db = ctx.database.db;
    const first = await statements(() => cache.page(db, orderListFilter(ALL), 50, 25));
    expect(first.n).toBe(2);
    const again = await statements(() => cache.page(db, orderListFilter(ALL), 50, 25));
    expect(again.n).toBe(1);
    expect(seen(again.result)).toEqual(seen(first.result));
    // The page after it starts from the anchor filed with the extra order.
    const next = await statements(() => cache.page(db, orderListFilter(ALL), 75, 25));
    expect(next.n).toBe(1);
    expect(next.result.rows).toHaveLength(15);
  });

  it('sees a change from anywhere once its transaction commits: a submit, a status, a representative, a delete, an insert', async () => {
    const cache = createOrderListCache(10);
    const db = ctx.database.db;
    const mine = orderListFilter({ ...ALL, representanteId: rep });
    const waiting = orderListFilter({ ...ALL, status: 'w' });
    expect((await cache.page(db, orderListFilter(ALL), 0, 25)).total).toBe(90);
    expect((await cache.page(db, mine, 0, 25)).total).toBe(0);
    const w = (await cache.page(db, waiting, 0, 25)).total;
    // Written as another server process would: straight to the database.
    const [{ id: cart }] = await ctx.database.query<{ id: number }>(
      `update pedidos set status = 'w', docum = '2026-999999', fecha_pedido = now()
       where cliente_id = $1 and status = 'c' returning id`,
      [shopA],
    );
    const top = await cache.page(db, orderListFilter(ALL), 0, 25);
    expect(seen(top).total).toBe(91);
    expect(top.rows[0].id).toBe(cart);
    await ctx.database.query(`update pedidos set status = 'p' where id = $1`, [cart]);
    expect((await cache.page(db, waiting, 0, 25)).total).toBe(w);
    await ctx.database.query('update clientes set representante_id = $1 where id = $2', [rep, shopB]);
    expect((await cache.page(db, mine, 0, 25)).total).toBe(60);
    await ctx.database.query('delete from pedidos where id = $1', [cart]);
    expect((await cache.page(db, orderListFilter(ALL), 0, 25)).total).toBe(90);
    await ctx.database.query(
      `insert into pedidos (cliente_id, status, docum, fecha_pedido) values ($1, 'e', '2026-999998', now())`,
      [shopB],
    );
    expect((await cache.page(db, orderListFilter(ALL), 0, 25)).total).toBe(91);
  });

  it('keeps its count through cart activity and notes, which no list shows', async () => {
    const cache = createOrderListCache(10);
    const db = ctx.database.db;
    await cache.page(db, orderListFilter(ALL), 0, 25);
    await ctx.database.query(`insert into pedidos (cliente_id, status) values ($1, 'c')`, [shopA]);
    await ctx.database.query(`update pedidos set nota = 'urgente' where cliente_id = $1`, [shopB]);
    const again = await statements(() => cache.page(db, orderListFilter(ALL), 0, 25));
    expect(again.n).toBe(1);
    expect(again.result.rows.find((r) => r.cliente_id === shopB)?.nota).toBe('urgente');
  });

  it('leaves text filters to be counted every time', async () => {
    const cache = createOrderListCache(10);
    const db = ctx.database.db;
    const byDocum = () => orderListFilter({ ...ALL, documPattern: '%2026-00001%' });
    await cache.page(db, byDocum(), 0, 25);
    const again = await statements(() => cache.page(db, byDocum(), 0, 25));
    expect(again.n).toBe(2);
    expect(again.result.total).toBe(10);
  });
});
