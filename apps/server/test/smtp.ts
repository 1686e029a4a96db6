/**
 * A real SMTP server on 127.0.0.1 for the mail tests (the `smtp-server` package): it records every
 * message it takes and, by a policy the test sets and changes, accepts it, refuses it with 451 after
 * reading it, or keeps it without answering (a mail the server has while its sender never hears so).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type SmtpAnswer = 'accept' | 'refuse' | 'hold';

export interface SmtpMessage {
  messageId: string;
  /** The envelope's sender and recipients. */
  from: string;
  to: string[];
  raw: string;
  at: number;
}

export interface TestSmtp {
  url: string;
  /** What the server keeps (accepted or held), in arrival order. */
  delivered: SmtpMessage[];
  /** What it refused with 451. */
  refused: SmtpMessage[];
  /** Decides each message's answer; accept by default. */
  answer: (message: SmtpMessage) => SmtpAnswer;
  /** Delay before accepting, ms. */
  delayMs: number;
  /** How many times each Message-ID was delivered. */
  deliveriesById(): Map<string, number>;
  close(): Promise<void>;
}

export async function startSmtp(): Promise<TestSmtp> {
  const held: Array<(err?: Error) => void> = [];
  const smtp: TestSmtp = {
    url: '',
    delivered: [],
    refused: [],
    answer: () => 'accept',
    delayMs: 0,
    deliveriesById() {
      const counts = new Map<string, number>();
      for (const m of smtp.delivered) counts.set(m.messageId, (counts.get(m.messageId) ?? 0) + 1);
      return counts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const release of held.splice(0)) release(new Error('closing'));
        server.close(() => resolve());
      }),
  };
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const message: SmtpMessage = {
          messageId: raw.match(/^Message-ID:\s*(.*)$/im)?.[1]?.trim() ?? '',
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          at: Date.now(),
        };
        const answer = smtp.answer(message);
        if (answer === 'refuse') {
          smtp.refused.push(message);
          return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        smtp.delivered.push(message);
        if (answer === 'hold') held.push(callback);
        else setTimeout(() => callback(), smtp.delayMs);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  smtp.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return smtp;
}

/** Waits until `check` holds, polling every 25 ms; fails after `timeoutMs` saying what it waited for. */
export async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
