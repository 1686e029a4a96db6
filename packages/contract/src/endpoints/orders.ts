import { LastPurchasedRequest, LastPurchasedResponse } from '../catalog.ts';
import { IdParam } from '../common.ts';
import { OrderSettings, OrderSettingsWriteRequest } from '../invoices.ts';
import {
  CartRequest,
  EXPORT_MEDIA_TYPES,
  GridAddRequest,
  LineAddRequest,
  LineCollectionRequest,
  LineQuantityRequest,
  LineRemoveRequest,
  LineReplaceRequest,
  Order,
  OrderDocumentQuery,
  OrderExportRequest,
  OrderListRequest,
  OrderListResponse,
  ProcessOrderRequest,
  ProcessOrderResponse,
  SaveDetailsRequest,
  SaveNoteRequest,
} from '../orders.ts';
import {
  QuickOrderAddRequest,
  QuickOrderAddResponse,
  QuickOrderCheckRequest,
  QuickOrderCheckResponse,
  QuickOrderUploadBody,
  ReorderCheckRequest,
  ReorderCheckResponse,
} from '../quick-order.ts';
import { endpoint } from './endpoint.ts';

/** The client's cart, its lines, submission, an order and the list (product.md, orders). */
export const ordersEndpoints = {
  cart: endpoint({
    method: 'POST',
    path: '/pedidos/cliente',
    access: 'user',
    summary: "The client's open cart (created on first use)",
    body: CartRequest,
    response: Order,
    errors: [404],
  }),
  addLine: endpoint({
    method: 'POST',
    path: '/pedidos/lineadd',
    access: 'user',
    summary: 'Adds a configured line to the cart; answers the cart',
    body: LineAddRequest,
    response: Order,
    errors: [404, 409],
  }),
  addGrid: endpoint({
    method: 'POST',
    path: '/pedidos/gridadd',
    access: 'user',
    summary:
      'Adds one line per option of a model’s grid group (the colour grid), all or none; answers the cart',
    body: GridAddRequest,
    response: Order,
    errors: [404, 409],
  }),
  removeLine: endpoint({
    method: 'POST',
    path: '/pedidos/lineremove',
    access: 'user',
    summary: 'Removes a line (and the lines that belong to it) from the cart; answers the cart',
    body: LineRemoveRequest,
    response: Order,
    errors: [404, 409],
  }),
  changeCollection: endpoint({
    method: 'POST',
    path: '/pedidos/linecollection',
    access: 'user',
    summary: 'Changes the collection a cart line is ordered through (its delivery window); answers the cart',
    body: LineCollectionRequest,
    response: Order,
    errors: [404, 409],
  }),
  removeClosedLines: endpoint({
    method: 'POST',
    path: '/pedidos/lineremoveclosed',
    access: 'user',
    summary: 'Removes every cart line whose collection no longer takes orders; answers the cart',
    body: SaveNoteRequest.pick({ pedido_id: true }),
    response: Order,
    errors: [404, 409],
  }),
  changeQuantity: endpoint({
    method: 'POST',
    path: '/pedidos/linequantity',
    access: 'user',
    summary: "Changes a cart line's quantity (its surcharge lines follow); answers the cart",
    body: LineQuantityRequest,
    response: Order,
    errors: [404, 409],
  }),
  replaceLine: endpoint({
    method: 'POST',
    path: '/pedidos/linereplace',
    access: 'user',
    summary: 'Replaces a cart line with a new configuration, in its place; answers the cart',
    body: LineReplaceRequest,
    response: Order,
    errors: [404, 409],
  }),
  saveNote: endpoint({
    method: 'POST',
    path: '/pedidos/savenote',
    access: 'user',
    summary: "Saves the cart's note; answers the cart",
    body: SaveNoteRequest,
    response: Order,
    errors: [404, 409],
  }),
  saveDetails: endpoint({
    method: 'POST',
    path: '/pedidos/savedetails',
    access: 'user',
    summary: "Keeps the checkout's reference, delivery date and address with the cart; answers the cart",
    body: SaveDetailsRequest,
    response: Order,
    errors: [404, 409],
  }),
  submit: endpoint({
    method: 'POST',
    path: '/pedidos/processOrder',
    access: 'user',
    summary: 'Submits the cart as an order (idempotent)',
    body: ProcessOrderRequest,
    response: ProcessOrderResponse,
    errors: [404],
  }),
  order: endpoint({
    method: 'GET',
    path: '/pedido/:id',
    access: 'user',
    summary: 'An order with its lines',
    params: IdParam,
    response: Order,
    errors: [404],
  }),
  document: endpoint({
    method: 'GET',
    path: '/pedido/:id/pdf',
    access: 'user',
    summary: 'A submitted order’s confirmation (pro forma) as a PDF, A4, in the caller’s language or `lang`',
    params: IdParam,
    query: OrderDocumentQuery,
    file: 'application/pdf',
    errors: [404, 409],
    busy: true,
  }),
  list: endpoint({
    method: 'POST',
    path: '/pedidos/list',
    access: 'user',
    summary: 'Submitted orders (or invoices, tipodoc), filtered and paged',
    body: OrderListRequest,
    response: OrderListResponse,
    errors: [404],
  }),
  exportCsv: endpoint({
    method: 'POST',
    path: '/pedidos/exportCsv',
    access: 'user',
    summary:
      "The list's orders under its filters as CSV (UTF-8 with BOM, `;`, decimal comma): a row per line, streamed",
    body: OrderExportRequest,
    file: EXPORT_MEDIA_TYPES.csv,
    errors: [404],
  }),
  exportXlsx: endpoint({
    method: 'POST',
    path: '/pedidos/exportXlsx',
    access: 'user',
    summary: "The list's orders under its filters as an Excel workbook: a row per line, streamed",
    body: OrderExportRequest,
    file: EXPORT_MEDIA_TYPES.xlsx,
    errors: [404],
  }),
  // Quick order and reorder (records 042, 043).
  quickCheck: endpoint({
    method: 'POST',
    path: '/pedidos/quick/check',
    access: 'user',
    summary:
      'Checks quick-order rows (pasted `CODE QUANTITY` text, or rows) against the catalogue and the line rules; adds nothing',
    body: QuickOrderCheckRequest,
    response: QuickOrderCheckResponse,
    errors: [404],
  }),
  quickUpload: endpoint({
    method: 'POST',
    path: '/pedidos/quick/upload',
    access: 'user',
    summary: 'Reads a quick-order file (CSV or XLSX, formulas never run) and checks its rows; adds nothing',
    multipart: {
      body: { description: 'JSON: {"cliente_id"?: the client acted for}' },
      file: {
        description: 'The CSV (UTF-8; `;`, `,` or tab) or XLSX file, at most 1 MB and 500 rows',
        file: true,
      },
    },
    parsedBody: QuickOrderUploadBody,
    response: QuickOrderCheckResponse,
    errors: [404],
    busy: true,
  }),
  quickTemplate: endpoint({
    method: 'GET',
    path: '/pedidos/quick/template',
    access: 'user',
    summary: 'The quick-order template: a CSV with the columns a file may have',
    file: 'text/csv',
  }),
  quickAdd: endpoint({
    method: 'POST',
    path: '/pedidos/quick/add',
    access: 'user',
    summary:
      "Adds reviewed lines to the client's cart in one transaction (all or none); answers how many and the cart",
    body: QuickOrderAddRequest,
    response: QuickOrderAddResponse,
    errors: [404],
  }),
  reorderCheck: endpoint({
    method: 'POST',
    path: '/pedidos/reorder/check',
    access: 'user',
    summary:
      "Checks a past order's lines (or one line) against today's catalogue: withdrawn models and options, substitutes, prices",
    body: ReorderCheckRequest,
    response: ReorderCheckResponse,
    errors: [404],
  }),
} as const;

/** The ordering settings the Admin keeps; every user reads them (checkout's earliest date). */
export const settingsEndpoints = {
  read: endpoint({
    method: 'GET',
    path: '/pedidos/settings',
    access: 'user',
    summary: 'The ordering settings (the delivery lead time)',
    response: OrderSettings,
  }),
  save: endpoint({
    method: 'PUT',
    path: '/pedidos/settings',
    access: 'admin',
    summary: 'Changes the ordering settings',
    body: OrderSettingsWriteRequest,
    response: OrderSettings,
  }),
} as const;

/**
 * Buy again (the shop's front page), answered from the client's orders; its name stays
 * `catalog.lastPurchased` (index.ts).
 */
export const catalogByOrderingEndpoints = {
  lastPurchased: endpoint({
    method: 'POST',
    path: '/modelo/lastPurchased',
    access: 'user',
    summary: "The client's last purchased configurations (buy again)",
    body: LastPurchasedRequest,
    response: LastPurchasedResponse,
    errors: [404],
  }),
} as const;
