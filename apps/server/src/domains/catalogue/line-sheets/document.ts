/**
 * A line sheet as a PDF, A4 (pdfkit, record 037): a cover (the season, its order and delivery
 * windows, the maker, whom it is priced for), then the models by family, nine to a page: main image,
 * code, description, colour swatches with their names, PVP and the client's net price. It prints
 * the service's answer (the print view shows the same).
 *
 * Made to stream in bounded memory whatever the collection's size: the models come a page at a time
 * (service.ts `sheetPages`); each page's images are read and downsized by sharp to the pixels they are
 * drawn at, a few at a time, and embedded as JPEG (pdfkit writes a JPEG as it is, at once, and keeps
 * nothing of it); pdfkit writes each page out when the next begins; and the next page is handed over
 * only while the reader is less than a few MB behind.
 *
 * Drawn on a worker thread (record 061, platform/worker-pdf.ts): this thread reads the pages and their
 * images; the worker (`drawLineSheet`, worker-tasks.ts) draws and sends the PDF's bytes back.
 */

import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { MessagePort } from 'node:worker_threads';
import { familyName, formatIsoDay, formatMoney, type Language, localized, type Swatch } from '@nido/contract';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { ServiceContext } from '../../../platform/context.ts';
import { mapLimit } from '../../../platform/map-limit.ts';
import { A4, BRAND_COLOURS } from '../../../platform/pdf-style.ts';
import type { Storage } from '../../../platform/storage.ts';
import { drawOnPort, pdfOnWorker } from '../../../platform/worker-pdf.ts';
import { familyKey, type SheetItem, type SheetScope } from './sheet.ts';
import { deliveryWindowText, orderWindowText, SHEET_TEXTS } from './texts.ts';

const PAGE = { ...A4, margin: 36 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const COLOURS = BRAND_COLOURS;
const COLUMNS = 3;
const GAP = 14;
/** A card: its image, then code, description (2 lines), colours (dots, 2 lines of names), prices. */
const CARD_IMAGE = 124;
const CARD = {
  width: (CONTENT_WIDTH - GAP * (COLUMNS - 1)) / COLUMNS,
  image: CARD_IMAGE,
  code: CARD_IMAGE + 6,
  description: CARD_IMAGE + 19,
  colours: CARD_IMAGE + 43,
  prices: CARD_IMAGE + 80,
  /** Row to row: the card and the gap below it. */
  height: CARD_IMAGE + 92 + GAP,
};
/** Pixels per point an image is embedded at (144 dpi: sharp on paper, small in the file). */
const PX_PER_PT = 2;
const HEADER_HEIGHT = 28;
const FAMILY_HEADING = 30;
const CONTENT_TOP = PAGE.margin + HEADER_HEIGHT;
const CONTENT_BOTTOM = PAGE.height - PAGE.margin - 14;
/** Images read and downsized at once. */
const IMAGE_CONCURRENCY = 4;

/** A page of the sheet as the worker draws it: its models and their images (JPEG, or none). */
export interface DrawnPage {
  items: SheetItem[];
  images: Array<Uint8Array | null>;
}

/**
 * The line sheet as a PDF stream, drawn on a worker thread while it is read (`pages`: service.ts
 * `sheetPages`; platform/worker-pdf.ts). Answers once the worker has taken the task (a full pool
 * throws Busy, 503, before any byte); a later failure destroys the stream.
 */
export function lineSheetPdf(
  ctx: ServiceContext,
  scope: SheetScope,
  lang: Language,
  pages: AsyncIterable<SheetItem[]>,
): Promise<Readable> {
  return pdfOnWorker(
    ctx.workers,
    'lineSheet',
    { scope: { ...scope, inputs: null }, lang },
    withImages(ctx, pages),
    (err) => ctx.log.error({ err }, 'line sheet failed'),
  );
}

/** The pages with their images, a few read and downsized at once. */
async function* withImages(
  ctx: ServiceContext,
  pages: AsyncIterable<SheetItem[]>,
): AsyncGenerator<DrawnPage> {
  for await (const items of pages) {
    yield { items, images: await mapLimit(items, IMAGE_CONCURRENCY, (item) => sheetImage(ctx, item)) };
  }
}

/** The worker's side (worker-tasks.ts): draws the sheet as the pages come through `port`. */
export function drawLineSheetOnPort(scope: SheetScope, lang: Language, port: MessagePort): Promise<null> {
  return drawOnPort<DrawnPage>(port, (pages) => drawLineSheet(scope, lang, pages));
}

/** The line sheet drawn from its pages (on the worker thread); a failure destroys the document. */
export function drawLineSheet(
  scope: SheetScope,
  lang: Language,
  pages: AsyncIterable<DrawnPage>,
): PDFKit.PDFDocument {
  const t = SHEET_TEXTS[lang];
  const season = localized(scope.coleccion, 'nombre', lang);
  const doc = new PDFDocument({
    size: 'A4',
    // The layout keeps its own bottom (CONTENT_BOTTOM); pdfkit's only decides where text would break
    // onto a new page by itself, which the footer must never make it do.
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: 8 },
    autoFirstPage: false,
    info: { Title: `${t.title} ${season}`, Author: scope.fabricante },
  });
  drawCover(doc, scope, lang);
  drawModels(doc, scope, lang, pages).then(
    () => doc.end(),
    (err) => doc.destroy(err),
  );
  return doc;
}

function drawCover(doc: PDFKit.PDFDocument, scope: SheetScope, lang: Language) {
  const t = SHEET_TEXTS[lang];
  const left = PAGE.margin + 12;
  const width = CONTENT_WIDTH - 24;
  doc.addPage();
  doc.rect(0, 0, PAGE.width, 330).fill(COLOURS.brand);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(13).text(scope.fabricante, left, 64, { width });
  doc.font('Helvetica').fontSize(12).text(t.title.toUpperCase(), left, 190, { width });
  doc
    .font('Helvetica-Bold')
    .fontSize(34)
    .text(localized(scope.coleccion, 'nombre', lang), left, 212, { width, height: 90, ellipsis: true });

  let y = 370;
  const fact = (label: string, value: string) => {
    doc.fillColor(COLOURS.quiet).font('Helvetica').fontSize(9).text(label.toUpperCase(), left, y, { width });
    doc
      .fillColor(COLOURS.text)
      .font('Helvetica-Bold')
      .fontSize(15)
      .text(value, left, y + 13, { width });
    y = doc.y + 18;
  };
  fact(t.orderWindow, orderWindowText(scope.coleccion, lang));
  fact(t.delivery, deliveryWindowText(scope.coleccion, lang));
  fact(t.preparedFor, scope.cliente ? scope.cliente.nomcome : t.retailOnly);
  fact(t.date, formatIsoDay(scope.today));
  doc
    .fillColor(COLOURS.quiet)
    .font('Helvetica')
    .fontSize(9)
    .text(scope.coleccion.coleccion, left, PAGE.height - PAGE.margin - 12, { width, lineBreak: false });
}

/** Where the next card goes, and the pages drawn so far. */
interface Cursor {
  page: number;
  y: number;
  column: number;
  family: number | null;
}

async function drawModels(
  doc: PDFKit.PDFDocument,
  scope: SheetScope,
  lang: Language,
  pages: AsyncIterable<DrawnPage>,
) {
  const t = SHEET_TEXTS[lang];
  const at: Cursor = { page: 1, y: CONTENT_BOTTOM, column: 0, family: null };
  const newPage = () => {
    doc.addPage();
    at.page++;
    drawPageFrame(doc, scope, lang, at.page);
    at.y = CONTENT_TOP;
    at.column = 0;
  };
  let models = 0;
  for await (const { items: page, images } of pages) {
    if (doc.destroyed) return;
    for (const [i, item] of page.entries()) {
      const family = familyKey(item.familia);
      if (family !== at.family) {
        // A family starts on a new row, under its heading, with room for at least one row of cards.
        if (at.column > 0) at.y += CARD.height;
        if (at.y + FAMILY_HEADING + CARD.height > CONTENT_BOTTOM) newPage();
        drawFamilyHeading(doc, familyName(family, lang), at.y);
        at.y += FAMILY_HEADING;
        at.column = 0;
        at.family = family;
      } else if (at.column === COLUMNS) {
        at.y += CARD.height;
        at.column = 0;
      }
      if (at.column === 0 && at.y + CARD.height > CONTENT_BOTTOM) newPage();
      const image = images[i];
      drawCard(
        doc,
        item,
        image ? Buffer.from(image.buffer, image.byteOffset, image.byteLength) : null,
        lang,
        PAGE.margin + at.column * (CARD.width + GAP),
        at.y,
      );
      at.column++;
      models++;
    }
  }
  if (models === 0) {
    newPage();
    doc.fillColor(COLOURS.quiet).font('Helvetica').fontSize(11).text(t.noModels, PAGE.margin, at.y);
  }
}

function drawPageFrame(doc: PDFKit.PDFDocument, scope: SheetScope, lang: Language, page: number) {
  const t = SHEET_TEXTS[lang];
  const top = PAGE.margin - 8;
  doc.fillColor(COLOURS.brand).font('Helvetica-Bold').fontSize(8.5);
  doc.text(scope.fabricante, PAGE.margin, top, { width: CONTENT_WIDTH / 2, lineBreak: false });
  doc.fillColor(COLOURS.quiet).font('Helvetica');
  const right = [localized(scope.coleccion, 'nombre', lang), scope.cliente?.nomcome]
    .filter(Boolean)
    .join(' · ');
  doc.text(right, PAGE.margin + CONTENT_WIDTH / 2, top, {
    width: CONTENT_WIDTH / 2,
    align: 'right',
    lineBreak: false,
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

function drawFamilyHeading(doc: PDFKit.PDFDocument, name: string, y: number) {
  doc.rect(PAGE.margin, y, CONTENT_WIDTH, 20).fill(COLOURS.brandLight);
  doc
    .fillColor(COLOURS.brand)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(name, PAGE.margin + 8, y + 6, { width: CONTENT_WIDTH - 16, lineBreak: false });
}

function drawCard(
  doc: PDFKit.PDFDocument,
  item: SheetItem,
  image: Buffer | null,
  lang: Language,
  x: number,
  y: number,
) {
  const t = SHEET_TEXTS[lang];
  const m = item.model;
  const w = CARD.width;
  if (image) {
    doc.image(image, x, y, { fit: [w, CARD.image], align: 'center', valign: 'center' });
  } else {
    doc.rect(x, y, w, CARD.image).fill('#f3f3f3');
    doc
      .fillColor(COLOURS.quiet)
      .font('Helvetica')
      .fontSize(8)
      .text(t.noImage, x, y + CARD.image / 2 - 4, { width: w, align: 'center', lineBreak: false });
  }
  doc
    .fillColor(COLOURS.text)
    .font('Helvetica-Bold')
    .fontSize(9.5)
    .text(m.modelo, x, y + CARD.code, { width: w, lineBreak: false });
  doc
    .font('Helvetica')
    .fontSize(8.5)
    .text(localized(m, 'descripcion', lang), x, y + CARD.description, {
      width: w,
      height: 21,
      ellipsis: true,
    });
  drawSwatches(doc, m.colores, lang, x, y + CARD.colours, w);
  // The prices on the card's last line: PVP, and the client's own when made for one.
  const py = y + CARD.prices;
  doc.fillColor(COLOURS.quiet).font('Helvetica').fontSize(8.5);
  doc.text(`${t.pvp} ${formatMoney(m.pvp)}`, x, py + 1, { width: w, lineBreak: false });
  if (m.precio_neto != null) {
    doc
      .fillColor(COLOURS.brand)
      .font('Helvetica-Bold')
      .fontSize(9.5)
      .text(`${t.net} ${formatMoney(m.precio_neto)}`, x, py, {
        width: w,
        align: 'right',
        lineBreak: false,
      });
  }
}

const HEX = /^#[0-9a-f]{6}$/i;

/** A row of colour dots, then their names (two lines at most). */
function drawSwatches(
  doc: PDFKit.PDFDocument,
  colours: Swatch[],
  lang: Language,
  x: number,
  y: number,
  w: number,
) {
  if (colours.length === 0) return;
  const step = 13;
  const fit = Math.floor(w / step);
  for (const [i, c] of colours.slice(0, fit).entries()) {
    doc
      .circle(x + 5 + i * step, y + 5, 4.5)
      .lineWidth(0.5)
      .fillAndStroke(c.color && HEX.test(c.color) ? c.color : '#cccccc', '#999999');
  }
  const names = colours.map((c) => localized(c, 'nombre', lang)).join(' · ');
  doc
    .fillColor(COLOURS.quiet)
    .font('Helvetica')
    .fontSize(7.5)
    .text(names, x, y + 13, { width: w, height: 19, ellipsis: true });
}

/**
 * The model's main image at the pixels it is drawn at, as JPEG: the thumbnail (320 px) when there is
 * one, else the full image. A missing or unreadable file draws the "no image" box: one bad image
 * never costs the sheet.
 */
async function sheetImage(ctx: ServiceContext, item: SheetItem): Promise<Buffer | null> {
  const path = item.thumb ?? item.full;
  if (!path) return null;
  try {
    const bytes = await readStored(ctx.storage, path);
    if (!bytes) return null;
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({
        width: Math.round(CARD.width * PX_PER_PT),
        height: CARD.image * PX_PER_PT,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch (err) {
    ctx.log.warn({ err, path }, 'line sheet image skipped');
    return null;
  }
}

async function readStored(storage: Storage, path: string): Promise<Buffer | null> {
  const file = await storage.read(path);
  return file ? buffer(file.body) : null;
}
