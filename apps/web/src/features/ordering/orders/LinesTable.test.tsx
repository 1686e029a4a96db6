import type { OrderLine } from '@nido/contract';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { LinesTable } from './LinesTable.tsx';

function line(id: number, modelo: string, descripcion: string, extra: Partial<OrderLine>): OrderLine {
  return {
    id,
    pedido_id: 500,
    modelo: { modelo, descripcion, descripcion_en: descripcion },
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

// A carrycot whose embroidery surcharge is billed on a line of its own (product.md §5.4).
const carrycot = line(11, 'M100', 'Capazo Luna', {
  unped: 2,
  precio: 279,
  importe: 558,
  importe_total: 577.8,
});
const embroidery = line(12, '0802', 'Bordado', {
  unped: 2,
  precio: 9.9,
  importe: 19.8,
  importe_total: 19.8,
  lineaprimaria: 11,
});
const footmuff = line(13, 'S200', 'Saco de paseo', {
  unped: 2,
  precio: 45.5,
  importe: 91,
  importe_total: 91,
});

// The orders' texts are a lazy namespace (lib/i18n.ts).
beforeAll(() => i18n.loadNamespaces(['orders']));

describe('LinesTable', () => {
  it('lists each line with its surcharge inside it and an amount that includes it: the amounts add up to the total', async () => {
    const onRemove = vi.fn();
    const { user } = await renderWithApp(
      <LinesTable lines={[carrycot, embroidery, footmuff]} onRemove={onRemove} caption="Líneas" />,
    );

    const table = screen.getByRole('table', { name: 'Líneas' });
    const rows = within(table).getAllByRole('row').slice(1); // after the header
    expect(rows).toHaveLength(2);
    const [first, second] = rows;
    expect(first).toHaveTextContent('Capazo Luna');
    expect(first).toHaveTextContent('Recargo: Bordado (0802), 2 × 9,90 € = 19,80 €');
    expect(within(first).getByTestId('line-amount')).toHaveTextContent('577,80 €');
    expect(first).toHaveTextContent('558,00 € + 19,80 €');
    expect(within(second).getByTestId('line-amount')).toHaveTextContent('91,00 €');
    const listed = within(table)
      .getAllByTestId('line-amount')
      .map((el) => Number((el.textContent ?? '').replace(/[^\d,]/g, '').replace(',', '.')));
    expect(listed.reduce((a, b) => a + b, 0)).toBeCloseTo(668.8, 2);

    // One remove button per listed line; the surcharge goes with its line.
    const removes = within(table).getAllByRole('button', { name: /^Eliminar la línea / });
    expect(removes).toHaveLength(2);
    await user.click(within(first).getByRole('button', { name: 'Eliminar la línea M100' }));
    expect(onRemove).toHaveBeenCalledWith(carrycot);
  });

  it('shows the shipping line as its own line, without a quantity field, Edit or Remove (en)', async () => {
    const shipping = line(14, '', 'Portes', {
      modelo: { modelo: '', descripcion: 'Portes', descripcion_en: 'Shipping' },
      precio: 9.95,
      importe: 9.95,
      importe_total: 9.95,
      porte: true,
    });
    await renderWithApp(
      <LinesTable
        lines={[footmuff, shipping]}
        onRemove={vi.fn()}
        onEdit={vi.fn()}
        onQuantity={vi.fn()}
        caption="Lines"
      />,
      { lang: 'en' },
    );
    const rows = within(screen.getByRole('table', { name: 'Lines' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    const [goods, last] = rows;
    expect(within(goods).getByRole('textbox')).toBeInTheDocument();
    expect(within(goods).getAllByRole('button')).toHaveLength(2);
    expect(last).toHaveTextContent('Shipping');
    // Said once: its description, no badge repeating it.
    expect(within(last).getAllByText(/shipping/i)).toHaveLength(1);
    expect(within(last).getByTestId('line-amount')).toHaveTextContent('9,95 €');
    expect(within(last).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(last).queryByRole('button')).not.toBeInTheDocument();
  });

  it('checks a quantity against the model’s pack size before sending it; a multiple is sent', async () => {
    const bibs = line(15, 'B300', 'Baberos', {
      unped: 6,
      cantidad_minima: 6,
      multiplo: 3,
      precio: 4,
      importe: 24,
    });
    const onQuantity = vi.fn();
    const { user } = await renderWithApp(
      <LinesTable lines={[bibs]} onQuantity={onQuantity} caption="Líneas" />,
    );
    const field = screen.getByRole('textbox', { name: /B300/ });
    await user.clear(field);
    await user.type(field, '7{Enter}');
    expect(
      await screen.findByText('Este modelo se vende en packs de 3: la cantidad debe ser múltiplo de 3'),
    ).toBeInTheDocument();
    expect(onQuantity).not.toHaveBeenCalled();
    await user.clear(field);
    await user.type(field, '9{Enter}');
    expect(onQuantity).toHaveBeenCalledWith(bibs, 9);
  });
});
