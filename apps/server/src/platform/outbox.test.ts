/**
 * The mail outbox (decision 035) against a real SMTP server the test starts on 127.0.0.1
 * (test/smtp.ts): mails written with what causes them, retried with backoff until the server takes
 * them, each delivered once with its Message-ID; failed after the last try, listed for the Admin and
 * sent again on request; /api/ready staying ready through an old backlog, which is logged; two senders on one database sharing
 * the work without sending anything twice; the order and its confirmation committed or rolled back
 * together, the order answered without waiting for the mail server, its document drawn by the sender.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  type TestContext,
  tokenFor,
} from '../../test/harness.ts';
import { expectAnswersDocumented } from '../../test/openapi.ts';
import { startSmtp, type TestSmtp, until } from '../../test/smtp.ts';
import { buildApp } from '../app.ts';
import type { App } from '../app-types.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { pedidos } from '../db/schema.ts';
import { buildCatalogue, type Fixture, plainCapazo } from '../domains/catalogue/test-fixtures.ts';
import { createMailer } from './mail.ts';
import { createMailOutbox } from './outbox.ts';

/** Tries 100 ms apart, then 200, 400: a mail fails on its 4th refused try, within a second. */
const RETRY = { MAIL_RETRY_BASE_MS: '100', MAIL_MAX_ATTEMPTS: '4', MAIL_POLL_MS: '50' };

interface OutboxRow {
  id: number;
  message_id: string;
  recipients: string;
  status: string;
  attempts: number;
  last_error: string | null;
  text: string | null;
}

const rowsOf = (ctx: TestContext) =>
  ctx.database.query<OutboxRow>(
    'select id, message_id, recipients, status, attempts, last_error, text from mail_outbox order by id',
  );

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

describe('a mail server that refuses, then accepts', () => {
  let ctx: TestContext;
  let admin: { authorization: string };
  let ip = 0;
  beforeAll(async () => {
    ctx = await createTestContext({ SMTP_URL: smtp.url, ...RETRY });
    admin = await tokenFor(ctx, (await createUser(ctx, { email: 'admin@mail.test', role: 'Admin' })).id);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A reset link for a new user of that email: its mail is written with the link. */
  async function resetMailFor(email: string) {
    await createUser(ctx, { email, role: 'Admin' });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email },
      remoteAddress: `192.0.2.${++ip}`,
    });
    expect(res.statusCode).toBe(200);
  }

  it('delivers every mail exactly once with its Message-ID, after the tries it took', async () => {
    // Each message is refused on its first two tries.
    const tries = new Map<string, number>();
    smtp.answer = (m) => {
      const n = (tries.get(m.messageId) ?? 0) + 1;
      tries.set(m.messageId, n);
      return n <= 2 ? 'refuse' : 'accept';
    };
    const emails = Array.from({ length: 6 }, (_, i) => `retry${i}@mail.test`);
    for (const email of emails) await resetMailFor(email);
    await until('six mails delivered', () => smtp.delivered.length >= 6);
    // Would a seventh come? Not once none is queued: a mail stays queued while it is being sent
    // (one sender, one mail at a time), and only a queued one is taken again.
    await until('no mail left queued', async () => (await rowsOf(ctx)).every((r) => r.status !== 'queued'));

    const rows = (await rowsOf(ctx)).filter((r) => emails.includes(r.recipients));
    expect(rows).toHaveLength(6);
    const delivered = smtp.deliveriesById();
    expect([...delivered.values()]).toEqual([1, 1, 1, 1, 1, 1]);
    expect(new Set(delivered.keys())).toEqual(new Set(rows.map((r) => r.message_id)));
    for (const row of rows) {
      expect(row.message_id).toMatch(/^<[0-9a-f-]{36}@nido\.test>$/);
      const mail = smtp.delivered.find((m) => m.messageId === row.message_id);
      expect(mail?.to).toEqual([row.recipients]);
      expect(mail?.raw).toContain('/account/password-reset/');
      // Two refusals and the success, each recorded; the body is gone once sent.
      expect(smtp.refused.filter((m) => m.messageId === row.message_id)).toHaveLength(2);
      expect(row).toMatchObject({ status: 'sent', attempts: 3, last_error: null, text: null });
      // The tries waited at least 100 ms, then 200 ms.
      const times = [...smtp.refused, mail]
        .filter((m) => m?.messageId === row.message_id)
        .map((m) => m?.at ?? 0);
      expect(times[1] - times[0]).toBeGreaterThanOrEqual(90);
      expect(times[2] - times[1]).toBeGreaterThanOrEqual(190);
    }
  });

  it('fails a mail after its last try; the Admin sees it and sends it again', async () => {
    smtp.answer = (m) => (m.to.includes('bounce@mail.test') ? 'refuse' : 'accept');
    await resetMailFor('bounce@mail.test');
    const listFailed = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/mail/failed', headers: admin })).json();
    await until('the mail failed', async () => (await listFailed()).data.length > 0);

    const list = await listFailed();
    expect(list.meta).toMatchObject({ total: 1, current_page: 1 });
    const [failed] = list.data;
    expect(failed).toMatchObject({
      recipients: 'bounce@mail.test',
      subject: 'Nido: restablece tu contraseña',
      attempts: 4,
    });
    expect(failed.last_error).toContain('451');
    expect(Date.parse(failed.last_attempt_at)).toBeGreaterThanOrEqual(Date.parse(failed.created_at));
    const [row] = (await rowsOf(ctx)).filter((r) => r.id === failed.id);
    expect(smtp.refused.filter((m) => m.messageId === row.message_id)).toHaveLength(4);
    expect(smtp.delivered.filter((m) => m.messageId === row.message_id)).toHaveLength(0);
    // Out of tries, it stays failed: no fifth try, though the sender has looked again since (it
    // delivered a mail written after the failure).
    await resetMailFor('after-failed@mail.test');
    await until('a later mail delivered', () =>
      smtp.delivered.some((m) => m.to.includes('after-failed@mail.test')),
    );
    expect(smtp.refused.filter((m) => m.messageId === row.message_id)).toHaveLength(4);

    // The server works again; the Admin resends it: one delivery, same Message-ID, off the list.
    smtp.answer = () => 'accept';
    const resend = await ctx.app.inject({
      method: 'POST',
      url: `/api/mail/${failed.id}/resend`,
      headers: admin,
    });
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ ok: true });
    await until('the resent mail delivered', () => smtp.deliveriesById().get(row.message_id) === 1);
    // The sender records the delivery once the server has taken it: a moment later, on a busy machine.
    const rowNow = async () => (await rowsOf(ctx)).find((r) => r.id === failed.id);
    await until('the resent mail recorded as sent', async () => (await rowNow())?.status === 'sent');
    expect((await listFailed()).data).toEqual([]);
    const sent = await rowNow();
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });

    // Only a failed mail is sent again; an unknown one is not found.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/mail/${failed.id}/resend`,
      headers: admin,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'mail.notFailed' });
    const missing = await ctx.app.inject({ method: 'POST', url: '/api/mail/999999/resend', headers: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'mail.mailNotFound' });
    const page = await ctx.app.inject({ method: 'GET', url: '/api/mail/failed?page=0', headers: admin });
    expect(page.statusCode).toBe(422);
  });

  it('/api/ready stays ready through a mail outage: the backlog is reported and logged, not judged', async () => {
    const ready = async () => ctx.app.inject({ method: 'GET', url: '/api/ready' });
    const fine = await ready();
    expect(fine.statusCode).toBe(200);
    expect(fine.json()).toMatchObject({
      status: 'ready',
      database: { status: 'up' },
      migrations: { status: 'applied' },
      mail: { status: 'ok', queued: 0, failed: 0, oldest_queued_seconds: null, max_age_seconds: 900 },
    });
    expect(fine.json().migrations.applied).toBe(fine.json().migrations.known);

    // The mail server refuses everything, and a mail has waited for an hour (its next try far off).
    smtp.answer = () => 'refuse';
    const [{ id }] = await ctx.database.query<{ id: number }>(
      `insert into mail_outbox (message_id, recipients, subject, text, created_at, next_attempt_at)
       values ('<old@nido.test>', 'late@mail.test', 'Late', 'x', now() - interval '1 hour', now() + interval '1 day')
       returning id`,
    );
    const late = await ready();
    expect(late.statusCode).toBe(200);
    expect(late.json()).toMatchObject({ status: 'ready', mail: { status: 'backlog', queued: 1 } });
    expect(late.json().mail.oldest_queued_seconds).toBeGreaterThanOrEqual(3600);

    // A sender says so in the log, as an error an operator's alerting reads.
    const errors: Array<{ fields: unknown; message: string }> = [];
    const log = { error: (fields: unknown, message: string) => errors.push({ fields, message }), warn() {} };
    const sender = createMailOutbox({
      db: ctx.database.db,
      mailer: createMailer({
        smtpUrl: smtp.url,
        outboxDir: '/nonexistent',
        from: 'Nido <no-reply@nido.test>',
      }),
      config: loadConfig({ SMTP_URL: smtp.url, ...RETRY, DATA_DIR: ctx.dir }),
      log: log as never,
    });
    sender.start();
    await until('the backlog is logged', () => errors.length > 0);
    await sender.stop();
    expect(errors[0].message).toMatch(/mail backlog/);
    expect(errors[0].fields).toMatchObject({ queued: 1 });

    await ctx.database.query('delete from mail_outbox where id = $1', [id]);
    smtp.answer = () => 'accept';
    expect((await ready()).json().mail.status).toBe('ok');
  });

  it('declares every status it answered', async () => {
    await expectAnswersDocumented(ctx);
  });
});

describe('an order and its confirmation', () => {
  let ctx: TestContext;
  let fx: Fixture;
  beforeAll(async () => {
    ctx = await createTestContext({ SMTP_URL: smtp.url, ...RETRY });
    fx = await buildCatalogue(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A shop user with one line in the cart: its header and the cart's id. */
  async function cartOf(email: string) {
    const c = await createClient(ctx, `Tienda ${email}`);
    const u = await createUser(ctx, { email, role: 'Cliente', cliente_id: c.id });
    const h = await tokenFor(ctx, u.id);
    const cart = await ctx.app.inject({
      method: 'POST',
      url: '/api/pedidos/lineadd',
      headers: h,
      payload: plainCapazo(fx),
    });
    expect(cart.statusCode, cart.body).toBe(200);
    return { h, cartId: cart.json().id as number };
  }
  const submit = (h: { authorization: string }, id: number) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/pedidos/processOrder',
      headers: h,
      payload: { pedido_id: id },
    });

  it('is answered without waiting for a slow mail server; the confirmation follows', async () => {
    smtp.answer = () => 'accept';
    smtp.delayMs = 4000;
    try {
      const { h, cartId } = await cartOf('slow@mail.test');
      const started = Date.now();
      const res = await submit(h, cartId);
      expect(res.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(2000);
      await until('the confirmation reached the server', () =>
        smtp.delivered.some((m) => m.to.includes('slow@mail.test')),
      );
    } finally {
      smtp.delayMs = 0;
    }
    const docum = (await ctx.database.db.select().from(pedidos).where(eq(pedidos.status, 'w')))[0].docum;
    await until('the confirmation marked sent', async () =>
      (await rowsOf(ctx)).every((r) => r.status === 'sent'),
    );
    expect(smtp.delivered.find((m) => m.to.includes('slow@mail.test'))?.raw).toContain(docum ?? '?');
  });

  it('draws the confirmation when the mail goes, not in the submission; a document it cannot draw is retried, then failed', async () => {
    smtp.answer = () => 'accept';
    smtp.delayMs = 1500; // the row keeps its attachments while the server takes it
    let cartId: number;
    try {
      const cart = await cartOf('drawn@mail.test');
      cartId = cart.cartId;
      expect((await submit(cart.h, cartId)).statusCode).toBe(200);
      const [row] = await ctx.database.query<{ attachments: unknown }>(
        `select attachments from mail_outbox where recipients = 'drawn@mail.test'`,
      );
      const [order] = await ctx.database.db.select().from(pedidos).where(eq(pedidos.id, cartId));
      // The submission only named the document: no bytes were drawn in its transaction.
      expect(row.attachments).toEqual([
        {
          filename: `${order.docum}.pdf`,
          contentType: 'application/pdf',
          render: { kind: 'orderDocument', pedido_id: cartId, lang: 'es', document: 'confirmation' },
        },
      ]);
      await until('the confirmation delivered', () =>
        smtp.delivered.some((m) => m.to.includes('drawn@mail.test')),
      );
      const raw = smtp.delivered.find((m) => m.to.includes('drawn@mail.test'))!.raw;
      expect(raw).toContain(`filename=${order.docum}.pdf`);
      expect(raw).toMatch(/Content-Type: application\/pdf/);
      expect(raw).toContain('JVBERi0'); // "%PDF-" in base64: the drawn document itself
    } finally {
      smtp.delayMs = 0;
    }

    // A document whose order is gone cannot be drawn: tried as a refused delivery is, then failed.
    await ctx.database.query(
      `insert into mail_outbox (message_id, recipients, subject, text, attachments)
       values ('<undrawable@nido.test>', 'undrawable@mail.test', 'Pedido', 'x', $1::jsonb)`,
      [
        JSON.stringify([
          {
            filename: 'x.pdf',
            contentType: 'application/pdf',
            render: { kind: 'orderDocument', pedido_id: 987654, lang: 'es', document: 'confirmation' },
          },
        ]),
      ],
    );
    await until('the undrawable mail failed', async () =>
      (await rowsOf(ctx)).some((r) => r.recipients === 'undrawable@mail.test' && r.status === 'failed'),
    );
    const failed = (await rowsOf(ctx)).find((r) => r.recipients === 'undrawable@mail.test')!;
    expect(failed.attempts).toBe(4);
    expect(failed.last_error).toBeTruthy();
    expect(smtp.delivered.some((m) => m.to.includes('undrawable@mail.test'))).toBe(false);
  });

  it('rolls back with the order: a submission whose transaction fails leaves no mail', async () => {
    const { h, cartId } = await cartOf('rollback@mail.test');
    // Fails the commit of any transaction that wrote a mail to this address (after the mail row).
    await ctx.database.query(`create function fail_mail_commit() returns trigger language plpgsql as $$
      begin raise exception 'commit refused for the test'; end $$`);
    await ctx.database.query(`create constraint trigger fail_mail_commit after insert on mail_outbox
      deferrable initially deferred for each row when (new.recipients = 'rollback@mail.test')
      execute function fail_mail_commit()`);
    const before = smtp.delivered.length;
    try {
      expect((await submit(h, cartId)).statusCode).toBe(500);
    } finally {
      await ctx.database.query('drop trigger fail_mail_commit on mail_outbox');
      await ctx.database.query('drop function fail_mail_commit()');
    }
    const [cart] = await ctx.database.db.select().from(pedidos).where(eq(pedidos.id, cartId));
    expect(cart).toMatchObject({ status: 'c', docum: null });
    expect((await rowsOf(ctx)).filter((r) => r.recipients === 'rollback@mail.test')).toEqual([]);

    // Submitted again, order and mail commit together: one confirmation.
    expect((await submit(h, cartId)).statusCode).toBe(200);
    await until('the confirmation delivered', () =>
      smtp.delivered.some((m) => m.to.includes('rollback@mail.test')),
    );
    expect(smtp.delivered.slice(before).filter((m) => m.to.includes('rollback@mail.test'))).toHaveLength(1);
  });
});

describe('two app instances on one database', () => {
  let ctx: TestContext;
  let second: { app: App; database: Database } | undefined;
  beforeAll(async () => {
    ctx = await createTestContext({
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '20',
      MAIL_FROM: 'Nido <a@nido.test>',
    });
  });
  afterAll(async () => {
    await second?.app.close();
    if (second && second.database !== ctx.database) await second.database.close();
    await ctx?.close();
  });

  it('share the mails and never deliver one twice', { timeout: 60_000 }, async () => {
    // The second instance has a pool of its own on PostgreSQL; PGlite is one connection, shared.
    let database = ctx.database;
    if (process.env.TEST_DATABASE_URL) {
      const [{ name }] = await ctx.database.query<{ name: string }>('select current_database() as name');
      const url = new URL(process.env.TEST_DATABASE_URL);
      url.pathname = `/${name}`;
      database = await openDatabase({ url: url.toString(), poolSize: 5, migrate: false });
    }
    // Its mail leaves from another address: the server tells the two senders apart.
    const mailer = createMailer({ smtpUrl: smtp.url, outboxDir: ctx.outbox, from: 'Nido <b@nido.test>' });
    const app = await buildApp({ ...ctx.app.deps, database, mailer, logger: false });
    second = { app, database };
    await app.ready();

    smtp.answer = () => 'accept';
    smtp.delayMs = 5;
    const before = smtp.delivered.length;
    await ctx.database.query(
      `insert into mail_outbox (message_id, recipients, subject, text)
       select '<pair-' || g || '@nido.test>', 'pair' || g || '@mail.test', 'Mail ' || g, 'Body ' || g
       from generate_series(1, 60) g`,
    );
    await until('60 mails delivered', async () => {
      const [{ n }] = await ctx.database.query<{ n: number }>(
        "select count(*)::int as n from mail_outbox where status = 'sent'",
      );
      return n === 60;
    });
    // Would one come twice? Not once both senders have stopped: each finishes its mail in flight.
    await Promise.all([ctx.app.close(), app.close()]);
    smtp.delayMs = 0;

    const mine = smtp.delivered.slice(before);
    const counts = new Map<string, number>();
    for (const m of mine) counts.set(m.messageId, (counts.get(m.messageId) ?? 0) + 1);
    expect(counts.size).toBe(60);
    expect([...counts.values()].filter((n) => n > 1)).toEqual([]);
    const bySender = { a: mine.filter((m) => m.from === 'a@nido.test').length, b: 0 };
    bySender.b = mine.length - bySender.a;
    console.info(`two senders: ${bySender.a} + ${bySender.b} of 60 mails (${ctx.database.kind})`);
    expect(bySender.a).toBeGreaterThan(0);
    expect(bySender.b).toBeGreaterThan(0);
    const rows = (await rowsOf(ctx)).filter((r) => r.recipients.startsWith('pair'));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
