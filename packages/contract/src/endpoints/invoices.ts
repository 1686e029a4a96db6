import { IdParam } from '../common.ts';
import {
  InvoiceCreateRequest,
  InvoiceDocumentQuery,
  InvoiceListQuery,
  InvoiceListResponse,
  InvoiceResponse,
} from '../invoices.ts';
import { endpoint } from './endpoint.ts';

/** Invoices: the Admin invoices a submitted order; the client's users read their invoices. */
export const invoicesEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/facturas',
    access: 'user',
    summary: 'The invoices the caller may see, newest first, searched and paged',
    query: InvoiceListQuery,
    response: InvoiceListResponse,
    errors: [404],
  }),
  create: endpoint({
    method: 'POST',
    path: '/facturas',
    access: 'admin',
    summary:
      'Invoices a submitted order: the next number of the year’s series, dated today; tells the shop by mail',
    body: InvoiceCreateRequest,
    response: InvoiceResponse,
    errors: [404, 409],
  }),
  document: endpoint({
    method: 'GET',
    path: '/factura/:id/pdf',
    access: 'user',
    summary: 'An invoice as a PDF, A4, in the client’s language or `lang`',
    params: IdParam,
    query: InvoiceDocumentQuery,
    file: 'application/pdf',
    errors: [404],
    busy: true,
  }),
} as const;
