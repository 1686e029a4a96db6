import { ModalsProvider } from '@mantine/modals';
import type { DeliveryAddress, DeliveryAddressWriteRequest, Language } from '@nido/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../lib/api.ts';
import i18n from '../../lib/i18n.ts';
import { clearSession, GUEST_USER, setToken, setUser } from '../../lib/session.ts';
import { type SentRequest, stubApi } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { DeliveryAddresses } from './DeliveryAddresses.tsx';

async function signInAdmin(language: Language) {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['clients', 'messages']);
  setToken('test-token');
  setUser({ ...GUEST_USER, id: 1, name: 'Olga', role: 'Admin', language });
}

const shop: DeliveryAddress = {
  id: 21,
  cliente_id: 7,
  nombre: 'Tienda centro',
  direccion: 'Calle Mayor 1',
  cp: '28013',
  poblacion: 'Madrid',
  provincia: 'Madrid',
  pais: 'España',
  telefono: '910000000',
  predeterminada: true,
};
const warehouse: DeliveryAddress = {
  id: 22,
  cliente_id: 7,
  nombre: 'Almacén',
  direccion: 'Polígono Sur 4',
  cp: '28906',
  poblacion: 'Getafe',
  provincia: 'Madrid',
  pais: 'España',
  telefono: '',
  predeterminada: false,
};

/** Client 7's addresses as the server keeps them: every change answers them all, the default first. */
function addressServer() {
  let addresses = [shop, warehouse];
  const all = (): Answer<'addresses.list'> => ({ data: addresses });
  const server = stubApi({
    'GET /cliente/7/direcciones': all,
    'POST /cliente/7/direcciones': ({ body }: SentRequest) => {
      const write = body as DeliveryAddressWriteRequest;
      addresses = [...addresses, { ...warehouse, ...write, id: 23, predeterminada: false }];
      return all();
    },
    'PUT /direccion/21': ({ body }: SentRequest) => {
      addresses = addresses.map((a) =>
        a.id === 21 ? { ...a, ...(body as DeliveryAddressWriteRequest) } : a,
      );
      return all();
    },
    'DELETE /direccion/22': () => {
      addresses = addresses.filter((a) => a.id !== 22);
      return all();
    },
  });
  return server;
}

async function renderAddresses(lang: Language, canManage = true) {
  await signInAdmin(lang);
  const server = addressServer();
  const view = await renderWithApp(
    <ModalsProvider>
      <DeliveryAddresses clienteId={7} canManage={canManage} />
    </ModalsProvider>,
    { lang },
  );
  await screen.findByRole('listitem', { name: 'Tienda centro' });
  return { ...view, server };
}

afterEach(() => clearSession());

describe("a client's delivery addresses", () => {
  it.each([
    ['es', 'Predeterminada', 'Hacer predeterminada Almacén', 'Hacer predeterminada Tienda centro'],
    ['en', 'Default', 'Make Almacén the default', 'Make Tienda centro the default'],
  ] as const)(
    'marks the default address, and offers to make only the others the default (%s)',
    async (lang, mark, makeOther, makeDefault) => {
      await renderAddresses(lang);
      const [first, second] = screen.getAllByRole('listitem');
      expect(first).toHaveAccessibleName('Tienda centro');
      expect(within(first).getByText(mark)).toBeInTheDocument();
      expect(within(first).getByText('28013 Madrid')).toBeInTheDocument();
      expect(within(first).getByText('Tel. 910000000')).toBeInTheDocument();
      expect(within(second).queryByText(mark)).not.toBeInTheDocument();
      expect(within(second).getByText('28906 Getafe (Madrid)')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: makeOther })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: makeDefault })).not.toBeInTheDocument();
    },
  );

  it('shows a reader the addresses without any change to make (es)', async () => {
    await renderAddresses('es', false);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('adds an address once it has a name, and lists it (es)', async () => {
    const { user, server } = await renderAddresses('es');
    await user.click(screen.getByRole('button', { name: 'Añadir dirección' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nueva dirección de entrega' });

    await user.type(within(dialog).getByRole('textbox', { name: 'Dirección' }), 'Avenida del Puerto 9');
    await user.click(within(dialog).getByRole('button', { name: 'Añadir dirección' }));
    expect(within(dialog).getByRole('textbox', { name: /^Nombre/ })).toHaveAccessibleDescription(
      expect.stringContaining('La dirección necesita un nombre'),
    );
    expect(server.sent('POST /cliente/7/direcciones')).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /^Nombre/ }), 'Tienda puerto');
    await user.type(within(dialog).getByRole('textbox', { name: 'Población' }), 'Valencia');
    await user.click(within(dialog).getByRole('button', { name: 'Añadir dirección' }));

    expect(await screen.findByRole('listitem', { name: 'Tienda puerto' })).toHaveTextContent(
      'Avenida del Puerto 9',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Dirección Tienda puerto guardada.')).toBeInTheDocument();
    expect(server.sent('POST /cliente/7/direcciones').map((r) => r.body)).toEqual([
      expect.objectContaining({
        nombre: 'Tienda puerto',
        direccion: 'Avenida del Puerto 9',
        poblacion: 'Valencia',
        pais: 'España',
        predeterminada: false,
      }),
    ]);
  });

  it('edits an address in a dialog that starts from its values (en)', async () => {
    const { user, server } = await renderAddresses('en');
    await user.click(screen.getByRole('button', { name: 'Edit Tienda centro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Tienda centro' });
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' });
    expect(phone).toHaveValue('910000000');

    await user.clear(phone);
    await user.type(phone, '915555555');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Tel. 915555555')).toBeInTheDocument();
    expect(server.sent('PUT /direccion/21').map((r) => r.body)).toEqual([
      expect.objectContaining({ nombre: 'Tienda centro', telefono: '915555555', predeterminada: true }),
    ]);
  });

  it('deletes an address only once the user confirms (es)', async () => {
    const { user, server } = await renderAddresses('es');
    await user.click(screen.getByRole('button', { name: 'Eliminar Almacén' }));
    let dialog = await screen.findByRole('dialog', { name: 'Eliminar dirección' });
    expect(dialog).toHaveTextContent('¿Eliminar la dirección Almacén? Los pedidos ya enviados la conservan.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(server.sent('DELETE /direccion/22')).toEqual([]);
    expect(screen.getByRole('listitem', { name: 'Almacén' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Eliminar Almacén' }));
    dialog = await screen.findByRole('dialog', { name: 'Eliminar dirección' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Dirección Almacén eliminada.')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Almacén' })).not.toBeInTheDocument();
    expect(server.sent('DELETE /direccion/22')).toHaveLength(1);
  });
});
