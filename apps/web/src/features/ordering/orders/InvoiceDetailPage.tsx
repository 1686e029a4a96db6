import { OrderView } from './OrderView.tsx';

/**
 * /facturas/{order id}: the order's invoice (decision 045): its number and date, the order, the
 * delivery address, the lines and the totals, its PDF and its print view.
 */
export default function InvoiceDetailPage() {
  return <OrderView kind="invoice" />;
}
