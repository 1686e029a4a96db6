/**
 * The dashboard (record 055) against a hand-computed fixture: weeks are ISO weeks in Europe/Madrid
 * (an order late on a Sunday in UTC that is Monday in Madrid, across the year's end and across the
 * spring change to summer time), a year earlier is 52 weeks back, an order that is not a sale (a
 * cart) counts nowhere, a Representante reads only its clients (another's is 404), and the summary
 * follows submission, a status change and an order leaving the sales in the same transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../../../test/harness.ts';
import { expectAnswersDocumented } from '../../../../test/openapi.ts';
import { pedido_lineas, pedidos } from '../../../db/schema.ts';
import { buildCatalogue, type Fixture, insertModel, plainCapazo } from '../../catalogue/test-fixtures.ts';
import { applySales, moveSales, rebuildSales, recentSalesWeek } from '../sales.ts';

type H = { authorization: string };

let ctx: TestContext;
let fx: Fixture;
let A: { id: number };
let B: { id: number };
let C: { id: number };
let admin: H;
let rep: H;
let shop: H;
let coll2: number;
let adminId: number;
let repId: number;
/** Sessions expire: new ones after the clock moves. */
async function signInAgain() {
  admin = await tokenFor(ctx, adminId);
  rep = await tokenFor(ctx, repId);
}

const get = (url: string, headers: H) => ctx.app.inject({ method: 'GET', url: `/api/${url}`, headers });

interface LineSpec {
  modelo: string;
  unped: number;
  precio: number;
  col: number | null;
  opts?: number[];
  dependent?: { modelo: string; precio: number };
  porte?: boolean;
}

async function order(clienteId: number, status: 'c' | 'w' | 'p' | 'e', at: string | null, lines: LineSpec[]) {
  const db = ctx.database.db;
  const [p] = await db
    .insert(pedidos)
    .values({
      cliente_id: clienteId,
      status,
      docum: status === 'c' ? null : `T-${Math.random().toString(36).slice(2, 10)}`,
      fecha_pedido: at ? new Date(at) : null,
    })
    .returning({ id: pedidos.id });
  for (const l of lines) {
    const [row] = await db
      .insert(pedido_lineas)
      .values({
        pedido_id: p.id,
        modelo: l.porte ? null : l.modelo,
        unped: l.unped,
        precio_cents: l.precio,
        porte: l.porte ?? false,
        colecciones_id: l.col,
        parametros_color: (l.opts ?? []).map((id) => ({ id, nombre: `o${id}` })),
      })
      .returning({ id: pedido_lineas.id });
    if (l.dependent) {
      await db.insert(pedido_lineas).values({
        pedido_id: p.id,
        modelo: l.dependent.modelo,
        unped: l.unped,
        precio_cents: l.dependent.precio,
        primary_line_id: row.id,
        colecciones_id: l.col,
      });
    }
  }
  return p.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await buildCatalogue(ctx);
  coll2 = fx.col.reps;
  await insertModel(ctx, { modelo: 'NDX02', descripcion: 'Saco Polar', descripcion_en: 'Fleece footmuff' }, [
    coll2,
  ]);
  const repUser = await createUser(ctx, { email: 'rep@dash.test', role: 'Representante' });
  A = await createClient(ctx, 'Tienda Ana', { representante_id: repUser.id });
  B = await createClient(ctx, 'Tienda Bea');
  C = await createClient(ctx, 'Tienda Ceci');
  await createClient(ctx, 'Tienda Dada (baja)', { activo: false });
  adminId = (await createUser(ctx, { email: 'admin@dash.test', role: 'Admin' })).id;
  repId = repUser.id;
  await signInAgain();
  shop = await tokenFor(
    ctx,
    (await createUser(ctx, { email: 'ana@dash.test', role: 'Cliente', cliente_id: A.id })).id,
  );
  const coll1 = fx.col.open;
  const { rosa, azul, gris, algodon, lino } = fx.opt;
  // Sunday 4 January 2026, 23:30 UTC: Monday 5 January 00:30 in Madrid (winter, UTC+1).
  await order(A.id, 'w', '2026-01-04T23:30:00Z', [
    {
      modelo: 'NDCAP01',
      unped: 2,
      precio: 10_000,
      col: coll1,
      opts: [rosa, algodon],
      dependent: { modelo: '0802', precio: 1_500 },
    },
    { modelo: 'NDX02', unped: 1, precio: 5_000, col: coll2, opts: [azul] },
    { modelo: '', unped: 1, precio: 900, col: null, porte: true },
  ]);
  // Sunday 29 March 2026 22:30 UTC: Monday 30 March 00:30 in Madrid (summer time since that night).
  await order(B.id, 'p', '2026-03-29T22:30:00Z', [
    { modelo: 'NDX02', unped: 3, precio: 5_000, col: coll2, opts: [azul] },
  ]);
  // An hour earlier it is still Sunday 29 March, 23:30, in Madrid.
  await order(A.id, 'e', '2026-03-29T21:30:00Z', [
    { modelo: 'NDCAP01', unped: 1, precio: 12_000, col: coll1, opts: [gris, lino] },
  ]);
  // 52 weeks before the week of 5 January 2026.
  await order(A.id, 'w', '2025-01-06T08:00:00Z', [
    { modelo: 'NDCAP01', unped: 4, precio: 9_000, col: coll1, opts: [rosa] },
  ]);
  // Not a sale: a cart with lines.
  await order(B.id, 'c', null, [{ modelo: 'NDCAP01', unped: 10, precio: 10_000, col: coll1, opts: [rosa] }]);
  await rebuildSales(ctx.database.db);
});
afterAll(async () => {
  expectAnswersDocumented(ctx);
  await ctx?.close();
});

const RANGE = 'desde=2026-01-01&hasta=2026-04-01';

function week(data: { semanas: { semana: string; pedidos: number }[] }, monday: string) {
  return data.semanas.find((w) => w.semana === monday);
}

describe('the dashboard’s figures', () => {
  it('sums goods and orders per Madrid week beside a year earlier, with the tops and the average', async () => {
    const res = await get(`dashboard?${RANGE}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json().data;
    expect(d.desde).toBe('2025-12-29');
    expect(d.hasta).toBe('2026-04-05');
    expect(d.semanas).toHaveLength(14);
    expect(d.semanas[0]).toEqual({
      semana: '2025-12-29',
      importe: 0,
      pedidos: 0,
      semana_anterior: '2024-12-30',
      importe_anterior: 0,
      pedidos_anterior: 0,
    });
    // The goods: 2 × 100 € + the embroidery 2 × 15 € + 50 €; the shipping line is not goods.
    expect(week(d, '2026-01-05')).toEqual({
      semana: '2026-01-05',
      importe: 280,
      pedidos: 1,
      semana_anterior: '2025-01-06',
      importe_anterior: 360,
      pedidos_anterior: 1,
    });
    expect(week(d, '2025-12-29')?.pedidos).toBe(0);
    expect(week(d, '2026-03-23')).toMatchObject({ importe: 120, pedidos: 1 });
    expect(week(d, '2026-03-30')).toMatchObject({ importe: 150, pedidos: 1 });
    expect(d.semanas.reduce((n: number, w: { pedidos: number }) => n + w.pedidos, 0)).toBe(3);
    expect(d.totales).toEqual({
      importe: 550,
      pedidos: 3,
      ticket_medio: 183.33,
      importe_anterior: 360,
      pedidos_anterior: 1,
      ticket_medio_anterior: 360,
    });
    // A model's goods include its surcharges; the surcharge's own model is not a top model.
    expect(d.modelos_unidades).toEqual([
      { clave: 'NDX02', nombre: 'Saco Polar', grupo: '', unidades: 4, importe: 200 },
      { clave: 'NDCAP01', nombre: 'Capazo Bebé Classic', grupo: '', unidades: 3, importe: 350 },
    ]);
    expect(d.modelos_importe.map((m: { clave: string }) => m.clave)).toEqual(['NDCAP01', 'NDX02']);
    const { rosa, azul, gris, algodon, lino } = fx.opt;
    const byText = (a: number, b: number) => String(a).localeCompare(String(b));
    expect(
      d.opciones_unidades.map((o: { clave: string; unidades: number }) => [o.clave, o.unidades]),
    ).toEqual([
      [String(azul), 4],
      ...[rosa, algodon].sort(byText).map((id) => [String(id), 2]),
      ...[gris, lino].sort(byText).map((id) => [String(id), 1]),
    ]);
    expect(d.opciones_importe.map((o: { clave: string; importe: number }) => [o.clave, o.importe])).toEqual([
      ...[rosa, algodon].sort(byText).map((id) => [String(id), 230]),
      [String(azul), 200],
      ...[gris, lino].sort(byText).map((id) => [String(id), 120]),
    ]);
    expect(d.opciones_unidades[0]).toMatchObject({ nombre: 'Azul', grupo: 'Color' });
  });

  it('filters by collection and by client; names follow the language', async () => {
    const col = (await get(`dashboard?${RANGE}&coleccion_id=${coll2}`, admin)).json().data;
    expect(week(col, '2026-01-05')).toMatchObject({ importe: 50, pedidos: 1, importe_anterior: 0 });
    expect(col.totales).toMatchObject({ importe: 200, pedidos: 2, ticket_medio: 100, pedidos_anterior: 0 });
    expect(col.modelos_unidades.map((m: { clave: string }) => m.clave)).toEqual(['NDX02']);
    const one = (await get(`dashboard?${RANGE}&cliente_id=${B.id}`, admin)).json().data;
    expect(one.totales).toMatchObject({ importe: 150, pedidos: 1 });
    const none = (await get('dashboard?desde=2020-01-01&hasta=2020-02-01', admin)).json().data;
    expect(none.totales.pedidos).toBe(0);
    expect(none.modelos_unidades).toEqual([]);
  });

  it('gives a Representante its clients only, and a foreign client is 404', async () => {
    const own = (await get(`dashboard?${RANGE}`, rep)).json().data;
    expect(own.totales).toMatchObject({ importe: 400, pedidos: 2, importe_anterior: 360 });
    expect(week(own, '2026-03-30')?.pedidos).toBe(0);
    expect((await get(`dashboard?${RANGE}&cliente_id=${A.id}`, rep)).json().data.totales.pedidos).toBe(2);
    const foreign = await get(`dashboard?${RANGE}&cliente_id=${B.id}`, rep);
    expect(foreign.statusCode).toBe(404);
    expect((await get(`dashboard/dormant?cliente_id=${B.id}`, rep)).statusCode).toBe(404);
    expect((await get('dashboard', shop)).statusCode).toBe(403);
    expect((await get('dashboard?desde=2026-13-01', admin)).statusCode).toBe(422);
  });

  it('lists the clients without an order for N weeks, never-ordered first', async () => {
    const start = ctx.clock.now().getTime();
    // Monday 1 June 2026 in Madrid.
    ctx.clock.advance(Date.parse('2026-06-01T10:00:00Z') - start);
    await signInAgain();
    try {
      const eight = (await get('dashboard/dormant?semanas=8', admin)).json().data;
      expect(eight).toEqual([
        { cliente_id: C.id, cliente: 'Tienda Ceci', ultimo_pedido: null, semanas: null },
        { cliente_id: A.id, cliente: 'Tienda Ana', ultimo_pedido: '2026-03-29', semanas: 9 },
        { cliente_id: B.id, cliente: 'Tienda Bea', ultimo_pedido: '2026-03-30', semanas: 9 },
      ]);
      const ten = (await get('dashboard/dormant?semanas=10', admin)).json().data;
      expect(ten.map((c: { cliente_id: number }) => c.cliente_id)).toEqual([C.id]);
      const repList = (await get('dashboard/dormant?semanas=8', rep)).json().data;
      expect(repList.map((c: { cliente_id: number }) => c.cliente_id)).toEqual([A.id]);
    } finally {
      ctx.clock.advance(start - ctx.clock.now().getTime());
      await signInAgain();
    }
  });
});

describe('the summary kept current', () => {
  it('shows a submitted order on the first request after it, and follows its status', async () => {
    // Wednesday 4 March 2026 (the test clock starts on Monday 2 March).
    ctx.clock.advance(2 * 86_400_000);
    await signInAgain();
    const q = 'dashboard?desde=2026-03-02&hasta=2026-03-02';
    const before = (await get(q, admin)).json().data.totales;
    expect(before.pedidos).toBe(0);
    const cart = await ctx.app.inject({
      method: 'POST',
      url: '/api/pedidos/lineadd',
      headers: admin,
      payload: { cliente_id: A.id, ...plainCapazo(fx) },
    });
    expect(cart.statusCode, cart.body).toBe(200);
    // No shipping charge for this client: the cart's total is its goods.
    const goods = cart.json().total;
    expect(goods).toBeGreaterThan(0);
    expect((await get(q, admin)).json().data.totales.pedidos).toBe(0);
    const sub = await ctx.app.inject({
      method: 'POST',
      url: '/api/pedidos/processOrder',
      headers: admin,
      payload: { pedido_id: cart.json().id },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const after = (await get(q, admin)).json().data;
    expect(after.totales).toMatchObject({ pedidos: 1, importe: goods });
    expect((await get(q, rep)).json().data.totales.pedidos).toBe(1);
    const id = sub.json().pedido.id;
    const moved = await ctx.app.inject({
      method: 'POST',
      url: '/api/pedidos/status',
      headers: admin,
      payload: { pedido_id: id, status: 'p' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await get(q, admin)).json().data.totales).toMatchObject({ pedidos: 1, importe: goods });
    // An order leaving the sales (a later status that is not one) is subtracted, rows and all.
    await ctx.database.db.transaction((tx) => moveSales(tx, [id], 'p', 'x'));
    const gone = (await get(q, admin)).json().data;
    expect(gone.totales).toMatchObject({ pedidos: 0, importe: 0 });
    expect(gone.modelos_unidades).toEqual([]);
    await applySales(ctx.database.db, [id], 1);
    expect((await get(q, admin)).json().data.totales.pedidos).toBe(1);
  });
});

describe('the last 52 weeks kept summed', () => {
  const tops = (d: Record<string, unknown>) => ({
    modelos_unidades: d.modelos_unidades,
    modelos_importe: d.modelos_importe,
    opciones_unidades: d.opciones_unidades,
    opciones_importe: d.opciones_importe,
  });
  /** The default view, and the same weeks summed from the weekly tables (a range ending a day later). */
  async function bothWays(headers: H, extra = '') {
    const dflt = (await get(`dashboard${extra ? `?${extra}` : ''}`, headers)).json().data;
    const sunday = dflt.hasta as string;
    const [y, m, d] = sunday.split('-').map(Number);
    const monday = new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
    // Ending on the next Monday would add a week: ask from the same first Monday to the last Sunday.
    const summed = (
      await get(`dashboard?desde=${dflt.desde}&hasta=${sunday}${extra ? `&${extra}` : ''}`, headers)
    ).json().data;
    expect(monday > sunday).toBe(true);
    return { dflt, summed };
  }

  it('answers the default view as the weeks summed, in every scope, and follows orders and weeks', async () => {
    // A line without a collection counts once (it counted twice before migration 0021).
    const loose = await order(C.id, 'w', '2025-06-03T10:00:00Z', [
      { modelo: 'NDX02', unped: 2, precio: 1_000, col: null, opts: [fx.opt.azul] },
    ]);
    await applySales(ctx.database.db, [loose], 1);
    const week = (await get('dashboard?desde=2025-06-02&hasta=2025-06-08', admin)).json().data;
    expect(week.totales).toMatchObject({ importe: 20, pedidos: 1 });
    expect(week.modelos_unidades).toEqual([
      { clave: 'NDX02', nombre: 'Saco Polar', grupo: '', unidades: 2, importe: 20 },
    ]);

    for (const [headers, extra] of [
      [admin, ''],
      [admin, `coleccion_id=${coll2}`],
      [admin, `cliente_id=${C.id}`],
      [rep, ''],
    ] as const) {
      const { dflt, summed } = await bothWays(headers, extra);
      expect(dflt.desde).toBe(summed.desde);
      expect(tops(dflt), extra).toEqual(tops(summed));
    }
    // The default window (the 52 weeks to Monday 2 March 2026) holds June's order and January's.
    const before = (await get('dashboard', admin)).json().data;
    expect(await recentSalesWeek(ctx.database.db)).toBe('2026-03-02');
    expect(before.modelos_unidades.find((m: { clave: string }) => m.clave === 'NDX02')).toMatchObject({
      unidades: 3,
    });

    // An order of this week reaches the default view at once, and leaves it when it stops being a sale.
    const now = await order(B.id, 'w', ctx.clock.now().toISOString(), [
      { modelo: 'NDX02', unped: 5, precio: 2_000, col: coll2, opts: [fx.opt.azul] },
    ]);
    await ctx.database.db.transaction((tx) => moveSales(tx, [now], 'c', 'w'));
    const added = (await get('dashboard', admin)).json().data;
    expect(added.modelos_unidades.find((m: { clave: string }) => m.clave === 'NDX02')).toMatchObject({
      unidades: 8,
    });
    const { dflt, summed } = await bothWays(admin, `coleccion_id=${coll2}`);
    expect(tops(dflt)).toEqual(tops(summed));
    await ctx.database.db.transaction((tx) => moveSales(tx, [now], 'w', 'x'));
    expect(tops((await get('dashboard', admin)).json().data)).toEqual(tops(before));

    // A new week rolls the window: the order of June 2025 stays in it until its 52 weeks are over.
    const start = ctx.clock.now().getTime();
    try {
      ctx.clock.advance(7 * 86_400_000);
      await signInAgain();
      for (const extra of ['', `cliente_id=${C.id}`]) {
        expect(await recentSalesWeek(ctx.database.db)).toBe(extra ? '2026-03-09' : '2026-03-02');
        const rolled = await bothWays(admin, extra);
        expect(tops(rolled.dflt)).toEqual(tops(rolled.summed));
      }
      ctx.clock.advance(52 * 7 * 86_400_000);
      await signInAgain();
      const later = await bothWays(admin, `cliente_id=${C.id}`);
      expect(later.dflt.modelos_unidades).toEqual([]);
      expect(tops(later.dflt)).toEqual(tops(later.summed));
    } finally {
      ctx.clock.advance(start - ctx.clock.now().getTime());
      await signInAgain();
    }
  });
});
