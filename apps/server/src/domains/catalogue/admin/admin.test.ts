import fs from 'node:fs';
import path from 'node:path';
import { CATALOG_ADMIN_MSG as MSG } from '@nido/contract';
import { and, eq, sql } from 'drizzle-orm';
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
  coleccion_modelos,
  colecciones,
  modelo_grupos,
  modelo_imagenes,
  modelos,
  parametro_sections,
  parametros,
  parametros_grupos,
} from '../../../db/schema.ts';
import { storedName } from '../../../platform/storage.ts';
import { multipart, noisyPng, pngImage } from '../test-helpers.ts';

let ctx: TestContext;
let admin: { authorization: string };
let cliente: { authorization: string };
let rep: { authorization: string };

async function addModelo(modelo: string, extra: Partial<typeof modelos.$inferInsert> = {}) {
  const descripcion = extra.descripcion ?? `Modelo ${modelo}`;
  await ctx.database.db.insert(modelos).values({
    modelo,
    descripcion,
    descripcion_en: `Model ${modelo}`,
    search_text: `${modelo} ${descripcion}`.toLowerCase(),
    ...extra,
  });
}

async function addGroup(nombre: string, extra: Partial<typeof parametros_grupos.$inferInsert> = {}) {
  const [row] = await ctx.database.db
    .insert(parametros_grupos)
    .values({ nombre, nombre_en: `${nombre} EN`, ...extra })
    .returning();
  return row;
}

async function addParam(grupo: number, codigo: string, extra: Partial<typeof parametros.$inferInsert> = {}) {
  const [row] = await ctx.database.db
    .insert(parametros)
    .values({
      parametros_grupos_id: grupo,
      codigo,
      nombre: `Color ${codigo}`,
      nombre_en: `Colour ${codigo}`,
      ...extra,
    })
    .returning();
  return row;
}

async function link(modelo: string, grupo: number, position: number, size = 1) {
  await ctx.database.db
    .insert(modelo_grupos)
    .values({ modelos_modelo: modelo, parametros_grupos_id: grupo, position, size });
}

async function addColeccion(coleccion: string, extra: Partial<typeof colecciones.$inferInsert> = {}) {
  const [row] = await ctx.database.db
    .insert(colecciones)
    .values({ nombre: `Colección ${coleccion}`, coleccion, ...extra })
    .returning();
  return row;
}

function post(url: string, payload: unknown, headers = admin) {
  return ctx.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers });
}

function upload(
  url: string,
  body: unknown,
  file?: { name: string; type: string; data: Buffer },
  headers = admin,
) {
  const form = multipart({ body: JSON.stringify(body) }, file);
  return ctx.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload: form.payload,
    headers: { ...headers, ...form.headers },
  });
}

function uploadsCount(): number {
  const dir = `${ctx.dir}/uploads`;
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
}

/** The file of an upload on the test's disk storage. */
function fileOf(url: string): string {
  const name = storedName(url);
  if (!name) throw new Error(`not an upload url: ${url}`);
  return path.join(ctx.dir, 'uploads', name);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const c = await createClient(ctx, 'Tienda Catálogo');
  const a = await createUser(ctx, { email: 'admin@nido.test', role: 'Admin' });
  const u = await createUser(ctx, { email: 'shop@nido.test', role: 'Cliente', cliente_id: c.id });
  const r = await createUser(ctx, { email: 'rep@nido.test', role: 'Representante' });
  admin = await tokenFor(ctx, a.id);
  cliente = await tokenFor(ctx, u.id);
  rep = await tokenFor(ctx, r.id);
  await addModelo('ND-CAP01', { descripcion: 'Capazo Nube' });
});

afterAll(async () => {
  await ctx?.close();
});

describe('access', () => {
  const calls: Array<[method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown]> = [
    ['POST', 'modelo/update', { modelo: 'ND-CAP01', descripcion_en: 'x' }],
    ['POST', 'modelo/modeloBaja', { modelo: 'ND-CAP01', baja: 1 }],
    ['GET', 'modelo-admin/list'],
    ['POST', 'modelo-admin/list', {}],
    ['GET', 'modelo-admin/ND-CAP01'],
    ['GET', 'modelo/sincoleccion'],
    ['POST', 'modelo/uploadImage', {}],
    ['POST', 'modelo/actualizaImagenParametro', { id: 1, codigo: 'x' }],
    ['DELETE', 'modelo/deleteImage', { id: 1 }],
    ['POST', 'modelo/actualizaImagenPrincipal', { id: 1, principal: 1, modelo: 'ND-CAP01' }],
    ['POST', 'modelo/updateModelGroupSize', { modelo: 'ND-CAP01', grupo: 1, size: 1 }],
    ['POST', 'modelo/setPositionGroupsModel', { modelo: 'ND-CAP01', grupos: [] }],
    ['POST', 'modelo/updateModelGroupAdd', { modelo: 'ND-CAP01', grupo: 1 }],
    ['POST', 'modelo/updateModelGroupDelete', { modelo: 'ND-CAP01', grupo: 1 }],
    ['GET', 'modelo/sections'],
    ['POST', 'modelo/createSection', { name: 'x' }],
    ['POST', 'modelo/copyParamsCollection', { desde: 'A', hasta: 'B' }],
    ['POST', 'modelo/getParametrosGruposColeccion', {}],
    ['GET', 'parametrosgrupos'],
    ['GET', 'parametrosgrupos/1'],
    ['POST', 'parametrosgrupos', { id: 0, nombre: 'x', nombre_en: 'x' }],
    ['PUT', 'parametrosgrupos/1', { nombre: 'x', nombre_en: 'x' }],
    ['POST', 'parametrosgrupos/1/sections', { name: 'x' }],
    ['POST', 'parametrosgrupos/1/sections/order', { sections: [] }],
    ['PUT', 'parametrosgrupos/1/sections/1', { name: 'x' }],
    ['DELETE', 'parametrosgrupos/1/sections/1'],
    ['POST', 'parametro/updateNewWithImage', { id: 0 }],
    ['POST', 'parametro/updatePosition', { parametros: [1] }],
    ['DELETE', 'parametros/1'],
    ['POST', 'parametro/deleteParametroSection', { parametros: [1] }],
    ['POST', 'parametro/updateParametrosSection', { newSectionId: 0, parametros: [1] }],
  ];

  it('answers 403 to a client user and to a representative on every call, 401 without a session', async () => {
    for (const [method, url, payload] of calls) {
      for (const headers of [cliente, rep]) {
        const res = await ctx.app.inject({ method, url: `/api/${url}`, payload: payload as object, headers });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
      }
      const anon = await ctx.app.inject({ method, url: `/api/${url}`, payload: payload as object });
      expect(anon.statusCode, `${method} ${url} anonymous`).toBe(401);
    }
    // Nothing was changed by the refused calls.
    const [m] = await ctx.database.db.select().from(modelos).where(eq(modelos.modelo, 'ND-CAP01'));
    expect(m.baja).toBe(false);
    expect(m.descripcion_en).toBe('Model ND-CAP01');
  });
});

describe('modelo/update and modelo/modeloBaja', () => {
  it('requires the English description (empty or the text NULL)', async () => {
    for (const descripcion_en of ['', '   ', 'NULL', null]) {
      const res = await post('modelo/update', { modelo: 'ND-CAP01', descripcion: 'Capazo', descripcion_en });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.descripcion_en).toEqual(['The description in English is mandatory']);
    }
  });

  it('saves the fields, turns a negative price into 0, rebuilds search_text and audits', async () => {
    const res = await post('modelo/update', {
      modelo: 'ND-CAP01',
      descripcion: 'Capazo Ñandú',
      descripcion_en: 'Carrycot Rhea',
      pvp: -12.5,
      familia: 1,
      personalizado: 2,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      modelo: 'ND-CAP01',
      descripcion: 'Capazo Ñandú',
      descripcion_en: 'Carrycot Rhea',
      pvp: 0,
      familia: 1,
      personalizado: 2,
    });
    const [m] = await ctx.database.db.select().from(modelos).where(eq(modelos.modelo, 'ND-CAP01'));
    expect(m.pvp_cents).toBe(0);
    expect(m.search_text).toBe('nd-cap01 capazo nandu carrycot rhea');
    const price = await post('modelo/update', {
      modelo: 'ND-CAP01',
      descripcion_en: 'Carrycot Rhea',
      pvp: '249,90',
    });
    expect(price.json().pvp).toBe(249.9);
    const audits = await ctx.database.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity, 'modelo'), eq(audit_log.action, 'modelo.update')));
    expect(audits.length).toBe(2);
  });

  it('answers 404 for an unknown model (update only, never creates)', async () => {
    const res = await post('modelo/update', { modelo: 'NO-SUCH', descripcion: 'x', descripcion_en: 'x' });
    expect(res.statusCode).toBe(404);
    const rows = await ctx.database.db.select().from(modelos).where(eq(modelos.modelo, 'NO-SUCH'));
    expect(rows).toHaveLength(0);
  });

  it('baja hides the model from a client user’s search at once, and back', async () => {
    await addModelo('ND-BAJA1', { descripcion: 'Bolso Lluvia' });
    const col = await addColeccion('BAJA');
    await ctx.database.db
      .insert(coleccion_modelos)
      .values({ colecciones_id: col.id, modelos_modelo: 'ND-BAJA1' });
    const search = async () =>
      (await post('modelo/searchModel', { search: 'ND-BAJA1' }, cliente))
        .json()
        .data.map((m: { modelo: string }) => m.modelo);
    expect(await search()).toContain('ND-BAJA1');

    const off = await post('modelo/modeloBaja', { modelo: 'ND-BAJA1', baja: 1 });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ modelo: 'ND-BAJA1', baja: true });
    expect(await search()).not.toContain('ND-BAJA1');
    const [row] = await ctx.database.db.select().from(modelos).where(eq(modelos.modelo, 'ND-BAJA1'));
    expect(row.baja).toBe(true);

    await post('modelo/modeloBaja', { modelo: 'ND-BAJA1', baja: false });
    expect(await search()).toContain('ND-BAJA1');
  });
});

describe('admin model lists', () => {
  it('lists every model with collections and main image; filters by collection, search and baja', async () => {
    await addModelo('ND-LST01', { descripcion: 'Silla Paseo Lista', baja: true });
    await addModelo('ND-LST02', { descripcion: 'Silla Paseo Lista Dos' });
    const col = await addColeccion('LST');
    await ctx.database.db.insert(coleccion_modelos).values([
      { colecciones_id: col.id, modelos_modelo: 'ND-LST02', position: 0 },
      { colecciones_id: col.id, modelos_modelo: 'ND-LST01', position: 1 },
    ]);
    const byCol = await ctx.app.inject({
      method: 'GET',
      url: `/api/modelo-admin/list?coleccion=${col.id}`,
      headers: admin,
    });
    expect(byCol.statusCode).toBe(200);
    expect(byCol.json().data.map((m: { modelo: string }) => m.modelo)).toEqual(['ND-LST02', 'ND-LST01']);
    expect(byCol.json().data[1]).toMatchObject({
      baja: true,
      colecciones: [col.id],
      imagen: null,
      grupos: 0,
    });
    expect(byCol.json().meta).toMatchObject({ total: 2, current_page: 1, per_page: 25 });

    const emptyFilters = await ctx.app.inject({
      method: 'GET',
      url: '/api/modelo-admin/list?coleccion=&baja=&search=&page=1',
      headers: admin,
    });
    expect(emptyFilters.statusCode).toBe(200);
    expect(emptyFilters.json().meta.total).toBeGreaterThanOrEqual(4);
    const active = await post('modelo-admin/list', { search: 'silla paseo lista', baja: 0 });
    expect(active.json().data.map((m: { modelo: string }) => m.modelo)).toEqual(['ND-LST02']);

    const sin = await ctx.app.inject({
      method: 'GET',
      url: '/api/modelo/sincoleccion?search=nd-',
      headers: admin,
    });
    const codes = sin.json().data.map((m: { modelo: string }) => m.modelo);
    expect(codes).toContain('ND-CAP01');
    expect(codes).not.toContain('ND-LST02');
  });
});

describe('model images', () => {
  it('stores a valid PNG as WebP plus thumbnail under random names, served with nosniff', async () => {
    const before = uploadsCount();
    const png = await pngImage();
    const res = await upload(
      'modelo/uploadImage',
      { modelo: 'ND-CAP01', color0: 'ROSA' },
      { name: 'foto.png', type: 'image/png', data: png },
    );
    expect(res.statusCode).toBe(200);
    const img = res.json();
    expect(img).toMatchObject({ modelos_modelo: 'ND-CAP01', color0: 'ROSA', principal: true });
    expect(img.url_img).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect(img.thumb_url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect(uploadsCount()).toBe(before + 2);

    const full = await sharp(fs.readFileSync(fileOf(img.url_img))).metadata();
    expect(full.format).toBe('webp');
    expect(Math.max(full.width!, full.height!)).toBe(1600);
    const thumb = await sharp(fs.readFileSync(fileOf(img.thumb_url))).metadata();
    expect(thumb.format).toBe('webp');
    expect(Math.max(thumb.width!, thumb.height!)).toBe(320);

    const served = await ctx.app.inject({ method: 'GET', url: img.url_img });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    // The second image is not the main one.
    const second = await upload(
      'modelo/uploadImage',
      { modelo: 'ND-CAP01' },
      { name: 'b.jpg', type: 'image/jpeg', data: png },
    );
    expect(second.json()).toMatchObject({ principal: false, color0: null });
  });

  it('accepts a large photo (well over the 256 KB JSON body limit) and a JPEG declared as anything', async () => {
    const big = await noisyPng(1200, 900);
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await upload(
      'modelo/uploadImage',
      { modelo: 'ND-CAP01' },
      { name: 'big.png', type: 'image/png', data: big },
    );
    expect(res.statusCode).toBe(200);
    const jpeg = await sharp(await pngImage(64, 64))
      .jpeg()
      .toBuffer();
    const odd = await upload(
      'modelo/uploadImage',
      { modelo: 'ND-CAP01' },
      { name: 'photo.txt', type: 'text/plain', data: jpeg },
    );
    expect(odd.statusCode).toBe(200);
    expect(odd.json().url_img).toMatch(/\.webp$/);
  });

  it('refuses a text file renamed .png, an SVG with a script, and an empty upload (422, nothing stored)', async () => {
    const before = uploadsCount();
    const text = await upload(
      'modelo/uploadImage',
      { modelo: 'ND-CAP01' },
      { name: 'evil.png', type: 'image/png', data: Buffer.from('<script>alert(1)</script> not an image') },
    );
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.image).toEqual(['The file is not a supported image']);
    const svg = await upload(
      'modelo/uploadImage',
      { modelo: 'ND-CAP01' },
      {
        name: 'x.png',
        type: 'image/png',
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
      },
    );
    expect(svg.statusCode).toBe(422);
    const none = await upload('modelo/uploadImage', { modelo: 'ND-CAP01' });
    expect(none.statusCode).toBe(422);
    expect(uploadsCount()).toBe(before);
  });

  it('refuses a file over 10 MB with 413 and a message', async () => {
    const before = uploadsCount();
    const big = Buffer.concat([await pngImage(10, 10), Buffer.alloc(10 * 1024 * 1024 + 10, 1)]);
    const res = await upload(
      'modelo/uploadImage',
      { modelo: 'ND-CAP01' },
      { name: 'big.png', type: 'image/png', data: big },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(MSG.imageTooLarge.text);
    expect(uploadsCount()).toBe(before);
  });

  it('keeps exactly one main image per model', async () => {
    await addModelo('ND-IMG01');
    const png = await pngImage(50, 50);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(
        (
          await upload(
            'modelo/uploadImage',
            { modelo: 'ND-IMG01' },
            { name: 'a.png', type: 'image/png', data: png },
          )
        ).json().id,
      );
    }
    const principals = async () =>
      (
        await ctx.database.db
          .select()
          .from(modelo_imagenes)
          .where(eq(modelo_imagenes.modelos_modelo, 'ND-IMG01'))
      )
        .filter((r) => r.principal)
        .map((r) => r.id);
    expect(await principals()).toEqual([ids[0]]);

    const res = await post('modelo/actualizaImagenPrincipal', {
      id: ids[2],
      principal: 1,
      modelo: 'ND-IMG01',
    });
    expect(res.statusCode).toBe(200);
    expect(await principals()).toEqual([ids[2]]);
    expect(
      res
        .json()
        .imagenes.filter((i: { principal: boolean }) => i.principal)
        .map((i: { id: number }) => i.id),
    ).toEqual([ids[2]]);

    // Clearing the main flag hands it to another image: still exactly one.
    await post('modelo/actualizaImagenPrincipal', { id: ids[2], principal: 0, modelo: 'ND-IMG01' });
    expect(await principals()).toEqual([ids[0]]);

    // An image of another model answers 404.
    const wrong = await post('modelo/actualizaImagenPrincipal', {
      id: ids[1],
      principal: 1,
      modelo: 'ND-CAP01',
    });
    expect(wrong.statusCode).toBe(404);
    expect(await principals()).toEqual([ids[0]]);
  });

  it('ties an image to a colour code', async () => {
    const [img] = await ctx.database.db
      .select()
      .from(modelo_imagenes)
      .where(eq(modelo_imagenes.modelos_modelo, 'ND-IMG01'));
    const res = await post('modelo/actualizaImagenParametro', { id: img.id, codigo: 'AZUL' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: img.id, modelos_modelo: 'ND-IMG01', color0: 'AZUL' });
    const cleared = await post('modelo/actualizaImagenParametro', { id: img.id, codigo: '' });
    expect(cleared.json().color0).toBeNull();
  });

  it('deleteImage removes the row and both files, and promotes another main image', async () => {
    const rows = await ctx.database.db
      .select()
      .from(modelo_imagenes)
      .where(and(eq(modelo_imagenes.modelos_modelo, 'ND-IMG01'), eq(modelo_imagenes.principal, true)));
    const main = rows[0];
    expect(fs.existsSync(fileOf(main.url_img))).toBe(true);
    expect(fs.existsSync(fileOf(main.thumb_url!))).toBe(true);
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/modelo/deleteImage?id=${main.id}`,
      headers: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().ok).toBe(true);
    expect(res.json().principal_id).not.toBeNull();
    expect(fs.existsSync(fileOf(main.url_img))).toBe(false);
    expect(fs.existsSync(fileOf(main.thumb_url!))).toBe(false);
    const left = await ctx.database.db
      .select()
      .from(modelo_imagenes)
      .where(eq(modelo_imagenes.modelos_modelo, 'ND-IMG01'));
    expect(left.map((r) => r.id)).not.toContain(main.id);
    expect(left.filter((r) => r.principal).map((r) => r.id)).toEqual([res.json().principal_id]);
    // With a JSON body too; then it is gone.
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/modelo/deleteImage',
      payload: { id: main.id },
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
  });
});

describe('groups of a model', () => {
  let g1: number;
  let g2: number;
  let g3: number;

  beforeAll(async () => {
    await addModelo('ND-GRP01');
    g1 = (await addGroup('Tejido', { size: 1.5 })).id;
    g2 = (await addGroup('Forro')).id;
    g3 = (await addGroup('Capota')).id;
  });

  it('adds groups last (409 when already linked) at the group’s size', async () => {
    const a = await post('modelo/updateModelGroupAdd', { modelo: 'ND-GRP01', grupo: g1 });
    expect(a.statusCode).toBe(200);
    expect(a.json()).toMatchObject({
      modelos_modelo: 'ND-GRP01',
      parametros_grupos_id: g1,
      position: 0,
      size: 1.5,
      section_models_id: 0,
    });
    const b = await post('modelo/updateModelGroupAdd', { modelo: 'ND-GRP01', grupo: g2 });
    expect(b.json().position).toBe(1);
    const c = await post('modelo/updateModelGroupAdd', { modelo: 'ND-GRP01', grupo: g3 });
    expect(c.json().position).toBe(2);
    const dup = await post('modelo/updateModelGroupAdd', { modelo: 'ND-GRP01', grupo: g1 });
    expect(dup.statusCode).toBe(409);
    const unknownSection = await post('modelo/updateModelGroupAdd', {
      modelo: 'ND-CAP01',
      grupo: g1,
      section: 999999,
    });
    expect(unknownSection.statusCode).toBe(422);
  });

  it('updates a group size: numeric, ≥ 0', async () => {
    const ok = await post('modelo/updateModelGroupSize', { modelo: 'ND-GRP01', grupo: g2, size: '2,5' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ modelos_modelo: 'ND-GRP01', parametros_grupos_id: g2, size: 2.5 });
    const nan = await post('modelo/updateModelGroupSize', { modelo: 'ND-GRP01', grupo: g2, size: 'abc' });
    expect(nan.statusCode).toBe(422);
    expect(nan.json().errors.size).toEqual([MSG.sizeNumeric.text]);
    const neg = await post('modelo/updateModelGroupSize', { modelo: 'ND-GRP01', grupo: g2, size: -1 });
    expect(neg.statusCode).toBe(422);
    const [row] = await ctx.database.db
      .select()
      .from(modelo_grupos)
      .where(and(eq(modelo_grupos.modelos_modelo, 'ND-GRP01'), eq(modelo_grupos.parametros_grupos_id, g2)));
    expect(row.size).toBe(2.5);
  });

  it('renumbers positions 0..n in the given order and sets sections', async () => {
    const section = await post('modelo/createSection', { name: 'Exterior', name_en: 'Outside' });
    expect(section.statusCode).toBe(200);
    const sid = section.json().id;
    const noName = await post('modelo/createSection', { name: '' });
    expect(noName.json().errors.name).toEqual([MSG.nameRequired.text]);

    const res = await post('modelo/setPositionGroupsModel', {
      modelo: 'ND-GRP01',
      grupos: [
        { section: sid, grupo: g3 },
        { section: sid, grupo: g1 },
        { section: 0, grupo: g2 },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .grupos.map((g: { parametros_grupos_id: number; position: number; section_models_id: number }) => [
          g.parametros_grupos_id,
          g.position,
          g.section_models_id,
        ]),
    ).toEqual([
      [g3, 0, sid],
      [g1, 1, sid],
      [g2, 2, 0],
    ]);
    expect(res.json().grupos[0]).toMatchObject({ section_name: 'Exterior', section_name_en: 'Outside' });
    const bad = await post('modelo/setPositionGroupsModel', {
      modelo: 'ND-GRP01',
      grupos: [{ section: 0, grupo: 999999 }],
    });
    expect(bad.statusCode).toBe(422);
  });

  it('deletes a link and renumbers the rest', async () => {
    const res = await post('modelo/updateModelGroupDelete', { modelo: 'ND-GRP01', grupo: g3 });
    expect(res.statusCode).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(modelo_grupos)
      .where(eq(modelo_grupos.modelos_modelo, 'ND-GRP01'))
      .orderBy(modelo_grupos.position);
    expect(rows.map((r) => [r.parametros_grupos_id, r.position])).toEqual([
      [g1, 0],
      [g2, 1],
    ]);
    const again = await post('modelo/updateModelGroupDelete', { modelo: 'ND-GRP01', grupo: g3 });
    expect(again.statusCode).toBe(404);
  });

  it('copies a model’s group configuration onto another, replacing its own', async () => {
    await addModelo('ND-GRP02');
    await link('ND-GRP02', g3, 0, 9);
    const res = await post('modelo/copyParamsCollection', { desde: 'ND-GRP01', hasta: 'ND-GRP02' });
    expect(res.statusCode).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(modelo_grupos)
      .where(eq(modelo_grupos.modelos_modelo, 'ND-GRP02'))
      .orderBy(modelo_grupos.position);
    expect(rows.map((r) => [r.parametros_grupos_id, r.position, r.size])).toEqual([
      [g1, 0, 1.5],
      [g2, 1, 2.5],
    ]);
    const unknown = await post('modelo/copyParamsCollection', { desde: 'NOPE', hasta: 'ND-GRP02' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('Error copying');
  });

  it('a failing copy leaves nothing half-written', async () => {
    await addModelo('ND-GRP03');
    await link('ND-GRP03', g3, 0, 7);
    // Make the second inserted row fail inside the transaction (after the delete and the first insert).
    await ctx.database.query(`
      create or replace function nido_test_fail_copy() returns trigger language plpgsql as $$
      begin
        if new.modelos_modelo = 'ND-GRP03' and new.parametros_grupos_id = ${g2} then
          raise exception 'boom';
        end if;
        return new;
      end $$;`);
    await ctx.database.query(
      'create trigger nido_test_fail_copy before insert on modelo_grupos for each row execute function nido_test_fail_copy()',
    );
    try {
      const res = await post('modelo/copyParamsCollection', { desde: 'ND-GRP01', hasta: 'ND-GRP03' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Error copying', code: 'catalogAdmin.copyError' });
    } finally {
      await ctx.database.query('drop trigger nido_test_fail_copy on modelo_grupos');
    }
    const rows = await ctx.database.db
      .select()
      .from(modelo_grupos)
      .where(eq(modelo_grupos.modelos_modelo, 'ND-GRP03'));
    expect(rows.map((r) => [r.parametros_grupos_id, r.position, r.size])).toEqual([[g3, 0, 7]]);
    const audits = await ctx.database.db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.action, 'modelo.grupos.copy'), eq(audit_log.entity_id, 'ND-GRP03')));
    expect(audits).toHaveLength(0);
  });

  it('lists the groups used by a collection’s models, with parameters and models', async () => {
    const col = await addColeccion('GRPS');
    await ctx.database.db
      .insert(coleccion_modelos)
      .values({ colecciones_id: col.id, modelos_modelo: 'ND-GRP01' });
    await addParam(g1, 'T1');
    const res = await post('modelo/getParametrosGruposColeccion', { id: col.id });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((g: { id: number }) => g.id).sort()).toEqual([g1, g2].sort());
    const tejido = data.find((g: { id: number }) => g.id === g1);
    expect(tejido.parametros.map((p: { codigo: string }) => p.codigo)).toEqual(['T1']);
    expect(tejido.modelos.map((m: { modelo: string }) => m.modelo)).toEqual(['ND-GRP01']);
    const all = await post('modelo/getParametrosGruposColeccion', {});
    expect(all.json().data.length).toBeGreaterThanOrEqual(3);
    const missing = await post('modelo/getParametrosGruposColeccion', { id: 999999 });
    expect(missing.statusCode).toBe(404);
  });

  it('the admin model detail shows images, groups and collections', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/modelo-admin/ND-GRP01', headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().grupos.map((g: { parametros_grupos_id: number }) => g.parametros_grupos_id)).toEqual([
      g1,
      g2,
    ]);
    expect(res.json().colecciones.map((c: { coleccion: string }) => c.coleccion)).toEqual(['GRPS']);
  });
});

describe('parameter groups', () => {
  it('validates names and size (product.md §5.3 messages)', async () => {
    const res = await post('parametrosgrupos', { id: 0, nombre: '', nombre_en: 'NULL', size: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      nombre: ['El nombre es requerido'],
      nombre_en: ['El nombre en inglés es requerido'],
      size: [MSG.sizeNumeric.text],
    });
  });

  it('creates (id 0), reads and updates a group with sections; the default section is id 0', async () => {
    const created = await post('parametrosgrupos', {
      id: 0,
      nombre: 'Colores Capazo',
      nombre_en: 'Carrycot colours',
      activado: 1,
      size: '1,25',
      sections: [{ name: 'Lisos', name_en: 'Plain' }],
    });
    expect(created.statusCode).toBe(200);
    const g = created.json();
    expect(g).toMatchObject({
      nombre: 'Colores Capazo',
      activado: true,
      size: 1.25,
      parametros: [],
      parametros_active: [],
    });
    expect(g.sections.map((s: { id: number; name: string }) => [s.id === 0, s.name])).toEqual([
      [true, ''],
      [false, 'Lisos'],
    ]);

    const got = await ctx.app.inject({ method: 'GET', url: `/api/parametrosgrupos/${g.id}`, headers: admin });
    expect(got.json()).toEqual(g);

    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/parametrosgrupos/${g.id}`,
      payload: { nombre: 'Colores', nombre_en: 'Colours', activado: false, size: 2 },
      headers: admin,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ nombre: 'Colores', nombre_en: 'Colours', activado: false, size: 2 });
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/parametrosgrupos/999999',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/parametrosgrupos?search=colores',
      headers: admin,
    });
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(g.id);
  });

  it('the list counts each group’s own options and models (inactive options included)', async () => {
    const fabric = await addGroup('Recuento Tejido');
    const trim = await addGroup('Recuento Acabado');
    const empty = await addGroup('Recuento Vacío');
    for (let i = 1; i <= 12; i++) await addParam(fabric.id, `RT${i}`, { activado: i !== 12 });
    for (let i = 1; i <= 3; i++) await addParam(trim.id, `RA${i}`);
    await addModelo('ND-CNT01');
    await addModelo('ND-CNT02');
    await link('ND-CNT01', fabric.id, 0);
    await link('ND-CNT02', fabric.id, 0);
    await link('ND-CNT01', trim.id, 1);

    const counts = (rows: Array<{ id: number; parametros_count: number; modelos_count: number }>) =>
      Object.fromEntries(rows.map((r) => [r.id, [r.parametros_count, r.modelos_count]]));
    const expected = { [fabric.id]: [12, 2], [trim.id]: [3, 1], [empty.id]: [0, 0] };
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/parametrosgrupos?search=recuento',
      headers: admin,
    });
    expect(page.statusCode).toBe(200);
    expect(counts(page.json().data)).toEqual(expected);
    const all = await ctx.app.inject({ method: 'GET', url: '/api/parametrosgrupos?all=1', headers: admin });
    expect(counts(all.json().data)).toMatchObject(expected);
  });

  it('sections: create, rename, order, delete; the default section cannot be changed', async () => {
    const g = await addGroup('Secciones');
    const s1 = (await post(`parametrosgrupos/${g.id}/sections`, { name: 'Uno', name_en: 'One' })).json();
    const s2 = (await post(`parametrosgrupos/${g.id}/sections`, { name: 'Dos' })).json();
    expect([s1.position, s2.position]).toEqual([0, 1]);
    const renamed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/parametrosgrupos/${g.id}/sections/${s2.id}`,
      payload: { name: 'Dos bis', name_en: 'Two' },
      headers: admin,
    });
    expect(renamed.json()).toMatchObject({ id: s2.id, name: 'Dos bis', name_en: 'Two' });
    const order = await post(`parametrosgrupos/${g.id}/sections/order`, { sections: [s2.id, s1.id] });
    expect(order.json().sections.map((s: { id: number }) => s.id)).toEqual([0, s2.id, s1.id]);

    const defaultRule = 'The default section cannot be changed, create a new section and delete this one';
    const rename0 = await ctx.app.inject({
      method: 'PUT',
      url: `/api/parametrosgrupos/${g.id}/sections/0`,
      payload: { name: 'x' },
      headers: admin,
    });
    expect(rename0.statusCode).toBe(422);
    expect(rename0.json().message).toBe(defaultRule);
    const delete0 = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/parametrosgrupos/${g.id}/sections/0`,
      headers: admin,
    });
    expect(delete0.statusCode).toBe(422);
    expect(delete0.json().message).toBe(defaultRule);
    const p = await addParam(g.id, 'D1');
    const deleteDefault = await post('parametro/deleteParametroSection', { parametros: [p.id] });
    expect(deleteDefault.statusCode).toBe(422);
    expect(deleteDefault.json().message).toBe(defaultRule);
    expect(await ctx.database.db.select().from(parametros).where(eq(parametros.id, p.id))).toHaveLength(1);

    // Deleting a section moves its parameters to the default section.
    const inS1 = await addParam(g.id, 'S1', { section_id: s1.id });
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/parametrosgrupos/${g.id}/sections/${s1.id}`,
      headers: admin,
    });
    expect(del.statusCode).toBe(200);
    const [moved] = await ctx.database.db.select().from(parametros).where(eq(parametros.id, inS1.id));
    expect(moved.section_id).toBeNull();
    expect(
      await ctx.database.db.select().from(parametro_sections).where(eq(parametro_sections.id, s1.id)),
    ).toHaveLength(0);
  });
});

describe('parameters', () => {
  let grupo: number;

  beforeAll(async () => {
    grupo = (await addGroup('Bordados')).id;
  });

  function saveParam(body: Record<string, unknown>, file?: { name: string; type: string; data: Buffer }) {
    return upload('parametro/updateNewWithImage', body, file);
  }

  it('validates names, turns a negative price and NaN letters into 0', async () => {
    const bad = await saveParam({
      id: 0,
      parametros_grupos_id: grupo,
      codigo: 'B1',
      nombre: '',
      nombre_en: '',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      nombre: ['El nombre es requerido'],
      nombre_en: ['El nombre en inglés es requerido'],
    });
    const res = await saveParam({
      id: 0,
      parametros_grupos_id: grupo,
      codigo: 'B1',
      nombre: 'Rosa',
      nombre_en: 'Pink',
      color: '#FF00aa',
      price: '-3',
      letters: 'abc',
      embroidery_color: 1,
      embroidery_position: ' izquierda , derecha ',
      activado: 1,
      section_id: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      codigo: 'B1',
      nombre: 'Rosa',
      color: '#ff00aa',
      price: 0,
      letters: 0,
      embroidery_color: true,
      embroidery_position: 'izquierda,derecha',
      section_id: 0,
      position: 0,
    });
    const [row] = await ctx.database.db.select().from(parametros).where(eq(parametros.id, res.json().id));
    expect(row.price_cents).toBe(0);
    expect(row.letters).toBe(0);
    // JSON works too (no image): price with comma, letters as text number.
    const json = await post('parametro/updateNewWithImage', {
      id: res.json().id,
      price: '12,5',
      letters: '7',
    });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toMatchObject({ price: 12.5, letters: 7, nombre: 'Rosa' });
    const badColour = await post('parametro/updateNewWithImage', { id: res.json().id, color: 'red' });
    expect(badColour.statusCode).toBe(422);
  });

  it('saves the positions’ English names beside the Spanish ones and reads them back', async () => {
    const created = await saveParam({
      id: 0,
      parametros_grupos_id: grupo,
      codigo: 'P1',
      nombre: 'Nombre',
      nombre_en: 'Name',
      letters: 12,
      embroidery_position: ' Delantera , ,Lateral,Capota ',
      embroidery_position_en: ' Front , Skipped , Side ',
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().id;
    expect(created.json()).toMatchObject({
      embroidery_position: 'Delantera,Lateral,Capota',
      embroidery_position_en: 'Front,Side',
    });
    const read = async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/parametrosgrupos/${grupo}`,
        headers: admin,
      });
      return res.json().parametros.find((p: { id: number }) => p.id === id);
    };
    expect(await read()).toMatchObject({ embroidery_position_en: 'Front,Side' });

    // Each list left out keeps its value; an empty English entry leaves that position without one.
    const en = await post('parametro/updateNewWithImage', { id, embroidery_position_en: ',Side,Hood' });
    expect(en.statusCode, en.body).toBe(200);
    expect(en.json()).toMatchObject({
      embroidery_position: 'Delantera,Lateral,Capota',
      embroidery_position_en: ',Side,Hood',
    });
    const es = await post('parametro/updateNewWithImage', { id, embroidery_position: 'Delantera,Lateral' });
    expect(es.json()).toMatchObject({
      embroidery_position: 'Delantera,Lateral',
      embroidery_position_en: ',Side',
    });
    expect(await read()).toMatchObject({
      embroidery_position: 'Delantera,Lateral',
      embroidery_position_en: ',Side',
    });

    // The same limit as the Spanish list.
    const long = await post('parametro/updateNewWithImage', { id, embroidery_position_en: 'x'.repeat(201) });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors)).toEqual(['embroidery_position_en']);
    expect(await read()).toMatchObject({ embroidery_position_en: ',Side' });
  });

  it('an image for a parameter not yet saved is refused; a saved one gets a WebP image', async () => {
    const png = await pngImage(400, 400);
    const unsaved = await saveParam(
      { id: 0, parametros_grupos_id: grupo, codigo: 'B2', nombre: 'Azul', nombre_en: 'Blue' },
      { name: 'a.png', type: 'image/png', data: png },
    );
    expect(unsaved.statusCode).toBe(422);
    expect(unsaved.json().errors.image).toEqual(['You must save before uploading images']);
    expect(await ctx.database.db.select().from(parametros).where(eq(parametros.codigo, 'B2'))).toHaveLength(
      0,
    );

    const saved = (
      await saveParam({ id: 0, parametros_grupos_id: grupo, codigo: 'B2', nombre: 'Azul', nombre_en: 'Blue' })
    ).json();
    const withImage = await saveParam({ id: saved.id }, { name: 'a.png', type: 'image/png', data: png });
    expect(withImage.statusCode).toBe(200);
    expect(withImage.json().imagen).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect((await sharp(fs.readFileSync(fileOf(withImage.json().imagen))).metadata()).format).toBe('webp');

    // Replacing the image removes the old file; deleting the parameter removes the new one.
    const replaced = await saveParam({ id: saved.id }, { name: 'b.png', type: 'image/png', data: png });
    expect(fs.existsSync(fileOf(withImage.json().imagen))).toBe(false);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/parametros/${saved.id}`,
      headers: admin,
    });
    expect(del.statusCode).toBe(200);
    expect(fs.existsSync(fileOf(replaced.json().imagen))).toBe(false);
    expect(await ctx.database.db.select().from(parametros).where(eq(parametros.id, saved.id))).toHaveLength(
      0,
    );
  });

  it('renumbers positions from 0 in the given order (one group only)', async () => {
    const g = await addGroup('Orden');
    const a = await addParam(g.id, 'A', { position: 5 });
    const b = await addParam(g.id, 'B', { position: 9 });
    const c = await addParam(g.id, 'C', { position: 2 });
    const res = await post('parametro/updatePosition', { parametros: [b.id, c.id, a.id] });
    expect(res.statusCode).toBe(200);
    const rows = await ctx.database.db
      .select({ id: parametros.id, position: parametros.position })
      .from(parametros)
      .where(eq(parametros.parametros_grupos_id, g.id))
      .orderBy(parametros.position);
    expect(rows).toEqual([
      { id: b.id, position: 0 },
      { id: c.id, position: 1 },
      { id: a.id, position: 2 },
    ]);
    const other = await addParam(grupo, 'X');
    const mixed = await post('parametro/updatePosition', { parametros: [a.id, other.id] });
    expect(mixed.statusCode).toBe(422);
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/api/parametrosgrupos/${g.id}`,
      headers: admin,
    });
    expect(detail.json().parametros.map((p: { codigo: string }) => p.codigo)).toEqual(['B', 'C', 'A']);
  });

  it('moves parameters to a section and deletes a section with its parameters', async () => {
    const g = await addGroup('Mover');
    const [s] = await ctx.database.db
      .insert(parametro_sections)
      .values({ parametros_grupos_id: g.id, name: 'Estampados' })
      .returning();
    const a = await addParam(g.id, 'A');
    const b = await addParam(g.id, 'B', { position: 1, activado: false });
    const moved = await post('parametro/updateParametrosSection', {
      newSectionId: s.id,
      parametros: [b.id, a.id],
    });
    expect(moved.statusCode).toBe(200);
    expect(
      moved
        .json()
        .parametros.map((p: { id: number; section_id: number; position: number }) => [
          p.id,
          p.section_id,
          p.position,
        ]),
    ).toEqual([
      [b.id, s.id, 0],
      [a.id, s.id, 1],
    ]);
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/api/parametrosgrupos/${g.id}`, headers: admin })
    ).json();
    expect(detail.parametros_active.map((p: { id: number }) => p.id)).toEqual([a.id]);
    expect(detail.parametros[0].section).toEqual({ id: s.id, name: 'Estampados', name_en: '' });

    const del = await post('parametro/deleteParametroSection', { parametros: [a.id, b.id] });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ deleted: [a.id, b.id], section_deleted: true });
    expect(
      await ctx.database.db.select().from(parametros).where(eq(parametros.parametros_grupos_id, g.id)),
    ).toHaveLength(0);
    expect(
      await ctx.database.db.select().from(parametro_sections).where(eq(parametro_sections.id, s.id)),
    ).toHaveLength(0);
  });

  it('every change is audited', async () => {
    const [row] = await ctx.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(audit_log)
      .where(eq(audit_log.entity, 'parametro'));
    expect(row.n).toBeGreaterThanOrEqual(4);
  });
});

describe('the API document', () => {
  it('declares every status the requests of this file got', async () => {
    await expectAnswersDocumented(ctx);
  });
});
