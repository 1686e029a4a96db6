import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, stubApi } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import LoginPage from './LoginPage.tsx';

const path = '/account/login';

describe('LoginPage', () => {
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
});
