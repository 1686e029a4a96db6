import type { ModelDetail, ModelGroup, ModelOption, Order } from '@nido/contract';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../../lib/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithApp, signIn } from '../../../test/render.tsx';
import { LineAddForm } from './LineAddForm.tsx';

const OPTION: Omit<ModelOption, 'id' | 'codigo' | 'nombre' | 'nombre_en' | 'position' | 'precio_neto'> = {
  color: null,
  price: 0,
  letters: 0,
  embroidery_color: false,
  embroidery_position: '',
  embroidery_position_en: '',
  activado: true,
  imagen: null,
  section: null,
};

function option(id: number, codigo: string, [nombre, nombre_en]: string[], extra: Partial<ModelOption> = {}) {
  return { ...OPTION, id, codigo, nombre, nombre_en, position: id, precio_neto: extra.price ?? 0, ...extra };
}

function group(id: number, [nombre, nombre_en]: string[], position: number, parametros: ModelOption[]) {
  const pivot = { modelos_modelo: 'M100', parametros_grupos_id: id, position, section_models_id: 0, size: 1 };
  const group: ModelGroup = {
    id,
    nombre,
    nombre_en,
    activado: true,
    size: 1,
    pivot: { ...pivot, section_name: '', section_name_en: '' },
    parametros,
  };
  return group;
}

/** A carrycot: fabric and trim under "Tejidos", the embroidery (8 letters at most) under "Personalización". */
const model: ModelDetail = {
  modelo: 'M100',
  descripcion: 'Capazo Luna',
  descripcion_en: 'Luna carrycot',
  pvp: 279,
  precio_neto: 279,
  personalizado: 2,
  modelobordado: '0802',
  familia: 1,
  baja: false,
  cantidad_minima: 1,
  multiplo: 1,
  grupo_rejilla_id: null,
  imagenes: [],
  grupos: [
    group(10, ['Tejido', 'Fabric'], 0, [
      option(1, 'TJ01', ['Gris perla', 'Pearl grey']),
      option(2, 'TJ02', ['Rosa palo', 'Blush pink'], { price: 12.5 }),
      option(7, 'TJ11', ['Estrellas grises', 'Grey stars']),
    ]),
    group(40, ['Acabado', 'Trim'], 1, [option(3, 'AC01', ['Sin ribete', 'No piping'])]),
    group(50, ['Bordado', 'Embroidery'], 2, [
      option(4, 'BD00', ['Sin bordado', 'No embroidery']),
      option(5, 'BD01', ['Nombre bordado', 'Embroidered name'], {
        price: 9.9,
        letters: 8,
        embroidery_color: true,
        embroidery_position: 'Delantera, Lateral',
        embroidery_position_en: 'Front, Side',
      }),
      option(6, 'BD02', ['Nombre largo', 'Long name'], { letters: 20 }),
    ]),
  ],
  sections: [
    { id: 1, name: 'Tejidos', name_en: 'Fabrics', grupos: [10, 40] },
    { id: 2, name: 'Personalización', name_en: 'Personalisation', grupos: [50] },
  ],
  embroidery_boxes: [],
  embroidery_colours: [
    { id: 90, codigo: '1001', nombre: 'Blanco', nombre_en: 'White', color: '#ffffff' },
    { id: 92, codigo: '1117', nombre: 'Rosa palo', nombre_en: 'Blush pink', color: '#e8b4b8' },
  ],
};

/** What POST pedidos/lineadd answers: the client's cart. */
const cart: Order = {
  id: 500,
  docum: null,
  cliente_id: 7,
  cliente: 'Bebés Luna',
  fecha_pedido: null,
  fecha: '',
  nota: '',
  referencia: '',
  fecha_entrega: null,
  entrega: null,
  direccion_id: null,
  factura: null,
  status: 'c',
  tipodoc: 'E',
  porte_gratis_desde: null,
  pedido_minimo: null,
  detalle: [],
  entrega_desde: null,
  entrega_hasta: null,
  entregas: [],
  lote: [],
  total: 301.4,
  impuestos: {
    regimen: 'general',
    base: 301.4,
    lineas: [{ impuesto: 'iva', tipo: 21, base: 301.4, cuota: 63.29 }],
    total: 364.69,
    mencion: null,
  },
};

async function renderForm(lang: 'es' | 'en' = 'es', shown: ModelDetail = model) {
  signIn(lang);
  const server = stubApi({
    'GET /modelo/M100': () => shown,
    'POST /pedidos/lineadd': () => cart,
    'POST /pedidos/gridadd': () => cart,
  });
  const view = await renderWithApp(<LineAddForm modelo="M100" onModelChange={() => {}} />, { lang });
  const form = await screen.findByRole('form');
  return { ...view, server, form };
}

/** Opens a select by its label and picks an option by its text (prices have a no-break space). */
async function choose(user: UserEvent, label: string, text: string) {
  await user.click(screen.getByRole('textbox', { name: label }));
  await user.click(await screen.findByRole('option', { name: (name) => name.replace(/\s/g, ' ') === text }));
}

afterEach(() => clearSession());

describe('Configurator (the line-add form of a model)', () => {
  it('shows a placeholder while the model loads, then its option groups in their sections (es)', async () => {
    signIn();
    let send: (value: ModelDetail) => void = () => {};
    const server = stubApi({ 'GET /modelo/M100': () => new Promise((resolve) => (send = resolve)) });
    await renderWithApp(<LineAddForm modelo="M100" onModelChange={() => {}} />);

    expect(await screen.findByLabelText('Cargando el modelo')).toHaveAttribute('aria-busy', 'true');
    send(model);

    const form = await screen.findByRole('form', { name: 'Configurar el modelo M100' });
    expect(within(form).getByRole('heading', { name: 'Capazo Luna' })).toBeInTheDocument();
    const fabrics = within(form).getByRole('group', { name: 'Tejidos' });
    expect(within(fabrics).getAllByRole('textbox')).toHaveLength(2);
    expect(within(fabrics).getByRole('textbox', { name: 'Tejido' })).toBeInTheDocument();
    expect(within(fabrics).getByRole('textbox', { name: 'Acabado' })).toBeInTheDocument();
    const personal = within(form).getByRole('group', { name: 'Personalización' });
    expect(within(personal).getByRole('textbox', { name: 'Bordado' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Cargando el modelo')).not.toBeInTheDocument();
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /modelo/M100']);
  });

  it('prices the line as options are chosen and asks for the embroidery its option needs (es)', async () => {
    const { user } = await renderForm();
    expect(screen.getByTestId('unit-price')).toHaveTextContent('279,00 €');
    expect(screen.queryByRole('textbox', { name: 'Nombre a bordar' })).not.toBeInTheDocument();

    await choose(user, 'Tejido', 'Rosa palo (+12,50 €)');
    expect(screen.getByTestId('unit-price')).toHaveTextContent('291,50 €');
    await choose(user, 'Bordado', 'Nombre bordado (+9,90 €)');
    const quantity = screen.getByRole('textbox', { name: 'Cantidad' });
    await user.clear(quantity);
    await user.type(quantity, '3');

    expect(screen.getByTestId('unit-price')).toHaveTextContent('301,40 €');
    expect(screen.getByTestId('line-total')).toHaveTextContent('904,20 €');
    const embroidery = screen.getByRole('group', { name: 'Bordado: Nombre bordado' });
    expect(within(embroidery).getByRole('textbox', { name: 'Nombre a bordar' })).toBeInTheDocument();
    expect(within(embroidery).getByRole('radiogroup', { name: 'Estilo de bordado' })).toBeInTheDocument();
    expect(within(embroidery).getByRole('textbox', { name: 'Color del bordado' })).toBeInTheDocument();
    expect(within(embroidery).getByRole('textbox', { name: 'Posición del bordado' })).toBeInTheDocument();
  });

  it('shows what is missing beside each field when Add is pressed, and sends nothing (en)', async () => {
    const { user, server } = await renderForm('en');

    await user.click(screen.getByRole('button', { name: 'Add' }));
    for (const label of ['Fabric', 'Trim', 'Embroidery'])
      expect(screen.getByRole('textbox', { name: label })).toHaveAccessibleDescription(
        'You must select a color',
      );
    expect(screen.getByRole('textbox', { name: 'Fabric' })).toHaveFocus();

    await choose(user, 'Fabric', 'Pearl grey');
    await choose(user, 'Trim', 'No piping');
    await choose(user, 'Embroidery', 'Embroidered name (+9,90 €)');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('textbox', { name: 'Name to embroider' })).toHaveAccessibleDescription(
      'You must select a name Up to 8 letters · 0/8',
    );
    expect(screen.getByRole('textbox', { name: 'Embroidery colour' })).toHaveAccessibleDescription(
      'You must select a color',
    );
    expect(screen.getByRole('textbox', { name: 'Embroidery position' })).toHaveAccessibleDescription(
      'You must select a position',
    );
    expect(server.sent('POST /pedidos/lineadd')).toEqual([]);
  });

  it('keeps a long embroidered name as typed and says the limit, the count and the error (en)', async () => {
    const { user, server } = await renderForm('en');
    await choose(user, 'Embroidery', 'Long name');

    // The option takes 20 letters, the rules 15 at most: the smaller limit applies.
    const name = screen.getByRole('textbox', { name: 'Name to embroider' });
    expect(name).toHaveAccessibleDescription('Up to 15 letters · 0/15');
    await user.click(name);
    await user.paste('Maximiliano Alejandro');
    expect(name).toHaveValue('Maximiliano Alejandro');
    expect(name).toHaveAccessibleDescription(
      'The name can be at most 15 characters Up to 15 letters · 21/15',
    );
    expect(name).toHaveAttribute('aria-invalid', 'true');
    await choose(user, 'Fabric', 'Pearl grey');
    await choose(user, 'Trim', 'No piping');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(name).toHaveFocus();
    expect(server.sent('POST /pedidos/lineadd')).toEqual([]);

    await user.clear(name);
    await user.paste('Maximiliano Ale');
    expect(name).toHaveAccessibleDescription('Up to 15 letters · 15/15');
    expect(name).not.toHaveAttribute('aria-invalid', 'true');

    // An option with fewer letters sets the limit: 8.
    await choose(user, 'Embroidery', 'Embroidered name (+9,90 €)');
    const short = screen.getByRole('textbox', { name: 'Name to embroider' });
    await user.click(short);
    await user.paste('Valentina Sofía');
    expect(short).toHaveValue('Valentina Sofía');
    expect(short).toHaveAccessibleDescription('The name can be at most 8 characters Up to 8 letters · 15/8');
  });

  it('refuses a quantity of 0 or -3 as typed, with the rules’ message, and sends nothing (es)', async () => {
    const { user, server } = await renderForm();
    await choose(user, 'Tejido', 'Gris perla');
    await choose(user, 'Acabado', 'Sin ribete');
    await choose(user, 'Bordado', 'Sin bordado');
    const quantity = screen.getByRole('textbox', { name: 'Cantidad' });
    const message = 'La cantidad debe ser un número entero entre 1 y 9999';

    for (const typed of ['0', '-3', '10000']) {
      await user.clear(quantity);
      await user.type(quantity, typed);
      expect(quantity).toHaveValue(typed);
      expect(quantity).toHaveAccessibleDescription(message);
      expect(screen.getByTestId('line-total')).toHaveTextContent('—');
    }
    await user.click(screen.getByRole('button', { name: 'Añadir' }));
    expect(quantity).toHaveFocus();
    expect(quantity).toHaveValue('10000');
    expect(server.sent('POST /pedidos/lineadd')).toEqual([]);

    await user.clear(quantity);
    await user.type(quantity, '2');
    expect(quantity).not.toHaveAccessibleDescription(message);
    expect(screen.getByTestId('line-total')).toHaveTextContent('558,00 €');
  });

  it('shows the image of the chosen colour, and no other colour’s for one without (es)', async () => {
    const image = (id: number, color0: string | null, principal = false) => ({
      id,
      url_img: `/uploads/${id}.webp`,
      thumb_url: null,
      color0,
      principal,
    });
    const { user } = await renderForm('es', {
      ...model,
      imagenes: [image(11, 'TJ01', true), image(12, 'TJ02')],
    });
    const images = () =>
      screen.queryAllByRole('img', { name: /^M100 Capazo Luna/ }).map((i) => i.getAttribute('alt'));
    expect(images()).toEqual(['M100 Capazo Luna · Gris perla', 'M100 Capazo Luna · Rosa palo']);

    await choose(user, 'Tejido', 'Rosa palo (+12,50 €)');
    expect(images()).toEqual(['M100 Capazo Luna · Rosa palo']);

    await choose(user, 'Tejido', 'Estrellas grises');
    expect(images()).toEqual([]);
    expect(screen.getByText('No hay imagen en Estrellas grises')).toBeInTheDocument();
  });

  it('says when no model has the code typed in the code search (es, en)', async () => {
    for (const [lang, text] of [
      ['es', 'No se han encontrado modelos con la búsqueda indicada'],
      ['en', 'No models found with the indicated search'],
    ] as const) {
      signIn(lang);
      const server = stubApi({
        'GET /modeloBase/list': ({ query }) =>
          query.get('search') === 'M1'
            ? [{ modelo: 'M100', descripcion: 'Capazo Luna', descripcion_en: 'Luna carrycot' }]
            : [],
      });
      const { user, unmount } = await renderWithApp(<LineAddForm modelo={null} onModelChange={() => {}} />, {
        lang,
      });
      const code = screen.getByRole('textbox', { name: lang === 'es' ? 'Código de modelo' : 'Model code' });
      await user.type(code, 'ZZZ999');
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(text);
      expect(server.requests.map((r) => r.query.get('search'))).toContain('ZZZ999');

      await user.clear(code);
      await user.type(code, 'M1');
      expect(await screen.findByRole('option', { name: /M100/ })).toBeInTheDocument();
      expect(screen.queryByText(text)).not.toBeInTheDocument();
      unmount();
      clearSession();
    }
  });

  it('sends the configured line and says it was added (es)', async () => {
    const { user, server } = await renderForm();
    await choose(user, 'Tejido', 'Rosa palo (+12,50 €)');
    await choose(user, 'Acabado', 'Sin ribete');
    await choose(user, 'Bordado', 'Nombre bordado (+9,90 €)');
    await user.type(screen.getByRole('textbox', { name: 'Nombre a bordar' }), 'Lucía');
    await choose(user, 'Color del bordado', 'Rosa palo');
    await choose(user, 'Posición del bordado', 'Lateral');
    await user.click(screen.getByRole('button', { name: 'Añadir' }));

    expect(await screen.findByText('Línea añadida al carrito')).toBeInTheDocument();
    expect(server.sent('POST /pedidos/lineadd').map((r) => r.body)).toEqual([
      {
        cliente_id: 7,
        modelo: 'M100',
        cantidad: 1,
        parametros_color: [
          { parametros_grupos_id: 10, parametro: 2 },
          { parametros_grupos_id: 40, parametro: 3 },
          { parametros_grupos_id: 50, parametro: 5 },
        ],
        nota: '',
        parametros_bordado: {
          with_custom: 0,
          name: 'Lucía',
          emb_style: 'Embird',
          emb_color: 92,
          position: 'Lateral',
        },
      },
    ]);
  });

  it('adds several fabrics at once from the colour grid, the rest chosen once (en)', async () => {
    const { user, server } = await renderForm('en', { ...model, grupo_rejilla_id: 10 });
    await user.click(screen.getByRole('switch', { name: /Several colours/ }));
    // The fabric is chosen per row, not above.
    expect(screen.queryByRole('textbox', { name: 'Fabric' })).not.toBeInTheDocument();
    const grid = screen.getByRole('table', { name: 'Quantities by Fabric' });
    expect(within(grid).getAllByRole('row')).toHaveLength(4);
    await user.type(within(grid).getByRole('textbox', { name: 'Quantity of Pearl grey' }), '2');
    await user.type(within(grid).getByRole('textbox', { name: 'Quantity of Blush pink' }), '3');
    // 2 × 279,00 + 3 × 291,50 = 1432,50 € (es-ES groups from five digits)
    expect(screen.getByTestId('grid-total')).toHaveTextContent(/2 lines · 1432,50\s€/);
    await choose(user, 'Trim', 'No piping');
    await choose(user, 'Embroidery', 'No embroidery');
    await user.click(screen.getByRole('button', { name: 'Add 2 lines' }));
    expect(await screen.findByText('2 lines added to the cart')).toBeInTheDocument();
    expect(server.sent('POST /pedidos/gridadd').map((r) => r.body)).toEqual([
      {
        cliente_id: 7,
        modelo: 'M100',
        parametros_color: [
          { parametros_grupos_id: 40, parametro: 3 },
          { parametros_grupos_id: 50, parametro: 4 },
        ],
        nota: '',
        filas: [
          { parametro: 1, cantidad: 2 },
          { parametro: 2, cantidad: 3 },
        ],
      },
    ]);
    expect(server.sent('POST /pedidos/lineadd')).toEqual([]);
  });

  it('hands the configured line back instead of sending it (the quick order’s rows)', async () => {
    signIn();
    const server = stubApi({ 'GET /modelo/M100': () => model });
    const collected: unknown[] = [];
    const { user } = await renderWithApp(
      <LineAddForm
        modelo="M100"
        onModelChange={() => {}}
        preset={{
          modelo: 'M100',
          parametros_color: [{ parametros_grupos_id: 10, id: 2, codigo: '' }],
          cantidad: 3,
        }}
        collect={(line) => collected.push(line)}
      />,
    );
    await screen.findByRole('form');
    expect(screen.getByRole('textbox', { name: 'Cantidad' })).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'Usar estas opciones' }));
    // The rules first: a group left empty says so beside it, and nothing is handed back.
    expect((await screen.findAllByText('Debes seleccionar un color')).length).toBeGreaterThan(0);
    expect(collected).toEqual([]);
    await choose(user, 'Acabado', 'Sin ribete');
    await choose(user, 'Bordado', 'Sin bordado');
    await user.click(screen.getByRole('button', { name: 'Usar estas opciones' }));
    expect(collected).toEqual([
      {
        modelo: 'M100',
        cantidad: 3,
        parametros_color: [
          { parametros_grupos_id: 10, parametro: 2 },
          { parametros_grupos_id: 40, parametro: 3 },
          { parametros_grupos_id: 50, parametro: 4 },
        ],
        nota: '',
      },
    ]);
    expect(server.sent('POST /pedidos/lineadd')).toEqual([]);
  });

  it('names the embroidery positions in English and still sends the Spanish one (en)', async () => {
    const { user, server } = await renderForm('en');
    await choose(user, 'Fabric', 'Pearl grey');
    await choose(user, 'Trim', 'No piping');
    await choose(user, 'Embroidery', 'Embroidered name (+9,90 €)');
    await user.type(screen.getByRole('textbox', { name: 'Name to embroider' }), 'Lucía');
    await choose(user, 'Embroidery colour', 'Blush pink');

    const position = screen.getByRole('textbox', { name: 'Embroidery position' });
    await user.click(position);
    expect(await screen.findByRole('option', { name: 'Front' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Side' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Delantera' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Lateral' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Side' }));
    expect(position).toHaveValue('Side');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Line added correctly')).toBeInTheDocument();
    expect(server.sent('POST /pedidos/lineadd').map((r) => r.body)).toMatchObject([
      { parametros_bordado: { position: 'Lateral' } },
    ]);
  });

  it('shows the Spanish name of a position that has no English one (en)', async () => {
    const partly: ModelDetail = {
      ...model,
      grupos: model.grupos.map((g) => ({
        ...g,
        parametros: g.parametros.map((o) => (o.id === 5 ? { ...o, embroidery_position_en: 'Front' } : o)),
      })),
    };
    const { user } = await renderForm('en', partly);
    await choose(user, 'Embroidery', 'Embroidered name (+9,90 €)');
    await choose(user, 'Embroidery position', 'Lateral');
    expect(screen.getByRole('textbox', { name: 'Embroidery position' })).toHaveValue('Lateral');
    await user.click(screen.getByRole('textbox', { name: 'Embroidery position' }));
    expect(await screen.findByRole('option', { name: 'Front' })).toBeInTheDocument();
  });
});
