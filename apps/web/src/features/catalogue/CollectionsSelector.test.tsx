import { type ColeccionRow, DEFAULT_PAGING, type ModelSummary } from '@nido/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type SentRequest, stubApi } from '../../test/fetch.ts';
import { renderWithApp } from '../../test/render.tsx';
import { CollectionsSelector } from './CollectionsSelector.tsx';

function collection(
  id: number,
  nombre: string,
  nombre_en: string,
  window: Partial<ColeccionRow> = {},
): ColeccionRow {
  return {
    id,
    nombre,
    nombre_en,
    coleccion: nombre.toUpperCase(),
    activado: true,
    solorepresentantes: false,
    position: id,
    imagen: null,
    url_img: null,
    modelos: 2,
    pedido_desde: null,
    pedido_hasta: null,
    entrega_desde: null,
    entrega_hasta: null,
    estado_ventana: 'sin_ventana',
    dias_para_cierre: null,
    ...window,
  };
}

function model(modelo: string, [descripcion, descripcion_en]: string[], familia: number, pvp: number) {
  const summary: ModelSummary = {
    modelo,
    descripcion,
    descripcion_en,
    pvp,
    precio_neto: pvp,
    familia,
    imagen: null,
    colores: [],
  };
  return summary;
}

const collections = [collection(1, 'Invierno', 'Winter'), collection(2, 'Verano', 'Summer')];
const modelsOf: Record<number, ModelSummary[]> = {
  1: [model('B300', ['Bolso maternal', 'Changing bag'], 4, 59)],
  2: [
    model('M100', ['Capazo Luna', 'Luna carrycot'], 1, 279),
    model('M101', ['Capazo Sol', 'Sol carrycot'], 1, 289.5),
    model('S200', ['Saco de paseo', 'Footmuff'], 5, 45.5),
  ],
};
const modelsIn = ({ body }: SentRequest) => modelsOf[(body as { coleccion: number }).coleccion];

function stubCatalog() {
  return stubApi({
    'POST /colecciones/list': () => ({ data: collections, meta: DEFAULT_PAGING }),
    'POST /modelo/modeloscoleccion': (request) => ({ data: modelsIn(request) }),
    // The compact list: codes and descriptions only.
    'POST /modelo/modeloscoleccionlist': (request) => ({
      data: modelsIn(request).map(({ modelo, descripcion, descripcion_en }) => ({
        modelo,
        descripcion,
        descripcion_en,
      })),
    }),
  });
}

/** One collection of each order-window state (record 053), as the server answers them. */
const seasons = [
  collection(1, 'Invierno', 'Winter'),
  collection(3, 'Otoño-Invierno 2026', 'Autumn-Winter 2026', {
    pedido_desde: '2026-06-01',
    pedido_hasta: '2026-07-15',
    estado_ventana: 'proxima',
  }),
  collection(4, 'Primavera-Verano 2026', 'Spring-Summer 2026', {
    pedido_hasta: '2026-12-31',
    estado_ventana: 'abierta',
    dias_para_cierre: 120,
  }),
  collection(5, 'Navidad', 'Christmas', {
    pedido_hasta: '2026-03-12',
    estado_ventana: 'abierta',
    dias_para_cierre: 10,
  }),
  collection(6, 'Rebajas', 'Sale', {
    pedido_hasta: '2026-03-02',
    estado_ventana: 'abierta',
    dias_para_cierre: 0,
  }),
  collection(7, 'Primavera-Verano 2025', 'Spring-Summer 2025', {
    pedido_hasta: '2025-01-31',
    estado_ventana: 'cerrada',
  }),
];

describe('CollectionsSelector', () => {
  it.each([
    [
      'es',
      ['Próxima · abre el 01/06/2026', 'Abierta', 'Cierra en 10 días', 'Último día para pedir', 'Cerrada'],
    ],
    ['en', ['Upcoming · opens on 01/06/2026', 'Open', 'Closes in 10 days', 'Last day to order', 'Closed']],
  ] as const)(
    'shows each collection’s order window as a badge, none without a window (%s)',
    async (lang, texts) => {
      stubApi({ 'POST /colecciones/list': () => ({ data: seasons, meta: DEFAULT_PAGING }) });
      await renderWithApp(<CollectionsSelector onAdd={vi.fn()} />, { lang });
      const chips = await screen.findByRole('group', {
        name: lang === 'es' ? 'Elige una colección' : /collection/i,
      });
      const groups = [...chips.children];
      expect(groups.map((g) => g.textContent)).toEqual([
        lang === 'es' ? 'Invierno' : 'Winter',
        ...seasons.slice(1).map((c, i) => `${lang === 'es' ? c.nombre : c.nombre_en}${texts[i]}`),
      ]);
    },
  );

  it('lists the collections; one picked at a time shows its models by family (es)', async () => {
    const server = stubCatalog();
    const onAdd = vi.fn();
    const { user } = await renderWithApp(<CollectionsSelector onAdd={onAdd} />);

    const chips = await screen.findByRole('group', { name: 'Elige una colección' });
    const winter = within(chips).getByRole('checkbox', { name: 'Invierno' });
    const summer = within(chips).getByRole('checkbox', { name: 'Verano' });
    await user.click(winter);
    expect(await screen.findByRole('button', { name: /BOLSOS/ })).toBeInTheDocument();
    await user.click(summer);

    expect(summer).toBeChecked();
    expect(winter).not.toBeChecked();
    await user.click(await screen.findByRole('button', { name: 'CAPAZO 2 modelos' }));
    expect(screen.queryByRole('button', { name: /BOLSOS/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'M101 Capazo Sol' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Añadir al carrito M100' }));
    expect(onAdd).toHaveBeenCalledWith('M100', 2);
    expect(server.sent('POST /colecciones/list').map((r) => r.body)).toEqual([
      { filters: { page: 1, per_page: 100 } },
    ]);
    expect(server.sent('POST /modelo/modeloscoleccion').map((r) => r.body)).toEqual([
      { coleccion: 1 },
      { coleccion: 2 },
    ]);
  });

  it('names the families in English (en)', async () => {
    stubCatalog();
    const { user } = await renderWithApp(<CollectionsSelector onAdd={vi.fn()} />, { lang: 'en' });

    await user.click(await screen.findByRole('checkbox', { name: 'Summer' }));
    expect(await screen.findByRole('button', { name: 'CARRYCOTS 2 models' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ACCESSORIES 1 model' })).toBeInTheDocument();
    expect(screen.queryByText('CAPAZO')).not.toBeInTheDocument();
  });

  it('in compact mode filters the models by what is typed and lists the chosen one (en)', async () => {
    const server = stubCatalog();
    const onAdd = vi.fn();
    const { user } = await renderWithApp(<CollectionsSelector onAdd={onAdd} />, { lang: 'en' });

    await user.click(screen.getByRole('switch', { name: 'Compact mode' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Summer' }));
    await user.type(await screen.findByRole('textbox', { name: 'Models' }), 'carrycot');

    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['M100 · Luna carrycot', 'M101 · Sol carrycot']);
    await user.click(options[1]);
    const row = screen.getByRole('row', { name: /M101/ });
    const [code, description, price] = within(row).getAllByRole('cell');
    expect(code).toHaveTextContent('M101');
    expect(description).toHaveTextContent('Sol carrycot');
    expect(price).toHaveTextContent('289,50 €');
    await user.click(within(row).getByRole('button', { name: 'Add to cart M101' }));
    expect(onAdd).toHaveBeenCalledWith('M101', 2);
    expect(server.sent('POST /modelo/modeloscoleccionlist').map((r) => r.body)).toEqual([{ coleccion: 2 }]);
  });
});
