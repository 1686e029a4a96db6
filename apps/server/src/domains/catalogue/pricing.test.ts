/**
 * Client prices (record 049): every rule of a price list (list discount, family and collection
 * discounts, a model's net price, the client's extra discount, rounding), everywhere the server
 * prices for a client (search, collection cards, the configurator, cart lines, the order), the
 * snapshot a submitted order keeps, the isolation between clients, and the Admin's price lists
 * (discounts, net prices, the CSV export and the import with its preview).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../../test/harness.ts';
import { expectAnswersDocumented } from '../../../test/openapi.ts';
import { buildCatalogue, type Fixture } from './test-fixtures.ts';
import { multipart } from './test-helpers.ts';

type H = { authorization: string };

let ctx: TestContext;
let fx: Fixture;
const ids = { A: 0, B: 0, C: 0, L1: 0, L2: 0 };
let shopA: H;
let shopB: H;
let shopC: H;
let admin: H;
let rep: H;

const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api/${url}`, payload: payload as object, headers });

async function ok(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H, payload?: unknown) {
  const res = await send(method, url, headers, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.statusCode === 204 ? null : res.json();
}

/** The summary of `modelo` in a search answer. */
async function searched(headers: H, modelo: string, extra: Record<string, unknown> = {}, search = modelo) {
  const answer = await ok('POST', 'modelo/searchModel', headers, { search, ...extra });
  return answer.data.find((m: { modelo: string }) => m.modelo === modelo);
}

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await buildCatalogue(ctx);
  const repUser = await createUser(ctx, { email: 'rep@prices.test', role: 'Representante' });
  ids.A = (await createClient(ctx, 'Tienda Ana')).id;
  ids.B = (await createClient(ctx, 'Tienda Bea', { representante_id: repUser.id })).id;
  ids.C = (await createClient(ctx, 'Distribuciones Carla')).id;
  const users = await Promise.all(
    (['A', 'B', 'C'] as const).map((k) =>
      createUser(ctx, { email: `${k.toLowerCase()}@prices.test`, role: 'Cliente', cliente_id: ids[k] }),
    ),
  );
  [shopA, shopB, shopC] = await Promise.all(users.map((u) => tokenFor(ctx, u.id)));
  admin = await tokenFor(ctx, (await createUser(ctx, { email: 'admin@prices.test', role: 'Admin' })).id);
  rep = await tokenFor(ctx, repUser.id);

  // "Tiendas": 20 % off, 30 % off family 3 (the pushchair), the changing bag at 30.00 net.
  const l1 = await ok('POST', 'tarifas', admin, {
    nombre: 'Tiendas',
    descuento: 20,
    familias: [{ familia: 3, descuento: 30 }],
  });
  ids.L1 = l1.id;
  await ok('PUT', `tarifas/${ids.L1}/precios/NDBOL07`, admin, { precio: 30 });
  // "Distribuidores": 10 % off, 25 % off the open collection, 50 % off family 1 (the collection's wins).
  const l2 = await ok('POST', 'tarifas', admin, {
    nombre: 'Distribuidores',
    descuento: 10,
    colecciones: [{ colecciones_id: fx.col.open, descuento: 25 }],
    familias: [{ familia: 1, descuento: 50 }],
  });
  ids.L2 = l2.id;
  // A on "Tiendas"; C on "Distribuidores" with 10 % of its own; B on no list (PVP).
  await ok('PUT', `cliente/${ids.A}`, admin, { nomcome: 'Tienda Ana', tarifa_id: ids.L1 });
  await ok('PUT', `cliente/${ids.C}`, admin, {
    nomcome: 'Distribuciones Carla',
    tarifa_id: ids.L2,
    descuento: 10,
  });
});
afterAll(async () => {
  expectAnswersDocumented(ctx);
  await ctx?.close();
});

describe('a client with a price list', () => {
  it("sees its list's discount beside PVP in search results", async () => {
    expect(await searched(shopA, 'NDCAP01')).toMatchObject({ pvp: 120, precio_neto: 96 });
  });

  it("gets a family's discount instead of the list's, and a model's net price over both", async () => {
    const { data } = await ok('POST', 'modelo/modeloscoleccion', shopA, { coleccion: fx.col.open });
    const byCode = Object.fromEntries(data.map((m: { modelo: string }) => [m.modelo, m]));
    expect(byCode.NDSIL02).toMatchObject({ pvp: 250.5, precio_neto: 175.35 });
    expect(byCode.NDBOL07).toMatchObject({ pvp: 45, precio_neto: 30 });
    expect(byCode.NDCAP01).toMatchObject({ pvp: 120, precio_neto: 96 });
  });

  it("gets a collection's discount over the list's and the family's, then its own discount, rounded once", async () => {
    // 120 × 0.75 × 0.90 = 81; the fabric 10.00 × 1.5 = 15 → 15 × 0.75 × 0.90 = 10.125 → 10.13.
    const model = await ok('GET', 'modelo/NDCAP01', shopC);
    expect(model).toMatchObject({ pvp: 120, precio_neto: 81 });
    const fabric = model.grupos
      .find((g: { id: number }) => g.id === fx.grp.tela)
      .parametros.find((o: { id: number }) => o.id === fx.opt.algodon);
    expect(fabric).toMatchObject({ price: 15, precio_neto: 10.13 });
  });

  it('pays its net prices on cart lines, which keep PVP beside them', async () => {
    const cart = await ok('POST', 'pedidos/lineadd', shopC, {
      modelo: 'NDCAP01',
      cantidad: 2,
      parametros_color: [
        { parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa },
        { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.algodon },
        { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.conNombre },
      ],
      parametros_bordado: { name: 'Lucía', emb_color: fx.opt.blanco, position: 'Izquierda' },
    });
    const [line, surcharge] = cart.detalle;
    // 81 + 10.13; the embroidery 8.00 → 8 × 0.75 × 0.90 = 5.40 on its own line.
    expect(line).toMatchObject({ precio: 91.13, pvp: 135, importe: 182.26 });
    expect(surcharge).toMatchObject({ precio: 5.4, pvp: 8, lineaprimaria: line.id });
    expect(cart.total).toBe(193.06);
  });
});

describe('isolation between clients', () => {
  it('never serves one client an answer priced for another, even from the search cache', async () => {
    expect(await searched(shopA, 'NDCAP01', {}, 'capazo')).toMatchObject({
      modelo: 'NDCAP01',
      precio_neto: 96,
    });
    expect(await searched(shopB, 'NDCAP01', {}, 'capazo')).toMatchObject({
      modelo: 'NDCAP01',
      pvp: 120,
      precio_neto: 120,
    });
    expect(await searched(shopC, 'NDCAP01', {}, 'capazo')).toMatchObject({
      modelo: 'NDCAP01',
      precio_neto: 81,
    });
    expect(await searched(shopA, 'NDCAP01', {}, 'capazo')).toMatchObject({
      modelo: 'NDCAP01',
      precio_neto: 96,
    });
  });

  it("answers 404 to a shop naming another client's prices", async () => {
    expect(
      (await send('POST', 'modelo/searchModel', shopB, { search: 'x', cliente_id: ids.A })).statusCode,
    ).toBe(404);
    expect((await send('GET', `modelo/NDCAP01?cliente_id=${ids.A}`, shopB)).statusCode).toBe(404);
  });

  it('shows staff the prices of the client they act for, and PVP for none', async () => {
    expect(await searched(admin, 'NDCAP01', { cliente_id: ids.A })).toMatchObject({ precio_neto: 96 });
    expect(await searched(admin, 'NDCAP01')).toMatchObject({ precio_neto: 120 });
    expect(await ok('GET', `modelo/NDCAP01?cliente_id=${ids.C}`, admin)).toMatchObject({ precio_neto: 81 });
    // A representative acts for its own clients only.
    expect(await searched(rep, 'NDCAP01', { cliente_id: ids.B })).toMatchObject({ precio_neto: 120 });
    expect(
      (await send('POST', 'modelo/searchModel', rep, { search: 'x', cliente_id: ids.A })).statusCode,
    ).toBe(404);
  });

  it('never shows a shop its list or discount, only staff', async () => {
    const own = await ok('GET', 'cliente/companyInfo', shopC);
    expect(own.data).not.toHaveProperty('tarifa_id');
    expect(own.data).not.toHaveProperty('descuento');
    const staffView = await ok('GET', `cliente/${ids.C}`, admin);
    expect(staffView.data).toMatchObject({ tarifa_id: ids.L2, descuento: 10 });
  });

  it('refuses an unknown price list on a client', async () => {
    const res = await send('PUT', `cliente/${ids.B}`, admin, { nomcome: 'Tienda Bea', tarifa_id: 999_999 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ tarifa_id: ['Unknown price list'] });
  });
});

describe('a submitted order', () => {
  it('keeps the prices it was submitted with when the list changes', async () => {
    const cart = await ok('POST', 'pedidos/lineadd', shopA, {
      modelo: 'NDSIL02',
      cantidad: 1,
      parametros_color: [{ parametros_grupos_id: fx.grp.color, parametro: fx.opt.azul }],
    });
    const { pedido } = await ok('POST', 'pedidos/processOrder', shopA, { pedido_id: cart.id });
    expect(pedido.detalle[0]).toMatchObject({ precio: 175.35, pvp: 250.5 });

    const list = await ok('GET', `tarifas/${ids.L1}`, admin);
    await ok('PUT', `tarifas/${ids.L1}`, admin, { nombre: list.nombre, descuento: 50, familias: [] });
    expect(await searched(shopA, 'NDSIL02')).toMatchObject({ precio_neto: 125.25 });
    const after = await ok('GET', `pedido/${pedido.id}`, shopA);
    expect(after.detalle[0]).toMatchObject({ precio: 175.35, pvp: 250.5 });
    expect(after.total).toBe(175.35);
  });
});

describe("the Admin's price lists", () => {
  it('lists them with their clients and net prices, and refuses a taken name', async () => {
    const { data } = await ok('GET', 'tarifas', admin);
    expect(data.map((l: { nombre: string }) => l.nombre)).toEqual(['Distribuidores', 'Tiendas']);
    expect(data.find((l: { id: number }) => l.id === ids.L1)).toMatchObject({ clientes: 1, precios: 1 });
    const taken = await send('POST', 'tarifas', admin, { nombre: 'Tiendas', descuento: 5 });
    expect(taken.statusCode).toBe(409);
    const detail = await ok('GET', `tarifas/${ids.L2}`, admin);
    expect(detail).toMatchObject({
      descuento: 10,
      colecciones: [{ colecciones_id: fx.col.open, descuento: 25 }],
      familias: [{ familia: 1, descuento: 50 }],
    });
    const bad = await send('POST', 'tarifas', admin, { nombre: 'X', descuento: 120 });
    expect(bad.statusCode).toBe(422);
  });

  it('sets and removes a net price, and pages them with the PVP beside', async () => {
    expect((await send('PUT', `tarifas/${ids.L2}/precios/NOPE`, admin, { precio: 1 })).statusCode).toBe(404);
    await ok('PUT', `tarifas/${ids.L2}/precios/NDSIL02`, admin, { precio: 199.99 });
    const page = await ok('GET', `tarifas/${ids.L2}/precios?search=luna`, admin);
    expect(page.data).toEqual([
      {
        modelo: 'NDSIL02',
        descripcion: 'Silla de paseo Luna',
        descripcion_en: 'Luna pushchair',
        pvp: 250.5,
        precio: 199.99,
      },
    ]);
    // 199.99 less C's own 10 % = 179.991 → 179.99.
    expect(await searched(shopC, 'NDSIL02')).toMatchObject({ precio_neto: 179.99 });
    await ok('DELETE', `tarifas/${ids.L2}/precios/NDSIL02`, admin);
    expect((await ok('GET', `tarifas/${ids.L2}/precios`, admin)).data).toEqual([]);
  });

  it('exports its net prices as CSV', async () => {
    const res = await send('GET', `tarifas/${ids.L1}/export`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body).toBe('\uFEFFmodelo;precio\r\nNDBOL07;30,00\r\n');
  });

  it('previews an import, flagging unknown codes and bad prices, and saves nothing while a row is bad', async () => {
    const csv = 'modelo;precio\r\nNDCAP01;99,90\r\nNOPE01;10\r\nNDSIL02;-5\r\nNDCAP01;98\r\n';
    const form = multipart(
      {},
      { field: 'file', name: 'tarifa.csv', type: 'text/csv', data: Buffer.from(csv) },
    );
    const preview = await ctx.app.inject({
      method: 'POST',
      url: `/api/tarifas/${ids.L1}/import/preview`,
      ...form,
      headers: { ...form.headers, ...admin },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({
      validos: 1,
      errores: 3,
      rows: [
        { row: 2, modelo: 'NDCAP01', precio: 99.9, pvp: 120, errors: [] },
        {
          row: 3,
          modelo: 'NOPE01',
          precio: 10,
          pvp: null,
          errors: [{ code: 'catalogAdmin.unknownModelCode', params: { modelo: 'NOPE01' } }],
        },
        {
          row: 4,
          modelo: 'NDSIL02',
          precio: null,
          pvp: 250.5,
          errors: [{ code: 'catalogAdmin.priceInvalid' }],
        },
        {
          row: 5,
          modelo: 'NDCAP01',
          precio: 98,
          pvp: 120,
          errors: [{ code: 'catalogAdmin.repeatedModelCode', params: { modelo: 'NDCAP01' } }],
        },
      ],
    });
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/tarifas/${ids.L1}/import`,
      ...form,
      headers: { ...form.headers, ...admin },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ file: ['3 rows have errors: nothing was saved'] });
    expect(
      (await ok('GET', `tarifas/${ids.L1}/precios`, admin)).data.map((p: { modelo: string }) => p.modelo),
    ).toEqual(['NDBOL07']);
  });

  it("imports a good file, replacing the list's net prices", async () => {
    const csv = 'NDCAP01,99.90\nNDSIL02,"150,00"\n';
    const form = multipart(
      {},
      { field: 'file', name: 'tarifa.csv', type: 'text/csv', data: Buffer.from(csv) },
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/tarifas/${ids.L1}/import`,
      ...form,
      headers: { ...form.headers, ...admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ importados: 2 });
    const { data } = await ok('GET', `tarifas/${ids.L1}/precios`, admin);
    expect(data.map((p: { modelo: string; precio: number }) => [p.modelo, p.precio])).toEqual([
      ['NDCAP01', 99.9],
      ['NDSIL02', 150],
    ]);
    expect(await searched(shopA, 'NDCAP01')).toMatchObject({ precio_neto: 99.9 });
    // The changing bag's net price went with the old file: the list's 50 % applies again.
    expect(await searched(shopA, 'NDBOL07')).toMatchObject({ precio_neto: 22.5 });
  });

  it('deletes a list, leaving its clients on PVP less their own discount', async () => {
    await ok('DELETE', `tarifas/${ids.L2}`, admin);
    expect(await searched(shopC, 'NDCAP01')).toMatchObject({ precio_neto: 108 });
    expect((await send('GET', `tarifas/${ids.L2}`, admin)).statusCode).toBe(404);
  });
});
