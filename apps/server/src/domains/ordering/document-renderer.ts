/**
 * Draws the order documents that mails carry (document.ts `orderDocumentAttachment`), for the
 * outbox's sender: the order as it is when the mail goes, read outside any request, drawn by a
 * worker thread (record 061). A full worker queue fails the try, retried as a refused delivery is.
 */
import { Locale } from '@nido/contract';
import { z } from 'zod';
import type { PublicContext } from '../../platform/context.ts';
import type { AttachmentRenderers } from '../../platform/mail.ts';
import { drawOrderDocument, ORDER_DOCUMENT_ATTACHMENT } from './document.ts';
import { documentParties, readOrder } from './service.ts';

const OrderDocumentParams = z.object({
  pedido_id: z.number().int(),
  lang: Locale,
  document: z.enum(['confirmation', 'invoice']),
});

export function orderDocumentRenderers(
  deps: Pick<PublicContext, 'db' | 'clock' | 'config' | 'workers' | 'storage'>,
): AttachmentRenderers {
  return {
    async [ORDER_DOCUMENT_ATTACHMENT](params) {
      const { pedido_id, lang, document } = OrderDocumentParams.parse(params);
      const order = await readOrder(deps, pedido_id);
      const parties = await documentParties(deps, deps.db, order);
      return drawOrderDocument(deps, order, parties, lang, document);
    },
  };
}
