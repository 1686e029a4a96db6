import OrderAdminPanel from './OrderAdminPanel.tsx';
import { OrderView } from './OrderView.tsx';

/** /pedido/{id} (product.md §4): order header, lines, totals and status history. */
export default function OrderDetailPage() {
  return (
    <>
      <OrderView kind="order" />
      {/* Admin / Representante only (nothing for client users): status changes, history, audit. */}
      <OrderAdminPanel />
    </>
  );
}
