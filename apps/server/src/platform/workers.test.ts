/**
 * The worker threads (record 061) with one thread and no queue: while the thread is held, every
 * endpoint that needs one (an order's PDF, a line sheet, a production sheet, a quick order's file,
 * a price list's import) answers 503 with Retry-After and writes nothing (a price list's import
 * keeps its prices), and the same request succeeds once it is free. An order submitted meanwhile is
 * answered at once; its confirmation, whose PDF the sender could not have drawn, follows with it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { REQUEST_MSG } from '@nido/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../test/harness.ts';
import { expectAnswersDocumented } from '../../test/openapi.ts';
import { until } from '../../test/smtp.ts';
import { buildCatalogue, type Fixture, plainCapazo } from '../domains/catalogue/test-fixtures.ts';
import { multipart } from '../domains/catalogue/test-helpers.ts';

type H = { authorization: string };

let ctx: TestContext;
let fx: Fixture;
let admin: H;
let shop: H;
let listId: number;

beforeAll(async () => {
  ctx = await createTestContext({
    WORKER_THREADS: '1',
    WORKER_QUEUE_MAX: '0',
    WORKER_RETRY_AFTER_SECONDS: '3',
    // A refused drawing is tried again soon (100 ms, doubled), and often enough to outlast the hold.
    MAIL_POLL_MS: '50',
    MAIL_RETRY_BASE_MS: '100',
    MAIL_MAX_ATTEMPTS: '10',
  });
  fx = await buildCatalogue(ctx);
  admin = await tokenFor(ctx, (await createUser(ctx, { email: 'admin@workers.test', role: 'Admin' })).id);
  const client = await createClient(ctx, 'Tienda Hilo');
  const user = await createUser(ctx, { email: 'shop@workers.test', role: 'Cliente', cliente_id: client.id });
  shop = await tokenFor(ctx, user.id);
  listId = (await post('tarifas', { nombre: 'Lista', descuento: 10 }, admin)).json().id;
  const priced = await ctx.app.inject({
    method: 'PUT',
    url: `/api/tarifas/${listId}/precios/NDCAP01`,
    payload: { precio: 30 },
    headers: admin,
  });
  expect(priced.statusCode, priced.body).toBeLessThan(300);
});
afterAll(async () => {
  if (ctx) expectAnswersDocumented(ctx);
  await ctx?.close();
});

const post = (url: string, payload: unknown, headers: H) =>
  ctx.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers });

/** Submits a one-line cart of the shop's. */
async function submitted(): Promise<number> {
  const cart = (await post('pedidos/cliente', {}, shop)).json();
  expect((await post('pedidos/lineadd', plainCapazo(fx), shop)).statusCode).toBe(200);
  const res = await post('pedidos/processOrder', { pedido_id: cart.id }, shop);
  expect(res.statusCode, res.body).toBe(200);
  return cart.id;
}

function upload(url: string, csv: string, headers: H) {
  const form = multipart(
    { body: '{}' },
    { field: 'file', name: 'f.csv', type: 'text/csv', data: Buffer.from(csv) },
  );
  return ctx.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload: form.payload,
    headers: { ...headers, ...form.headers },
  });
}

/** Every mail sent: the sender draws no PDF meanwhile. */
const mailSent = () =>
  until('every mail sent', async () =>
    (await ctx.database.query<{ status: string }>('select status from mail_outbox')).every(
      (r) => r.status === 'sent',
    ),
  );

/** The thread takes a task again. */
const threadFree = () =>
  until('a free thread', () =>
    ctx.app.workers.run('pause', { ms: 1 }).then(
      () => true,
      () => false,
    ),
  );

const netPrices = async () =>
  (await ctx.app.inject({ method: 'GET', url: `/api/tarifas/${listId}/precios`, headers: admin })).json()
    .data;

it('answers 503 with Retry-After while every thread and the queue are full, writing nothing', async () => {
  const id = await submitted();
  await mailSent();
  const before = await netPrices();
  const held = ctx.app.workers.run('pause', { ms: 2500 });
  const productionSheet = `/api/pedidos/produccion/pdf?pedido_id=${id}`;
  try {
    const answers = await Promise.all([
      ctx.app.inject({ method: 'GET', url: `/api/pedido/${id}/pdf`, headers: shop }),
      ctx.app.inject({ method: 'GET', url: `/api/colecciones/${fx.col.open}/linesheet/pdf`, headers: shop }),
      ctx.app.inject({ method: 'GET', url: productionSheet, headers: admin }),
      upload('pedidos/quick/upload', 'NDCAP01;1\n', shop),
      upload(`tarifas/${listId}/import`, 'NDCAP01,99.90\n', admin),
    ]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.headers['retry-after']).toBe('3');
      expect(res.json().code).toBe(REQUEST_MSG.busy.code);
    }
    expect(await netPrices()).toEqual(before);
  } finally {
    await held;
  }
  // Free again (the pool takes a turn to see its thread idle): the same requests are served.
  await threadFree();
  for (const [url, headers] of [
    [`/api/pedido/${id}/pdf`, shop],
    [`/api/colecciones/${fx.col.open}/linesheet/pdf`, shop],
    [productionSheet, admin],
  ] as const) {
    const pdf = await ctx.app.inject({ method: 'GET', url, headers });
    expect(pdf.statusCode, url).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // A sheet's thread may still be closing its port when its answer is read: a free turn first.
    await threadFree();
  }
  const imported = await upload(`tarifas/${listId}/import`, 'NDCAP01,99.90\n', admin);
  expect(imported.statusCode, imported.body).toBe(200);
  expect((await netPrices()).map((p: { precio: number }) => p.precio)).toEqual([99.9]);
});

it('answers a submission while the threads are full; its mail follows with the PDF once one is free', async () => {
  const outbox = path.join(ctx.dir, 'outbox');
  await mailSent();
  await threadFree();
  const held = ctx.app.workers.run('pause', { ms: 1500 });
  try {
    const id = await submitted();
    // The sender took the mail at once and could not draw its PDF: a failed try, to be tried again.
    await until('the drawing refused', async () => {
      const [row] = await ctx.database.query<{ status: string; last_error: string | null }>(
        `select status, last_error from mail_outbox where recipients = 'shop@workers.test' order by id desc limit 1`,
      );
      return row.status === 'queued' && row.last_error === REQUEST_MSG.busy.text;
    });
    expect(id).toBeGreaterThan(0);
  } finally {
    await held;
  }
  await until('the confirmation sent', async () => {
    const rows = await ctx.database.query<{ status: string }>(
      `select status from mail_outbox where recipients = 'shop@workers.test'`,
    );
    return rows.length === 2 && rows.every((r) => r.status === 'sent');
  });
  const mails = fs.readdirSync(outbox).map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
  const confirmations = mails.filter((m) => m.includes('shop@workers.test') && m.includes('application/pdf'));
  expect(confirmations).toHaveLength(2);
  for (const m of confirmations) expect(m).toContain('JVBERi0'); // "%PDF-" in base64
});
