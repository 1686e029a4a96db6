import type { Language, Role } from '@nido/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { clearSession, GUEST_USER, setSelectedCliente, setToken, setUser } from '../../../lib/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { LastPurchases } from './LastPurchases.tsx';

async function signInStaff(role: Role, language: Language) {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['home']);
  setToken('test-token');
  setUser({ ...GUEST_USER, id: 4, name: 'Rita', role, language, cliente_id: 0, cliente: '' });
}

afterEach(() => clearSession());

describe('LastPurchases', () => {
  it.each([
    [
      'Representante',
      'es',
      'Elige el cliente para el que trabajas y verás aquí sus últimas compras.',
      'Elegir cliente',
    ],
    [
      'Admin',
      'en',
      'Choose the client you are working for to see its last purchases here.',
      'Choose a client',
    ],
  ] as const)('asks a %s to choose a client first (%s)', async (role, lang, hint, link) => {
    await signInStaff(role, lang);
    const server = stubApi({});
    await renderWithApp(<LastPurchases onBuyAgain={() => {}} />, { lang });

    expect(screen.getByText(hint)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: link })).toHaveAttribute('href', '/cliente/list');
    expect(server.sent('POST /modelo/lastPurchased')).toEqual([]);
  });

  it.each([
    ['es', 'Este cliente todavía no tiene compras.', 'Todavía no tienes compras.'],
    ['en', 'This client has no purchases yet.', 'You have no purchases yet.'],
  ] as const)(
    "shows the chosen client's purchases, addressing the client, without the hint (%s)",
    async (lang, empty, own) => {
      await signInStaff('Representante', lang);
      setSelectedCliente({ id: 7, nomcome: 'Bebés Luna' });
      const server = stubApi({ 'POST /modelo/lastPurchased': () => ({ ids: [], details: {} }) });
      await renderWithApp(<LastPurchases onBuyAgain={() => {}} />, { lang });

      expect(await screen.findByText(empty)).toBeInTheDocument();
      expect(screen.queryByText(own)).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /Elegir cliente|Choose a client/ })).not.toBeInTheDocument();
      expect(server.sent('POST /modelo/lastPurchased').map((r) => r.body)).toEqual([{ cliente_id: 7 }]);
    },
  );
});

it.each([
  ['es', 'Todavía no tienes compras.'],
  ['en', 'You have no purchases yet.'],
] as const)('tells a shop user it has no purchases yet (%s)', async (lang, empty) => {
  await i18n.changeLanguage(lang);
  await i18n.loadNamespaces(['home']);
  setToken('test-token');
  setUser({
    ...GUEST_USER,
    id: 5,
    name: 'Ana',
    role: 'Cliente',
    language: lang,
    cliente_id: 7,
    cliente: 'Bebés Luna',
  });
  stubApi({ 'POST /modelo/lastPurchased': () => ({ ids: [], details: {} }) });
  await renderWithApp(<LastPurchases onBuyAgain={() => {}} />, { lang });

  expect(await screen.findByText(empty)).toBeInTheDocument();
});
