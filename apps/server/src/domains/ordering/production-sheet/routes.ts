import { orderAdminEndpoints as e } from '@nido/contract';
import type { App } from '../../../app-types.ts';
import { serve } from '../../../platform/endpoints.ts';
import { productionSheet, productionSheetDocument } from './service.ts';

/** The production sheet (record 060): the print view's answer and the PDF (streamed). */
export default async function productionSheetRoutes(app: App) {
  serve(app, e.productionSheet, async (req) => productionSheet(req.ctx, req.query));
  serve(app, e.productionSheetDocument, async (req, reply) => {
    const { fileName, pdf } = await productionSheetDocument(req.ctx, req.query);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(pdf);
  });
}
