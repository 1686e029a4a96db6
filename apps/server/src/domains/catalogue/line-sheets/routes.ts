import { lineSheetsEndpoints as e } from '@nido/contract';
import type { App } from '../../../app-types.ts';
import { serve } from '../../../platform/endpoints.ts';
import { lineSheet, lineSheetDocument, sendLineSheet } from './service.ts';

/** Line sheets (product.md, line sheets): the print view's answer, the PDF (streamed) and the send. */
export default async function lineSheetsRoutes(app: App) {
  serve(app, e.sheet, async (req) => lineSheet(req.ctx, req.params.id, req.query.cliente));
  serve(app, e.document, async (req, reply) => {
    const { fileName, pdf } = await lineSheetDocument(req.ctx, req.params.id, req.query);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'no-store')
      .send(pdf);
  });
  serve(app, e.send, async (req) => sendLineSheet(req.ctx, req.params.id, req.body));
}
