/**
 * Orders moved in bulk and cancelled (issue 32, record 057): POST pedidos/status/bulk moves several
 * orders all or none; POST pedidos/cancel cancels a pending order with its reason, mails the shop and
 * takes the order out of the dashboard's figures; a cancelled order changes no more.
 */
import { BULK_STATUS_MAX } from '@nido/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../../test/harness.ts';
import { expectAnswersDocumented } from '../../../test/openapi.ts';
import { waitForMails } from '../../../test/outbox.ts';
import {
  audit_log,
  mail_outbox,
  modelos,
  pedido_lineas,
  pedido_status_history,
  pedidos,
} from '../../db/schema.ts';
import { rebuildSales } from './sales.ts';

type Headers = { authorization: string };

let ctx: TestContext;
let admin: Headers;
let rep: Headers;
let shop: Headers;
let shopB: Headers;
let shopA: { id: number };
let seq = 0;

const post = (url: string, headers: Headers | undefined, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: `/api/${url}`, headers, payload: payload as never });
const get = (url: string, headers: Headers) => ctx.app.inject({ method: 'GET', url: `/api/${url}`, headers });

/** A submitted order of shop A: one line of `cents` × 2, dated in March 2026. */
async function order(
  status: 'c' | 'w' | 'p' | 'e',
  cents = 10_000,
  clienteId = shopA.id,
): Promise<{ id: number; docum: string }> {
  seq += 1;
  const docum = `2026-B${String(seq).padStart(5, '0')}`;
  const [p] = await ctx.database.db
    .insert(pedidos)
    .values({
      cliente_id: clienteId,
      status,
      docum: status === 'c' ? null : docum,
      fecha_pedido: status === 'c' ? null : new Date('2026-03-03T10:00:00Z'),
    })
    .returning({ id: pedidos.id });
  await ctx.database.db
    .insert(pedido_lineas)
    .values({ pedido_id: p.id, modelo: 'NDCAP01', unped: 2, precio_cents: cents });
  return { id: p.id, docum };
}

async function statusOf(ids: number[]) {
  const rows = await ctx.database.db
    .select({ id: pedidos.id, status: pedidos.status })
    .from(pedidos)
    .where(inArray(pedidos.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.status]));
}

async function historyRows(id: number) {
  return ctx.database.db.select().from(pedido_status_history).where(eq(pedido_status_history.pedido_id, id));
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.database.db
    .insert(modelos)
    .values({ modelo: 'NDCAP01', descripcion: 'Capazo', pvp_cents: 10000 });
  const a = await createUser(ctx, { email: 'admin@nido.test', role: 'Admin', name: 'Ana Admin' });
  const r = await createUser(ctx, { email: 'rep@nido.test', role: 'Representante', name: 'Rita Rep' });
  shopA = await createClient(ctx, 'Bebés del Sur', { representante_id: r.id });
  const other = await createClient(ctx, 'Cunas Este');
  const ua = await createUser(ctx, {
    email: 'ana@shop.test',
    role: 'Cliente',
    cliente_id: shopA.id,
    name: 'Ana Tienda',
    language: 'es',
  });
  await createUser(ctx, {
    email: 'andy@shop.test',
    role: 'Cliente',
    cliente_id: shopA.id,
    name: 'Andy Shop',
    language: 'en',
  });
  const ub = await createUser(ctx, { email: 'b@shop.test', role: 'Cliente', cliente_id: other.id });
  admin = await tokenFor(ctx, a.id);
  rep = await tokenFor(ctx, r.id);
  shop = await tokenFor(ctx, ua.id);
  shopB = await tokenFor(ctx, ub.id);
});

afterAll(async () => {
  await ctx?.close();
});

describe('POST /api/pedidos/status/bulk', () => {
  it('is for an Admin only: a Representante and a shop get 403, no session 401', async () => {
    const o = await order('w');
    for (const who of [rep, shop, shopB]) {
      expect((await post('pedidos/status/bulk', who, { ids: [o.id], status: 'p' })).statusCode).toBe(403);
    }
    expect((await post('pedidos/status/bulk', undefined, { ids: [o.id], status: 'p' })).statusCode).toBe(401);
    expect(await statusOf([o.id])).toEqual({ [o.id]: 'w' });
  });

  it('moves every order, one history row and one audit row each', async () => {
    const a = await order('w');
    const b = await order('w');
    const c = await order('p');
    ctx.clock.advance(60_000);
    const res = await post('pedidos/status/bulk', admin, { ids: [a.id, b.id, c.id], status: 'e' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      ok: true,
      data: [
        { id: a.id, docum: a.docum, status: 'e' },
        { id: b.id, docum: b.docum, status: 'e' },
        { id: c.id, docum: c.docum, status: 'e' },
      ],
    });
    expect(await statusOf([a.id, b.id, c.id])).toEqual({ [a.id]: 'e', [b.id]: 'e', [c.id]: 'e' });
    // The shop is told of each move in its bell (record 058), newest first.
    const told = (await get('notifications', shop)).json().data.slice(0, 3);
    expect(
      told
        .map((n: { kind: string; pedido_id: number; payload: { to: string } }) => [
          n.kind,
          n.pedido_id,
          n.payload.to,
        ])
        .sort(),
    ).toEqual([a, b, c].map((o) => ['order_status', o.id, 'e']).sort());
    for (const [o, from] of [
      [a, 'w'],
      [b, 'w'],
      [c, 'p'],
    ] as const) {
      const history = await historyRows(o.id);
      expect(history).toHaveLength(1);
      expect(history[0]).toMatchObject({ from_status: from, status: 'e', reason: null });
      const audits = await ctx.database.db
        .select()
        .from(audit_log)
        .where(eq(audit_log.entity_id, String(o.id)));
      expect(audits.filter((x) => x.action === 'status')).toHaveLength(1);
      expect(audits.find((x) => x.action === 'status')?.details).toMatchObject({ from, to: 'e', bulk: '3' });
    }
  });

  it('refuses all when one order cannot move, naming it and why, and changes nothing', async () => {
    const good1 = await order('w');
    const good2 = await order('w');
    const bought = await order('e');
    const cart = await order('c');
    const res = await post('pedidos/status/bulk', admin, {
      ids: [good1.id, bought.id, good2.id, 999_999, cart.id],
      status: 'p',
    });
    expect(res.statusCode, res.body).toBe(422);
    const body = res.json();
    expect(body.code).toBe('client.bulkRefused');
    expect(body.message).toBe(
      `No order was changed: ${bought.docum}, #999999, #${cart.id} cannot make this change`,
    );
    expect(body.errors).toEqual({
      'ids.1': [`Order ${bought.docum} cannot change from e to p`],
      'ids.3': ['Order #999999 was not found'],
      'ids.4': [`Order #${cart.id} was not found`],
    });
    expect(body.issues['ids.1']).toEqual([
      { code: 'client.bulkOrderBlocked', params: { order: bought.docum, from: 'e', to: 'p' } },
    ]);
    expect(await statusOf([good1.id, good2.id, bought.id, cart.id])).toEqual({
      [good1.id]: 'w',
      [good2.id]: 'w',
      [bought.id]: 'e',
      [cart.id]: 'c',
    });
    for (const o of [good1, good2, bought]) expect(await historyRows(o.id)).toEqual([]);
  });

  it('checks its request: at least one id, at most the cap, a move status', async () => {
    const o = await order('w');
    const empty = await post('pedidos/status/bulk', admin, { ids: [], status: 'p' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.ids).toEqual(['Choose at least one order']);
    const many = Array.from({ length: BULK_STATUS_MAX + 1 }, (_, i) => i + 1);
    const tooMany = await post('pedidos/status/bulk', admin, { ids: many, status: 'p' });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.ids).toEqual(['At most 200 orders can be changed at once']);
    for (const status of ['x', 'w', 'c']) {
      const res = await post('pedidos/status/bulk', admin, { ids: [o.id], status });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.status).toBeDefined();
    }
    // A repeated id counts once.
    const twice = await post('pedidos/status/bulk', admin, { ids: [o.id, o.id], status: 'p' });
    expect(twice.statusCode, twice.body).toBe(200);
    expect(await historyRows(o.id)).toHaveLength(1);
  });
});

describe('POST /api/pedidos/cancel', () => {
  it('is for an Admin only', async () => {
    const o = await order('w');
    for (const who of [rep, shop, shopB]) {
      expect((await post('pedidos/cancel', who, { pedido_id: o.id, reason: 'No' })).statusCode).toBe(403);
    }
    expect(await statusOf([o.id])).toEqual({ [o.id]: 'w' });
  });

  it('needs a reason: required, trimmed, at most 500 characters', async () => {
    const o = await order('w');
    for (const reason of [undefined, '', '   ']) {
      const res = await post('pedidos/cancel', admin, { pedido_id: o.id, reason });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.reason).toEqual(['Give the reason for the cancellation']);
    }
    const long = await post('pedidos/cancel', admin, { pedido_id: o.id, reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.reason).toEqual(['The reason may have at most 500 characters']);
    expect(await statusOf([o.id])).toEqual({ [o.id]: 'w' });
  });

  it('cancels only a pending order', async () => {
    for (const status of ['p', 'e'] as const) {
      const o = await order(status);
      const res = await post('pedidos/cancel', admin, { pedido_id: o.id, reason: 'Sin stock' });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('Only a pending order can be cancelled');
      expect(await statusOf([o.id])).toEqual({ [o.id]: status });
    }
    const [cart] = await ctx.database.db
      .select({ id: pedidos.id })
      .from(pedidos)
      .where(eq(pedidos.status, 'c'));
    expect((await post('pedidos/cancel', admin, { pedido_id: cart.id, reason: 'x' })).statusCode).toBe(404);
    expect((await post('pedidos/cancel', admin, { pedido_id: 999_999, reason: 'x' })).statusCode).toBe(404);
  });

  it('records the reason, mails the shop in each user’s language and leaves the dashboard', async () => {
    const o = await order('w', 12_345);
    await rebuildSales(ctx.database.db);
    const q = 'dashboard?desde=2026-03-01&hasta=2026-03-31';
    const before = (await get(q, admin)).json().data.totales;
    expect(before.pedidos).toBeGreaterThan(0);
    const mailsBefore = ctx.mails().length;
    ctx.clock.advance(60_000);
    const res = await post('pedidos/cancel', admin, { pedido_id: o.id, reason: '  Sin stock del tejido  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: o.id,
      status: 'x',
      history: [{ from_status: 'w', status: 'x', user: 'Ana Admin', reason: 'Sin stock del tejido' }],
    });
    // The history, as the shop reads it (its order's detail and the history endpoint).
    const detail = (await get(`pedido/${o.id}`, shop)).json();
    expect(detail.status).toBe('x');
    expect(detail.history).toEqual([
      expect.objectContaining({ from_status: 'w', status: 'x', reason: 'Sin stock del tejido' }),
    ]);
    const history = (await get(`pedido/${o.id}/history`, shop)).json().data;
    expect(history.history[0].reason).toBe('Sin stock del tejido');
    // And told in its bell.
    const [told] = (await get('notifications', shop)).json().data;
    expect(told).toMatchObject({
      kind: 'order_status',
      pedido_id: o.id,
      payload: { from: 'w', to: 'x' },
      read_at: null,
    });
    // Audited with the reason.
    const audits = await ctx.database.db
      .select()
      .from(audit_log)
      .where(eq(audit_log.entity_id, String(o.id)));
    expect(audits.find((a) => a.action === 'status')?.details).toEqual({
      from: 'w',
      to: 'x',
      reason: 'Sin stock del tejido',
    });
    // The outbox rows were written with the change, one per active user of the shop.
    const rows = await ctx.database.db
      .select({ recipients: mail_outbox.recipients, subject: mail_outbox.subject })
      .from(mail_outbox)
      .where(
        inArray(mail_outbox.subject, [
          `Nido: pedido ${o.docum} cancelado`,
          `Nido: order ${o.docum} cancelled`,
        ]),
      );
    expect(rows.map((r) => r.recipients).sort()).toEqual(['ana@shop.test', 'andy@shop.test']);
    const mails = (await waitForMails(ctx, mailsBefore + 2)).slice(mailsBefore);
    const es = mails.find((m) => m.includes(`Subject: Nido: pedido ${o.docum} cancelado`));
    const en = mails.find((m) => m.includes(`Subject: Nido: order ${o.docum} cancelled`));
    expect(es).toContain('Motivo: Sin stock del tejido');
    expect(es).toContain('Hola Ana Tienda');
    expect(en).toContain('Reason: Sin stock del tejido');
    expect(en).toContain('Hello Andy Shop');
    // The dashboard no longer counts it.
    const after = (await get(q, admin)).json().data.totales;
    expect(after.pedidos).toBe(before.pedidos - 1);
    expect(after.importe).toBeLessThan(before.importe);
    // What the kept tables say is what a rebuild from every sale (w, p, e) says.
    await rebuildSales(ctx.database.db);
    expect((await get(q, admin)).json().data.totales).toEqual(after);
    // It is listed, with its status, and filtered as cancelled.
    const list = (await post('pedidos/list', shop, { status: 'x' })).json();
    expect(list.data.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([[o.id, 'x']]);
  });

  it('mails a client without users at its own email, in Spanish', async () => {
    const lone = await createClient(ctx, 'Sin Usuarios', { email: 'tienda@sinusuarios.test' });
    const o = await order('w', 10_000, lone.id);
    const res = await post('pedidos/cancel', admin, { pedido_id: o.id, reason: 'Pedido de prueba' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await ctx.database.db
      .select({ recipients: mail_outbox.recipients, text: mail_outbox.text })
      .from(mail_outbox)
      .where(eq(mail_outbox.subject, `Nido: pedido ${o.docum} cancelado`));
    expect(rows.map((r) => r.recipients)).toEqual(['tienda@sinusuarios.test']);
  });

  it('leaves a cancelled order alone: no edit, no invoice, no move, no second cancel', async () => {
    const o = await order('w');
    expect((await post('pedidos/cancel', admin, { pedido_id: o.id, reason: 'Duplicado' })).statusCode).toBe(
      200,
    );
    const [line] = await ctx.database.db
      .select()
      .from(pedido_lineas)
      .where(eq(pedido_lineas.pedido_id, o.id));
    const edits: Array<[string, object]> = [
      ['pedidos/linequantity', { pedido_id: o.id, linea_id: line.id, cantidad: 5 }],
      ['pedidos/lineremove', { pedido_id: o.id, linea_id: line.id }],
      ['pedidos/savenote', { pedido_id: o.id, nota_pedido: 'otra' }],
    ];
    for (const [url, payload] of edits) {
      const res = await post(url, admin, payload);
      expect(res.statusCode, `${url} ${res.body}`).toBe(409);
    }
    const invoice = await post('facturas', admin, { pedido_id: o.id });
    expect(invoice.statusCode).toBe(409);
    expect(invoice.json().message).toBe('Only a submitted order, not cancelled, can be invoiced');
    for (const status of ['p', 'e']) {
      expect((await post('pedidos/status', admin, { pedido_id: o.id, status })).statusCode).toBe(422);
      expect((await post('pedidos/status/bulk', admin, { ids: [o.id], status })).statusCode).toBe(422);
    }
    const again = await post('pedidos/cancel', admin, { pedido_id: o.id, reason: 'Otra vez' });
    expect(again.statusCode).toBe(422);
    expect(await statusOf([o.id])).toEqual({ [o.id]: 'x' });
    expect(await historyRows(o.id)).toHaveLength(1);
    const [row] = await ctx.database.db.select().from(pedido_lineas).where(eq(pedido_lineas.id, line.id));
    expect(row.unped).toBe(2);
  });
});

describe('the API document', () => {
  it('declares every status the requests of this file got', async () => {
    await expectAnswersDocumented(ctx);
  });
});
