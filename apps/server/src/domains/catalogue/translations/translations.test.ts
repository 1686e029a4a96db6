/**
 * The missing-translation report (record 056): its counts per kind and its rows against a fixture
 * made here, the in-place fix through the editors' rules (refused with the editor's message), the
 * count after a fix, Admin only, and the shop's Spanish fallback meanwhile.
 */
import { localized } from '@nido/contract';
import { and, eq } from 'drizzle-orm';
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
  modelos,
  parametro_sections,
  parametros,
  parametros_grupos,
  section_models,
} from '../../../db/schema.ts';

let ctx: TestContext;
let admin: { authorization: string };
let cliente: { authorization: string };
let rep: { authorization: string };
const id: Record<string, number> = {};

function get(url: string, headers = admin) {
  return ctx.app.inject({ method: 'GET', url: `/api/${url}`, headers });
}
function put(url: string, payload: unknown, headers = admin) {
  return ctx.app.inject({ method: 'PUT', url: `/api/${url}`, payload: payload as object, headers });
}

beforeAll(async () => {
  ctx = await createTestContext();
  const c = await createClient(ctx, 'Tienda Traducciones');
  admin = await tokenFor(ctx, (await createUser(ctx, { email: 'admin@nido.test', role: 'Admin' })).id);
  cliente = await tokenFor(
    ctx,
    (await createUser(ctx, { email: 'shop@nido.test', role: 'Cliente', cliente_id: c.id })).id,
  );
  rep = await tokenFor(ctx, (await createUser(ctx, { email: 'rep@nido.test', role: 'Representante' })).id);
  const db = ctx.database.db;
  // Models: two lack English (one of spaces only, one inactive: every text counts), one has it.
  // An option's legacy English 'NULL' counts as missing: shops see its Spanish (hasText).
  await db.insert(modelos).values([
    { modelo: 'TR-B', descripcion: 'Babero liso', descripcion_en: '', search_text: 'tr-b babero liso' },
    {
      modelo: 'TR-A',
      descripcion: 'Alfombra',
      descripcion_en: '   ',
      search_text: 'tr-a alfombra',
      baja: true,
    },
    { modelo: 'TR-C', descripcion: 'Cojín', descripcion_en: 'Cushion', search_text: 'tr-c cojin cushion' },
  ]);
  const groups = await db
    .insert(parametros_grupos)
    .values([
      { nombre: 'Tela', nombre_en: '' },
      { nombre: 'Color', nombre_en: 'Colour' },
    ])
    .returning();
  id.tela = groups[0]!.id;
  id.color = groups[1]!.id;
  const [sec] = await db
    .insert(parametro_sections)
    .values([
      { parametros_grupos_id: id.color, name: 'Lisos', name_en: '' },
      { parametros_grupos_id: id.color, name: 'Estampados', name_en: 'Prints' },
    ])
    .returning();
  id.lisos = sec!.id;
  const opts = await db
    .insert(parametros)
    .values([
      { parametros_grupos_id: id.color, codigo: 'RJ', nombre: 'Rojo', nombre_en: '' },
      { parametros_grupos_id: id.color, codigo: 'AZ', nombre: 'Azul', nombre_en: 'NULL' },
      { parametros_grupos_id: id.color, codigo: 'VE', nombre: 'Verde', nombre_en: 'Green' },
    ])
    .returning();
  id.rojo = opts[0]!.id;
  id.azul = opts[1]!.id;
  const [ms] = await db
    .insert(section_models)
    .values([
      { name: 'Bordado', name_en: '' },
      { name: 'Tejidos', name_en: 'Fabrics' },
    ])
    .returning();
  id.bordado = ms!.id;
  const [col] = await db
    .insert(colecciones)
    .values([
      { nombre: 'Verano', nombre_en: '', coleccion: 'PV27' },
      { nombre: 'Invierno', nombre_en: 'Winter', coleccion: 'OI26' },
    ])
    .returning();
  id.verano = col!.id;
  // TR-B in an active collection: a shop sees it.
  const [invierno] = await db.select().from(colecciones).where(eq(colecciones.coleccion, 'OI26'));
  await db.insert(coleccion_modelos).values({ colecciones_id: invierno!.id, modelos_modelo: 'TR-B' });
});

afterAll(async () => {
  await ctx?.close();
});

describe('the report', () => {
  it('counts the texts lacking English per kind, in SQL', async () => {
    const res = await get('translations/missing/counts');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      model: 2,
      group: 1,
      section: 1,
      option: 2,
      model_section: 1,
      collection: 1,
      total: 8,
    });
  });

  it('lists them in the report order (kind, then key), each with its Spanish text and context', async () => {
    const res = await get('translations/missing');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.counts.total).toBe(8);
    expect(body.meta).toMatchObject({ total: 8, current_page: 1, last_page: 1 });
    expect(body.data).toEqual([
      { kind: 'model', id: 'TR-A', text: 'Alfombra', context: 'TR-A' },
      { kind: 'model', id: 'TR-B', text: 'Babero liso', context: 'TR-B' },
      { kind: 'group', id: String(id.tela), text: 'Tela', context: '' },
      { kind: 'section', id: String(id.lisos), text: 'Lisos', context: 'Color' },
      { kind: 'option', id: String(id.rojo), text: 'Rojo', context: 'Color · RJ' },
      { kind: 'option', id: String(id.azul), text: 'Azul', context: 'Color · AZ' },
      { kind: 'model_section', id: String(id.bordado), text: 'Bordado', context: '' },
      { kind: 'collection', id: String(id.verano), text: 'Verano', context: 'PV27' },
    ]);
  });

  it('pages the list and filters it by kind', async () => {
    const page2 = (await get('translations/missing?per_page=3&page=2')).json();
    expect(page2.meta).toMatchObject({ total: 8, current_page: 2, last_page: 3, from: 4, to: 6 });
    expect(page2.data.map((r: { text: string }) => r.text)).toEqual(['Lisos', 'Rojo', 'Azul']);
    const options = (await get('translations/missing?kind=option')).json();
    expect(options.meta.total).toBe(2);
    expect(options.data.map((r: { id: string }) => r.id)).toEqual([String(id.rojo), String(id.azul)]);
    expect((await get('translations/missing?kind=nope')).statusCode).toBe(422);
  });
});

describe('meanwhile', () => {
  it('a shop reading in English gets the empty English and reads the Spanish text (the fallback)', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/modelo/TR-B',
      headers: { ...cliente, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ descripcion: 'Babero liso', descripcion_en: '' });
    expect(localized(res.json(), 'descripcion', 'en')).toBe('Babero liso');
  });
});

describe('the fix in place', () => {
  it("refuses an empty text with the editor's message, and one over the editor's limit", async () => {
    const model = await put('translations/model/TR-B', { text: '  ' });
    expect(model.statusCode).toBe(422);
    // The same answer as the model editor's for its descripcion_en.
    const editor = await ctx.app.inject({
      method: 'POST',
      url: '/api/modelo/update',
      payload: { modelo: 'TR-B', descripcion_en: '  ' },
      headers: admin,
    });
    expect(editor.statusCode).toBe(422);
    expect(model.json()).toMatchObject({
      code: editor.json().code,
      errors: { text: editor.json().errors.descripcion_en },
    });
    expect(model.json().errors.text).toEqual(['The description in English is mandatory']);
    const group = await put(`translations/group/${id.tela}`, { text: 'NULL' });
    expect(group.statusCode).toBe(422);
    expect(group.json().errors.text).toEqual(['El nombre en inglés es requerido']);
    const section = await put(`translations/section/${id.lisos}`, { text: 'x'.repeat(121) });
    expect(section.statusCode).toBe(422);
    const [row] = await ctx.database.db.select().from(modelos).where(eq(modelos.modelo, 'TR-B'));
    expect(row!.descripcion_en).toBe('');
    expect((await get('translations/missing/counts')).json().total).toBe(8);
  });

  it('answers 404 for a text that does not exist', async () => {
    expect((await put('translations/model/NOPE', { text: 'Nope' })).statusCode).toBe(404);
    expect((await put('translations/option/999999', { text: 'Nope' })).statusCode).toBe(404);
    expect((await put('translations/collection/abc', { text: 'Nope' })).statusCode).toBe(404);
    expect((await put('translations/model_section/0', { text: 'Nope' })).statusCode).toBe(404);
  });

  it("saves each kind through its editor's path, trimmed, and the counts drop", async () => {
    const model = await put('translations/model/TR-B', { text: '  Plain bib ' });
    expect(model.statusCode).toBe(200);
    expect(model.json()).toMatchObject({ kind: 'model', id: 'TR-B', text_en: 'Plain bib' });
    expect(model.json().counts).toMatchObject({ model: 1, total: 7 });
    const [row] = await ctx.database.db.select().from(modelos).where(eq(modelos.modelo, 'TR-B'));
    expect(row).toMatchObject({ descripcion_en: 'Plain bib', descripcion: 'Babero liso' });
    // The model editor's save rebuilds the search text, English included.
    expect(row!.search_text).toContain('plain bib');

    const fixes: Array<[string, number, string]> = [
      ['group', id.tela, 'Fabric'],
      ['section', id.lisos, 'Plain'],
      ['option', id.rojo, 'Red'],
      ['model_section', id.bordado, 'Embroidery'],
      ['collection', id.verano, 'Summer'],
    ];
    for (const [kind, key, text] of fixes) {
      const res = await put(`translations/${kind}/${key}`, { text });
      expect(res.statusCode, kind).toBe(200);
    }
    expect((await get('translations/missing/counts')).json()).toEqual({
      model: 1,
      group: 0,
      section: 0,
      option: 1,
      model_section: 0,
      collection: 0,
      total: 2,
    });
    const db = ctx.database.db;
    const [sec] = await db.select().from(parametro_sections).where(eq(parametro_sections.id, id.lisos));
    expect(sec).toMatchObject({ name: 'Lisos', name_en: 'Plain' });
    const [opt] = await db.select().from(parametros).where(eq(parametros.id, id.rojo));
    expect(opt).toMatchObject({ nombre: 'Rojo', nombre_en: 'Red', codigo: 'RJ' });
    const [col] = await db.select().from(colecciones).where(eq(colecciones.id, id.verano));
    expect(col).toMatchObject({ nombre: 'Verano', nombre_en: 'Summer', coleccion: 'PV27' });
    const [ms] = await db.select().from(section_models).where(eq(section_models.id, id.bordado));
    expect(ms).toMatchObject({ name: 'Bordado', name_en: 'Embroidery' });
    // Each change left its audit row, the editors' own where they have one.
    const actions = (await db.select({ action: audit_log.action }).from(audit_log)).map((r) => r.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'modelo.update',
        'parametros_grupo.update',
        'parametros_grupo.section.rename',
        'parametro.update',
        'section_models.translate',
        'coleccion.update',
      ]),
    );
    const remaining = (await get('translations/missing')).json();
    expect(remaining.data.map((r: { id: string }) => r.id)).toEqual(['TR-A', String(id.azul)]);
    const audited = await db
      .select()
      .from(audit_log)
      .where(and(eq(audit_log.entity, 'modelo'), eq(audit_log.entity_id, `section_models:${id.bordado}`)));
    expect(audited).toHaveLength(1);
  });
});

describe('access', () => {
  it('answers 403 to a client user and a representative, 401 without a session', async () => {
    for (const headers of [cliente, rep]) {
      expect((await get('translations/missing', headers)).statusCode).toBe(403);
      expect((await get('translations/missing/counts', headers)).statusCode).toBe(403);
      expect((await put('translations/model/TR-A', { text: 'Rug' }, headers)).statusCode).toBe(403);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/translations/missing' });
    expect(anonymous.statusCode).toBe(401);
    const [row] = await ctx.database.db.select().from(modelos).where(eq(modelos.modelo, 'TR-A'));
    expect(row!.descripcion_en.trim()).toBe('');
  });
});

describe('the API document', () => {
  it('declares every status the requests of this file got', async () => {
    await expectAnswersDocumented(ctx);
  });
});
