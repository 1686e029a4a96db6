import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import PasswordResetPage from './PasswordResetPage.tsx';

const route = '/account/password-reset/:id';
const path = '/account/password-reset/tok123?email=ana@bebesluna.es';

describe('PasswordResetPage', () => {
  it('shows a mismatch and a too-short password beside their fields, and sends nothing (es)', async () => {
    const server = stubApi({});
    const { user } = await renderWithApp(<PasswordResetPage />, { path, route });

    expect(screen.getByLabelText(/^Email/)).toHaveValue('ana@bebesluna.es');
    const password = screen.getByLabelText(/^Nueva contraseña/);
    const confirmation = screen.getByLabelText(/^Repetir contraseña/);
    await user.type(password, 'abc');
    await user.type(confirmation, 'abd');
    await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));

    expect(password).toHaveAccessibleDescription('La contraseña debe tener al menos 6 caracteres');
    expect(confirmation).toHaveAccessibleDescription('Las contraseñas no coinciden');
    expect(password).toBeInvalid();
    expect(server.requests).toEqual([]);
  });

  it('sends the new password with the link’s token and email, then goes to sign in (en)', async () => {
    const server = stubApi({ 'POST /reset-password': () => ({ message: 'Your password has been reset' }) });
    const { user } = await renderWithApp(<PasswordResetPage />, { lang: 'en', path, route });

    await user.type(screen.getByLabelText(/^New password/), 'nube-de-algodón');
    await user.type(screen.getByLabelText(/^Confirm password/), 'nube-de-algodón');
    await user.click(screen.getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('You can now sign in with your new password.')).toBeInTheDocument();
    // The move to sign in is a router transition, committed once the form has settled.
    expect(await screen.findByText('Page: /account/login')).toBeInTheDocument();
    expect(server.sent('POST /reset-password').map((r) => r.body)).toEqual([
      {
        email: 'ana@bebesluna.es',
        token: 'tok123',
        password: 'nube-de-algodón',
        password_confirmation: 'nube-de-algodón',
      },
    ]);
  });
});
