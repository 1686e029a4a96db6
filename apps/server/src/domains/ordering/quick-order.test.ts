/**
 * Quick order and reorder (records 042, 043) through the API on the real database: every row
 * error, the configure flag and its prefill, files (CSV and XLSX), all-or-nothing adding, acting
 * for a client, the re-check of a past order with its substitutes, and statements per request
 * that do not grow with the rows.
 */

import { PassThrough } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { ORDER_MSG } from '@nido/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../../test/harness.ts';
import { expectAnswersDocumented } from '../../../test/openapi.ts';
import { colecciones, modelos, parametros } from '../../db/schema.ts';
import { buildCatalogue, countStatements, type Fixture } from '../catalogue/test-fixtures.ts';
import { multipart } from '../catalogue/test-helpers.ts';
import { ciede2000, hexToLab } from './colour-distance.ts';

type H = { authorization: string };

let ctx: TestContext;
let fx: Fixture;
let A: { id: number };
let B: { id: number };
let userA: H;
let userB: H;
/** Ana's shop, signed in by a user whose language is English. */
let userAEn: H;
let admin: H;
let rep: H;
/** Colour options added for the substitutes: a pink near Rosa, a green, two of one grey. */
let extra: { fucsia: number; verde: number; pizarra: number; acero: number };

const post = (url: string, payload: unknown, headers: H) =>
  ctx.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers });

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await buildCatalogue(ctx);
  const [fucsia, verde, pizarra, acero] = await ctx.database.db
    .insert(parametros)
    .values([
      {
        parametros_grupos_id: fx.grp.color,
        codigo: 'FUC',
        nombre: 'Fucsia',
        nombre_en: 'Fuchsia',
        color: '#ff6f91',
        position: 3,
      },
      {
        parametros_grupos_id: fx.grp.color,
        codigo: 'VER',
        nombre: 'Verde',
        nombre_en: 'Green',
        color: '#2e9e3e',
        position: 4,
      },
      {
        parametros_grupos_id: fx.grp.color,
        codigo: 'PIZ',
        nombre: 'Pizarra',
        nombre_en: 'Slate',
        color: '#707070',
        position: 5,
      },
      {
        parametros_grupos_id: fx.grp.color,
        codigo: 'ACE',
        nombre: 'Acero',
        nombre_en: 'Steel',
        color: '#707070',
        position: 6,
      },
    ])
    .returning({ id: parametros.id });
  extra = { fucsia: fucsia.id, verde: verde.id, pizarra: pizarra.id, acero: acero.id };
  const repUser = await createUser(ctx, { email: 'rep@quick.test', role: 'Representante', name: 'Rita' });
  A = await createClient(ctx, 'Tienda Ana', { representante_id: repUser.id });
  B = await createClient(ctx, 'Tienda Bea');
  const ua = await createUser(ctx, {
    email: 'ana@quick.test',
    role: 'Cliente',
    cliente_id: A.id,
    name: 'Ana',
  });
  const ub = await createUser(ctx, {
    email: 'bea@quick.test',
    role: 'Cliente',
    cliente_id: B.id,
    name: 'Bea',
  });
  const ad = await createUser(ctx, { email: 'admin@quick.test', role: 'Admin', name: 'Admin' });
  const uaEn = await createUser(ctx, {
    email: 'ann@quick.test',
    role: 'Cliente',
    cliente_id: A.id,
    name: 'Ann',
    language: 'en',
  });
  userA = await tokenFor(ctx, ua.id);
  userAEn = await tokenFor(ctx, uaEn.id);
  userB = await tokenFor(ctx, ub.id);
  admin = await tokenFor(ctx, ad.id);
  rep = await tokenFor(ctx, repUser.id);
});

afterAll(async () => {
  await ctx?.close();
});

/** The primary lines of the client's open cart. */
async function cartLines(h: H, cliente_id?: number) {
  const cart = (await post('pedidos/cliente', { cliente_id }, h)).json();
  return (cart.detalle as Array<{ lineaprimaria: number; modelo: { modelo: string } }>).filter(
    (l) => l.lineaprimaria === 0,
  );
}

async function emptyCart(h: H, cliente_id?: number) {
  const cart = (await post('pedidos/cliente', { cliente_id }, h)).json();
  for (const l of cart.detalle.filter((x: { lineaprimaria: number }) => x.lineaprimaria === 0))
    await post('pedidos/lineremove', { pedido_id: cart.id, linea_id: l.id }, h);
}

type Row = {
  row: number;
  status: string;
  errors: Record<string, { code: string; params?: Record<string, unknown> }>;
  line: {
    modelo: string;
    cantidad: number;
    parametros_color: Array<{ parametros_grupos_id: number; parametro: number }>;
    parametros_bordado: unknown;
  } | null;
  prefilled: boolean;
};

async function check(text: string, h: H = userA, cliente_id?: number): Promise<Row[]> {
  const res = await post('pedidos/quick/check', { text, cliente_id }, h);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().rows;
}

/**
 * A quick-order workbook of a header and `rows` rows, written by exceljs's streaming writer: shared
 * strings, and the sheet before the shared strings and the workbook's parts, as Excel lays them out.
 */
async function streamedWorkbook(rows: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const stream = new PassThrough().on('data', (chunk: Buffer) => chunks.push(chunk));
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Pedido');
  sheet.addRow(['codigo', 'cantidad']).commit();
  for (let i = 0; i < rows; i++) sheet.addRow(['NDBOL07', 1]).commit();
  await workbook.commit();
  return Buffer.concat(chunks);
}

const codeOf = (r: Row, field: string) => r.errors[field]?.code;

describe('checking pasted rows', () => {
  it('keeps good rows and names each bad row’s error in place', async () => {
    const rows = await check(
      [
        'NDCAP01 2 ROS ALG SB',
        'ndsil02\t3\tAZU', // a tab, as copied from a spreadsheet, and a code in lower case
        'NOPE99 1',
        'NDBAJA05 1',
        'NDOLD03 1',
        'NDREP04 1',
        'NDBOL07 0',
        'NDBOL07 1,5',
        'NDBOL07 dos',
        'NDCAP01 1 XXX ALG SB',
        'NDCAP01 1 GRI ALG SB',
        'NDCAP01 1 ROS AZU ALG SB',
        '',
        'NDBOL07 4',
      ].join('\n'),
    );
    expect(rows.map((r) => [r.row, r.status])).toEqual([
      [1, 'ok'],
      [2, 'ok'],
      [3, 'error'],
      [4, 'error'],
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
      [8, 'error'],
      [9, 'error'],
      [10, 'error'],
      [11, 'error'],
      [12, 'error'],
      [14, 'ok'],
    ]);
    expect(rows[0].line).toMatchObject({
      modelo: 'NDCAP01',
      cantidad: 2,
      parametros_color: [
        { parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa },
        { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.algodon },
        { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.sinBordado },
      ],
    });
    expect(rows[1].line).toMatchObject({ modelo: 'NDSIL02', cantidad: 3 });
    expect(rows[2].errors.modelo).toMatchObject({
      code: ORDER_MSG.unknownCode({ code: '' }).code,
      params: { code: 'NOPE99' },
    });
    expect(codeOf(rows[3], 'modelo')).toBe(ORDER_MSG.modelWithdrawn.code);
    expect(codeOf(rows[4], 'modelo')).toBe(ORDER_MSG.modelHidden.code); // a collection switched off
    expect(codeOf(rows[5], 'modelo')).toBe(ORDER_MSG.modelHidden.code); // representatives only
    for (const r of rows.slice(6, 9)) expect(codeOf(r, 'cantidad')).toBe(ORDER_MSG.quantity.code);
    expect(rows[9].errors['opciones.0']).toMatchObject({
      code: 'order.optionUnknown',
      params: { code: 'XXX' },
    });
    expect(rows[10].errors['opciones.0']).toMatchObject({
      code: 'order.optionInactive',
      params: { code: 'GRI' },
    });
    expect(codeOf(rows[11], 'opciones.1')).toBe(ORDER_MSG.oneOptionPerGroup.code);
    expect(rows.filter((r) => r.status === 'error').every((r) => r.line === null)).toBe(true);
  });

  it('checks embroidery fields given under the template’s header with the line rules', async () => {
    const rows = await check(
      [
        'codigo;cantidad;opcion;opcion;opcion;bordado_nombre;bordado_color;bordado_posicion',
        'NDCAP01;1;ROS;ALG;CN;Maximiliano José;B01;Izquierda',
        'NDCAP01;1;ROS;ALG;CN;Lucía;B01;Arriba',
        'NDCAP01;1;ROS;ALG;CN;Lucía;P03;Izquierda',
        'NDCAP01;1;ROS;ALG;CN;Lucía;O02;Derecha',
      ].join('\n'),
    );
    expect(rows.map((r) => r.row)).toEqual([2, 3, 4, 5]);
    expect(rows[0].errors['parametros_bordado.name']).toMatchObject({
      code: 'order.nameTooLong',
      params: { max: 10 },
    });
    // A value the embroidery does not take names the values it does (silver is inactive).
    expect(rows[1].errors['parametros_bordado.position']).toMatchObject({
      code: 'order.positionNotOffered',
      params: { value: 'Arriba', model: 'NDCAP01', positions: 'Izquierda, Derecha' },
    });
    expect(rows[2].errors['parametros_bordado.emb_color']).toMatchObject({
      code: 'order.colourNotOffered',
      params: { value: 'P03', colours: 'Blanco, Oro' },
    });
    expect(rows[3].status).toBe('ok');
    expect(rows[3].line?.parametros_bordado).toMatchObject({
      name: 'Lucía',
      emb_color: 'O02',
      position: 'Derecha',
    });
  });

  it('takes a colour by code or name and a position by name, in either language, any case or accents', async () => {
    const rows = await check(
      [
        'codigo;cantidad;opcion;opcion;opcion;bordado_nombre;bordado_color;bordado_posicion',
        'NDCAP01;1;ROS;ALG;CN;Lucía;White;Right',
        'NDCAP01;1;ROS;ALG;CN;Lucía;blanco;izquierda',
        'NDCAP01;1;ROS;ALG;CN;Lucía;b01;DERECHA',
        'NDCAP01;1;ROS;ALG;CN;Lucía;GOLD;left',
        'NDCAP01;1;ROS;ALG;CN;Lucía;óro;Izquierdá',
      ].join('\n'),
    );
    expect(rows.map((r) => r.status)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    // The line holds the catalogue's values: the colour's code, the position's Spanish name.
    expect(rows.map((r) => r.line?.parametros_bordado)).toMatchObject([
      { emb_color: 'B01', position: 'Derecha' },
      { emb_color: 'B01', position: 'Izquierda' },
      { emb_color: 'B01', position: 'Derecha' },
      { emb_color: 'O02', position: 'Izquierda' },
      { emb_color: 'O02', position: 'Izquierda' },
    ]);
    // And it is a line the cart takes as it is.
    const added = await post('pedidos/quick/add', { lines: [rows[0].line] }, userA);
    expect(added.statusCode, added.body).toBe(200);
    await emptyCart(userA);
  });

  it('lists the values a colour or position may take in the user’s language', async () => {
    const text = [
      'code;quantity;option;option;option;embroidery_name;embroidery_colour;embroidery_position',
      'NDCAP01;1;ROS;ALG;CN;Lucía;Verde;Arriba',
    ].join('\n');
    const [es] = await check(text, userA);
    expect(es.errors).toMatchObject({
      'parametros_bordado.emb_color': { params: { value: 'Verde', colours: 'Blanco, Oro' } },
      'parametros_bordado.position': { params: { value: 'Arriba', positions: 'Izquierda, Derecha' } },
    });
    const [en] = await check(text, userAEn);
    expect(en.errors).toMatchObject({
      'parametros_bordado.emb_color': {
        code: 'order.colourNotOffered',
        params: { value: 'Verde', colours: 'White, Gold' },
      },
      'parametros_bordado.position': {
        code: 'order.positionNotOffered',
        params: { value: 'Arriba', model: 'NDCAP01', positions: 'Left, Right' },
      },
    });
  });

  it('flags rows missing options to configure, prefilled from the client’s latest configuration', async () => {
    // Before any purchase: nothing to prefill.
    let [missing] = await check('NDCAP01 1 AZU');
    expect(missing).toMatchObject({ status: 'configure', prefilled: false, errors: {} });
    expect(missing.line?.parametros_color).toEqual([
      { parametros_grupos_id: fx.grp.color, parametro: fx.opt.azul },
    ]);
    const [embroideryMissing] = await check('NDCAP01 1 ROS ALG CN');
    expect(embroideryMissing.status).toBe('configure');

    // Ana buys NDCAP01 in pink linen with a name; then a row naming only the colour takes the rest.
    await emptyCart(userA);
    const add = await post(
      'pedidos/lineadd',
      {
        modelo: 'NDCAP01',
        cantidad: 1,
        parametros_color: [
          { parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa },
          { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.lino },
          { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.conNombre },
        ],
        parametros_bordado: { name: 'Ana', emb_color: 'B01', position: 'Izquierda' },
      },
      userA,
    );
    expect(add.statusCode, add.body).toBe(200);
    expect((await post('pedidos/processOrder', { pedido_id: add.json().id }, userA)).statusCode).toBe(200);

    [missing] = await check('NDCAP01 1 AZU');
    expect(missing).toMatchObject({ status: 'configure', prefilled: true });
    expect(missing.line?.parametros_color).toEqual([
      { parametros_grupos_id: fx.grp.color, parametro: fx.opt.azul }, // the row's own choice stays
      { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.lino },
      { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.conNombre },
    ]);
    expect(missing.line?.parametros_bordado).toMatchObject({
      name: 'Ana',
      emb_color: 'B01',
      position: 'Izquierda',
    });
    // Another client has bought nothing: no prefill from Ana's orders.
    const [forBea] = await check('NDCAP01 1 AZU', userB);
    expect(forBea.prefilled).toBe(false);
  });

  it('re-checks edited rows sent as rows', async () => {
    const res = await post(
      'pedidos/quick/check',
      {
        rows: [
          { modelo: 'NDSIL02', cantidad: '2', opciones: ['AZU'] },
          { modelo: 'NDSIL02', cantidad: '-1' },
        ],
      },
      userA,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().rows.map((r: Row) => [r.row, r.status])).toEqual([
      [1, 'ok'],
      [2, 'error'],
    ]);
  });

  it('refuses nothing to read and too many rows', async () => {
    const empty = await post('pedidos/quick/check', { text: ' \n \n' }, userA);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().code).toBe(ORDER_MSG.noRows.code);
    const many = await post('pedidos/quick/check', { text: 'NDBOL07 1\n'.repeat(501) }, userA);
    expect(many.statusCode).toBe(422);
    expect(many.json().code).toBe('order.tooManyRows');
  });
});

describe('files', () => {
  const upload = (file: { name: string; type: string; data: Buffer }, body: object = {}, h: H = userA) => {
    const form = multipart({ body: JSON.stringify(body) }, { ...file, field: 'file' });
    return ctx.app.inject({
      method: 'POST',
      url: '/api/pedidos/quick/upload',
      payload: form.payload,
      headers: { ...h, ...form.headers },
    });
  };

  it('reads a CSV with the template’s header (quotes, BOM, `,`)', async () => {
    const csv =
      '\uFEFFcode,quantity,option,option,option,note\r\nNDCAP01,2,ROS,ALG,SB,"para, la tienda"\r\nNOPE,1\r\n';
    const res = await upload({ name: 'pedido.csv', type: 'text/csv', data: Buffer.from(csv) });
    expect(res.statusCode, res.body).toBe(200);
    const rows: Row[] = res.json().rows;
    expect(rows.map((r) => [r.row, r.status])).toEqual([
      [2, 'ok'],
      [3, 'error'],
    ]);
    expect(rows[0].line).toMatchObject({ cantidad: 2, nota: 'para, la tienda' });
  });

  it('reads an XLSX: numbers, and a formula’s stored result without running it', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Pedido');
    sheet.addRow(['codigo', 'cantidad', 'opcion']);
    sheet.addRow(['NDSIL02', 3, 'AZU']);
    sheet.addRow(['NDBOL07', { formula: '1+1', result: 2 }]);
    sheet.addRow(['NDBOL07', { formula: 'WEBSERVICE("http://example.com")' }]);
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload({
      name: 'pedido.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows: Row[] = res.json().rows;
    expect(rows.map((r) => [r.row, r.status, r.line?.cantidad ?? null])).toEqual([
      [2, 'ok', 3],
      [3, 'ok', 2],
      [4, 'error', null], // no stored result: an empty quantity
    ]);
  });

  it('refuses another kind of file, a broken workbook, no file and a file over 1 MB', async () => {
    const png = await upload({
      name: 'x.png',
      type: 'image/png',
      data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0xff]),
    });
    expect(png.statusCode).toBe(422);
    expect(png.json().code).toBe(ORDER_MSG.fileType.code);
    const broken = await upload({
      name: 'x.xlsx',
      type: 'application/zip',
      data: Buffer.from('PK\u0003\u0004broken'),
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().code).toBe(ORDER_MSG.fileUnreadable.code);
    const none = ctx.app.inject({
      method: 'POST',
      url: '/api/pedidos/quick/upload',
      ...(() => {
        const f = multipart({ body: '{}' });
        return { payload: f.payload, headers: { ...userA, ...f.headers } };
      })(),
    });
    expect((await none).json().code).toBe(ORDER_MSG.fileRequired.code);
    // A small workbook that would unpack to 25 MB (400 rows of long, nearly equal cells) is refused unread.
    const bomb = new ExcelJS.Workbook();
    const sheet = bomb.addWorksheet('x');
    for (let i = 0; i < 400; i++)
      sheet.addRow(['NDBOL07', 1, `${'x'.repeat(32_000)}${i}`, `${'y'.repeat(32_000)}${i}`]);
    const bombBytes = Buffer.from(await bomb.xlsx.writeBuffer());
    expect(bombBytes.length).toBeLessThan(1024 * 1024);
    const refused = await upload({ name: 'bomb.xlsx', type: 'application/zip', data: bombBytes });
    expect(refused.statusCode, refused.body).toBe(413);
    const big = await upload({ name: 'big.csv', type: 'text/csv', data: Buffer.alloc(1024 * 1024 + 1, 'a') });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('order.fileTooLarge');
  });

  describe('a workbook past the row limit (issue 28)', () => {
    const xlsx = (data: Buffer) => ({
      name: 'pedido.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      data,
    });
    /** 100,000 rows under 1 MB: refused for its rows, not its size. */
    let huge: Buffer;
    beforeAll(async () => {
      huge = await streamedWorkbook(100_000);
      expect(huge.length).toBeLessThan(1024 * 1024);
    });

    it('refuses 100,000 rows with the too-many-rows answer', async () => {
      const res = await upload(xlsx(huge));
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().code).toBe('order.tooManyRows');
      expect(res.json().issues.rows).toEqual([{ code: 'order.tooManyRows', params: { max: 500 } }]);
    });

    it('keeps /api/health answering while four of them are read', async () => {
      // On 2 shared cores (load average 9), the sheet read whole left a probe waiting 2.2 s (one
      // refusal alone took 1.2 s); streamed, the worst probe waited 65 ms (median 6 ms). 300 ms
      // leaves room for a busier machine and stays far below a single sheet read whole.
      const uploads = Promise.all(Array.from({ length: 4 }, () => upload(xlsx(huge))));
      let inFlight = true;
      void uploads.finally(() => {
        inFlight = false;
      });
      // A monitor's probe every 10 ms, each timed from when it was due: a held event loop delays
      // the timer as much as it would delay a request arriving then.
      const waits: number[] = [];
      do {
        const due = performance.now() + 10;
        await sleep(10);
        const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
        waits.push(performance.now() - due);
        expect(health.statusCode).toBe(200);
      } while (inFlight);
      for (const res of await uploads) expect(res.json().code).toBe('order.tooManyRows');
      expect(Math.max(...waits)).toBeLessThan(300);
    });

    it('still reads 500 rows, shared strings written after the sheet as Excel does', async () => {
      const res = await upload(xlsx(await streamedWorkbook(500)));
      expect(res.statusCode, res.body).toBe(200);
      const rows: Row[] = res.json().rows;
      expect(rows).toHaveLength(500);
      expect(rows.every((r) => r.status === 'ok' && r.line?.modelo === 'NDBOL07')).toBe(true);
      expect([rows[0].row, rows[499].row]).toEqual([2, 501]);
    });

    it('reads the first sheet only, whatever the next ones hold', async () => {
      const workbook = new ExcelJS.Workbook();
      workbook.addWorksheet('Pedido').addRows([
        ['codigo', 'cantidad'],
        ['NDSIL02', 2],
      ]);
      workbook.addWorksheet('Notas').addRows(Array.from({ length: 600 }, (_, i) => [`nota ${i}`]));
      const res = await upload(xlsx(Buffer.from(await workbook.xlsx.writeBuffer())));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().rows.map((r: Row) => [r.row, r.line?.modelo])).toEqual([[2, 'NDSIL02']]);
    });
  });

  it('offers the template in the user’s language, from the live catalogue, that checks clean as it is', async () => {
    for (const [h, header, colour, position] of [
      [
        userA,
        'codigo;cantidad;opcion;opcion;opcion;bordado_nombre;bordado_color;bordado_posicion;bordado_estilo;nota',
        'Blanco',
        'Izquierda',
      ],
      [
        userAEn,
        'code;quantity;option;option;option;embroidery_name;embroidery_colour;embroidery_position;embroidery_style;note',
        'White',
        'Left',
      ],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/pedidos/quick/template', headers: h });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toContain('attachment');
      const lines = res.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(header);
      // A plain row and an embroidered one, its colour and position named in the user's language.
      expect(lines).toHaveLength(3);
      expect(lines[2].split(';').slice(6, 8)).toEqual([colour, position]);
      // Uploaded unchanged, every row is ready to add.
      const uploaded = await upload(
        { name: 'plantilla.csv', type: 'text/csv', data: Buffer.from(res.body) },
        {},
        h,
      );
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      const rows: Row[] = uploaded.json().rows;
      expect(rows.map((r) => [r.row, r.status])).toEqual([
        [2, 'ok'],
        [3, 'ok'],
      ]);
    }
  });
});

describe('adding', () => {
  const good = () => ({
    modelo: 'NDCAP01',
    cantidad: 2,
    parametros_color: [
      { parametros_grupos_id: fx.grp.color, parametro: fx.opt.azul },
      { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.algodon },
      { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.conNombre },
    ],
    parametros_bordado: { name: 'Leo', emb_color: 'O02', position: 'Derecha' },
  });

  it('adds every line or none', async () => {
    await emptyCart(userA);
    const bad = {
      modelo: 'NDCAP01',
      cantidad: 1,
      parametros_color: [{ parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa }],
    };
    const refused = await post(
      'pedidos/quick/add',
      { lines: [good(), bad, { modelo: 'NDBAJA05', cantidad: 1 }] },
      userA,
    );
    expect(refused.statusCode).toBe(422);
    const issues = refused.json().issues;
    expect(issues[`lines.1.parametros_color.${fx.grp.tela}`][0].code).toBe(ORDER_MSG.selectColor.code);
    expect(issues['lines.2.modelo'][0].code).toBe(ORDER_MSG.modelNotFound.code);
    expect(Object.keys(issues).some((k) => k.startsWith('lines.0.'))).toBe(false);
    expect(await cartLines(userA)).toHaveLength(0);

    const res = await post(
      'pedidos/quick/add',
      {
        lines: [
          good(),
          {
            modelo: 'NDSIL02',
            cantidad: 3,
            parametros_color: [{ parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa }],
          },
        ],
      },
      userA,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.added).toBe(2);
    const lines = body.pedido.detalle;
    // The priced embroidery is billed on a line of its own, after its line.
    expect(
      lines.map((l: { modelo: { modelo: string }; unped: number; lineaprimaria: number }) => [
        l.modelo.modelo,
        l.unped,
        l.lineaprimaria === 0,
      ]),
    ).toEqual([
      ['NDCAP01', 2, true],
      ['0802', 2, false],
      ['NDSIL02', 3, true],
    ]);
    expect(body.pedido.total).toBe(2 * (120 + 15) + 2 * 8 + 3 * 250.5);
    // One audit entry per line, as lineadd writes.
    const primaries = lines
      .filter((l: { lineaprimaria: number }) => l.lineaprimaria === 0)
      .map((l: { id: number }) => String(l.id));
    const audited = await ctx.database.query<{ entity_id: string }>(
      `select entity_id from audit_log where action = 'pedido.lineadd' and entity_id = any($1) order by id`,
      [primaries],
    );
    expect(audited.map((a) => a.entity_id)).toEqual(primaries);
  });

  it('adds to the lines already in the cart', async () => {
    const before = await cartLines(userA);
    const res = await post('pedidos/quick/add', { lines: [{ modelo: 'NDBOL07', cantidad: 1 }] }, userA);
    expect(res.statusCode).toBe(200);
    expect(await cartLines(userA)).toHaveLength(before.length + 1);
  });

  it('acts for a client like every cart action: Admin and its Representante; nobody else', async () => {
    await emptyCart(admin, A.id);
    const asAdmin = await post(
      'pedidos/quick/add',
      { cliente_id: A.id, lines: [{ modelo: 'NDBOL07', cantidad: 5 }] },
      admin,
    );
    expect(asAdmin.statusCode, asAdmin.body).toBe(200);
    expect(asAdmin.json().pedido.cliente_id).toBe(A.id);
    const asRep = await post(
      'pedidos/quick/add',
      { cliente_id: A.id, lines: [{ modelo: 'NDBOL07', cantidad: 1 }] },
      rep,
    );
    expect(asRep.statusCode).toBe(200);
    expect((await cartLines(userA)).map((l) => l.modelo.modelo)).toEqual(['NDBOL07', 'NDBOL07']);
    // Staff may order what a client's collections hide (like lineadd), and the check says so too.
    const [hidden] = await check('NDOLD03 1', admin, A.id);
    expect(hidden.status).toBe('ok');

    expect(
      (
        await post(
          'pedidos/quick/add',
          { cliente_id: B.id, lines: [{ modelo: 'NDBOL07', cantidad: 1 }] },
          rep,
        )
      ).statusCode,
    ).toBe(404);
    expect((await post('pedidos/quick/check', { cliente_id: B.id, text: 'NDBOL07 1' }, rep)).statusCode).toBe(
      404,
    );
    expect(
      (
        await post(
          'pedidos/quick/add',
          { cliente_id: B.id, lines: [{ modelo: 'NDBOL07', cantidad: 1 }] },
          userA,
        )
      ).statusCode,
    ).toBe(404);
    expect((await post('pedidos/quick/check', { text: 'NDBOL07 1' }, admin)).statusCode).toBe(404); // staff must name the client
    expect((await cartLines(userB)).length).toBe(0);
  });
});

describe('statements per request do not grow with the rows', () => {
  it('check and add: 1 row costs what 60 rows cost', async () => {
    const text = (n: number) =>
      Array.from(
        { length: n },
        (_, i) => ['NDCAP01 1 ROS ALG SB', 'NDSIL02 2 AZU', 'NDBOL07 3', 'NOPE 1'][i % 4],
      ).join('\n');
    const one = await countStatements(ctx, () => check(text(1)));
    const many = await countStatements(ctx, () => check(text(60)));
    expect(many).toBe(one);
    // The session, the client's price terms (record 049), the models, their groups, their options,
    // their collections' order windows (record 053), the client's latest configurations.
    expect(one).toBeLessThanOrEqual(7);

    const lines = (n: number) => ({
      lines: Array.from({ length: n }, (_, i) =>
        i % 2
          ? { modelo: 'NDBOL07', cantidad: 1 }
          : {
              modelo: 'NDCAP01',
              cantidad: 1,
              parametros_color: [
                { parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa },
                { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.algodon },
                { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.conNombre },
              ],
              parametros_bordado: { name: 'Eva', emb_color: 'B01', position: 'Izquierda' },
            },
      ),
    });
    const addOne = await countStatements(ctx, async () =>
      expect((await post('pedidos/quick/add', lines(2), userA)).statusCode).toBe(200),
    );
    const addMany = await countStatements(ctx, async () =>
      expect((await post('pedidos/quick/add', lines(60), userA)).statusCode).toBe(200),
    );
    expect(addMany).toBe(addOne);
    console.info(`SQL statements: quick/check ${one}, quick/add ${addOne} (1-2 rows and 60 rows alike)`);
  });
});

describe('reorder', () => {
  let orderId: number;
  let lineIds: number[];

  beforeAll(async () => {
    await emptyCart(userA);
    const res = await post(
      'pedidos/quick/add',
      {
        lines: [
          {
            modelo: 'NDCAP01',
            cantidad: 2,
            parametros_color: [
              { parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa },
              { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.algodon },
              { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.sinBordado },
            ],
          },
          {
            modelo: 'NDSIL02',
            cantidad: 1,
            parametros_color: [{ parametros_grupos_id: fx.grp.color, parametro: fx.opt.azul }],
          },
          { modelo: 'NDBOL07', cantidad: 4 },
        ],
      },
      userA,
    );
    expect(res.statusCode, res.body).toBe(200);
    orderId = res.json().pedido.id;
    lineIds = res.json().pedido.detalle.map((l: { id: number }) => l.id);
    expect((await post('pedidos/processOrder', { pedido_id: orderId }, userA)).statusCode).toBe(200);
  });

  it('finds nothing to say while the catalogue is unchanged', async () => {
    const res = await post('pedidos/reorder/check', { pedido_id: orderId }, userA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lines.map((l: { status: string }) => l.status)).toEqual(['ok', 'ok', 'ok']);
    // Each line says its options (two configurations of one model read apart) and its prices as
    // the order shows them: the unit price, and the embroidery surcharge on its own.
    const [capazo] = res.json().lines;
    expect(capazo.opciones.map((o: { codigo: string; grupo: string }) => [o.grupo, o.codigo])).toEqual([
      ['Color', 'ROS'],
      ['Tela', 'ALG'],
      ['Bordado', 'SB'],
    ]);
    expect(capazo).toMatchObject({ bordado: null, recargo: 0, recargo_anterior: 0 });
    const order = (
      await ctx.app.inject({ method: 'GET', url: `/api/pedido/${orderId}`, headers: userA })
    ).json();
    expect(capazo.precio_anterior).toBe(
      order.detalle.find((l: { id: number }) => l.id === capazo.linea_id).precio,
    );
  });

  it('flags a withdrawn option with substitutes by colour distance then name, a new price, a withdrawn model', async () => {
    const db = ctx.database.db;
    await db.update(parametros).set({ activado: false }).where(eq(parametros.id, fx.opt.rosa));
    await db.update(modelos).set({ pvp_cents: 26000 }).where(eq(modelos.modelo, 'NDSIL02'));
    await db.update(modelos).set({ baja: true }).where(eq(modelos.modelo, 'NDBOL07'));
    try {
      const res = await post('pedidos/reorder/check', { pedido_id: orderId }, userA);
      expect(res.statusCode, res.body).toBe(200);
      const [capazo, silla, bolso] = res.json().lines;

      expect(capazo.status).toBe('changed');
      expect(capazo.issues).toEqual([
        { code: 'order.optionWithdrawn', params: { group: 'Color', option: 'Rosa' } },
      ]);
      const [group] = capazo.substitutes;
      expect(group).toMatchObject({
        parametros_grupos_id: fx.grp.color,
        old: { codigo: 'ROS', color: '#ff8899' },
      });
      const names = group.options.map((o: { nombre: string }) => o.nombre);
      // Active options only (Gris is inactive), the nearest pink first; two of one grey by name.
      expect(names[0]).toBe('Fucsia');
      expect(names).not.toContain('Gris');
      expect(names).not.toContain('Rosa');
      expect(names.indexOf('Acero')).toBe(names.indexOf('Pizarra') - 1);
      const rosa = hexToLab('#ff8899')!;
      const distances = group.options.map((o: { color: string }) => ciede2000(rosa, hexToLab(o.color)!));
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      // The line offered takes the first substitute, at today's price.
      expect(capazo.line.parametros_color).toContainEqual({
        parametros_grupos_id: fx.grp.color,
        parametro: extra.fucsia,
      });
      expect(capazo.precio).toBe(capazo.precio_anterior);

      expect(silla).toMatchObject({ status: 'changed', precio_anterior: 250.5, precio: 260 });
      expect(silla.issues[0]).toMatchObject({ code: 'order.priceChanged' });
      expect(bolso).toMatchObject({ status: 'unavailable', line: null, precio: null });
      expect(bolso.issues[0].code).toBe(ORDER_MSG.modelWithdrawn.code);

      // Accepting a substitute: the lines as offered, the first one changed to Verde, land in one go.
      await emptyCart(userA);
      const accepted = [
        {
          ...capazo.line,
          parametros_color: capazo.line.parametros_color.map((c: { parametros_grupos_id: number }) =>
            c.parametros_grupos_id === fx.grp.color ? { ...c, parametro: extra.verde } : c,
          ),
        },
        silla.line,
      ];
      const add = await post('pedidos/quick/add', { lines: accepted }, userA);
      expect(add.statusCode, add.body).toBe(200);
      expect(add.json().added).toBe(2);
      const colours = add.json().pedido.detalle[0].parametros_color.map((c: { codigo: string }) => c.codigo);
      expect(colours).toContain('VER');
    } finally {
      await db.update(parametros).set({ activado: true }).where(eq(parametros.id, fx.opt.rosa));
      await db.update(modelos).set({ pvp_cents: 25050 }).where(eq(modelos.modelo, 'NDSIL02'));
      await db.update(modelos).set({ baja: false }).where(eq(modelos.modelo, 'NDBOL07'));
    }
  });

  it('flags a model whose collection was switched off, for the client only', async () => {
    const db = ctx.database.db;
    await db.update(colecciones).set({ activado: false }).where(eq(colecciones.id, fx.col.open));
    try {
      const forClient = (await post('pedidos/reorder/check', { pedido_id: orderId }, userA)).json().lines;
      expect(forClient.map((l: { status: string }) => l.status)).toEqual([
        'unavailable',
        'unavailable',
        'unavailable',
      ]);
      expect(forClient[0].issues[0].code).toBe(ORDER_MSG.modelHidden.code);
      const forAdmin = (await post('pedidos/reorder/check', { pedido_id: orderId }, admin)).json().lines;
      expect(forAdmin[0]).toMatchObject({
        status: 'changed',
        issues: [{ code: ORDER_MSG.modelHidden.code }],
      });
    } finally {
      await db.update(colecciones).set({ activado: true }).where(eq(colecciones.id, fx.col.open));
    }
  });

  it('buys one line again through the same check', async () => {
    const res = await post('pedidos/reorder/check', { linea_id: lineIds[2] }, userA);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().lines.map((l: { linea_id: number }) => l.linea_id)).toEqual([lineIds[2]]);
  });

  it('answers 404 for another client’s order or line, the cart, and staff out of scope', async () => {
    expect((await post('pedidos/reorder/check', { pedido_id: orderId }, userB)).statusCode).toBe(404);
    expect((await post('pedidos/reorder/check', { linea_id: lineIds[0] }, userB)).statusCode).toBe(404);
    expect((await post('pedidos/reorder/check', { pedido_id: orderId }, rep)).statusCode).toBe(200);
    const cart = (await post('pedidos/cliente', {}, userA)).json();
    expect((await post('pedidos/reorder/check', { pedido_id: cart.id }, userA)).statusCode).toBe(404);
    expect((await post('pedidos/reorder/check', { pedido_id: 999999 }, userA)).statusCode).toBe(404);
    expect((await post('pedidos/reorder/check', {}, userA)).statusCode).toBe(422);
  });

  it('costs the same statements for an order of 3 lines as of 40', async () => {
    const small = await countStatements(ctx, () =>
      post('pedidos/reorder/check', { pedido_id: orderId }, userA),
    );
    await emptyCart(userA);
    const add = await post(
      'pedidos/quick/add',
      {
        lines: Array.from({ length: 40 }, (_, i) => ({
          modelo: i % 2 ? 'NDBOL07' : 'NDSIL02',
          cantidad: 1 + i,
          parametros_color: i % 2 ? [] : [{ parametros_grupos_id: fx.grp.color, parametro: fx.opt.azul }],
        })),
      },
      userA,
    );
    const big = add.json().pedido.id;
    await post('pedidos/processOrder', { pedido_id: big }, userA);
    const large = await countStatements(ctx, () => post('pedidos/reorder/check', { pedido_id: big }, userA));
    expect(large).toBe(small);
  });
});

describe('the API document', () => {
  it('declares every answer these tests saw', async () => {
    await expectAnswersDocumented(ctx);
  });
});
