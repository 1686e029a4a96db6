/** Reading the mails a test's app wrote to its file outbox (harness.ts). */
import type { TestContext } from './harness.ts';

/** The decoded text of an .eml (quoted-printable or base64 parts, encoded-word subject). */
export function decodeEml(raw: string): string {
  const unfolded = raw.replace(/\r\n/g, '\n');
  // Blanks between two encoded words (a folded long subject) are not part of the text (RFC 2047 §6.2).
  const subject = (unfolded.match(/^Subject: (.*(?:\n[ \t].*)*)/m)?.[1] ?? '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')),
    );
  const parts = unfolded.split(/\n--[^\n]+\n/).map((part) => {
    const [head, ...rest] = part.split('\n\n');
    const body = rest.join('\n\n');
    if (/Content-Transfer-Encoding: quoted-printable/i.test(head)) return qp(body);
    if (/Content-Transfer-Encoding: base64/i.test(head)) return Buffer.from(body, 'base64').toString('utf8');
    return part;
  });
  return `Subject: ${subject}\n${parts.join('\n')}`;
}
function qp(s: string): string {
  const text = s.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** An .eml is written in pieces: complete = closing boundary present. */
function complete(raw: string): boolean {
  const boundary = raw.match(/boundary="([^"]+)"/)?.[1];
  return boundary !== undefined && raw.includes(`--${boundary}--`);
}

/** Whether the outbox has nothing left to send: each mail written so far is in its .eml (or failed). */
async function settled(ctx: TestContext): Promise<boolean> {
  const [{ queued }] = await ctx.database.query<{ queued: number }>(
    "select count(*)::int as queued from mail_outbox where status = 'queued'",
  );
  return queued === 0 && ctx.mails().every(complete);
}

/**
 * A mail goes after the answer (the outbox's sender writes it): waits until at least `count` are
 * written and none is left to send, then returns them decoded, oldest first. Up to 15 s: a test's
 * first PDF starts the worker threads (record 061), a second or more on a busy machine.
 */
export async function waitForMails(ctx: TestContext, count: number): Promise<string[]> {
  for (let i = 0; i < 750; i++) {
    if (ctx.mails().length >= count && (await settled(ctx))) return ctx.mails().map(decodeEml);
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`expected ${count} mails, found ${ctx.mails().length}`);
}

/** Every mail written so far, as written (raw .eml), once the outbox has sent them all. */
export async function sentMails(ctx: TestContext): Promise<string[]> {
  await waitForMails(ctx, 0);
  return ctx.mails();
}
