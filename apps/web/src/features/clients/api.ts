/**
 * Server state of the clients screens (product.md §8 Clients): the paged client list, one client, the
 * company info of the signed-in (or chosen) client, and the users of a client with their changes.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, type CallInput, call } from '../../lib/api.ts';

export const clientKeys = {
  all: ['clientes'] as const,
  lists: ['clientes', 'list'] as const,
  list: (text: string, page: number) => ['clientes', 'list', text, page] as const,
  detail: (id: number) => ['clientes', 'detail', id] as const,
  companyInfos: ['clientes', 'companyInfo'] as const,
  companyInfo: (clienteId: number) => ['clientes', 'companyInfo', clienteId] as const,
  users: (clienteId: number) => ['clientes', 'users', clienteId] as const,
};

/** GET cliente?text=&page= (Admin, Representante). The previous page stays visible while paging. */
export function useClientList(text: string, page: number) {
  return useQuery({
    queryKey: clientKeys.list(text, page),
    queryFn: ({ signal }) => call('clients.list', { query: { text, page } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET cliente/{id}. */
export function useClient(id: number) {
  return useQuery({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => call('clients.detail', { params: { id } }, { signal }),
    enabled: id > 0,
    select: (answer) => answer.data,
  });
}

/**
 * GET cliente/companyInfo: a client user gets its own company; staff pass the client they act for
 * (`clienteId` > 0). `enabled` false when staff have chosen none.
 */
export function useCompanyInfo(clienteId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: clientKeys.companyInfo(clienteId ?? 0),
    queryFn: ({ signal }) =>
      call('clients.companyInfo', { query: clienteId ? { cliente_id: clienteId } : {} }, { signal }),
    enabled,
    select: (answer) => answer.data,
  });
}

/** POST cliente (Admin): a new client; the answer is its record. */
export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<'clients.create'>['body']) => call('clients.create', { body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(clientKeys.detail(answer.data.id), answer);
      void queryClient.invalidateQueries({ queryKey: clientKeys.lists });
    },
  });
}

/** PUT cliente/{id} (Admin). */
export function useUpdateClient(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallInput<'clients.update'>['body']) =>
      call('clients.update', { params: { id }, body }),
    onSuccess: (answer) => {
      queryClient.setQueryData(clientKeys.detail(id), answer);
      void queryClient.invalidateQueries({ queryKey: clientKeys.lists });
      void queryClient.invalidateQueries({ queryKey: clientKeys.companyInfos });
    },
  });
}

/** GET clienteUsers/{clienteId} (Admin, Representante of that client). */
export function useClientUsers(clienteId: number, enabled = true) {
  return useQuery({
    queryKey: clientKeys.users(clienteId),
    queryFn: ({ signal }) => call('clients.users', { params: { id: clienteId } }, { signal }),
    enabled: enabled && clienteId > 0,
  });
}

function useUsersChanged(clienteId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: clientKeys.users(clienteId) });
    // the list counts users; the company info lists their names
    void queryClient.invalidateQueries({ queryKey: clientKeys.lists });
    void queryClient.invalidateQueries({ queryKey: clientKeys.companyInfos });
  };
}

/** POST clienteUsers (Admin). */
export function useCreateClientUser(clienteId: number) {
  const changed = useUsersChanged(clienteId);
  return useMutation({
    mutationFn: (body: CallInput<'clients.createUser'>['body']) => call('clients.createUser', { body }),
    onSuccess: changed,
  });
}

/** PUT clienteUsers/{id} (Admin). */
export function useUpdateClientUser(clienteId: number) {
  const changed = useUsersChanged(clienteId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: CallInput<'clients.updateUser'>['body'] }) =>
      call('clients.updateUser', { params: { id }, body }),
    onSuccess: changed,
  });
}

/** DELETE clienteUsers/{id} (Admin). */
export function useDeleteClientUser(clienteId: number) {
  const changed = useUsersChanged(clienteId);
  return useMutation({
    mutationFn: (id: number) => call('clients.removeUser', { params: { id } }),
    onSuccess: changed,
  });
}

// ── Delivery addresses ──────────────────────────────────────────────────────────────────────────

const addressesKey = (clienteId: number) => ['clientes', 'addresses', clienteId] as const;

/** GET cliente/{clienteId}/direcciones: the client's delivery addresses, the default first. */
export function useAddresses(clienteId: number) {
  return useQuery({
    queryKey: addressesKey(clienteId),
    queryFn: ({ signal }) => call('addresses.list', { params: { clienteId } }, { signal }),
    enabled: clienteId > 0,
    select: (answer) => answer.data,
  });
}

type AddressBody = CallInput<'addresses.create'>['body'];

/**
 * The Admin's and the client's own changes to its addresses: add, edit (or make the default),
 * delete. Each answers every address, which replaces the cached list.
 */
export function useAddressChanges(clienteId: number) {
  const queryClient = useQueryClient();
  const store = (answer: Answer<'addresses.list'>) =>
    queryClient.setQueryData(addressesKey(clienteId), answer);
  return {
    create: useMutation({
      mutationFn: (body: AddressBody) => call('addresses.create', { params: { clienteId }, body }),
      onSuccess: store,
    }),
    update: useMutation({
      mutationFn: ({ id, body }: { id: number; body: AddressBody }) =>
        call('addresses.update', { params: { id }, body }),
      onSuccess: store,
    }),
    remove: useMutation({
      mutationFn: (id: number) => call('addresses.remove', { params: { id } }),
      onSuccess: store,
    }),
  };
}
