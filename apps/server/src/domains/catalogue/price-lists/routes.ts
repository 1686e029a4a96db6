import { priceListsEndpoints as e } from '@nido/contract';
import type { App } from '../../../app-types.ts';
import { serve } from '../../../platform/endpoints.ts';
import { readUpload } from '../../../platform/images.ts';
import * as service from './service.ts';

/** The Admin's price lists (record 049). */
export default async function priceListsRoutes(app: App) {
  serve(app, e.list, async (req) => service.listPriceLists(req.ctx));
  serve(app, e.create, async (req) => service.createPriceList(req.ctx, req.body));
  serve(app, e.get, async (req) => service.getPriceList(req.ctx, req.params.id));
  serve(app, e.update, async (req) => service.updatePriceList(req.ctx, req.params.id, req.body));
  serve(app, e.remove, async (req, reply) => {
    await service.deletePriceList(req.ctx, req.params.id);
    return reply.code(204).send();
  });
  serve(app, e.prices, async (req) => service.listPrices(req.ctx, req.params.id, req.query));
  serve(app, e.setPrice, async (req, reply) => {
    await service.setPrice(req.ctx, req.params.id, req.params.modelo, req.body.precio);
    return reply.code(204).send();
  });
  serve(app, e.removePrice, async (req, reply) => {
    await service.removePrice(req.ctx, req.params.id, req.params.modelo);
    return reply.code(204).send();
  });
  serve(app, e.exportCsv, async (req, reply) =>
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="tarifa-${req.params.id}.csv"`)
      .send(await service.exportPrices(req.ctx, req.params.id)),
  );
  serve(app, e.importPreview, async (req) =>
    service.previewImport(req.ctx, req.params.id, () => readUpload(req)),
  );
  serve(app, e.import, async (req) => service.importPrices(req.ctx, req.params.id, () => readUpload(req)));
}
