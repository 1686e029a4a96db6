/**
 * Account takeover (product.md §6, OWASP ASVS 5.0): an account cannot be taken over with a
 * borrowed session, a reset link dies with the credentials it was sent for, common passwords are
 * refused on every path, and personal answers are neither cached nor logged with their secrets.
 */
import { Writable } from 'node:stream';
import { MSG } from '@nido/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  createTestContext,
  createUser,
  fieldErrorAnswer,
  TEST_PASSWORD,
  type TestContext,
  tokenFor,
} from '../../../test/harness.ts';
import { expectAnswersDocumented } from '../../../test/openapi.ts';
import { decodeEml, sentMails, waitForMails } from '../../../test/outbox.ts';
import { buildApp } from '../../app.ts';
import { createStorage } from '../../platform/create-storage.ts';
import { createMailer } from '../../platform/mail.ts';

let ctx: TestContext;
let clienteId: number;
let admin: { authorization: string };

beforeAll(async () => {
  ctx = await createTestContext();
  clienteId = (await createClient(ctx, 'Bebés Sol')).id;
  admin = await tokenFor(ctx, (await createUser(ctx, { email: 'boss@nido.test', role: 'Admin' })).id);
});
afterAll(async () => {
  (ctx?.database.db as unknown as { $client?: { on?: (e: string, f: () => void) => void } })?.$client?.on?.(
    'error',
    () => {},
  );
  await ctx?.close();
});

let seq = 0;
const freshIp = () => `10.9.${Math.floor(++seq / 250)}.${(seq % 250) + 1}`;
const freshEmail = (prefix: string) => `${prefix}${++seq}@tienda.es`;

function post(url: string, payload: unknown, opts: { headers?: Record<string, string>; ip?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/${url}`,
    payload: payload as object,
    headers: opts.headers,
    remoteAddress: opts.ip ?? freshIp(),
  });
}

/** A signed-in shop user (through the real login route, so the session is a real one). */
async function shopUser(language: 'es' | 'en' = 'es') {
  const email = freshEmail('shop');
  const user = await createUser(ctx, {
    email,
    role: 'Cliente',
    cliente_id: clienteId,
    language,
    name: 'Lucía',
  });
  const res = await post('login', { email, password: TEST_PASSWORD });
  expect(res.statusCode, res.body).toBe(200);
  return { ...user, email, auth: { authorization: `Bearer ${res.json().accessToken}` } };
}

/** Asks for a reset link and returns its token, read from the mail. */
async function resetToken(email: string): Promise<string> {
  const before = (await sentMails(ctx)).length;
  expect((await post('forgot-password', { email })).statusCode).toBe(200);
  const mails = await waitForMails(ctx, before + 1);
  const token = mails[mails.length - 1].match(/password-reset\/([A-Za-z0-9_-]{43})\?/)?.[1];
  expect(token).toBeDefined();
  return token as string;
}

async function resetWith(email: string, token: string, password = 'cuna-de-roble-9') {
  return post('reset-password', { email, token, password, password_confirmation: password });
}

/** The mails written since `before`, decoded. */
async function mailsSince(before: number, count: number): Promise<string[]> {
  return (await waitForMails(ctx, before + count)).slice(before);
}
const recipient = (mail: string) => mail.match(/^To: (.*)$/m)?.[1];

describe('a borrowed session cannot take the account over (ASVS 6.2.3, 7.5.1)', () => {
  it('a new password needs the current one: missing and wrong are field errors, nothing changes', async () => {
    const u = await shopUser();
    const change = {
      name: 'Lucía',
      email: u.email,
      password: 'cuna-nueva-77',
      password_confirmation: 'cuna-nueva-77',
    };

    const missing = await post('updateProfile', change, { headers: u.auth });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: [MSG.currentPasswordRequired.text] });

    const wrong = await post('updateProfile', { ...change, current_password: 'not-it' }, { headers: u.auth });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(fieldErrorAnswer('current_password', MSG.currentPasswordWrong));
    // The password did not change.
    expect((await post('login', { email: u.email, password: TEST_PASSWORD })).statusCode).toBe(200);

    const right = await post(
      'updateProfile',
      { ...change, current_password: TEST_PASSWORD },
      { headers: u.auth },
    );
    expect(right.statusCode).toBe(200);
    expect((await post('login', { email: u.email, password: 'cuna-nueva-77' })).statusCode).toBe(200);
  });

  it('a new email needs the current password too; the name alone does not', async () => {
    const u = await shopUser();
    const newEmail = freshEmail('moved');
    const missing = await post('updateProfile', { name: 'Lucía', email: newEmail }, { headers: u.auth });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ current_password: [MSG.currentPasswordRequired.text] });
    const wrong = await post(
      'updateProfile',
      { name: 'Lucía', email: newEmail, current_password: 'nope-nope' },
      { headers: u.auth },
    );
    expect(wrong.json().errors).toEqual({ current_password: [MSG.currentPasswordWrong.text] });
    expect((await post('login', { email: newEmail, password: TEST_PASSWORD })).statusCode).toBe(401);

    const renamed = await post('updateProfile', { name: 'Lucía G.', email: u.email }, { headers: u.auth });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().name).toBe('Lucía G.');
  });

  it('wrong current passwords are counted by the sign-in throttle', async () => {
    const u = await shopUser();
    const ip = freshIp();
    const body = {
      name: 'Lucía',
      email: u.email,
      password: 'cuna-nueva-78',
      password_confirmation: 'cuna-nueva-78',
    };
    for (let i = 0; i < ctx.app.deps.config.AUTH_MAX_FAILURES; i++) {
      const res = await post(
        'updateProfile',
        { ...body, current_password: `guess-${i}` },
        { headers: u.auth, ip },
      );
      expect(res.statusCode).toBe(422);
    }
    const locked = await post(
      'updateProfile',
      { ...body, current_password: TEST_PASSWORD },
      { headers: u.auth, ip },
    );
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // Signing in from that address is refused as well: one throttle.
    expect((await post('login', { email: u.email, password: TEST_PASSWORD }, { ip })).statusCode).toBe(429);
  });
});

describe('the old address is told of every change (ASVS 6.3.7)', () => {
  it('a password change: a notice to the account, in its language (es)', async () => {
    const u = await shopUser('es');
    const before = (await sentMails(ctx)).length;
    const res = await post(
      'updateProfile',
      {
        name: 'Lucía',
        email: u.email,
        current_password: TEST_PASSWORD,
        password: 'cuna-nueva-80',
        password_confirmation: 'cuna-nueva-80',
      },
      { headers: u.auth },
    );
    expect(res.statusCode).toBe(200);
    const [notice] = (await mailsSince(before, 1)).map(decodeEml);
    expect(recipient(notice)).toBe(u.email);
    expect(notice).toContain('Subject: Nido: tu contraseña ha cambiado');
    expect(notice).toContain('Hola Lucía:');
    expect(notice).toContain('Si no has sido tú');
  });

  it('an email change: a notice to the previous address (en) naming the new one, none to the new', async () => {
    const u = await shopUser('en');
    const newEmail = freshEmail('new');
    const before = (await sentMails(ctx)).length;
    const res = await post(
      'updateProfile',
      { name: 'Lucía', email: newEmail, current_password: TEST_PASSWORD },
      { headers: u.auth },
    );
    expect(res.statusCode).toBe(200);
    const mails = (await mailsSince(before, 1)).map(decodeEml);
    expect(mails).toHaveLength(1);
    expect(recipient(mails[0])).toBe(u.email);
    expect(mails[0]).toContain('Subject: Nido: the email of your account has changed');
    expect(mails[0]).toContain(`changed to ${newEmail}`);
    expect(mails[0]).toContain('If it was not you');
  });

  it('both at once: two notices, both to the previous address', async () => {
    const u = await shopUser('es');
    const before = (await sentMails(ctx)).length;
    const res = await post(
      'updateProfile',
      {
        name: 'Lucía',
        email: freshEmail('both'),
        current_password: TEST_PASSWORD,
        password: 'cuna-nueva-81',
        password_confirmation: 'cuna-nueva-81',
      },
      { headers: u.auth },
    );
    expect(res.statusCode).toBe(200);
    const mails = (await mailsSince(before, 2)).map(decodeEml);
    expect(mails.map(recipient)).toEqual([u.email, u.email]);
  });
});

describe('a reset link dies with what it protects (ASVS 6.4.3)', () => {
  it('a password change through the profile ends it', async () => {
    const u = await shopUser();
    const token = await resetToken(u.email);
    const res = await post(
      'updateProfile',
      {
        name: 'L',
        email: u.email,
        current_password: TEST_PASSWORD,
        password: 'cuna-nueva-82',
        password_confirmation: 'cuna-nueva-82',
      },
      { headers: u.auth },
    );
    expect(res.statusCode).toBe(200);
    const reset = await resetWith(u.email, token);
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toEqual({ message: MSG.resetLinkInvalid.text, code: MSG.resetLinkInvalid.code });
  });

  it('an email change, even changed back, ends it', async () => {
    const u = await shopUser();
    const token = await resetToken(u.email);
    const away = freshEmail('away');
    for (const [from, to] of [
      [u.email, away],
      [away, u.email],
    ]) {
      const res = await post(
        'updateProfile',
        { name: 'L', email: to, current_password: TEST_PASSWORD },
        { headers: u.auth },
      );
      expect(res.statusCode, `${from} → ${to}`).toBe(200);
    }
    expect((await resetWith(u.email, token)).statusCode).toBe(400);
  });

  it('a new link ends every earlier one; the newest works', async () => {
    const u = await shopUser();
    const first = await resetToken(u.email);
    const second = await resetToken(u.email);
    expect((await resetWith(u.email, first)).statusCode).toBe(400);
    expect((await resetWith(u.email, second)).statusCode).toBe(200);
  });

  it('a reset through a link ends the other links', async () => {
    const u = await shopUser();
    const token = await resetToken(u.email);
    expect((await resetWith(u.email, token)).statusCode).toBe(200);
    expect((await resetWith(u.email, token, 'otra-cuna-33')).statusCode).toBe(400);
  });

  it("an Admin's change of a client user's password or email ends it", async () => {
    for (const change of ['password', 'email'] as const) {
      const u = await shopUser();
      const token = await resetToken(u.email);
      const body =
        change === 'password'
          ? { name: 'L', email: u.email, password: 'cuna-admin-44', password_confirmation: 'cuna-admin-44' }
          : { name: 'L', email: freshEmail('adminmoved') };
      const res = await ctx.app.inject({
        method: 'PUT',
        url: `/api/clienteUsers/${u.id}`,
        headers: admin,
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await resetWith(body.email, token)).statusCode, change).toBe(400);
    }
  });
});

describe('common and breached passwords are refused on every path (ASVS 6.2.4)', () => {
  it('profile, Admin create, Admin update: 422 on the password field; reset is in account.test.ts', async () => {
    const u = await shopUser();
    for (const common of ['123456', 'Password1', 'qwerty123']) {
      const res = await post(
        'updateProfile',
        {
          name: 'L',
          email: u.email,
          current_password: TEST_PASSWORD,
          password: common,
          password_confirmation: common,
        },
        { headers: u.auth },
      );
      expect(res.statusCode, common).toBe(422);
      expect(res.json().errors).toEqual({ password: [MSG.passwordTooCommon.text] });
    }

    const create = await ctx.app.inject({
      method: 'POST',
      url: '/api/clienteUsers',
      headers: admin,
      payload: {
        cliente_id: clienteId,
        name: 'N',
        email: freshEmail('created'),
        password: '123456',
        password_confirmation: '123456',
      },
    });
    expect(create.statusCode).toBe(422);
    expect(create.json().errors).toEqual({ password: [MSG.passwordTooCommon.text] });

    const update = await ctx.app.inject({
      method: 'PUT',
      url: `/api/clienteUsers/${u.id}`,
      headers: admin,
      payload: { name: 'N', email: u.email, password: 'iloveyou', password_confirmation: 'iloveyou' },
    });
    expect(update.statusCode).toBe(422);
    expect(update.json().errors).toEqual({ password: [MSG.passwordTooCommon.text] });
    // The six-character minimum keeps its message.
    const short = await post(
      'updateProfile',
      {
        name: 'L',
        email: u.email,
        current_password: TEST_PASSWORD,
        password: 'ab1',
        password_confirmation: 'ab1',
      },
      { headers: u.auth },
    );
    expect(short.json().errors.password).toEqual([MSG.passwordLength.text]);
  });
});

describe('what caches keep (ASVS 14.3.2)', () => {
  it('every personal /api answer says no-store: login, me, client data, orders, errors', async () => {
    const email = freshEmail('cache');
    await createUser(ctx, { email, role: 'Cliente', cliente_id: clienteId });
    const login = await post('login', { email, password: TEST_PASSWORD });
    const auth = { authorization: `Bearer ${login.json().accessToken}` };
    const answers = [
      login,
      await ctx.app.inject({ method: 'GET', url: '/api/me', headers: auth }),
      await ctx.app.inject({ method: 'GET', url: '/api/cliente/companyInfo', headers: auth }),
      await post('pedidos/list', { page: 1 }, { headers: auth }),
      await ctx.app.inject({ method: 'GET', url: '/api/me' }),
      await post('login', { email, password: 'wrong-one' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 401, 401]);
    for (const r of answers) expect(r.headers['cache-control']).toBe('no-store');
  });
});

describe('what logs keep (ASVS 14.2.1, 16.2.5)', () => {
  /** The app on this file's database, its log lines (at info) kept in `lines`. */
  async function appWritingLog() {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({
      ...ctx.app.deps,
      config: { ...ctx.app.deps.config, LOG_LEVEL: 'info' },
      mailer: createMailer({ outboxDir: ctx.outbox, from: 'x@nido.test' }),
      storage: await createStorage({ kind: 'disk', dir: `${ctx.dir}/uploads-log` }),
      logger: { level: 'info', stream },
    });
    return { app, lines };
  }

  it('no reset token or email in a logged URL; the real peer beside the forwarded address', async () => {
    const { app, lines } = await appWritingLog();
    try {
      const token = 'Zq3xS9kT1mW8vB2nL5pR7yH4cJ6dF0gA_eU-oI8tQwE';
      await app.inject({
        method: 'GET',
        url: `/account/password-reset/${token}?email=lucia%40bebes.es`,
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      await app.inject({
        method: 'GET',
        url: '/api/cliente?q=ana@bebes.es&token=abc123',
        remoteAddress: '192.0.2.1',
      });
      const log = lines.join('');
      const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.req);
      expect(requests).toHaveLength(2);
      expect(log).not.toContain(token);
      expect(log).not.toMatch(/lucia|ana@|bebes\.es|abc123/);
      expect(requests[0].req.url).toBe('/account/password-reset/[redacted]?email=[redacted]');
      expect(requests[0].req).toMatchObject({ remoteAddress: '203.0.113.7', peerAddress: '127.0.0.1' });
      // X-Forwarded-For from a peer that is not a trusted proxy is not believed.
      expect(requests[1].req).toMatchObject({ remoteAddress: '192.0.2.1', peerAddress: '192.0.2.1' });
    } finally {
      await app.close();
    }
  });

  it("one line a request: its id (nginx's, else a new one), method, route, status and duration", async () => {
    const { app, lines } = await appWritingLog();
    try {
      const nginxId = '5f0c3c8a2d7e4b1f9a6e0d2c4b8a1f3e';
      const given = await app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': nginxId },
      });
      const forged = await app.inject({
        method: 'GET',
        url: '/api/no-such-thing',
        headers: { 'x-request-id': 'a b\n{"fake":1}' },
      });
      const plain = await app.inject({ method: 'GET', url: '/api/health' });
      expect(given.headers['x-request-id']).toBe(nginxId);
      expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(plain.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(plain.headers['x-request-id']).not.toBe(forged.headers['x-request-id']);

      const entries = lines.map((l) => JSON.parse(l)).filter((l) => l.req);
      expect(entries).toHaveLength(3);
      expect(entries[0]).toMatchObject({
        reqId: nginxId,
        msg: 'request completed',
        req: { method: 'GET', url: '/api/health' },
        route: '/api/health',
        statusCode: 200,
      });
      expect(entries[0].durationMs).toBeGreaterThanOrEqual(0);
      expect(entries[1]).toMatchObject({
        reqId: forged.headers['x-request-id'],
        route: null,
        statusCode: 404,
      });
      expect(entries[2].reqId).toBe(plain.headers['x-request-id']);
    } finally {
      await app.close();
    }
  });
});

describe('the API document', () => {
  it('declares every status the requests of this file got', async () => {
    await expectAnswersDocumented(ctx);
  });
});
