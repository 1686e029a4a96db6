import { IdParam } from '../common.ts';
import {
  InvoiceCreateRequest,
  InvoiceDocumentQuery,
  InvoiceListQuery,
  InvoiceListResponse,
  InvoiceResponse,
  OrderSettings,
  OrderSettingsWriteRequest,
} from '../invoices.ts';
import { endpoint } from './endpoint.ts';

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
  }),
} as const;
