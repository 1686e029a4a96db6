import {
  CartRequest,
  IdParam,
  LineAddRequest,
  LineRemoveRequest,
  OrderListRequest,
  ProcessOrderRequest,
  SaveNoteRequest,
} from '@nido/contract';
import type { App } from '../../app-types.ts';
import { addLine, getCart, getOrder, listOrders, processOrder, removeLine, saveNote } from './service.ts';

/** Orders (SPEC §7): the client's cart, its lines, submission, the order detail and list. */
export default async function ordersRoutes(app: App) {
  app.post('/pedidos/cliente', { config: { access: 'user' }, schema: { body: CartRequest } }, async (req) =>
    getCart(req.ctx, req.body),
  );

  app.post(
    '/pedidos/lineadd',
    { config: { access: 'user' }, schema: { body: LineAddRequest } },
    async (req) => addLine(req.ctx, req.body),
  );

  app.post(
    '/pedidos/lineremove',
    { config: { access: 'user' }, schema: { body: LineRemoveRequest } },
    async (req) => removeLine(req.ctx, req.body),
  );

  app.post(
    '/pedidos/savenote',
    { config: { access: 'user' }, schema: { body: SaveNoteRequest } },
    async (req) => saveNote(req.ctx, req.body),
  );

  app.post(
    '/pedidos/processOrder',
    { config: { access: 'user' }, schema: { body: ProcessOrderRequest } },
    async (req) => processOrder(req.ctx, req.body.pedido_id),
  );

  app.get('/pedido/:id', { config: { access: 'user' }, schema: { params: IdParam } }, async (req) =>
    getOrder(req.ctx, req.params.id),
  );

  app.post('/pedidos/list', { config: { access: 'user' }, schema: { body: OrderListRequest } }, async (req) =>
    listOrders(req.ctx, req.body),
  );
}
