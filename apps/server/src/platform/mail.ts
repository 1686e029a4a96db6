import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Db, Tx } from '../db/client.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with it: their bytes, or what the sender draws them from (an order's PDF). */
  attachments?: Array<MailAttachment | DeferredAttachment>;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/**
 * A file drawn when the mail is sent, not when it is enqueued (issue 33): the renderer registered
 * under `render.kind` (AttachmentRenderers) makes its bytes from `render`'s parameters, in whichever
 * process's sender takes the mail, after the transaction that enqueued it has committed. A renderer
 * that throws is a failed try, retried as a refused delivery is.
 */
export interface DeferredAttachment {
  filename: string;
  contentType: string;
  render: { kind: string } & Record<string, string | number>;
}

/** The outbox's renderers of deferred attachments, by kind (each domain's, wired in app.ts). */
export type AttachmentRenderers = Record<string, (params: DeferredAttachment['render']) => Promise<Buffer>>;

/** A mail as the outbox hands it to the transport: with the Message-ID its row was given, files drawn. */
export interface OutgoingMail extends Omit<MailMessage, 'attachments'> {
  messageId: string;
  attachments?: MailAttachment[];
}

/** What a service does with mail (`ctx.mail`; the outbox, platform/outbox.ts). */
export interface MailQueue {
  /** Writes the mails in the caller's transaction: they go once it commits, never if it rolls back. */
  enqueue(db: Db | Tx, messages: readonly MailMessage[]): Promise<void>;
  /** Has this process's sender look at once; call it after the commit that enqueued. */
  wake(): void;
}

/** The transport: delivers one mail now, or throws. Services enqueue instead (platform/outbox.ts). */
export interface Mailer {
  send(message: OutgoingMail): Promise<void>;
  /** Where .eml files go when there is no SMTP server (null with SMTP). */
  readonly outboxDir: string | null;
}

/**
 * Every phase of an SMTP try (connecting, the greeting, each silence of the socket) ends within this,
 * so a try never outlives the lease that keeps other senders off its mail (MAIL_LEASE_MS).
 */
const SMTP_TIMEOUT_MS = 60_000;

/**
 * SMTP_URL as nodemailer takes it, with TLS as README "TLS to PostgreSQL and SMTP" says:
 * `smtps://` is TLS from the first byte (port 465 by default); `smtp://` upgrades with STARTTLS, and
 * on the submission port 587 or with a user and password in the URL it insists on it (requireTLS):
 * a server, or someone in between, that offers no STARTTLS gets no password and no mail in clear.
 * Only a password-less `smtp://` relay on another port (a local MTA on 25) may stay in plaintext.
 * The URL's own `?requireTLS=`, `?ignoreTLS=` or `?opportunisticTLS=` overrides this default.
 */
export function smtpOptions(smtpUrl: string) {
  const url = new URL(smtpUrl);
  const tlsChosen = ['requireTLS', 'ignoreTLS', 'opportunisticTLS'].some((k) => url.searchParams.has(k));
  const requireTLS =
    url.protocol === 'smtp:' &&
    !tlsChosen &&
    (url.port === '587' || url.username !== '' || url.password !== '');
  return {
    url: smtpUrl,
    ...(requireTLS ? { requireTLS: true } : {}),
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  };
}

/**
 * Real mail through nodemailer: SMTP when a URL is given, else the same MIME message written as
 * one .eml file per message into the outbox directory (open it with any mail client).
 */
export function createMailer(opts: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(smtpOptions(opts.smtpUrl));
    return {
      outboxDir: null,
      async send(m) {
        await transport.sendMail({ from: opts.from, ...m });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    outboxDir: opts.outboxDir,
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, ...m });
      await fs.mkdir(opts.outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await fs.writeFile(path.join(opts.outboxDir, name), info.message as Buffer);
    },
  };
}

/** The domain of a Message-ID: the sender address's, so the IDs are the portal's own. */
export function messageIdDomain(from: string): string {
  return from.match(/@([^\s>@]+)>?\s*$/)?.[1] ?? 'nido.invalid';
}
