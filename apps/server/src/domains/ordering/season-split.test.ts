/**
 * Record 054: a line records the collection it is ordered through; a cart of several delivery
 * windows submits as one order per window, in one transaction; lines whose collection closed are
 * flagged, removable in one action, refused to a shop and allowed to staff.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../../test/harness.ts';
import { expectAnswersDocumented } from '../../../test/openapi.ts';
import { sentMails, waitForMails } from '../../../test/outbox.ts';
import { audit_log, colecciones, pedidos, tarifas } from '../../db/schema.ts';
import { buildCatalogue, insertModel } from '../catalogue/test-fixtures.ts';

type H = { authorization: string };

let ctx: TestContext;
let clienteId: number;
let shop: H;
let admin: H;
let ids: { now: number; spring: number; autumn: number; other: number };

const post = (url: string, payload: unknown, headers: H) =>
  ctx.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers });

// The harness's clock: 2026-03-02 10:00 UTC. Three open collections: one delivering at once, one in
// April, one in the autumn; NDBOTH is in the spring and the autumn ones.
const SPRING = '2026-04-01/2026-04-30';
const AUTUMN = '2026-09-01/2026-10-31';
const NOW = '/';

beforeAll(async () => {
  ctx = await createTestContext();
  await buildCatalogue(ctx);
  const [now, spring, autumn, other] = await ctx.database.db
    .insert(colecciones)
    .values([
      { nombre: 'Siempre', coleccion: 'SIEMPRE', pedido_desde: '2026-01-01', pedido_hasta: '2026-12-31' },
      {
        nombre: 'Primavera 2026',
        coleccion: 'PV26S',
        pedido_desde: '2026-02-01',
        pedido_hasta: '2026-03-20',
        entrega_desde: '2026-04-01',
        entrega_hasta: '2026-04-30',
      },
      {
        nombre: 'Otoño 2026',
        nombre_en: 'Autumn 2026',
        coleccion: 'OI26S',
        pedido_desde: '2026-02-15',
        pedido_hasta: '2026-04-30',
        entrega_desde: '2026-09-01',
        entrega_hasta: '2026-10-31',
      },
      { nombre: 'Otra', coleccion: 'OTRA' },
    ])
    .returning({ id: colecciones.id });
  ids = { now: now.id, spring: spring.id, autumn: autumn.id, other: other.id };
  await insertModel(ctx, { modelo: 'NDNOW1', descripcion: 'Babero ya', pvp_cents: 1000 }, [now.id]);
  await insertModel(ctx, { modelo: 'NDSPR2', descripcion: 'Manta primavera', pvp_cents: 3000 }, [spring.id]);
  await insertModel(ctx, { modelo: 'NDAUT3', descripcion: 'Saco otoño', pvp_cents: 5000 }, [autumn.id]);
  await insertModel(ctx, { modelo: 'NDBOTH', descripcion: 'Gorro', pvp_cents: 2000 }, [autumn.id, spring.id]);
  await insertModel(ctx, { modelo: 'NDOTH5', descripcion: 'Otro', pvp_cents: 500 }, [other.id]);
  // Shipping 9,00 € below 100,00 € of goods: each order of a split cart pays its own.
  const [list] = await ctx.database.db
    .insert(tarifas)
    .values({ nombre: 'Temporada', porte_cents: 900, porte_gratis_desde_cents: 10000 })
    .returning({ id: tarifas.id });
  const client = await createClient(ctx, 'Tienda Temporadas', { tarifa_id: list.id });
  clienteId = client.id;
  const u = await createUser(ctx, { email: 'shop@split.test', role: 'Cliente', cliente_id: clienteId });
  shop = await tokenFor(ctx, u.id);
  admin = await tokenFor(ctx, (await createUser(ctx, { email: 'admin@split.test', role: 'Admin' })).id);
});
afterAll(async () => {
  await ctx?.close();
});

async function cart() {
  return (await post('pedidos/cliente', {}, shop)).json();
}

beforeEach(async () => {
  const c = await cart();
  for (const l of c.detalle.filter(
    (x: { lineaprimaria: number; porte: boolean }) => !x.lineaprimaria && !x.porte,
  ))
    await post('pedidos/lineremove', { pedido_id: c.id, linea_id: l.id }, shop);
});

async function add(modelo: string, cantidad: number, extra: object = {}, h: H = shop) {
  const res = await post('pedidos/lineadd', { modelo, cantidad, cliente_id: clienteId, ...extra }, h);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const lineOf = (order: any, modelo: string) => order.detalle.find((l: any) => l.modelo.modelo === modelo);

describe('the collection a line is ordered through', () => {
  it('is the one the shop was looking at, else the open one delivering first', async () => {
    // From the autumn collection's page.
    let c = await add('NDBOTH', 1, { coleccion_id: ids.autumn });
    expect(lineOf(c, 'NDBOTH').coleccion).toMatchObject({
      id: ids.autumn,
      nombre_en: 'Autumn 2026',
      entrega_desde: '2026-09-01',
      estado_ventana: 'abierta',
    });
    await post('pedidos/lineremove', { pedido_id: c.id, linea_id: lineOf(c, 'NDBOTH').id }, shop);
    // From a search (no collection), or naming one it is not in: the spring one delivers first.
    c = await add('NDBOTH', 1);
    expect(lineOf(c, 'NDBOTH').coleccion.id).toBe(ids.spring);
    c = await add('NDSPR2', 1, { coleccion_id: ids.other });
    expect(lineOf(c, 'NDSPR2').coleccion.id).toBe(ids.spring);
    // A collection without windows delivers at once; the cart groups by delivery, earliest first.
    c = await add('NDOTH5', 2);
    expect(c.entregas.map((e: any) => e.clave)).toEqual([NOW, SPRING]);
    expect(c.entregas[1]).toMatchObject({
      entrega_desde: '2026-04-01',
      entrega_hasta: '2026-04-30',
      total: 50,
    });
  });

  it('can be changed on the line to another of its model’s, never to one it is not in', async () => {
    let c = await add('NDBOTH', 2);
    const line = lineOf(c, 'NDBOTH');
    const res = await post(
      'pedidos/linecollection',
      { pedido_id: c.id, linea_id: line.id, coleccion_id: ids.autumn },
      shop,
    );
    expect(res.statusCode, res.body).toBe(200);
    c = res.json();
    expect(lineOf(c, 'NDBOTH').coleccion.id).toBe(ids.autumn);
    expect(c.entregas.map((e: any) => e.clave)).toEqual([AUTUMN]);
    const wrong = await post(
      'pedidos/linecollection',
      { pedido_id: c.id, linea_id: line.id, coleccion_id: ids.now },
      shop,
    );
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().issues.coleccion_id).toEqual([{ code: 'order.collectionNotOffered' }]);
  });
});

describe('submitting a cart of several delivery windows', () => {
  it('makes one order per window, each with its number, totals, shipping, reference and date; one mail', async () => {
    const before = (await sentMails(ctx)).length;
    await add('NDNOW1', 3); // 30,00 € at once
    await add('NDSPR2', 2); // 60,00 € in April
    await add('NDAUT3', 1); // 50,00 € in the autumn
    await add('NDBOTH', 5, { coleccion_id: ids.autumn }); // 100,00 € in the autumn
    const c = await cart();
    expect(c.entregas.map((e: any) => [e.clave, e.total])).toEqual([
      [NOW, 30],
      [SPRING, 60],
      [AUTUMN, 150],
    ]);
    const res = await post(
      'pedidos/processOrder',
      {
        pedido_id: c.id,
        referencia: 'PO-ALL',
        entregas: [
          { clave: SPRING, referencia: 'PO-SPRING', fecha_entrega: '2026-04-15' },
          { clave: AUTUMN, fecha_entrega: '2026-09-10' },
        ],
      },
      shop,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { pedido, pedidos: orders } = res.json();
    expect(orders).toHaveLength(3);
    expect(pedido.id).toBe(c.id);
    const [now, spring, autumn] = orders;
    // Consecutive numbers, all in one lot.
    const n = (o: any) => Number(o.docum.slice(5));
    expect([n(spring) - n(now), n(autumn) - n(now)]).toEqual([1, 2]);
    for (const o of orders) expect(o.lote.map((x: any) => x.id)).toEqual(orders.map((x: any) => x.id));
    // Each its lines, its shipping (free from 100,00 €), its taxes (21 %) and its details.
    const goods = (o: any) => o.detalle.filter((l: any) => !l.porte).map((l: any) => l.modelo.modelo);
    expect(goods(now)).toEqual(['NDNOW1']);
    expect(goods(spring)).toEqual(['NDSPR2']);
    expect(goods(autumn).sort()).toEqual(['NDAUT3', 'NDBOTH']);
    expect(orders.map((o: any) => o.total)).toEqual([39, 69, 150]);
    expect(orders.map((o: any) => o.impuestos.total)).toEqual([47.19, 83.49, 181.5]);
    expect(orders.map((o: any) => [o.referencia, o.fecha_entrega])).toEqual([
      ['PO-ALL', null],
      ['PO-SPRING', '2026-04-15'],
      ['PO-ALL', '2026-09-10'],
    ]);
    expect(orders.map((o: any) => [o.entrega_desde, o.entrega_hasta])).toEqual([
      [null, null],
      ['2026-04-01', '2026-04-30'],
      ['2026-09-01', '2026-10-31'],
    ]);
    // One mail naming the three, each order's PDF attached.
    const [mail] = (await waitForMails(ctx, before + 1)).slice(before);
    const raw = ctx.mails()[before];
    for (const o of orders) expect(mail).toContain(o.docum);
    expect((raw.match(/Content-Type: application\/pdf/g) ?? []).length).toBe(3);
    // Submitting again answers the same three, changing nothing.
    const again = (await post('pedidos/processOrder', { pedido_id: c.id }, shop)).json();
    expect(again.confirmacion).toBeNull();
    expect(again.pedidos.map((o: any) => o.docum)).toEqual(orders.map((o: any) => o.docum));
  });

  it('refuses a wanted date outside its window, naming that delivery, and keeps the cart whole', async () => {
    await add('NDNOW1', 1);
    await add('NDSPR2', 1);
    const c = await cart();
    const res = await post(
      'pedidos/processOrder',
      { pedido_id: c.id, entregas: [{ clave: SPRING, fecha_entrega: '2026-05-02' }] },
      shop,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().issues[`entregas.${SPRING}.fecha_entrega`]).toEqual([
      { code: 'order.deliveryInWindow', params: { desde: '01/04/2026', hasta: '30/04/2026' } },
    ]);
    const after = await cart();
    expect(after.id).toBe(c.id);
    expect(after.entregas).toHaveLength(2);
  });

  it('is all or nothing: a part that fails leaves the cart as it was and no number used', async () => {
    await add('NDNOW1', 1);
    await add('NDAUT3', 1);
    const c = await cart();
    const [{ last }] = await ctx.database.query<{ last: number }>(
      'select coalesce(max(last), 0)::int as last from docum_counters',
    );
    // The second order's insert fails inside the transaction.
    await ctx.database.query(`create function fail_second() returns trigger language plpgsql as $$
      begin raise exception 'second order refused'; end $$`);
    await ctx.database.query(
      `create trigger fail_second before insert on pedidos for each row when (new.status = 'w') execute function fail_second()`,
    );
    try {
      const res = await post('pedidos/processOrder', { pedido_id: c.id }, shop);
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.database.query('drop trigger fail_second on pedidos');
      await ctx.database.query('drop function fail_second');
    }
    const after = await cart();
    expect(after.id).toBe(c.id);
    expect(after.detalle.map((l: any) => l.id)).toEqual(c.detalle.map((l: any) => l.id));
    const [{ last: lastAfter }] = await ctx.database.query<{ last: number }>(
      'select coalesce(max(last), 0)::int as last from docum_counters',
    );
    expect(lastAfter).toBe(last);
    const [row] = await ctx.database.db.select().from(pedidos).where(eq(pedidos.id, c.id));
    expect(row.status).toBe('c');
  });
});

describe('lines whose collection closed in the cart', () => {
  it('are flagged, refused to a shop, removed in one action', async () => {
    await add('NDNOW1', 1);
    await add('NDSPR2', 2);
    // The spring collection closes while the line sits in the cart.
    await ctx.database.db
      .update(colecciones)
      .set({ pedido_hasta: '2026-03-01' })
      .where(eq(colecciones.id, ids.spring));
    try {
      const c = await cart();
      expect(lineOf(c, 'NDSPR2').coleccion.estado_ventana).toBe('cerrada');
      const refused = await post('pedidos/processOrder', { pedido_id: c.id }, shop);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().issues.pedido_id).toEqual([{ code: 'order.closedLines', params: { count: 1 } }]);
      const res = await post('pedidos/lineremoveclosed', { pedido_id: c.id }, shop);
      expect(res.statusCode, res.body).toBe(200);
      expect(
        res
          .json()
          .detalle.filter((l: any) => !l.porte)
          .map((l: any) => l.modelo.modelo),
      ).toEqual(['NDNOW1']);
    } finally {
      await ctx.database.db
        .update(colecciones)
        .set({ pedido_hasta: '2026-03-20' })
        .where(eq(colecciones.id, ids.spring));
    }
  });

  it('may be submitted by staff, warned, and the order’s audit row says so', async () => {
    await add('NDSPR2', 1);
    await ctx.database.db
      .update(colecciones)
      .set({ pedido_hasta: '2026-03-01' })
      .where(eq(colecciones.id, ids.spring));
    try {
      const c = await cart();
      const res = await post('pedidos/processOrder', { pedido_id: c.id }, admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().pedido.avisos).toEqual([{ code: 'order.closedLines', params: { count: 1 } }]);
      const [row] = await ctx.database.db
        .select({ details: audit_log.details })
        .from(audit_log)
        .where(and(eq(audit_log.action, 'pedido.process'), eq(audit_log.entity_id, c.id)));
      expect(row.details).toMatchObject({
        fuera_de_ventana: [{ modelo: 'NDSPR2', colecciones_id: ids.spring }],
      });
    } finally {
      await ctx.database.db
        .update(colecciones)
        .set({ pedido_hasta: '2026-03-20' })
        .where(eq(colecciones.id, ids.spring));
    }
  });
});

it('declares every status the requests of this file got', () => expectAnswersDocumented(ctx));
