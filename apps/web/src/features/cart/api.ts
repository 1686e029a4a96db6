/** The client's cart order (SPEC §7 Orders: POST pedidos/cliente), shared by the top-bar menu,
 * the line-add form and the order edit screen. */
import type { Order } from '@nido/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { activeClienteId, useSession } from '../../lib/session.ts';

export const cartKey = (clienteId: number) => ['cart', clienteId] as const;

/** The active client's id (the chosen client for an Admin acting for one, else the user's own). */
export function useActiveClienteId(): number {
  return activeClienteId(useSession());
}

export function fetchCart(clienteId: number, signal?: AbortSignal): Promise<Order> {
  return api.post<Order>('pedidos/cliente', { cliente_id: clienteId }, { signal });
}

/** The open cart of `clienteId` (also prefetched by the home route, features/home/prefetch.ts). */
export const cartQuery = (clienteId: number) =>
  queryOptions({
    queryKey: cartKey(clienteId),
    queryFn: ({ signal }) => fetchCart(clienteId, signal),
    staleTime: 15_000,
  });

/** The open cart of `clienteId` (default: the active client). Disabled without a client. */
export function useCart(clienteId?: number) {
  const active = useActiveClienteId();
  const id = clienteId ?? active;
  return useQuery({ ...cartQuery(id), enabled: id > 0 });
}

/** True for an answer that is a whole order (the cart calls answer with the cart). */
export function isOrder(value: unknown): value is Order {
  return (
    !!value && typeof value === 'object' && 'detalle' in value && Array.isArray((value as Order).detalle)
  );
}

/** After a cart change: store the answer when it is the cart, and refetch in any case. */
export function cartChanged(queryClient: QueryClient, clienteId: number, answer?: unknown): Promise<void> {
  if (isOrder(answer) && answer.status === 'c') queryClient.setQueryData(cartKey(clienteId), answer);
  return queryClient.invalidateQueries({ queryKey: cartKey(clienteId) });
}

/** Lines shown in the cart dropdown: primary lines only (lineaprimaria 0). */
export function primaryLines(order: Order | undefined) {
  return (order?.detalle ?? []).filter((line) => line.lineaprimaria === 0);
}
