/**
 * Orders (product.md §8 Orders): the order detail, the orders list and its filter in local storage, its
 * exports, and the cart's submission.
 */
import { type ExportFormat, FIRST_PAGE, TIPODOC_ORDER } from '@nido/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notifyWarning } from '../../../components/notify.tsx';
import { type Answer, call } from '../../../lib/api.ts';
import { saveFile } from '../../../lib/download.ts';
import i18n from '../../../lib/i18n.ts';
import { messageText } from '../../../lib/messages.ts';
import type { MutationHandlers } from '../../../lib/queryClient.ts';
import { type CheckoutDetails, type DeliveryDetails, refetchCart } from '../cart/api.ts';
import { lastPurchasesKeys } from '../last-purchases/api.ts';

export const orderKeys = {
  all: ['orders'] as const,
  detail: (id: number) => ['orders', 'detail', id] as const,
  list: (scope: string, page: number, filters: OrderFilters) =>
    ['orders', 'list', scope, page, filters] as const,
};

export interface OrderFilters {
  /** yyyy-MM-dd or ''. */
  desde: string;
  hasta: string;
  /** '' = every submitted status. */
  status: '' | 'w' | 'p' | 'e' | 'x';
  text: string;
}

export const EMPTY_FILTERS: OrderFilters = { desde: '', hasta: '', status: '', text: '' };

/** GET pedido/{id}: the order with its lines and status history. */
export function useOrder(id: number) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }) => call('orders.order', { params: { id } }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** GET pedido/{id}/pdf: the order's confirmation (pro forma) in `lang`, saved as `{docum}.pdf`. */
export async function downloadOrderDocument(id: number, lang: 'es' | 'en', fileName: string): Promise<void> {
  // A refused download shows its message where it was asked for; it does not end the session.
  saveFile(
    await call('orders.document', { params: { id }, query: { lang } }, { noAuthRedirect: true }),
    fileName,
  );
}

/** The list's filters as POST pedidos/list and the exports take them (an empty one left out). */
function listFilters(filters: OrderFilters) {
  return {
    desde: filters.desde || null,
    hasta: filters.hasta || null,
    status: filters.status || null,
    text: filters.text.trim() || null,
  };
}

/** POST pedidos/list with document type E (product.md §4: opened with tipodoc E, page 1). */
export function useOrderList(scope: string, page: number, filters: OrderFilters) {
  return useQuery({
    queryKey: orderKeys.list(scope, page, filters),
    queryFn: ({ signal }) =>
      call(
        'orders.list',
        { body: { tipodoc: TIPODOC_ORDER, page, filters: listFilters(filters) } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * POST pedidos/exportCsv or pedidos/exportXlsx: every order of the list's filters (not only the
 * page shown) as a file, saved under the server's name; `onDownload` hears the bytes received.
 * A refused export rejects where it was asked for; it does not end the session.
 */
export async function exportOrders(
  format: ExportFormat,
  filters: OrderFilters,
  onDownload: (bytes: number) => void,
): Promise<void> {
  const body = { tipodoc: TIPODOC_ORDER, filters: listFilters(filters) };
  const options = { noAuthRedirect: true, onDownload };
  saveFile(
    format === 'csv'
      ? await call('orders.exportCsv', { body }, options)
      : await call('orders.exportXlsx', { body }, options),
  );
}

/** What submission sends: the checkout's details and, for a split cart, each delivery's own (record 054). */
export type SubmittedDetails = CheckoutDetails & { entregas?: Record<string, DeliveryDetails> };

/**
 * POST pedidos/processOrder: submits the cart `pedidoId` of `clienteId` as an order, with the
 * checkout's details as shown. `prepare` runs first (a note typed but not saved). The order is
 * stored; the cart (a new one now), the order lists and the last purchases are fetched again.
 */
export function useSubmitCart(
  clienteId: number,
  pedidoId: number,
  {
    prepare,
    ...handlers
  }: MutationHandlers<Answer<'orders.submit'>, SubmittedDetails> & { prepare?: () => Promise<void> },
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ entregas = {}, ...details }: SubmittedDetails) => {
      await prepare?.();
      const parts = Object.entries(entregas).map(([clave, d]) => ({ clave, ...d }));
      return call('orders.submit', { body: { pedido_id: pedidoId, ...details, entregas: parts } });
    },
    onSuccess: async (answer, details) => {
      queryClient.setQueryData(orderKeys.detail(answer.pedido.id), answer.pedido);
      await Promise.all([
        refetchCart(queryClient, clienteId),
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: lastPurchasesKeys.all }),
      ]);
      // Staff submitted below the price list's minimum order value: they are told (a shop is refused).
      for (const aviso of answer.pedido.avisos ?? [])
        notifyWarning(messageText(aviso), { title: i18n.t('minimum.staffSubmitted', { ns: 'orders' }) });
      handlers.onSuccess?.(answer, details);
    },
    onError: (error, details) => {
      handlers.onError?.(error, details);
      void refetchCart(queryClient, clienteId);
    },
  });
}

/** product.md §5.7: the order filter lives in local storage (one entry per list). */
export function loadFilters(key: string, fallback: OrderFilters = EMPTY_FILTERS): OrderFilters {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return fallback;
    const stored = JSON.parse(raw) as Partial<OrderFilters> & { filters?: Partial<OrderFilters> };
    const f = stored.filters ?? stored;
    const status = ['', 'w', 'p', 'e', 'x'].includes(f.status ?? '') ? (f.status ?? '') : '';
    return {
      desde: typeof f.desde === 'string' ? f.desde : '',
      hasta: typeof f.hasta === 'string' ? f.hasta : '',
      status: status as OrderFilters['status'],
      text: typeof f.text === 'string' ? f.text : '',
    };
  } catch {
    return fallback;
  }
}

export function saveFilters(key: string, filters: OrderFilters): void {
  try {
    localStorage.setItem(key, JSON.stringify({ tipodoc: TIPODOC_ORDER, page: FIRST_PAGE, filters }));
  } catch {
    // storage full or disabled: the filter simply is not remembered
  }
}
