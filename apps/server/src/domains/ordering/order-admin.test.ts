import { PENDING_LIST_MAX } from '@nido/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../../test/harness.ts';
import { expectAnswersDocumented } from '../../../test/openapi.ts';
import { audit_log, modelos, pedido_lineas, pedido_status_history, pedidos } from '../../db/schema.ts';

type Headers = { authorization: string };

let ctx: TestContext;
let admin: Headers;
let adminId: number;
let repA: Headers;
let repB: Headers;
let clientA: Headers;
let clientB: Headers;
let shopA: { id: number };
let shopB: { id: number };
let shopC: { id: number };
/** Pending orders by name. */
const ids: Record<string, number> = {};

const get = (url: string, headers?: Headers) => ctx.app.inject({ method: 'GET', url, headers });
const setStatus = (headers: Headers, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/pedidos/status', headers, payload: payload as never });

async function order(values: {
  cliente_id: number;
  status: 'c' | 'w' | 'p' | 'e';
  docum?: string;
  fecha_pedido?: Date;
  /** [unped, precio_cents, dependent lines as [unped, precio_cents][]] */
  lines?: Array<[number, number, Array<[number, number]>?]>;
}): Promise<number> {
  const db = ctx.database.db;
  const [p] = await db
    .insert(pedidos)
    .values({
      cliente_id: values.cliente_id,
      status: values.status,
      docum: values.docum ?? null,
      fecha_pedido: values.fecha_pedido ?? null,
    })
    .returning({ id: pedidos.id });
  for (const [unped, precio_cents, deps = []] of values.lines ?? []) {
    const [line] = await db
      .insert(pedido_lineas)
      .values({ pedido_id: p.id, modelo: 'NDCAP01', unped, precio_cents })
      .returning({ id: pedido_lineas.id });
    for (const [u, c] of deps) {
      await db
        .insert(pedido_lineas)
        .values({ pedido_id: p.id, modelo: 'NDCAP01', unped: u, precio_cents: c, primary_line_id: line.id });
    }
  }
  return p.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  await db.insert(modelos).values({ modelo: 'NDCAP01', descripcion: 'Capazo', pvp_cents: 10000 });
  const a = await createUser(ctx, { email: 'admin@nido.test', role: 'Admin', name: 'Ana Admin' });
  adminId = a.id;
  const ra = await createUser(ctx, { email: 'rep.a@nido.test', role: 'Representante', name: 'Rita Rep' });
  const rb = await createUser(ctx, { email: 'rep.b@nido.test', role: 'Representante', name: 'Bruno Rep' });
  shopA = await createClient(ctx, 'Bebés del Sur', { representante_id: ra.id });
  shopB = await createClient(ctx, 'Cunas Este', { representante_id: rb.id });
  shopC = await createClient(ctx, 'Sin Representante');
  const ua = await createUser(ctx, { email: 'a@shop.test', role: 'Cliente', cliente_id: shopA.id });
  const ub = await createUser(ctx, { email: 'b@shop.test', role: 'Cliente', cliente_id: shopB.id });
  admin = await tokenFor(ctx, a.id);
  repA = await tokenFor(ctx, ra.id);
  repB = await tokenFor(ctx, rb.id);
  clientA = await tokenFor(ctx, ua.id);
  clientB = await tokenFor(ctx, ub.id);

  // Pending orders: A1 oldest, then B1, then A2 (the newest, submitted just before midnight UTC).
  ids.A1 = await order({
    cliente_id: shopA.id,
    status: 'w',
    docum: 'E26-0001',
    fecha_pedido: new Date('2026-02-20T09:00:00Z'),
    // 2 × 100.00 + an embroidery surcharge 2 × 5.50, and 1 × 12.34
    lines: [
      [2, 10000, [[2, 550]]],
      [1, 1234],
    ],
  });
  ids.B1 = await order({
    cliente_id: shopB.id,
    status: 'w',
    docum: 'E26-0002',
    fecha_pedido: new Date('2026-02-25T12:00:00Z'),
    lines: [[3, 999]],
  });
  ids.A2 = await order({
    cliente_id: shopA.id,
    status: 'w',
    docum: 'E26-0003',
    fecha_pedido: new Date('2026-02-27T23:30:00Z'),
  });
  // Not pending: a cart, a processed and a bought order.
  ids.cart = await order({ cliente_id: shopA.id, status: 'c', lines: [[1, 100]] });
  ids.P = await order({
    cliente_id: shopA.id,
    status: 'p',
    docum: 'E26-0004',
    fecha_pedido: new Date('2026-02-28T10:00:00Z'),
  });
  ids.E = await order({
    cliente_id: shopB.id,
    status: 'e',
    docum: 'E26-0005',
    fecha_pedido: new Date('2026-02-28T11:00:00Z'),
  });
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/pedidos/pending', () => {
  it('needs a session and a staff role', async () => {
    expect((await get('/api/pedidos/pending')).statusCode).toBe(401);
    expect((await get('/api/pedidos/pending', clientA)).statusCode).toBe(403);
  });

  it('gives an Admin every pending order, newest first, with derived totals', async () => {
    const res = await get('/api/pedidos/pending', admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: ids.A2,
          docum: 'E26-0003',
          factura: null,
          // 23:30 UTC is already the next day in Madrid.
          fecha: '28/02/2026',
          fecha_pedido: '2026-02-27T23:30:00.000Z',
          cliente: 'Bebés del Sur',
          cliente_id: shopA.id,
          lineas: 0,
          total: 0,
          total_pagar: 0,
        },
        {
          id: ids.B1,
          docum: 'E26-0002',
          factura: null,
          fecha: '25/02/2026',
          fecha_pedido: '2026-02-25T12:00:00.000Z',
          cliente: 'Cunas Este',
          cliente_id: shopB.id,
          lineas: 1,
          total: 29.97,
          // Submitted before taxes were stored: the general regime, 21 % (6.2937 → 6.29).
          total_pagar: 36.26,
        },
        {
          id: ids.A1,
          docum: 'E26-0001',
          factura: null,
          fecha: '20/02/2026',
          fecha_pedido: '2026-02-20T09:00:00.000Z',
          cliente: 'Bebés del Sur',
          cliente_id: shopA.id,
          lineas: 2,
          total: 223.34,
          total_pagar: 270.24,
        },
      ],
      total_count: 3,
    });
  });

  it('gives a Representante only its clients’ pending orders', async () => {
    const a = (await get('/api/pedidos/pending', repA)).json();
    expect(a.data.map((p: { id: number }) => p.id)).toEqual([ids.A2, ids.A1]);
    expect(a.total_count).toBe(2);
    const b = (await get('/api/pedidos/pending', repB)).json();
    expect(b.data.map((p: { id: number }) => p.id)).toEqual([ids.B1]);
  });
});

describe('POST /api/pedidos/status and GET /api/pedido/:id/history', () => {
  it('is for Admins only', async () => {
    for (const who of [clientA, repA]) {
      const res = await setStatus(who, { pedido_id: ids.A1, status: 'p' });
      expect(res.statusCode).toBe(403);
    }
    const [row] = await ctx.database.db.select().from(pedidos).where(eq(pedidos.id, ids.A1));
    expect(row.status).toBe('w');
  });

  it('moves w → p → e, recording who and when, and the client sees the status history', async () => {
    ctx.clock.advance(60_000);
    const toP = await setStatus(admin, { pedido_id: ids.A1, status: 'p' });
    expect(toP.statusCode).toBe(200);
    const atP = ctx.clock.now().toISOString();
    expect(toP.json()).toEqual({
      ok: true,
      data: {
        id: ids.A1,
        status: 'p',
        history: [
          {
            id: expect.any(Number),
            from_status: 'w',
            status: 'p',
            user_id: adminId,
            user: 'Ana Admin',
            at: atP,
            reason: null,
          },
        ],
      },
    });
    // No longer pending.
    const pending = (await get('/api/pedidos/pending', admin)).json();
    expect(pending.data.map((p: { id: number }) => p.id)).toEqual([ids.A2, ids.B1]);
    expect(pending.total_count).toBe(2);

    ctx.clock.advance(60_000);
    const toE = await setStatus(admin, { pedido_id: ids.A1, status: 'e' });
    expect(toE.statusCode).toBe(200);
    expect(toE.json().data.status).toBe('e');
    expect(
      toE
        .json()
        .data.history.map((h: { from_status: string; status: string }) => `${h.from_status}→${h.status}`),
    ).toEqual(['w→p', 'p→e']);
    const [row] = await ctx.database.db.select().from(pedidos).where(eq(pedidos.id, ids.A1));
    expect(row.status).toBe('e');

    // The owning client sees the status history, without the audit trail.
    const own = await get(`/api/pedido/${ids.A1}/history`, clientA);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.status).toBe('e');
    expect(own.json().data.history).toHaveLength(2);
    expect(own.json().data.audit).toEqual([]);
  });

  it('allows w → e directly', async () => {
    const res = await setStatus(admin, { pedido_id: ids.B1, status: 'e' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.history.map((h: { from_status: string }) => h.from_status)).toEqual(['w']);
  });

  it('refuses every other transition with 422 and changes nothing', async () => {
    const cases: Array<[number, string]> = [
      [ids.P, 'p'], // p → p
      [ids.E, 'p'], // e → p
      [ids.E, 'e'], // e → e
      [ids.cart, 'p'], // the open cart
      [ids.cart, 'e'],
    ];
    for (const [pedido_id, status] of cases) {
      const res = await setStatus(admin, { pedido_id, status });
      expect(res.statusCode, `${pedido_id} → ${status}`).toBe(422);
      expect(res.json().errors).toEqual({ status: ['The order cannot change to this status'] });
    }
    for (const status of ['w', 'c', 'x']) {
      const res = await setStatus(admin, { pedido_id: ids.A2, status });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.status).toBeDefined();
    }
    expect((await setStatus(admin, { pedido_id: 999999, status: 'p' })).statusCode).toBe(404);
    expect((await setStatus(admin, { status: 'p' })).json().errors.pedido_id).toBeDefined();
    const statuses = await ctx.database.db.select({ id: pedidos.id, status: pedidos.status }).from(pedidos);
    const byId = Object.fromEntries(statuses.map((s) => [s.id, s.status]));
    expect([byId[ids.P], byId[ids.E], byId[ids.cart], byId[ids.A2]]).toEqual(['p', 'e', 'c', 'w']);
    const history = await ctx.database.db
      .select()
      .from(pedido_status_history)
      .where(eq(pedido_status_history.pedido_id, ids.P));
    expect(history).toEqual([]);
  });

  it('shows an Admin the audit trail of the order (status changes and line changes, with the client acted for)', async () => {
    const db = ctx.database.db;
    const [line] = await db.select().from(pedido_lineas).where(eq(pedido_lineas.pedido_id, ids.A1)).limit(1);
    await db.insert(audit_log).values([
      {
        user_id: adminId,
        acting_cliente_id: shopA.id,
        action: 'lineadd',
        entity: 'linea',
        entity_id: String(line.id),
      },
      // Another order's entry must not show.
      { user_id: adminId, action: 'status', entity: 'pedido', entity_id: String(ids.B1 + 1000) },
    ]);
    const res = await get(`/api/pedido/${ids.A1}/history`, admin);
    expect(res.statusCode).toBe(200);
    const audit = res.json().data.audit;
    expect(audit.map((a: { action: string; entity: string }) => `${a.entity}:${a.action}`).sort()).toEqual([
      'linea:lineadd',
      'pedido:status',
      'pedido:status',
    ]);
    const status = audit.find((a: { action: string }) => a.action === 'status');
    expect(status).toMatchObject({
      user_id: adminId,
      user: 'Ana Admin',
      role: 'Admin',
      acting_cliente_id: shopA.id,
      acting_cliente: 'Bebés del Sur',
      entity_id: String(ids.A1),
      details: { from: 'w', to: 'p' },
    });
    // The representative of the order's client sees it; the other one and other clients get 404.
    expect((await get(`/api/pedido/${ids.A1}/history`, repA)).json().data.audit).toHaveLength(3);
    expect((await get(`/api/pedido/${ids.A1}/history`, repB)).statusCode).toBe(404);
    expect((await get(`/api/pedido/${ids.A1}/history`, clientB)).statusCode).toBe(404);
    expect((await get('/api/pedido/999999/history', admin)).statusCode).toBe(404);
    expect((await get(`/api/pedido/${ids.A1}/history`)).statusCode).toBe(401);
  });
});

describe('pending list cap', () => {
  it(`returns at most ${PENDING_LIST_MAX} orders but counts them all`, async () => {
    const base = new Date('2026-01-01T00:00:00Z').getTime();
    await ctx.database.db.insert(pedidos).values(
      Array.from({ length: PENDING_LIST_MAX + 5 }, (_, i) => ({
        cliente_id: shopC.id,
        status: 'w' as const,
        docum: `BULK-${i}`,
        fecha_pedido: new Date(base + i * 60_000),
      })),
    );
    const body = (await get('/api/pedidos/pending', admin)).json();
    expect(body.data).toHaveLength(PENDING_LIST_MAX);
    // A2 (w) is the newest; then the bulk orders newest first.
    expect(body.total_count).toBe(PENDING_LIST_MAX + 5 + 1);
    expect(body.data[0].id).toBe(ids.A2);
    expect(body.data[1].docum).toBe(`BULK-${PENDING_LIST_MAX + 4}`);
    // The representatives do not see clients that are not theirs.
    expect((await get('/api/pedidos/pending', repA)).json().total_count).toBe(1);
  });
});

describe('the API document', () => {
  it('declares every status the requests of this file got', async () => {
    await expectAnswersDocumented(ctx);
  });
});
