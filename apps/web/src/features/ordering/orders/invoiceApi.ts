/**
 * Invoices (decision 045) and the ordering settings: the invoices list, invoicing an order (Admin),
 * an invoice's PDF, and the delivery lead time (read by checkout, kept by the Admin).
 */
import type { OrderSettingsWriteRequest } from '@nido/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../../lib/api.ts';
import { saveFile } from '../../../lib/download.ts';
import { orderAdminKeys } from './adminApi.ts';
import { orderKeys } from './api.ts';

export const invoiceKeys = {
  list: (page: number, text: string) => ['invoices', page, text] as const,
  settings: ['orderSettings'] as const,
};

/**
 * GET facturas: the invoices the caller may see, newest first. An order the list names as invoiced
 * is read again when opened (its page may be cached from before the Admin invoiced it).
 */
export function useInvoiceList(page: number, text: string) {
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: invoiceKeys.list(page, text),
    queryFn: ({ signal }) => call('invoices.list', { query: { page, text } }, { signal }),
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    for (const invoice of list.data?.data ?? []) {
      const cached = queryClient.getQueryData<{ factura: unknown }>(orderKeys.detail(invoice.pedido_id));
      if (cached && !cached.factura)
        void queryClient.invalidateQueries({ queryKey: orderKeys.detail(invoice.pedido_id) });
    }
  }, [list.data, queryClient]);
  return list;
}

/** POST facturas (Admin): invoices the order; its page and the lists are read again. */
export function useInvoiceOrder(pedidoId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('invoices.create', { body: { pedido_id: pedidoId } }),
    onSuccess: async () => {
      // A pending order is processed by its invoicing: every order screen, its log and the bell change.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orderKeys.all }),
        queryClient.invalidateQueries({ queryKey: orderAdminKeys.history(pedidoId) }),
        queryClient.invalidateQueries({ queryKey: orderAdminKeys.pending }),
        queryClient.invalidateQueries({ queryKey: ['invoices'] }),
      ]);
    },
  });
}

/** GET factura/{id}/pdf in `lang`, saved as `{numero}.pdf`. */
export async function downloadInvoiceDocument(
  id: number,
  lang: 'es' | 'en',
  fileName: string,
): Promise<void> {
  saveFile(
    await call('invoices.document', { params: { id }, query: { lang } }, { noAuthRedirect: true }),
    fileName,
  );
}

/** GET pedidos/settings: the delivery lead time. */
export function useOrderSettings() {
  return useQuery({
    queryKey: invoiceKeys.settings,
    queryFn: ({ signal }) => call('settings.read', undefined, { signal }),
  });
}

/** PUT pedidos/settings (Admin). */
export function useSaveOrderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OrderSettingsWriteRequest) => call('settings.save', { body }),
    onSuccess: (answer) => queryClient.setQueryData(invoiceKeys.settings, answer),
  });
}
