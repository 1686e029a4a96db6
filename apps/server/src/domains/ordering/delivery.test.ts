/**
 * Delivery addresses (kept by the Admin and by the shop), the copy an order keeps of the chosen one,
 * the lead time the Admin sets, and where the address shows: the order, its list's search, the
 * confirmation mail and both documents (decision 045).
 */
import { earliestDelivery, formatIsoDay, madridIsoDay } from '@nido/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../../test/harness.ts';
import { expectAnswersDocumented } from '../../../test/openapi.ts';
import { sentMails, waitForMails } from '../../../test/outbox.ts';
import { pdfAttachment, pdfText } from '../../../test/pdf.ts';
import { buildCatalogue, type Fixture } from '../catalogue/test-fixtures.ts';

type H = { authorization: string };

let ctx: TestContext;
let fx: Fixture;
let A: { id: number };
let B: { id: number };
let userA: H;
let userB: H;
let rep: H;
let admin: H;

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await buildCatalogue(ctx);
  const repUser = await createUser(ctx, { email: 'rep@delivery.test', role: 'Representante' });
  A = await createClient(ctx, 'Tienda Ana', { representante_id: repUser.id, nombre: 'Ana Textil S.L.' });
  B = await createClient(ctx, 'Tienda Bea');
  const ua = await createUser(ctx, {
    email: 'ana@delivery.test',
    role: 'Cliente',
    cliente_id: A.id,
    name: 'Ana',
  });
  const ub = await createUser(ctx, {
    email: 'bea@delivery.test',
    role: 'Cliente',
    cliente_id: B.id,
    name: 'Bea',
  });
  const ad = await createUser(ctx, { email: 'admin@delivery.test', role: 'Admin' });
  userA = await tokenFor(ctx, ua.id);
  userB = await tokenFor(ctx, ub.id);
  rep = await tokenFor(ctx, repUser.id);
  admin = await tokenFor(ctx, ad.id);
});
afterAll(async () => {
  expectAnswersDocumented(ctx);
  await ctx?.close();
});

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api/${url}`, payload: payload as object, headers });

const centro = {
  nombre: 'Tienda centro',
  direccion: 'Calle Mayor 5',
  cp: '28013',
  poblacion: 'Madrid',
  provincia: 'Madrid',
  telefono: '910 000 111',
};
const almacen = {
  nombre: 'Almacén Getafe',
  direccion: 'Polígono Los Olivos, nave 7',
  cp: '28906',
  poblacion: 'Getafe',
  provincia: 'Madrid',
  telefono: '916 222 333',
};

/** A cart with one line (3 × 135 € = 405 €): client A's, filled by its user, or the one `h` names. */
async function cartA(h = userA, cliente_id?: number): Promise<number> {
  const res = await send('POST', 'pedidos/lineadd', h, {
    cliente_id,
    modelo: 'NDCAP01',
    cantidad: 3,
    parametros_color: [
      { parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa },
      { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.algodon },
      { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.sinBordado },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

describe('delivery addresses', () => {
  it('are kept by the Admin and by the shop, with exactly one default', async () => {
    // The shop's first address is its default.
    let res = await send('POST', `cliente/${A.id}/direcciones`, userA, centro);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { ...centro, id: expect.any(Number), cliente_id: A.id, pais: 'España', predeterminada: true },
    ]);
    // The Admin adds another, not the default.
    res = await send('POST', `cliente/${A.id}/direcciones`, admin, almacen);
    expect(
      res.json().data.map((a: { nombre: string; predeterminada: boolean }) => [a.nombre, a.predeterminada]),
    ).toEqual([
      ['Tienda centro', true],
      ['Almacén Getafe', false],
    ]);
    const [first, second] = res.json().data;
    // Making the second the default moves the flag (the default is listed first).
    res = await send('PUT', `direccion/${second.id}`, userA, { ...almacen, predeterminada: true });
    expect(
      res.json().data.map((a: { id: number; predeterminada: boolean }) => [a.id, a.predeterminada]),
    ).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    // Deleting the default hands it to the remaining address.
    res = await send('DELETE', `direccion/${second.id}`, admin);
    expect(res.json().data).toEqual([{ ...first, predeterminada: true }]);
    res = await send('POST', `cliente/${A.id}/direcciones`, admin, almacen);
    expect(res.json().data).toHaveLength(2);
    // Everyone who may see the client reads them, the default first.
    for (const h of [userA, rep, admin]) {
      const list = await send('GET', `cliente/${A.id}/direcciones`, h);
      expect(list.statusCode).toBe(200);
      expect(list.json().data.map((a: { nombre: string }) => a.nombre)).toEqual([
        'Tienda centro',
        'Almacén Getafe',
      ]);
    }
  });

  it('refuses a nameless address and keeps other clients’ addresses out of sight', async () => {
    const bad = await send('POST', `cliente/${A.id}/direcciones`, userA, { ...centro, nombre: '  ' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ nombre: ['The address needs a name'] });
    const [address] = (await send('GET', `cliente/${A.id}/direcciones`, admin)).json().data;
    // Client B's user: A's list, an edit and a delete of A's address are all "not found".
    expect((await send('GET', `cliente/${A.id}/direcciones`, userB)).statusCode).toBe(404);
    expect((await send('POST', `cliente/${A.id}/direcciones`, userB, centro)).statusCode).toBe(404);
    const edit = await send('PUT', `direccion/${address.id}`, userB, { ...centro, nombre: 'Robada' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().message).toBe('Delivery address not found');
    expect((await send('DELETE', `direccion/${address.id}`, userB)).statusCode).toBe(404);
    // A Representante reads its client's addresses but does not keep them.
    expect((await send('PUT', `direccion/${address.id}`, rep, centro)).statusCode).toBe(403);
    const after = (await send('GET', `cliente/${A.id}/direcciones`, admin)).json().data;
    expect(after[0]).toEqual(address);
  });
});

describe('the lead time', () => {
  it('is an Admin setting that checkout obeys', async () => {
    expect((await send('GET', 'pedidos/settings', userA)).json()).toEqual({
      delivery_lead_days: 3,
      maker: {
        name: 'Nido Textil Infantil S.L.',
        tax_id: 'B12345674',
        address: expect.stringContaining('Paterna'),
      },
      // The Admin's new-order mail list is the Admin's to read (notifications.test.ts).
      new_order_emails: [],
      new_order_emails_language: 'es',
    });
    expect((await send('PUT', 'pedidos/settings', userA, { delivery_lead_days: 1 })).statusCode).toBe(403);
    const bad = await send('PUT', 'pedidos/settings', admin, { delivery_lead_days: 400 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.delivery_lead_days).toEqual([
      'The lead time must be a whole number of days between 0 and 365',
    ]);
    const saved = await send('PUT', 'pedidos/settings', admin, { delivery_lead_days: 10 });
    expect(saved.json()).toMatchObject({ delivery_lead_days: 10 });
    const today = madridIsoDay(ctx.clock.now());
    const cart = await cartA();
    const tooSoon = await send('POST', 'pedidos/processOrder', userA, {
      pedido_id: cart,
      fecha_entrega: earliestDelivery(today, 9),
    });
    expect(tooSoon.statusCode).toBe(422);
    expect(tooSoon.json().errors.fecha_entrega).toEqual([
      `The earliest delivery date is ${formatIsoDay(earliestDelivery(today, 10))}`,
    ]);
    await send('PUT', 'pedidos/settings', admin, { delivery_lead_days: 3 });
  });
});

describe('an order’s delivery address', () => {
  it('is the one chosen at checkout, kept as it was, on the order, its list, its mail and its documents', async () => {
    const addresses = (await send('GET', `cliente/${A.id}/direcciones`, userA)).json().data;
    const getafe = addresses.find((a: { nombre: string }) => a.nombre === 'Almacén Getafe');
    expect(getafe.predeterminada).toBe(false);
    const cart = await cartA();
    const fecha = earliestDelivery(madridIsoDay(ctx.clock.now()), 3);
    // Client B's address is not A's to choose.
    const bAddress = (await send('POST', `cliente/${B.id}/direcciones`, userB, { nombre: 'Bea' })).json()
      .data[0];
    const foreign = await send('POST', 'pedidos/processOrder', userA, {
      pedido_id: cart,
      direccion_id: bAddress.id,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ direccion_id: ['Delivery address not found'] });

    const before = (await sentMails(ctx)).length;
    const res = await send('POST', 'pedidos/processOrder', userA, {
      pedido_id: cart,
      direccion_id: getafe.id,
      referencia: 'PO-77',
      fecha_entrega: fecha,
    });
    expect(res.statusCode, res.body).toBe(200);
    const order = res.json().pedido;
    const copy = { ...almacen, pais: 'España' };
    expect(order.entrega).toEqual(copy);
    // A later edit of the address never changes the submitted order.
    await send('PUT', `direccion/${getafe.id}`, userA, { ...almacen, poblacion: 'Leganés' });
    for (const h of [userA, admin]) {
      expect((await send('GET', `pedido/${order.id}`, h)).json().entrega).toEqual(copy);
    }
    // The lists find it by the address's town or name, for the shop and for the Admin.
    for (const [h, text] of [
      [userA, 'getafe'],
      [admin, 'almacén get'],
    ] as const) {
      const found = await send('POST', 'pedidos/list', h, { tipodoc: 'E', page: 1, filters: { text } });
      expect(found.json().data.map((o: { id: number }) => o.id)).toEqual([order.id]);
    }
    const none = await send('POST', 'pedidos/list', userA, {
      tipodoc: 'E',
      page: 1,
      filters: { text: 'leganés' },
    });
    expect(none.json().data).toEqual([]);
    // The confirmation mail, its attached PDF and the downloaded PDF (es, en) carry it.
    const lines = [
      'Almacén Getafe',
      'Polígono Los Olivos, nave 7',
      '28906 Getafe (Madrid)',
      'España',
      'Tel. 916 222 333',
    ];
    const mail = (await waitForMails(ctx, before + 1)).slice(before).join('\n');
    expect(mail).toContain(`Dirección de entrega: ${lines.join(', ')}`);
    const attached = await pdfText(pdfAttachment((await sentMails(ctx)).slice(before).join('\n'))!);
    const es = await pdfText((await send('GET', `pedido/${order.id}/pdf`, userA)).rawPayload);
    const en = await pdfText((await send('GET', `pedido/${order.id}/pdf?lang=en`, admin)).rawPayload);
    for (const [text, label] of [
      [attached, 'Dirección de entrega:'],
      [es, 'Dirección de entrega:'],
      [en, 'Delivery address:'],
    ]) {
      expect(text).toContain(`${label} ${lines.join(' ')}`);
      expect(text).toContain('PO-77');
      expect(text).toContain(formatIsoDay(fecha));
    }
  });

  it('is the client’s default when checkout names none, and none for a client without addresses', async () => {
    const cart = await cartA();
    const order = (await send('POST', 'pedidos/processOrder', userA, { pedido_id: cart })).json().pedido;
    expect(order.entrega.nombre).toBe('Tienda centro');
    const bare = await createClient(ctx, 'Tienda sin dirección');
    const res = await send('POST', 'pedidos/processOrder', admin, { pedido_id: await cartA(admin, bare.id) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pedido.entrega).toBeNull();
    const pdf = await pdfText((await send('GET', `pedido/${res.json().pedido.id}/pdf`, admin)).rawPayload);
    expect(pdf).not.toContain('Dirección de entrega');
  });
});

describe('checkout details kept with the cart', () => {
  /** Client A's cart as one of its users, a staff member acting for it, or client B's user sees it. */
  const cartOf = async (h: H, pedido_id?: number) =>
    send('POST', 'pedidos/cliente', h, { cliente_id: A.id, pedido_id });
  const details = (o: { referencia: string; fecha_entrega: string | null; direccion_id: number | null }) => ({
    referencia: o.referencia,
    fecha_entrega: o.fecha_entrega,
    direccion_id: o.direccion_id,
  });

  it('are saved as typed and found by every user of the client and by staff acting for it', async () => {
    const cart = await cartA();
    const getafe = (await send('GET', `cliente/${A.id}/direcciones`, userA))
      .json()
      .data.find((a: { nombre: string }) => a.nombre === 'Almacén Getafe');
    const fecha = earliestDelivery(madridIsoDay(ctx.clock.now()), 5);
    const saved = await send('POST', 'pedidos/savedetails', userA, {
      pedido_id: cart,
      referencia: '  PO-2026/118 ',
      fecha_entrega: fecha,
      direccion_id: getafe.id,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const kept = { referencia: 'PO-2026/118', fecha_entrega: fecha, direccion_id: getafe.id };
    expect(details(saved.json())).toEqual(kept);
    // Another user of the same client, its Representante and the Admin find them.
    const other = await createUser(ctx, { email: 'ana2@delivery.test', role: 'Cliente', cliente_id: A.id });
    for (const h of [await tokenFor(ctx, other.id), rep, admin]) {
      const res = await cartOf(h);
      expect(res.json().id).toBe(cart);
      expect(details(res.json())).toEqual(kept);
    }
    // A field left out stays; the Admin acting for the client changes the reference only.
    const byAdmin = await send('POST', 'pedidos/savedetails', admin, {
      pedido_id: cart,
      referencia: 'PO-119',
    });
    expect(details(byAdmin.json())).toEqual({ ...kept, referencia: 'PO-119' });
    // Submitting without naming them takes what the cart keeps.
    const before = (await sentMails(ctx)).length;
    const order = (await send('POST', 'pedidos/processOrder', userA, { pedido_id: cart })).json().pedido;
    expect(order).toMatchObject({ status: 'w', referencia: 'PO-119', fecha_entrega: fecha });
    // The orders list shows them, to the shop and to the Admin.
    for (const h of [userA, admin]) {
      const listed = (await send('POST', 'pedidos/list', h, { page: 1 })).json().data;
      expect(listed.find((o: { id: number }) => o.id === order.id)).toMatchObject({
        referencia: 'PO-119',
        fecha_entrega: fecha,
      });
    }
    expect(order.entrega.nombre).toBe('Almacén Getafe');
    const mail = (await waitForMails(ctx, before + 1)).slice(before).join('\n');
    expect(mail).toContain('PO-119');
    // The next cart starts empty of them.
    expect(details((await cartOf(userA)).json())).toEqual({
      referencia: '',
      fecha_entrega: null,
      direccion_id: null,
    });
  });

  it('checks them as submission does and writes nothing of a refused call', async () => {
    const cart = await cartA();
    const fecha = earliestDelivery(madridIsoDay(ctx.clock.now()), 4);
    await send('POST', 'pedidos/savedetails', userA, {
      pedido_id: cart,
      referencia: 'PO-1',
      fecha_entrega: fecha,
    });
    const kept = details((await cartOf(userA)).json());
    expect(kept).toEqual({ referencia: 'PO-1', fecha_entrega: fecha, direccion_id: null });

    const bad = await send('POST', 'pedidos/savedetails', userA, {
      pedido_id: cart,
      referencia: 'R'.repeat(31),
      fecha_entrega: '2026-02-30',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      referencia: ['The reference can be at most 30 characters'],
      fecha_entrega: ['The delivery date is not a valid date'],
    });
    const today = madridIsoDay(ctx.clock.now());
    const bAddress = (await send('GET', `cliente/${B.id}/direcciones`, userB)).json().data[0];
    const refused = await send('POST', 'pedidos/savedetails', userA, {
      pedido_id: cart,
      referencia: 'PO-2',
      fecha_entrega: today,
      direccion_id: bAddress.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      fecha_entrega: [`The earliest delivery date is ${formatIsoDay(earliestDelivery(today, 3))}`],
      direccion_id: ['Delivery address not found'],
    });
    expect(details((await cartOf(userA)).json())).toEqual(kept);

    // Client B's user cannot write A's cart (404, as for a missing one); nothing changes.
    const foreign = await send('POST', 'pedidos/savedetails', userB, {
      pedido_id: cart,
      referencia: 'Robada',
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Order not found');
    expect(details((await cartOf(userA)).json())).toEqual(kept);

    // A submitted order keeps what it was submitted with: 409.
    const order = (await send('POST', 'pedidos/processOrder', userA, { pedido_id: cart })).json().pedido;
    expect(order.referencia).toBe('PO-1');
    const late = await send('POST', 'pedidos/savedetails', userA, { pedido_id: cart, referencia: 'PO-3' });
    expect(late.statusCode).toBe(409);
    expect((await send('GET', `pedido/${cart}`, userA)).json().referencia).toBe('PO-1');
  });

  it('give way to what submission names, and a deleted address to the default', async () => {
    const cart = await cartA();
    const extra = (await send('POST', `cliente/${A.id}/direcciones`, userA, { ...centro, nombre: 'Pop-up' }))
      .json()
      .data.find((a: { nombre: string }) => a.nombre === 'Pop-up');
    await send('POST', 'pedidos/savedetails', userA, {
      pedido_id: cart,
      referencia: 'PO-A',
      direccion_id: extra.id,
    });
    await send('DELETE', `direccion/${extra.id}`, userA);
    expect((await cartOf(userA)).json().direccion_id).toBeNull();
    const res = await send('POST', 'pedidos/processOrder', userA, { pedido_id: cart, referencia: 'PO-B' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().pedido.referencia).toBe('PO-B');
    expect(res.json().pedido.entrega.nombre).toBe('Tienda centro');
  });
});
