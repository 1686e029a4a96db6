/**
 * The mail outbox (decision 035). A service writes its mails with `enqueue` inside the transaction of
 * what causes them, so the mail and the change commit or roll back together, and wakes this
 * process's sender after the commit. A sender runs in every process: it claims one due row at a time
 * (`FOR UPDATE SKIP LOCKED`, so processes never take the same row) and holds it for a lease while it
 * sends; a failed try waits MAIL_RETRY_BASE_MS, doubled after each, and after MAIL_MAX_ATTEMPTS the
 * mail is failed until the Admin resends it. A process that dies mid-send leaves its mail to be sent
 * again once the lease runs out, with the same Message-ID: at most that one mail arrives twice.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { MAIL_MSG, PAGE_SIZE, paging } from '@nido/contract';
import { and, asc, count, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db, Tx } from '../db/client.ts';
import { mail_outbox } from '../db/schema.ts';
import { audit } from './audit.ts';
import type { ServiceContext } from './context.ts';
import { Conflict, NotFound } from './errors.ts';
import {
  type AttachmentRenderers,
  type DeferredAttachment,
  type MailAttachment,
  type Mailer,
  type MailQueue,
  messageIdDomain,
} from './mail.ts';

export interface MailOutbox extends MailQueue {
  start(): void;
  /** Stops looking; waits for the mail being sent, at most STOP_WAIT_MS. */
  stop(): Promise<void>;
}

/** How long a stopping process waits for its mail in flight (its lease lets another retry it). */
const STOP_WAIT_MS = 5000;
/** The longest error kept with a mail. */
const ERROR_MAX = 500;

type OutboxRow = typeof mail_outbox.$inferSelect;

/** A try's outcome: sent, refused and tried again later, or refused on its last try (failed). */
export type MailTryOutcome = 'sent' | 'retry' | 'failed';

/** The database's now plus `ms`: every process shares that clock. */
const nowPlus = (ms: number): SQL => sql`now() + ${ms}::double precision * interval '1 millisecond'`;

/** Takes the soonest due mail, for the lease; null when none is due. */
async function claim(db: Db, leaseMs: number): Promise<OutboxRow | null> {
  const due = db
    .select({ id: mail_outbox.id })
    .from(mail_outbox)
    .where(and(eq(mail_outbox.status, 'queued'), lte(mail_outbox.next_attempt_at, sql`now()`)))
    .orderBy(asc(mail_outbox.next_attempt_at))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(mail_outbox)
    .set({
      attempts: sql`${mail_outbox.attempts} + 1`,
      last_attempt_at: sql`now()`,
      next_attempt_at: nowPlus(leaseMs),
    })
    .where(inArray(mail_outbox.id, due))
    .returning();
  return row ?? null;
}

/** A stored file: its bytes as base64, or what the sender draws it from (DeferredAttachment). */
type StoredAttachment = { filename: string; contentType: string; base64: string } | DeferredAttachment;

/** A row's files as the transport takes them: stored bytes decoded, deferred ones drawn now. */
async function attachmentsOf(
  stored: unknown,
  renderers: AttachmentRenderers,
): Promise<MailAttachment[] | undefined> {
  if (!Array.isArray(stored)) return undefined;
  return Promise.all(
    (stored as StoredAttachment[]).map(async (a) => {
      if ('base64' in a)
        return { filename: a.filename, contentType: a.contentType, content: Buffer.from(a.base64, 'base64') };
      const render = renderers[a.render.kind];
      if (!render) throw new Error(`no renderer for the attachment kind "${a.render.kind}"`);
      return { filename: a.filename, contentType: a.contentType, content: await render(a.render) };
    }),
  );
}

/** Sent, whoever holds it now: the body goes (a reset link is kept only hashed elsewhere). */
async function markSent(db: Db, id: number): Promise<void> {
  await db
    .update(mail_outbox)
    .set({ status: 'sent', sent_at: sql`now()`, last_error: null, text: null, html: null, attachments: null })
    .where(and(eq(mail_outbox.id, id), eq(mail_outbox.status, 'queued')));
}

/** What is done, in the transaction that marks it, when a mail runs out of tries (domains/index.ts: the Admins are told). */
export type MailFailedHook = (
  tx: Tx,
  mail: { id: number; subject: string; recipients: string },
) => Promise<void>;

/**
 * A failed try: the next after its backoff, or failed for good after the last one, which
 * `onFailed` hears of in the same transaction.
 */
async function markFailedTry(
  db: Db,
  row: OutboxRow,
  error: string,
  config: Config,
  onFailed: MailFailedHook,
): Promise<boolean> {
  const last = row.attempts >= config.MAIL_MAX_ATTEMPTS;
  const mark = (d: Db | Tx) =>
    d
      .update(mail_outbox)
      .set(
        last
          ? { status: 'failed', last_error: error }
          : {
              next_attempt_at: nowPlus(config.MAIL_RETRY_BASE_MS * 2 ** (row.attempts - 1)),
              last_error: error,
            },
      )
      // Only while this try still holds it: after the lease another try may have taken it.
      .where(
        and(
          eq(mail_outbox.id, row.id),
          eq(mail_outbox.status, 'queued'),
          eq(mail_outbox.attempts, row.attempts),
        ),
      )
      .returning({ id: mail_outbox.id });
  if (!last) {
    await mark(db);
    return false;
  }
  await db.transaction(async (tx) => {
    const [marked] = await mark(tx);
    if (marked) await onFailed(tx, { id: row.id, subject: row.subject, recipients: row.recipients });
  });
  return true;
}

const BACKLOG_LOG_INTERVAL_MS = 60_000;

export function createMailOutbox(opts: {
  /** The sender's own statements: Database.background. */
  db: Db;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
  /** Told the outcome of each try (/metrics). */
  onTry?: (outcome: MailTryOutcome) => void;
  /** What draws the deferred attachments (platform/mail.ts), by kind. */
  renderers?: AttachmentRenderers;
  /** Told, in its transaction, of a mail that ran out of tries. */
  onFailed?: MailFailedHook;
}): MailOutbox {
  const { db, mailer, config, log } = opts;
  const renderers = opts.renderers ?? {};
  const onTry = opts.onTry ?? (() => {});
  const onFailed = opts.onFailed ?? (async () => {});
  const domain = messageIdDomain(config.MAIL_FROM);
  let stopped = true;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function deliver(row: OutboxRow) {
    try {
      await mailer.send({
        to: row.recipients,
        subject: row.subject,
        text: row.text ?? '',
        html: row.html ?? undefined,
        // Drawn in the try: a renderer's failure is retried as a refused delivery is.
        attachments: await attachmentsOf(row.attachments, renderers),
        messageId: row.message_id,
      });
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX);
      const failed = await markFailedTry(db, row, error, config, onFailed);
      onTry(failed ? 'failed' : 'retry');
      log[failed ? 'error' : 'warn'](
        { mail: row.id, attempts: row.attempts, error },
        failed ? 'mail failed after its last try' : 'mail not sent, will retry',
      );
      return;
    }
    await markSent(db, row.id);
    onTry('sent');
  }

  /**
   * A mail waiting longer than MAIL_BACKLOG_MAX_SECONDS is an alert, not a reason to stop serving
   * (/api/ready ignores it): one error line a minute at most, beside the metric an alert rule reads.
   */
  let backlogCheckedAt = 0;
  async function reportBacklog() {
    if (Date.now() - backlogCheckedAt < BACKLOG_LOG_INTERVAL_MS) return;
    backlogCheckedAt = Date.now();
    const backlog = await mailBacklog(db);
    if ((backlog.oldestSeconds ?? 0) > config.MAIL_BACKLOG_MAX_SECONDS)
      log.error(
        { queued: backlog.queued, oldestSeconds: Math.round(backlog.oldestSeconds ?? 0) },
        'mail backlog: a mail has waited longer than MAIL_BACKLOG_MAX_SECONDS',
      );
  }

  async function drain() {
    await reportBacklog();
    while (!stopped) {
      const row = await claim(db, config.MAIL_LEASE_MS);
      if (!row) return;
      await deliver(row);
    }
  }

  /** Sends what is due now, then looks again after the poll interval (or at once if woken meanwhile). */
  function run() {
    clearTimeout(timer);
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err) => log.error({ err }, 'mail sender could not read the outbox'))
      .finally(() => {
        running = null;
        if (stopped) return;
        if (again) {
          again = false;
          run();
        } else {
          timer = setTimeout(run, config.MAIL_POLL_MS);
          timer.unref();
        }
      });
  }

  return {
    async enqueue(tx, messages) {
      if (!messages.length) return;
      await tx.insert(mail_outbox).values(
        messages.map((m) => ({
          message_id: `<${randomUUID()}@${domain}>`,
          recipients: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html ?? null,
          attachments: m.attachments?.map(
            (a): StoredAttachment =>
              'render' in a
                ? { filename: a.filename, contentType: a.contentType, render: a.render }
                : { filename: a.filename, contentType: a.contentType, base64: a.content.toString('base64') },
          ),
        })),
      );
    },
    wake: run,
    start() {
      stopped = false;
      run();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      if (running) await Promise.race([running, sleep(STOP_WAIT_MS, undefined, { ref: false })]);
    },
  };
}

// ── What the Admin and /api/ready see ───────────────────────────────────────────────────────────

/** GET mail/failed: the mails out of tries, newest first, a page at a time. */
export async function listFailedMails(ctx: ServiceContext, page: number) {
  const failed = eq(mail_outbox.status, 'failed');
  const [[{ total }], rows] = await Promise.all([
    ctx.db.select({ total: count() }).from(mail_outbox).where(failed),
    ctx.db
      .select({
        id: mail_outbox.id,
        recipients: mail_outbox.recipients,
        subject: mail_outbox.subject,
        attempts: mail_outbox.attempts,
        last_error: mail_outbox.last_error,
        created_at: mail_outbox.created_at,
        last_attempt_at: mail_outbox.last_attempt_at,
      })
      .from(mail_outbox)
      .where(failed)
      .orderBy(desc(mail_outbox.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
  ]);
  return {
    data: rows.map((r) => ({
      ...r,
      created_at: r.created_at.toISOString(),
      last_attempt_at: r.last_attempt_at?.toISOString() ?? null,
    })),
    meta: paging(total, page),
  };
}

/** POST mail/{id}/resend: a failed mail is queued again for a full round of tries, same Message-ID. */
export async function resendMail(ctx: ServiceContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(mail_outbox)
      .set({ status: 'queued', attempts: 0, next_attempt_at: sql`now()` })
      .where(and(eq(mail_outbox.id, id), eq(mail_outbox.status, 'failed')))
      .returning({ recipients: mail_outbox.recipients, subject: mail_outbox.subject });
    if (!row) {
      const [exists] = await tx
        .select({ id: mail_outbox.id })
        .from(mail_outbox)
        .where(eq(mail_outbox.id, id));
      throw exists ? new Conflict(MAIL_MSG.notFailed) : new NotFound(MAIL_MSG.mailNotFound);
    }
    await audit(tx, ctx, { action: 'mail.resend', entity: 'mail', entity_id: id, details: row });
  });
  ctx.mail.wake();
  return { ok: true };
}

/** The waiting mails and the failed ones (/api/ready's report, the metrics, the backlog alert): each count reads its partial index. */
export async function mailBacklog(db: Db) {
  const [[queued], [failed]] = await Promise.all([
    db
      .select({
        count: count(),
        oldestSeconds: sql<number | null>`extract(epoch from now() - min(${mail_outbox.created_at}))::float8`,
      })
      .from(mail_outbox)
      .where(eq(mail_outbox.status, 'queued')),
    db.select({ count: count() }).from(mail_outbox).where(eq(mail_outbox.status, 'failed')),
  ]);
  return { queued: queued.count, oldestSeconds: queued.oldestSeconds, failed: failed.count };
}
