/**
 * The Admin's bulk move (POST pedidos/status/bulk) and cancellation (POST pedidos/cancel), record
 * 057. Apart from adminApi.ts, which the shell's pending-orders menu loads on every screen.
 */
import type { PedidoBulkStatusRequest } from '@nido/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { orderAdminKeys } from './adminApi.ts';
import { orderKeys } from './api.ts';

/** What a status change makes stale: the pending poll, the order screens and the orders' histories. */
function invalidateAfterStatusChange(queryClient: ReturnType<typeof useQueryClient>) {
  void queryClient.invalidateQueries({ queryKey: ['pedidos', 'history'] });
  void queryClient.invalidateQueries({ queryKey: orderAdminKeys.pending });
  void queryClient.invalidateQueries({ queryKey: orderKeys.all });
}

/** POST pedidos/status/bulk (Admin): several orders to one status, all or none. */
export function useBulkOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PedidoBulkStatusRequest) => call('orderAdmin.setStatusBulk', { body }),
    onSettled: () => invalidateAfterStatusChange(queryClient),
  });
}

/** POST pedidos/cancel (Admin): a pending order cancelled with its reason (the shop is mailed). */
export function useCancelOrder(pedidoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => call('orderAdmin.cancel', { body: { pedido_id: pedidoId, reason } }),
    onSuccess: () => invalidateAfterStatusChange(queryClient),
  });
}
