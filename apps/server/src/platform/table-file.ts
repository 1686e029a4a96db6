/**
 * Reading a table from pasted text, a CSV file or an XLSX workbook, strictly (records 042, 049): the
 * quick order's rows and a price list's import. Text and CSV go through one small reader (quotes as
 * RFC 4180; the separators in `splitRows`); a workbook is streamed by exceljs's WorkbookReader, which
 * gives a formula's cached result and never evaluates it, and stops at the first row past the limit.
 * What the cells mean is the caller's.
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { ORDER_MSG } from '@nido/contract';
import ExcelJS from 'exceljs';
import { HttpError, Invalid } from './errors.ts';
import type { WorkerPool } from './workers.ts';

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

/**
 * `cellsOfFile` on a worker thread (record 061): a workbook's inflating and XML parsing, or a large
 * CSV's splitting, never holds the event loop. The size is checked here first; a full worker queue
 * throws Busy (503, Retry-After) before anything is read or written.
 */
export async function cellsOfFileOffThread(
  workers: WorkerPool,
  bytes: Buffer,
  limits: TableLimits,
): Promise<Cells[]> {
  if (bytes.length > limits.maxBytes) throw tooLarge(limits.maxBytes);
  if (bytes.length === 0) throw new Invalid({ [FIELD]: [ORDER_MSG.fileRequired] });
  return workers.run<Cells[]>('tableCells', { bytes, limits });
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

/**
 * The first worksheet's rows as text (numbers as written, a formula's cached result), read as a
 * stream by exceljs's WorkbookReader: reading stops at the first row past the limit (issue 28: a
 * 100,000-row sheet read whole held the event loop for 1.9 s), and gives the event loop a turn at
 * least every XLSX_SLICE_MS.
 */
async function xlsxCells(bytes: Buffer, limits: TableLimits): Promise<Cells[]> {
  const zip = zipEntries(bytes);
  if (zip == null) throw new Invalid({ [FIELD]: [ORDER_MSG.fileUnreadable] });
  const unpacked = zip.entries.reduce((sum, e) => sum + e.unpacked, 0);
  if (unpacked > Math.max(XLSX_UNPACKED_MAX_BYTES, limits.maxBytes * 20)) throw tooLarge(limits.maxBytes);
  // The reader takes a zip's entries in the order they come and puts aside (in a temporary file)
  // every sheet that comes before the shared strings or the workbook's relationships, as Excel and
  // exceljs both write them. Fed the parts it needs first, it reads the sheet as it inflates.
  const parts = zip.entries.filter((e) => READ_FIRST.includes(e.name));
  parts.sort((a, b) => READ_FIRST.indexOf(a.name) - READ_FIRST.indexOf(b.name));
  const sheets = zip.entries.filter((e) => WORKSHEET.test(e.name));
  const source = Readable.from(zipChunks(bytes, [...parts, ...sheets], zip.directory), { objectMode: false });
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // a date's number format
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  // A workbook without shared strings must not send its sheet to a temporary file either.
  Object.assign(reader, { sharedStrings: [], workbookRels: [] });
  // A broken entry (bad deflate data) fails the reader's unzip stream, not the sheet's rows, which
  // would then wait for ever: every wait is raced against that failure.
  const failed = unzipFailure(source);
  const out: Cells[] = [];
  try {
    let emitted = 0;
    for await (const { eventType, value } of until(
      reader.parse() as unknown as AsyncIterable<ReaderEvent>,
      failed,
    )) {
      if (eventType !== 'worksheet') continue;
      // Worksheets come in the order they were fed; the workbook's own order names the first.
      const name = sheets[emitted++].name;
      const first = firstSheetName(reader as unknown as ReaderState);
      if (first != null && name !== first && sheets.some((s) => s.name === first)) continue;
      let rows = 0;
      let slice = performance.now();
      for await (const row of until(value as AsyncIterable<ExcelJS.Row>, failed)) {
        if (!row.hasValues) continue;
        if (++rows > limits.maxRows + 1) throw tooMany(limits.maxRows);
        const cells: string[] = [];
        const width = Math.min(row.cellCount, 40);
        for (let c = 1; c <= width; c++) cells.push(cellText(row.getCell(c).value).trim());
        if (cells.some((x) => x !== '')) out.push({ row: row.number, cells });
        if (performance.now() - slice > XLSX_SLICE_MS) {
          await nextTurn();
          slice = performance.now();
        }
      }
      return out;
    }
    return out;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new Invalid({ [FIELD]: [ORDER_MSG.fileUnreadable] });
  } finally {
    source.destroy();
  }
}

/** Rejects when the stream `source` is piped into (the reader's unzip) fails. */
function unzipFailure(source: Readable): Promise<never> {
  const failed = new Promise<never>((_, reject) => {
    const pipe = source.pipe.bind(source);
    source.pipe = (destination, options) => pipe(destination.once('error', reject), options);
  });
  failed.catch(() => {}); // raced only while reading
  return failed;
}

/** `items`, until `failed` rejects. */
async function* until<T>(items: AsyncIterable<T>, failed: Promise<never>): AsyncGenerator<T> {
  const it = items[Symbol.asyncIterator]();
  try {
    for (let next = await Promise.race([it.next(), failed]); !next.done; ) {
      yield next.value;
      next = await Promise.race([it.next(), failed]);
    }
  } finally {
    Promise.resolve(it.return?.()).catch(() => {});
  }
}

type ReaderEvent = { eventType: string; value: unknown };
/** What WorkbookReader keeps of the workbook's parts once read (not in exceljs's types). */
type ReaderState = {
  model?: { sheets?: Array<{ rId: string }> };
  workbookRels?: Array<{ Id: string; Target: string }>;
};

/** The parts read before any sheet, in this order; the rest (themes, properties) are never inflated. */
const READ_FIRST = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/sharedStrings.xml', 'xl/styles.xml'];
/** The entries WorkbookReader takes for worksheets (its own test, unanchored). */
const WORKSHEET = /xl\/worksheets\/sheet\d+[.]xml/;
/** The longest the reader holds the event loop between turns it gives. */
const XLSX_SLICE_MS = 10;

/** The entry of the workbook's first sheet (its order, not the zip's), as exceljs resolves it. */
function firstSheetName(reader: ReaderState): string | null {
  const first = reader.model?.sheets?.[0];
  const rel = first && reader.workbookRels?.find((r) => r.Id === first.rId);
  return rel ? `xl/${rel.Target.replace(/^(\s|\/xl\/)+/, '')}` : null;
}

/** `entries`' records, in that order, then the central directory: a zip a sequential reader takes. */
function* zipChunks(zip: Buffer, entries: ZipEntry[], directory: number): Generator<Buffer> {
  const CHUNK = 64 * 1024;
  for (const { start, end } of [...entries, { start: directory, end: zip.length }])
    for (let at = start; at < end; at += CHUNK) yield zip.subarray(at, Math.min(end, at + CHUNK));
}

/**
 * A workbook of 500 rows unpacks to well under a megabyte; a zip that says it unpacks to more than
 * this is refused before anything is inflated (a "zip bomb" of 1 MB can unpack to a gigabyte).
 */
const XLSX_UNPACKED_MAX_BYTES = 20 * 1024 * 1024;

/** A zip entry: its name, its unpacked size, and where its record (header, data, descriptor) lies. */
type ZipEntry = { name: string; unpacked: number; start: number; end: number };

/**
 * The entries a zip's central directory lists, or null when it has none (not a zip) or they do not
 * fit the file. An entry's record runs to the next one's (or to the central directory).
 */
function zipEntries(zip: Buffer): { entries: ZipEntry[]; directory: number } | null {
  // The end-of-central-directory record: 22 bytes plus a comment of up to 64 KB, at the end.
  for (let end = zip.length - 22; end >= Math.max(0, zip.length - 22 - 0xffff); end--) {
    if (zip.readUInt32LE(end) !== 0x06054b50) continue;
    const count = zip.readUInt16LE(end + 10);
    const directory = zip.readUInt32LE(end + 16);
    if (directory > end) return null;
    const entries: ZipEntry[] = [];
    let at = directory;
    for (let i = 0; i < count; i++) {
      if (at + 46 > zip.length || zip.readUInt32LE(at) !== 0x02014b50) return null;
      const nameLength = zip.readUInt16LE(at + 28);
      const start = zip.readUInt32LE(at + 42);
      if (start >= directory) return null;
      entries.push({
        name: zip.toString('utf8', at + 46, Math.min(zip.length, at + 46 + nameLength)),
        unpacked: zip.readUInt32LE(at + 24),
        start,
        end: directory,
      });
      at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    }
    const byStart = [...entries].sort((a, b) => a.start - b.start);
    for (let i = 0; i + 1 < byStart.length; i++) byStart[i].end = byStart[i + 1].start;
    return { entries, directory };
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
