/**
 * Collections' order and delivery windows (record 053) through the API: the state each answer
 * carries as the clock moves over Madrid's day boundaries, the editor's checks (es and en messages
 * by code) and the database's own checks.
 */
import { COLLECTION_MSG, orderWindowStatus } from '@nido/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../../../test/harness.ts';
import { expectAnswersDocumented } from '../../../../test/openapi.ts';
import { colecciones } from '../../../db/schema.ts';

type H = { authorization: string };
let ctx: TestContext;
let admin: H;
let shop: H;
let id: number;

const HOUR = 3_600_000;
const post = (url: string, payload: unknown, headers: H) =>
  ctx.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers });
const put = (payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/colecciones/update',
    payload: payload as object,
    headers: admin,
  });

let adminId: number;
let shopId: number;

/** Moves the test's clock forward to an instant; the sessions are signed in anew (they expire). */
async function moveTo(iso: string) {
  const ms = new Date(iso).getTime() - ctx.clock.now().getTime();
  if (ms < 0) throw new Error(`the clock only moves forward: ${iso}`);
  await advance(ms);
}
async function advance(ms: number) {
  ctx.clock.advance(ms);
  admin = await tokenFor(ctx, adminId);
  shop = await tokenFor(ctx, shopId);
}

/** The editor's 422 (a list with field, product.md §7): each field's codes. */
function codesByField(res: { json(): { errors: Array<{ field: string; code: string }> } }) {
  const out: Record<string, string[]> = {};
  for (const e of res.json().errors) {
    out[e.field] ??= [];
    out[e.field].push(e.code);
  }
  return out;
}

async function stateSeenByShop() {
  const res = await post('colecciones/list', {}, shop);
  expect(res.statusCode, res.body).toBe(200);
  const row = res.json().data.find((c: { id: number }) => c.id === id);
  return { estado: row.estado_ventana, dias: row.dias_para_cierre };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const c = await createClient(ctx, 'Tienda Temporadas');
  adminId = (await createUser(ctx, { email: 'admin@w.test', role: 'Admin' })).id;
  shopId = (await createUser(ctx, { email: 'shop@w.test', role: 'Cliente', cliente_id: c.id })).id;
  await advance(0);
});
afterAll(async () => {
  await ctx?.close();
});

describe('a collection’s windows', () => {
  it('are created, answered and kept through the editor (absent keeps, null and "" clear)', async () => {
    // The harness's clock: 2026-03-02 10:00 UTC.
    const res = await put({
      collection: {
        nombre: 'Otoño-Invierno 2026',
        nombre_en: 'Autumn-Winter 2026',
        coleccion: 'OI26',
        pedido_desde: '2026-03-10',
        pedido_hasta: '2026-03-31',
        entrega_desde: '2026-09-01',
        entrega_hasta: '2026-10-15',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const col = res.json().coleccion;
    id = col.id;
    expect(col).toMatchObject({
      pedido_desde: '2026-03-10',
      pedido_hasta: '2026-03-31',
      entrega_desde: '2026-09-01',
      entrega_hasta: '2026-10-15',
      estado_ventana: 'proxima',
      dias_para_cierre: null,
    });
    // Absent keeps; '' clears.
    const kept = await put({ collection: { id, nombre: 'Otoño-Invierno 2026', entrega_hasta: '' } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().coleccion).toMatchObject({
      pedido_desde: '2026-03-10',
      entrega_desde: '2026-09-01',
      entrega_hasta: null,
    });
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/colecciones/${id}/0`, headers: admin });
    expect(detail.json()).toMatchObject({ pedido_hasta: '2026-03-31', estado_ventana: 'proxima' });
  });

  it('moves upcoming → open → closes in N days → closed on Madrid’s days, not UTC’s', async () => {
    expect(await stateSeenByShop()).toEqual({ estado: 'proxima', dias: null });
    // 2026-03-09 22:59 UTC is 23:59 in Madrid (CET, UTC+1): still the day before opening.
    await moveTo('2026-03-09T22:59:00Z');
    expect(await stateSeenByShop()).toEqual({ estado: 'proxima', dias: null });
    // One minute later it is the opening day in Madrid, still the 9th in UTC.
    await advance(60_000);
    expect(await stateSeenByShop()).toEqual({ estado: 'abierta', dias: 21 });
    await moveTo('2026-03-20T12:00:00Z');
    expect(await stateSeenByShop()).toEqual({ estado: 'abierta', dias: 11 });
    // The last day (summer time since the 29th: UTC+2): open all of it.
    await moveTo('2026-03-31T21:59:00Z');
    expect(await stateSeenByShop()).toEqual({ estado: 'abierta', dias: 0 });
    await advance(60_000);
    expect(await stateSeenByShop()).toEqual({ estado: 'cerrada', dias: null });
    await advance(24 * HOUR);
    expect(await stateSeenByShop()).toEqual({ estado: 'cerrada', dias: null });
  });

  it('has no state without an order window, and one side is enough', async () => {
    const plain = await put({ collection: { nombre: 'Básicos', coleccion: 'BAS' } });
    expect(plain.json().coleccion).toMatchObject({
      pedido_desde: null,
      pedido_hasta: null,
      entrega_desde: null,
      entrega_hasta: null,
      estado_ventana: 'sin_ventana',
      dias_para_cierre: null,
    });
    expect(orderWindowStatus({ pedido_desde: null, pedido_hasta: '2026-04-10' }, '2026-04-01')).toEqual({
      estado_ventana: 'abierta',
      dias_para_cierre: 9,
    });
    expect(orderWindowStatus({ pedido_desde: '2026-04-10', pedido_hasta: null }, '2026-04-10')).toEqual({
      estado_ventana: 'abierta',
      dias_para_cierre: null,
    });
  });
});

describe('the editor’s checks', () => {
  it('refuses a last day before the opening day, and a delivery window running backwards', async () => {
    const res = await put({
      collection: {
        nombre: 'Al revés',
        coleccion: 'REV',
        pedido_desde: '2026-06-10',
        pedido_hasta: '2026-06-01',
        entrega_desde: '2026-09-10',
        entrega_hasta: '2026-09-01',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(codesByField(res)).toEqual({
      pedido_hasta: [COLLECTION_MSG.orderWindowBackwards.code],
      entrega_hasta: [COLLECTION_MSG.deliveryWindowBackwards.code],
    });
    expect(res.json().errors[0]).toMatchObject({
      field: 'pedido_hasta',
      message: COLLECTION_MSG.orderWindowBackwards.text,
    });
  });

  it('checks a day sent alone against the stored one', async () => {
    // The stored window opens 2026-03-10.
    const res = await put({ collection: { id, pedido_hasta: '2026-03-01' } });
    expect(res.statusCode).toBe(422);
    expect(codesByField(res)).toEqual({ pedido_hasta: [COLLECTION_MSG.orderWindowBackwards.code] });
  });

  it('refuses a day that is not a calendar day', async () => {
    for (const bad of ['2026-02-30', '10/06/2026', '2026-6-1', 'mañana']) {
      const res = await put({ collection: { id, pedido_desde: bad } });
      expect(res.statusCode, bad).toBe(422);
      expect(codesByField(res), bad).toEqual({ pedido_desde: [COLLECTION_MSG.dateInvalid.code] });
    }
  });

  it('has the database refuse a backwards window whatever writes it', async () => {
    await expect(
      ctx.database.db
        .insert(colecciones)
        .values({ nombre: 'X', coleccion: 'X1', pedido_desde: '2026-05-02', pedido_hasta: '2026-05-01' }),
    ).rejects.toThrow();
    await expect(
      ctx.database.db
        .insert(colecciones)
        .values({ nombre: 'X', coleccion: 'X2', entrega_desde: '2026-05-02', entrega_hasta: '2026-05-01' }),
    ).rejects.toThrow();
  });

  it('declares every status the requests of this file got', async () => {
    await expectAnswersDocumented(ctx);
  });
});
