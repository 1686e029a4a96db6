/**
 * Notifications (record 058): who is told of what, each user reading and marking only their own,
 * and the live stream over a real HTTP connection.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../../test/harness.ts';
import { expectAnswersDocumented } from '../../../test/openapi.ts';
import { loadConfig } from '../../config.ts';
import { createMailOutbox } from '../../platform/outbox.ts';
import { buildCatalogue, type Fixture } from '../catalogue/test-fixtures.ts';
import { mailFailedHook } from '../index.ts';

type H = { authorization: string };

let ctx: TestContext;
let fx: Fixture;
let A: { id: number };
let B: { id: number };
const id: Record<string, number> = {};
const h: Record<string, H> = {};

beforeAll(async () => {
  // The app's own sender looks for due mail only when woken (an order's confirmation), so the
  // failing sender of the mail test below is the one that takes its mail.
  ctx = await createTestContext({ MAIL_POLL_MS: '3600000' });
  fx = await buildCatalogue(ctx);
  const users = {
    admin: await createUser(ctx, { email: 'admin@notify.test', role: 'Admin', name: 'Ada' }),
    gone: await createUser(ctx, { email: 'gone@notify.test', role: 'Admin', active: false }),
    repA: await createUser(ctx, { email: 'rep.a@notify.test', role: 'Representante' }),
    repB: await createUser(ctx, { email: 'rep.b@notify.test', role: 'Representante' }),
  };
  A = await createClient(ctx, 'Tienda Ana', { representante_id: users.repA.id });
  B = await createClient(ctx, 'Tienda Bea', { representante_id: users.repB.id });
  const shops = {
    ana: await createUser(ctx, { email: 'ana@notify.test', role: 'Cliente', cliente_id: A.id }),
    andy: await createUser(ctx, { email: 'andy@notify.test', role: 'Cliente', cliente_id: A.id }),
    bea: await createUser(ctx, { email: 'bea@notify.test', role: 'Cliente', cliente_id: B.id }),
  };
  for (const [name, u] of Object.entries({ ...users, ...shops })) {
    id[name] = u.id;
    h[name] = await tokenFor(ctx, u.id);
  }
});
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, payload: unknown, headers: H) =>
  ctx.app.inject({ method: 'POST', url: `/api/${url}`, payload: payload as object, headers });
const get = (url: string, headers: H) => ctx.app.inject({ method: 'GET', url: `/api/${url}`, headers });

function capazo() {
  return {
    modelo: 'NDCAP01',
    cantidad: 1,
    parametros_color: [
      { parametros_grupos_id: fx.grp.color, parametro: fx.opt.rosa },
      { parametros_grupos_id: fx.grp.tela, parametro: fx.opt.algodon },
      { parametros_grupos_id: fx.grp.bordado, parametro: fx.opt.sinBordado },
    ],
  };
}

/** A shop's user submits one line; the submitted order. */
async function submit(headers: H, clienteId: number): Promise<{ id: number; docum: string }> {
  const add = await post('pedidos/lineadd', { ...capazo(), cliente_id: clienteId }, headers);
  expect(add.statusCode, add.body).toBe(200);
  const res = await post('pedidos/processOrder', { pedido_id: add.json().id }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pedido;
}

async function list(who: string) {
  const res = await get('notifications', h[who]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    data: Array<{ id: number; kind: string; pedido_id: number | null; payload: any; read_at: string | null }>;
    unread: number;
    meta: { total: number };
  };
}

describe('who is told', () => {
  let order: { id: number; docum: string };

  it('a new order: every active Admin and the client’s Representante, not its users nor another Representante', async () => {
    order = await submit(h.ana, A.id);
    const admin = await list('admin');
    expect(admin.unread).toBe(1);
    expect(admin.data[0]).toMatchObject({
      kind: 'order_submitted',
      pedido_id: order.id,
      payload: { docum: order.docum, cliente: 'Tienda Ana' },
      read_at: null,
    });
    expect((await list('repA')).data.map((n) => n.pedido_id)).toEqual([order.id]);
    for (const who of ['repB', 'ana', 'andy', 'bea']) expect((await list(who)).meta.total).toBe(0);
    const inactive = await ctx.database.query<{ n: number }>(
      'select count(*)::int as n from notifications where user_id = $1',
      [id.gone],
    );
    expect(inactive[0].n).toBe(0);
  });

  it('a status change: every user of the order’s client and its Representante, with from and to', async () => {
    const res = await post('pedidos/status', { pedido_id: order.id, status: 'p' }, h.admin);
    expect(res.statusCode, res.body).toBe(200);
    for (const who of ['ana', 'andy']) {
      const mine = await list(who);
      expect(mine.unread).toBe(1);
      expect(mine.data[0]).toMatchObject({
        kind: 'order_status',
        pedido_id: order.id,
        payload: { docum: order.docum, from: 'w', to: 'p' },
      });
    }
    const rep = await list('repA');
    expect(rep.data.map((n) => n.kind)).toEqual(['order_status', 'order_submitted']);
    expect((await list('bea')).meta.total).toBe(0);
    expect((await list('repB')).meta.total).toBe(0);
    // The Admin made the change: not told of it.
    expect((await list('admin')).meta.total).toBe(1);
  });

  it('another client’s order reaches its own Representante only', async () => {
    const other = await submit(h.bea, B.id);
    expect((await list('repB')).data.map((n) => n.pedido_id)).toEqual([other.id]);
    expect((await list('repA')).data.some((n) => n.pedido_id === other.id)).toBe(false);
    expect((await list('admin')).unread).toBe(2);
  });

  it('a mail out of tries: every active Admin', async () => {
    // Only this mail is due: the orders' confirmations are not this sender's to fail.
    await sleep(100);
    await ctx.database.query(`update mail_outbox set status = 'sent' where status = 'queued'`);
    await ctx.database.query(
      `insert into mail_outbox (message_id, recipients, subject, text) values ('<x@nido.test>', 'shop@x.test', 'Pedido 1', 'hola')`,
    );
    const failures: string[] = [];
    const sender = createMailOutbox({
      db: ctx.database.db,
      mailer: {
        send: async () => {
          throw new Error('refused');
        },
      } as never,
      config: loadConfig({ MAIL_MAX_ATTEMPTS: '1', MAIL_POLL_MS: '50', DATA_DIR: ctx.dir }),
      log: { error: (_: unknown, m: string) => failures.push(m), warn() {}, info() {} } as never,
      onFailed: mailFailedHook,
    });
    sender.start();
    for (let i = 0; i < 100 && failures.length === 0; i++) await sleep(50);
    await sender.stop();
    expect(failures[0]).toMatch(/failed/);
    const admin = await list('admin');
    expect(admin.data[0]).toMatchObject({
      kind: 'mail_failed',
      pedido_id: null,
      payload: { subject: 'Pedido 1', recipients: 'shop@x.test' },
    });
    expect((await list('repA')).data.some((n) => n.kind === 'mail_failed')).toBe(false);
  });
});

describe('reading and marking', () => {
  it('lists only the caller’s own, newest first', async () => {
    const rep = await list('repA');
    expect(rep.data.length).toBe(2);
    const ids = rep.data.map((n) => n.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('marks one read: the unread count follows; another user’s is a 404 and stays unread', async () => {
    const [first] = (await list('ana')).data;
    const foreign = await post(`notifications/${first.id}/read`, {}, h.andy);
    expect(foreign.statusCode).toBe(404);
    expect((await list('ana')).unread).toBe(1);
    const mine = await post(`notifications/${first.id}/read`, {}, h.ana);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toEqual({ ok: true, unread: 0 });
    expect((await list('ana')).data[0].read_at).not.toBeNull();
    // Again: still 200, nothing changes.
    expect((await post(`notifications/${first.id}/read`, {}, h.ana)).statusCode).toBe(200);
    expect((await post('notifications/999999/read', {}, h.ana)).statusCode).toBe(404);
    // Andy's own is untouched.
    expect((await list('andy')).unread).toBe(1);
  });

  it('marks all read: only the caller’s', async () => {
    expect((await list('admin')).unread).toBe(3);
    const res = await post('notifications/read-all', {}, h.admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, unread: 0 });
    expect((await list('admin')).unread).toBe(0);
    expect((await list('repA')).unread).toBe(2);
  });

  it('answers 401 without a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/notifications/stream' })).statusCode).toBe(401);
  });
});

describe('the Admin’s new-order mail list (ordering settings)', () => {
  const put = (payload: unknown, headers: H) =>
    ctx.app.inject({ method: 'PUT', url: '/api/pedidos/settings', payload: payload as object, headers });

  it('is kept by the Admin, checked, and read by the Admin only', async () => {
    const bad = await put(
      { delivery_lead_days: 3, new_order_emails: ['ventas@nido.test', 'no es correo'] },
      h.admin,
    );
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json().issues)).toContain('order.newOrderEmail');
    const twice = await put(
      { delivery_lead_days: 3, new_order_emails: ['a@nido.test', 'A@nido.test'] },
      h.admin,
    );
    expect(twice.statusCode).toBe(422);
    const ok = await put(
      {
        delivery_lead_days: 3,
        new_order_emails: ['Ventas@Nido.test', 'almacen@nido.test'],
        new_order_emails_language: 'en',
      },
      h.admin,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      new_order_emails: ['ventas@nido.test', 'almacen@nido.test'],
      new_order_emails_language: 'en',
    });
    // The lead time alone leaves the list as it is.
    expect((await put({ delivery_lead_days: 4 }, h.admin)).json().new_order_emails).toHaveLength(2);
    const shop = await get('pedidos/settings', h.ana);
    expect(shop.json()).toMatchObject({ delivery_lead_days: 4, new_order_emails: [] });
    expect((await put({ delivery_lead_days: 3 }, h.ana)).statusCode).toBe(403);
  });

  it('gets one mail per address for each new order, in the list’s language, through the outbox', async () => {
    const order = await submit(h.andy, A.id);
    const rows = await ctx.database.query<{ recipients: string; subject: string; text: string | null }>(
      `select recipients, subject, text from mail_outbox where subject like 'Nido: new order%' order by id`,
    );
    expect(rows.map((r) => r.recipients)).toEqual(['ventas@nido.test', 'almacen@nido.test']);
    expect(rows[0].subject).toBe(`Nido: new order ${order.docum} from Tienda Ana`);
    await put({ delivery_lead_days: 3, new_order_emails: [] }, h.admin);
  });
});

/** Opens the stream over real HTTP; what it has received so far, and a way to close it. */
function openStream(port: number, headers: H) {
  let text = '';
  let status = 0;
  let contentType = '';
  let req: http.ClientRequest;
  const opened = new Promise<void>((resolve, reject) => {
    req = http.get(
      { host: '127.0.0.1', port, path: '/api/notifications/stream', headers },
      (res: http.IncomingMessage) => {
        status = res.statusCode ?? 0;
        contentType = String(res.headers['content-type']);
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (text.includes(': connected')) resolve();
        });
        res.on('error', () => {});
      },
    );
    req.on('error', reject);
  });
  return {
    opened,
    text: () => text,
    status: () => status,
    contentType: () => contentType,
    close: () => req.destroy(),
  };
}

async function until(what: string, ok: () => boolean, ms = 2000) {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(20);
  }
}

describe('GET notifications/stream', () => {
  it('tells an open stream of a new order within 2 s, and only the users it concerns', async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as AddressInfo;
    const admin = openStream(port, h.admin);
    const bea = openStream(port, h.bea);
    await Promise.all([admin.opened, bea.opened]);
    expect(admin.status()).toBe(200);
    expect(admin.contentType()).toMatch(/^text\/event-stream/);
    expect(ctx.app.live.size()).toBe(2);
    const started = Date.now();
    await submit(h.ana, A.id);
    await until('the Admin’s stream hears of it', () => admin.text().includes('event: notification'));
    expect(Date.now() - started).toBeLessThan(2000);
    await sleep(200);
    expect(bea.text()).not.toContain('event: notification');
    // Marking read tells the user's other streams too (another tab's badge).
    const events = () => admin.text().split('event: notification').length - 1;
    expect(events()).toBe(1);
    await post('notifications/read-all', {}, h.admin);
    await until('the Admin’s stream hears of the read', () => events() === 2);
    admin.close();
    bea.close();
    await until('the closed streams are forgotten', () => ctx.app.live.size() === 0);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'listens again after its PostgreSQL connection is cut',
    async () => {
      const { port } = ctx.app.server.address() as AddressInfo;
      const cut = await ctx.database.query<{ n: number }>(
        `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
         where datname = current_database() and query ilike 'LISTEN %' and pid <> pg_backend_pid()`,
      );
      expect(cut[0].n).toBe(1);
      await sleep(1500); // the listener's first pause is 250 ms
      const admin = openStream(port, h.admin);
      await admin.opened;
      await submit(h.ana, A.id);
      await until('the Admin’s stream hears of it', () => admin.text().includes('event: notification'));
      admin.close();
    },
  );

  it('declares every status it answered', async () => {
    await expectAnswersDocumented(ctx);
  });
});
