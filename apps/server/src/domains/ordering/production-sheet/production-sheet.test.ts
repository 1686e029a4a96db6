/**
 * The production sheet (issue 31, record 060) against a hand-made fixture: four orders and a cart
 * whose lines share and differ in configuration (the same options in another order, an embroidered
 * name, another name, a surcharge line, a shipping line, a cancelled order, the cart). The exact
 * groups, their summed quantities and orders; the status and Madrid-day filters; one order; the
 * refusals (a shop, a Representante, a bad range); the PDF's text in Spanish and English, and its
 * embroidery picture rendered once and then read from the storage.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  type ChosenOptionSnapshot,
  type EmbroiderySnapshot,
  PRODUCTION_MSG,
  type ProductionSheet,
} from '@nido/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  fieldErrorAnswer,
  type TestContext,
  tokenFor,
} from '../../../../test/harness.ts';
import { expectAnswersDocumented } from '../../../../test/openapi.ts';
import { pdfText } from '../../../../test/pdf.ts';
import { pedido_lineas, pedidos } from '../../../db/schema.ts';
import { cacheCounts } from '../../../platform/cache-counts.ts';
import { buildCatalogue, type Fixture } from '../../catalogue/test-fixtures.ts';

type H = { authorization: string };
let ctx: TestContext;
let fx: Fixture;
let admin: H;
let shop: H;
let rep: H;
const ids = { ana: 0, bea: 0, o1: 0, o2: 0, o3: 0, cancelled: 0, cart: 0 };

const get = (url: string, headers: H) => ctx.app.inject({ method: 'GET', url: `/api/${url}`, headers });

function option(
  group: number,
  grupo: string,
  grupo_en: string,
  id: number,
  codigo: string,
  nombre: string,
  nombre_en: string,
) {
  return {
    parametros_grupos_id: group,
    grupo,
    grupo_en,
    id,
    codigo,
    nombre,
    nombre_en,
    color: null,
    price: 0,
  };
}
let rosa: ChosenOptionSnapshot;
let lino: ChosenOptionSnapshot;
let azul: ChosenOptionSnapshot;

function embroidery(name: string): EmbroiderySnapshot {
  return {
    with_custom: 0,
    name,
    emb_style: 'Blackboard',
    emb_color: 'O02',
    emb_color_id: null,
    emb_color_name: 'Oro',
    emb_color_name_en: 'Gold',
    emb_color_hex: '#c9a227',
    position: 'Derecha',
    position_en: 'Right',
    letters: 15,
    parametro_id: null,
    parametros_grupos_id: null,
    name_option: 'Con nombre',
    name_option_en: 'With name',
    group: 'Bordado',
    group_en: 'Embroidery',
    price: 5,
  };
}

/** An order written as submission leaves it; each line `[modelo, quantity, options, embroidery?]`. */
async function order(
  status: 'c' | 'w' | 'p' | 'e' | 'x',
  clienteId: number,
  at: string | null,
  docum: string | null,
  lines: Array<[string, number, ChosenOptionSnapshot[], EmbroiderySnapshot?]>,
): Promise<number> {
  const db = ctx.database.db;
  const [p] = await db
    .insert(pedidos)
    .values({ cliente_id: clienteId, status, docum, fecha_pedido: at ? new Date(at) : null })
    .returning({ id: pedidos.id });
  for (const [modelo, unped, options, bordado] of lines) {
    const [line] = await db
      .insert(pedido_lineas)
      .values({
        pedido_id: p.id,
        modelo,
        descripcion: modelo === 'NDCAP01' ? 'Capazo Bebé Classic' : 'Silla de paseo Luna',
        descripcion_en: modelo === 'NDCAP01' ? 'Classic baby carrycot' : 'Luna pushchair',
        unped,
        precio_cents: 10_000,
        parametros_color: options,
        parametros_bordado: bordado ?? null,
      })
      .returning({ id: pedido_lineas.id });
    // The embroidery's surcharge: a line that depends on it, never a group of its own.
    if (bordado)
      await db.insert(pedido_lineas).values({
        pedido_id: p.id,
        modelo: '0802',
        descripcion: 'Bordado personalizado',
        unped,
        precio_cents: 500,
        primary_line_id: line.id,
      });
  }
  // The shipping line: never made.
  await db.insert(pedido_lineas).values({
    pedido_id: p.id,
    modelo: null,
    descripcion: 'Portes',
    descripcion_en: 'Shipping',
    unped: 1,
    precio_cents: 900,
    porte: true,
  });
  return p.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await buildCatalogue(ctx);
  rosa = option(fx.grp.color, 'Color', 'Colour', fx.opt.rosa, 'ROS', 'Rosa', 'Pink');
  lino = option(fx.grp.tela, 'Tejido', 'Fabric', fx.opt.lino, 'LIN', 'Lino', 'Linen');
  azul = option(fx.grp.color, 'Color', 'Colour', fx.opt.azul, 'AZU', 'Azul', 'Blue');
  ids.ana = (await createClient(ctx, 'Tienda Ana')).id;
  ids.bea = (await createClient(ctx, 'Tienda Bea')).id;
  admin = await tokenFor(ctx, (await createUser(ctx, { email: 'admin@sheet.test', role: 'Admin' })).id);
  rep = await tokenFor(ctx, (await createUser(ctx, { email: 'rep@sheet.test', role: 'Representante' })).id);
  shop = await tokenFor(
    ctx,
    (await createUser(ctx, { email: 'ana@sheet.test', role: 'Cliente', cliente_id: ids.ana })).id,
  );
  fs.mkdirSync(path.join(ctx.dir, 'uploads'), { recursive: true });
  for (const name of ['cap-main.webp', 'cap-main-t.webp', 'cap-ros.webp', 'cap-ros-t.webp'])
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#f0ebe3' } })
      .webp()
      .toFile(path.join(ctx.dir, 'uploads', name));

  ids.o1 = await order('w', ids.ana, '2026-03-02T09:00:00Z', 'E26-0001', [
    ['NDCAP01', 2, [rosa, lino]],
    ['NDCAP01', 1, [rosa, lino], embroidery('Lucía')],
    ['NDSIL02', 1, [azul]],
  ]);
  // 23:30 UTC on the 4th is 00:30 on the 5th in Madrid.
  ids.o2 = await order('p', ids.bea, '2026-03-04T23:30:00Z', 'E26-0002', [
    ['NDCAP01', 3, [lino, rosa]],
    ['NDCAP01', 2, [rosa, lino], embroidery('Lucía')],
    ['NDCAP01', 1, [rosa, lino], embroidery('Mateo')],
  ]);
  ids.o3 = await order('e', ids.ana, '2026-03-20T10:00:00Z', 'E26-0003', [
    ['NDSIL02', 4, [azul]],
    ['NDCAP01', 1, [rosa, lino]],
    ['NDCAP01', 1, [rosa, lino]],
  ]);
  ids.cancelled = await order('x', ids.bea, '2026-03-05T10:00:00Z', 'E26-0004', [
    ['NDCAP01', 10, [rosa, lino]],
  ]);
  ids.cart = await order('c', ids.bea, null, null, [['NDCAP01', 7, [rosa, lino]]]);
});

afterAll(async () => {
  expectAnswersDocumented(ctx);
  await ctx?.close();
});

async function sheet(query: string): Promise<ProductionSheet> {
  const res = await get(`pedidos/produccion?${query}`, admin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A group as the assertions read it: model, embroidered name, units, orders as "docum×n". */
const brief = (s: ProductionSheet) =>
  s.grupos.map((g) => [
    g.modelo,
    g.parametros_bordado?.name ?? '',
    g.cantidad,
    g.pedidos.map((o) => `${o.docum}×${o.cantidad}`).join(' '),
  ]);

describe('the production sheet’s groups', () => {
  it('groups a month’s lines by model, then by identical options and embroidery, quantities summed', async () => {
    const s = await sheet('desde=2026-03-01&hasta=2026-03-31');
    expect(brief(s)).toEqual([
      ['NDCAP01', '', 7, 'E26-0001×2 E26-0002×3 E26-0003×2'],
      ['NDCAP01', 'Lucía', 3, 'E26-0001×1 E26-0002×2'],
      ['NDCAP01', 'Mateo', 1, 'E26-0002×1'],
      ['NDSIL02', '', 5, 'E26-0001×1 E26-0003×4'],
    ]);
    expect(s.totales).toEqual({ grupos: 4, unidades: 16, pedidos: 3 });
    expect(s.truncado).toBe(false);
    expect(s.filtro).toEqual({ pedido: null, status: null, desde: '2026-03-01', hasta: '2026-03-31' });
    const [plain, lucia, , silla] = s.grupos;
    expect(plain.parametros_color.map((o) => o.codigo)).toEqual(['ROS', 'LIN']);
    expect(plain.pedidos[0]).toEqual({ id: ids.o1, docum: 'E26-0001', cliente: 'Tienda Ana', cantidad: 2 });
    expect(plain.pedidos[1].cliente).toBe('Tienda Bea');
    // The colour's own thumbnail; an embroidered group also has its preview's address.
    expect(plain.imagen).toBe('/uploads/cap-ros-t.webp');
    expect(plain.bordado_preview).toBeNull();
    expect(lucia.bordado_preview).toMatch(/^\/api\/bordado\/preview\/[\w-]+\.[\w-]+\.webp$/);
    expect(lucia.parametros_bordado?.emb_color_name).toBe('Oro');
    expect(silla.imagen).toBeNull();
    expect(silla.descripcion_en).toBe('Luna pushchair');
  });

  it('filters by status and by Madrid days', async () => {
    expect(brief(await sheet('status=p&desde=2026-03-01&hasta=2026-03-31'))).toEqual([
      ['NDCAP01', '', 3, 'E26-0002×3'],
      ['NDCAP01', 'Lucía', 2, 'E26-0002×2'],
      ['NDCAP01', 'Mateo', 1, 'E26-0002×1'],
    ]);
    // The second order was submitted on the 5th in Madrid (the 4th in UTC).
    expect(brief(await sheet('desde=2026-03-01&hasta=2026-03-04'))).toEqual([
      ['NDCAP01', '', 2, 'E26-0001×2'],
      ['NDCAP01', 'Lucía', 1, 'E26-0001×1'],
      ['NDSIL02', '', 1, 'E26-0001×1'],
    ]);
    expect(brief(await sheet('status=e&desde=2026-03-05&hasta=2026-03-31'))).toEqual([
      ['NDCAP01', '', 2, 'E26-0003×2'],
      ['NDSIL02', '', 4, 'E26-0003×4'],
    ]);
    const none = await sheet('desde=2026-04-01&hasta=2026-04-30');
    expect(none.grupos).toEqual([]);
    expect(none.totales).toEqual({ grupos: 0, unidades: 0, pedidos: 0 });
  });

  it('makes one order’s sheet; a cancelled order has nothing to make; a cart is no order', async () => {
    const one = await sheet(`pedido_id=${ids.o3}`);
    expect(one.filtro.pedido).toEqual({ id: ids.o3, docum: 'E26-0003', cliente: 'Tienda Ana' });
    expect(brief(one)).toEqual([
      ['NDCAP01', '', 2, 'E26-0003×2'],
      ['NDSIL02', '', 4, 'E26-0003×4'],
    ]);
    expect(await sheet('docum=E26-0003')).toEqual({ ...one, generado: expect.any(String) });
    expect((await get('pedidos/produccion?docum=E26-9999', admin)).statusCode).toBe(404);
    expect((await sheet(`pedido_id=${ids.cancelled}`)).grupos).toEqual([]);
    expect((await get(`pedidos/produccion?pedido_id=${ids.cart}`, admin)).statusCode).toBe(404);
    expect((await get('pedidos/produccion?pedido_id=999999', admin)).statusCode).toBe(404);
    expect((await get(`pedidos/produccion/pdf?pedido_id=${ids.cart}`, admin)).statusCode).toBe(404);
  });

  it('refuses a sheet without an order or a whole range, a range backwards or too long', async () => {
    const none = await get('pedidos/produccion', admin);
    expect(none.statusCode).toBe(422);
    expect(none.json().issues).toEqual({
      desde: [{ code: PRODUCTION_MSG.rangeRequired.code }],
      hasta: [{ code: PRODUCTION_MSG.rangeRequired.code }],
    });
    const backwards = await get('pedidos/produccion?desde=2026-03-10&hasta=2026-03-01', admin);
    expect(backwards.json()).toEqual(fieldErrorAnswer('hasta', PRODUCTION_MSG.rangeBackwards));
    const long = await get('pedidos/produccion/pdf?desde=2026-01-01&hasta=2026-04-30', admin);
    expect(long.json()).toEqual(fieldErrorAnswer('hasta', PRODUCTION_MSG.rangeTooLong));
    expect((await get('pedidos/produccion?desde=2026-01-01&hasta=2026-04-02', admin)).statusCode).toBe(200);
  });

  it('is the Admin’s alone', async () => {
    for (const who of [shop, rep]) {
      expect((await get(`pedidos/produccion?pedido_id=${ids.o1}`, who)).statusCode).toBe(403);
      expect((await get(`pedidos/produccion/pdf?pedido_id=${ids.o1}`, who)).statusCode).toBe(403);
    }
  });
});

describe('the production sheet’s PDF', () => {
  it('says the groups in Spanish and in English, the embroidery preview rendered once', async () => {
    const cached = () => fs.readdirSync(path.join(ctx.dir, 'uploads')).filter((f) => f.startsWith('emb-'));
    expect(cached()).toEqual([]);
    const misses = cacheCounts.embroidery_preview.miss;
    const res = await get('pedidos/produccion/pdf?desde=2026-03-01&hasta=2026-03-31&lang=es', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="hoja-produccion-2026-03-01_2026-03-31.pdf"',
    );
    const es = await pdfText(res.rawPayload);
    expect(es).toContain('Hoja de producción');
    expect(es).toContain('Pendientes, procesados y comprados del 01/03/2026 al 31/03/2026');
    expect(es).toContain('4 grupos · 16 unidades · 3 pedidos');
    expect(es).toContain('NDCAP01 · Capazo Bebé Classic');
    expect(es).toContain('Color: Rosa');
    expect(es).toContain('Tejido: Lino');
    expect(es).toContain('Bordado: «Lucía» · Blackboard · Oro · Derecha');
    expect(es).toContain('E26-0002 Tienda Bea');
    expect(es).toContain('7 uds.');
    expect(es).toContain('NDSIL02 · Silla de paseo Luna');
    // Two embroidered groups: two previews drawn and stored.
    expect(cached()).toHaveLength(2);
    expect(cacheCounts.embroidery_preview.miss - misses).toBe(2);

    const hits = cacheCounts.embroidery_preview.hit;
    const en = await get(`pedidos/produccion/pdf?pedido_id=${ids.o2}&lang=en`, admin);
    expect(en.headers['content-disposition']).toBe('attachment; filename="production-sheet-E26-0002.pdf"');
    const text = await pdfText(en.rawPayload);
    expect(text).toContain('Production sheet');
    expect(text).toContain('Order E26-0002 · Tienda Bea');
    expect(text).toContain('Colour: Pink');
    expect(text).toContain('Embroidery: «Mateo» · Blackboard · Gold · Right');
    expect(text).toContain('NDCAP01 · Classic baby carrycot');
    expect(text).toContain('3 units');
    // Nothing rendered again: both previews came from the storage.
    expect(cacheCounts.embroidery_preview.miss - misses).toBe(2);
    expect(cacheCounts.embroidery_preview.hit - hits).toBe(2);
  });

  it('draws the empty sheet', async () => {
    const res = await get('pedidos/produccion/pdf?desde=2026-04-01&hasta=2026-04-30&lang=en', admin);
    expect(await pdfText(res.rawPayload)).toContain('No line to make for this filter.');
  });
});
