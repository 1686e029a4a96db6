import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
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
import {
  audit_log,
  coleccion_imagenes,
  coleccion_modelos,
  colecciones,
  modelos,
} from '../../../db/schema.ts';
import { storedName } from '../../../platform/storage.ts';
import { multipart, pngImage, readZip } from '../test-helpers.ts';

let ctx: TestContext;
let admin: { authorization: string };
let cliente: { authorization: string };
let rep: { authorization: string };
const ids: Record<string, number> = {};

async function addModelo(modelo: string, baja = false) {
  await ctx.database.db.insert(modelos).values({
    modelo,
    descripcion: `Modelo ${modelo}`,
    descripcion_en: `Model ${modelo}`,
    baja,
    search_text: modelo.toLowerCase(),
  });
}

async function addColeccion(coleccion: string, extra: Partial<typeof colecciones.$inferInsert> = {}) {
  const [row] = await ctx.database.db
    .insert(colecciones)
    .values({ nombre: `Colección ${coleccion}`, coleccion, ...extra })
    .returning();
  ids[coleccion] = row.id;
  return row;
}

function post(url: string, payload: unknown, headers = admin) {
  return ctx.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers });
}

function put(url: string, payload: unknown, headers = admin) {
  return ctx.app.inject({ method: 'PUT', url: `/api/${url}`, payload: payload as object, headers });
}

function uploadImage(colecciones_id: number, data: Buffer, headers = admin) {
  const form = multipart(
    { body: JSON.stringify({ colecciones_id }) },
    { name: 'c.png', type: 'image/png', data },
  );
  return ctx.app.inject({
    method: 'POST',
    url: '/api/coleccion/uploadImage',
    payload: form.payload,
    headers: { ...headers, ...form.headers },
  });
}

/** The file of an upload on the test's disk storage. */
function fileOf(url: string): string {
  return path.join(ctx.dir, 'uploads', storedName(url)!);
}

const codesOf = (res: { json(): { data: Array<{ coleccion: string }> } }) =>
  res.json().data.map((c) => c.coleccion);

beforeAll(async () => {
  ctx = await createTestContext();
  const c = await createClient(ctx, 'Tienda Colecciones');
  admin = await tokenFor(ctx, (await createUser(ctx, { email: 'admin@nido.test', role: 'Admin' })).id);
  cliente = await tokenFor(
    ctx,
    (await createUser(ctx, { email: 'shop@nido.test', role: 'Cliente', cliente_id: c.id })).id,
  );
  rep = await tokenFor(ctx, (await createUser(ctx, { email: 'rep@nido.test', role: 'Representante' })).id);
  await addModelo('ND-A1');
  await addModelo('ND-A2');
  await addModelo('ND-OFF', true);
  await addColeccion('OI26', { position: 0 });
  await addColeccion('REPS', { position: 1, solorepresentantes: true });
  await addColeccion('OFF', { position: 2, activado: false });
  await ctx.database.db.insert(coleccion_modelos).values([
    { colecciones_id: ids.OI26, modelos_modelo: 'ND-A1', position: 0 },
    { colecciones_id: ids.OI26, modelos_modelo: 'ND-OFF', position: 1 },
    { colecciones_id: ids.OI26, modelos_modelo: 'ND-A2', position: 2 },
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

describe('access', () => {
  it('answers 403 to a client user and a representative on every admin call', async () => {
    const calls: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown]> = [
      ['GET', `colecciones/${ids.OI26}/1`],
      ['POST', 'colecciones/showClear', { id: ids.OI26 }],
      ['POST', 'coleccion/setActive', { id: ids.OI26, activado: 0 }],
      ['POST', 'coleccion/setSoloRepresentantes', { id: ids.OI26, solorepresentantes: 1 }],
      ['PUT', 'colecciones/update', { collection: { id: ids.OI26, nombre: 'x', coleccion: 'OI26' } }],
      ['POST', 'coleccion/uploadImage', {}],
      ['DELETE', 'coleccion/deleteImage', { id: 1, colecciones_id: ids.OI26 }],
      ['POST', 'coleccion/setImgPrincipal', { id: 1 }],
      ['POST', 'coleccion/downloadImages', { id: ids.OI26 }],
      ['POST', 'coleccion/addModelo', { id: ids.OI26, modelo: 'ND-A1' }],
      ['POST', 'coleccion/removeModelo', { id: ids.OI26, modelo: 'ND-A1' }],
    ];
    for (const [method, url, payload] of calls) {
      for (const headers of [cliente, rep]) {
        const res = await ctx.app.inject({ method, url: `/api/${url}`, payload: payload as object, headers });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    const [c] = await ctx.database.db.select().from(colecciones).where(eq(colecciones.id, ids.OI26));
    expect(c).toMatchObject({ activado: true, solorepresentantes: false });
    const list = await post('colecciones/list', {}, cliente);
    expect(list.statusCode).toBe(200);
    const anon = await ctx.app.inject({ method: 'POST', url: '/api/colecciones/list', payload: {} });
    expect(anon.statusCode).toBe(401);
  });
});

describe('colecciones/list visibility', () => {
  it('a client user sees active collections that are not for representatives only, counting active models', async () => {
    const res = await post('colecciones/list', { filters: { activado: 0 } }, cliente);
    expect(codesOf(res)).toEqual(['OI26']);
    expect(res.json().data[0]).toMatchObject({
      modelos: 2,
      activado: true,
      solorepresentantes: false,
      imagen: null,
    });
  });

  it('a representative sees every active collection, representatives-only included', async () => {
    expect(codesOf(await post('colecciones/list', {}, rep))).toEqual(['OI26', 'REPS']);
  });

  it('an admin sees all and may filter by activado and search', async () => {
    const all = await post('colecciones/list', {});
    expect(codesOf(all)).toEqual(['OI26', 'REPS', 'OFF']);
    expect(all.json().data[0].modelos).toBe(3);
    expect(all.json().meta).toMatchObject({ total: 3, current_page: 1, per_page: 25 });
    expect(codesOf(await post('colecciones/list', { filters: { activado: false } }))).toEqual(['OFF']);
    expect(codesOf(await post('colecciones/list', { filters: { search: 'coleccion reps' } }))).toEqual([
      'REPS',
    ]);
  });
});

describe('collection flags and detail', () => {
  it('setActive and setSoloRepresentantes change what shops see, and are audited', async () => {
    const off = await post('coleccion/setActive', { id: ids.OFF, activado: 1 });
    expect(off.json()).toEqual({ id: ids.OFF, activado: true });
    expect(codesOf(await post('colecciones/list', {}, cliente))).toEqual(['OI26', 'OFF']);
    const reps = await post('coleccion/setSoloRepresentantes', { id: ids.OFF, solorepresentantes: true });
    expect(reps.json()).toEqual({ id: ids.OFF, solorepresentantes: true });
    expect(codesOf(await post('colecciones/list', {}, cliente))).toEqual(['OI26']);
    await post('coleccion/setSoloRepresentantes', { id: ids.OFF, solorepresentantes: 0 });
    await post('coleccion/setActive', { id: ids.OFF, activado: false });
    const audits = await ctx.database.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity, 'coleccion'), eq(audit_log.entity_id, String(ids.OFF))));
    expect(audits).toHaveLength(4);
    expect((await post('coleccion/setActive', { id: 999999, activado: 1 })).statusCode).toBe(404);
  });

  it('GET colecciones/{id}/1 has models and images, /0 only images; showClear drops inactive models', async () => {
    const full = await ctx.app.inject({
      method: 'GET',
      url: `/api/colecciones/${ids.OI26}/1`,
      headers: admin,
    });
    expect(full.statusCode).toBe(200);
    expect(full.json().modelos.map((m: { modelo: string }) => m.modelo)).toEqual([
      'ND-A1',
      'ND-OFF',
      'ND-A2',
    ]);
    expect(full.json().imagenes).toEqual([]);
    const bare = await ctx.app.inject({
      method: 'GET',
      url: `/api/colecciones/${ids.OI26}/0`,
      headers: admin,
    });
    expect(bare.json().modelos).toBeUndefined();
    expect(bare.json()).toMatchObject({ id: ids.OI26, coleccion: 'OI26', imagenes: [] });
    const clear = await post('colecciones/showClear', { id: ids.OI26 });
    expect(clear.json().modelos.map((m: { modelo: string }) => m.modelo)).toEqual(['ND-A1', 'ND-A2']);
    // Read-only: the collection still holds the inactive model.
    const rows = await ctx.database.db
      .select()
      .from(coleccion_modelos)
      .where(eq(coleccion_modelos.colecciones_id, ids.OI26));
    expect(rows).toHaveLength(3);
  });
});

describe('colecciones/update', () => {
  it('answers 422 with a list of {field, message}', async () => {
    const res = await put('colecciones/update', { collection: { id: 0, nombre: '', coleccion: '' } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { field: 'nombre', message: 'El nombre es requerido', code: 'collection.nameRequired' },
      { field: 'coleccion', message: 'The collection code is required', code: 'collection.codeRequired' },
    ]);
    const dup = await put('colecciones/update', { collection: { id: 0, nombre: 'Otra', coleccion: 'oi26' } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors).toEqual([
      { field: 'coleccion', message: 'The collection code is already in use', code: 'collection.codeTaken' },
    ]);
    const unknown = await put('colecciones/update', {
      collection: { id: 0, nombre: 'X', coleccion: 'X1', modelos: ['NOPE'] },
    });
    expect(unknown.json().errors).toEqual([
      {
        field: 'modelos',
        message: 'Unknown model: NOPE',
        code: 'collection.unknownModel',
        params: { modelo: 'NOPE' },
      },
    ]);
    const shape = await put('colecciones/update', { collection: { id: 'abc' } });
    expect(shape.statusCode).toBe(422);
    expect(Array.isArray(shape.json().errors)).toBe(true);
    expect(shape.json().errors[0].field).toBe('id');
    const missing = await put('colecciones/update', {
      collection: { id: 999999, nombre: 'x', coleccion: 'ZZ' },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('creates (id 0) and updates a collection, replacing its models in order', async () => {
    const created = await put('colecciones/update', {
      collection: {
        id: 0,
        nombre: 'Primavera',
        nombre_en: 'Spring',
        coleccion: 'PV27',
        activado: 1,
        modelos: ['ND-A2', 'ND-A1'],
      },
    });
    expect(created.statusCode).toBe(200);
    const c = created.json().coleccion;
    expect(c).toMatchObject({
      nombre: 'Primavera',
      nombre_en: 'Spring',
      coleccion: 'PV27',
      activado: true,
      solorepresentantes: false,
    });
    expect(c.modelos.map((m: { modelo: string }) => m.modelo)).toEqual(['ND-A2', 'ND-A1']);
    const updated = await put('colecciones/update', {
      collection: {
        id: c.id,
        nombre: 'Primavera 27',
        coleccion: 'PV27',
        solorepresentantes: true,
        modelos: ['ND-A1'],
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().coleccion).toMatchObject({
      nombre: 'Primavera 27',
      nombre_en: 'Spring',
      solorepresentantes: true,
    });
    expect(updated.json().coleccion.modelos.map((m: { modelo: string }) => m.modelo)).toEqual(['ND-A1']);
    ids.PV27 = c.id;
  });

  it('adds and removes single models', async () => {
    const add = await post('coleccion/addModelo', { id: ids.PV27, modelo: 'ND-A2' });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toEqual({ id: ids.PV27, modelo: 'ND-A2', position: 1 });
    expect((await post('coleccion/addModelo', { id: ids.PV27, modelo: 'ND-A2' })).statusCode).toBe(409);
    expect((await post('coleccion/addModelo', { id: ids.PV27, modelo: 'NOPE' })).statusCode).toBe(404);
    expect((await post('coleccion/removeModelo', { id: ids.PV27, modelo: 'ND-A1' })).statusCode).toBe(200);
    expect((await post('coleccion/removeModelo', { id: ids.PV27, modelo: 'ND-A1' })).statusCode).toBe(404);
    const rows = await ctx.database.db
      .select()
      .from(coleccion_modelos)
      .where(eq(coleccion_modelos.colecciones_id, ids.PV27));
    expect(rows.map((r) => r.modelos_modelo)).toEqual(['ND-A2']);
  });
});

describe('collection images', () => {
  const uploaded: Array<{ id: number; url_img: string; thumb_url: string }> = [];

  it('uploads images (the first is the main one) and refuses non-images', async () => {
    for (const colour of ['#ff0000', '#00ff00', '#0000ff']) {
      const res = await uploadImage(ids.OI26, await pngImage(300, 200, colour));
      expect(res.statusCode).toBe(200);
      uploaded.push(res.json());
    }
    expect(uploaded.map((u) => (u as unknown as { initial: boolean }).initial)).toEqual([true, false, false]);
    const bad = await uploadImage(ids.OI26, Buffer.from('just text'));
    expect(bad.statusCode).toBe(422);
    const list = await post('colecciones/list', {}, cliente);
    expect(list.json().data[0].imagen).toBe(uploaded[0].thumb_url);
  });

  it('setImgPrincipal keeps exactly one main image', async () => {
    const res = await post('coleccion/setImgPrincipal', { id: uploaded[2].id });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .imagenes.filter((i: { initial: boolean }) => i.initial)
        .map((i: { id: number }) => i.id),
    ).toEqual([uploaded[2].id]);
    const rows = await ctx.database.db
      .select()
      .from(coleccion_imagenes)
      .where(and(eq(coleccion_imagenes.colecciones_id, ids.OI26), eq(coleccion_imagenes.initial, true)));
    expect(rows.map((r) => r.id)).toEqual([uploaded[2].id]);
  });

  it('downloadImages streams a zip with every image', async () => {
    const res = await post('coleccion/downloadImages', { id: ids.OI26 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="OI26.zip"');
    const entries = await readZip(res.rawPayload);
    expect([...entries.keys()].sort()).toEqual(['OI26-1.webp', 'OI26-2.webp', 'OI26-3.webp']);
    // The main image comes first and the bytes are the stored files.
    expect(entries.get('OI26-1.webp')!.equals(fs.readFileSync(fileOf(uploaded[2].url_img)))).toBe(true);
    for (const data of entries.values()) expect((await sharp(data).metadata()).format).toBe('webp');
    const empty = await post('coleccion/downloadImages', { id: ids.REPS });
    expect(empty.statusCode).toBe(404);
  });

  it('deleteImage removes the row and the files; the main flag moves on', async () => {
    const main = uploaded[2];
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/coleccion/deleteImage',
      payload: { id: main.id, colecciones_id: ids.OI26 },
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, initial_id: uploaded[0].id });
    expect(fs.existsSync(fileOf(main.url_img))).toBe(false);
    expect(fs.existsSync(fileOf(main.thumb_url))).toBe(false);
    const rows = await ctx.database.db
      .select()
      .from(coleccion_imagenes)
      .where(eq(coleccion_imagenes.colecciones_id, ids.OI26))
      .orderBy(coleccion_imagenes.id);
    expect(rows.map((r) => [r.id, r.initial])).toEqual([
      [uploaded[0].id, true],
      [uploaded[1].id, false],
    ]);
    const wrongCollection = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/coleccion/deleteImage?id=${uploaded[0].id}&colecciones_id=${ids.REPS}`,
      headers: admin,
    });
    expect(wrongCollection.statusCode).toBe(404);
  });
});

describe('the API document', () => {
  it('declares every status the requests of this file got', async () => {
    await expectAnswersDocumented(ctx);
  });
});
