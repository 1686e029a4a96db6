/**
 * The shipping line (product.md §5.4): a price list's rule (a charge below a goods total, free from
 * it) kept by every change of the cart and by the submission, taxed like the goods, frozen once
 * submitted, never offered for buy again and never changed by the user.
 */
import { CATALOG_ADMIN_MSG, ORDER_MSG } from '@nido/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../../test/harness.ts';
import { expectAnswersDocumented } from '../../../test/openapi.ts';
import { decodeEml, sentMails, waitForMails } from '../../../test/outbox.ts';
import { pdfText } from '../../../test/pdf.ts';
import { buildCatalogue } from '../catalogue/test-fixtures.ts';

type H = { authorization: string };
type Line = {
  id: number;
  porte: boolean;
  lineaprimaria: number;
  precio: number;
  importe: number;
  modelo: { modelo: string };
};

let ctx: TestContext;
let admin: H;
const ids = { list: 0, bare: 0, shop: 0, other: 0, nolist: 0 };
const tokens: Record<'shop' | 'other' | 'nolist', H> = {} as never;

const send = (method: 'GET' | 'POST' | 'PUT', url: string, headers: H, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api/${url}`, payload: payload as object, headers });

async function ok(method: 'GET' | 'POST' | 'PUT', url: string, headers: H, payload?: unknown) {
  const res = await send(method, url, headers, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

/** One changing bag (NDBOL07: no options, PVP 45.00; the lists here give no discount). */
const bag = (cantidad = 1, extra: Record<string, unknown> = {}) => ({
  modelo: 'NDBOL07',
  cantidad,
  ...extra,
});
const shippingOf = (order: { detalle: Line[] }) => order.detalle.filter((l) => l.porte);
const goodsOf = (order: { detalle: Line[] }) => order.detalle.filter((l) => !l.porte);

/** The "Tiendas" rule: 9.95 of shipping, free from 90.00 of goods (two bags exactly). */
const RULE = { nombre: 'Tiendas', descuento: 0, porte: 9.95, porte_gratis_desde: 90 };

beforeAll(async () => {
  ctx = await createTestContext();
  await buildCatalogue(ctx);
  admin = await tokenFor(ctx, (await createUser(ctx, { email: 'admin@ship.test', role: 'Admin' })).id);
  ids.list = (await ok('POST', 'tarifas', admin, RULE)).id;
  ids.bare = (await ok('POST', 'tarifas', admin, { nombre: 'Sin portes', descuento: 0 })).id;
  ids.shop = (await createClient(ctx, 'Tienda Porte', { tarifa_id: ids.list, regimen_fiscal: 'recargo' })).id;
  ids.other = (await createClient(ctx, 'Tienda Sin Regla', { tarifa_id: ids.bare })).id;
  ids.nolist = (await createClient(ctx, 'Tienda Sin Tarifa')).id;
  for (const k of ['shop', 'other', 'nolist'] as const) {
    const user = await createUser(ctx, { email: `${k}@ship.test`, role: 'Cliente', cliente_id: ids[k] });
    tokens[k] = await tokenFor(ctx, user.id);
  }
});
afterAll(async () => {
  expectAnswersDocumented(ctx);
  await ctx?.close();
});

async function emptyCart(h: H) {
  const cart = await ok('POST', 'pedidos/cliente', h, {});
  for (const l of goodsOf(cart).filter((x) => x.lineaprimaria === 0))
    await ok('POST', 'pedidos/lineremove', h, { pedido_id: cart.id, linea_id: l.id });
  return ok('POST', 'pedidos/cliente', h, {});
}

describe('the price list rule', () => {
  it('is read and written with the list, and refuses a negative amount with its code', async () => {
    expect(await ok('GET', `tarifas/${ids.list}`, admin)).toMatchObject({
      porte: 9.95,
      porte_gratis_desde: 90,
    });
    expect(await ok('GET', `tarifas/${ids.bare}`, admin)).toMatchObject({
      porte: null,
      porte_gratis_desde: null,
    });
    const listed = (await ok('GET', 'tarifas', admin)).data.find((l: { id: number }) => l.id === ids.list);
    expect(listed).toMatchObject({ porte: 9.95, porte_gratis_desde: 90 });
    const refused = await send('PUT', `tarifas/${ids.list}`, admin, { ...RULE, porte: -1 });
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain(CATALOG_ADMIN_MSG.shippingInvalid.code);
    const cents = await send('PUT', `tarifas/${ids.list}`, admin, { ...RULE, porte_gratis_desde: 90.001 });
    expect(cents.statusCode).toBe(422);
  });
});

describe('the shipping line in the cart', () => {
  it('is absent when the list has no rule, and when the client has no list', async () => {
    for (const h of [tokens.other, tokens.nolist]) {
      const cart = await ok('POST', 'pedidos/lineadd', h, bag());
      expect(shippingOf(cart)).toEqual([]);
      expect(cart.total).toBe(45);
      expect(cart.porte_gratis_desde).toBeNull();
    }
  });

  it('is added below the free total as its own line, last, taxed with the goods', async () => {
    const cart = await ok('POST', 'pedidos/lineadd', tokens.shop, bag());
    expect(cart.detalle).toHaveLength(2);
    expect(cart.detalle[1]).toMatchObject({
      porte: true,
      lineaprimaria: 0,
      unped: 1,
      precio: 9.95,
      importe: 9.95,
      importe_total: 9.95,
      modelo: { modelo: '', descripcion: 'Portes', descripcion_en: 'Shipping' },
      parametros_color: [],
      parametros_bordado: null,
      imagen: null,
    });
    expect(cart.porte_gratis_desde).toBe(90);
    expect(cart.total).toBe(54.95);
    // Recargo de equivalencia: 21 % and 5.2 % of 54.95 (11.5395 → 11.54, 2.8574 → 2.86).
    expect(cart.impuestos).toMatchObject({
      regimen: 'recargo',
      base: 54.95,
      lineas: [
        { impuesto: 'iva', tipo: 21, base: 54.95, cuota: 11.54 },
        { impuesto: 're', tipo: 5.2, base: 54.95, cuota: 2.86 },
      ],
      total: 69.35,
    });
  });

  it('goes exactly at the free total and comes back below it, by quantity', async () => {
    const cart = await ok('POST', 'pedidos/cliente', tokens.shop, {});
    const [line] = goodsOf(cart);
    const free = await ok('POST', 'pedidos/linequantity', tokens.shop, {
      pedido_id: cart.id,
      linea_id: line.id,
      cantidad: 2,
    });
    expect(free.total).toBe(90);
    expect(shippingOf(free)).toEqual([]);
    const back = await ok('POST', 'pedidos/linequantity', tokens.shop, {
      pedido_id: cart.id,
      linea_id: line.id,
      cantidad: 1,
    });
    expect(shippingOf(back)).toMatchObject([{ precio: 9.95 }]);
    expect(back.total).toBe(54.95);
  });

  it('follows an added and a removed line, an edit and a quick order', async () => {
    const cart = await ok('POST', 'pedidos/lineadd', tokens.shop, bag());
    expect(shippingOf(cart)).toEqual([]);
    expect(cart.total).toBe(90);
    const second = goodsOf(cart)[1];
    const removed = await ok('POST', 'pedidos/lineremove', tokens.shop, {
      pedido_id: cart.id,
      linea_id: second.id,
    });
    expect(shippingOf(removed)).toHaveLength(1);
    const [line] = goodsOf(removed);
    const edited = await ok(
      'POST',
      'pedidos/linereplace',
      tokens.shop,
      bag(3, { pedido_id: cart.id, linea_id: line.id }),
    );
    expect(shippingOf(edited)).toEqual([]);
    expect(edited.total).toBe(135);
    const again = await ok(
      'POST',
      'pedidos/linereplace',
      tokens.shop,
      bag(1, { pedido_id: cart.id, linea_id: line.id }),
    );
    expect(shippingOf(again)).toHaveLength(1);
    const quick = await ok('POST', 'pedidos/quick/add', tokens.shop, { lines: [bag(1)] });
    expect(shippingOf(quick.pedido)).toEqual([]);
    expect(quick.pedido.total).toBe(90);
  });

  it('goes with the last goods line', async () => {
    const cart = await emptyCart(tokens.shop);
    expect(cart.detalle).toEqual([]);
    expect(cart.total).toBe(0);
  });

  it('cannot be removed, changed or edited by the user', async () => {
    const cart = await ok('POST', 'pedidos/lineadd', tokens.shop, bag());
    const [shipping] = shippingOf(cart);
    for (const [url, body] of [
      ['pedidos/lineremove', {}],
      ['pedidos/linequantity', { cantidad: 5 }],
      ['pedidos/linereplace', bag(1)],
    ] as const) {
      const res = await send('POST', url, tokens.shop, {
        pedido_id: cart.id,
        linea_id: shipping.id,
        ...body,
      });
      expect(res.statusCode, url).toBe(422);
      expect(res.json().errors.linea_id).toEqual([ORDER_MSG.shippingLine.text]);
      expect(res.json().code).toBe(ORDER_MSG.shippingLine.code);
    }
    const after = await ok('POST', 'pedidos/cliente', tokens.shop, {});
    expect(after.detalle).toEqual(cart.detalle);
  });
});

describe('a change of rule', () => {
  it('applies on the next change of the cart and at submission; a submitted order keeps its own', async () => {
    const cart = await ok('POST', 'pedidos/cliente', tokens.shop, {});
    expect(shippingOf(cart)).toMatchObject([{ precio: 9.95 }]);
    await ok('PUT', `tarifas/${ids.list}`, admin, { ...RULE, porte: 12, porte_gratis_desde: 200 });
    // Read alone, the cart is as it was; its free total is the list's now.
    const read = await ok('POST', 'pedidos/cliente', tokens.shop, {});
    expect(shippingOf(read)).toMatchObject([{ precio: 9.95 }]);
    expect(read.porte_gratis_desde).toBe(200);
    const changed = await ok('POST', 'pedidos/linequantity', tokens.shop, {
      pedido_id: cart.id,
      linea_id: goodsOf(cart)[0].id,
      cantidad: 2,
    });
    expect(shippingOf(changed)).toMatchObject([{ precio: 12 }]);
    expect(changed.total).toBe(102);

    await ok('PUT', `tarifas/${ids.list}`, admin, { ...RULE, porte: 15, porte_gratis_desde: 200 });
    const { pedido } = await ok('POST', 'pedidos/processOrder', tokens.shop, { pedido_id: cart.id });
    expect(pedido.status).toBe('w');
    expect(shippingOf(pedido)).toMatchObject([{ precio: 15, modelo: { descripcion: 'Portes' } }]);
    expect(pedido.total).toBe(105);
    expect(pedido.porte_gratis_desde).toBeNull();

    await ok('PUT', `tarifas/${ids.list}`, admin, { ...RULE, porte: 30, porte_gratis_desde: null });
    const kept = await ok('GET', `pedido/${pedido.id}`, tokens.shop);
    expect(shippingOf(kept)).toMatchObject([{ precio: 15 }]);
    expect(kept.total).toBe(105);
    const list = await ok('POST', 'pedidos/list', tokens.shop, {});
    expect(list.data.find((o: { id: number }) => o.id === pedido.id)).toMatchObject({
      total: 105,
      lineas: 1,
    });
  });

  it('drops the line at submission when the list no longer charges', async () => {
    const cart = await ok('POST', 'pedidos/lineadd', tokens.shop, bag());
    expect(shippingOf(cart)).toMatchObject([{ precio: 30 }]);
    await ok('PUT', `tarifas/${ids.list}`, admin, { ...RULE, porte: null, porte_gratis_desde: null });
    const { pedido } = await ok('POST', 'pedidos/processOrder', tokens.shop, { pedido_id: cart.id });
    expect(shippingOf(pedido)).toEqual([]);
    expect(pedido.total).toBe(45);
    await ok('PUT', `tarifas/${ids.list}`, admin, RULE);
  });
});

describe('what shows a submitted order', () => {
  it('writes the shipping line in the confirmation mail, the PDF and the export', async () => {
    await ok('POST', 'pedidos/lineadd', tokens.shop, bag());
    const cart = await ok('POST', 'pedidos/cliente', tokens.shop, {});
    expect(shippingOf(cart)).toHaveLength(1);
    const before = (await sentMails(ctx)).length;
    const { pedido } = await ok('POST', 'pedidos/processOrder', tokens.shop, { pedido_id: cart.id });
    const mail = decodeEml((await waitForMails(ctx, before + 1)).slice(before).join('\n'));
    expect(mail).toMatch(/1 \S+ Portes — 9,95\s€/);
    const pdf = await send('GET', `pedido/${pedido.id}/pdf`, tokens.shop);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Portes');
    expect(text).toContain('9,95');
    const csv = await ctx.app.inject({
      method: 'POST',
      url: '/api/pedidos/exportCsv',
      payload: { tipodoc: 'E', filters: { text: pedido.docum } },
      headers: tokens.shop,
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = csv.body.split(/\r?\n/).filter((r) => r.includes(pedido.docum));
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('Portes');
    expect(rows[1]).toContain('9,95');
  });
});

describe('staff and buy again', () => {
  it('charges shipping on a cart an Admin fills for the client', async () => {
    const cart = await ok('POST', 'pedidos/lineadd', admin, bag(1, { cliente_id: ids.shop }));
    expect(cart.cliente_id).toBe(ids.shop);
    expect(shippingOf(cart)).toMatchObject([{ precio: 9.95 }]);
    expect(cart.porte_gratis_desde).toBe(90);
    const { pedido } = await ok('POST', 'pedidos/processOrder', admin, { pedido_id: cart.id });
    expect(shippingOf(pedido)).toHaveLength(1);
  });

  it('never offers the shipping line for buy again', async () => {
    const answer = await ok('POST', 'modelo/lastPurchased', tokens.shop, {});
    expect(answer.ids.length).toBeGreaterThan(0);
    for (const id of answer.ids) {
      expect(answer.details[String(id)]).toMatchObject({ modelo: 'NDBOL07', porte: false });
    }
    const orders = (await ok('POST', 'pedidos/list', tokens.shop, {})).data;
    const order = await ok('GET', `pedido/${orders[0].id}`, tokens.shop);
    const [shipping] = shippingOf(order);
    expect(shipping).toBeDefined();
    expect(answer.ids).not.toContain(shipping.id);
    // Order again re-checks the goods only.
    const recheck = await ok('POST', 'pedidos/reorder/check', tokens.shop, { pedido_id: order.id });
    expect(recheck.lines.map((l: { model: { modelo: string } }) => l.model.modelo)).toEqual(['NDBOL07']);
  });
});
