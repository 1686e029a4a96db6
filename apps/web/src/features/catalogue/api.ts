/**
 * Server state of the shop's catalogue (product.md §8 Models, Collections): model search, the
 * configurator's model, model codes, collections and their models.
 */
import type { ColeccionRow } from '@nido/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api.ts';
import { useActiveClienteId } from '../../lib/session.ts';

/** A collection as POST colecciones/list returns it. */
export type CollectionRow = ColeccionRow;

export const catalogKeys = {
  search: (search: string, page: number, clienteId = 0) =>
    ['catalog', 'search', search, page, clienteId] as const,
  model: (modelo: string, clienteId = 0) => ['catalog', 'model', modelo, clienteId] as const,
  modelBase: (search: string) => ['catalog', 'modelBase', search] as const,
  collections: ['catalog', 'collections'] as const,
  collectionModels: (id: number, clienteId = 0) => ['catalog', 'collectionModels', id, clienteId] as const,
  collectionModelList: (id: number) => ['catalog', 'collectionModelList', id] as const,
};

/**
 * The client whose prices the catalogue shows (record 049): the one the user acts for; 0 (staff
 * acting for none) is PVP.
 */
function usePricedFor(): number {
  return Math.max(useActiveClienteId(), 0);
}

/** The `cliente_id` a priced read sends: none for 0. */
const pricedFor = (clienteId: number) => (clienteId ? { cliente_id: clienteId } : {});

/** POST modelo/searchModel; disabled for an empty text (the home page shows no results then). */
export function useModelSearch(search: string, page = 1) {
  const text = search.trim();
  const clienteId = usePricedFor();
  return useQuery({
    queryKey: catalogKeys.search(text, page, clienteId),
    queryFn: ({ signal }) =>
      call('catalog.search', { body: { search: text, page, ...pricedFor(clienteId) } }, { signal }),
    enabled: text.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** GET modelo/{modelo}: the model with its images, groups, sections and embroidery colours. */
export function useModel(modelo: string | null | undefined) {
  const clienteId = usePricedFor();
  return useQuery({
    queryKey: catalogKeys.model(modelo ?? '', clienteId),
    queryFn: ({ signal }) =>
      call('catalog.model', { params: { modelo: modelo ?? '' }, query: pricedFor(clienteId) }, { signal }),
    enabled: !!modelo,
    staleTime: 60_000,
  });
}

/** GET modeloBase/list?search=: model codes for the code search (at most 50). */
export function useModelBaseList(search: string, enabled = true) {
  const text = search.trim();
  return useQuery({
    queryKey: catalogKeys.modelBase(text),
    queryFn: ({ signal }) => call('catalog.codes', { query: text ? { search: text } : {} }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** POST colecciones/list: the collections the user may browse (the server applies visibility). */
export function useCollections() {
  return useQuery({
    queryKey: catalogKeys.collections,
    queryFn: ({ signal }) =>
      call('collections.list', { body: { filters: { page: 1, per_page: 100 } } }, { signal }),
    select: (answer) => answer.data,
    staleTime: 5 * 60_000,
  });
}

/** POST modelo/modeloscoleccion: a collection's models (with family, image, price and swatches). */
export function useCollectionModels(id: number | null) {
  const clienteId = usePricedFor();
  return useQuery({
    queryKey: catalogKeys.collectionModels(id ?? 0, clienteId),
    queryFn: ({ signal }) =>
      call('catalog.ofCollection', { body: { coleccion: id ?? 0, ...pricedFor(clienteId) } }, { signal }),
    select: (answer) => answer.data,
    enabled: id != null,
    staleTime: 60_000,
  });
}

/** POST modelo/modeloscoleccionlist: the compact list for the compact-mode dropdown. */
export function useCollectionModelList(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: catalogKeys.collectionModelList(id ?? 0),
    queryFn: ({ signal }) => call('catalog.listOfCollection', { body: { coleccion: id ?? 0 } }, { signal }),
    select: (answer) => answer.data,
    enabled: id != null && enabled,
    staleTime: 60_000,
  });
}
