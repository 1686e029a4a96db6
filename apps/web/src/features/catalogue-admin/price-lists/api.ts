/**
 * Server state of the Admin's price lists (record 049): the lists, one list with its discounts, its
 * net prices, the CSV export and the import with its preview.
 */
import type { PriceListWriteRequest } from '@nido/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';
import { saveFile } from '../../../lib/download.ts';

export const priceKeys = {
  all: ['priceLists'] as const,
  list: ['priceLists', 'list'] as const,
  one: (id: number) => ['priceLists', 'one', id] as const,
  prices: (id: number, search: string, page: number) => ['priceLists', 'prices', id, search, page] as const,
};

/** GET tarifas (Admin): also what the client form offers. */
export function usePriceLists(enabled = true) {
  return useQuery({
    queryKey: priceKeys.list,
    queryFn: ({ signal }) => call('priceLists.list', undefined, { signal }),
    select: (answer) => answer.data,
    enabled,
  });
}

/** GET tarifas/{id}. */
export function usePriceList(id: number) {
  return useQuery({
    queryKey: priceKeys.one(id),
    queryFn: ({ signal }) => call('priceLists.get', { params: { id } }, { signal }),
    enabled: id > 0,
  });
}

/** GET tarifas/{id}/precios. */
export function useListPrices(id: number, search: string, page: number) {
  return useQuery({
    queryKey: priceKeys.prices(id, search, page),
    queryFn: ({ signal }) =>
      call('priceLists.prices', { params: { id }, query: search ? { search, page } : { page } }, { signal }),
    enabled: id > 0,
    placeholderData: keepPreviousData,
  });
}

function useInvalidating<T, R>(fn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: priceKeys.all }),
  });
}

/** POST tarifas (id 0) or PUT tarifas/{id}. */
export function useSavePriceList() {
  return useInvalidating(({ id, body }: { id: number; body: PriceListWriteRequest }) =>
    id > 0 ? call('priceLists.update', { params: { id }, body }) : call('priceLists.create', { body }),
  );
}

export function useDeletePriceList() {
  return useInvalidating((id: number) => call('priceLists.remove', { params: { id } }));
}

export function useSetPrice() {
  return useInvalidating(({ id, modelo, precio }: { id: number; modelo: string; precio: number }) =>
    call('priceLists.setPrice', { params: { id, modelo }, body: { precio } }),
  );
}

export function useRemovePrice() {
  return useInvalidating(({ id, modelo }: { id: number; modelo: string }) =>
    call('priceLists.removePrice', { params: { id, modelo } }),
  );
}

/** POST tarifas/{id}/import/preview: nothing saved. */
export function previewImport(id: number, file: File) {
  return call('priceLists.importPreview', { params: { id }, file });
}

/** POST tarifas/{id}/import: all rows or none. */
export function useImportPrices() {
  return useInvalidating(({ id, file }: { id: number; file: File }) =>
    call('priceLists.import', { params: { id }, file }),
  );
}

/** GET tarifas/{id}/export, saved as `tarifa-{name}.csv`. */
export async function exportPrices(id: number, name: string): Promise<void> {
  saveFile(
    await call('priceLists.exportCsv', { params: { id } }, { noAuthRedirect: true }),
    `tarifa-${name}.csv`,
  );
}
