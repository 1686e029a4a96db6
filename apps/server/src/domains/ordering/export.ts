/**
 * The orders export (POST pedidos/exportCsv, pedidos/exportXlsx; record 034): the orders list's
 * filter and scope, every page of it, a row per primary line with its surcharge lines folded into
 * its amount, streamed batch by batch (export-queries.ts) as CSV or as an Excel workbook.
 */
import { PassThrough, Readable } from 'node:stream';
import { setTimeout } from 'node:timers/promises';
import {
  type ChosenOptionSnapshot,
  type EmbroiderySnapshot,
  EXPORT_MEDIA_TYPES,
  type ExportFormat,
  embroideryText,
  formatDate,
  formatIsoDay,
  type Language,
  localized,
  type OrderExportData,
  optionsText,
} from '@nido/contract';
import ExcelJS from 'exceljs';
import type { ServiceContext } from '../../platform/context.ts';
import { fileMoney } from '../../platform/money.ts';
import { type ExportLineRow, exportLineBatches } from './export-queries.ts';
import { orderListWhere } from './list-filter.ts';
import { orderTaxes } from './order-tax.ts';
import { orderListFilter } from './queries.ts';

const TEXTS = {
  es: {
    file: 'pedidos',
    sheet: 'Pedidos',
    columns: [
      'Documento',
      'Fecha',
      'Estado',
      'Cliente',
      'Referencia',
      'Entrega solicitada',
      'Código',
      'Descripción',
      'Opciones',
      'Bordado',
      'Nota',
      'Cantidad',
      'Precio unidad',
      'Recargos',
      'Importe',
      'Total a pagar',
    ],
    status: { w: 'Pendiente', p: 'Procesado', e: 'Comprado', x: 'Cancelado' } as Record<string, string>,
  },
  en: {
    file: 'orders',
    sheet: 'Orders',
    columns: [
      'Document',
      'Date',
      'Status',
      'Client',
      'Reference',
      'Requested delivery',
      'Code',
      'Description',
      'Options',
      'Embroidery',
      'Note',
      'Quantity',
      'Unit price',
      'Surcharges',
      'Amount',
      'Total to pay',
    ],
    status: { w: 'Pending', p: 'Processed', e: 'Bought', x: 'Cancelled' } as Record<string, string>,
  },
} as const;

/** A row of the export: a primary line of an order, in the user's language, money in cents. */
export interface ExportRow {
  docum: string;
  /** dd/MM/yyyy, the Madrid day the order was submitted. */
  fecha: string;
  status: string;
  cliente: string;
  /** The shop's purchase-order reference ('' when none). */
  referencia: string;
  /** dd/MM/yyyy, the delivery day asked for ('' when none). */
  fecha_entrega: string;
  modelo: string;
  descripcion: string;
  opciones: string;
  bordado: string;
  nota: string;
  cantidad: number;
  precio_cents: number;
  /** What the lines that depend on this one (its embroidery surcharge) cost, all units. */
  recargos_cents: number;
  /** cantidad × precio + recargos: the line as the order screen lists it (importe_total). */
  importe_cents: number;
  total_cents: number;
}

/** The columns, in order: text, whole number, money or date (how the workbook types each). */
const COLUMNS: Array<{
  value: (r: ExportRow) => string | number;
  kind: 'text' | 'int' | 'money' | 'date';
  width: number;
}> = [
  { value: (r) => r.docum, kind: 'text', width: 14 },
  { value: (r) => r.fecha, kind: 'date', width: 11 },
  { value: (r) => r.status, kind: 'text', width: 11 },
  { value: (r) => r.cliente, kind: 'text', width: 24 },
  { value: (r) => r.referencia, kind: 'text', width: 16 },
  { value: (r) => r.fecha_entrega, kind: 'date', width: 11 },
  { value: (r) => r.modelo, kind: 'text', width: 12 },
  { value: (r) => r.descripcion, kind: 'text', width: 30 },
  { value: (r) => r.opciones, kind: 'text', width: 40 },
  { value: (r) => r.bordado, kind: 'text', width: 30 },
  { value: (r) => r.nota, kind: 'text', width: 24 },
  { value: (r) => r.cantidad, kind: 'int', width: 9 },
  { value: (r) => r.precio_cents, kind: 'money', width: 12 },
  { value: (r) => r.recargos_cents, kind: 'money', width: 11 },
  { value: (r) => r.importe_cents, kind: 'money', width: 12 },
  { value: (r) => r.total_cents, kind: 'money', width: 13 },
];

/**
 * One batch of line rows as export rows: each primary line with the amount of the lines that depend
 * on it added to it (they follow it in the batch); a dependent line whose primary line is missing
 * stands on its own, as the screens list it. A batch holds whole orders.
 */
function exportRows(lines: ExportLineRow[], lang: Language, now: Date): ExportRow[] {
  const t = TEXTS[lang];
  const rows: ExportRow[] = [];
  let primary: { id: number; row: ExportRow } | null = null;
  for (const l of lines) {
    if (l.id == null) continue; // an order without lines has no row
    const amount = l.unped! * l.precio_cents!;
    if (primary && l.primary_line_id === primary.id) {
      primary.row.recargos_cents += amount;
      primary.row.importe_cents += amount;
      continue;
    }
    const row: ExportRow = {
      docum: l.docum ?? `#${l.pedido_id}`,
      fecha: formatDate(l.fecha_pedido),
      status: t.status[l.status] ?? l.status,
      cliente: l.cliente,
      referencia: l.referencia,
      fecha_entrega: formatIsoDay(l.fecha_entrega),
      modelo: l.modelo ?? '', // the shipping line has no model
      descripcion: localized({ d: l.descripcion, d_en: l.descripcion_en }, 'd', lang),
      opciones: optionsText(l.parametros_color as ChosenOptionSnapshot[] | null, lang),
      bordado: embroideryText(l.parametros_bordado as EmbroiderySnapshot | null, lang),
      nota: l.nota ?? '',
      cantidad: l.unped!,
      precio_cents: l.precio_cents!,
      recargos_cents: 0,
      importe_cents: amount,
      // What the order's page shows as its total: the lines and their taxes as submitted.
      total_cents: orderTaxes([l.total_cents], l, null, now).totalCents,
    };
    rows.push(row);
    primary = l.primary_line_id == null ? { id: l.id, row } : null;
  }
  return rows;
}

// ── CSV ───────────────────────────────────────────────────────────────────────────────────────

const BOM = '\uFEFF';
const SEPARATOR = ';';

/**
 * A text cell: quoted when it holds the separator, a quote or a line break; a text that a
 * spreadsheet would read as a formula (= + - @, a tab or a carriage return first) gets a leading
 * apostrophe, so a note typed by a shop never runs in the Admin's Excel (CSV injection).
 */
function csvText(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function csvLine(cells: string[]): string {
  return `${cells.join(SEPARATOR)}\r\n`;
}

function csvRow(r: ExportRow): string {
  return csvLine(
    COLUMNS.map(({ value, kind }) => {
      const v = value(r);
      if (kind === 'money') return fileMoney(v as number, 'csv');
      return kind === 'int' ? String(v) : csvText(String(v));
    }),
  );
}

async function* csvChunks(batches: AsyncIterable<ExportRow[]>, lang: Language): AsyncGenerator<string> {
  yield BOM + csvLine(TEXTS[lang].columns.map(csvText));
  for await (const rows of batches) yield rows.map(csvRow).join('');
}

// ── XLSX ──────────────────────────────────────────────────────────────────────────────────────

/** A dd/MM/yyyy day as the workbook's date: that day at 00:00 UTC, which Excel stores as a whole day. */
function excelDay(fecha: string): Date | null {
  if (!fecha) return null;
  const [d, m, y] = fecha.split('/').map(Number);
  return new Date(Date.UTC(y, m - 1, d));
}

const NUMBER_FORMATS = { money: '#,##0.00', date: 'dd/mm/yyyy', int: '0', text: '@' } as const;

/** Sheet XML the zip may hold before the export waits for it: about one batch of rows. */
const PENDING_MAX = 1 << 20;

type StreamState = { _writableState?: { length: number }; _readableState?: { length: number } };

/**
 * Bytes of sheet XML written but not yet taken by the zip. exceljs's sheet buffer (stream-buf.js)
 * hands its chunks to the zip's entry stream without waiting for it, so rows added faster than the
 * zip deflates them (or than a slow download takes them) pile up there: measured, a 500,000-row
 * export held its whole XML. The export waits on this count instead.
 */
function pendingSheetBytes(sheet: ExcelJS.Worksheet): number {
  const entry = (sheet as unknown as { stream: { pipes?: StreamState[] } }).stream.pipes?.[0];
  return (entry?._writableState?.length ?? 0) + (entry?._readableState?.length ?? 0);
}

function xlsxStream(batches: AsyncIterable<ExportRow[]>, lang: Language): Readable {
  const t = TEXTS[lang];
  const out = new PassThrough();
  let dropped = false; // the download ended early (the client went away): read no further
  out.once('close', () => {
    dropped = true;
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false, // inline strings: a shared-strings table would grow with the export
  });
  const sheet = workbook.addWorksheet(t.sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map(({ kind, width }, i) => ({
    header: t.columns[i],
    width,
    style: { numFmt: NUMBER_FORMATS[kind] },
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  (async () => {
    for await (const rows of batches) {
      if (dropped) return;
      for (const r of rows) {
        sheet
          .addRow(
            COLUMNS.map(({ value, kind }) => {
              const v = value(r);
              if (kind === 'money') return fileMoney(v as number, 'xlsx');
              return kind === 'date' ? excelDay(v as string) : v;
            }),
          )
          .commit();
      }
      while (pendingSheetBytes(sheet) > PENDING_MAX) {
        if (dropped) return;
        await setTimeout(2);
      }
    }
    sheet.commit();
    await workbook.commit();
  })().catch((err) => out.destroy(err));
  return out;
}

// ── The export ────────────────────────────────────────────────────────────────────────────────

export interface OrderExport {
  /** `pedidos-2026-11-25.csv` / `orders-2026-11-25.xlsx`: the user's language, today in Madrid. */
  filename: string;
  type: string;
  body: Readable;
}

/**
 * The orders of the list's filter in the caller's scope (list-filter.ts: a client user only its
 * client's, a Representante its clients', an Admin every client's or one), newest first, as
 * `format`, in the caller's language. The scope is checked and the first batch read before the
 * answer starts, so a refusal or a failing read is an ordinary error answer; a later failure ends
 * the download mid-way (the client sees a broken transfer, never a short file that looks whole).
 */
export async function exportOrders(
  ctx: ServiceContext,
  body: OrderExportData,
  format: ExportFormat,
): Promise<OrderExport> {
  const lang = ctx.actor.language;
  const lines = exportLineBatches(ctx.db, orderListFilter(await orderListWhere(ctx, body)));
  const first = await lines.next();
  async function* batches(): AsyncGenerator<ExportRow[]> {
    if (first.done) return;
    const now = ctx.clock.now();
    yield exportRows(first.value, lang, now);
    for await (const batch of lines) yield exportRows(batch, lang, now);
  }
  const [d, m, y] = formatDate(ctx.clock.now()).split('/');
  return {
    filename: `${TEXTS[lang].file}-${y}-${m}-${d}.${format}`,
    type: EXPORT_MEDIA_TYPES[format],
    body:
      format === 'csv'
        ? Readable.from(csvChunks(batches(), lang), { objectMode: false })
        : xlsxStream(batches(), lang),
  };
}
