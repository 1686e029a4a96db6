/**
 * Line sheets (product.md, line sheets): a collection's cover (season, order and delivery windows,
 * maker) and its active models by family with image, code, description, colours, PVP and the
 * client's net price, read back from the PDF's text in Spanish and English; the print view's answer
 * says the same; who may get whose prices; and the send, whose mail lands in the outbox with the PDF
 * in the client's language.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../../../test/harness.ts';
import { expectAnswersDocumented } from '../../../../test/openapi.ts';
import { waitForMails } from '../../../../test/outbox.ts';
import { pdfAttachment, pdfText } from '../../../../test/pdf.ts';
import { buildCatalogue, type Fixture } from '../test-fixtures.ts';

type H = { authorization: string };

let ctx: TestContext;
let fx: Fixture;
const ids = { A: 0, B: 0, C: 0 };
let shopA: H;
let shopB: H;
let admin: H;
let rep: H;

const send = (method: 'GET' | 'POST' | 'PUT', url: string, headers: H, payload?: unknown) =>
  ctx.app.inject({ method, url: `/api/${url}`, payload: payload as object, headers });

async function ok(method: 'GET' | 'POST' | 'PUT', url: string, headers: H, payload?: unknown) {
  const res = await send(method, url, headers, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
}

/** The PDF's text, with the answer's headers checked. */
async function sheetText(url: string, headers: H): Promise<{ text: string; bytes: Buffer }> {
  const res = await ok('GET', url, headers);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['content-disposition']).toMatch(
    /^attachment; filename="(catalogo|line-sheet)-OI26\.pdf"$/,
  );
  return { text: await pdfText(res.rawPayload), bytes: res.rawPayload };
}

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await buildCatalogue(ctx);
  const repUser = await createUser(ctx, { email: 'rep@sheets.test', role: 'Representante' });
  ids.A = (await createClient(ctx, 'Tienda Ana')).id;
  ids.B = (await createClient(ctx, 'Tienda Bea', { representante_id: repUser.id })).id;
  // C has no user and no email: nobody to send to.
  ids.C = (await createClient(ctx, 'Tienda Carla', { representante_id: repUser.id })).id;
  const ana = await createUser(ctx, {
    email: 'ana@sheets.test',
    role: 'Cliente',
    cliente_id: ids.A,
    name: 'Ana',
  });
  await createUser(ctx, {
    email: 'andy@sheets.test',
    role: 'Cliente',
    cliente_id: ids.A,
    name: 'Andy',
    language: 'en',
  });
  const bea = await createUser(ctx, {
    email: 'bea@sheets.test',
    role: 'Cliente',
    cliente_id: ids.B,
    name: 'Bea',
    language: 'en',
  });
  shopA = await tokenFor(ctx, ana.id);
  shopB = await tokenFor(ctx, bea.id);
  admin = await tokenFor(ctx, (await createUser(ctx, { email: 'admin@sheets.test', role: 'Admin' })).id);
  rep = await tokenFor(ctx, repUser.id);

  // The season's windows (today is 2026-03-02 on the harness's clock).
  await ok('PUT', 'colecciones/update', admin, {
    collection: {
      id: fx.col.open,
      pedido_desde: '2026-02-01',
      pedido_hasta: '2026-03-31',
      entrega_desde: '2026-06-01',
      entrega_hasta: '2026-07-15',
    },
  });
  // A's list: 20 % off, 30 % off family 3 (the pushchair); and 10 % of A's own.
  const list = await ok('POST', 'tarifas', admin, {
    nombre: 'Tiendas',
    descuento: 20,
    familias: [{ familia: 3, descuento: 30 }],
  });
  await ok('PUT', `cliente/${ids.A}`, admin, {
    nomcome: 'Tienda Ana',
    tarifa_id: list.json().id,
    descuento: 10,
  });
  // The carrycot's main image, stored larger than it is drawn: the sheet embeds it downsized.
  const uploads = path.join(ctx.dir, 'uploads');
  fs.mkdirSync(uploads, { recursive: true });
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c85a80' } })
    .webp()
    .toFile(path.join(uploads, 'cap-main-t.webp'));
});
afterAll(async () => {
  expectAnswersDocumented(ctx);
  await ctx?.close();
});

describe('a shop’s own line sheet', () => {
  it('prints the cover and the models by family with its net prices, in Spanish', async () => {
    const { text, bytes } = await sheetText(`colecciones/${fx.col.open}/linesheet/pdf`, shopA);
    // The cover: the maker, the season, its windows and whom it is priced for.
    for (const s of [
      'Nido Textil Infantil S.L.',
      'CATÁLOGO DE LA COLECCIÓN Otoño 26',
      'PEDIDOS Del 01/02/2026 al 31/03/2026',
      'ENTREGA Del 01/06/2026 al 15/07/2026',
      'PREPARADO PARA Tienda Ana',
      'FECHA 02/03/2026',
    ])
      expect(text).toContain(s);
    // The models by family (carrycots, pushchairs, bags), each with its colours and both prices:
    // 120,00 less 20 % less 10 %; 250,50 less 30 % less 10 % (157,815, half up); 45,00 less 20 % less 10 %.
    const cap = text.indexOf('CAPAZO');
    const sil = text.indexOf('SILLA PASEO');
    const bol = text.indexOf('BOLSOS');
    expect(cap).toBeGreaterThan(0);
    expect(sil).toBeGreaterThan(cap);
    expect(bol).toBeGreaterThan(sil);
    expect(text).toContain('NDCAP01 Capazo Bebé Classic');
    expect(text).toContain('Azul · Rosa');
    expect(text).toContain('PVP 120,00 € Tu precio 86,40 €');
    expect(text).toContain('PVP 250,50 € Tu precio 157,82 €');
    expect(text).toContain('PVP 45,00 € Tu precio 32,40 €');
    // The pushchair has no image; an inactive colour and an inactive model are left out.
    expect(text).toContain('Sin imagen');
    expect(text).not.toContain('Gris');
    expect(text).not.toContain('NDBAJA05');
    // The image is embedded as a JPEG at the size it is drawn (2 px a point), not as stored (1200 px).
    const widths = [...bytes.toString('latin1').matchAll(/\/Subtype \/Image[^>]*?\/Width (\d+)/g)].map((m) =>
      Number(m[1]),
    );
    expect(widths).toHaveLength(1);
    expect(widths[0]).toBeLessThanOrEqual(332);
    expect(bytes.toString('latin1')).toContain('/DCTDecode');
  });

  it('prints the same in English for an English reader', async () => {
    const { text } = await sheetText(`colecciones/${fx.col.open}/linesheet/pdf?lang=en`, shopA);
    for (const s of [
      'LINE SHEET Autumn 26',
      'ORDERS From 01/02/2026 to 31/03/2026',
      'DELIVERY From 01/06/2026 to 15/07/2026',
      'PREPARED FOR Tienda Ana',
      'CARRYCOTS',
      'PUSHCHAIRS',
      'NDCAP01 Classic baby carrycot',
      'Blue · Pink',
      'PVP 120,00 € Your price 86,40 €',
      'PVP 250,50 € Your price 157,82 €',
      'No image',
    ])
      expect(text).toContain(s);
    expect(text).not.toContain('Tu precio');
  });

  it('answers the print view with the same content', async () => {
    const sheet = (await ok('GET', `colecciones/${fx.col.open}/linesheet`, shopA)).json();
    expect(sheet.coleccion).toMatchObject({
      nombre: 'Otoño 26',
      nombre_en: 'Autumn 26',
      pedido_desde: '2026-02-01',
      pedido_hasta: '2026-03-31',
      entrega_desde: '2026-06-01',
      entrega_hasta: '2026-07-15',
      estado_ventana: 'abierta',
      dias_para_cierre: 29,
    });
    expect(sheet.fabricante).toBe('Nido Textil Infantil S.L.');
    expect(sheet.cliente).toEqual({ id: ids.A, nomcome: 'Tienda Ana' });
    expect(
      sheet.familias.map(
        (f: { familia: number; modelos: Array<{ modelo: string; pvp: number; precio_neto: number }> }) => [
          f.familia,
          f.modelos.map((m) => [m.modelo, m.pvp, m.precio_neto]),
        ],
      ),
    ).toEqual([
      [1, [['NDCAP01', 120, 86.4]]],
      [3, [['NDSIL02', 250.5, 157.82]]],
      [4, [['NDBOL07', 45, 32.4]]],
    ]);
    const cap = sheet.familias[0].modelos[0];
    expect(cap.imagen).toBe('/uploads/cap-main-t.webp');
    expect(cap.colores.map((c: { nombre: string; color: string }) => [c.nombre, c.color])).toEqual([
      ['Azul', '#3366ff'],
      ['Rosa', '#ff8899'],
    ]);
  });

  it('never gives a shop another client’s prices, nor a collection it cannot browse', async () => {
    for (const url of [
      `colecciones/${fx.col.open}/linesheet?cliente=${ids.B}`,
      `colecciones/${fx.col.open}/linesheet/pdf?cliente=${ids.B}`,
      `colecciones/${fx.col.closed}/linesheet/pdf`,
      `colecciones/${fx.col.reps}/linesheet`,
      'colecciones/999999/linesheet/pdf',
    ]) {
      const res = await send('GET', url, shopA);
      expect(res.statusCode, url).toBe(404);
    }
    // Naming its own client is allowed and changes nothing.
    const own = (await ok('GET', `colecciones/${fx.col.open}/linesheet?cliente=${ids.A}`, shopA)).json();
    expect(own.cliente.id).toBe(ids.A);
  });
});

describe('a line sheet made by staff', () => {
  it('for no client shows PVP only', async () => {
    const sheet = (await ok('GET', `colecciones/${fx.col.open}/linesheet`, admin)).json();
    expect(sheet.cliente).toBeNull();
    expect(sheet.familias[0].modelos[0]).toMatchObject({ modelo: 'NDCAP01', pvp: 120, precio_neto: null });
    const { text } = await sheetText(`colecciones/${fx.col.open}/linesheet/pdf?lang=es`, admin);
    expect(text).toContain('PREPARADO PARA Precios de venta al público (PVP)');
    expect(text).toContain('PVP 120,00 €');
    expect(text).not.toContain('Tu precio');
  });

  it('for a client: the Admin any client, a Representante only its own', async () => {
    const forA = (await ok('GET', `colecciones/${fx.col.open}/linesheet?cliente=${ids.A}`, admin)).json();
    expect(forA.familias[0].modelos[0].precio_neto).toBe(86.4);
    // B has no list: its net price is PVP.
    const { text } = await sheetText(
      `colecciones/${fx.col.open}/linesheet/pdf?cliente=${ids.B}&lang=en`,
      rep,
    );
    expect(text).toContain('PREPARED FOR Tienda Bea');
    expect(text).toContain('PVP 120,00 € Your price 120,00 €');
    // A is not the Representante's client: as if it did not exist.
    expect(
      (await send('GET', `colecciones/${fx.col.open}/linesheet/pdf?cliente=${ids.A}`, rep)).statusCode,
    ).toBe(404);
    expect((await send('GET', `colecciones/${fx.col.open}/linesheet?cliente=${ids.A}`, rep)).statusCode).toBe(
      404,
    );
    // A representatives-only collection is theirs to show.
    const reps = (await ok('GET', `colecciones/${fx.col.reps}/linesheet?cliente=${ids.B}`, rep)).json();
    expect(
      reps.familias.flatMap((f: { modelos: Array<{ modelo: string }> }) => f.modelos.map((m) => m.modelo)),
    ).toEqual(['NDBOL07', 'NDREP04']);
  });
});

describe('sending a line sheet', () => {
  it('mails the client’s users, each in their language, with its PDF and the client’s prices', async () => {
    const before = ctx.mails().length;
    const res = await ok('POST', `colecciones/${fx.col.open}/linesheet/send`, admin, { cliente: ids.A });
    expect(res.json()).toEqual({ destinatarios: ['ana@sheets.test', 'andy@sheets.test'] });
    const mails = (await waitForMails(ctx, before + 2)).slice(before);
    const raw = ctx.mails().slice(before);
    const toAna = mails.findIndex((m) => /^To: ana@sheets\.test$/m.test(m));
    const toAndy = mails.findIndex((m) => /^To: andy@sheets\.test$/m.test(m));
    expect(mails[toAna]).toContain('Subject: Nido: catálogo de la colección Otoño 26');
    expect(mails[toAna]).toContain('Hola Ana:');
    expect(mails[toAna]).toContain('Pedidos: Del 01/02/2026 al 31/03/2026');
    expect(mails[toAndy]).toContain('Subject: Nido: Autumn 26 line sheet');
    expect(mails[toAndy]).toContain('Delivery: From 01/06/2026 to 15/07/2026');
    expect(raw[toAna]).toMatch(/filename="?catalogo-OI26\.pdf/);
    expect(raw[toAndy]).toMatch(/filename="?line-sheet-OI26\.pdf/);
    const es = await pdfText(pdfAttachment(raw[toAna])!);
    const en = await pdfText(pdfAttachment(raw[toAndy])!);
    expect(es).toContain('PVP 120,00 € Tu precio 86,40 €');
    expect(en).toContain('PVP 120,00 € Your price 86,40 €');
    const [row] = await ctx.database.query<{
      details: { destinatarios: string[] };
      acting_cliente_id: number;
    }>(
      "select details, acting_cliente_id from audit_log where action = 'coleccion.linesheet.send' order by id desc limit 1",
    );
    expect(row).toMatchObject({
      acting_cliente_id: ids.A,
      details: { destinatarios: ['ana@sheets.test', 'andy@sheets.test'] },
    });
  });

  it('a Representante sends one of its clients’ to an address it names, in the client’s language', async () => {
    const before = ctx.mails().length;
    const res = await ok('POST', `colecciones/${fx.col.open}/linesheet/send`, rep, {
      cliente: ids.B,
      email: 'buyer@bea.test',
    });
    expect(res.json()).toEqual({ destinatarios: ['buyer@bea.test'] });
    const [mail] = (await waitForMails(ctx, before + 1)).slice(before);
    expect(mail).toMatch(/^To: buyer@bea\.test$/m);
    // B's users read English: so does its mail and its PDF.
    expect(mail).toContain('Subject: Nido: Autumn 26 line sheet');
    expect(mail).toContain('Hello Tienda Bea,');
    const pdf = await pdfText(pdfAttachment(ctx.mails()[before])!);
    expect(pdf).toContain('PREPARED FOR Tienda Bea');
  });

  it('refuses another Representante’s client, a shop, and a client nobody can be mailed at', async () => {
    const url = `colecciones/${fx.col.open}/linesheet/send`;
    expect((await send('POST', url, rep, { cliente: ids.A })).statusCode).toBe(404);
    expect((await send('POST', url, shopB, { cliente: ids.B })).statusCode).toBe(403);
    const none = await send('POST', url, rep, { cliente: ids.C });
    expect(none.statusCode).toBe(422);
    expect(none.json().issues).toEqual({ email: [{ code: 'lineSheet.noRecipient' }] });
    const bad = await send('POST', url, rep, { cliente: ids.B, email: 'not an email' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().issues)).toEqual(['email']);
  });
});
