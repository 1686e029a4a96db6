import { ModalsProvider } from '@mantine/modals';
import type { OrderListItem } from '@nido/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { clearSession, GUEST_USER, setToken, setUser } from '../../../lib/session.ts';
import { answer, stubApi } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { BulkOrderActions, SelectOrderBox, SelectPageBox, useOrderSelection } from './BulkOrderActions.tsx';

const row = (id: number, docum: string, status: OrderListItem['status']): OrderListItem => ({
  id,
  docum,
  fecha_pedido: '2026-11-20T09:00:00.000Z',
  fecha: '20/11/2026',
  cliente_id: 7,
  cliente: 'Bebés Luna',
  status,
  factura: null,
  nota: '',
  referencia: '',
  fecha_entrega: null,
  total: 100,
  total_pagar: 121,
  lineas: 1,
});
const ROWS = [row(1, '2026-000001', 'w'), row(2, '2026-000002', 'p')];

/** The list's page as the orders list composes it: a box per row, one for the page, the bar. */
function Page() {
  const selection = useOrderSelection();
  return (
    <ModalsProvider>
      <SelectPageBox rows={ROWS} selection={selection} />
      {ROWS.map((r) => (
        <SelectOrderBox key={r.id} row={r} selection={selection} />
      ))}
      <BulkOrderActions selection={selection} />
    </ModalsProvider>
  );
}

beforeEach(async () => {
  await i18n.loadNamespaces(['orders']);
  setToken('test-token');
  setUser({ ...GUEST_USER, id: 1, name: 'Ana', role: 'Admin' });
});
afterEach(() => clearSession());

describe('BulkOrderActions', () => {
  it('chooses the page, asks before skipping Processed, and moves the orders in one call', async () => {
    const server = stubApi({
      'POST /pedidos/status/bulk': () => ({
        ok: true,
        data: [
          { id: 1, docum: '2026-000001', status: 'e' },
          { id: 2, docum: '2026-000002', status: 'e' },
        ],
      }),
    });
    const { user } = await renderWithApp(<Page />, { lang: 'es' });
    expect(screen.queryByRole('region', { name: 'Pedidos seleccionados' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Seleccionar todos los pedidos de esta página' }));
    expect(screen.getByRole('checkbox', { name: 'Seleccionar el pedido 2026-000001' })).toBeChecked();
    const bar = screen.getByRole('region', { name: 'Pedidos seleccionados' });
    expect(bar).toHaveTextContent('2 pedidos seleccionados');

    await user.click(within(bar).getByRole('button', { name: 'Pasar a Comprado' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Saltar Procesado?' });
    expect(dialog).toHaveTextContent('1 de los 2 pedidos seleccionados están pendientes');
    await user.click(within(dialog).getByRole('button', { name: 'Pasar a Comprado' }));
    expect(await screen.findByText('2 pedidos pasados a Comprado.')).toBeVisible();
    expect(server.sent('POST /pedidos/status/bulk').map((r) => r.body)).toEqual([
      { ids: [1, 2], status: 'e' },
    ]);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Pedidos seleccionados' })).toBeNull());
  });

  it('names each refused order and why, in the reader’s language', async () => {
    stubApi({
      'POST /pedidos/status/bulk': () =>
        answer(422, {
          message: 'No order was changed: 2026-000002 cannot make this change',
          code: 'client.bulkRefused',
          params: { orders: '2026-000002' },
          errors: { 'ids.1': ['Order 2026-000002 cannot change from p to p'] },
          issues: {
            'ids.1': [
              { code: 'client.bulkOrderBlocked', params: { order: '2026-000002', from: 'p', to: 'p' } },
            ],
          },
        }),
    });
    const { user } = await renderWithApp(<Page />, { lang: 'en' });
    await user.click(screen.getByRole('checkbox', { name: 'Select every order on this page' }));
    await user.click(screen.getByRole('button', { name: 'Move to Processed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move the selected orders' });
    await user.click(within(dialog).getByRole('button', { name: 'Move to Processed' }));
    expect(await screen.findByText('No order was changed', { exact: true })).toBeVisible();
    expect(
      await screen.findByText(
        'No order was changed: 2026-000002 cannot make this change · Order 2026-000002 cannot change from Processed to Processed',
      ),
    ).toBeVisible();
    // Nothing moved: the choice stays for another try.
    expect(screen.getByRole('region', { name: 'Selected orders' })).toHaveTextContent('2 orders selected');
  });
});
