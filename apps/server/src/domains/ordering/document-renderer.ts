/**
 * Draws the order documents that mails carry (document.ts `orderDocumentAttachment`), for the
 * outbox's sender: the order as it is when the mail goes, read outside any request.
 */
import { Locale } from '@nido/contract';
import { z } from 'zod';
import type { PublicContext } from '../../platform/context.ts';
import type { AttachmentRenderers } from '../../platform/mail.ts';
import { ORDER_DOCUMENT_ATTACHMENT, orderDocumentPdf } from './document.ts';
import { bytesOf, documentParties, readOrder } from './service.ts';

const OrderDocumentParams = z.object({
  pedido_id: z.number().int(),
  lang: Locale,
  document: z.enum(['confirmation', 'invoice']),
});

export function orderDocumentRenderers(
  deps: Pick<PublicContext, 'db' | 'clock' | 'config'>,
): AttachmentRenderers {
  return {
    async [ORDER_DOCUMENT_ATTACHMENT](params) {
      const { pedido_id, lang, document } = OrderDocumentParams.parse(params);
      const order = await readOrder(deps, pedido_id);
      return bytesOf(orderDocumentPdf(order, await documentParties(deps, deps.db, order), lang, document));
    },
  };
}
