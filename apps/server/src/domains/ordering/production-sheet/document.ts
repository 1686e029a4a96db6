/**
 * The production sheet as a PDF, A4 (pdfkit, the house style of the line sheet and the order
 * documents): a heading (what it gathers, when, the totals), then each model under a band, each of
 * its groups as a block: the picture, the options and the embroidery, the units, and the orders it
 * comes from in three columns (continued on the next page when they run long).
 *
 * A function of plain data and picture buffers (JPEG or PNG, already at the pixels they are drawn
 * at): it reads no database and no storage, and is drawn on a worker thread (record 061,
 * platform/worker-pdf.ts). It streams in bounded memory: the groups come a page at a time, pdfkit
 * writes each page out when the next begins, and the next page waits while the reader is behind.
 */
import type { MessagePort } from 'node:worker_threads';
import {
  embroideryText,
  type Language,
  localized,
  type ProductionSheet,
  type ProductionSheetGroup,
} from '@nido/contract';
import PDFDocument from 'pdfkit';
import { A4, BRAND_COLOURS } from '../../../platform/pdf-style.ts';
import { drawOnPort } from '../../../platform/worker-pdf.ts';
import { PRODUCTION_TEXTS } from './texts.ts';

const PAGE = { ...A4, margin: 36 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const COLOURS = BRAND_COLOURS;
/** A group's picture: a square box, points. */
const PICTURE = 118;
/** Pixels per point a picture is embedded at (144 dpi: sharp on paper, small in the file). */
const PX_PER_PT = 2;
/** The pixels a picture should have on its longer side (the service downsizes to it). */
export const PICTURE_PX = PICTURE * PX_PER_PT;
const TEXT_X = PICTURE + 14;
const UNITS_WIDTH = 84;
const TEXT_WIDTH = CONTENT_WIDTH - TEXT_X - UNITS_WIDTH - 8;
const ORDER_COLUMNS = 3;
const ORDER_ROW = 12;
const MODEL_BAND = 24;
const GROUP_GAP = 12;
const HEADER_HEIGHT = 28;
const CONTENT_TOP = PAGE.margin + HEADER_HEIGHT;
const CONTENT_BOTTOM = PAGE.height - PAGE.margin - 14;

/** What the sheet's heading says. `generado`: the day, already written (dd/mm/yyyy). */
export interface SheetHeader {
  filtro: ProductionSheet['filtro'];
  fabricante: string;
  generado: string;
  totales: ProductionSheet['totales'];
}

/** A group and its picture's bytes (null: the "no image" box). */
export interface SheetPicture {
  group: ProductionSheetGroup;
  picture: Buffer | null;
}

/** What the sheet gathers, in words: the order, or the status and the days. */
export function filterText(filtro: SheetHeader['filtro'], lang: Language): string {
  const t = PRODUCTION_TEXTS[lang];
  if (filtro.pedido) return t.order(filtro.pedido.docum, filtro.pedido.cliente);
  const status = filtro.status ? t.status[filtro.status] : t.statuses;
  return `${status} ${t.range(filtro.desde ?? '', filtro.hasta ?? '')}`;
}

/**
 * The worker's side (worker-tasks.ts): draws the sheet as its pages come through `port`. A picture
 * crosses the port as a Uint8Array; pdfkit takes a Buffer.
 */
export function drawProductionSheetOnPort(
  header: SheetHeader,
  lang: Language,
  port: MessagePort,
): Promise<null> {
  return drawOnPort<SheetPicture[]>(port, (pages) => drawProductionSheet(header, lang, asBuffers(pages)));
}

async function* asBuffers(pages: AsyncIterable<SheetPicture[]>): AsyncGenerator<SheetPicture[]> {
  for await (const page of pages)
    yield page.map(({ group, picture }) => ({
      group,
      picture: picture && Buffer.from(picture.buffer, picture.byteOffset, picture.byteLength),
    }));
}

/** The sheet as a PDF stream: drawing goes on while it is read; a failure destroys the stream. */
export function drawProductionSheet(
  header: SheetHeader,
  lang: Language,
  pages: AsyncIterable<SheetPicture[]>,
): PDFKit.PDFDocument {
  const t = PRODUCTION_TEXTS[lang];
  const doc = new PDFDocument({
    size: 'A4',
    // The layout keeps its own bottom (CONTENT_BOTTOM); pdfkit's only decides where text would
    // break onto a new page by itself, which nothing here must make it do.
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: 8 },
    autoFirstPage: false,
    info: { Title: `${t.title} · ${filterText(header.filtro, lang)}`, Author: header.fabricante },
  });
  drawSheet(doc, header, lang, pages).then(
    () => doc.end(),
    (err) => doc.destroy(err),
  );
  return doc;
}

async function drawSheet(
  doc: PDFKit.PDFDocument,
  header: SheetHeader,
  lang: Language,
  pages: AsyncIterable<SheetPicture[]>,
) {
  const t = PRODUCTION_TEXTS[lang];
  const at = { page: 0, y: CONTENT_TOP, model: null as string | null };
  const newPage = () => {
    doc.addPage();
    at.page++;
    drawPageFrame(doc, header, lang, at.page);
    at.y = CONTENT_TOP;
  };
  newPage();
  at.y = drawHeading(doc, header, lang, at.y);
  let groups = 0;
  for await (const page of pages) {
    if (doc.destroyed) return;
    for (const item of page) {
      const g = item.group;
      const top = groupTopHeight(doc, g, lang);
      const firstRows = Math.min(1, g.pedidos.length) * (ORDER_ROW + 12);
      const band = g.modelo !== at.model ? MODEL_BAND : 0;
      if (at.y + band + top + firstRows > CONTENT_BOTTOM) {
        newPage();
      }
      if (g.modelo !== at.model) {
        drawModelBand(doc, g, lang, at.y, '');
        at.y += MODEL_BAND;
        at.model = g.modelo;
      }
      drawGroupTop(doc, item, lang, at.y, top);
      at.y += top + 4;
      // The orders, three to a row, under the group; a long list goes on over the next pages.
      doc.fillColor(COLOURS.quiet).font('Helvetica-Bold').fontSize(7.5);
      doc.text(t.orders.toUpperCase(), PAGE.margin, at.y, { width: CONTENT_WIDTH, lineBreak: false });
      at.y += 11;
      for (let i = 0; i < g.pedidos.length; i += ORDER_COLUMNS) {
        if (at.y + ORDER_ROW > CONTENT_BOTTOM) {
          newPage();
          drawModelBand(doc, g, lang, at.y, t.continued);
          at.y += MODEL_BAND;
        }
        g.pedidos.slice(i, i + ORDER_COLUMNS).forEach((o, column) => {
          drawOrder(doc, o, PAGE.margin + column * (CONTENT_WIDTH / ORDER_COLUMNS), at.y);
        });
        at.y += ORDER_ROW;
      }
      at.y += 4;
      doc
        .moveTo(PAGE.margin, at.y)
        .lineTo(PAGE.margin + CONTENT_WIDTH, at.y)
        .lineWidth(0.5)
        .strokeColor(COLOURS.rule)
        .stroke();
      at.y += GROUP_GAP;
      groups++;
    }
  }
  if (groups === 0) {
    doc.fillColor(COLOURS.quiet).font('Helvetica').fontSize(11).text(t.empty, PAGE.margin, at.y);
  }
}

/** The sheet's heading on its first page; answers where the content goes on. */
function drawHeading(doc: PDFKit.PDFDocument, header: SheetHeader, lang: Language, y: number): number {
  const t = PRODUCTION_TEXTS[lang];
  doc
    .fillColor(COLOURS.brand)
    .font('Helvetica-Bold')
    .fontSize(20)
    .text(t.title, PAGE.margin, y + 4, {
      width: CONTENT_WIDTH,
    });
  doc
    .fillColor(COLOURS.text)
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(filterText(header.filtro, lang), PAGE.margin, doc.y + 4, { width: CONTENT_WIDTH });
  const { grupos, unidades, pedidos } = header.totales;
  doc
    .fillColor(COLOURS.quiet)
    .font('Helvetica')
    .fontSize(9)
    .text(`${t.totals(grupos, unidades, pedidos)} · ${t.made(header.generado)}`, PAGE.margin, doc.y + 3, {
      width: CONTENT_WIDTH,
    });
  return doc.y + 14;
}

function drawPageFrame(doc: PDFKit.PDFDocument, header: SheetHeader, lang: Language, page: number) {
  const t = PRODUCTION_TEXTS[lang];
  const top = PAGE.margin - 8;
  doc.fillColor(COLOURS.brand).font('Helvetica-Bold').fontSize(8.5);
  doc.text(header.fabricante, PAGE.margin, top, { width: CONTENT_WIDTH / 2, lineBreak: false });
  doc.fillColor(COLOURS.quiet).font('Helvetica');
  doc.text(`${t.title} · ${filterText(header.filtro, lang)}`, PAGE.margin + CONTENT_WIDTH / 2, top, {
    width: CONTENT_WIDTH / 2,
    align: 'right',
    lineBreak: false,
    ellipsis: true,
    height: 10,
  });
  doc
    .moveTo(PAGE.margin, top + 14)
    .lineTo(PAGE.margin + CONTENT_WIDTH, top + 14)
    .lineWidth(0.5)
    .strokeColor(COLOURS.rule)
    .stroke();
  doc.text(t.page(page), PAGE.margin, PAGE.height - PAGE.margin - 4, {
    width: CONTENT_WIDTH,
    align: 'center',
    lineBreak: false,
  });
}

function drawModelBand(
  doc: PDFKit.PDFDocument,
  g: ProductionSheetGroup,
  lang: Language,
  y: number,
  note: string,
) {
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, MODEL_BAND - 6).fill(COLOURS.brandLight);
  const text = [`${g.modelo} · ${localized(g, 'descripcion', lang)}`, note].filter(Boolean).join(' ');
  doc
    .fillColor(COLOURS.brand)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(text, PAGE.margin + 8, y + 5, {
      width: CONTENT_WIDTH - 16,
      lineBreak: false,
      ellipsis: true,
      height: 12,
    });
}

/** The lines of a group's configuration: each option, then the embroidery. */
function configLines(g: ProductionSheetGroup, lang: Language): Array<{ label: string; value: string }> {
  const t = PRODUCTION_TEXTS[lang];
  const lines = g.parametros_color.map((o) => ({
    label: localized(o, 'grupo', lang),
    value: localized(o, 'nombre', lang),
  }));
  const embroidery = embroideryText(g.parametros_bordado, lang);
  if (embroidery) lines.push({ label: t.embroidery, value: embroidery });
  if (lines.length === 0) lines.push({ label: '', value: t.noOptions });
  return lines;
}

function configText(g: ProductionSheetGroup, lang: Language): string {
  return configLines(g, lang)
    .map((l) => (l.label ? `${l.label}: ${l.value}` : l.value))
    .join('\n');
}

/** The height of a group's top part: its picture, or its configuration when that is taller. */
function groupTopHeight(doc: PDFKit.PDFDocument, g: ProductionSheetGroup, lang: Language): number {
  doc.font('Helvetica').fontSize(9);
  const text = doc.heightOfString(configText(g, lang), { width: TEXT_WIDTH, lineGap: 2 });
  return Math.max(PICTURE, Math.min(text, CONTENT_BOTTOM - CONTENT_TOP - 120));
}

function drawGroupTop(
  doc: PDFKit.PDFDocument,
  item: SheetPicture,
  lang: Language,
  y: number,
  height: number,
) {
  const t = PRODUCTION_TEXTS[lang];
  const g = item.group;
  const x = PAGE.margin;
  if (item.picture) {
    doc.image(item.picture, x, y, { fit: [PICTURE, PICTURE], align: 'center', valign: 'center' });
  } else {
    doc.rect(x, y, PICTURE, PICTURE).fill('#f3f3f3');
    doc
      .fillColor(COLOURS.quiet)
      .font('Helvetica')
      .fontSize(8)
      .text(t.noImage, x, y + PICTURE / 2 - 4, { width: PICTURE, align: 'center', lineBreak: false });
  }
  let ty = y;
  for (const line of configLines(g, lang)) {
    doc.fillColor(COLOURS.text).fontSize(9);
    if (line.label) {
      doc.font('Helvetica-Bold').text(`${line.label}: `, x + TEXT_X, ty, {
        width: TEXT_WIDTH,
        continued: true,
        lineGap: 2,
      });
      doc.font('Helvetica').text(line.value, { lineGap: 2 });
    } else {
      doc.font('Helvetica').text(line.value, x + TEXT_X, ty, { width: TEXT_WIDTH, lineGap: 2 });
    }
    ty = doc.y;
    if (ty > y + height) break;
  }
  const ux = x + CONTENT_WIDTH - UNITS_WIDTH;
  doc
    .fillColor(COLOURS.brand)
    .font('Helvetica-Bold')
    .fontSize(22)
    .text(String(g.cantidad), ux, y, { width: UNITS_WIDTH, align: 'right', lineBreak: false });
  doc
    .fillColor(COLOURS.quiet)
    .font('Helvetica')
    .fontSize(8.5)
    .text(t.units(g.cantidad), ux, y + 26, { width: UNITS_WIDTH, align: 'right', lineBreak: false });
}

function drawOrder(
  doc: PDFKit.PDFDocument,
  o: ProductionSheetGroup['pedidos'][number],
  x: number,
  y: number,
) {
  const width = CONTENT_WIDTH / ORDER_COLUMNS - 10;
  const one = { lineBreak: false, ellipsis: true, height: 10 } as const;
  doc.fillColor(COLOURS.text).font('Helvetica-Bold').fontSize(8);
  doc.text(`× ${o.cantidad}`, x + width - 32, y, { ...one, width: 32, align: 'right' });
  doc.text(o.docum, x, y, { ...one, width: 62 });
  doc
    .fillColor(COLOURS.quiet)
    .font('Helvetica')
    .text(o.cliente, x + 64, y, { ...one, width: width - 64 - 34 });
}
