import {
  type AdminModelRow,
  COLLECTION_MSG,
  type ColeccionDetail,
  type ColeccionUpdateError,
  type Language,
  paging,
} from '@nido/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../lib/api.ts';
import i18n from '../../lib/i18n.ts';
import { clearSession, GUEST_USER, setToken, setUser } from '../../lib/session.ts';
import { answer, type SentRequest, stubApi } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import CollectionEditPage from './CollectionEditPage.tsx';

async function signInAdmin(language: Language) {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['catalogAdmin', 'messages']);
  setToken('test-token');
  setUser({ ...GUEST_USER, id: 1, name: 'Olga', role: 'Admin', language });
}

const summer: ColeccionDetail = {
  id: 15,
  nombre: 'Verano',
  nombre_en: 'Summer',
  coleccion: 'VER26',
  activado: true,
  solorepresentantes: false,
  position: 0,
  pedido_desde: '2026-02-01',
  pedido_hasta: '2026-03-12',
  entrega_desde: null,
  entrega_hasta: null,
  estado_ventana: 'abierta',
  dias_para_cierre: 10,
  imagenes: [],
  modelos: [
    {
      modelo: 'NDCAP103',
      descripcion: 'Capazo Luna',
      descripcion_en: 'Luna carrycot',
      pvp: 189,
      familia: 1,
      baja: false,
      imagen: null,
      position: 0,
    },
    {
      modelo: 'NDBOL200',
      descripcion: 'Bolso Sol',
      descripcion_en: 'Sol bag',
      pvp: 59,
      familia: 4,
      baja: false,
      imagen: null,
      position: 1,
    },
  ],
};

const searched: AdminModelRow = {
  modelo: 'NDCAP104',
  descripcion: 'Capazo Estrella',
  descripcion_en: 'Star carrycot',
  pvp: 199,
  personalizado: 2,
  modelobordado: '',
  familia: 1,
  baja: false,
  cantidad_minima: 1,
  multiplo: 1,
  grupo_rejilla_id: null,
  imagen: null,
  url_img: null,
  colecciones: [],
  grupos: 0,
  posiciones_sin_recuadro: false,
};

/** PUT colecciones/update answering the saved collection as id 15, or `refuse` when given. */
function collectionServer(refuse?: ColeccionUpdateError) {
  return stubApi({
    'GET /colecciones/15/1': (): Answer<'collections.detail'> => summer,
    'GET /modelo-admin/list': ({ query }: SentRequest): Answer<'catalogAdmin.models'> => {
      const hit = query.get('search') && 'NDCAP104'.startsWith(query.get('search') ?? '');
      return { data: hit ? [searched] : [], meta: paging(hit ? 1 : 0, 1) };
    },
    'PUT /colecciones/update': ({ body }: SentRequest) => {
      if (refuse) return answer(422, refuse);
      const { collection } = body as { collection: Partial<ColeccionDetail> };
      return {
        coleccion: { ...summer, ...collection, id: 15, modelos: [] },
      } satisfies Answer<'collections.save'>;
    },
  });
}

async function renderEditor(lang: Language, id: number, refuse?: ColeccionUpdateError) {
  await signInAdmin(lang);
  const server = collectionServer(refuse);
  const view = await renderWithApp(<CollectionEditPage />, {
    lang,
    path: `/modelo/coleccion/${id}`,
    route: '/modelo/coleccion/:id',
  });
  const form = await screen.findByRole('form', {
    name: lang === 'es' ? 'Datos de la colección' : 'Collection details',
  });
  return { ...view, server, form };
}

afterEach(() => clearSession());

describe('the collection editor', () => {
  it.each([
    ['es', 'Guardar colección', 'El nombre es requerido', 'El código de la colección es obligatorio'],
    ['en', 'Save collection', 'The name is required', 'The collection code is required'],
  ] as const)(
    'asks for the Spanish name and the code of a new collection, sending nothing (%s)',
    async (lang, save, nameRequired, codeRequired) => {
      const { user, server, form } = await renderEditor(lang, 0);
      await user.type(within(form).getByRole('textbox', { name: /\(en\)/ }), 'Winter');
      await user.click(within(form).getByRole('button', { name: save }));

      expect(within(form).getByRole('textbox', { name: /\(es\)/ })).toHaveAccessibleDescription(nameRequired);
      expect(within(form).getByRole('textbox', { name: /^(Código|Code)/ })).toHaveAccessibleDescription(
        codeRequired,
      );
      expect(within(form).getByRole('textbox', { name: /\(en\)/ })).toBeValid();
      expect(server.sent('PUT /colecciones/update')).toEqual([]);
    },
  );

  it('saves a new collection with its names, code and a model found by code, then shows it saved (es)', async () => {
    const { user, server, form } = await renderEditor('es', 0);
    await user.type(within(form).getByRole('textbox', { name: /^Nombre \(es\)/ }), 'Invierno');
    await user.type(within(form).getByRole('textbox', { name: 'Nombre (en)' }), 'Winter');
    await user.type(within(form).getByRole('textbox', { name: /^Código/ }), 'INV26');
    await user.type(within(form).getByRole('textbox', { name: 'Añadir modelo' }), 'NDCAP1');
    await user.click(await screen.findByRole('option', { name: 'NDCAP104 · Capazo Estrella' }));
    await user.click(within(form).getByRole('button', { name: 'Añadir' }));
    const members = within(form).getByRole('table', { name: 'Modelos de la colección' });
    expect(within(members).getByRole('row', { name: /NDCAP104/ })).toHaveTextContent('Capazo Estrella');

    await user.click(within(form).getByRole('button', { name: 'Guardar colección' }));
    expect(await screen.findByText('Colección guardada')).toBeInTheDocument();
    // Saved, the editor moves to the collection's own address and shows it as stored.
    expect(await screen.findByRole('heading', { name: 'Verano' })).toBeInTheDocument();
    expect(server.sent('PUT /colecciones/update').map((r) => r.body)).toEqual([
      {
        collection: {
          id: 0,
          nombre: 'Invierno',
          nombre_en: 'Winter',
          coleccion: 'INV26',
          activado: true,
          solorepresentantes: false,
          pedido_desde: null,
          pedido_hasta: null,
          entrega_desde: null,
          entrega_hasta: null,
          modelos: ['NDCAP104'],
        },
      },
    ]);
  });

  it("edits a collection's names and models, and shows the server's refusal beside its field (en)", async () => {
    const refused: ColeccionUpdateError = {
      message: COLLECTION_MSG.codeTaken.text,
      code: 'request.invalid',
      errors: [
        {
          field: 'collection.coleccion',
          message: COLLECTION_MSG.codeTaken.text,
          code: COLLECTION_MSG.codeTaken.code,
        },
      ],
    };
    const { user, server, form } = await renderEditor('en', 15, refused);
    expect(screen.getByRole('heading', { name: 'Summer' })).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /^Name \(es\)/ })).toHaveValue('Verano');
    const english = within(form).getByRole('textbox', { name: 'Name (en)' });
    expect(english).toHaveValue('Summer');

    await user.clear(english);
    await user.type(english, 'Summer 26');
    await user.click(
      within(form).getByRole('button', { name: 'Remove the model NDBOL200 from the collection' }),
    );
    expect(within(form).getByText('You have unsaved changes')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save collection' }));

    const code = within(form).getByRole('textbox', { name: /^Code/ });
    expect(await within(form).findByText('The collection code is already in use')).toBeInTheDocument();
    expect(code).toHaveAccessibleDescription('The collection code is already in use');
    expect(server.sent('PUT /colecciones/update').map((r) => r.body)).toEqual([
      {
        collection: expect.objectContaining({
          id: 15,
          nombre: 'Verano',
          nombre_en: 'Summer 26',
          coleccion: 'VER26',
          modelos: ['NDCAP103'],
        }),
      },
    ]);
  });

  it.each([
    [
      'es',
      ['Pedidos desde', 'Último día de pedido', 'Entrega desde', 'Entrega hasta'],
      'Cierra en 10 días',
      'El último día de pedido no puede ser anterior al día de apertura',
      'Guardar colección',
    ],
    [
      'en',
      ['Orders from', 'Last day to order', 'Delivery from', 'Delivery until'],
      'Closes in 10 days',
      'The last day to order cannot be before the opening day',
      'Save collection',
    ],
  ] as const)(
    'shows the season’s windows with their badge, refuses a window running backwards and saves the days (%s)',
    async (lang, labels, badge, backwards, save) => {
      const { user, server, form } = await renderEditor(lang, 15);
      const [from, until, deliveryFrom, deliveryUntil] = labels.map((l) => within(form).getByLabelText(l));
      expect(from).toHaveValue('2026-02-01');
      expect(until).toHaveValue('2026-03-12');
      expect(deliveryFrom).toHaveValue('');
      expect(within(form).getByText(badge)).toBeInTheDocument();

      await user.clear(until);
      await user.type(until, '2026-01-15');
      await user.click(within(form).getByRole('button', { name: save }));
      expect(until).toHaveAccessibleDescription(backwards);
      expect(server.sent('PUT /colecciones/update')).toEqual([]);

      await user.clear(until);
      await user.type(until, '2026-07-15');
      await user.type(deliveryFrom, '2026-09-01');
      await user.type(deliveryUntil, '2026-10-31');
      await user.click(within(form).getByRole('button', { name: save }));
      await screen.findByText(lang === 'es' ? 'Colección guardada' : 'Collection saved');
      expect(server.sent('PUT /colecciones/update').map((r) => r.body)).toEqual([
        {
          collection: expect.objectContaining({
            id: 15,
            pedido_desde: '2026-02-01',
            pedido_hasta: '2026-07-15',
            entrega_desde: '2026-09-01',
            entrega_hasta: '2026-10-31',
          }),
        },
      ]);
    },
  );
});
