import { invoicesEndpoints as e, settingsEndpoints as s } from '@nido/contract';
import type { App } from '../../app-types.ts';
import { serve } from '../../platform/endpoints.ts';
import { drawOrderDocument } from './document.ts';
import { createInvoice, invoiceDocument, listInvoices } from './invoices.ts';
import { readOrderSettings, saveOrderSettings } from './settings.ts';

/** Invoices (decision 045) and the ordering settings the Admin keeps. */
export default async function invoiceRoutes(app: App) {
  serve(app, e.list, async (req) => listInvoices(req.ctx, req.query));
  serve(app, e.create, async (req) => createInvoice(req.ctx, req.body.pedido_id));
  serve(app, e.document, async (req, reply) => {
    const { order, parties } = await invoiceDocument(req.ctx, req.params.id);
    const lang = req.query.lang ?? req.ctx.actor.language;
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${order.factura?.numero}.pdf"`)
      .header('Cache-Control', 'no-store')
      .send(await drawOrderDocument(req.ctx, order, parties, lang, 'invoice'));
  });
  serve(app, s.read, async (req) => readOrderSettings(req.ctx));
  serve(app, s.save, async (req) => saveOrderSettings(req.ctx, req.body));
}
