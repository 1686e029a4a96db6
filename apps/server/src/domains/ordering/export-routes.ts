import { ordersEndpoints as e } from '@nido/contract';
import type { FastifyReply } from 'fastify';
import type { App } from '../../app-types.ts';
import { serve } from '../../platform/endpoints.ts';
import { exportOrders, type OrderExport } from './export.ts';

/** An export as a download, streamed as it is written. */
function download(reply: FastifyReply, file: OrderExport) {
  return reply
    .header('Content-Type', file.type.startsWith('text/') ? `${file.type}; charset=utf-8` : file.type)
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .send(file.body);
}

export default async function orderExportRoutes(app: App) {
  serve(app, e.exportCsv, async (req, reply) =>
    download(reply, await exportOrders(req.ctx, req.body, 'csv')),
  );
  serve(app, e.exportXlsx, async (req, reply) =>
    download(reply, await exportOrders(req.ctx, req.body, 'xlsx')),
  );
}
