/**
 * POST pedidos/exportCsv and pedidos/exportXlsx: the orders list's filter and scope, every page,
 * a row per primary line (its surcharge folded into its amount), read back as a spreadsheet user
 * gets them: the CSV parsed as text, the workbook opened with exceljs.
 */
import { Readable } from 'node:stream';
import { embroideryText, formatIsoDay, type Order, optionsText } from '@nido/contract';
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
import { apiDocument, expectAnswersDocumented } from '../../../test/openapi.ts';
import { pedidos } from '../../db/schema.ts';
import { buildCatalogue, countStatements, type Fixture, plainCapazo } from '../catalogue/test-fixtures.ts';
import { EXPORT_BATCH_ORDERS } from './export-queries.ts';

type H = { authorization: string };

let ctx: TestContext;
let fx: Fixture;
let A: { id: number };
let B: { id: number };
let lote: { id: number };
const h = {} as Record<'ana' | 'andy' | 'bea' | 'lote' | 'rep' | 'admin', H>;
/** Client A's orders, oldest first: [0] two lines (one embroidered) and a formula-like note, [1] one line, later, Processed. */
const ordersA: Order[] = [];
let orderB: Order;

const post = (url: string, payload: unknown, headers: H) =>
  ctx.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers });

const ES_HEADER = [
  'Documento',
  'Fecha',
  'Estado',
  'Cliente',
  'Referencia',
  'Entrega solicitada',
  'Código',
  'Descripción',
  'Opciones',
  'Bordado',
  'Nota',
  'Cantidad',
  'Precio unidad',
  'Recargos',
  'Importe',
  'Total a pagar',
];
const EN_HEADER = [
  'Document',
  'Date',
  'Status',
  'Client',
  'Reference',
  'Requested delivery',
  'Code',
  'Description',
  'Options',
  'Embroidery',
  'Note',
  'Quantity',
  'Unit price',
  'Surcharges',
  'Amount',
  'Total to pay',
];

const capazo = (extra: Record<string, unknown> = {}) => ({ ...plainCapazo(fx), ...extra });

const embroidered = () =>
  capazo({
    cantidad: 2,
    nota: '=HYPERLINK("http://x";"y")',
    parametros_color: [
      { parametros_grupos_id: fx.grp.color, parametro: fx.opt.azul },
      { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.lino },
      { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.conNombre },
    ],
    parametros_bordado: {
      with_custom: 0,
      name: 'Lucía',
      emb_style: 'Embird',
      emb_color: 'O02',
      position: 'Derecha',
    },
  });

const silla = () => ({
  modelo: 'NDSIL02',
  cantidad: 3,
  parametros_color: [{ parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa }],
});

/**
 * Submits an order of `lines` for `clienteId` as `who`, with checkout's `details` (reference, date);
 * answers it as GET pedido/{id} does.
 */
async function submit(
  who: H,
  clienteId: number,
  lines: Array<Record<string, unknown>>,
  details: Record<string, unknown> = {},
): Promise<Order> {
  let cartId = 0;
  for (const line of lines) {
    const res = await post('pedidos/lineadd', { ...line, cliente_id: clienteId }, who);
    expect(res.statusCode, res.body).toBe(200);
    cartId = res.json().id;
  }
  const res = await post('pedidos/processOrder', { pedido_id: cartId, ...details }, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pedido;
}

beforeAll(async () => {
  ctx = await createTestContext();
  fx = await buildCatalogue(ctx);
  const rep = await createUser(ctx, { email: 'rep@export.test', role: 'Representante' });
  A = await createClient(ctx, 'Tienda Ana; Sur', { representante_id: rep.id });
  B = await createClient(ctx, 'Tienda Bea');
  lote = await createClient(ctx, 'Tienda Lote');
  const users = {
    ana: await createUser(ctx, { email: 'ana@export.test', role: 'Cliente', cliente_id: A.id }),
    andy: await createUser(ctx, {
      email: 'andy@export.test',
      role: 'Cliente',
      cliente_id: A.id,
      language: 'en',
    }),
    bea: await createUser(ctx, { email: 'bea@export.test', role: 'Cliente', cliente_id: B.id }),
    lote: await createUser(ctx, { email: 'lote@export.test', role: 'Cliente', cliente_id: lote.id }),
    rep,
    admin: await createUser(ctx, { email: 'admin@export.test', role: 'Admin' }),
  };
  // Sessions end when the test clock moves on by days: everyone signs in again then.
  const signIn = async () => {
    for (const [k, u] of Object.entries(users)) h[k as keyof typeof h] = await tokenFor(ctx, u.id);
  };
  await signIn();
  ordersA.push(
    await submit(h.ana, A.id, [embroidered(), silla()], {
      referencia: 'PO-Ana-7',
      fecha_entrega: '2026-03-20',
    }),
  );
  ctx.clock.advance(3 * 24 * 3600_000);
  await signIn();
  ordersA.push(await submit(h.ana, A.id, [capazo()]));
  orderB = await submit(h.bea, B.id, [silla()]);
  await ctx.database.db.update(pedidos).set({ status: 'p' }).where(eq(pedidos.id, ordersA[1].id));
  ordersA[1].status = 'p';
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

/**
 * A CSV as Spanish Excel reads it: UTF-8 after a BOM, `;`, quoted cells with "" for a quote, CRLF.
 * Answers the rows of cells, the header first.
 */
function parseCsv(body: Buffer): string[][] {
  const text = body.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') cell += text[i++];
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  expect(cell + row.join('')).toBe(''); // the file ends with a whole line
  return rows;
}

async function exportCsv(who: H, filters: Record<string, unknown> = {}) {
  const res = await post('pedidos/exportCsv', { tipodoc: 'E', filters }, who);
  expect(res.statusCode, res.body).toBe(200);
  return { res, rows: parseCsv(res.rawPayload) };
}

async function exportXlsx(who: H, filters: Record<string, unknown> = {}) {
  const res = await post('pedidos/exportXlsx', { tipodoc: 'E', filters }, who);
  expect(res.statusCode, res.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(Readable.from(res.rawPayload));
  const sheet = workbook.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
  return { res, sheet, rows };
}

const euros = (n: number) => n.toFixed(2).replace('.', ',');

/** The export's rows of an order as its detail shows it: each primary line, importe_total as amount. */
function expectedCsvRows(order: Order, client: string, status: string, lang: 'es' | 'en' = 'es'): string[][] {
  return order.detalle
    .filter((l) => l.lineaprimaria === 0)
    .map((l) => [
      order.docum ?? '',
      order.fecha,
      status,
      client,
      order.referencia,
      formatIsoDay(order.fecha_entrega),
      l.modelo.modelo,
      lang === 'en' ? l.modelo.descripcion_en : l.modelo.descripcion,
      optionsText(l.parametros_color, lang),
      embroideryText(l.parametros_bordado, lang),
      l.nota.startsWith('=') ? `'${l.nota}` : l.nota,
      String(l.unped),
      euros(l.precio),
      euros(l.importe_total - l.importe),
      euros(l.importe_total),
      euros(order.impuestos.total),
    ]);
}

describe('POST pedidos/exportCsv', () => {
  it("writes a shop's orders as Spanish Excel reads them: a row per line, newest order first", async () => {
    const { res, rows } = await exportCsv(h.ana);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="pedidos-2026-03-05.csv"');
    expect(rows[0]).toEqual(ES_HEADER);
    expect(rows.slice(1)).toEqual([
      ...expectedCsvRows(ordersA[1], 'Tienda Ana; Sur', 'Procesado'),
      ...expectedCsvRows(ordersA[0], 'Tienda Ana; Sur', 'Pendiente'),
    ]);
    // Spelled out: the embroidered line carries its surcharge (2 × 8 €) in its amount.
    const embroideredRow = rows.slice(1).find((r) => r[9] !== '')!;
    expect(embroideredRow).toEqual([
      ordersA[0].docum,
      '02/03/2026',
      'Pendiente',
      'Tienda Ana; Sur',
      'PO-Ana-7',
      '20/03/2026',
      'NDCAP01',
      'Capazo Bebé Classic',
      'Color: Azul · Tela: Lino · Bordado: Con nombre',
      '«Lucía» · Embird · Oro · Derecha',
      `'=HYPERLINK("http://x";"y")`,
      '2',
      '128,25',
      '16,00',
      '272,50',
      euros(ordersA[0].impuestos.total),
    ]);
    // The cells a separator or a quote would break are quoted in the file itself.
    const text = res.rawPayload.toString('utf8');
    expect(text).toContain(';"Tienda Ana; Sur";');
    expect(text).toContain(`;"'=HYPERLINK(""http://x"";""y"")";`);
  });

  it('answers the header alone for a filter that matches nothing', async () => {
    const { res, rows } = await exportCsv(h.ana, { desde: '2030-01-01' });
    expect(rows).toEqual([ES_HEADER]);
    expect(res.rawPayload.toString('utf8')).toBe(`\uFEFF${ES_HEADER.join(';')}\r\n`);
  });
});

describe('POST pedidos/exportXlsx', () => {
  it('writes a workbook in the user’s language: numbers as numbers, dates as dates', async () => {
    const { res, sheet, rows } = await exportXlsx(h.andy);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toBe('attachment; filename="orders-2026-03-05.xlsx"');
    expect(sheet.name).toBe('Orders');
    expect(rows[0]).toEqual(EN_HEADER);
    const [first, ...rest] = ordersA.toReversed();
    const lines = (o: Order) => o.detalle.filter((l) => l.lineaprimaria === 0);
    expect(rows.slice(1).map((r) => [r[0], r[6], r[11]])).toEqual(
      [first, ...rest].flatMap((o) => lines(o).map((l) => [o.docum, l.modelo.modelo, l.unped])),
    );
    const embroideredRow = rows.slice(1).find((r) => r[9])!;
    expect(embroideredRow).toEqual([
      ordersA[0].docum,
      new Date(Date.UTC(2026, 2, 2)),
      'Pending',
      'Tienda Ana; Sur',
      'PO-Ana-7',
      new Date(Date.UTC(2026, 2, 20)),
      'NDCAP01',
      'Classic baby carrycot',
      'Colour: Blue · Fabric: Linen · Embroidery: With name',
      '«Lucía» · Embird · Gold · Right',
      '=HYPERLINK("http://x";"y")',
      2,
      128.25,
      16,
      272.5,
      ordersA[0].impuestos.total,
    ]);
    // A text cell, never a formula; money and dates formatted as such.
    const noteCell = sheet.getRow(rows.indexOf(embroideredRow) + 1).getCell(11);
    expect(noteCell.type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(2).getCell(15).numFmt).toBe('#,##0.00');
    expect(sheet.getRow(2).getCell(2).numFmt).toBe('dd/mm/yyyy');
    expect(sheet.getRow(2).getCell(6).numFmt).toBe('dd/mm/yyyy');
  });

  it('answers the header row alone for a filter that matches nothing', async () => {
    const { rows } = await exportXlsx(h.ana, { text: 'no-such-order' });
    expect(rows).toEqual([ES_HEADER]);
  });
});

describe('the export’s scope and filters are the list’s', () => {
  const docums = (rows: unknown[][]) => new Set(rows.slice(1).map((r) => r[0]));

  it('gives a shop only its own client’s orders, whatever it names', async () => {
    const own = await exportCsv(h.bea);
    expect(docums(own.rows)).toEqual(new Set([orderB.docum]));
    expect(own.rows.slice(1).every((r) => r[3] === 'Tienda Bea')).toBe(true);
    for (const path of ['pedidos/exportCsv', 'pedidos/exportXlsx']) {
      const foreign = await post(path, { filters: { cliente_id: A.id } }, h.bea);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('gives a Representante its clients’ orders, an Admin every client’s or one', async () => {
    const aDocs = new Set(ordersA.map((o) => o.docum));
    expect(docums((await exportCsv(h.rep)).rows)).toEqual(aDocs);
    expect((await post('pedidos/exportXlsx', { filters: { cliente_id: B.id } }, h.rep)).statusCode).toBe(404);
    const all = docums((await exportXlsx(h.admin)).rows);
    expect(all).toEqual(new Set([...aDocs, orderB.docum]));
    expect(docums((await exportCsv(h.admin, { cliente_id: B.id })).rows)).toEqual(new Set([orderB.docum]));
  });

  it('filters by status, dates and text exactly as the list does', async () => {
    const cases = [{ status: 'p' }, { desde: '2026-03-05' }, { hasta: '2026-03-02' }, { text: 'silla' }];
    for (const filters of cases) {
      const list = await post('pedidos/list', { tipodoc: 'E', page: 1, filters }, h.admin);
      const listed = new Set(list.json().data.map((o: { docum: string }) => o.docum));
      expect(listed.size, JSON.stringify(filters)).toBeGreaterThan(0);
      expect(docums((await exportCsv(h.admin, filters)).rows), JSON.stringify(filters)).toEqual(listed);
    }
  });

  it('refuses what the list refuses', async () => {
    const bad = await post('pedidos/exportCsv', { filters: { status: 'z' } }, h.ana);
    expect(bad.statusCode).toBe(422);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/pedidos/exportXlsx', payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe('a large export', () => {
  const ORDERS = 2 * EXPORT_BATCH_ORDERS + 37;

  beforeAll(async () => {
    // Orders straight into the tables, many on one instant (the batches then seek past equal dates
    // by id), each with a line and every third with a surcharge line.
    await ctx.database.query(
      `insert into pedidos (docum, tipodoc, status, cliente_id, fecha_pedido)
       select 'L-' || lpad(n::text, 4, '0'), 'E', 'w', $1, timestamptz '2026-02-01 10:00+00' + ((n / 50) || ' hours')::interval
       from generate_series(1, $2::int) n`,
      [lote.id, ORDERS],
    );
    await ctx.database.query(
      `insert into pedido_lineas (pedido_id, modelo, descripcion, descripcion_en, unped, precio_cents)
       select id, 'NDSIL02', 'Silla', 'Chair', 2, 1000 from pedidos where cliente_id = $1`,
      [lote.id],
    );
    await ctx.database.query(
      `insert into pedido_lineas (pedido_id, modelo, descripcion, descripcion_en, unped, precio_cents, primary_line_id)
       select l.pedido_id, '0802', 'Bordado', 'Embroidery', 2, 250, l.id from pedido_lineas l
       join pedidos p on p.id = l.pedido_id where p.cliente_id = $1 and p.id % 3 = 0`,
      [lote.id],
    );
  });

  it('writes every order once, newest first, across its batches, in a bounded number of statements', async () => {
    let csv: Awaited<ReturnType<typeof exportCsv>> | undefined;
    const statements = await countStatements(ctx, async () => {
      csv = await exportCsv(h.lote);
    });
    const rows = csv!.rows.slice(1);
    const expected = await ctx.database.query<{ docum: string; total: string }>(
      `select p.docum, sum(l.unped * l.precio_cents)::text as total from pedidos p join pedido_lineas l on l.pedido_id = p.id
       where p.cliente_id = $1 group by p.id order by p.fecha_pedido desc, p.id desc`,
      [lote.id],
    );
    expect(rows.map((r) => r[0])).toEqual(expected.map((e) => e.docum));
    // The total to pay: the lines and the general regime's 21 %, rounded once on the order.
    const payable = (cents: number) => cents + Math.floor((cents * 2100 + 5000) / 10000);
    expect(rows.map((r) => r[15])).toEqual(expected.map((e) => euros(payable(Number(e.total)) / 100)));
    expect(rows.filter((r) => r[13] === '5,00').length).toBe(
      expected.filter((e) => e.total === '2500').length,
    );
    // The session, the scope and one statement per batch of orders: never one per order.
    expect(statements).toBeLessThanOrEqual(3 + Math.ceil(ORDERS / EXPORT_BATCH_ORDERS) + 1);
  });

  it('reads the workbook back with every row', async () => {
    const { rows } = await exportXlsx(h.lote);
    expect(rows).toHaveLength(ORDERS + 1);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(ORDERS);
    expect(rows.slice(1).every((r) => typeof r[13] === 'number' && r[1] instanceof Date)).toBe(true);
  });
});

describe('the API document', () => {
  it('declares the exports as downloads of their media types', async () => {
    const doc = (await apiDocument(ctx)) as unknown as {
      paths: Record<string, { post: { responses: Record<string, { content?: Record<string, unknown> }> } }>;
    };
    const csv = doc.paths['/api/pedidos/exportCsv'].post.responses;
    const xlsx = doc.paths['/api/pedidos/exportXlsx'].post.responses;
    expect(Object.keys(csv[200].content ?? {})).toEqual(['text/csv']);
    expect(Object.keys(xlsx[200].content ?? {})).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    for (const responses of [csv, xlsx]) expect(responses[404]?.content).toHaveProperty('application/json');
  });

  it('declares every status the requests of this file got', async () => {
    await expectAnswersDocumented(ctx);
  });
});
