/**
 * The embroidery preview (issue 31, record 059): the Admin's boxes per position (validated: a
 * position of the model, once, inside the image), the configurator's model carrying them, a line's
 * preview address that follows the box, and the preview rendered once then served from the storage.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CATALOG_ADMIN_MSG, DEFAULT_EMBROIDERY_BOX } from '@nido/contract';
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
import { waitForMails } from '../../../../test/outbox.ts';
import { cacheCounts } from '../../../platform/cache-counts.ts';
import { buildCatalogue, type Fixture } from '../test-fixtures.ts';
import { previewAddress, previewKey } from './address.ts';

type H = { authorization: string };
let ctx: TestContext;
let fx: Fixture;
let admin: H;
let shop: H;

const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: H | undefined, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: url.startsWith('/') ? url : `/api/${url}`,
    payload: payload as object,
    headers,
  });

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await buildCatalogue(ctx);
  const cliente = await createClient(ctx, 'Tienda Bordados');
  shop = await tokenFor(
    ctx,
    (await createUser(ctx, { email: 'shop@emb.test', role: 'Cliente', cliente_id: cliente.id })).id,
  );
  admin = await tokenFor(ctx, (await createUser(ctx, { email: 'admin@emb.test', role: 'Admin' })).id);
  // The model's images, as uploads would have stored them.
  fs.mkdirSync(path.join(ctx.dir, 'uploads'), { recursive: true });
  for (const name of ['cap-main.webp', 'cap-ros.webp', 'cap-azu.webp'])
    await sharp({ create: { width: 800, height: 600, channels: 3, background: '#f0ebe3' } })
      .webp()
      .toFile(path.join(ctx.dir, 'uploads', name));
});

afterAll(async () => {
  expectAnswersDocumented(ctx);
  await ctx?.close();
});

/** A cart line of NDCAP01 with "Lucía" embroidered in gold at the right. */
async function embroideredLine(name = 'Lucía') {
  const res = await call('POST', 'pedidos/lineadd', shop, {
    modelo: 'NDCAP01',
    cantidad: 1,
    parametros_color: [
      { parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa },
      { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.lino },
      { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.conNombre },
    ],
    parametros_bordado: {
      with_custom: 0,
      name,
      emb_style: 'Blackboard',
      emb_color: 'O02',
      position: 'Derecha',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const cart = (await call('POST', 'pedidos/cliente', shop, {})).json();
  return cart.detalle.find(
    (l: { parametros_bordado: { name: string } | null }) => l.parametros_bordado?.name === name,
  );
}

describe('the boxes of a model’s embroidery positions', () => {
  it('lists each position of the model’s options, without a box until one is placed', async () => {
    const res = await call('GET', 'modelo/NDCAP01/bordado', admin);
    expect(res.json()).toEqual({
      modelo: 'NDCAP01',
      imagen: '/uploads/cap-main.webp',
      posiciones: [
        { posicion: 'Izquierda', posicion_en: 'Left', box: null },
        { posicion: 'Derecha', posicion_en: 'Right', box: null },
      ],
    });
    expect((await call('GET', 'modelo/NOPE/bordado', admin)).statusCode).toBe(404);
    expect((await call('GET', 'modelo/NDCAP01/bordado', shop)).statusCode).toBe(403);
  });

  it('refuses a position the model lacks, a position twice and a box outside the image, changing nothing', async () => {
    const box = { x: 0.5, y: 0.5, w: 0.3, h: 0.2 };
    const unknown = await call('PUT', 'modelo/NDCAP01/bordado', admin, {
      posiciones: [
        { posicion: 'Derecha', box },
        { posicion: 'Espalda', box },
      ],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual(
      fieldErrorAnswer('posiciones.1.posicion', CATALOG_ADMIN_MSG.positionUnknown),
    );
    const twice = await call('PUT', 'modelo/NDCAP01/bordado', admin, {
      posiciones: [
        { posicion: 'Derecha', box },
        { posicion: 'Derecha', box },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json()).toEqual(fieldErrorAnswer('posiciones.1.posicion', CATALOG_ADMIN_MSG.positionTwice));
    const outside = await call('PUT', 'modelo/NDCAP01/bordado', admin, {
      posiciones: [{ posicion: 'Derecha', box: { x: 0.8, y: 0.5, w: 0.3, h: 0.2 } }],
    });
    expect(outside.json()).toEqual(fieldErrorAnswer('posiciones.0.box', CATALOG_ADMIN_MSG.boxOutside));
    expect(
      (await call('GET', 'modelo/NDCAP01/bordado', admin))
        .json()
        .posiciones.map((p: { box: unknown }) => p.box),
    ).toEqual([null, null]);
  });

  it('flags, in the Admin’s model list, a model until every position has a box', async () => {
    const flagged = async () =>
      (await call('GET', 'modelo-admin/list?search=NDCAP01&page=1', admin))
        .json()
        .data.find((r: { modelo: string }) => r.modelo === 'NDCAP01').posiciones_sin_recuadro;
    const plain = (await call('GET', 'modelo-admin/list?search=NDSIL02&page=1', admin)).json().data[0];
    expect(plain.posiciones_sin_recuadro).toBe(false); // no embroidery position at all
    expect(await flagged()).toBe(true);
    const box = { x: 0.1, y: 0.1, w: 0.3, h: 0.2 };
    await call('PUT', 'modelo/NDCAP01/bordado', admin, { posiciones: [{ posicion: 'Izquierda', box }] });
    expect(await flagged()).toBe(true); // Derecha has none yet
    await call('PUT', 'modelo/NDCAP01/bordado', admin, {
      posiciones: [
        { posicion: 'Izquierda', box },
        { posicion: 'Derecha', box },
      ],
    });
    expect(await flagged()).toBe(false);
  });

  it('keeps the boxes placed, and the configurator’s model carries them', async () => {
    const box = { x: 0.55, y: 0.6, w: 0.35, h: 0.15 };
    const res = await call('PUT', 'modelo/NDCAP01/bordado', admin, {
      posiciones: [{ posicion: 'Derecha', box }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().posiciones[1]).toEqual({ posicion: 'Derecha', posicion_en: 'Right', box });
    const model = (await call('GET', 'modelo/NDCAP01', shop)).json();
    expect(model.embroidery_boxes).toEqual([{ posicion: 'Derecha', box }]);
  });
});

describe('a line’s preview', () => {
  it('is rendered once, then served from the storage; its address follows the box', async () => {
    const line = await embroideredLine();
    expect(line.bordado_preview).toMatch(/^\/api\/bordado\/preview\/[\w-]+\.[\w-]+\.webp$/);
    const misses = cacheCounts.embroidery_preview.miss;
    const hits = cacheCounts.embroidery_preview.hit;
    const first = await call('GET', line.bordado_preview, undefined);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toContain('immutable');
    expect((await sharp(first.rawPayload).metadata()).width).toBe(640);
    const second = await call('GET', line.bordado_preview, undefined);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // One render for both requests: the second read the stored preview.
    expect(cacheCounts.embroidery_preview.miss).toBe(misses + 1);
    expect(cacheCounts.embroidery_preview.hit).toBe(hits + 1);

    // The Admin moves the box: the line's address changes with it.
    await call('PUT', 'modelo/NDCAP01/bordado', admin, {
      posiciones: [{ posicion: 'Derecha', box: { x: 0.05, y: 0.05, w: 0.4, h: 0.2 } }],
    });
    const moved = await embroideredLine();
    expect(moved.bordado_preview).not.toBe(line.bordado_preview);
  });

  it('is served at an address longer than 200 characters (a long image name and name)', async () => {
    const image = `/uploads/${'b'.repeat(64)}.webp`;
    fs.copyFileSync(path.join(ctx.dir, 'uploads', 'cap-ros.webp'), path.join(ctx.dir, image));
    const address = previewAddress(await previewKey(ctx.database.db), {
      image,
      name: 'Maximiliana Sol',
      style: 'Embird',
      colour: '#c9a227',
      box: DEFAULT_EMBROIDERY_BOX,
    });
    expect(address!.split('/').at(-1)!.length).toBeGreaterThan(200);
    const res = await call('GET', address!, undefined);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
  });

  it('goes with the order: its PDF draws it, its confirmation mail shows it', async () => {
    const line = await embroideredLine('Martina');
    const before = ctx.mails().length;
    const cart = (await call('POST', 'pedidos/cliente', shop, {})).json();
    const submitted = await call('POST', 'pedidos/processOrder', shop, { pedido_id: cart.id });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const order = submitted.json().pedido;
    const shown = order.detalle.find((l: { id: number }) => l.id === line.id) ?? order.detalle[0];
    expect(shown.bordado_preview).toBe(line.bordado_preview);
    const pdf = await call('GET', `pedido/${order.id}/pdf`, shop);
    expect(pdf.statusCode).toBe(200);
    // The preview is drawn as a JPEG image in the document (pdfkit: /DCTDecode).
    expect(pdf.rawPayload.toString('latin1')).toMatch(
      /\/Subtype \/Image[\s\S]*?\/DCTDecode|\/DCTDecode[\s\S]*?\/Subtype \/Image/,
    );
    const mail = (await waitForMails(ctx, before + 1)).slice(before).join('\n');
    // The portal's address (PUBLIC_URL) before the preview's.
    expect(mail).toContain(`<img src="http://nido.test${line.bordado_preview}"`);
  });

  it('answers 404 to an address the portal did not sign', async () => {
    const line = await embroideredLine('Pablo');
    const [payload, signature] = line.bordado_preview.split('/').at(-1).split('.');
    const forged = Buffer.from(
      JSON.parse(Buffer.from(payload, 'base64url').toString()).n === 'Pablo'
        ? JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), n: 'Hacker' })
        : '',
    ).toString('base64url');
    expect(
      (await call('GET', `/api/bordado/preview/${forged}.${signature}.webp`, undefined)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/bordado/preview/abc.def.webp', undefined)).statusCode).toBe(404);
  });

  it('is null for a line without an embroidered name', async () => {
    await call('POST', 'pedidos/lineadd', shop, {
      modelo: 'NDCAP01',
      cantidad: 1,
      parametros_color: [
        { parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa },
        { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.lino },
        { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.sinBordado },
      ],
    });
    const cart = (await call('POST', 'pedidos/cliente', shop, {})).json();
    const plain = cart.detalle.filter((l: { parametros_bordado: unknown }) => !l.parametros_bordado);
    expect(plain.length).toBeGreaterThan(0);
    for (const l of plain) expect(l.bordado_preview).toBeNull();
  });
});
