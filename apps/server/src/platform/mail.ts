import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where .eml files go when there is no SMTP server (null with SMTP). */
  readonly outboxDir: string | null;
}

/**
 * Real mail through nodemailer: SMTP when a URL is given, else the same MIME message written as
 * one .eml file per message into the outbox directory (open it with any mail client).
 */
export function createMailer(opts: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
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
