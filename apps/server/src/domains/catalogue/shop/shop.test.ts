import { eq } from 'drizzle-orm';
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
  colecciones,
  modelo_grupos,
  modelo_imagenes,
  modelos,
  parametro_sections,
  parametros,
  parametros_grupos,
} from '../../../db/schema.ts';
import { searchable } from '../../../platform/text.ts';
import { buildCatalogue, countStatements, type Fixture, insertModel, linkGroups } from '../test-fixtures.ts';

let ctx: TestContext;
let fx: Fixture;
let client: { authorization: string };
let admin: { authorization: string };
let rep: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await buildCatalogue(ctx);
  const tienda = await createClient(ctx, 'Tienda Catálogo');
  const cu = await createUser(ctx, { email: 'shop@cat.test', role: 'Cliente', cliente_id: tienda.id });
  const au = await createUser(ctx, { email: 'admin@cat.test', role: 'Admin' });
  const ru = await createUser(ctx, { email: 'rep@cat.test', role: 'Representante' });
  client = await tokenFor(ctx, cu.id);
  admin = await tokenFor(ctx, au.id);
  rep = await tokenFor(ctx, ru.id);
});
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers });
const get = (url: string, headers: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url: `/api/${url}`, headers });
const codes = (body: { data: Array<{ modelo: string }> }) => body.data.map((m) => m.modelo);

describe('POST modelo/searchModel', () => {
  it('needs a session', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/modelo/searchModel',
      payload: { search: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('is accent- and case-insensitive ("bebe" finds "Bebé")', async () => {
    for (const search of ['bebe', 'BEBÉ', 'Bebé']) {
      const res = await post('modelo/searchModel', { search }, client);
      expect(res.statusCode).toBe(200);
      expect(codes(res.json()).sort()).toEqual(['NDBOL07', 'NDCAP01']);
    }
  });

  it('matches the English description and every word', async () => {
    expect(codes((await post('modelo/searchModel', { search: 'pushchair' }, client)).json())).toEqual([
      'NDSIL02',
    ]);
    expect(codes((await post('modelo/searchModel', { search: 'capazo classic' }, client)).json())).toEqual([
      'NDCAP01',
    ]);
    expect(codes((await post('modelo/searchModel', { search: 'capazo luna' }, client)).json())).toEqual([]);
  });

  it('treats LIKE wildcards literally', async () => {
    const res = await post('modelo/searchModel', { search: '%' }, client);
    expect(res.json().data).toEqual([]);
    expect((await post('modelo/searchModel', { search: 'nd_ap' }, client)).json().data).toEqual([]);
  });

  it('ranks the exact code first, then code prefixes, then a word starting with the text, shorter first', async () => {
    await insertModel(ctx, { modelo: 'RK1', descripcion: 'Cosa rk1x' }, [fx.col.open]);
    await insertModel(ctx, { modelo: 'RK1X', descripcion: 'Otra cosa' }, [fx.col.open]);
    await insertModel(ctx, { modelo: 'AARK1', descripcion: 'Tercera' }, [fx.col.open]);
    const res = await post('modelo/searchModel', { search: 'rk1' }, client);
    const list = codes(res.json());
    expect(list[0]).toBe('RK1');
    expect(list[1]).toBe('RK1X');
    expect(list).toContain('AARK1');
    expect(list.indexOf('AARK1')).toBeGreaterThan(1);

    await insertModel(ctx, { modelo: 'ZZ1', descripcion: 'Cojín con flecos de pluma larga' }, [fx.col.open]);
    await insertModel(ctx, { modelo: 'ZZ2', descripcion: 'Plumas' }, [fx.col.open]);
    await insertModel(ctx, { modelo: 'ZZ3', descripcion: 'Cojín de plumas y flecos' }, [fx.col.open]);
    // 'lum' starts no word; 'plum' starts a word in all three: the shortest text first.
    expect(codes((await post('modelo/searchModel', { search: 'plum' }, client)).json())).toEqual([
      'ZZ2',
      'ZZ3',
      'ZZ1',
    ]);
    const inside = codes((await post('modelo/searchModel', { search: 'lumas' }, client)).json());
    expect(inside).toEqual(['ZZ2', 'ZZ3']);
    // A word starting with the text outranks a shorter text that holds it inside a word.
    await insertModel(ctx, { modelo: 'ZZ4', descripcion: 'Lumbrera de techo con flecos muy largos' }, [
      fx.col.open,
    ]);
    expect(codes((await post('modelo/searchModel', { search: 'lum' }, client)).json())).toEqual([
      'ZZ4',
      'ZZ2',
      'ZZ3',
      'ZZ1',
    ]);
  });

  it('answers model summaries with price, family, main thumbnail and active swatches of the first colour group', async () => {
    const res = await post('modelo/searchModel', { search: 'NDCAP01' }, client);
    const [m] = res.json().data;
    expect(m).toEqual({
      modelo: 'NDCAP01',
      descripcion: 'Capazo Bebé Classic',
      descripcion_en: 'Classic baby carrycot',
      pvp: 120,
      precio_neto: 120,
      familia: 1,
      imagen: '/uploads/cap-main-t.webp',
      colores: [
        { codigo: 'AZU', nombre: 'Azul', nombre_en: 'Blue', color: '#3366ff' },
        { codigo: 'ROS', nombre: 'Rosa', nombre_en: 'Pink', color: '#ff8899' },
      ],
    });
  });

  it('answers a repeated search from the cache, and every catalogue change at once', async () => {
    const db = ctx.database.db;
    await insertModel(ctx, { modelo: 'CCH01', descripcion: 'Saco cacheado', pvp_cents: 5000 }, [fx.col.open]);
    const [grupo] = await db
      .insert(parametros_grupos)
      .values({ nombre: 'Colores saco', nombre_en: 'Bag colours' })
      .returning({ id: parametros_grupos.id });
    const [verde] = await db
      .insert(parametros)
      .values({
        parametros_grupos_id: grupo.id,
        codigo: 'VER',
        nombre: 'Verde',
        nombre_en: 'Green',
        color: '#00aa00',
      })
      .returning({ id: parametros.id });
    await linkGroups(ctx, 'CCH01', [{ grupo: grupo.id, position: 0 }]);
    const search = async () => (await post('modelo/searchModel', { search: 'cacheado' }, client)).json().data;

    expect(await search()).toMatchObject([
      { modelo: 'CCH01', pvp: 50, imagen: null, colores: [{ codigo: 'VER' }] },
    ]);
    // A repeat reads the catalogue version only (besides the session).
    const statements: string[] = [];
    const stop = ctx.database.onStatement((sql) => statements.push(sql));
    await search();
    stop();
    expect(statements.filter((q) => /\bmodelos\b/.test(q))).toEqual([]);
    expect(statements.filter((q) => /catalog_version/.test(q))).toHaveLength(1);

    // The admin API: a new price.
    const edit = await post(
      'modelo/update',
      { modelo: 'CCH01', descripcion_en: 'Cached bag', pvp: '62,5' },
      admin,
    );
    expect(edit.statusCode).toBe(200);
    expect(await search()).toMatchObject([{ pvp: 62.5 }]);
    // Any writer of the tables a search reads: a main image, an option, the collections.
    await db
      .insert(modelo_imagenes)
      .values({ modelos_modelo: 'CCH01', url_img: '/u/c.webp', thumb_url: '/u/c-t.webp', principal: true });
    expect(await search()).toMatchObject([{ imagen: '/u/c-t.webp' }]);
    await db.update(parametros).set({ nombre: 'Verde agua' }).where(eq(parametros.id, verde.id));
    expect(await search()).toMatchObject([{ colores: [{ nombre: 'Verde agua' }] }]);
    await db.update(colecciones).set({ solorepresentantes: true }).where(eq(colecciones.id, fx.col.open));
    try {
      expect(await search()).toEqual([]);
      // Staff answers are filed apart from the clients' ones.
      expect(codes((await post('modelo/searchModel', { search: 'cacheado' }, rep)).json())).toEqual([
        'CCH01',
      ]);
    } finally {
      await db.update(colecciones).set({ solorepresentantes: false }).where(eq(colecciones.id, fx.col.open));
    }
    expect(await search()).toMatchObject([{ modelo: 'CCH01' }]);
  });

  it('keeps a cached answer when a statement changed no row', async () => {
    await post('modelo/searchModel', { search: 'capazo' }, client);
    const [before] = await ctx.database.query<{ version: string }>('select version from catalog_version');
    await ctx.database.db.update(modelos).set({ pvp_cents: 1 }).where(eq(modelos.modelo, 'NO-SUCH-MODEL'));
    const [after] = await ctx.database.query<{ version: string }>('select version from catalog_version');
    expect(Number(after.version)).toBe(Number(before.version));
  });

  it('hides from a client user inactive models, models only in inactive or reps-only collections, and models in no collection', async () => {
    const res = await post('modelo/searchModel', { search: 'capazo' }, client);
    expect(codes(res.json()).sort()).toEqual(['NDCAP01']);
  });

  it('shows Admin and Representante every active model', async () => {
    for (const who of [admin, rep]) {
      const res = await post('modelo/searchModel', { search: 'capazo' }, who);
      expect(codes(res.json()).sort()).toEqual(['NDCAP01', 'NDNOC06', 'NDOLD03', 'NDREP04']);
    }
  });

  it('pages the results (SEARCH_MAX_RESULTS a page) with the standard paging (product.md §5.6)', async () => {
    for (let i = 0; i < 55; i++) {
      await insertModel(ctx, { modelo: `PG${String(i).padStart(3, '0')}`, descripcion: 'Página prueba' }, [
        fx.col.open,
      ]);
    }
    const p1 = (await post('modelo/searchModel', { search: 'pagina', page: 1 }, client)).json();
    expect(p1.data).toHaveLength(50);
    expect(p1.meta).toMatchObject({
      total: 55,
      per_page: 50,
      current_page: 1,
      from: 1,
      to: 50,
      last_page: 2,
    });
    const p2 = (await post('modelo/searchModel', { search: 'pagina', page: 2 }, client)).json();
    expect(codes(p2)).toEqual(['PG050', 'PG051', 'PG052', 'PG053', 'PG054']);
    expect(p2.meta).toMatchObject({ total: 55, current_page: 2, from: 51, to: 55 });
  });

  it('rejects a search longer than 100 characters', async () => {
    const res = await post('modelo/searchModel', { search: 'x'.repeat(101) }, client);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.search).toBeDefined();
  });
});

describe('GET modelo/{modelo}', () => {
  it('answers the model for the configurator: groups by position, active options by position, price × size', async () => {
    const res = await get('modelo/NDCAP01', client);
    expect(res.statusCode).toBe(200);
    const m = res.json();
    expect(m).toMatchObject({
      modelo: 'NDCAP01',
      pvp: 120,
      personalizado: 2,
      modelobordado: '0802',
      familia: 1,
      baja: false,
    });
    expect(
      m.imagenes.map((i: { principal: boolean; color0: string | null }) => [i.principal, i.color0]),
    ).toEqual([
      [true, null],
      [false, 'ROS'],
    ]);
    expect(m.grupos.map((g: { id: number }) => g.id)).toEqual([fx.grp.color, fx.grp.tela, fx.grp.bordado]);
    const [color, tela, bordado] = m.grupos;
    expect(color.parametros.map((o: { codigo: string }) => o.codigo)).toEqual(['AZU', 'ROS']); // Gris inactive
    expect(tela.pivot).toEqual({
      modelos_modelo: 'NDCAP01',
      parametros_grupos_id: fx.grp.tela,
      position: 1,
      section_models_id: fx.sec.fabrics,
      size: 1.5,
      section_name: 'Tejidos',
      section_name_en: 'Fabrics',
    });
    // The default section first (Lino), then the named sections (Algodón in Naturales).
    expect(tela.parametros.map((o: { price: number }) => o.price)).toEqual([8.25, 15]);
    expect(tela.parametros[0].section).toBeNull();
    expect(tela.parametros[1].section).toMatchObject({ name: 'Naturales', name_en: 'Natural' });
    const conNombre = bordado.parametros.find((o: { codigo: string }) => o.codigo === 'CN');
    expect(conNombre).toMatchObject({
      price: 8,
      letters: 10,
      embroidery_color: true,
      embroidery_position: 'Izquierda,Derecha',
      embroidery_position_en: 'Left,Right',
    });
    // An option without positions has no English names either.
    expect(bordado.parametros.find((o: { codigo: string }) => o.codigo === 'SC')).toMatchObject({
      embroidery_position: '',
      embroidery_position_en: '',
    });
    expect(m.sections).toEqual([
      { id: fx.sec.fabrics, name: 'Tejidos', name_en: 'Fabrics', grupos: [fx.grp.color, fx.grp.tela] },
      { id: fx.sec.embroidery, name: 'Bordado', name_en: 'Embroidery', grupos: [fx.grp.bordado] },
    ]);
    expect(m.embroidery_colours.map((c: { codigo: string }) => c.codigo)).toEqual(['B01', 'O02']);
  });

  it('lists a group’s options section by section in the editor’s order, each section by position', async () => {
    const [naturales] = await ctx.database.db
      .select({ id: parametros.section_id })
      .from(parametros)
      .where(eq(parametros.codigo, 'ALG'));
    // A new section placed before "Naturales", with one option.
    const [sinteticos] = await ctx.database.db
      .insert(parametro_sections)
      .values({ parametros_grupos_id: fx.grp.tela, name: 'Sintéticos', name_en: 'Synthetic', position: 0 })
      .returning({ id: parametro_sections.id });
    await ctx.database.db
      .update(parametro_sections)
      .set({ position: 1 })
      .where(eq(parametro_sections.id, naturales.id!));
    await ctx.database.db.insert(parametros).values({
      parametros_grupos_id: fx.grp.tela,
      codigo: 'POL',
      nombre: 'Poliéster',
      nombre_en: 'Polyester',
      position: 0,
      section_id: sinteticos.id,
    });
    try {
      const m = (await get('modelo/NDCAP01', client)).json();
      const tela = m.grupos.find((g: { id: number }) => g.id === fx.grp.tela);
      expect(tela.parametros.map((o: { codigo: string }) => o.codigo)).toEqual(['LIN', 'POL', 'ALG']);
    } finally {
      await ctx.database.db.delete(parametros).where(eq(parametros.codigo, 'POL'));
      await ctx.database.db.delete(parametro_sections).where(eq(parametro_sections.id, sinteticos.id));
      await ctx.database.db
        .update(parametro_sections)
        .set({ position: 0 })
        .where(eq(parametro_sections.id, naturales.id!));
    }
  });

  it('puts groups without a section in the default section (id 0)', async () => {
    const m = (await get('modelo/NDSIL02', client)).json();
    expect(m.sections).toEqual([{ id: 0, name: '', name_en: '', grupos: [fx.grp.color] }]);
  });

  it('answers 404 to a client user for inactive or invisible models, and shows them to an Admin', async () => {
    for (const code of ['NDBAJA05', 'NDOLD03', 'NDREP04', 'NDNOC06', 'NOPE']) {
      expect((await get(`modelo/${code}`, client)).statusCode).toBe(404);
    }
    for (const code of ['NDBAJA05', 'NDOLD03', 'NDREP04', 'NDNOC06']) {
      expect((await get(`modelo/${code}`, admin)).statusCode).toBe(200);
    }
    expect((await get('modelo/NOPE', admin)).statusCode).toBe(404);
  });

  it('sends a constant number of SQL statements whatever the number of groups and options', async () => {
    await insertModel(ctx, { modelo: 'NDBIG08', descripcion: 'Muchos grupos' }, [fx.col.open]);
    const many = await ctx.database.db
      .insert(parametros_grupos)
      .values(Array.from({ length: 8 }, (_, i) => ({ nombre: `Extra ${i}` })))
      .returning({ id: parametros_grupos.id });
    await ctx.database.db.insert(parametros).values(
      many.flatMap((g) =>
        Array.from({ length: 6 }, (_, j) => ({
          parametros_grupos_id: g.id,
          codigo: `E${g.id}-${j}`,
          nombre: `Op ${j}`,
        })),
      ),
    );
    await linkGroups(
      ctx,
      'NDBIG08',
      many.map((g, i) => ({ grupo: g.id, position: i })),
    );
    const small = await countStatements(ctx, () => get('modelo/NDSIL02', client));
    const big = await countStatements(ctx, async () => {
      const res = await get('modelo/NDBIG08', client);
      expect(res.json().grupos).toHaveLength(8);
      expect(res.json().grupos[7].parametros).toHaveLength(6);
    });
    expect(big).toBe(small);
    // authentication + model + images, groups, options, embroidery boxes
    expect(big).toBeGreaterThanOrEqual(6);
    expect(big).toBeLessThanOrEqual(7);
  });

  it('leaves inactive groups out for a client user', async () => {
    await ctx.database.db
      .update(parametros_grupos)
      .set({ activado: false })
      .where(eq(parametros_grupos.nombre, 'Extra 0'));
    const m = (await get('modelo/NDBIG08', client)).json();
    expect(m.grupos).toHaveLength(7);
    const forAdmin = (await get('modelo/NDBIG08', admin)).json();
    expect(forAdmin.grupos).toHaveLength(8);
    expect(forAdmin.grupos[0].activado).toBe(false);
  });
});

describe('collections for the selector', () => {
  it('lists a collection’s active models by family, then position, with swatches', async () => {
    const res = await post('modelo/modeloscoleccion', { coleccion: fx.col.open }, client);
    expect(res.statusCode).toBe(200);
    const list = codes(res.json());
    // NDCAP01 family 1, NDSIL02 family 3, NDBOL07 family 4, the rest family 8; NDBAJA05 inactive.
    expect(list.slice(0, 3)).toEqual(['NDCAP01', 'NDSIL02', 'NDBOL07']);
    expect(list).not.toContain('NDBAJA05');
    const cap = res.json().data[0];
    expect(cap.colores.map((c: { codigo: string }) => c.codigo)).toEqual(['AZU', 'ROS']);
    expect(cap.imagen).toBe('/uploads/cap-main-t.webp');
  });

  it('gives the compact list for the dropdown', async () => {
    const res = await post('modelo/modeloscoleccionlist', { coleccion: fx.col.open }, client);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toEqual({
      modelo: 'NDCAP01',
      descripcion: 'Capazo Bebé Classic',
      descripcion_en: 'Classic baby carrycot',
    });
  });

  it('answers 404 to a client user for an inactive or reps-only collection, not to staff', async () => {
    for (const url of ['modelo/modeloscoleccion', 'modelo/modeloscoleccionlist']) {
      expect((await post(url, { coleccion: fx.col.closed }, client)).statusCode).toBe(404);
      expect((await post(url, { coleccion: fx.col.reps }, client)).statusCode).toBe(404);
      expect((await post(url, { coleccion: 999999 }, client)).statusCode).toBe(404);
      expect((await post(url, { coleccion: fx.col.reps }, rep)).statusCode).toBe(200);
      expect((await post(url, { coleccion: fx.col.closed }, admin)).statusCode).toBe(200);
    }
    const reps = (await post('modelo/modeloscoleccion', { coleccion: fx.col.reps }, admin)).json();
    expect(codes(reps).sort()).toEqual(['NDBOL07', 'NDREP04']);
  });

  it('validates the collection id', async () => {
    const res = await post('modelo/modeloscoleccion', { coleccion: 'abc' }, client);
    expect(res.statusCode).toBe(422);
  });
});

describe('GET modeloBase/list', () => {
  it('lists visible active models (code search, at most 50)', async () => {
    const all = (await get('modeloBase/list', client)).json();
    expect(all.length).toBeLessThanOrEqual(50);
    expect(all.map((m: { modelo: string }) => m.modelo)).not.toContain('NDNOC06');
    const found = (await get('modeloBase/list?search=ndsil', client)).json();
    expect(found).toEqual([
      { modelo: 'NDSIL02', descripcion: 'Silla de paseo Luna', descripcion_en: 'Luna pushchair' },
    ]);
    const staff = (await get('modeloBase/list?search=ndnoc', admin)).json();
    expect(staff.map((m: { modelo: string }) => m.modelo)).toEqual(['NDNOC06']);
  });

  it('follows catalogue changes (search_text kept by the writer)', async () => {
    await ctx.database.db
      .update(modelos)
      .set({ descripcion: 'Silla Sol', search_text: searchable('NDSIL02', 'Silla Sol', 'Luna pushchair') })
      .where(eq(modelos.modelo, 'NDSIL02'));
    const found = (await get('modeloBase/list?search=sol', client)).json();
    expect(found.map((m: { modelo: string }) => m.modelo)).toEqual(['NDSIL02']);
    await ctx.database.db.delete(modelo_grupos).where(eq(modelo_grupos.modelos_modelo, 'NDBIG08'));
  });
});

describe('the API document', () => {
  it('declares every status the requests of this file got', async () => {
    await expectAnswersDocumented(ctx);
  });
});
