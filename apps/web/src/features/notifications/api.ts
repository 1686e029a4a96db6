/** Server state of the bell (product.md §4.12): the caller's notifications, marking them read. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';

export const notificationKeys = {
  all: ['notifications'] as const,
  page: (page: number) => ['notifications', 'page', page] as const,
};

/** How often the list is read again while the stream is down (the stream makes it live otherwise). */
export const NOTIFICATIONS_POLL_MS = 60_000;

/** GET notifications (the first page: the bell shows the newest), read again on every stream event. */
export function useNotifications(live: boolean) {
  const session = useSession();
  return useQuery({
    queryKey: notificationKeys.page(1),
    queryFn: ({ signal }) => call('notifications.list', { query: { page: 1 } }, { signal }),
    enabled: session.token != null,
    refetchInterval: live ? false : NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: !live,
    retry: false,
  });
}

/** POST notifications/read-all. */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('notifications.readAll'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/** POST notifications/{id}/read (opening an entry). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('notifications.read', { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
