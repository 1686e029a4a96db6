import { catalogByOrderingEndpoints, ordersEndpoints as e } from '@nido/contract';
import type { App } from '../../app-types.ts';
import { serve } from '../../platform/endpoints.ts';
import { readUpload } from '../../platform/images.ts';
import { drawOrderDocument } from './document.ts';
import { addGrid } from './grid.ts';
import {
  addQuickOrder,
  checkQuickOrder,
  checkQuickOrderFile,
  checkReorder,
  quickOrderTemplate,
} from './quick-order.ts';
import {
  addLine,
  changeCollection,
  changeQuantity,
  getCart,
  getOrder,
  lastPurchased,
  listOrders,
  orderDocument,
  processOrder,
  removeClosedLines,
  removeLine,
  replaceLine,
  saveDetails,
  saveNote,
} from './service.ts';

export default async function ordersRoutes(app: App) {
  serve(app, e.cart, async (req) => getCart(req.ctx, req.body));
  serve(app, e.addLine, async (req) => addLine(req.ctx, req.body));
  serve(app, e.removeLine, async (req) => removeLine(req.ctx, req.body));
  serve(app, e.changeQuantity, async (req) => changeQuantity(req.ctx, req.body));
  serve(app, e.addGrid, async (req) => addGrid(req.ctx, req.body));
  serve(app, e.changeCollection, async (req) => changeCollection(req.ctx, req.body));
  serve(app, e.removeClosedLines, async (req) => removeClosedLines(req.ctx, req.body));
  serve(app, e.replaceLine, async (req) => replaceLine(req.ctx, req.body));
  serve(app, e.saveNote, async (req) => saveNote(req.ctx, req.body));
  serve(app, e.saveDetails, async (req) => saveDetails(req.ctx, req.body));
  serve(app, e.submit, async (req) => processOrder(req.ctx, req.body));
  serve(app, e.order, async (req) => getOrder(req.ctx, req.params.id));
  serve(app, e.document, async (req, reply) => {
    const { order, parties } = await orderDocument(req.ctx, req.params.id);
    const lang = req.query.lang ?? req.ctx.actor.language;
    const name = `${order.docum ?? order.id}.pdf`;
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', 'no-store')
      .send(await drawOrderDocument(req.ctx, order, parties, lang));
  });
  serve(app, e.list, async (req) => listOrders(req.ctx, req.body));
  serve(app, e.quickCheck, async (req) => checkQuickOrder(req.ctx, req.body));
  serve(app, e.quickUpload, async (req) => checkQuickOrderFile(req.ctx, () => readUpload(req)));
  serve(app, e.quickTemplate, async (req, reply) =>
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header(
        'Content-Disposition',
        `attachment; filename="${req.ctx.actor.language === 'en' ? 'quick-order' : 'pedido-rapido'}.csv"`,
      )
      .send(await quickOrderTemplate(req.ctx)),
  );
  serve(app, e.quickAdd, async (req) => addQuickOrder(req.ctx, req.body));
  serve(app, e.reorderCheck, async (req) => checkReorder(req.ctx, req.body));
  // Buy again: the wire names it under modelo/, the lines are the ordering module's.
  serve(app, catalogByOrderingEndpoints.lastPurchased, async (req) =>
    lastPurchased(req.ctx, req.body.cliente_id),
  );
}
