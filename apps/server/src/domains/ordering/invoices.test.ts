/**
 * Invoices (decision 045): the Admin invoices a submitted order with the next number of the year's
 * gapless series, the shop is told by mail, the invoices list and the invoice PDF show it with the
 * order's own figures. Run on PostgreSQL too (TEST_DATABASE_URL): concurrent invoicing leaves no gap.
 */
import { formatIsoDay, madridIsoDay } from '@nido/contract';
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
let userAen: H;
let userB: H;
let rep: H;
let admin: H;

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await buildCatalogue(ctx);
  const repUser = await createUser(ctx, { email: 'rep@invoices.test', role: 'Representante' });
  A = await createClient(ctx, 'Tienda Ana', {
    representante_id: repUser.id,
    nombre: 'Ana Textil S.L.',
    cif: 'B11111111',
    regimen_fiscal: 'recargo',
  });
  B = await createClient(ctx, 'Tienda Bea');
  const ua = await createUser(ctx, {
    email: 'ana@invoices.test',
    role: 'Cliente',
    cliente_id: A.id,
    name: 'Ana',
  });
  const uaen = await createUser(ctx, {
    email: 'andy@invoices.test',
    role: 'Cliente',
    cliente_id: A.id,
    name: 'Andy',
    language: 'en',
  });
  const ub = await createUser(ctx, {
    email: 'bea@invoices.test',
    role: 'Cliente',
    cliente_id: B.id,
    name: 'Bea',
  });
  const ad = await createUser(ctx, { email: 'admin@invoices.test', role: 'Admin' });
  userA = await tokenFor(ctx, ua.id);
  userAen = await tokenFor(ctx, uaen.id);
  userB = await tokenFor(ctx, ub.id);
  rep = await tokenFor(ctx, repUser.id);
  admin = await tokenFor(ctx, ad.id);
});
afterAll(async () => {
  expectAnswersDocumented(ctx);
  await ctx?.close();
});

const send = (method: 'GET' | 'POST' | 'PUT', url: string, headers: H, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api/${url}`, payload: payload as object, headers });

/** A submitted order of the client (3 × 135 € = 405 € before tax), placed by the Admin. */
async function submitted(
  clienteId: number,
  extra: Record<string, unknown> = {},
): Promise<{ id: number; docum: string }> {
  const cart = await send('POST', 'pedidos/lineadd', admin, {
    cliente_id: clienteId,
    modelo: 'NDCAP01',
    cantidad: 3,
    parametros_color: [
      { parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa },
      { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.algodon },
      { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.sinBordado },
    ],
  });
  expect(cart.statusCode, cart.body).toBe(200);
  const res = await send('POST', 'pedidos/processOrder', admin, { pedido_id: cart.json().id, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pedido;
}

describe('invoicing an order', () => {
  it('numbers it from the year’s series, tells the shop and lists it with the order’s figures', async () => {
    await send('POST', `cliente/${A.id}/direcciones`, userA, {
      nombre: 'Tienda centro',
      direccion: 'Calle Mayor 5',
      cp: '28013',
      poblacion: 'Madrid',
    });
    const order = await submitted(A.id, { referencia: 'PO-9' });
    const before = (await sentMails(ctx)).length;
    const res = await send('POST', 'facturas', admin, { pedido_id: order.id });
    expect(res.statusCode, res.body).toBe(200);
    const today = madridIsoDay(ctx.clock.now());
    const invoice = res.json().data;
    // Recargo: 405 € + IVA 85,05 € + RE 21,06 € = 511,11 €, the order's own total to pay.
    expect(invoice).toEqual({
      id: expect.any(Number),
      numero: `F${today.slice(0, 4)}-000001`,
      fecha: today,
      pedido_id: order.id,
      docum: order.docum,
      cliente_id: A.id,
      cliente: 'Tienda Ana',
      referencia: 'PO-9',
      fecha_entrega: null,
      base: 405,
      total: 511.11,
    });
    const detail = (await send('GET', `pedido/${order.id}`, userA)).json();
    expect(detail.factura).toEqual({ id: invoice.id, numero: invoice.numero, fecha: today });
    expect(detail.impuestos.total).toBe(invoice.total);
    expect(detail.total).toBe(invoice.base);
    // Once only.
    const again = await send('POST', 'facturas', admin, { pedido_id: order.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The order has already been invoiced');
    // Every user of the client is told, in their language, with the invoice attached.
    const mails = (await waitForMails(ctx, before + 2)).slice(before);
    const es = mails.find((m) => m.includes('andy') === false && m.includes(`factura ${invoice.numero}`));
    const en = mails.find((m) => m.includes(`invoice ${invoice.numero}`));
    expect(es).toContain(`Subject: Nido: factura ${invoice.numero} del pedido ${order.docum}`);
    expect(es).toContain('Total: 511,11');
    expect(en).toContain(`Subject: Nido: invoice ${invoice.numero} for order ${order.docum}`);
    const raw = (await sentMails(ctx)).slice(before);
    const attached = await pdfText(pdfAttachment(raw.find((m) => m.includes('ana@invoices.test'))!)!);
    expect(attached).toContain(`Factura`);
    expect(attached).toContain(`Número: ${invoice.numero}`);
    // The list: the shop sees its invoice; client B sees none of A's.
    const list = (await send('GET', 'facturas?page=1', userA)).json();
    expect(list.data).toEqual([invoice]);
    expect(list.meta).toMatchObject({ total: 1 });
    expect((await send('GET', 'facturas?page=1', userB)).json().data).toEqual([]);
    expect((await send('GET', `facturas?page=1&cliente_id=${A.id}`, userB)).statusCode).toBe(404);
    expect((await send('GET', 'facturas?page=1', rep)).json().data).toEqual([invoice]);
    // Found by its number, its order's number or the client's name.
    for (const text of [invoice.numero.toLowerCase(), order.docum, 'tienda an']) {
      expect(
        (await send('GET', `facturas?page=1&text=${encodeURIComponent(text)}`, admin)).json().data,
      ).toEqual([invoice]);
    }
    expect((await send('GET', 'facturas?page=1&text=nada', admin)).json().data).toEqual([]);
  });

  it('prints the invoice: its title, number and date, the order, the delivery address and the same totals', async () => {
    const invoice = (await send('GET', 'facturas?page=1', userA)).json().data[0];
    const res = await send('GET', `factura/${invoice.id}/pdf`, userA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.numero}.pdf"`);
    const es = await pdfText(res.rawPayload);
    for (const expected of [
      'Factura',
      `Número: ${invoice.numero}`,
      `Fecha: ${formatIsoDay(invoice.fecha)}`,
      `Pedido: ${invoice.docum}`,
      'Ana Textil S.L.',
      'NIF/CIF: B11111111',
      'Dirección de entrega: Tienda centro Calle Mayor 5 28013 Madrid España',
      'Tu referencia: PO-9',
      'Base imponible 405,00 €',
      'Recargo de equivalencia 5,2 % 21,06 €',
      'Total 511,11 €',
    ]) {
      expect(es).toContain(expected);
    }
    expect(es).not.toContain('pro forma');
    const en = await pdfText((await send('GET', `factura/${invoice.id}/pdf`, userAen)).rawPayload);
    expect(en).toContain(`Invoice Number: ${invoice.numero}`);
    expect(en).toContain('Delivery address: Tienda centro');
    // Another client's invoice is not found.
    expect((await send('GET', `factura/${invoice.id}/pdf`, userB)).statusCode).toBe(404);
    expect((await send('GET', 'factura/999999/pdf', admin)).statusCode).toBe(404);
  });

  it('processes a pending order it invoices: status, history, log and pending count in the same step', async () => {
    const order = await submitted(B.id);
    const pendingBefore = (await send('GET', 'pedidos/pending', admin)).json();
    expect(pendingBefore.data.map((o: { id: number }) => o.id)).toContain(order.id);
    const res = await send('POST', 'facturas', admin, { pedido_id: order.id });
    expect(res.statusCode, res.body).toBe(200);
    const numero = res.json().data.numero;

    expect((await send('GET', `pedido/${order.id}`, userB)).json().status).toBe('p');
    const pendingAfter = (await send('GET', 'pedidos/pending', admin)).json();
    expect(pendingAfter.total_count).toBe(pendingBefore.total_count - 1);
    expect(pendingAfter.data.map((o: { id: number }) => o.id)).not.toContain(order.id);

    // The rows a status change by hand writes: history w → p by the Admin, the audit's status entry.
    const { data } = (await send('GET', `pedido/${order.id}/history`, admin)).json();
    expect(data.status).toBe('p');
    expect(
      data.history.map((h: { from_status: string; status: string }) => [h.from_status, h.status]),
    ).toEqual([
      ['c', 'w'],
      ['w', 'p'],
    ]);
    const statusRows = data.audit.filter((a: { action: string }) => a.action === 'status');
    expect(statusRows).toHaveLength(1);
    expect(statusRows[0].details).toEqual({ from: 'w', to: 'p', factura: numero });

    // The lists carry the invoice's number: the shop's and the Admin's.
    for (const who of [userB, admin]) {
      const list = (
        await send('POST', 'pedidos/list', who, { tipodoc: 'E', page: 1, filters: { text: order.docum } })
      ).json();
      expect(list.data).toEqual([expect.objectContaining({ id: order.id, status: 'p', factura: numero })]);
    }
    // A processed order keeps its status when invoiced, and the history has no new row.
    const processed = await submitted(B.id);
    expect(
      (await send('POST', 'pedidos/status', admin, { pedido_id: processed.id, status: 'e' })).statusCode,
    ).toBe(200);
    expect((await send('POST', 'facturas', admin, { pedido_id: processed.id })).statusCode).toBe(200);
    const after = (await send('GET', `pedido/${processed.id}/history`, admin)).json().data;
    expect(after.status).toBe('e');
    expect(after.history).toHaveLength(2);
    const listed = (
      await send('POST', 'pedidos/list', userB, { tipodoc: 'E', page: 1, filters: { text: processed.docum } })
    ).json();
    expect(listed.data[0].factura).toMatch(/^F\d{4}-\d{6}$/);
  });

  it('refuses the cart and a missing order, and only the Admin invoices', async () => {
    const cart = await send('POST', 'pedidos/cliente', userB, {});
    const res = await send('POST', 'facturas', admin, { pedido_id: cart.json().id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Only a submitted order, not cancelled, can be invoiced');
    expect((await send('POST', 'facturas', admin, { pedido_id: 999999 })).statusCode).toBe(404);
    const order = await submitted(B.id);
    expect((await send('POST', 'facturas', userB, { pedido_id: order.id })).statusCode).toBe(403);
    expect((await send('POST', 'facturas', rep, { pedido_id: order.id })).statusCode).toBe(403);
  });

  it('leaves no gap in the series when orders are invoiced at once, each of them twice', async () => {
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push(await submitted(i % 2 ? A.id : B.id));
    const existing = (await send('GET', 'facturas?page=1', admin)).json().meta.total;
    // Each order twice at the same moment: one invoice each, the other call a 409.
    const answers = await Promise.all(
      [...orders, ...orders].map((o) => send('POST', 'facturas', admin, { pedido_id: o.id })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(8).fill(200), ...Array(8).fill(409)]);
    const all = (await send('GET', 'facturas?page=1', admin)).json().data as Array<{ numero: string }>;
    const numbers = all.map((i) => Number(i.numero.slice(-6))).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: existing + 8 }, (_, i) => i + 1));
  });
});
