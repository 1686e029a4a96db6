import { type ClienteListItem, type ClienteListResponse, type Language, paging } from '@nido/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../lib/i18n.ts';
import { clearSession, GUEST_USER, setToken, setUser } from '../../lib/session.ts';
import { answer, type SentRequest, stubApi } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import ClientListPage from './ClientListPage.tsx';

async function signInAdmin(language: Language) {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['clients']);
  setToken('test-token');
  setUser({ ...GUEST_USER, id: 1, name: 'Olga', role: 'Admin', language });
}

function client(id: number, nomcome: string, extra: Partial<ClienteListItem> = {}): ClienteListItem {
  return {
    id,
    nomcome,
    nombre: `${nomcome} S.L.`,
    cif: `B${String(id).padStart(8, '0')}`,
    email: '',
    telefono: '',
    poblacion: 'Madrid',
    provincia: 'Madrid',
    activo: true,
    usuarios: 2,
    representante: null,
    ...extra,
  };
}

/** Page `page` of 30 clients, 25 a page (the server's paging). */
function listPage(page: number, rows: ClienteListItem[], total = 30): ClienteListResponse {
  return { ok: true, data: rows, meta: paging(total, page) };
}

const firstPage = [
  client(12, 'Bebés Luna', { representante: 'Rita' }),
  client(13, 'Nube de Algodón', { activo: false, usuarios: 0 }),
];
const secondPage = [client(40, 'Pequeño Sol')];

/** The client list answering by page and search, as GET cliente does. */
function listServer() {
  return stubApi({
    'GET /cliente': ({ query }: SentRequest) => {
      const text = query.get('text') ?? '';
      if (text) return listPage(1, [], 0);
      return query.get('page') === '2' ? listPage(2, secondPage) : listPage(1, firstPage);
    },
  });
}

afterEach(() => clearSession());

describe('the client list', () => {
  it.each([
    ['es', 'Clientes', '1–25 de 30 clientes', 'Representante: Rita', 'Inactivo'],
    ['en', 'Clients', '1–25 of 30 clients', 'Representative: Rita', 'Inactive'],
  ] as const)(
    'lists the clients of the page with their state and the range (%s)',
    async (lang, title, range, rep, inactive) => {
      await signInAdmin(lang);
      const server = listServer();
      await renderWithApp(<ClientListPage />, { lang, path: '/cliente/list' });

      const table = await screen.findByRole('table', { name: title });
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(2);
      expect(rows[0]).toHaveTextContent('Bebés Luna');
      expect(rows[0]).toHaveTextContent(rep);
      expect(within(rows[1]).getByText(inactive)).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(range);
      expect(server.sent('GET /cliente').map((r) => r.query.get('page'))).toEqual(['1']);
    },
  );

  it('searches what is typed and says when nothing matches (es)', async () => {
    await signInAdmin('es');
    const server = listServer();
    const { user } = await renderWithApp(<ClientListPage />, { path: '/cliente/list' });

    await screen.findByRole('link', { name: 'Bebés Luna' });
    await user.type(screen.getByRole('searchbox', { name: 'Buscar clientes' }), 'zapatos');

    expect(await screen.findByText('Ningún cliente coincide con «zapatos».')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bebés Luna' })).not.toBeInTheDocument();
    // The search is sent once the typing stops, not a letter at a time.
    const searches = server.sent('GET /cliente').map((r) => r.query.get('text'));
    expect(searches.filter((text) => text)).toEqual(['zapatos']);
  });

  it('turns the page and opens a client from its name (es)', async () => {
    await signInAdmin('es');
    const server = listServer();
    const { user } = await renderWithApp(<ClientListPage />, { path: '/cliente/list' });

    await screen.findByRole('link', { name: 'Bebés Luna' });
    await user.click(screen.getByRole('button', { name: 'Página 2' }));
    expect(await screen.findByRole('link', { name: 'Pequeño Sol' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Bebés Luna' })).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('26–30 de 30 clientes');
    expect(server.sent('GET /cliente').at(-1)?.query.get('page')).toBe('2');

    await user.click(screen.getByRole('link', { name: 'Pequeño Sol' }));
    expect(await screen.findByText('Page: /cliente/40')).toBeInTheDocument();
  });

  it('says the list could not be loaded, and loads it again on Retry (en)', async () => {
    await signInAdmin('en');
    let fail = true;
    stubApi({
      'GET /cliente': () =>
        fail ? answer(500, { message: 'Internal error', code: 'request.internal' }) : listPage(1, firstPage),
    });
    const { user } = await renderWithApp(<ClientListPage />, { lang: 'en', path: '/cliente/list' });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The clients could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Bebés Luna' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
