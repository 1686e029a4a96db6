/**
 * Images in an S3-compatible bucket (STORAGE_URL, record 038), against a real S3 server started here
 * (test/s3.ts) and the real database: uploads, reads through /uploads/, a replaced and a deleted
 * image's objects, the collection zip, a missing key, and the bucket unreachable (503, no row
 * written, no object left behind). Then both backends answer the same Storage contract, and
 * storage:migrate copies a local uploads folder into the bucket once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REQUEST_MSG } from '@nido/contract';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  coleccion_imagenes,
  colecciones,
  modelo_imagenes,
  modelos,
  parametros,
  parametros_grupos,
} from '../src/db/schema.ts';
import { multipart, pngImage, readZip } from '../src/domains/catalogue/test-helpers.ts';
import { createStorage } from '../src/platform/create-storage.ts';
import { type Storage, UPLOADS_PREFIX } from '../src/platform/storage.ts';
import { migrateUploads } from '../src/platform/storage-migrate.ts';
import { createTestContext, createUser, type TestContext, tokenFor } from './harness.ts';
import { expectAnswersDocumented } from './openapi.ts';
import { startS3Server, type TestS3 } from './s3.ts';

let s3: TestS3;
let ctx: TestContext;
let admin: { authorization: string };
let coleccionId: number;
let grupoId: number;
let png: Buffer;

const keyOf = (urlPath: string) => urlPath.slice(UPLOADS_PREFIX.length);

function upload(url: string, body: unknown, data?: Buffer) {
  const form = multipart(
    { body: JSON.stringify(body) },
    data ? { name: 'foto.png', type: 'image/png', data } : undefined,
  );
  return ctx.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload: form.payload,
    headers: { ...admin, ...form.headers },
  });
}

const uploadModelImage = (modelo: string) => upload('modelo/uploadImage', { modelo }, png);
const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url, headers });

const downloadZip = () =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/coleccion/downloadImages',
    payload: { id: coleccionId },
    headers: admin,
  });

async function imageRows(modelo: string) {
  return ctx.database.db.select().from(modelo_imagenes).where(eq(modelo_imagenes.modelos_modelo, modelo));
}

beforeAll(async () => {
  s3 = await startS3Server();
  ctx = await createTestContext(s3.env);
  const user = await createUser(ctx, { email: 'admin@storage.test', role: 'Admin' });
  admin = await tokenFor(ctx, user.id);
  for (const modelo of ['ST-UP', 'ST-DEL', 'ST-FAIL', 'ST-DOWN'])
    await ctx.database.db
      .insert(modelos)
      .values({ modelo, descripcion: modelo, descripcion_en: modelo, search_text: modelo.toLowerCase() });
  [{ id: coleccionId }] = await ctx.database.db
    .insert(colecciones)
    .values({ nombre: 'Otoño', coleccion: 'ST26' })
    .returning();
  [{ id: grupoId }] = await ctx.database.db
    .insert(parametros_grupos)
    .values({ nombre: 'Color', nombre_en: 'Colour' })
    .returning();
  png = await pngImage(2000, 1000);
});

afterAll(async () => {
  if (ctx) await expectAnswersDocumented(ctx);
  await ctx?.close();
  await s3?.close();
});

describe('images in an S3 bucket (STORAGE_URL)', () => {
  it('an upload goes to the bucket, not the disk, and is served from it with the usual headers', async () => {
    const res = await uploadModelImage('ST-UP');
    expect(res.statusCode).toBe(200);
    const { url_img, thumb_url } = res.json();
    expect(await s3.keys()).toEqual(expect.arrayContaining([keyOf(url_img), keyOf(thumb_url)]));
    expect(fs.existsSync(path.join(ctx.dir, 'uploads'))).toBe(false);

    const full = await get(url_img);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/webp');
    expect(full.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(full.headers['x-content-type-options']).toBe('nosniff');
    expect(full.headers['content-security-policy']).toContain("default-src 'self'");
    expect(full.headers['content-encoding']).toBeUndefined();
    expect(Number(full.headers['content-length'])).toBe(full.rawPayload.length);
    const meta = await sharp(full.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1600, 800]);
    expect((await sharp((await get(thumb_url)).rawPayload).metadata()).width).toBe(320);

    // A browser revalidating (names are never reused) gets a 304 without the bucket being read.
    const again = await get(url_img, { 'if-none-match': String(full.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('a key the bucket does not have answers 404, and a name we never make is not looked up', async () => {
    const missing = await get('/uploads/0123456789abcdef0123456789abcdef.webp');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: REQUEST_MSG.notFound.code });
    expect((await get('/uploads/..%2Fsecret.webp')).statusCode).toBe(404);
  });

  it('a replaced option image deletes the old object; deleting the option deletes the new one', async () => {
    const [param] = await ctx.database.db
      .insert(parametros)
      .values({ parametros_grupos_id: grupoId, codigo: 'ROSA', nombre: 'Rosa', nombre_en: 'Pink' })
      .returning();
    const first = await upload('parametro/updateNewWithImage', { id: param.id }, png);
    expect(first.statusCode).toBe(200);
    const old = first.json().imagen as string;
    expect((await get(old)).statusCode).toBe(200);

    const second = await upload('parametro/updateNewWithImage', { id: param.id }, await pngImage(500, 500));
    expect(second.statusCode).toBe(200);
    const replacement = second.json().imagen as string;
    expect(replacement).not.toBe(old);
    expect(await s3.keys()).not.toContain(keyOf(old));
    expect((await get(old)).statusCode).toBe(404);
    expect((await get(replacement)).statusCode).toBe(200);

    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/parametros/${param.id}`,
      headers: admin,
    });
    expect(del.statusCode).toBe(200);
    expect(await s3.keys()).not.toContain(keyOf(replacement));
  });

  it('a deleted model image takes both its objects with it', async () => {
    const { id, url_img, thumb_url } = (await uploadModelImage('ST-DEL')).json();
    expect(await s3.keys()).toEqual(expect.arrayContaining([keyOf(url_img), keyOf(thumb_url)]));
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/modelo/deleteImage',
      payload: { id },
      headers: admin,
    });
    expect(del.statusCode).toBe(200);
    const keys = await s3.keys();
    expect(keys).not.toContain(keyOf(url_img));
    expect(keys).not.toContain(keyOf(thumb_url));
    expect((await get(url_img)).statusCode).toBe(404);
  });

  it('the collection zip is read from the bucket', async () => {
    const uploaded = [];
    for (const colour of ['#102030', '#405060']) {
      const res = await upload(
        'coleccion/uploadImage',
        { colecciones_id: coleccionId },
        await pngImage(300, 200, colour),
      );
      expect(res.statusCode).toBe(200);
      uploaded.push(res.json());
    }
    const zip = await downloadZip();
    expect(zip.statusCode).toBe(200);
    const entries = await readZip(zip.rawPayload);
    expect([...entries.keys()]).toEqual(['ST26-1.webp', 'ST26-2.webp']);
    for (const [i, img] of uploaded.entries())
      expect(entries.get(`ST26-${i + 1}.webp`)!.equals((await get(img.url_img)).rawPayload)).toBe(true);
  });

  it('objects written before a failed database write are removed again', async () => {
    // A real failure of the insert: a trigger refuses this model's images.
    await ctx.database.query(`
      create function refuse_st_fail() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await ctx.database.query(`
      create trigger refuse_st_fail before insert on modelo_imagenes
      for each row when (new.modelos_modelo = 'ST-FAIL') execute function refuse_st_fail()`);
    try {
      const before = await s3.keys();
      const res = await uploadModelImage('ST-FAIL');
      expect(res.statusCode).toBe(500);
      expect(await imageRows('ST-FAIL')).toEqual([]);
      expect(await s3.keys()).toEqual(before);
    } finally {
      await ctx.database.query('drop trigger refuse_st_fail on modelo_imagenes');
      await ctx.database.query('drop function refuse_st_fail');
    }
  });

  it('the bucket unreachable: 503 with a clear message, nothing written, and back once it returns', async () => {
    const kept = (await uploadModelImage('ST-DOWN')).json();
    const [param] = await ctx.database.db
      .insert(parametros)
      .values({ parametros_grupos_id: grupoId, codigo: 'AZUL', nombre: 'Azul', nombre_en: 'Blue' })
      .returning();
    const keys = await s3.keys();
    await s3.stop();
    try {
      const unavailable = {
        code: REQUEST_MSG.storageUnavailable.code,
        message: REQUEST_MSG.storageUnavailable.text,
      };

      const res = await uploadModelImage('ST-DOWN');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject(unavailable);
      expect(await imageRows('ST-DOWN')).toHaveLength(1);

      const collection = await upload('coleccion/uploadImage', { colecciones_id: coleccionId }, png);
      expect(collection.statusCode).toBe(503);
      const collectionRows = await ctx.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(coleccion_imagenes)
        .where(eq(coleccion_imagenes.colecciones_id, coleccionId));
      expect(collectionRows[0].n).toBe(2);

      const option = await upload(
        'parametro/updateNewWithImage',
        { id: param.id, nombre: 'Azul marino' },
        png,
      );
      expect(option.statusCode).toBe(503);
      const [unchanged] = await ctx.database.db.select().from(parametros).where(eq(parametros.id, param.id));
      expect([unchanged.nombre, unchanged.imagen]).toEqual(['Azul', null]);

      const read = await get(kept.url_img);
      expect(read.statusCode).toBe(503);
      expect(read.json()).toMatchObject(unavailable);
      expect((await downloadZip()).statusCode).toBe(503);
    } finally {
      s3 = await startS3Server({ port: s3.port, directory: s3.directory });
    }
    expect(await s3.keys()).toEqual(keys);
    expect((await get(kept.url_img)).statusCode).toBe(200);
  });
});

describe('both backends keep the same Storage contract', () => {
  const backends: Array<[string, () => Promise<Storage>]> = [
    [
      'disk',
      () => createStorage({ kind: 'disk', dir: fs.mkdtempSync(path.join(os.tmpdir(), 'nido-disk-')) }),
    ],
    ['s3', () => createStorage(ctx.app.deps.config.storage)],
  ];
  it.each(backends)('%s: save, read, size, put, remove', async (_kind, make) => {
    const storage = await make();
    const bytes = Buffer.from('RIFF0000WEBPVP8 stored bytes');
    const urlPath = await storage.save(bytes, 'webp');
    expect(urlPath).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const file = await storage.read(urlPath);
    expect([file?.size, file?.contentType]).toEqual([bytes.length, 'image/webp']);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(await storage.size(urlPath)).toBe(bytes.length);

    await storage.put('/uploads/named-by-caller.webp', Buffer.from('other'));
    expect(await storage.size('/uploads/named-by-caller.webp')).toBe(5);

    await storage.remove(urlPath);
    await storage.remove(urlPath); // a missing file is fine
    expect(await storage.read(urlPath)).toBeNull();
    expect(await storage.size(urlPath)).toBeNull();
    // Not one of our paths: nothing is looked up.
    expect(await storage.read('/uploads/../etc/passwd')).toBeNull();
    expect(await storage.read('/elsewhere/x.webp')).toBeNull();
  });
});

describe('storage:migrate', () => {
  it('copies a local uploads folder into the bucket once, skipping what is there, and counts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-uploads-'));
    const bucket = await createStorage(ctx.app.deps.config.storage);
    const files: Record<string, Buffer> = {
      'aaaa-migrated-1.webp': Buffer.from('first image'),
      'aaaa-migrated-2.webp': Buffer.from('second image'),
      'aaaa-migrated-3.webp': Buffer.from('third image, already in the bucket'),
      'aaaa-migrated-4.webp': Buffer.from('fourth image, in the bucket with other bytes'),
    };
    for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), bytes);
    fs.writeFileSync(path.join(dir, 'Not Ours.txt'), 'a stray file');
    await bucket.put('/uploads/aaaa-migrated-3.webp', files['aaaa-migrated-3.webp']);
    await bucket.put('/uploads/aaaa-migrated-4.webp', Buffer.from('short'));

    const seen: number[] = [];
    const first = await migrateUploads({ dir, to: bucket, every: 1, progress: (done) => seen.push(done) });
    expect(first).toEqual({ copied: 3, skipped: 1, failed: 0, failures: [] });
    expect(seen).toEqual([1, 2, 3, 4, 4]);
    for (const [name, bytes] of Object.entries(files)) {
      const res = await get(`/uploads/${name}`);
      expect(res.rawPayload.equals(bytes), name).toBe(true);
    }
    expect(await s3.keys()).not.toContain('Not Ours.txt');

    expect(await migrateUploads({ dir, to: bucket })).toEqual({
      copied: 0,
      skipped: 4,
      failed: 0,
      failures: [],
    });

    // The bucket away: every file is counted as failed, with why; nothing is claimed copied.
    fs.writeFileSync(path.join(dir, 'aaaa-migrated-5.webp'), 'fifth');
    await s3.stop();
    try {
      const down = await migrateUploads({ dir, to: bucket });
      expect([down.copied, down.skipped, down.failed]).toEqual([0, 0, 5]);
      expect(down.failures[0].error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      s3 = await startS3Server({ port: s3.port, directory: s3.directory });
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
