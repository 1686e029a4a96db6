/**
 * Ordering (the server's domains/ordering): the cart, checkout, orders and invoices, quick order and
 * reorder, the last purchases, and the order line's editor that all of them open. What other
 * features and app/ may use; the rest is the feature's own.
 */

export { cartQuery } from './cart/api.ts';
export { default as CartMenu } from './cart/CartMenu.tsx';
export { lastPurchasedQuery } from './last-purchases/api.ts';
export { LastPurchases } from './last-purchases/LastPurchases.tsx';
export { useBuyAgain } from './last-purchases/useBuyAgain.tsx';
export { LineAddPanel } from './line-editor/LineAddForm.tsx';
export { useLineEditor } from './line-editor/useLineEditor.tsx';
export { pendingOrdersKey } from './orders/adminApi.ts';
export { default as PendingOrdersMenu } from './orders/PendingOrdersMenu.tsx';
