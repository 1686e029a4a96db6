/**
 * What the worker threads run (platform/workers.ts, record 061), by task name: each takes plain data
 * (structured clone) and answers plain data or bytes. Loaded in a worker by worker-entry.mjs, never
 * on the event loop's thread.
 */
import { buffer } from 'node:stream/consumers';
import type { MessagePort } from 'node:worker_threads';
import type { Language, Order } from '@nido/contract';
import { drawLineSheetOnPort, type SheetScope } from './domains/catalogue/index.ts';
import {
  type DocumentKind,
  type DocumentParties,
  drawProductionSheetOnPort,
  orderDocumentPdf,
  type SheetHeader,
} from './domains/ordering/index.ts';
import { cellsOfFile, type TableLimits } from './platform/table-file.ts';
import { taskRunner } from './platform/workers.ts';

export const WORKER_TASKS = {
  /** An order's confirmation or invoice as PDF bytes (ordering/document.ts). */
  async orderDocument(input: {
    order: Order;
    parties: DocumentParties;
    lang: Language;
    kind: DocumentKind;
    previews: Record<number, Uint8Array>;
  }): Promise<Uint8Array> {
    return buffer(orderDocumentPdf(input.order, input.parties, input.lang, input.kind, input.previews));
  },
  /** A collection's line sheet, its pages asked for and its bytes sent back through `port` (catalogue/line-sheets). */
  async lineSheet(input: { scope: SheetScope; lang: Language; port: MessagePort }): Promise<null> {
    return drawLineSheetOnPort(input.scope, input.lang, input.port);
  },
  /** The workshop's production sheet, its pages asked for and its bytes sent back through `port` (ordering/production-sheet). */
  async productionSheet(input: { header: SheetHeader; lang: Language; port: MessagePort }): Promise<null> {
    return drawProductionSheetOnPort(input.header, input.lang, input.port);
  },
  /** Holds a thread for `ms` (the tests' way to fill the pool). */
  async pause(input: { ms: number }): Promise<null> {
    await new Promise((resolve) => setTimeout(resolve, input.ms));
    return null;
  },
  /** An uploaded table's cells (platform/table-file.ts); its 413 or 422 answered as the outcome. */
  async tableCells(input: { bytes: Uint8Array; limits: TableLimits }) {
    return cellsOfFile(
      Buffer.from(input.bytes.buffer, input.bytes.byteOffset, input.bytes.byteLength),
      input.limits,
    );
  },
} as const;

export default taskRunner(WORKER_TASKS);
