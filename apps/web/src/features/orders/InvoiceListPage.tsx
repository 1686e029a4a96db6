import { DocumentList } from './DocumentList.tsx';

/**
 * /facturas/list (product.md §4). The spec has no invoice data of its own: the invoices are the
 * processed (p) and bought (e) orders, listed by the same component as the orders.
 */
export default function InvoiceListPage() {
  return <DocumentList kind="invoices" />;
}
