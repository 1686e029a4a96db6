/**
 * N+1 guard (decision 012): the number of SQL statements a request sends must not grow with the size of
 * the cart, the order, the list page or the model. Each case measures the same request over a small
 * subject (1 line / item / group) and a large one (20), counting every statement the app sends
 * through the database (Database.onStatement; transaction control left out, so PGlite and
 * PostgreSQL count alike).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../../test/harness.ts';
import { parametros, parametros_grupos } from '../../db/schema.ts';
import { buildCatalogue, type Fixture, insertModel, linkGroups } from '../catalogue/test-fixtures.ts';

type H = { authorization: string };

let ctx: TestContext;
let fx: Fixture;
const figures: Array<{ request: string; small: number; large: number }> = [];

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await buildCatalogue(ctx);
});
afterAll(async () => {
  if (figures.length) {
    console.info(
      `SQL statements per request (${ctx.database.kind}):\n${figures
        .map((f) => `  ${f.request.padEnd(28)} 1 → ${f.small}   20 → ${f.large}`)
        .join('\n')}`,
    );
  }
  await ctx?.close();
});

const TX_CONTROL = /^\s*(begin|commit|rollback|savepoint|release)\b/i;

/** Statements sent while `fn` runs; the request must answer 200. */
async function statementsOf(fn: () => Promise<{ statusCode: number; body: string }>): Promise<number> {
  let n = 0;
  const stop = ctx.database.onStatement((sql) => {
    if (!TX_CONTROL.test(sql)) n++;
  });
  try {
    const res = await fn();
    expect(res.statusCode, res.body).toBe(200);
  } finally {
    stop();
  }
  return n;
}

function record(request: string, small: number, large: number) {
  figures.push({ request, small, large });
  expect(large, `${request}: 20 items must cost what 1 item costs`).toBe(small);
}

const post = (url: string, payload: unknown, headers: H) =>
  ctx.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers });
const get = (url: string, headers: H) => ctx.app.inject({ method: 'GET', url: `/api/${url}`, headers });

/** A valid NDCAP01 line; `n` makes each configuration distinct (the note is part of it). */
function line(n: number) {
  return {
    modelo: 'NDCAP01',
    cantidad: 1,
    nota: `n${n}`,
    parametros_color: [
      { parametros_grupos_id: fx.grp.color, parametro: n % 2 ? fx.opt.rosa : fx.opt.azul },
      { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.algodon },
      { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.sinBordado },
    ],
  };
}

let seq = 0;
/** A fresh client with one user, the user's bearer header and an open cart of `lines` lines. */
async function shop(lines: number) {
  seq++;
  const c = await createClient(ctx, `Tienda ${seq}`);
  const u = await createUser(ctx, { email: `u${seq}@count.test`, role: 'Cliente', cliente_id: c.id });
  const h = await tokenFor(ctx, u.id);
  let cart = (await post('pedidos/cliente', {}, h)).json();
  for (let i = 0; i < lines; i++) cart = (await post('pedidos/lineadd', line(i), h)).json();
  return { h, cartId: cart.id as number };
}

/** A shop that has submitted `orders` orders of `lines` lines each. */
async function shopWithOrders(orders: number, lines: number) {
  const s = await shop(0);
  const ids: number[] = [];
  for (let o = 0; o < orders; o++) {
    let cart = (await post('pedidos/cliente', {}, s.h)).json();
    for (let i = 0; i < lines; i++) cart = (await post('pedidos/lineadd', line(o * lines + i), s.h)).json();
    const res = await post('pedidos/processOrder', { pedido_id: cart.id }, s.h);
    expect(res.statusCode, res.body).toBe(200);
    ids.push(cart.id);
  }
  return { ...s, ids };
}

describe('statements per request do not grow with the data', () => {
  it('GET pedido/{id}: an order of 1 line vs 20 lines', async () => {
    const small = await shopWithOrders(1, 1);
    const large = await shopWithOrders(1, 20);
    record(
      'GET pedido/{id}',
      await statementsOf(() => get(`pedido/${small.ids[0]}`, small.h)),
      await statementsOf(() => get(`pedido/${large.ids[0]}`, large.h)),
    );
  });

  it('POST pedidos/cliente: a cart of 1 line vs 20 lines', async () => {
    const small = await shop(1);
    const large = await shop(20);
    record(
      'POST pedidos/cliente',
      await statementsOf(() => post('pedidos/cliente', {}, small.h)),
      await statementsOf(() => post('pedidos/cliente', {}, large.h)),
    );
  });

  it('POST pedidos/lineadd: into a cart of 1 line vs 20 lines', async () => {
    const small = await shop(1);
    const large = await shop(20);
    record(
      'POST pedidos/lineadd',
      await statementsOf(() => post('pedidos/lineadd', line(100), small.h)),
      await statementsOf(() => post('pedidos/lineadd', line(100), large.h)),
    );
  });

  it('POST pedidos/processOrder: a cart of 1 line vs 20 lines', async () => {
    const small = await shop(1);
    const large = await shop(20);
    record(
      'POST pedidos/processOrder',
      await statementsOf(() => post('pedidos/processOrder', { pedido_id: small.cartId }, small.h)),
      await statementsOf(() => post('pedidos/processOrder', { pedido_id: large.cartId }, large.h)),
    );
  });

  it('POST pedidos/list: a page of 1 order vs 20 orders', async () => {
    const small = await shopWithOrders(1, 2);
    const large = await shopWithOrders(20, 2);
    const body = { tipodoc: 'E', page: 1 };
    record(
      'POST pedidos/list',
      await statementsOf(() => post('pedidos/list', body, small.h)),
      await statementsOf(() => post('pedidos/list', body, large.h)),
    );
  });

  it('POST modelo/lastPurchased: 1 configuration bought vs 20', async () => {
    const small = await shopWithOrders(1, 1);
    const large = await shopWithOrders(2, 10);
    record(
      'POST modelo/lastPurchased',
      await statementsOf(() => post('modelo/lastPurchased', {}, small.h)),
      await statementsOf(() => post('modelo/lastPurchased', {}, large.h)),
    );
    expect((await post('modelo/lastPurchased', {}, large.h)).json().ids).toHaveLength(20);
  });

  it('GET modelo/{modelo}: a model with 1 option group vs 20 groups of 20 options', async () => {
    const db = ctx.database.db;
    const groups = await db
      .insert(parametros_grupos)
      .values(Array.from({ length: 20 }, (_, g) => ({ nombre: `Grupo ${g}`, nombre_en: `Group ${g}` })))
      .returning({ id: parametros_grupos.id });
    await db.insert(parametros).values(
      groups.flatMap((g) =>
        Array.from({ length: 20 }, (_, o) => ({
          parametros_grupos_id: g.id,
          codigo: `G${g.id}-${o}`,
          nombre: `Opción ${o}`,
          nombre_en: `Option ${o}`,
          color: '#112233',
          position: o,
        })),
      ),
    );
    await insertModel(ctx, { modelo: 'NDONE', descripcion: 'Un grupo', pvp_cents: 1000 }, [fx.col.open]);
    await linkGroups(ctx, 'NDONE', [{ grupo: groups[0].id, position: 0 }]);
    await insertModel(ctx, { modelo: 'NDMANY', descripcion: 'Veinte grupos', pvp_cents: 1000 }, [
      fx.col.open,
    ]);
    await linkGroups(
      ctx,
      'NDMANY',
      groups.map((g, i) => ({ grupo: g.id, position: i })),
    );
    const { h } = await shop(0);
    record(
      'GET modelo/{modelo}',
      await statementsOf(() => get('modelo/NDONE', h)),
      await statementsOf(() => get('modelo/NDMANY', h)),
    );
    const many = (await get('modelo/NDMANY', h)).json();
    expect(many.grupos).toHaveLength(20);
    expect(many.grupos[19].parametros).toHaveLength(20);
  });
});
