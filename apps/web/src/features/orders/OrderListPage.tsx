import { DocumentList } from './DocumentList.tsx';

/** /pedido/list (product.md §4): submitted orders, document type E, opened on page 1. */
export default function OrderListPage() {
  return <DocumentList kind="orders" />;
}
