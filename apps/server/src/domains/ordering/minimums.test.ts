/**
 * Minimums (issue 30): a model's minimum quantity and pack size, refused on every path that sets a
 * line's quantity (staff included); a price list's minimum order value, for a first and for a next
 * order, said on the cart, refused to a shop on submission, allowed to staff with a warning and an
 * audit mark.
 */
import { formatMoney } from '@nido/contract';
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
import { audit_log } from '../../db/schema.ts';
import { buildCatalogue, type Fixture, insertModel } from '../catalogue/test-fixtures.ts';

type H = { authorization: string };
type Res = { statusCode: number; json(): any; body: string };

let ctx: TestContext;
let fx: Fixture;
let listed: number;
let plain: number;
let shop: H;
let plainShop: H;
let admin: H;
let rep: H;

const send = (method: 'GET' | 'POST' | 'PUT', url: string, headers: H, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api/${url}`, payload: payload as object, headers });
const post = (url: string, payload: unknown, headers: H) => send('POST', url, headers, payload);

async function ok(res: Promise<Res>) {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
}

const BELOW_MIN = (min: number) => ({ code: 'order.quantityBelowMinimum', params: { min } });
const NOT_MULTIPLE = (multiplo: number) => ({ code: 'order.quantityNotMultiple', params: { multiplo } });

/** A 422 whose field `field` carries exactly `message`. */
function expectRefused(res: Res, field: string, message: object) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json().issues[field]).toEqual([message]);
}

const bib = (cantidad: number, extra: object = {}) => ({ modelo: 'NDBIB3', cantidad, ...extra });
const blanket = (cantidad: number, extra: object = {}) => ({ modelo: 'NDMAN9', cantidad, ...extra });

async function emptyCart(h: H, cliente_id?: number) {
  const cart = await ok(post('pedidos/cliente', { cliente_id }, h));
  for (const l of cart.detalle.filter((x: any) => x.lineaprimaria === 0 && !x.porte))
    await ok(post('pedidos/lineremove', { pedido_id: cart.id, linea_id: l.id }, h));
}

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await buildCatalogue(ctx);
  // A bib at 4 € (no options), a blanket at 20 €: the order minimum's goods.
  await insertModel(ctx, { modelo: 'NDBIB3', descripcion: 'Babero', pvp_cents: 400 }, [fx.col.open]);
  await insertModel(ctx, { modelo: 'NDMAN9', descripcion: 'Manta', pvp_cents: 2000 }, [fx.col.open]);
  admin = await tokenFor(ctx, (await createUser(ctx, { email: 'admin@min.test', role: 'Admin' })).id);
  // A list with a shipping charge (5 €, free from 500 €), so the goods are seen without it.
  const list = await ok(
    send('POST', 'tarifas', admin, {
      nombre: 'Mayoristas',
      descuento: 0,
      porte: 5,
      porte_gratis_desde: 500,
      pedido_minimo_primero: 100,
      pedido_minimo: 50,
    }),
  );
  const repUser = await createUser(ctx, { email: 'rep@min.test', role: 'Representante' });
  listed = (await createClient(ctx, 'Tienda Mínimos', { tarifa_id: list.id, representante_id: repUser.id }))
    .id;
  plain = (await createClient(ctx, 'Tienda Sin Tarifa')).id;
  shop = await tokenFor(
    ctx,
    (await createUser(ctx, { email: 'shop@min.test', role: 'Cliente', cliente_id: listed })).id,
  );
  plainShop = await tokenFor(
    ctx,
    (await createUser(ctx, { email: 'plain@min.test', role: 'Cliente', cliente_id: plain })).id,
  );
  rep = await tokenFor(ctx, repUser.id);
});
afterAll(async () => {
  await ctx?.close();
});

describe('a model’s minimum quantity and pack size', () => {
  it('are set by the Admin in the model editor and shown with the model', async () => {
    const saved = await ok(
      post(
        'modelo/update',
        { modelo: 'NDBIB3', descripcion_en: 'Bib', cantidad_minima: 6, multiplo: 3 },
        admin,
      ),
    );
    expect(saved).toMatchObject({ cantidad_minima: 6, multiplo: 3 });
    expect(await ok(send('GET', 'modelo-admin/NDBIB3', admin))).toMatchObject({
      cantidad_minima: 6,
      multiplo: 3,
    });
    expect(await ok(send('GET', 'modelo/NDBIB3', shop))).toMatchObject({ cantidad_minima: 6, multiplo: 3 });
    // A model without a rule: 1 and 1.
    expect(await ok(send('GET', 'modelo/NDMAN9', shop))).toMatchObject({ cantidad_minima: 1, multiplo: 1 });
    // Omitted, they stay; 0 or a fraction is refused.
    expect(await ok(post('modelo/update', { modelo: 'NDBIB3', descripcion_en: 'Bib' }, admin))).toMatchObject(
      { cantidad_minima: 6, multiplo: 3 },
    );
    const bad = await post(
      'modelo/update',
      { modelo: 'NDBIB3', descripcion_en: 'Bib', cantidad_minima: 0, multiplo: 1.5 },
      admin,
    );
    expect(bad.statusCode, bad.body).toBe(422);
    expect(Object.keys(bad.json().issues).sort()).toEqual(['cantidad_minima', 'multiplo']);
  });

  it('refuse a shop’s lineadd below the minimum or off the pack size, and take a right one', async () => {
    const below = await post('pedidos/lineadd', bib(3), shop);
    expectRefused(below, 'cantidad', BELOW_MIN(6));
    expect(below.json().message).toBe('The minimum quantity of this model is 6');
    const off = await post('pedidos/lineadd', bib(7), shop);
    expectRefused(off, 'cantidad', NOT_MULTIPLE(3));
    expect(off.json().message).toBe('This model is sold in packs of 3: the quantity must be a multiple of 3');
    const right = await ok(post('pedidos/lineadd', bib(9), shop));
    // Never rounded: the line has what was asked.
    expect(right.detalle.filter((l: any) => !l.porte).map((l: any) => [l.modelo.modelo, l.unped])).toEqual([
      ['NDBIB3', 9],
    ]);
    // The cart's line carries the rule its quantity field checks; the shipping line has none.
    expect(right.detalle.map((l: any) => [l.modelo.modelo, l.cantidad_minima, l.multiplo])).toEqual(
      right.detalle.map((l: any) => (l.porte ? ['', 1, 1] : ['NDBIB3', 6, 3])),
    );
    await emptyCart(shop);
  });

  it('refuse staff too: an Admin and a Representante acting for the client', async () => {
    expectRefused(
      await post('pedidos/lineadd', bib(4, { cliente_id: listed }), admin),
      'cantidad',
      BELOW_MIN(6),
    );
    expectRefused(
      await post('pedidos/lineadd', bib(8, { cliente_id: listed }), rep),
      'cantidad',
      NOT_MULTIPLE(3),
    );
  });

  it('mark a quick order’s rows, and quick add refuses the batch', async () => {
    const { rows } = await ok(
      post(
        'pedidos/quick/check',
        {
          rows: [
            { modelo: 'NDBIB3', cantidad: '4' },
            { modelo: 'NDBIB3', cantidad: '12' },
            { modelo: 'NDBIB3', cantidad: '10' },
            { modelo: 'NDMAN9', cantidad: '1' },
          ],
        },
        shop,
      ),
    );
    expect(rows.map((r: any) => [r.status, r.errors])).toEqual([
      ['error', { cantidad: BELOW_MIN(6) }],
      ['ok', {}],
      ['error', { cantidad: NOT_MULTIPLE(3) }],
      ['ok', {}],
    ]);
    const add = await post('pedidos/quick/add', { lines: [blanket(1), bib(10)] }, shop);
    expectRefused(add, 'lines.1.cantidad', NOT_MULTIPLE(3));
    expect((await ok(post('pedidos/cliente', {}, shop))).detalle.map((l: any) => l.modelo.modelo)).toEqual(
      [],
    );
    const added = await ok(post('pedidos/quick/add', { lines: [blanket(1), bib(6)] }, shop));
    expect(added.added).toBe(2);
    await emptyCart(shop);
  });

  it('refuse a cart quantity change and an edit (linereplace), for the shop and for staff', async () => {
    const cart = await ok(post('pedidos/lineadd', bib(6), shop));
    const line = cart.detalle[0];
    const change = (cantidad: number, h: H) =>
      post('pedidos/linequantity', { pedido_id: cart.id, linea_id: line.id, cantidad }, h);
    expectRefused(await change(5, shop), 'cantidad', BELOW_MIN(6));
    expectRefused(await change(10, shop), 'cantidad', NOT_MULTIPLE(3));
    expectRefused(await change(11, rep), 'cantidad', NOT_MULTIPLE(3));
    const changed = await ok(change(12, shop));
    expect(changed.detalle[0].unped).toBe(12);
    const replace = (cantidad: number, h: H) =>
      post('pedidos/linereplace', { pedido_id: cart.id, linea_id: line.id, ...bib(cantidad) }, h);
    expectRefused(await replace(2, shop), 'cantidad', BELOW_MIN(6));
    expectRefused(await replace(13, admin), 'cantidad', NOT_MULTIPLE(3));
    expect((await ok(replace(15, shop))).detalle[0].unped).toBe(15);
    // A model without a rule takes any quantity in place.
    const other = await ok(
      post('pedidos/linereplace', { pedido_id: cart.id, linea_id: line.id, ...blanket(1) }, shop),
    );
    expect(other.detalle[0].unped).toBe(1);
    await emptyCart(shop);
  });

  it('make a past line unavailable on reorder when its quantity no longer fits; buy again starts right', async () => {
    // Bought 9 bibs (staff, for the shop, above the order minimum), then the pack becomes 4.
    await ok(post('pedidos/lineadd', blanket(5, { cliente_id: listed }), admin));
    const cart = await ok(post('pedidos/lineadd', bib(9, { cliente_id: listed }), admin));
    await ok(post('pedidos/processOrder', { pedido_id: cart.id }, shop));
    await ok(post('modelo/update', { modelo: 'NDBIB3', descripcion_en: 'Bib', multiplo: 4 }, admin));
    const { lines } = await ok(post('pedidos/reorder/check', { pedido_id: cart.id }, shop));
    const bibLine = lines.find((l: any) => l.model.modelo === 'NDBIB3');
    expect(bibLine).toMatchObject({ status: 'unavailable', issues: [NOT_MULTIPLE(4)], cantidad: 9 });
    expect(lines.find((l: any) => l.model.modelo === 'NDMAN9').status).toBe('ok');
    // Staff get no override either.
    const forRep = await ok(post('pedidos/reorder/check', { pedido_id: cart.id }, rep));
    expect(forRep.lines.find((l: any) => l.model.modelo === 'NDBIB3').status).toBe('unavailable');
    // Buy again (one line) does not repeat the quantity: the line starts at the first valid one.
    const again = await ok(post('pedidos/reorder/check', { linea_id: bibLine.linea_id }, shop));
    expect(again.lines[0]).toMatchObject({ status: 'ok', line: { modelo: 'NDBIB3', cantidad: 8 } });
    await ok(post('modelo/update', { modelo: 'NDBIB3', descripcion_en: 'Bib', multiplo: 3 }, admin));
  });
});

describe('a price list’s minimum order value', () => {
  // Amounts as the es-ES format writes them (a no-break space before €).
  const MINIMUM = (minimo: number, faltan: number) => ({
    code: 'order.orderBelowMinimum',
    params: { minimo: formatMoney(minimo), faltan: formatMoney(faltan) },
  });

  it('is saved with the price list', async () => {
    const lists = await ok(send('GET', 'tarifas', admin));
    expect(lists.data.find((l: any) => l.nombre === 'Mayoristas')).toMatchObject({
      pedido_minimo_primero: 100,
      pedido_minimo: 50,
    });
    const bad = await send('POST', 'tarifas', admin, { nombre: 'Mala', descuento: 0, pedido_minimo: -1 });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(Object.keys(bad.json().issues)).toEqual(['pedido_minimo']);
  });

  it('is none for a client without a price list', async () => {
    const cart = await ok(post('pedidos/lineadd', blanket(1), plainShop));
    expect(cart.pedido_minimo).toBeNull();
    const sent = await ok(post('pedidos/processOrder', { pedido_id: cart.id }, plainShop));
    expect(sent.pedido.status).toBe('w');
  });

  it('for a first order: the cart says what is missing and a shop is refused until it is reached', async () => {
    const fresh = await createClient(ctx, 'Tienda Nueva', {
      tarifa_id: (await ok(send('GET', 'tarifas', admin))).data.find((l: any) => l.nombre === 'Mayoristas')
        .id,
    });
    const h = await tokenFor(
      ctx,
      (await createUser(ctx, { email: 'new@min.test', role: 'Cliente', cliente_id: fresh.id })).id,
    );
    expect((await ok(post('pedidos/cliente', {}, h))).pedido_minimo).toEqual({
      minimo: 100,
      faltan: 100,
      primero: true,
    });
    // 2 blankets: 40 € of goods (the 5 € shipping line is not goods).
    const cart = await ok(post('pedidos/lineadd', blanket(2), h));
    expect(cart.detalle.some((l: any) => l.porte)).toBe(true);
    expect(cart.pedido_minimo).toEqual({ minimo: 100, faltan: 60, primero: true });
    const refused = await post('pedidos/processOrder', { pedido_id: cart.id }, h);
    expectRefused(refused, 'pedido_id', MINIMUM(100, 60));
    expect(refused.json().message).toBe(
      `The minimum order is ${formatMoney(100)} before tax: ${formatMoney(60)} more to reach it`,
    );
    // 5 blankets: 100 € reached exactly.
    const line = cart.detalle.find((l: any) => !l.porte);
    const enough = await ok(
      post('pedidos/linequantity', { pedido_id: cart.id, linea_id: line.id, cantidad: 5 }, h),
    );
    expect(enough.pedido_minimo).toEqual({ minimo: 100, faltan: 0, primero: true });
    const sent = await ok(post('pedidos/processOrder', { pedido_id: cart.id }, h));
    expect(sent.pedido.avisos).toBeUndefined();
    // The next cart is a next order: the list's other minimum.
    expect((await ok(post('pedidos/cliente', {}, h))).pedido_minimo).toEqual({
      minimo: 50,
      faltan: 50,
      primero: false,
    });
    // Unless that order is cancelled (record 057): a cancelled order never was one.
    await ok(send('POST', 'pedidos/cancel', admin, { pedido_id: sent.pedido.id, reason: 'Duplicado' }));
    expect((await ok(post('pedidos/cliente', {}, h))).pedido_minimo).toEqual({
      minimo: 100,
      faltan: 100,
      primero: true,
    });
  });

  it('for a next order: a shop is refused below it', async () => {
    // The listed client has a submitted order (the reorder test): its minimum is the next orders'.
    const cart = await ok(post('pedidos/lineadd', blanket(2), shop));
    expect(cart.pedido_minimo).toEqual({ minimo: 50, faltan: 10, primero: false });
    expectRefused(
      await post('pedidos/processOrder', { pedido_id: cart.id }, shop),
      'pedido_id',
      MINIMUM(50, 10),
    );
  });

  it('lets staff submit below it, warned, and the audit row records it', async () => {
    const cart = await ok(post('pedidos/cliente', { cliente_id: listed }, rep));
    expect(cart.pedido_minimo.faltan).toBe(10);
    const sent = await ok(post('pedidos/processOrder', { pedido_id: cart.id }, rep));
    expect(sent.pedido.status).toBe('w');
    expect(sent.pedido.avisos).toEqual([MINIMUM(50, 10)]);
    const [row] = await ctx.database.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.action, 'pedido.process'), eq(audit_log.entity_id, String(cart.id))));
    expect(row.details).toMatchObject({
      bajo_pedido_minimo: { minimo_cents: 5000, faltan_cents: 1000, primero: false },
    });
    // An Admin too; a submission at or above the minimum records nothing.
    await ok(post('pedidos/lineadd', blanket(1, { cliente_id: listed }), admin));
    const byAdmin = await ok(post('pedidos/cliente', { cliente_id: listed }, admin));
    expect((await ok(post('pedidos/processOrder', { pedido_id: byAdmin.id }, admin))).pedido.avisos).toEqual([
      MINIMUM(50, 30),
    ]);
    await ok(post('pedidos/lineadd', blanket(3, { cliente_id: listed }), admin));
    const above = await ok(post('pedidos/cliente', { cliente_id: listed }, admin));
    expect(
      (await ok(post('pedidos/processOrder', { pedido_id: above.id }, admin))).pedido.avisos,
    ).toBeUndefined();
    const [aboveRow] = await ctx.database.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.action, 'pedido.process'), eq(audit_log.entity_id, String(above.id))));
    expect(aboveRow.details).not.toHaveProperty('bajo_pedido_minimo');
  });

  it('declares every status the requests of this file got', async () => {
    await expectAnswersDocumented(ctx);
  });
});
