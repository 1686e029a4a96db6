/**
 * What ordering offers outside its routes (domains/index.ts wires those): the drawing of an order's
 * documents, which the worker threads run (worker-tasks.ts, record 061).
 */
export { type DocumentKind, type DocumentParties, orderDocumentPdf } from './document.ts';
export { drawProductionSheetOnPort, type SheetHeader } from './production-sheet/document.ts';
