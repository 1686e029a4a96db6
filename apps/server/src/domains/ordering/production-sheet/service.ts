/**
 * The production sheet (issue 31, record 060): the Admin's view of what to make, for one order or
 * for the orders of a status submitted within a range of Madrid days. The groups come from SQL a page
 * at a time (queries.ts), so neither the print view's answer (capped at PRODUCTION_VIEW_GROUPS_MAX
 * groups) nor the PDF (every group, streamed) holds more than a page of groups and their pictures.
 */
import { buffer } from 'node:stream/consumers';
import {
  type ChosenOptionSnapshot,
  type EmbroiderySnapshot,
  formatDate,
  type Language,
  ORDER_MSG,
  PRODUCTION_STATUSES,
  PRODUCTION_VIEW_GROUPS_MAX,
  type ProductionSheet,
  type ProductionSheetDocumentQuery,
  type ProductionSheetGroup,
  type ProductionStatus,
} from '@nido/contract';
import sharp from 'sharp';
import type { ServiceContext } from '../../../platform/context.ts';
import { NotFound } from '../../../platform/errors.ts';
import { mapLimit } from '../../../platform/map-limit.ts';
import { pdfOnWorker } from '../../../platform/worker-pdf.ts';
import {
  lineDrawing,
  type PreviewSubject,
  previewAddress,
  previewKey,
  storedPreview,
} from '../../catalogue/index.ts';
import { madridMidnight } from '../list-filter.ts';
import { PICTURE_PX, type SheetHeader, type SheetPicture } from './document.ts';
import { type GroupCursor, type SheetOrders, sheetGroupPage, sheetOrder, sheetTotals } from './queries.ts';
import { PRODUCTION_TEXTS } from './texts.ts';

/** Groups read (and, for the PDF, their pictures fetched and drawn) per statement. */
export const GROUP_PAGE_SIZE = 40;
/** Pictures read, rendered or downsized at once (sharp's own threads use the cores already). */
const PICTURE_CONCURRENCY = 2;

type Query = Omit<ProductionSheetDocumentQuery, 'pedido_id'> & { pedido_id?: number };

/** What a sheet gathers, checked: the one order (404 when it is missing or a cart), or the days. */
export interface SheetScope {
  orders: SheetOrders;
  filtro: ProductionSheet['filtro'];
}

/** A group and what its picture is drawn from: the embroidery's drawing, or null (the line's image). */
export interface SheetItem {
  group: ProductionSheetGroup;
  drawing: PreviewSubject | null;
}

export async function productionScope(ctx: ServiceContext, query: Query): Promise<SheetScope> {
  if (query.pedido_id || query.docum) {
    const pedido = await sheetOrder(
      ctx.db,
      query.pedido_id ? { id: query.pedido_id } : { docum: query.docum ?? '' },
    );
    if (!pedido) throw new NotFound(ORDER_MSG.orderNotFound);
    return {
      orders: { pedidoId: pedido.id },
      filtro: { pedido, status: null, desde: null, hasta: null },
    };
  }
  // The schema made sure both days are there, in order and near enough.
  const desde = query.desde!;
  const hasta = query.hasta!;
  const status = (query.status ?? null) as ProductionStatus | null;
  return {
    orders: {
      statuses: status ? [status] : PRODUCTION_STATUSES,
      from: madridMidnight(desde)!,
      to: madridMidnight(hasta, 1)!,
    },
    filtro: { pedido: null, status, desde, hasta },
  };
}

/** The sheet's groups a page at a time, in sheet order, `limit` groups at most. */
export async function* groupPages(
  ctx: ServiceContext,
  scope: SheetScope,
  limit = Number.POSITIVE_INFINITY,
): AsyncGenerator<SheetItem[]> {
  const key = await previewKey(ctx.db);
  let cursor: GroupCursor | null = null;
  let left = limit;
  while (left > 0) {
    const size = Math.min(GROUP_PAGE_SIZE, left);
    const rows = await sheetGroupPage(ctx.db, scope.orders, cursor, size);
    if (rows.length === 0) return;
    yield rows.map((r) => {
      const bordado = (r.parametros_bordado ?? null) as EmbroiderySnapshot | null;
      const drawing = lineDrawing(r.dibujo, bordado);
      return {
        drawing,
        group: {
          modelo: r.modelo,
          descripcion: r.descripcion,
          descripcion_en: r.descripcion_en,
          imagen: r.imagen,
          parametros_color: (r.parametros_color ?? []) as ChosenOptionSnapshot[],
          parametros_bordado: bordado,
          cantidad: Number(r.cantidad),
          bordado_preview: previewAddress(key, drawing),
          pedidos: (r.pedidos ?? []).map((o) => ({ ...o, cantidad: Number(o.cantidad) })),
        },
      };
    });
    left -= rows.length;
    if (rows.length < size) return;
    const last = rows[rows.length - 1];
    cursor = { modelo: last.modelo, clave: last.clave };
  }
}

/** GET pedidos/produccion: the totals and the first PRODUCTION_VIEW_GROUPS_MAX groups. */
export async function productionSheet(ctx: ServiceContext, query: Query): Promise<ProductionSheet> {
  const scope = await productionScope(ctx, query);
  const totales = await sheetTotals(ctx.db, scope.orders);
  const grupos: ProductionSheetGroup[] = [];
  for await (const page of groupPages(ctx, scope, PRODUCTION_VIEW_GROUPS_MAX)) {
    for (const item of page) grupos.push(item.group);
  }
  return {
    filtro: scope.filtro,
    fabricante: ctx.config.MAKER_NAME,
    generado: ctx.clock.now().toISOString(),
    totales,
    truncado: totales.grupos > grupos.length,
    grupos,
  };
}

/**
 * A group's picture at the pixels the PDF draws it at, as JPEG: the embroidery preview when the
 * group has a name (the stored one when rendered before, else rendered and stored: storedPreview),
 * else the line's thumbnail. A missing or unreadable file draws the "no image" box.
 */
async function pictureOf(ctx: ServiceContext, item: SheetItem): Promise<Buffer | null> {
  const path = item.group.imagen;
  try {
    let bytes = item.drawing ? await storedPreview(ctx, item.drawing) : null;
    if (!bytes && path) {
      const file = await ctx.storage.read(path);
      bytes = file ? await buffer(file.body) : null;
    }
    if (!bytes) return null;
    return await sharp(bytes, { limitInputPixels: 40_000_000 })
      .rotate()
      .resize({ width: PICTURE_PX, height: PICTURE_PX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer();
  } catch (err) {
    ctx.log.warn({ err, path }, 'production sheet picture skipped');
    return null;
  }
}

/** The pages with their pictures, a few read at once. */
async function* withPictures(
  ctx: ServiceContext,
  pages: AsyncIterable<SheetItem[]>,
): AsyncGenerator<SheetPicture[]> {
  for await (const page of pages) {
    const pictures = await mapLimit(page, PICTURE_CONCURRENCY, (item) => pictureOf(ctx, item));
    yield page.map((item, i) => ({ group: item.group, picture: pictures[i] }));
  }
}

/** A file name for the sheet: the order's number, or the days. */
function sheetFileName(scope: SheetScope, lang: Language): string {
  const f = scope.filtro;
  const what = f.pedido ? f.pedido.docum || String(f.pedido.id) : `${f.desde}_${f.hasta}`;
  return `${PRODUCTION_TEXTS[lang].fileName}-${what.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60)}.pdf`;
}

/**
 * GET pedidos/produccion/pdf: the scope checked and the totals read (a 404 answers before any
 * byte), then the PDF stream of every group.
 */
export async function productionSheetDocument(ctx: ServiceContext, query: Query) {
  const scope = await productionScope(ctx, query);
  const lang = query.lang ?? ctx.actor.language;
  const header: SheetHeader = {
    filtro: scope.filtro,
    fabricante: ctx.config.MAKER_NAME,
    generado: formatDate(ctx.clock.now()),
    totales: await sheetTotals(ctx.db, scope.orders),
  };
  const pdf = await pdfOnWorker(
    ctx.workers,
    'productionSheet',
    { header, lang },
    withPictures(ctx, groupPages(ctx, scope)),
    (err) => ctx.log.error({ err }, 'production sheet failed'),
  );
  return { fileName: sheetFileName(scope, lang), pdf };
}
