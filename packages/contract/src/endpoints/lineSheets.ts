import {
  LineSheet,
  LineSheetDocumentQuery,
  LineSheetParams,
  LineSheetQuery,
  LineSheetSendRequest,
  LineSheetSendResponse,
} from '../line-sheets.ts';
import { endpoint } from './endpoint.ts';

/**
 * Line sheets (product.md, line sheets): any signed-in user reads a collection's sheet it may
 * browse, priced for its own client (a shop) or for a client it may act for (staff, `cliente`);
 * staff send one by mail.
 */
export const lineSheetsEndpoints = {
  sheet: endpoint({
    method: 'GET',
    path: '/colecciones/:id/linesheet',
    access: 'user',
    summary: 'A collection’s line sheet (cover and models by family), priced for a client: the print view',
    params: LineSheetParams,
    query: LineSheetQuery,
    response: LineSheet,
    errors: [404],
  }),
  document: endpoint({
    method: 'GET',
    path: '/colecciones/:id/linesheet/pdf',
    access: 'user',
    summary: 'A collection’s line sheet as a PDF, A4, streamed, in the caller’s language or `lang`',
    params: LineSheetParams,
    query: LineSheetDocumentQuery,
    file: 'application/pdf',
    errors: [404],
    busy: true,
  }),
  send: endpoint({
    method: 'POST',
    path: '/colecciones/:id/linesheet/send',
    access: ['Admin', 'Representante'],
    summary: 'Mails a client its line sheet of a collection (the PDF attached), in the client’s language',
    params: LineSheetParams,
    body: LineSheetSendRequest,
    response: LineSheetSendResponse,
    errors: [404],
    busy: true,
  }),
};
