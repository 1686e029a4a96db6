/**
 * Admin order operations: the pending-orders poll (product.md §5.5: every PENDING_POLL_MS, Admin and
 * Representante only; a 401 stops it and logs out), an order's status history with its audit trail,
 * and the status change (POST pedidos/status). The bulk move and the cancellation: bulkApi.ts (kept
 * apart: this file is in the shell's chunk, through the pending-orders menu).
 */
import { PENDING_POLL_MS } from '@nido/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, isApiError } from '../../../lib/api.ts';
import { canActForClient, useSession } from '../../../lib/session.ts';
import { orderKeys } from './api.ts';

/** localStorage key that overrides the poll interval (browser journeys set it before the app starts). */
export const POLL_MS_KEY = 'nido.pendingPollMs';

/** The poll interval, read once when the app starts. */
function readPollMs(): number {
  try {
    const raw = localStorage.getItem(POLL_MS_KEY);
    const value = raw == null ? Number.NaN : Number(raw);
    if (Number.isFinite(value) && value >= 500) return value;
  } catch {
    // storage blocked: the default applies
  }
  return PENDING_POLL_MS;
}

export const PENDING_POLL_INTERVAL_MS = readPollMs();

export const orderAdminKeys = {
  pending: ['pedidos', 'pending'] as const,
  history: (pedidoId: number) => ['pedidos', 'history', pedidoId] as const,
};

/** The pending orders' query key: a notification makes it stale (app/NotificationsMenu.tsx). */
export const pendingOrdersKey = orderAdminKeys.pending;

/** Statuses that end the session: once seen, the poll stops for good (the api client logs out). */
function endsSession(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 405);
}

/**
 * GET pedidos/pending, polled while an Admin or Representante is signed in. Polling stops when the
 * session ends (no token: the query is disabled) or when an answer ended it.
 */
export function usePendingOrders() {
  const session = useSession();
  const enabled = session.token != null && canActForClient(session.user);
  return useQuery({
    queryKey: orderAdminKeys.pending,
    queryFn: ({ signal }) => call('orderAdmin.pending', undefined, { signal }),
    enabled,
    staleTime: 0,
    refetchInterval: (query) =>
      enabled && !endsSession(query.state.error) ? PENDING_POLL_INTERVAL_MS : false,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** GET pedido/{id}/history: status history (everyone who sees the order) and audit (staff). */
export function useOrderHistory(pedidoId: number) {
  return useQuery({
    queryKey: orderAdminKeys.history(pedidoId),
    queryFn: ({ signal }) => call('orderAdmin.history', { params: { id: pedidoId } }, { signal }),
    enabled: pedidoId > 0,
    select: (answer) => answer.data,
  });
}

/** POST pedidos/status (Admin): w → p, w → e, p → e. */
export function useChangeOrderStatus(pedidoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: 'p' | 'e') =>
      call('orderAdmin.setStatus', { body: { pedido_id: pedidoId, status } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: orderAdminKeys.history(pedidoId) });
      void queryClient.invalidateQueries({ queryKey: orderAdminKeys.pending });
      // the order screens (features/orders: detail and lists show the status)
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
