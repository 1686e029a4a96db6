import type { Tx } from '../../db/client.ts';
import { activeUserIdsSql } from '../account/index.ts';
import { notify } from './write.ts';

/** A mail ran out of tries (the outbox's hook, domains/index.ts): every active Admin is told. */
export async function notifyMailFailed(
  tx: Tx,
  mail: { id: number; subject: string; recipients: string },
): Promise<void> {
  await notify(tx, {
    kind: 'mail_failed',
    recipients: activeUserIdsSql({ admins: true }),
    entries: { pedido_id: null, payload: { subject: mail.subject, recipients: mail.recipients } },
  });
}
