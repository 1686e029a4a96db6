import { orderAdminEndpoints as e } from '@nido/contract';
import type { App } from '../../app-types.ts';
import { serve } from '../../platform/endpoints.ts';
import { cancelOrder, changeStatus, changeStatusBulk, getHistory, listPending } from './admin-service.ts';

export default async function orderAdminRoutes(app: App) {
  serve(app, e.pending, async (req) => listPending(req.ctx));
  serve(app, e.setStatus, async (req) => changeStatus(req.ctx, req.body));
  serve(app, e.setStatusBulk, async (req) => changeStatusBulk(req.ctx, req.body));
  serve(app, e.cancel, async (req) => cancelOrder(req.ctx, req.body));
  serve(app, e.history, async (req) => getHistory(req.ctx, req.params.id));
}
