import {
  CATALOG_ADMIN_MSG,
  type ErrorBody,
  type Language,
  ORDER_MSG,
  type PriceList,
  type PriceListPrice,
  type PriceListSummary,
  paging,
} from '@nido/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Answer } from '../../../lib/api.ts';
import i18n from '../../../lib/i18n.ts';
import { clearSession, GUEST_USER, setToken, setUser } from '../../../lib/session.ts';
import { answer, type SentRequest, stubApi } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import PriceListsPage from './PriceListsPage.tsx';

async function signInAdmin(language: Language) {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['prices', 'messages']);
  setToken('test-token');
  setUser({ ...GUEST_USER, id: 1, name: 'Olga', role: 'Admin', language });
}

const wholesale: PriceListSummary = {
  id: 3,
  nombre: 'Mayoristas',
  descuento: 30,
  clientes: 4,
  precios: 1,
  porte: null,
  porte_gratis_desde: null,
  pedido_minimo_primero: null,
  pedido_minimo: null,
};
const shops: PriceListSummary = {
  id: 5,
  nombre: 'Tiendas',
  descuento: 12.5,
  clientes: 9,
  precios: 0,
  porte: 6.5,
  porte_gratis_desde: 300,
  pedido_minimo_primero: null,
  pedido_minimo: null,
};
const wholesaleList: PriceList = { ...wholesale, colecciones: [], familias: [{ familia: 1, descuento: 35 }] };
const capazo: PriceListPrice = {
  modelo: 'NDCAP103',
  descripcion: 'Capazo Luna',
  descripcion_en: 'Luna carrycot',
  pvp: 189,
  precio: 120,
};

const noCollections: Answer<'collections.list'> = { data: [], meta: paging(0, 1) };

/** The price list server: the lists, list 3 with its net prices, and what each change answers. */
function priceServer(extra: Record<string, (request: SentRequest) => unknown> = {}) {
  let prices = [capazo];
  return stubApi({
    'GET /tarifas': (): Answer<'priceLists.list'> => ({ data: [wholesale, shops] }),
    'POST /colecciones/list': () => noCollections,
    'GET /tarifas/3': (): Answer<'priceLists.get'> => wholesaleList,
    'GET /tarifas/3/precios': (): Answer<'priceLists.prices'> => ({
      data: prices,
      meta: paging(prices.length, 1),
    }),
    'PUT /tarifas/3/precios/NDCAP104': ({ body }) => {
      const { precio } = body as { precio: number };
      prices = [
        ...prices,
        { modelo: 'NDCAP104', descripcion: 'Capazo Sol', descripcion_en: '', pvp: 199, precio },
      ];
      return answer(204);
    },
    'DELETE /tarifas/3/precios/NDCAP103': () => {
      prices = prices.filter((p) => p.modelo !== 'NDCAP103');
      return answer(204);
    },
    ...extra,
  });
}

/**
 * Chooses `file` in the file field labelled `label`: Mantine's FileInput is a button beside a hidden
 * file input (the page's only one), which is what takes the file.
 */
async function chooseFile(
  user: Awaited<ReturnType<typeof renderWithApp>>['user'],
  label: RegExp,
  file: File,
) {
  expect(screen.getByRole('button', { name: label })).toBeEnabled();
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  await user.upload(input, file);
  expect(screen.getByRole('button', { name: label })).toHaveTextContent(file.name);
}

/** Opens list 3 (Mayoristas) from its row. */
async function openWholesale(user: Awaited<ReturnType<typeof renderWithApp>>['user'], edit: string) {
  await user.click(await screen.findByRole('button', { name: edit }));
  return screen.findByRole('table', { name: /^(Precios netos por modelo|Net prices per model)$/ });
}

afterEach(() => clearSession());

describe('the price lists', () => {
  it.each([
    ['es', 'Tarifas', 'Sin portes', '6,50 €, gratis desde 300,00 €'],
    ['en', 'Price lists', 'None', '6,50 €, free from 300,00 €'],
  ] as const)(
    'lists each price list with its discount, shipping and counts (%s)',
    async (lang, title, none, rule) => {
      await signInAdmin(lang);
      priceServer();
      await renderWithApp(<PriceListsPage />, { lang, path: '/tarifas' });

      const table = await screen.findByRole('table', { name: title });
      const rows = within(table).getAllByRole('row').slice(1);
      const cells = rows.map((r) => within(r).getAllByRole('cell').slice(0, 5));
      expect(cells[0][0]).toHaveTextContent('Mayoristas');
      expect(cells[0][1]).toHaveTextContent('30 %');
      expect(cells[0][2]).toHaveTextContent(none);
      expect(cells[1][1]).toHaveTextContent('12,5 %');
      expect(cells[1][2]).toHaveTextContent(rule);
      expect(cells[1][3]).toHaveTextContent('9');
    },
  );

  it('creates a list from its name, discount and shipping, and says why the server refused it (es)', async () => {
    await signInAdmin('es');
    let taken = true;
    const server = priceServer({
      'POST /tarifas': ({ body }) =>
        taken
          ? answer(422, {
              message: CATALOG_ADMIN_MSG.priceListNameTaken.text,
              code: CATALOG_ADMIN_MSG.priceListNameTaken.code,
            } satisfies ErrorBody)
          : ({ ...wholesaleList, ...(body as object), id: 3 } satisfies Answer<'priceLists.create'>),
    });
    const { user } = await renderWithApp(<PriceListsPage />, { path: '/tarifas' });

    await user.click(await screen.findByRole('button', { name: 'Nueva tarifa' }));
    const form = await screen.findByRole('form', { name: 'Nueva tarifa' });
    await user.type(within(form).getByRole('textbox', { name: /^Nombre/ }), 'Mayoristas');
    await user.type(
      within(form).getByRole('textbox', { name: 'Descuento de la tarifa' }),
      '{Control>}a{/Control}12,5',
    );
    await user.type(within(form).getByRole('textbox', { name: 'CAPAZO' }), '15');
    await user.type(within(form).getByRole('textbox', { name: 'Portes' }), '6,5');
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));

    expect(await within(form).findByRole('alert')).toHaveTextContent('Ya hay otra tarifa con este nombre');
    expect(server.sent('POST /tarifas').map((r) => r.body)).toEqual([
      {
        nombre: 'Mayoristas',
        descuento: 12.5,
        familias: [{ familia: 1, descuento: 15 }],
        colecciones: [],
        porte: 6.5,
        porte_gratis_desde: null,
        pedido_minimo_primero: null,
        pedido_minimo: null,
      },
    ]);

    taken = false;
    await user.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Tarifa Mayoristas guardada')).toBeInTheDocument();
    // Saved, the list opens with its net prices.
    expect(await screen.findByRole('form', { name: 'Tarifa Mayoristas' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Precios netos por modelo' })).toBeInTheDocument();
  });

  it('sets a net price typed in euros, and removes another (es)', async () => {
    await signInAdmin('es');
    const server = priceServer();
    const { user } = await renderWithApp(<PriceListsPage />, { path: '/tarifas' });
    const table = await openWholesale(user, 'Editar Mayoristas');
    const row = await within(table).findByRole('row', { name: /NDCAP103/ });
    expect(row).toHaveTextContent('189,00 €');
    expect(row).toHaveTextContent('120,00 €');

    const add = screen.getByRole('form', { name: 'Fijar precio neto' });
    await user.type(within(add).getByRole('textbox', { name: /^Código/ }), ' NDCAP104 ');
    await user.type(within(add).getByRole('textbox', { name: /^Precio neto/ }), '99,9');
    await user.click(within(add).getByRole('button', { name: 'Fijar precio neto' }));

    expect(await screen.findByText('Precio neto de NDCAP104 guardado')).toBeInTheDocument();
    expect(await within(table).findByRole('row', { name: /NDCAP104/ })).toHaveTextContent('99,90 €');
    expect(server.sent('PUT /tarifas/3/precios/NDCAP104').map((r) => r.body)).toEqual([{ precio: 99.9 }]);

    await user.click(screen.getByRole('button', { name: 'Quitar el precio neto de NDCAP103' }));
    await waitFor(() =>
      expect(within(table).queryByRole('row', { name: /NDCAP103/ })).not.toBeInTheDocument(),
    );
    expect(within(table).getByRole('row', { name: /NDCAP104/ })).toBeInTheDocument();
    expect(server.sent('DELETE /tarifas/3/precios/NDCAP103')).toHaveLength(1);
  });

  it.each([
    [
      'es',
      'Editar Mayoristas',
      /^Archivo/,
      'Revisar archivo',
      'Filas correctas: 1; filas con errores: 1',
      'Código de modelo desconocido: XX999',
      /^Importar/,
    ],
    [
      'en',
      'Edit Mayoristas',
      /^File/,
      'Check file',
      'Rows without errors: 1; rows with errors: 1',
      'Unknown model code: XX999',
      /^Import/,
    ],
  ] as const)(
    'previews an import, flags its bad rows and saves nothing (%s)',
    async (lang, edit, fileLabel, check, summary, problem, importLabel) => {
      await signInAdmin(lang);
      const preview: Answer<'priceLists.importPreview'> = {
        rows: [
          { row: 2, modelo: 'NDCAP103', precio: 110, pvp: 189, errors: [] },
          {
            row: 3,
            modelo: 'XX999',
            precio: 10,
            pvp: null,
            errors: [
              {
                code: CATALOG_ADMIN_MSG.unknownModelCode({ modelo: 'XX999' }).code,
                params: { modelo: 'XX999' },
              },
            ],
          },
        ],
        validos: 1,
        errores: 1,
      };
      const server = priceServer({ 'POST /tarifas/3/import/preview': () => preview });
      const { user } = await renderWithApp(<PriceListsPage />, { lang, path: '/tarifas' });
      await openWholesale(user, edit);

      const file = new File(['modelo;precio\nNDCAP103;110\nXX999;10\n'], 'mayoristas.csv', {
        type: 'text/csv',
      });
      await chooseFile(user, fileLabel, file);
      await user.click(screen.getByRole('button', { name: check }));

      expect(await screen.findByText(new RegExp(`^${summary}`))).toBeInTheDocument();
      const bad = screen.getByRole('table', {
        name: lang === 'es' ? 'Filas con errores' : 'Rows with errors',
      });
      const rows = within(bad).getAllByRole('row').slice(1);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toHaveTextContent('XX999');
      expect(rows[0]).toHaveTextContent(problem);
      expect(screen.getByRole('button', { name: importLabel })).toBeDisabled();
      const sent = server.sent('POST /tarifas/3/import/preview');
      expect(sent).toHaveLength(1);
      expect((sent[0].body as FormData).get('file')).toMatchObject({ name: 'mayoristas.csv' });
      expect(server.sent('POST /tarifas/3/import')).toEqual([]);
    },
  );

  it('says a file it could not read could not be read (es)', async () => {
    await signInAdmin('es');
    priceServer({
      'POST /tarifas/3/import/preview': () =>
        answer(422, {
          message: ORDER_MSG.fileUnreadable.text,
          code: ORDER_MSG.fileUnreadable.code,
          errors: { file: [ORDER_MSG.fileUnreadable.text] },
          issues: { file: [{ code: ORDER_MSG.fileUnreadable.code }] },
        } satisfies ErrorBody),
    });
    const { user } = await renderWithApp(<PriceListsPage />, { path: '/tarifas' });
    await openWholesale(user, 'Editar Mayoristas');

    await chooseFile(user, /^Archivo/, new File(['\u0000\u0001'], 'tarifa.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Revisar archivo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se ha podido leer el archivo');
    expect(screen.queryByRole('button', { name: /^Importar/ })).not.toBeInTheDocument();
  });
});
