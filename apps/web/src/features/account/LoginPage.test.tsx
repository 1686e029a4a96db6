import { MSG } from '@nido/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../lib/session.ts';
import { answer, stubApi } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import LoginPage, { EMAIL_FORMAT } from './LoginPage.tsx';

const path = '/account/login';

describe('LoginPage', () => {
  afterEach(() => clearSession());

  it('sends the labelled fields and says a wrong password is wrong (es)', async () => {
    const server = stubApi({ 'POST /login': () => answer(401, { message: 'Incorrect user or password' }) });
    const { user } = await renderWithApp(<LoginPage />, { path });

    expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), ' ana@bebesluna.es ');
    await user.type(screen.getByLabelText(/^Contraseña/), 'no-es-esta');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Usuario o contraseña incorrectos');
    expect(server.sent('POST /login').map((r) => r.body)).toEqual([
      { email: 'ana@bebesluna.es', password: 'no-es-esta' },
    ]);
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeEnabled();
  });

  it('says how many minutes to wait after too many attempts (en)', async () => {
    stubApi({
      'POST /login': () =>
        answer(429, { message: 'Too many attempts, try again later' }, { 'Retry-After': '540' }),
    });
    const { user } = await renderWithApp(<LoginPage />, { lang: 'en', path });

    await user.type(screen.getByLabelText(/^Email/), 'ana@bebesluna.es');
    await user.type(screen.getByLabelText(/^Password/), 'guess-6');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 9 minutes.');
  });

  it("names the catalogue's email format message", () => {
    expect(EMAIL_FORMAT.code).toBe(MSG.emailFormat.code);
  });

  it.each([
    ['es', 'El formato del email no es válido', 'Usuario o contraseña incorrectos'],
    ['en', 'Email format is not valid', 'Incorrect user or password'],
  ] as const)('says a malformed email is not valid, sending nothing (%s)', async (lang, invalid, wrong) => {
    const server = stubApi({ 'POST /login': () => answer(401, { message: 'Incorrect user or password' }) });
    const { user } = await renderWithApp(<LoginPage />, { lang, path });

    // The browser takes "ana@tienda" as an email; the contract's pattern wants a top-level part.
    const email = screen.getByLabelText(/^Email/);
    await user.type(email, 'ana@tienda');
    await user.type(screen.getByLabelText(lang === 'es' ? /^Contraseña/ : /^Password/), 'demo1234');
    await user.click(screen.getByRole('button', { name: lang === 'es' ? 'Entrar' : 'Sign in' }));

    expect(await screen.findByText(invalid)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.queryByText(wrong)).not.toBeInTheDocument();
    expect(server.sent('POST /login')).toEqual([]);

    // Mended, it is sent.
    await user.type(email, '.es');
    expect(screen.queryByText(invalid)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: lang === 'es' ? 'Entrar' : 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(wrong);
    expect(server.sent('POST /login').map((r) => r.body)).toEqual([
      { email: 'ana@tienda.es', password: 'demo1234' },
    ]);
  });

  it.each([
    ['es', 'expired', 'Tu sesión ha terminado. Vuelve a iniciar sesión para continuar.'],
    ['en', 'expired', 'Your session has ended. Sign in again to continue.'],
    ['es', 'noAccess', 'No tienes acceso a esa página. Vuelve a iniciar sesión para continuar.'],
    ['en', 'noAccess', 'You have no access to that page. Sign in again to continue.'],
  ] as const)('says why the session ended (%s, %s)', async (lang, reason, text) => {
    stubApi({});
    clearSession(reason);
    await renderWithApp(<LoginPage />, { lang, path });
    expect(screen.getByRole('status')).toHaveTextContent(text);
  });

  it('says nothing of a session the user ended', async () => {
    stubApi({});
    clearSession();
    await renderWithApp(<LoginPage />, { path });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
