/**
 * Reading quick-order rows (record 042) from pasted text, a CSV file or an XLSX workbook. Text and
 * CSV go through one small strict reader (quotes as RFC 4180; the separators in `splitRows`); a
 * workbook is read by exceljs, which gives a formula's cached result and never evaluates it. A
 * first row naming the template's columns maps
 * the columns by name; otherwise they are read by position: code, quantity, option codes.
 */
import {
  ORDER_MSG,
  QUICK_ORDER_COLUMNS,
  QUICK_ORDER_FILE_MAX_BYTES,
  QUICK_ORDER_OPTIONS_MAX,
  QUICK_ORDER_ROWS_MAX,
  QUICK_ORDER_TEMPLATE_HEADER,
  type QuickOrderRowInput,
} from '@nido/contract';
import ExcelJS from 'exceljs';
import { HttpError, Invalid } from '../../platform/errors.ts';

/** A row as read, with its number in the source (1 = the first line). */
export interface ReadRow {
  row: number;
  input: QuickOrderRowInput & { opciones: string[] };
}

type Cells = { row: number; cells: string[] };

const FIELD = 'file';

/** Rows of pasted text. */
export function rowsOfText(text: string): ReadRow[] {
  return rowsOfCells(splitRows(text, 'pasted'));
}

/** Rows of an uploaded file: an XLSX workbook (by its zip signature) or CSV text. */
export async function rowsOfFile(bytes: Buffer): Promise<ReadRow[]> {
  if (bytes.length > QUICK_ORDER_FILE_MAX_BYTES) throw tooLarge();
  if (bytes.length === 0) throw new Invalid({ [FIELD]: [ORDER_MSG.fileRequired] });
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])))
    return rowsOfCells(await xlsxCells(bytes));
  // A CSV is text: a NUL byte or invalid UTF-8 is some other file (an old .xls, a picture).
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Invalid({ [FIELD]: [ORDER_MSG.fileType] });
  }
  if (text.includes('\0')) throw new Invalid({ [FIELD]: [ORDER_MSG.fileType] });
  return rowsOfCells(splitRows(text.replace(/^\uFEFF/, ''), 'csv'));
}

/**
 * Splits text into rows of cells. A CSV file has one separator (tab, `;` or `,`, guessed from its
 * first rows) and quoted cells may hold it, quotes and line breaks. Pasted text is read a line at
 * a time: cells copied from a spreadsheet come tab-separated, typed rows use `;` or spaces (never a
 * comma, which would split "1,5", one wrong quantity).
 */
export function splitRows(text: string, kind: 'pasted' | 'csv'): Cells[] {
  const lines = text.split(/\r\n|\n|\r/);
  const fileSeparator = kind === 'csv' ? guessSeparator(lines) : null;
  const out: Cells[] = [];
  let i = 0;
  while (i < lines.length) {
    const first = i + 1;
    let record = lines[i++];
    const separator = fileSeparator ?? (record.includes('\t') ? '\t' : record.includes(';') ? ';' : ' ');
    let cells: string[];
    if (separator === ' ') cells = record.trim().split(/\s+/);
    else {
      // A quoted cell may run over several lines of a file: gather lines until the quotes balance.
      while (kind === 'csv' && unbalanced(record) && i < lines.length) record += `\n${lines[i++]}`;
      cells = splitRecord(record, separator).map((c) => c.trim());
    }
    if (cells.some((c) => c !== '')) out.push({ row: first, cells });
    if (out.length > QUICK_ORDER_ROWS_MAX + 1) throw tooMany();
  }
  return out;
}

function guessSeparator(lines: string[]): string {
  const sample = lines.filter((l) => l.trim() !== '').slice(0, 20);
  for (const s of ['\t', ';', ',']) if (sample.some((l) => l.includes(s))) return s;
  return ',';
}

function unbalanced(record: string): boolean {
  let quotes = 0;
  for (const ch of record) if (ch === '"') quotes++;
  return quotes % 2 === 1;
}

function splitRecord(record: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < record.length; i++) {
    const ch = record[i];
    if (quoted) {
      if (ch === '"' && record[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === separator) {
      cells.push(cell);
      cell = '';
    } else cell += ch;
  }
  cells.push(cell);
  return cells;
}

/** The first worksheet's rows as text (numbers as written, a formula's cached result). */
async function xlsxCells(bytes: Buffer): Promise<Cells[]> {
  const unpacked = unpackedSize(bytes);
  if (unpacked == null) throw new Invalid({ [FIELD]: [ORDER_MSG.fileUnreadable] });
  if (unpacked > XLSX_UNPACKED_MAX_BYTES) throw tooLarge();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new Invalid({ [FIELD]: [ORDER_MSG.fileUnreadable] });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.actualRowCount > QUICK_ORDER_ROWS_MAX + 1) throw tooMany();
  const out: Cells[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    const width = Math.min(row.cellCount, 40);
    for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value).trim());
    if (cells.some((x) => x !== '')) out.push({ row: rowNumber, cells });
  });
  return out;
}

/**
 * A workbook of 500 rows unpacks to well under a megabyte; a zip that says it unpacks to more than
 * this is refused before exceljs inflates it (a "zip bomb" of 1 MB can unpack to a gigabyte).
 */
const XLSX_UNPACKED_MAX_BYTES = 20 * 1024 * 1024;

/**
 * The total unpacked size a zip declares in its central directory, or null when it has none
 * (not a zip). exceljs (through JSZip) inflates whole entries in memory.
 */
function unpackedSize(zip: Buffer): number | null {
  // The end-of-central-directory record: 22 bytes plus a comment of up to 64 KB, at the end.
  for (let end = zip.length - 22; end >= Math.max(0, zip.length - 22 - 0xffff); end--) {
    if (zip.readUInt32LE(end) !== 0x06054b50) continue;
    const entries = zip.readUInt16LE(end + 10);
    let at = zip.readUInt32LE(end + 16);
    let total = 0;
    for (let i = 0; i < entries; i++) {
      if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) return null;
      total += zip.readUInt32LE(at + 24);
      at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    }
    return total;
  }
  return null;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value == null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result == null || typeof result === 'object' ? '' : String(result);
  }
  if ('text' in value) return String(value.text);
  return '';
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
  return new HttpError(
    413,
    ORDER_MSG.fileTooLarge({ max: `${QUICK_ORDER_FILE_MAX_BYTES / 1024 / 1024} MB` }),
  );
}

function tooMany() {
  return new Invalid({ rows: [ORDER_MSG.tooManyRows({ max: QUICK_ORDER_ROWS_MAX })] });
}

/** The template: its header and two example rows, `;`-separated UTF-8 with a BOM (Excel opens it). */
export function templateCsv(examples: string[][]): string {
  const header = QUICK_ORDER_TEMPLATE_HEADER;
  const rows = [header, ...examples.map((r) => header.map((_, i) => r[i] ?? ''))];
  return `\uFEFF${rows.map((r) => r.join(';')).join('\r\n')}\r\n`;
}
