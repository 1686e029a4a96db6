/**
 * Reading a table from pasted text, a CSV file or an XLSX workbook, strictly (records 042, 049): the
 * quick order's rows and a price list's import. Text and CSV go through one small reader (quotes as
 * RFC 4180; the separators in `splitRows`); a workbook is read by exceljs, which gives a formula's
 * cached result and never evaluates it. What the cells mean is the caller's.
 */
import { ORDER_MSG } from '@nido/contract';
import ExcelJS from 'exceljs';
import { HttpError, Invalid } from './errors.ts';

/** A row's cells, with its number in the source (1 = the first line). */
export type Cells = { row: number; cells: string[] };

const FIELD = 'file';

/** The limits of one kind of file: its size, and its rows (a header row allowed beyond them). */
export interface TableLimits {
  maxBytes: number;
  maxRows: number;
}

/** The cells of pasted text (`pasted`) or of CSV text (`csv`): see `splitRows`. */
export function cellsOfText(text: string, kind: 'pasted' | 'csv', maxRows: number): Cells[] {
  return splitRows(text, kind, maxRows);
}

/** The cells of an uploaded file: an XLSX workbook (by its zip signature) or CSV text. */
export async function cellsOfFile(bytes: Buffer, limits: TableLimits): Promise<Cells[]> {
  if (bytes.length > limits.maxBytes) throw tooLarge(limits.maxBytes);
  if (bytes.length === 0) throw new Invalid({ [FIELD]: [ORDER_MSG.fileRequired] });
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) return xlsxCells(bytes, limits);
  // A CSV is text: a NUL byte or invalid UTF-8 is some other file (an old .xls, a picture).
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new Invalid({ [FIELD]: [ORDER_MSG.fileType] });
  }
  if (text.includes('\0')) throw new Invalid({ [FIELD]: [ORDER_MSG.fileType] });
  return splitRows(text.replace(/^\uFEFF/, ''), 'csv', limits.maxRows);
}

/**
 * Splits text into rows of cells. A CSV file has one separator (tab, `;` or `,`, guessed from its
 * first rows) and quoted cells may hold it, quotes and line breaks. Pasted text is read a line at
 * a time: cells copied from a spreadsheet come tab-separated, typed rows use `;` or spaces (never a
 * comma, which would split "1,5", one wrong quantity).
 */
function splitRows(text: string, kind: 'pasted' | 'csv', maxRows: number): Cells[] {
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
    if (out.length > maxRows + 1) throw tooMany(maxRows);
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
async function xlsxCells(bytes: Buffer, limits: TableLimits): Promise<Cells[]> {
  const unpacked = unpackedSize(bytes);
  if (unpacked == null) throw new Invalid({ [FIELD]: [ORDER_MSG.fileUnreadable] });
  if (unpacked > Math.max(XLSX_UNPACKED_MAX_BYTES, limits.maxBytes * 20)) throw tooLarge(limits.maxBytes);
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new Invalid({ [FIELD]: [ORDER_MSG.fileUnreadable] });
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  if (sheet.actualRowCount > limits.maxRows + 1) throw tooMany(limits.maxRows);
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

/** 413: the file is larger than `maxBytes`. */
export function tooLarge(maxBytes: number) {
  return new HttpError(413, ORDER_MSG.fileTooLarge({ max: `${Math.round(maxBytes / 1024 / 1024)} MB` }));
}

function tooMany(max: number) {
  return new Invalid({ rows: [ORDER_MSG.tooManyRows({ max })] });
}
