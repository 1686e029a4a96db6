import { ModalsProvider } from '@mantine/modals';
import { type ClienteUser, type ErrorBody, type Language, MSG } from '@nido/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../lib/api.ts';
import i18n from '../../lib/i18n.ts';
import { clearSession, GUEST_USER, setToken, setUser } from '../../lib/session.ts';
import { answer, type SentRequest, stubApi } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ClientUsers } from './ClientUsers.tsx';

async function signInAdmin(language: Language) {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['clients', 'messages', 'account']);
  setToken('test-token');
  setUser({ ...GUEST_USER, id: 1, name: 'Olga', role: 'Admin', language });
}

const ana: ClienteUser = {
  id: 31,
  name: 'Ana',
  email: 'ana@bebesluna.es',
  role: 'Cliente',
  language: 'es',
  active: true,
};
const tom: ClienteUser = {
  ...ana,
  id: 32,
  name: 'Tom',
  email: 'tom@bebesluna.es',
  language: 'en',
  active: false,
};

/** 422 of POST clienteUsers for an email another user has (ErrorBody). */
const emailTaken: ErrorBody = {
  message: 'The given data was invalid',
  code: 'request.invalid',
  errors: { email: [MSG.emailTaken.text] },
  issues: { email: [{ code: MSG.emailTaken.code }] },
};

/** Client 7's users; POST clienteUsers adds one, or refuses the email `taken`. */
function usersServer(taken?: string) {
  let users = [ana, tom];
  return stubApi({
    'GET /clienteUsers/7': (): Answer<'clients.users'> => users,
    'POST /clienteUsers': ({ body }: SentRequest) => {
      const { name, email, language } = body as { name: string; email: string; language: Language };
      if (email === taken) return answer(422, emailTaken);
      const created: ClienteUser = { id: 33, name, email, language, role: 'Cliente', active: true };
      users = [...users, created];
      return { ok: true, data: created } satisfies Answer<'clients.createUser'>;
    },
  });
}

async function renderUsers(
  lang: Language,
  { canManage = true, taken }: { canManage?: boolean; taken?: string } = {},
) {
  await signInAdmin(lang);
  const server = usersServer(taken);
  const view = await renderWithApp(
    <ModalsProvider>
      <ClientUsers clienteId={7} canManage={canManage} />
    </ModalsProvider>,
    { lang },
  );
  await screen.findByText('ana@bebesluna.es');
  return { ...view, server };
}

/** Fills the new user's dialog: name, email, password twice, language. */
async function fillNewUser(
  { user }: Awaited<ReturnType<typeof renderUsers>>,
  dialog: HTMLElement,
  labels: { name: string; password: string; confirmation: string; language: string },
  email: string,
) {
  await user.type(within(dialog).getByRole('textbox', { name: new RegExp(`^${labels.name}`) }), 'Lola');
  await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), email);
  await user.type(within(dialog).getByLabelText(new RegExp(`^${labels.password}`)), 'nube-de-algodón');
  await user.type(within(dialog).getByLabelText(new RegExp(`^${labels.confirmation}`)), 'nube-de-algodón');
  await user.selectOptions(within(dialog).getByRole('combobox', { name: labels.language }), 'English');
}

afterEach(() => clearSession());

describe("a client's users", () => {
  it('lists the users with their language and state; a representative only reads them (es)', async () => {
    await renderUsers('es', { canManage: false });
    const table = screen.getByRole('table', { name: 'Usuarios' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Ana', 'ana@bebesluna.es', 'Español', 'Activo'],
      ['Tom', 'tom@bebesluna.es', 'Inglés', 'Inactivo'],
    ]);
    expect(screen.queryByRole('button', { name: 'Añadir usuario' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar a Ana' })).not.toBeInTheDocument();
  });

  it('creates a user with its email and language, and lists it (es)', async () => {
    const view = await renderUsers('es');
    const { user, server } = view;
    await user.click(screen.getByRole('button', { name: 'Añadir usuario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo usuario' });
    await fillNewUser(
      view,
      dialog,
      { name: 'Nombre', password: 'Contraseña', confirmation: 'Repite la contraseña', language: 'Idioma' },
      'lola@bebesluna.es',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Crear usuario' }));

    expect(await screen.findByText('Usuario Lola creado.')).toBeInTheDocument();
    expect(await screen.findByText('lola@bebesluna.es')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.sent('POST /clienteUsers').map((r) => r.body)).toEqual([
      {
        cliente_id: 7,
        name: 'Lola',
        email: 'lola@bebesluna.es',
        password: 'nube-de-algodón',
        password_confirmation: 'nube-de-algodón',
        language: 'en',
        active: true,
      },
    ]);
  });

  it.each([
    ['es', 'Añadir usuario', 'Nuevo usuario', 'Crear usuario', 'Ese email ya está en uso'],
    ['en', 'Add user', 'New user', 'Create user', 'The email has already been taken'],
  ] as const)(
    'shows a refused email under the email field and keeps the dialog open (%s)',
    async (lang, add, title, create, taken) => {
      const view = await renderUsers(lang, { taken: 'ana@bebesluna.es' });
      const { user, server } = view;
      await user.click(screen.getByRole('button', { name: add }));
      const dialog = await screen.findByRole('dialog', { name: title });
      await fillNewUser(
        view,
        dialog,
        lang === 'es'
          ? {
              name: 'Nombre',
              password: 'Contraseña',
              confirmation: 'Repite la contraseña',
              language: 'Idioma',
            }
          : { name: 'Name', password: 'Password', confirmation: 'Confirm password', language: 'Language' },
        'ana@bebesluna.es',
      );
      await user.click(within(dialog).getByRole('button', { name: create }));

      const email = within(dialog).getByRole('textbox', { name: /^Email/ });
      expect(await within(dialog).findByText(taken)).toBeInTheDocument();
      expect(email).toHaveAccessibleDescription(taken);
      expect(email).toBeInvalid();
      expect(server.sent('POST /clienteUsers')).toHaveLength(1);
      expect(screen.getAllByRole('row')).toHaveLength(3);
    },
  );
});
