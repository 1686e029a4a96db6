import type { Language } from '@nido/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { clearSession, GUEST_USER, setToken, setUser } from '../../lib/session.ts';
import { answer, stubApi } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import OrderDetailPage from './OrderDetailPage.tsx';

/** A representative (staff: the page adds the order administration panel), the texts in `language`. */
async function signInRepresentative(language: Language) {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['orders', 'clients']);
  setToken('test-token');
  setUser({ ...GUEST_USER, id: 4, name: 'Rita', role: 'Representante', language });
}

const notFound = () => answer(404, { message: 'Order not found', code: 'order.notFound' });

afterEach(() => clearSession());

describe('OrderDetailPage', () => {
  it.each([
    [
      'es',
      'Pedido no encontrado.',
      'Administración del pedido',
      'No se ha podido cargar el historial del pedido.',
    ],
    ['en', 'Order not found.', 'Order administration', 'The order history could not be loaded.'],
  ] as const)(
    "says once that another client's order is not found, with no administration panel (%s)",
    async (lang, missing, panel, historyError) => {
      await signInRepresentative(lang);
      const server = stubApi({ 'GET /pedido/41': notFound, 'GET /pedido/41/history': notFound });
      await renderWithApp(<OrderDetailPage />, { lang, path: '/pedido/41', route: '/pedido/:id' });

      expect(await screen.findByRole('alert')).toHaveTextContent(missing);
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(screen.queryByRole('heading', { name: panel })).not.toBeInTheDocument();
      expect(screen.queryByText(historyError)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Reintentar|Retry/ })).not.toBeInTheDocument();
      expect(server.sent('GET /pedido/41')).toHaveLength(1);
    },
  );

  it.each([
    ['es', 'Pedido no encontrado.'],
    ['en', 'Order not found.'],
  ] as const)('says a malformed id is not found at once, asking nothing (%s)', async (lang, missing) => {
    await signInRepresentative(lang);
    const server = stubApi({});
    await renderWithApp(<OrderDetailPage />, { lang, path: '/pedido/abc', route: '/pedido/:id' });

    expect(screen.getByRole('alert')).toHaveTextContent(missing);
    expect(screen.queryByLabelText(/Cargando|Loading/)).not.toBeInTheDocument();
    expect(server.requests).toEqual([]);
  });
});
