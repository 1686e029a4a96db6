import { type ErrorBody, type FailedMail, type Language, MAIL_MSG, paging } from '@nido/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../lib/api.ts';
import i18n from '../../lib/i18n.ts';
import { clearSession, GUEST_USER, setToken, setUser } from '../../lib/session.ts';
import { answer, stubApi } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import FailedMailsPage from './FailedMailsPage.tsx';

async function signInAdmin(language: Language) {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['mail', 'messages']);
  setToken('test-token');
  setUser({ ...GUEST_USER, id: 1, name: 'Olga', role: 'Admin', language });
}

const orderMail: FailedMail = {
  id: 5,
  recipients: 'ana@bebesluna.es',
  subject: 'Pedido 2026-000041',
  attempts: 5,
  last_error: '421 4.7.0 Try again later',
  created_at: '2026-11-20T09:00:00.000Z',
  last_attempt_at: '2026-11-20T11:00:00.000Z',
};
const resetMail: FailedMail = {
  ...orderMail,
  id: 6,
  recipients: 'tom@bebesluna.es',
  subject: 'Restablecer contraseña',
  attempts: 3,
  last_error: 'connect ECONNREFUSED',
};

const list = (mails: FailedMail[]): Answer<'mail.failed'> => ({ data: mails, meta: paging(mails.length, 1) });

const internal: ErrorBody = { message: 'Internal error', code: 'request.internal' };

afterEach(() => clearSession());

describe('the undelivered emails', () => {
  it.each([
    ['es', 'Emails no enviados', '1–2 de 2 emails'],
    ['en', 'Undelivered emails', '1–2 of 2 emails'],
  ] as const)('lists each mail with what the mail server last answered (%s)', async (lang, title, range) => {
    await signInAdmin(lang);
    stubApi({ 'GET /mail/failed': () => list([orderMail, resetMail]) });
    await renderWithApp(<FailedMailsPage />, { lang, path: '/mail/failed' });

    const table = await screen.findByRole('table', { name: title });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Pedido 2026-000041', 'ana@bebesluna.es', '421 4.7.0 Try again later', '5'],
      ['Restablecer contraseña', 'tom@bebesluna.es', 'connect ECONNREFUSED', '3'],
    ]);
    expect(screen.getByRole('status')).toHaveTextContent(range);
  });

  it('sends one mail again, says so, and shows the list without it (es)', async () => {
    await signInAdmin('es');
    let mails = [orderMail, resetMail];
    const server = stubApi({
      'GET /mail/failed': () => list(mails),
      'POST /mail/5/resend': () => {
        mails = [resetMail];
        return { ok: true } satisfies Answer<'mail.resend'>;
      },
    });
    const { user } = await renderWithApp(<FailedMailsPage />, { path: '/mail/failed' });

    await user.click(
      await screen.findByRole('button', { name: 'Reenviar: Pedido 2026-000041, a ana@bebesluna.es' }),
    );
    expect(
      await screen.findByText('El email a ana@bebesluna.es vuelve a estar en camino.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('1–1 de 1 emails')).toBeInTheDocument();
    expect(screen.queryByText('Pedido 2026-000041')).not.toBeInTheDocument();
    expect(server.sent('POST /mail/5/resend')).toHaveLength(1);
    expect(server.sent('POST /mail/6/resend')).toEqual([]);
  });

  it("says why a mail could not be sent again, in the user's language (en)", async () => {
    await signInAdmin('en');
    stubApi({
      'GET /mail/failed': () => list([orderMail]),
      'POST /mail/5/resend': () =>
        answer(409, { message: MAIL_MSG.notFailed.text, code: MAIL_MSG.notFailed.code } satisfies ErrorBody),
    });
    const { user } = await renderWithApp(<FailedMailsPage />, { lang: 'en', path: '/mail/failed' });

    await user.click(
      await screen.findByRole('button', { name: 'Send again: Pedido 2026-000041, to ana@bebesluna.es' }),
    );
    expect(await screen.findByText('Only an email that failed can be sent again')).toBeInTheDocument();
    expect(screen.queryByText(/is on its way again/)).not.toBeInTheDocument();
  });

  it('says when every mail has been sent (es)', async () => {
    await signInAdmin('es');
    stubApi({ 'GET /mail/failed': () => list([]) });
    await renderWithApp(<FailedMailsPage />, { path: '/mail/failed' });

    expect(await screen.findByText('No hay emails sin enviar: se han enviado todos.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Reenviar/ })).not.toBeInTheDocument();
  });

  it.each([
    ['es', 'No se han podido cargar los emails no enviados.', 'Reintentar'],
    ['en', 'The undelivered emails could not be loaded.', 'Retry'],
  ] as const)(
    'says the list could not be loaded, and loads it on Retry (%s)',
    async (lang, failed, retry) => {
      await signInAdmin(lang);
      let fail = true;
      const server = stubApi({
        'GET /mail/failed': () => (fail ? answer(500, internal) : list([orderMail])),
      });
      const { user } = await renderWithApp(<FailedMailsPage />, { lang, path: '/mail/failed' });

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(failed);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      fail = false;
      await user.click(within(alert).getByRole('button', { name: retry }));
      expect(await screen.findByText('Pedido 2026-000041')).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(server.sent('GET /mail/failed')).toHaveLength(2);
    },
  );
});
