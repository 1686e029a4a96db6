import { OrderView } from './OrderView.tsx';

/**
 * /facturas/{id} (product.md §4 "opens the client detail view"): the product keeps no separate invoice
 * data, so the order is shown in invoice form (billed-to client, number, date, lines, total, print).
 */
export default function InvoiceDetailPage() {
  return <OrderView kind="invoice" />;
}
