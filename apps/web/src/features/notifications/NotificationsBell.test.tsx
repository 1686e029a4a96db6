import { type Language, type Notification, paging } from '@nido/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../lib/api.ts';
import i18n from '../../lib/i18n.ts';
import { clearSession, GUEST_USER, setToken, setUser } from '../../lib/session.ts';
import { stubApi } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import NotificationsBell from './NotificationsBell.tsx';

async function signIn(language: Language) {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['notifications']);
  setToken('test-token');
  setUser({ ...GUEST_USER, id: 1, name: 'Olga', role: 'Admin', language });
}

const at = '2026-11-28T10:15:00.000Z';
const entries: Notification[] = [
  {
    id: 3,
    kind: 'order_status',
    pedido_id: 41,
    // A status this web does not know yet is shown as its code.
    payload: { docum: '2026-000041', cliente: 'Bebés Luna', from: 'w', to: 'z' },
    created_at: at,
    read_at: null,
  },
  {
    id: 2,
    kind: 'order_submitted',
    pedido_id: 40,
    payload: { docum: '2026-000040', cliente: 'Bebés Luna' },
    created_at: at,
    read_at: null,
  },
  {
    id: 1,
    kind: 'mail_failed',
    pedido_id: null,
    payload: { subject: 'Pedido 2026-000039', recipients: 'ana@bebesluna.es' },
    created_at: at,
    read_at: at,
  },
];
const list = (data: Notification[], unread: number): Answer<'notifications.list'> => ({
  data,
  meta: paging(data.length, 1),
  unread,
});

afterEach(() => clearSession());

describe('the bell', () => {
  it.each([
    [
      'es',
      'Notificaciones, 2 sin leer',
      [
        'Pedido 2026-000041: Pendiente → z',
        'Nuevo pedido 2026-000040 de Bebés Luna',
        'No se pudo enviar el correo «Pedido 2026-000039» a ana@bebesluna.es',
      ],
      'Marcar todas como leídas',
      'Notificaciones',
    ],
    [
      'en',
      'Notifications, 2 unread',
      [
        'Order 2026-000041: Pending → z',
        'New order 2026-000040 from Bebés Luna',
        'The mail “Pedido 2026-000039” to ana@bebesluna.es could not be sent',
      ],
      'Mark all as read',
      'Notifications',
    ],
  ] as const)(
    'counts the unread, lists the newest with their links, marks all read (%s)',
    async (lang, label, texts, readAll, cleared) => {
      await signIn(lang);
      let unread = 2;
      const server = stubApi({
        'GET /notifications': () =>
          list(
            entries.map((n) => (unread === 0 ? { ...n, read_at: at } : n)),
            unread,
          ),
        'POST /notifications/read-all': () => {
          unread = 0;
          return { ok: true, unread: 0 };
        },
        // The stream is down in this test: the list is what was read.
      });
      const { user } = await renderWithApp(<NotificationsBell />, { lang, path: '/' });
      const bell = await screen.findByRole('button', { name: label });
      await user.click(bell);
      const items = await screen.findAllByTestId('notification-entry');
      expect(
        items.map((i) => i.querySelector('p')?.textContent?.replace(/^(Sin leer:|Unread:)\s*/, '')),
      ).toEqual(texts);
      expect(items.map((i) => i.getAttribute('href'))).toEqual(['/pedido/41', '/pedido/40', '/mail/failed']);
      await user.click(screen.getByRole('menuitem', { name: readAll }));
      await waitFor(() => expect(screen.getByTestId('notifications-button')).toHaveAccessibleName(cleared));
      expect(server.sent('POST /notifications/read-all')).toHaveLength(1);
    },
  );
});
