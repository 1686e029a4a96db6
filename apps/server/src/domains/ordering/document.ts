/**
 * An order's documents as a PDF, A4, in one language: the order confirmation (pro forma) of a
 * submitted order and the invoice of an invoiced one. Both carry the maker's and the client's fiscal
 * data, the document's number and date, the delivery address, the shop's reference, every line
 * with its options and embroidery, the tax breakdown and the total in euros (es-ES), and the legal
 * mention of the client's tax regime; only the title, the number and the date differ. The figures
 * are the order's as the server answers it (readOrder): the screens, the mail and this document
 * print the same numbers.
 */
import {
  deliveryAddressLines,
  embroideryText,
  formatIsoDay,
  formatMoney,
  type Language,
  localized,
  type Order,
  optionsText,
} from '@nido/contract';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { PublicContext } from '../../platform/context.ts';
import type { DeferredAttachment } from '../../platform/mail.ts';
import { addressedPreview } from '../catalogue/index.ts';
import { taxRows } from './tax-texts.ts';

/** Who issues the document and who receives it. */
export interface DocumentParties {
  maker: { name: string; taxId: string; address: string };
  client: { name: string; taxId: string; address: string[] };
}

/** Which document: the order's confirmation, or its invoice (the order must carry `factura`). */
export type DocumentKind = 'confirmation' | 'invoice';

/** The deferred attachments' kind under which document-renderer.ts draws an order's document. */
export const ORDER_DOCUMENT_ATTACHMENT = 'orderDocument';

/**
 * An order's document as a mail's attachment, drawn by the outbox's sender once the mail goes, not
 * in the transaction that enqueues it (issue 33): the submission keeps no order locked while pdfkit
 * draws, and its answer does not wait for the drawing.
 */
export function orderDocumentAttachment(
  order: Pick<Order, 'id' | 'docum' | 'factura'>,
  lang: Language,
  kind: DocumentKind = 'confirmation',
): DeferredAttachment {
  const number = kind === 'invoice' ? order.factura?.numero : (order.docum ?? String(order.id));
  return {
    filename: `${number}.pdf`,
    contentType: 'application/pdf',
    render: { kind: ORDER_DOCUMENT_ATTACHMENT, pedido_id: order.id, lang, document: kind },
  };
}

export const DOCUMENT_TEXTS = {
  es: {
    title: 'Confirmación de pedido',
    invoiceTitle: 'Factura',
    order: 'Pedido',
    deliveryAddress: 'Dirección de entrega',
    number: 'Número',
    date: 'Fecha',
    taxId: 'NIF/CIF',
    client: 'Cliente',
    reference: 'Tu referencia',
    delivery: 'Fecha de entrega solicitada',
    note: 'Nota',
    code: 'Código',
    description: 'Descripción',
    quantity: 'Cant.',
    price: 'Precio',
    amount: 'Importe',
    embroidery: 'Bordado',
    proForma: 'Documento pro forma: no es una factura.',
  },
  en: {
    title: 'Order confirmation',
    invoiceTitle: 'Invoice',
    order: 'Order',
    deliveryAddress: 'Delivery address',
    number: 'Number',
    date: 'Date',
    taxId: 'Tax ID',
    client: 'Client',
    reference: 'Your reference',
    delivery: 'Requested delivery date',
    note: 'Note',
    code: 'Code',
    description: 'Description',
    quantity: 'Qty',
    price: 'Price',
    amount: 'Amount',
    embroidery: 'Embroidery',
    proForma: 'Pro forma document: not an invoice.',
  },
} as const;

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** The lines table's columns: x offset and width, in points. */
/** An embroidery preview's height under its line, points. */
const PREVIEW_HEIGHT = 90;

const COLUMNS = {
  code: { x: 0, width: 70 },
  description: { x: 74, width: 250 },
  quantity: { x: 328, width: 40 },
  price: { x: 372, width: 65 },
  amount: { x: 441, width: CONTENT_WIDTH - 441 },
};

/** The description of a line as the screens write it: model, options, embroidery, note. */
function lineDescription(line: Order['detalle'][number], lang: Language): string {
  const t = DOCUMENT_TEXTS[lang];
  const parts = [localized(line.modelo, 'descripcion', lang)];
  const options = optionsText(line.parametros_color, lang);
  const embroidery = embroideryText(line.parametros_bordado, lang);
  if (options) parts.push(options);
  if (embroidery) parts.push(`${t.embroidery}: ${embroidery}`);
  if (line.nota) parts.push(`${t.note}: ${line.nota}`);
  return parts.join('\n');
}

/** The embroidery previews drawn on a document: JPEG (pdfkit draws no WebP), this many pixels wide. */
const PREVIEW_PX = 320;

/**
 * The document drawn by a worker thread (worker-tasks.ts, record 061), as bytes: the event loop only
 * waits. Each embroidered line's preview (record 059) is fetched here first (stored, or rendered and
 * stored) and handed over as bytes. A full worker queue throws Busy (503, Retry-After).
 */
export async function drawOrderDocument(
  deps: Pick<PublicContext, 'db' | 'storage' | 'workers'>,
  order: Order,
  parties: DocumentParties,
  lang: Language,
  kind: DocumentKind = 'confirmation',
): Promise<Buffer> {
  const previews: Record<number, Uint8Array> = {};
  for (const line of order.detalle) {
    if (!line.bordado_preview) continue;
    const webp = await addressedPreview(deps, line.bordado_preview);
    if (webp)
      previews[line.id] = await sharp(webp).resize({ width: PREVIEW_PX }).jpeg({ quality: 85 }).toBuffer();
  }
  const bytes = await deps.workers.run<Uint8Array>('orderDocument', { order, parties, lang, kind, previews });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A submitted order's confirmation, or its invoice, as a PDF stream (pdfkit: written as it is read). */
export function orderDocumentPdf(
  order: Order,
  parties: DocumentParties,
  lang: Language,
  kind: DocumentKind = 'confirmation',
  /** An embroidered line's preview (JPEG), by line id: drawn under its description. */
  previews: Readonly<Record<number, Uint8Array>> = {},
) {
  const t = DOCUMENT_TEXTS[lang];
  const docum = order.docum ?? String(order.id);
  const invoice = kind === 'invoice' ? order.factura : null;
  if (kind === 'invoice' && !invoice) throw new Error(`Order ${order.id} has no invoice`);
  const title = invoice ? t.invoiceTitle : t.title;
  const number = invoice ? invoice.numero : docum;
  const date = invoice ? formatIsoDay(invoice.fecha) : order.fecha;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    info: { Title: `${title} ${number}`, Author: parties.maker.name },
  });
  const left = PAGE.margin;
  const bottom = PAGE.height - PAGE.margin;

  // The maker (left) and the document (right).
  doc.font('Helvetica-Bold').fontSize(14).text(parties.maker.name, left, PAGE.margin, { width: 300 });
  doc.font('Helvetica').fontSize(9).text(`${t.taxId}: ${parties.maker.taxId}`, { width: 300 });
  doc.text(parties.maker.address, { width: 300 });
  doc
    .font('Helvetica-Bold')
    .fontSize(14)
    .text(title, left + 300, PAGE.margin, { width: CONTENT_WIDTH - 300, align: 'right' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${t.number}: ${number}`, { width: CONTENT_WIDTH - 300, align: 'right' })
    .text(`${t.date}: ${date}`, { width: CONTENT_WIDTH - 300, align: 'right' });
  if (invoice) {
    doc.text(`${t.order}: ${docum} (${order.fecha})`, { width: CONTENT_WIDTH - 300, align: 'right' });
  }

  // The client.
  let y = Math.max(doc.y, 130) + 16;
  doc.font('Helvetica-Bold').fontSize(9).text(t.client.toUpperCase(), left, y);
  doc.font('Helvetica-Bold').fontSize(11).text(parties.client.name, { width: CONTENT_WIDTH });
  doc.font('Helvetica').fontSize(9);
  if (parties.client.taxId) doc.text(`${t.taxId}: ${parties.client.taxId}`, { width: CONTENT_WIDTH });
  for (const line of parties.client.address) doc.text(line, { width: CONTENT_WIDTH });
  if (order.entrega) {
    doc.moveDown(0.5);
    doc.font('Helvetica-Bold').text(`${t.deliveryAddress}:`, { width: CONTENT_WIDTH });
    doc.font('Helvetica');
    for (const line of deliveryAddressLines(order.entrega)) doc.text(line, { width: CONTENT_WIDTH });
  }
  doc.moveDown(0.5);
  if (order.referencia) doc.text(`${t.reference}: ${order.referencia}`, { width: CONTENT_WIDTH });
  if (order.fecha_entrega) {
    doc.text(`${t.delivery}: ${formatIsoDay(order.fecha_entrega)}`, { width: CONTENT_WIDTH });
  }
  if (order.nota) doc.text(`${t.note}: ${order.nota}`, { width: CONTENT_WIDTH });

  // The lines: every line of the order, a surcharge right after its line; they add up to the base.
  y = doc.y + 18;
  // A row of the table, one text per column (code, description, quantity, price, amount).
  const row = (texts: [string, string, string, string, string]) => {
    (['code', 'description', 'quantity', 'price', 'amount'] as const).forEach((column, i) => {
      const align = i < 2 ? 'left' : 'right';
      doc.text(texts[i], left + COLUMNS[column].x, y, { width: COLUMNS[column].width, align });
    });
  };
  const rule = () =>
    doc
      .moveTo(left, y)
      .lineTo(left + CONTENT_WIDTH, y)
      .lineWidth(0.5)
      .stroke();
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(9);
    row([t.code, t.description, t.quantity, t.price, t.amount]);
    y += 14;
    rule();
    y += 6;
    doc.font('Helvetica').fontSize(9);
  };
  header();
  for (const line of order.detalle) {
    const description = lineDescription(line, lang);
    const preview = previews[line.id];
    const textHeight = doc.heightOfString(description, { width: COLUMNS.description.width });
    const height = textHeight + 6 + (preview ? PREVIEW_HEIGHT + 6 : 0);
    if (y + height > bottom - 120) {
      doc.addPage();
      y = PAGE.margin;
      header();
    }
    row([
      line.modelo.modelo,
      description,
      String(line.unped),
      formatMoney(line.precio),
      formatMoney(line.importe),
    ]);
    if (preview)
      doc.image(Buffer.from(preview), left + COLUMNS.description.x, y + textHeight + 4, {
        fit: [COLUMNS.description.width, PREVIEW_HEIGHT],
      });
    y += height;
  }
  rule();

  // The taxes and the total, on the right (as the mail writes them: tax-texts.ts).
  y += 10;
  const { rows, mention } = taxRows(order, lang);
  for (const row of rows) {
    doc.font(row.total ? 'Helvetica-Bold' : 'Helvetica').fontSize(row.total ? 11 : 9);
    doc.text(row.label, left + 260, y, { width: 170, align: 'right' });
    doc.text(row.amount, left + 440, y, { width: CONTENT_WIDTH - 440, align: 'right' });
    y += row.total ? 18 : 14;
  }
  doc.font('Helvetica').fontSize(8);
  if (mention) doc.text(mention, left, y + 8, { width: CONTENT_WIDTH });
  if (!invoice) doc.text(t.proForma, left, doc.y + 4, { width: CONTENT_WIDTH });
  doc.end();
  return doc;
}
