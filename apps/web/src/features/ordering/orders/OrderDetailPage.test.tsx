import type { Language, Order, PedidoAuditRow } from '@nido/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n.ts';
import { clearSession, GUEST_USER, setToken, setUser } from '../../../lib/session.ts';
import { answer, stubApi } from '../../../test/fetch.ts';
import { renderWithApp } from '../../../test/render.tsx';
import OrderDetailPage from './OrderDetailPage.tsx';
import { OrderView } from './OrderView.tsx';

/** A representative (staff: the page adds the order administration panel), the texts in `language`. */
async function signInRepresentative(language: Language) {
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(['orders', 'clients']);
  setToken('test-token');
  setUser({ ...GUEST_USER, id: 4, name: 'Rita', role: 'Representante', language });
}

const notFound = () => answer(404, { message: 'Order not found', code: 'order.notFound' });

afterEach(() => clearSession());

describe('OrderDetailPage', () => {
  it.each([
    [
      'es',
      'Pedido no encontrado.',
      'Administración del pedido',
      'No se ha podido cargar el historial del pedido.',
    ],
    ['en', 'Order not found.', 'Order administration', 'The order history could not be loaded.'],
  ] as const)(
    "says once that another client's order is not found, with no administration panel (%s)",
    async (lang, missing, panel, historyError) => {
      await signInRepresentative(lang);
      const server = stubApi({ 'GET /pedido/41': notFound, 'GET /pedido/41/history': notFound });
      await renderWithApp(<OrderDetailPage />, { lang, path: '/pedido/41', route: '/pedido/:id' });

      expect(await screen.findByRole('alert')).toHaveTextContent(missing);
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(screen.queryByRole('heading', { name: panel })).not.toBeInTheDocument();
      expect(screen.queryByText(historyError)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /Reintentar|Retry/ })).not.toBeInTheDocument();
      expect(server.sent('GET /pedido/41')).toHaveLength(1);
    },
  );

  it.each([
    ['es', 'Pedido no encontrado.'],
    ['en', 'Order not found.'],
  ] as const)('says a malformed id is not found at once, asking nothing (%s)', async (lang, missing) => {
    await signInRepresentative(lang);
    const server = stubApi({});
    await renderWithApp(<OrderDetailPage />, { lang, path: '/pedido/abc', route: '/pedido/:id' });

    expect(screen.getByRole('alert')).toHaveTextContent(missing);
    expect(screen.queryByLabelText(/Cargando|Loading/)).not.toBeInTheDocument();
    expect(server.requests).toEqual([]);
  });
});

/** A submitted order of Bebés Luna, with its status history. */
const order: Order = {
  id: 41,
  docum: '2026-000041',
  cliente_id: 7,
  cliente: 'Bebés Luna',
  fecha_pedido: '2026-11-20T09:00:00.000Z',
  fecha: '20/11/2026',
  nota: '',
  referencia: '',
  fecha_entrega: null,
  entrega: null,
  direccion_id: null,
  factura: { id: 3, numero: 'F2026-000003', fecha: '2026-11-21' },
  status: 'p',
  tipodoc: 'E',
  porte_gratis_desde: null,
  pedido_minimo: null,
  detalle: [],
  total: 0,
  impuestos: { regimen: 'exportacion', base: 0, lineas: [], total: 0, mencion: 'tax.export' },
  entrega_desde: null,
  entrega_hasta: null,
  entregas: [],
  lote: [],
  history: [
    { status: 'w', from_status: 'c', at: '2026-11-20T09:00:00.000Z', user: 'Ana', reason: null },
    { status: 'p', from_status: 'w', at: '2026-11-21T09:00:00.000Z', user: 'Olga', reason: null },
  ],
};

/** Every action the order's log can show (service.ts, admin-service.ts), as the server writes it. */
function auditRow(
  id: number,
  action: string,
  details: unknown,
  user = 'Ana',
  role = 'Cliente',
): PedidoAuditRow {
  return {
    id,
    at: `2026-11-20T0${id}:00:00.000Z`,
    user_id: id,
    user,
    role,
    acting_cliente_id: 7,
    acting_cliente: 'Bebés Luna',
    action,
    entity: 'pedido',
    entity_id: '41',
    details,
  };
}
const audit = [
  auditRow(1, 'pedido.lineadd', { pedido_id: 41, modelo: 'NDCAP103', unped: 3, precio_cents: 100 }),
  auditRow(2, 'pedido.linequantity', { pedido_id: 41, modelo: 'NDCAP103', from: 3, to: 9 }),
  auditRow(3, 'pedido.linereplace', { pedido_id: 41, from_modelo: 'NDCAP103', modelo: 'NDCAP103', unped: 9 }),
  auditRow(4, 'pedido.linereplace', { pedido_id: 41, from_modelo: 'NDCAP103', modelo: 'NDCAP102', unped: 9 }),
  auditRow(5, 'pedido.lineremove', { pedido_id: 41, linea_id: 8, modelo: 'S200' }),
  auditRow(6, 'pedido.savenote', { nota: 'Por la mañana' }),
  auditRow(7, 'pedido.savenote', { nota: '' }),
  auditRow(8, 'pedido.process', { docum: '2026-000041' }, 'Rita', 'Representante'),
  auditRow(9, 'status', { from: 'w', to: 'p', factura: 'F2026-000003' }, 'Olga', 'Admin'),
  auditRow(10, 'status', { from: 'p', to: 'e' }, 'Olga', 'Admin'),
];

describe('the order page of a staff member', () => {
  it.each([
    [
      'es',
      'Historial de estados',
      'Registro de actividad',
      [
        'Ana añadió 3 unidades de NDCAP103',
        'Ana cambió la cantidad de NDCAP103 de 3 a 9',
        'Ana cambió la configuración de NDCAP103',
        'Ana sustituyó NDCAP103 por NDCAP102',
        'Ana eliminó la línea de S200',
        'Ana guardó la nota del pedido: «Por la mañana»',
        'Ana borró la nota del pedido',
        'Rita (Representante) envió el pedido 2026-000041',
        'Olga (Administrador) facturó el pedido (F2026-000003), que pasó de Pendiente a Procesado',
        'Olga (Administrador) cambió el estado de Procesado a Comprado',
      ],
    ],
    [
      'en',
      'Status history',
      'Activity log',
      [
        'Ana added 3 units of NDCAP103',
        'Ana changed the quantity of NDCAP103 from 3 to 9',
        'Ana changed the configuration of NDCAP103',
        'Ana replaced NDCAP103 with NDCAP102',
        'Ana removed the line of S200',
        'Ana saved the order note: “Por la mañana”',
        'Ana cleared the order note',
        'Rita (Representative) submitted order 2026-000041',
        'Olga (Administrator) invoiced the order (F2026-000003), moving it from Pending to Processed',
        'Olga (Administrator) changed the status from Processed to Bought',
      ],
    ],
  ] as const)(
    'reads every log entry as a sentence and shows one status history (%s)',
    async (lang, historyTitle, logTitle, sentences) => {
      await signInRepresentative(lang);
      stubApi({
        'GET /pedido/41': () => order,
        'GET /pedido/41/history': () => ({
          ok: true,
          data: {
            id: 41,
            status: 'p',
            history: order.history!.map((h, i) => ({ ...h, id: i + 1, user_id: i + 1 })),
            audit,
          },
        }),
      });
      await renderWithApp(<OrderDetailPage />, { lang, path: '/pedido/41', route: '/pedido/:id' });

      const log = await screen.findByRole('table', { name: logTitle });
      const rows = within(log).getAllByRole('row').slice(1);
      expect(rows.map((r) => within(r).getAllByRole('cell').at(-1)?.textContent)).toEqual(sentences);
      expect(log).not.toHaveTextContent(/pedido\.|modelo:|from:/);
      expect(screen.getAllByRole('heading', { name: historyTitle })).toHaveLength(1);
    },
  );
});

describe('the invoice page', () => {
  it.each([
    ['es', 'Factura no encontrada.', 'Pedido no encontrado.'],
    ['en', 'Invoice not found.', 'Order not found.'],
  ] as const)(
    "says another client's or an unknown invoice is not found, as an invoice (%s)",
    async (lang, missing, order) => {
      await signInRepresentative(lang);
      stubApi({ 'GET /pedido/41': notFound });
      await renderWithApp(<OrderView kind="invoice" />, {
        lang,
        path: '/facturas/41',
        route: '/facturas/:id',
      });

      expect(await screen.findByRole('alert')).toHaveTextContent(missing);
      expect(screen.queryByText(order)).not.toBeInTheDocument();
    },
  );
});
