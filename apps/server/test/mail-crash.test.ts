/**
 * The mail outbox across a crash: kill -9 the server while the mail server holds one of its mails
 * unanswered (it has the mail, the sender never hears so), restart it on the same data, and check
 * that every mail the API acknowledged arrives, each exactly once, except at most the one in flight,
 * which may arrive twice with the same Message-ID. And kill -9 between the answers to submitted
 * orders and the drawing of their PDFs (issue 33: drawn for the sender, on a worker thread, after
 * the commit): every confirmation arrives after the restart, its PDF with it. Runs on the run's
 * database (PGlite, or PostgreSQL when TEST_DATABASE_URL is set: harness `testBackend`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createPgDatabaseUrl, testBackend } from './harness.ts';
import { call, orderableLine, type ServerProcess, startServer } from './server-process.ts';
import { startSmtp, until } from './smtp.ts';

const DEMO_USERS = [
  'shop@nido.test',
  'shop.b@nido.test',
  'shop2@nido.test',
  'rep@nido.test',
  'admin@nido.test',
];
const ROUNDS = 4;

describe.each([testBackend])('kill -9 while sending mail on %s', (backend) => {
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('loses no acknowledged mail; only the mail in flight may come twice', { timeout: 240_000 }, async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-mail-crash-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      // The demo logins on PostgreSQL too, where the demo data is off by default.
      DEMO_DATA: '1',
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '100',
      // A mail held by a dead process is tried again 2 s after its try began.
      MAIL_LEASE_MS: '2000',
      AUTH_MAX_FAILURES: '50',
    };
    if (backend === 'postgres') {
      const pg = await createPgDatabaseUrl();
      env.DATABASE_URL = pg.url;
      cleanups.push(pg.drop);
    }
    // The server takes five mails, then keeps the sixth without answering.
    smtp.delayMs = 50;
    smtp.answer = () => (smtp.delivered.length === 5 ? 'hold' : 'accept');

    let server: ServerProcess = await startServer(env);
    cleanups.push(() => server.kill('SIGKILL'));
    let acknowledged = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const email of DEMO_USERS) {
        const res = await call(server.base, 'POST', '/api/forgot-password', { email });
        expect(res.status).toBe(200);
        acknowledged++;
      }
    }
    await until('the sixth mail held', () => smtp.delivered.length >= 6, 60_000);
    const inFlight = smtp.delivered[5].messageId;
    await server.kill('SIGKILL');
    const beforeRestart = smtp.delivered.length;

    smtp.answer = () => 'accept';
    server = await startServer(env);
    await until(
      'every acknowledged mail delivered',
      () => smtp.deliveriesById().size === acknowledged,
      60_000,
    );
    // The held mail's lease runs out: sent again, same Message-ID.
    await until('the mail in flight sent again', () => smtp.deliveriesById().get(inFlight) === 2, 30_000);
    // Nothing else comes: none is left queued (a mail stays queued while it is sent, and only a
    // queued one is taken), and the stopped process has finished its mail in flight.
    await until('no mail left queued', async () => {
      const ready = await call(server.base, 'GET', '/api/ready');
      return ready.body?.mail?.queued === 0;
    });
    await server.kill();

    const counts = smtp.deliveriesById();
    const twice = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
    console.log(
      `[mail crash ${backend}] ${acknowledged} acknowledged, ${beforeRestart} delivered before the kill, ` +
        `${counts.size} distinct delivered, ${smtp.delivered.length} deliveries, duplicated: ${twice.length}`,
    );
    expect(counts.size).toBe(acknowledged);
    expect(twice).toEqual([inFlight]);
    for (const email of DEMO_USERS)
      expect(new Set(smtp.delivered.filter((m) => m.to.includes(email)).map((m) => m.messageId)).size).toBe(
        ROUNDS,
      );
  });

  it('loses no confirmation whose order was answered before its PDF was drawn', {
    timeout: 240_000,
  }, async () => {
    const smtp = await startSmtp();
    cleanups.push(() => smtp.close());
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nido-pdf-crash-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: '1',
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '100',
      MAIL_LEASE_MS: '2000',
    };
    if (backend === 'postgres') {
      const pg = await createPgDatabaseUrl();
      env.DATABASE_URL = pg.url;
      cleanups.push(pg.drop);
    }
    // The mail server keeps the first mail unanswered: the sender, one mail at a time, is held
    // there, so nothing after it (the confirmations and their PDFs) is drawn or sent before the kill.
    smtp.answer = () => (smtp.delivered.length === 0 ? 'hold' : 'accept');
    let server: ServerProcess = await startServer(env);
    cleanups.push(() => server.kill('SIGKILL'));
    expect((await call(server.base, 'POST', '/api/forgot-password', { email: 'rep@nido.test' })).status).toBe(
      200,
    );
    await until('the first mail held', () => smtp.delivered.length >= 1, 60_000);

    const login = await call(server.base, 'POST', '/api/login', {
      email: 'shop@nido.test',
      password: 'demo1234',
    });
    const token = login.body.accessToken as string;
    const clienteId = (await call(server.base, 'GET', '/api/me', undefined, token)).body.cliente_id as number;
    const line = await orderableLine(server.base, token, clienteId);
    const docums: string[] = [];
    for (let i = 0; i < 3; i++) {
      const cart = await call(server.base, 'POST', '/api/pedidos/cliente', { cliente_id: clienteId }, token);
      const added = await call(
        server.base,
        'POST',
        '/api/pedidos/lineadd',
        { ...line, nota: `pdf-crash-${i}` },
        token,
      );
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const res = await call(
        server.base,
        'POST',
        '/api/pedidos/processOrder',
        { pedido_id: cart.body.id },
        token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      for (const o of res.body.pedidos as Array<{ docum: string }>) docums.push(o.docum);
    }
    // Answered: no confirmation has reached the mail server, nor been drawn.
    expect(smtp.delivered).toHaveLength(1);
    await server.kill('SIGKILL');

    server = await startServer(env);
    const confirmation = (docum: string) =>
      smtp.delivered.find((m) => m.to.includes('shop@nido.test') && m.raw.includes(`filename=${docum}.pdf`));
    await until('every confirmation delivered', () => docums.every((d) => confirmation(d)), 90_000);
    for (const docum of docums) {
      const raw = confirmation(docum)!.raw;
      expect(raw).toMatch(/Content-Type: application\/pdf/);
      expect(raw).toContain('JVBERi0'); // "%PDF-" in base64: the document drawn after the restart
    }
    console.log(
      `[pdf crash ${backend}] ${docums.length} orders answered before the kill, every confirmation delivered with its PDF`,
    );
    await server.kill();
  });
});
