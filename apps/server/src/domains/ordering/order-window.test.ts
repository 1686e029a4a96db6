import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../../test/harness.ts';
import { expectAnswersDocumented } from '../../../test/openapi.ts';
import { audit_log, colecciones } from '../../db/schema.ts';
import { buildCatalogue, countStatements, type Fixture, insertModel } from '../catalogue/test-fixtures.ts';

type H = { authorization: string };

let ctx: TestContext;
let fx: Fixture;
let clienteId: number;
let shop: H;
let shopEn: H;
let admin: H;
let rep: H;

const post = (url: string, payload: unknown, headers: H) =>
  ctx.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers });

// The harness's clock: 2026-03-02 10:00 UTC.
const UPCOMING = {
  code: 'order.outsideWindow',
  params: { coleccion: 'Otoño-Invierno 2026', desde: '01/06/2026', hasta: '15/07/2026' },
};
const CLOSED = {
  code: 'order.outsideWindow',
  params: { coleccion: 'Primavera-Verano 2025', desde: '01/10/2024', hasta: '31/01/2025' },
};

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await buildCatalogue(ctx);
  const [upcoming, closed, open] = await ctx.database.db
    .insert(colecciones)
    .values([
      {
        nombre: 'Otoño-Invierno 2026',
        nombre_en: 'Autumn-Winter 2026',
        coleccion: 'OI26W',
        pedido_desde: '2026-06-01',
        pedido_hasta: '2026-07-15',
        entrega_desde: '2026-09-01',
        entrega_hasta: '2026-10-31',
      },
      {
        nombre: 'Primavera-Verano 2025',
        coleccion: 'PV25',
        pedido_desde: '2024-10-01',
        pedido_hasta: '2025-01-31',
      },
      { nombre: 'Abierta', coleccion: 'AB26', pedido_desde: '2026-02-01', pedido_hasta: '2026-03-31' },
    ])
    .returning({ id: colecciones.id });
  await insertModel(ctx, { modelo: 'NDUP10', descripcion: 'Manta próxima', pvp_cents: 3000 }, [upcoming.id]);
  await insertModel(ctx, { modelo: 'NDCL11', descripcion: 'Manta pasada', pvp_cents: 3000 }, [closed.id]);
  await insertModel(ctx, { modelo: 'NDTW12', descripcion: 'Manta doble', pvp_cents: 3000 }, [
    closed.id,
    open.id,
  ]);
  const repUser = await createUser(ctx, { email: 'rep@ow.test', role: 'Representante' });
  const client = await createClient(ctx, 'Tienda Ventanas', { representante_id: repUser.id });
  clienteId = client.id;
  const u = await createUser(ctx, { email: 'shop@ow.test', role: 'Cliente', cliente_id: clienteId });
  const uEn = await createUser(ctx, {
    email: 'shop-en@ow.test',
    role: 'Cliente',
    cliente_id: clienteId,
    language: 'en',
  });
  shop = await tokenFor(ctx, u.id);
  shopEn = await tokenFor(ctx, uEn.id);
  admin = await tokenFor(ctx, (await createUser(ctx, { email: 'admin@ow.test', role: 'Admin' })).id);
  rep = await tokenFor(ctx, repUser.id);
});
afterAll(async () => {
  await ctx?.close();
});

/** The 422 of a shop on `modelo`: the window's message, by code and in English. */
function expectRefused(res: { statusCode: number; json(): any; body: string }, field: string, m: object) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().issues[field]).toEqual([m]);
}

async function emptyCart(h: H) {
  const cart = (await post('pedidos/cliente', {}, h)).json();
  for (const l of cart.detalle.filter((x: { primary_line_id: number | null }) => x.primary_line_id == null))
    await post('pedidos/lineremove', { pedido_id: cart.id, linea_id: l.id }, h);
}

describe('a shop', () => {
  it('is refused on lineadd a model whose collection is not yet open, or closed, naming it and its days', async () => {
    const res = await post('pedidos/lineadd', { modelo: 'NDUP10', cantidad: 1 }, shop);
    expectRefused(res, 'modelo', UPCOMING);
    expect(res.json().message).toBe(
      'The collection «Otoño-Invierno 2026» takes orders from 01/06/2026 to 15/07/2026',
    );
    expectRefused(await post('pedidos/lineadd', { modelo: 'NDCL11', cantidad: 1 }, shop), 'modelo', CLOSED);
    // In English, the collection's English name.
    expectRefused(await post('pedidos/lineadd', { modelo: 'NDUP10', cantidad: 1 }, shopEn), 'modelo', {
      ...UPCOMING,
      params: { ...UPCOMING.params, coleccion: 'Autumn-Winter 2026' },
    });
  });

  it('adds a model in one closed and one open collection, and one in no window (as ever)', async () => {
    const two = await post('pedidos/lineadd', { modelo: 'NDTW12', cantidad: 1 }, shop);
    expect(two.statusCode, two.body).toBe(200);
    expect(two.json().avisos).toBeUndefined();
    const plain = await post(
      'pedidos/lineadd',
      {
        modelo: 'NDSIL02',
        cantidad: 1,
        parametros_color: [{ parametros_grupos_id: fx.grp.color, parametro: fx.opt.azul }],
      },
      shop,
    );
    expect(plain.statusCode, plain.body).toBe(200);
    await emptyCart(shop);
  });

  it('is refused on the cart edit (linereplace) a closed model in place of its line', async () => {
    const cart = (await post('pedidos/lineadd', { modelo: 'NDTW12', cantidad: 1 }, shop)).json();
    const line = cart.detalle[0];
    const res = await post(
      'pedidos/linereplace',
      { pedido_id: cart.id, linea_id: line.id, modelo: 'NDCL11', cantidad: 1 },
      shop,
    );
    expectRefused(res, 'modelo', CLOSED);
    await emptyCart(shop);
  });

  it('sees the message on a quick order’s row, and quick add refuses the whole batch', async () => {
    const check = await post(
      'pedidos/quick/check',
      {
        rows: [
          { modelo: 'NDTW12', cantidad: '2' },
          { modelo: 'NDCL11', cantidad: '1' },
        ],
      },
      shop,
    );
    expect(check.statusCode, check.body).toBe(200);
    const [ok, closed] = check.json().rows;
    expect(ok.status).toBe('ok');
    expect(closed.status).toBe('error');
    expect(closed.errors.modelo).toMatchObject(CLOSED);
    const add = await post(
      'pedidos/quick/add',
      {
        lines: [
          { modelo: 'NDTW12', cantidad: 2 },
          { modelo: 'NDCL11', cantidad: 1 },
        ],
      },
      shop,
    );
    expectRefused(add, 'lines.1.modelo', CLOSED);
    const cart = (await post('pedidos/cliente', {}, shop)).json();
    expect(cart.detalle).toEqual([]);
  });

  it('finds a past order’s line unavailable on reorder, with the message', async () => {
    // Staff placed and submitted it for the shop, after the cut-off.
    const added = await post(
      'pedidos/lineadd',
      { modelo: 'NDCL11', cantidad: 3, cliente_id: clienteId },
      admin,
    );
    expect(added.statusCode, added.body).toBe(200);
    const submitted = await post('pedidos/processOrder', { pedido_id: added.json().id }, admin);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const res = await post('pedidos/reorder/check', { pedido_id: added.json().id }, shop);
    expect(res.statusCode, res.body).toBe(200);
    const [line] = res.json().lines;
    expect(line.status).toBe('unavailable');
    expect(line.issues).toEqual([CLOSED]);
    // Staff see it as a change they may still make, warned.
    const forStaff = (await post('pedidos/reorder/check', { pedido_id: added.json().id }, rep)).json();
    expect(forStaff.lines[0]).toMatchObject({ status: 'changed', issues: [CLOSED] });
  });
});

describe('staff', () => {
  it('add out of the window on every path, warned, and the audit row records it', async () => {
    const add = await post(
      'pedidos/lineadd',
      { modelo: 'NDUP10', cantidad: 2, cliente_id: clienteId },
      admin,
    );
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().avisos).toEqual([UPCOMING]);
    const line = add.json().detalle.find((l: { modelo: { modelo: string } }) => l.modelo.modelo === 'NDUP10');
    const [row] = await ctx.database.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.action, 'pedido.lineadd'), eq(audit_log.entity_id, line.id)));
    expect(row.details).toMatchObject({
      modelo: 'NDUP10',
      fuera_de_ventana: {
        coleccion: 'OI26W',
        pedido_desde: '2026-06-01',
        pedido_hasta: '2026-07-15',
        estado_ventana: 'proxima',
      },
    });

    const quick = await post(
      'pedidos/quick/add',
      {
        cliente_id: clienteId,
        lines: [
          { modelo: 'NDCL11', cantidad: 1 },
          { modelo: 'NDTW12', cantidad: 1 },
        ],
      },
      rep,
    );
    expect(quick.statusCode, quick.body).toBe(200);
    expect(quick.json().pedido.avisos).toEqual([CLOSED]);

    const cart = quick.json().pedido;
    const replaced = await post(
      'pedidos/linereplace',
      { pedido_id: cart.id, linea_id: line.id, modelo: 'NDCL11', cantidad: 1, cliente_id: clienteId },
      rep,
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().avisos).toEqual([CLOSED]);
    const [replaceRow] = await ctx.database.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.action, 'pedido.linereplace'), eq(audit_log.entity_id, line.id)));
    expect(replaceRow.details).toMatchObject({
      fuera_de_ventana: { coleccion: 'PV25', estado_ventana: 'cerrada' },
    });
    // Inside the window, no warning and no mark.
    const inside = await post(
      'pedidos/lineadd',
      { modelo: 'NDTW12', cantidad: 1, cliente_id: clienteId },
      admin,
    );
    expect(inside.json().avisos).toBeUndefined();
    await emptyCart(shop);
  });
});

describe('the check', () => {
  it('is one statement for any number of lines on quick add', async () => {
    const lines = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        modelo: ['NDTW12', 'NDSIL02'][i % 2],
        cantidad: 1,
        parametros_color: i % 2 ? [{ parametros_grupos_id: fx.grp.color, parametro: fx.opt.azul }] : [],
      }));
    const one = await countStatements(ctx, () => post('pedidos/quick/add', { lines: lines(1) }, shop));
    await emptyCart(shop);
    const many = await countStatements(ctx, () => post('pedidos/quick/add', { lines: lines(40) }, shop));
    await emptyCart(shop);
    expect(many).toBe(one);
  });

  it('opens the upcoming collection on its first Madrid day', async () => {
    // 2026-05-31 22:00 UTC is 2026-06-01 00:00 in Madrid (summer time).
    ctx.clock.advance(new Date('2026-05-31T22:00:00Z').getTime() - ctx.clock.now().getTime());
    const fresh = await tokenFor(
      ctx,
      (await createUser(ctx, { email: 'late@ow.test', role: 'Cliente', cliente_id: clienteId })).id,
    );
    const res = await post('pedidos/lineadd', { modelo: 'NDUP10', cantidad: 1 }, fresh);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('declares every status the requests of this file got', async () => {
    await expectAnswersDocumented(ctx);
  });
});
