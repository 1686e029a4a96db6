import { CLIENT_MSG, type Cliente, type ErrorBody, type Language } from '@nido/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Answer } from '../../lib/api.ts';
import i18n from '../../lib/i18n.ts';
import { clearSession, GUEST_USER, setToken, setUser } from '../../lib/session.ts';
import { answer, type SentRequest, stubApi } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ClientForm } from './ClientForm.tsx';

async function signInAdmin(language: Language) {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['clients', 'messages']);
  setToken('test-token');
  setUser({ ...GUEST_USER, id: 1, name: 'Olga', role: 'Admin', language });
}

const priceLists: Answer<'priceLists.list'> = {
  data: [
    {
      id: 3,
      nombre: 'Mayoristas',
      descuento: 30,
      clientes: 4,
      precios: 12,
      porte: null,
      porte_gratis_desde: null,
      pedido_minimo_primero: null,
      pedido_minimo: null,
    },
    {
      id: 5,
      nombre: 'Tiendas',
      descuento: 10,
      clientes: 9,
      precios: 0,
      porte: 6.5,
      porte_gratis_desde: 300,
      pedido_minimo_primero: null,
      pedido_minimo: null,
    },
  ],
};

/** Bebés Berlin: an EU client (intra-community regime, a German VAT number) on the Tiendas list. */
const cliente: Cliente = {
  id: 12,
  nomcome: 'Bebés Berlin',
  nombre: 'Bebés Berlin GmbH',
  cif: 'DE123456789',
  email: 'info@bebesberlin.de',
  telefono: '',
  direccion: 'Torstraße 1',
  poblacion: 'Berlin',
  provincia: 'Berlin',
  cp: '10119',
  pais: 'Alemania',
  regimen_fiscal: 'intracomunitario',
  activo: true,
  representante_id: null,
  representante: null,
  tarifa_id: 5,
  descuento: 0,
};

/** A 422 as the server sends it (ErrorBody): per field, the English text and its catalogue code. */
const vatRefused: ErrorBody = {
  message: 'The given data was invalid',
  code: 'request.invalid',
  errors: { cif: [CLIENT_MSG.vatNumberInvalid.text] },
  issues: { cif: [{ code: CLIENT_MSG.vatNumberInvalid.code }] },
};

afterEach(() => clearSession());

describe('the client form', () => {
  it.each([
    ['es', /^Crear cliente/, /^Nombre comercial/, 'El nombre comercial es obligatorio'],
    ['en', /^Create client/, /^Trade name/, 'The trade name is required'],
  ] as const)(
    'asks for the trade name beside its field and sends nothing without it (%s)',
    async (lang, create, name, required) => {
      await signInAdmin(lang);
      const server = stubApi({ 'GET /tarifas': () => priceLists });
      const { user } = await renderWithApp(<ClientForm />, { lang });

      await user.click(screen.getByRole('button', { name: create }));
      const field = screen.getByRole('textbox', { name: name });
      expect(field).toHaveAccessibleDescription(required);
      expect(field).toBeInvalid();
      expect(server.sent('POST /cliente')).toEqual([]);
    },
  );

  it('offers the price lists in its select and creates the client on the chosen one (es)', async () => {
    await signInAdmin('es');
    const onCreated = vi.fn();
    const server = stubApi({
      'GET /tarifas': () => priceLists,
      'POST /cliente': ({ body }: SentRequest): Answer<'clients.create'> => ({
        ok: true,
        data: { ...cliente, ...(body as Partial<Cliente>), id: 40, regimen_fiscal: 'general' },
      }),
    });
    const { user } = await renderWithApp(<ClientForm onCreated={onCreated} />);

    await user.type(screen.getByRole('textbox', { name: /^Nombre comercial/ }), 'Pequeño Sol');
    await user.click(screen.getByRole('textbox', { name: 'Tarifa' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Sin tarifa (PVP)', 'Mayoristas', 'Tiendas']);
    await user.click(screen.getByRole('option', { name: 'Mayoristas' }));
    await user.click(screen.getByRole('button', { name: /^Crear cliente/ }));

    expect(await screen.findByText('Cliente Pequeño Sol creado.')).toBeInTheDocument();
    expect(server.sent('POST /cliente').map((r) => r.body)).toEqual([
      expect.objectContaining({
        nomcome: 'Pequeño Sol',
        tarifa_id: 3,
        regimen_fiscal: 'general',
        activo: true,
      }),
    ]);
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ id: 40, nomcome: 'Pequeño Sol' }));
  });

  it.each([
    [
      'es',
      'Guardar cambios',
      'Revisa los campos marcados.',
      'Un cliente de otro país de la UE necesita un NIF-IVA europeo válido',
    ],
    [
      'en',
      'Save changes',
      'Please check the highlighted fields.',
      'A client in another EU state needs a valid EU VAT number',
    ],
  ] as const)(
    "shows the server's refusal of a field beside that field (%s)",
    async (lang, save, fix, refused) => {
      await signInAdmin(lang);
      const server = stubApi({
        'GET /tarifas': () => priceLists,
        'PUT /cliente/12': () => answer(422, vatRefused),
      });
      const { user } = await renderWithApp(<ClientForm cliente={cliente} />, { lang });

      // The client's price list shows by its name once the lists are in.
      const priceList = screen.getByRole('textbox', { name: lang === 'es' ? 'Tarifa' : 'Price list' });
      await waitFor(() => expect(priceList).toHaveValue('Tiendas'));
      const phone = screen.getByRole('textbox', { name: lang === 'es' ? 'Teléfono' : 'Phone' });
      await user.type(phone, '+49 30 1234');
      await user.click(screen.getByRole('button', { name: save }));

      const cif = screen.getByRole('textbox', { name: lang === 'es' ? 'CIF' : 'Tax ID (CIF)' });
      expect(await screen.findByRole('alert')).toHaveTextContent(fix);
      expect(cif).toHaveAccessibleDescription(refused);
      expect(phone).toBeValid();
      expect(server.sent('PUT /cliente/12').map((r) => r.body)).toEqual([
        expect.objectContaining({ cif: 'DE123456789', telefono: '+49 30 1234', tarifa_id: 5 }),
      ]);
    },
  );
});
