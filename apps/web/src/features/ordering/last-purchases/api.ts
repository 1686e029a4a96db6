/** Server state of home's 'Last purchases' (POST modelo/lastPurchased, served by ordering). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { useActiveClienteId } from '../../../lib/session.ts';

export const lastPurchasesKeys = {
  all: ['catalog', 'lastPurchased'] as const,
  of: (clienteId: number) => ['catalog', 'lastPurchased', clienteId] as const,
};

/** POST modelo/lastPurchased for `clienteId` (also prefetched by the home route, app/pages/homePrefetch.ts). */
export const lastPurchasedQuery = (clienteId: number) =>
  queryOptions({
    queryKey: lastPurchasesKeys.of(clienteId),
    queryFn: ({ signal }) =>
      call('catalog.lastPurchased', { body: clienteId ? { cliente_id: clienteId } : {} }, { signal }),
  });

/** POST modelo/lastPurchased for the client the user acts for. */
export function useLastPurchased() {
  const clienteId = useActiveClienteId();
  return useQuery({ ...lastPurchasedQuery(clienteId), enabled: clienteId > 0 });
}
