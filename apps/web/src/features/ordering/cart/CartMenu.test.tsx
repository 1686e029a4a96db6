import type { Order, OrderLine } from '@nido/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../../lib/session.ts';
import { stubApi } from '../../../test/fetch.ts';
import { renderWithApp, signIn } from '../../../test/render.tsx';
import { useRemoveLine } from './api.ts';
import CartMenu from './CartMenu.tsx';

function line(
  id: number,
  modelo: string,
  descripcion: [string, string],
  extra: Partial<OrderLine>,
): OrderLine {
  return {
    id,
    pedido_id: 500,
    modelo: { modelo, descripcion: descripcion[0], descripcion_en: descripcion[1] },
    unped: 1,
    cantidad_minima: 1,
    multiplo: 1,
    precio: 0,
    pvp: extra.precio ?? 0,
    importe: 0,
    importe_total: 0,
    parametros_color: [],
    parametros_bordado: null,
    nota: '',
    lineaprimaria: 0,
    porte: false,
    imagen: null,
    bordado_preview: null,
    coleccion: null,
    colecciones: [],
    ...extra,
  };
}

const fabric = {
  parametros_grupos_id: 10,
  grupo: 'Tejido',
  grupo_en: 'Fabric',
  id: 1,
  codigo: 'TJ01',
  nombre: 'Gris perla',
  nombre_en: 'Pearl grey',
  color: '#d9d9d6',
  price: 0,
};
/** The carrycot's embroidery, as stored on the line when it was added. */
const bordado = {
  with_custom: 0,
  name: 'Lucía',
  emb_style: 'Embird',
  emb_color: '1117',
  emb_color_id: 92,
  emb_color_name: 'Rosa palo',
  emb_color_name_en: 'Blush pink',
  emb_color_hex: '#e8b4b8',
  position: 'Lateral',
  position_en: 'Side',
  letters: 8,
  parametro_id: 5,
  parametros_grupos_id: 50,
  name_option: 'Nombre bordado',
  name_option_en: 'Embroidered name',
  group: 'Bordado',
  group_en: 'Embroidery',
  price: 9.9,
};
const carrycot = line(11, 'M100', ['Capazo Luna', 'Luna carrycot'], {
  precio: 279,
  importe: 279,
  // with its embroidery line's 9,90 €
  importe_total: 288.9,
  parametros_color: [fabric],
  parametros_bordado: bordado,
});
// The carrycot's embroidery: a dependent line, counted in the total but not listed.
const embroidery = line(12, 'BORD', ['Bordado', 'Embroidery'], {
  precio: 9.9,
  importe: 9.9,
  importe_total: 9.9,
  lineaprimaria: 11,
});
const footmuff = line(13, 'S200', ['Saco de paseo', 'Footmuff'], {
  unped: 2,
  precio: 45.5,
  importe: 91,
  importe_total: 91,
});

function cart(detalle: OrderLine[], total: number): Order {
  return {
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
    detalle,
    total,
    impuestos: { regimen: 'exportacion', base: total, lineas: [], total, mencion: 'tax.export' },
    entrega_desde: null,
    entrega_hasta: null,
    entregas: [],
    lote: [],
  };
}

/** The order edit screen's remove action, beside the menu: it shares the menu's cart. */
function RemoveFootmuff() {
  const remove = useRemoveLine(7, 500);
  return (
    <button type="button" onClick={() => remove.mutate(footmuff)}>
      Remove S200
    </button>
  );
}

afterEach(() => clearSession());

describe('CartMenu', () => {
  it('an empty cart offers no items, leading to the order screen (es)', async () => {
    signIn();
    const server = stubApi({ 'POST /pedidos/cliente': () => cart([], 0) });
    const { user } = await renderWithApp(<CartMenu />);

    await user.click(await screen.findByRole('button', { name: 'Carrito, 0 líneas, 0 unidades' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('0 líneas · 0 unidades')).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'No hay artículos' }));

    expect(await screen.findByText('Page: /pedido/edit/7')).toBeInTheDocument();
    expect(server.sent('POST /pedidos/cliente').map((r) => r.body)).toEqual([{ cliente_id: 7 }]);
  });

  it('lists the primary lines with their options and the total of every line (en)', async () => {
    signIn('en');
    stubApi({ 'POST /pedidos/cliente': () => cart([carrycot, embroidery, footmuff], 379.9) });
    const { user } = await renderWithApp(<CartMenu />, { lang: 'en' });

    await user.click(await screen.findByRole('button', { name: 'Cart, 2 lines, 3 units' }));
    const menu = await screen.findByRole('menu');
    // Two lines, one of them of two units: both counts, each named.
    expect(within(menu).getByTestId('cart-count')).toHaveTextContent('2 lines · 3 units');
    const [first, second, checkout, ...others] = within(menu).getAllByRole('menuitem');
    expect(first).toHaveTextContent('M100');
    expect(first).toHaveTextContent('1 × 279,00 €');
    expect(first).toHaveTextContent('Luna carrycot');
    expect(first).toHaveTextContent('Fabric: Pearl grey');
    expect(within(first).getByTestId('cart-line-embroidery')).toHaveTextContent(
      'Embroidery details: «Lucía» · Embird · Blush pink · Side',
    );
    expect(second).toHaveTextContent('S200');
    expect(second).toHaveTextContent('2 × 45,50 €');
    expect(second).toHaveTextContent('Footmuff');
    expect(others).toEqual([]);
    // Checkout is the menu's last item (a menu holds items only).
    expect(checkout).toHaveAccessibleName('Checkout');
    expect(checkout).toHaveAttribute('href', '/pedido/edit/7');
    expect(within(menu).getByText('Subtotal (before tax)')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('379,90 €');
  });

  it('says what the cart lacks for the minimum order, and nothing once it is reached (es)', async () => {
    signIn();
    const below = { ...cart([footmuff], 91), pedido_minimo: { minimo: 133.5, faltan: 42.5, primero: true } };
    stubApi({ 'POST /pedidos/cliente': () => below });
    const { user } = await renderWithApp(<CartMenu />);
    await user.click(await screen.findByRole('button', { name: 'Carrito, 1 línea, 2 unidades' }));
    expect(within(await screen.findByRole('menu')).getByTestId('cart-menu-minimum')).toHaveTextContent(
      'Faltan 42,50 € para el pedido mínimo',
    );
  });

  it('says nothing of a minimum the cart has reached (en)', async () => {
    signIn('en');
    const reached = { ...cart([footmuff], 91), pedido_minimo: { minimo: 50, faltan: 0, primero: false } };
    stubApi({ 'POST /pedidos/cliente': () => reached });
    const { user } = await renderWithApp(<CartMenu />, { lang: 'en' });
    await user.click(await screen.findByRole('button', { name: 'Cart, 1 line, 2 units' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByTestId('cart-total')).toHaveTextContent('91,00 €');
    expect(within(menu).queryByTestId('cart-menu-minimum')).toBeNull();
  });

  it('lists each line’s amount with its surcharge lines, so the amounts add up to the total (es)', async () => {
    signIn();
    stubApi({ 'POST /pedidos/cliente': () => cart([carrycot, embroidery, footmuff], 379.9) });
    const { user } = await renderWithApp(<CartMenu />);

    await user.click(await screen.findByRole('button', { name: 'Carrito, 2 líneas, 3 unidades' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByTestId('cart-count')).toHaveTextContent('2 líneas · 3 unidades');
    const [first, second] = within(menu).getAllByRole('menuitem');
    // 279,00 € + the embroidery line's 9,90 €, said so under it.
    expect(within(first).getByTestId('cart-line-amount')).toHaveTextContent('288,90 €');
    expect(first).toHaveTextContent('1 × 279,00 € + 9,90 € de recargo');
    expect(within(first).getByTestId('cart-line-embroidery')).toHaveTextContent(
      'Detalle del bordado: «Lucía» · Embird · Rosa palo · Lateral',
    );
    expect(within(second).getByTestId('cart-line-amount')).toHaveTextContent('91,00 €');
    expect(second).toHaveTextContent('2 × 45,50 €');
    const listed = within(menu)
      .getAllByTestId('cart-line-amount')
      .map((el) => Number((el.textContent ?? '').replace(/[^\d,]/g, '').replace(',', '.')));
    expect(listed.reduce((a, b) => a + b, 0)).toBeCloseTo(379.9, 2);
    expect(screen.getByTestId('cart-total')).toHaveTextContent('379,90 €');
  });

  it('lists the shipping line after the items, not counted as one, in the total (en)', async () => {
    signIn('en');
    const shipping = line(14, '', ['Portes', 'Shipping'], {
      precio: 9.95,
      importe: 9.95,
      importe_total: 9.95,
      porte: true,
    });
    stubApi({ 'POST /pedidos/cliente': () => cart([footmuff, shipping], 100.95) });
    const { user } = await renderWithApp(<CartMenu />, { lang: 'en' });

    await user.click(await screen.findByRole('button', { name: 'Cart, 1 line, 2 units' }));
    const menu = await screen.findByRole('menu');
    const [first, second] = within(menu).getAllByRole('menuitem');
    expect(first).toHaveTextContent('S200');
    expect(second).toHaveTextContent('Shipping');
    expect(within(second).getByTestId('cart-line-amount')).toHaveTextContent('9,95 €');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('100,95 €');
  });

  it('drops a removed line and shows the new total (es)', async () => {
    signIn();
    const server = stubApi({
      'POST /pedidos/cliente': () => cart([carrycot, embroidery, footmuff], 379.9),
      'POST /pedidos/lineremove': () => cart([carrycot, embroidery], 288.9),
    });
    const { user } = await renderWithApp(
      <>
        <CartMenu />
        <RemoveFootmuff />
      </>,
    );
    await screen.findByRole('button', { name: 'Carrito, 2 líneas, 3 unidades' });

    await user.click(screen.getByRole('button', { name: 'Remove S200' }));
    await user.click(await screen.findByRole('button', { name: 'Carrito, 1 línea, 1 unidad' }));

    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByText('Saco de paseo')).not.toBeInTheDocument();
    expect(within(menu).getByText('Capazo Luna')).toBeInTheDocument();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('288,90 €');
    expect(server.sent('POST /pedidos/lineremove').map((r) => r.body)).toEqual([
      { pedido_id: 500, linea_id: 13 },
    ]);
  });
});
