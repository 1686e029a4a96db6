import { cartQuery, lastPurchasedQuery } from '../../features/ordering/index.ts';
import { queryClient } from '../../lib/queryClient.ts';
import { activeClienteId, getSession } from '../../lib/session.ts';

/** How long the first render waits for home's data before showing the page with its skeletons. */
const DATA_WAIT_MS = 1000;

/**
 * Loader of the home route: starts the requests home renders first (the last purchases, the cart of
 * the top bar) while the route's code is still loading, and waits for them (at most DATA_WAIT_MS),
 * so the page renders once with its data instead of rendering skeletons and then, in one long
 * blocking task, again with the list. A failed request is not retried here: the page shows at once
 * and its own query tries again.
 */
export async function prefetchHome(): Promise<null> {
  const clienteId = activeClienteId(getSession());
  if (!getSession().token || clienteId <= 0) return null;
  const data = Promise.all([
    queryClient.prefetchQuery({ ...lastPurchasedQuery(clienteId), retry: false }),
    queryClient.prefetchQuery({ ...cartQuery(clienteId), retry: false }),
  ]);
  let timer = 0;
  await Promise.race([data, new Promise<void>((done) => (timer = window.setTimeout(done, DATA_WAIT_MS)))]);
  clearTimeout(timer);
  return null;
}
