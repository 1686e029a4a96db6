import {
  PedidoBulkStatusRequest,
  PedidoBulkStatusResponse,
  PedidoCancelRequest,
  PedidoHistoryResponse,
  PedidoStatusRequest,
  PedidoStatusResponse,
  PendingPedidosResponse,
} from '../clients.ts';
import { IdParam } from '../common.ts';
import { endpoint } from './endpoint.ts';

/** Pending orders (Admin, Representante), status changes and cancellation (Admin), an order's history. */
export const orderAdminEndpoints = {
  pending: endpoint({
    method: 'GET',
    path: '/pedidos/pending',
    access: ['Admin', 'Representante'],
    summary: 'Submitted orders waiting to be processed (the bell)',
    response: PendingPedidosResponse,
  }),
  setStatus: endpoint({
    method: 'POST',
    path: '/pedidos/status',
    access: 'admin',
    summary: "Moves an order's status (w → p → e, w → e)",
    body: PedidoStatusRequest,
    response: PedidoStatusResponse,
    errors: [404],
  }),
  setStatusBulk: endpoint({
    method: 'POST',
    path: '/pedidos/status/bulk',
    access: 'admin',
    summary: 'Moves several orders to one status, all or none (w → p, w → e, p → e)',
    body: PedidoBulkStatusRequest,
    response: PedidoBulkStatusResponse,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/pedidos/cancel',
    access: 'admin',
    summary: 'Cancels a pending order with a reason (w → x) and tells the shop',
    body: PedidoCancelRequest,
    response: PedidoStatusResponse,
    errors: [404],
  }),
  history: endpoint({
    method: 'GET',
    path: '/pedido/:id/history',
    access: 'user',
    summary: "An order's status changes",
    params: IdParam,
    response: PedidoHistoryResponse,
    errors: [404],
  }),
} as const;
