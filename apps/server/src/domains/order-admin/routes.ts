import {
  IdParam,
  PedidoHistoryResponse,
  PedidoStatusRequest,
  PedidoStatusResponse,
  PendingPedidosResponse,
} from '@nido/contract';
import type { App } from '../../app-types.ts';
import { changeStatus, getHistory, listPending } from './service.ts';

/** Pending orders (Admin / Representante), status changes (Admin) and an order's history. */
export default async function orderAdminRoutes(app: App) {
  app.get(
    '/pedidos/pending',
    { config: { access: ['Admin', 'Representante'] }, schema: { response: { 200: PendingPedidosResponse } } },
    async (req) => listPending(req.ctx),
  );

  app.post(
    '/pedidos/status',
    {
      config: { access: 'admin' },
      schema: { body: PedidoStatusRequest, response: { 200: PedidoStatusResponse } },
    },
    async (req) => changeStatus(req.ctx, req.body),
  );

  app.get(
    '/pedido/:id/history',
    { config: { access: 'user' }, schema: { params: IdParam, response: { 200: PedidoHistoryResponse } } },
    async (req) => getHistory(req.ctx, req.params.id),
  );
}
