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
import { ProductionSheet, ProductionSheetDocumentQuery, ProductionSheetQuery } from '../production-sheet.ts';
import { endpoint } from './endpoint.ts';

/**
 * Pending orders (Admin, Representante), status changes and cancellation (Admin), an order's history,
 * the production sheet (Admin: its print view and its PDF).
 */
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
  productionSheet: endpoint({
    method: 'GET',
    path: '/pedidos/produccion',
    access: 'admin',
    summary:
      'The production sheet of one order or of the orders of a status and range of days: lines grouped by model and configuration, for the print view (at most 300 groups)',
    query: ProductionSheetQuery,
    response: ProductionSheet,
    errors: [404],
  }),
  productionSheetDocument: endpoint({
    method: 'GET',
    path: '/pedidos/produccion/pdf',
    access: 'admin',
    summary: 'The production sheet as a PDF, A4, every group, streamed, in the caller’s language or `lang`',
    query: ProductionSheetDocumentQuery,
    file: 'application/pdf',
    errors: [404],
    busy: true,
  }),
} as const;
