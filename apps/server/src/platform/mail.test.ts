/**
 * SMTP_URL and TLS (README, "TLS to PostgreSQL and SMTP"): how the URL reaches nodemailer, then the
 * mailer against real SMTP servers on 127.0.0.1 with a self-signed certificate for `localhost`:
 * smtps:// speaks TLS from the first byte, smtp:// with a password upgrades with STARTTLS and never
 * sends the password (or the mail) in clear to a server that offers no STARTTLS.
 */
import type { AddressInfo } from 'node:net';
import nodemailer from 'nodemailer';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selfSignedCertificate, type TestCertificate } from '../../test/tls.ts';
import { createMailer, smtpOptions } from './mail.ts';

/** The options nodemailer's SMTP transport ends up with for a URL. */
const transportOptions = (url: string) => (nodemailer.createTransport(smtpOptions(url)) as any).options;

describe('SMTP_URL as nodemailer reads it', () => {
  it('smtps://: TLS from the first byte (port 465 by default)', () => {
    expect(transportOptions('smtps://user:pass@mail.example.com')).toMatchObject({
      secure: true,
      host: 'mail.example.com',
      auth: { user: 'user', pass: 'pass' },
    });
    expect(transportOptions('smtps://user:pass@mail.example.com').requireTLS).toBeUndefined();
  });

  it('smtp:// on 587 or with a password: STARTTLS required', () => {
    expect(transportOptions('smtp://user:pass@mail.example.com:587')).toMatchObject({
      secure: false,
      port: 587,
      requireTLS: true,
    });
    expect(transportOptions('smtp://mail.example.com:587').requireTLS).toBe(true);
    expect(transportOptions('smtp://user:pass@mail.example.com:2525').requireTLS).toBe(true);
  });

  it('a password-less relay on another port: STARTTLS when offered; the URL’s own choice wins', () => {
    expect(transportOptions('smtp://127.0.0.1:25')).toMatchObject({ secure: false, port: 25 });
    expect(transportOptions('smtp://127.0.0.1:25').requireTLS).toBeUndefined();
    expect(transportOptions('smtp://user:pass@mail.example.com:587?requireTLS=false').requireTLS).toBe(false);
    const ignore = transportOptions('smtp://127.0.0.1:587?ignoreTLS=true');
    expect([ignore.ignoreTLS, ignore.requireTLS]).toEqual([true, undefined]);
  });
});

describe('the mailer against SMTP servers', () => {
  let certificate: TestCertificate;
  const servers: SMTPServer[] = [];
  beforeAll(() => {
    certificate = selfSignedCertificate();
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    certificate?.remove();
  });

  /** An SMTP server with AUTH; records each login (and whether it came over TLS) and each mail. */
  async function server(options: SMTPServerOptions) {
    const seen = { logins: [] as { user: string; secure: boolean }[], mails: 0 };
    const smtp = new SMTPServer({
      logger: false,
      key: certificate.key,
      cert: certificate.cert,
      authMethods: ['PLAIN', 'LOGIN'],
      onAuth(auth, session, callback) {
        seen.logins.push({ user: auth.username ?? '', secure: session.secure });
        callback(null, { user: auth.username });
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => {
          seen.mails++;
          callback();
        });
      },
      ...options,
    });
    smtp.on('error', () => {}); // a client that hangs up on the certificate
    servers.push(smtp);
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    return { seen, port: (smtp.server.address() as AddressInfo).port };
  }

  const send = (smtpUrl: string) =>
    createMailer({ smtpUrl, outboxDir: '/nonexistent', from: 'Nido <no-reply@nido.test>' }).send({
      to: 'shop@example.com',
      subject: 'Pedido',
      text: 'Hola',
      messageId: '<1@nido.test>',
    });

  it('smtp:// with a password to a server without STARTTLS: refused, no password or mail sent', async () => {
    const { seen, port } = await server({ disabledCommands: ['STARTTLS'], allowInsecureAuth: true });
    await expect(send(`smtp://user:pass@localhost:${port}`)).rejects.toThrow(/STARTTLS/);
    expect(seen).toEqual({ logins: [], mails: 0 });
  });

  it('smtp:// with a password to a server with STARTTLS: the login and the mail go over TLS', async () => {
    const { seen, port } = await server({});
    await send(`smtp://user:pass@localhost:${port}?tls.rejectUnauthorized=false`);
    expect(seen).toEqual({ logins: [{ user: 'user', secure: true }], mails: 1 });
  });

  it('smtps://: TLS from the first byte; the certificate is checked', async () => {
    const { seen, port } = await server({ secure: true });
    await expect(send(`smtps://user:pass@localhost:${port}`)).rejects.toThrow(/self[- ]signed certificate/i);
    expect(seen).toEqual({ logins: [], mails: 0 });
    await send(`smtps://user:pass@localhost:${port}?tls.rejectUnauthorized=false`);
    expect(seen).toEqual({ logins: [{ user: 'user', secure: true }], mails: 1 });
  });
});
