/**
 * Reading quick-order rows (record 042) from pasted text, a CSV file or an XLSX workbook, through
 * the strict reader of platform/table-file.ts. A first row naming the template's columns maps
 * the columns by name; otherwise they are read by position: code, quantity, option codes.
 */
import {
  type Language,
  ORDER_MSG,
  QUICK_ORDER_COLUMNS,
  QUICK_ORDER_FILE_MAX_BYTES,
  QUICK_ORDER_OPTIONS_MAX,
  QUICK_ORDER_ROWS_MAX,
  QUICK_ORDER_TEMPLATE_COLUMNS,
  type QuickOrderRowInput,
} from '@nido/contract';
import { Invalid } from '../../platform/errors.ts';
import {
  type Cells,
  cellsOfFileOffThread,
  cellsOfText,
  tooLarge as tooLargeFile,
} from '../../platform/table-file.ts';
import type { WorkerPool } from '../../platform/workers.ts';

/** A row as read, with its number in the source (1 = the first line). */
export interface ReadRow {
  row: number;
  input: QuickOrderRowInput & { opciones: string[] };
}

const LIMITS = { maxBytes: QUICK_ORDER_FILE_MAX_BYTES, maxRows: QUICK_ORDER_ROWS_MAX };

/** Rows of pasted text. */
export function rowsOfText(text: string): ReadRow[] {
  return rowsOfCells(cellsOfText(text, 'pasted', LIMITS.maxRows));
}

/** Rows of an uploaded file: an XLSX workbook (by its zip signature) or CSV text, read on a worker thread. */
export async function rowsOfFile(workers: WorkerPool, bytes: Buffer): Promise<ReadRow[]> {
  return rowsOfCells(await cellsOfFileOffThread(workers, bytes, LIMITS));
}

type Column = keyof typeof QUICK_ORDER_COLUMNS;

/** A header cell's column: lower case, accents and separators dropped, a trailing number ignored. */
function columnOf(cell: string): Column | null {
  const name = cell
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .trim()
    .replace(/[\s-]+/g, '_')
    .replace(/_?\d+$/, '');
  for (const [column, names] of Object.entries(QUICK_ORDER_COLUMNS) as Array<[Column, readonly string[]]>)
    if (names.includes(name)) return column;
  return null;
}

function rowsOfCells(rows: Cells[]): ReadRow[] {
  if (rows.length === 0) return [];
  const header = rows[0].cells.map(columnOf);
  const named = header[0] === 'modelo' || header.includes('cantidad');
  const body = named ? rows.slice(1) : rows;
  if (body.length > QUICK_ORDER_ROWS_MAX) throw tooMany();
  const columns: Array<Column | null> = named ? header : ['modelo', 'cantidad'];
  return body.map(({ row, cells }) => {
    const input: ReadRow['input'] = { modelo: '', cantidad: '', opciones: [] };
    const bordado: Record<string, string> = {};
    cells.forEach((cell, i) => {
      // Read by position, every cell after the quantity is an option code.
      const column = named ? columns[i] : (columns[i] ?? 'opcion');
      if (cell === '' || column == null) return;
      if (column === 'modelo' || column === 'cantidad') input[column] = cell.slice(0, 100);
      else if (column === 'opcion') {
        if (input.opciones.length < QUICK_ORDER_OPTIONS_MAX) input.opciones.push(cell.slice(0, 40));
      } else if (column === 'nota') input.nota = cell.slice(0, 200);
      else bordado[column] = cell.slice(0, column === 'name' ? 200 : 100);
    });
    if (Object.keys(bordado).length > 0) input.bordado = bordado;
    return { row, input };
  });
}

export function tooLarge() {
  return tooLargeFile(QUICK_ORDER_FILE_MAX_BYTES);
}

function tooMany() {
  return new Invalid({ rows: [ORDER_MSG.tooManyRows({ max: QUICK_ORDER_ROWS_MAX })] });
}

/**
 * The template in `lang`: its header and example rows, `;`-separated UTF-8 with a BOM (Excel opens
 * it). As many option columns as the examples need, at least three.
 */
export function templateCsv(lang: Language, examples: ReadRow['input'][]): string {
  const c = QUICK_ORDER_TEMPLATE_COLUMNS[lang];
  const options = Math.max(3, ...examples.map((r) => r.opciones.length));
  const embroidery = ['name', 'emb_color', 'position', 'emb_style'] as const;
  const header = [
    c.modelo,
    c.cantidad,
    ...Array(options).fill(c.opcion),
    ...embroidery.map((f) => c[f]),
    c.nota,
  ];
  const rows = examples.map((r) => [
    r.modelo,
    r.cantidad,
    ...Array.from({ length: options }, (_, i) => r.opciones[i] ?? ''),
    ...embroidery.map((f) => r.bordado?.[f] ?? ''),
    r.nota ?? '',
  ]);
  return `\uFEFF${[header, ...rows].map((r) => r.join(';')).join('\r\n')}\r\n`;
}
