import { queryClient } from '../../lib/queryClient.ts';
import { activeClienteId, getSession } from '../../lib/session.ts';
import { cartQuery } from '../cart/api.ts';
import { lastPurchasedQuery } from '../catalog/api.ts';

/**
 * Loader of the home route: starts the requests home renders first (the last purchases, the cart of
 * the top bar) while the route's code is still loading, instead of after it has rendered. Returns
 * at once; the screens' queries find the answers in flight or cached.
 */
export function prefetchHome(): null {
  const clienteId = activeClienteId(getSession());
  if (getSession().token && clienteId > 0) {
    void queryClient.prefetchQuery(lastPurchasedQuery(clienteId));
    void queryClient.prefetchQuery(cartQuery(clienteId));
  }
  return null;
}
