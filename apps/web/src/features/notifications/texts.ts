/**
 * An entry's text and link, by kind; a kind or a status this web does not know yet is shown plainly
 * (a newer server never breaks the bell): statuses are named when known, their code otherwise.
 */
import type { Notification } from '@nido/contract';
import type { TFunction } from 'i18next';

export function notificationText(n: Notification, t: TFunction<'notifications'>): string {
  const p = n.payload;
  const status = (code: string | null | undefined) =>
    code ? t(`status.${code}`, { defaultValue: code }) : '';
  const docum = p.docum ?? (n.pedido_id != null ? `#${n.pedido_id}` : '');
  switch (n.kind) {
    case 'order_submitted':
      return t('kind.order_submitted', { docum, cliente: p.cliente ?? '' });
    case 'order_status':
      return t('kind.order_status', { docum, from: status(p.from), to: status(p.to) });
    case 'mail_failed':
      return t('kind.mail_failed', { subject: p.subject ?? '', recipients: p.recipients ?? '' });
    default:
      return docum ? t('kind.otherOrder', { docum }) : t('kind.other');
  }
}

/** Where an entry leads: its order, the failed mails, or nowhere. */
export function notificationLink(n: Notification): string | null {
  if (n.pedido_id != null) return `/pedido/${n.pedido_id}`;
  if (n.kind === 'mail_failed') return '/mail/failed';
  return null;
}
