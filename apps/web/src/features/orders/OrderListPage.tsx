import { DocumentList } from './DocumentList.tsx';

/** /pedido/list (SPEC §2): submitted orders, document type E, opened on page 1. */
export default function OrderListPage() {
  return <DocumentList kind="orders" />;
}
