/**
 * Server state of the clients screens (SPEC §7 Clients): the paged client list, one client, the
 * company info of the signed-in (or chosen) client, and the users of a client with their changes.
 */
import type {
  ClienteListResponse,
  ClienteResponse,
  ClienteUser,
  ClienteUserCreateRequest,
  ClienteUserResponse,
  ClienteUserUpdateRequest,
  ClienteWriteRequest,
  CompanyInfoResponse,
} from '@nido/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

export const clientKeys = {
  all: ['clientes'] as const,
  list: (text: string, page: number) => ['clientes', 'list', text, page] as const,
  detail: (id: number) => ['clientes', 'detail', id] as const,
  companyInfo: (clienteId: number) => ['clientes', 'companyInfo', clienteId] as const,
  users: (clienteId: number) => ['clientes', 'users', clienteId] as const,
};

/** GET cliente?text=&page= (Admin, Representante). The previous page stays visible while paging. */
export function useClientList(text: string, page: number) {
  return useQuery({
    queryKey: clientKeys.list(text, page),
    queryFn: ({ signal }) => api.get<ClienteListResponse>('cliente', { text, page }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET cliente/{id}. */
export function useClient(id: number) {
  return useQuery({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => api.get<ClienteResponse>(`cliente/${id}`, undefined, { signal }),
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
      api.get<CompanyInfoResponse>('cliente/companyInfo', clienteId ? { cliente_id: clienteId } : undefined, {
        signal,
      }),
    enabled,
    select: (answer) => answer.data,
  });
}

/** PUT cliente/{id} (Admin). */
export function useUpdateClient(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClienteWriteRequest) => api.put<ClienteResponse>(`cliente/${id}`, body),
    onSuccess: (answer) => {
      queryClient.setQueryData(clientKeys.detail(id), answer);
      void queryClient.invalidateQueries({ queryKey: ['clientes', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['clientes', 'companyInfo'] });
    },
  });
}

/** GET clienteUsers/{clienteId} (Admin, Representante of that client). */
export function useClientUsers(clienteId: number, enabled = true) {
  return useQuery({
    queryKey: clientKeys.users(clienteId),
    queryFn: ({ signal }) => api.get<ClienteUser[]>(`clienteUsers/${clienteId}`, undefined, { signal }),
    enabled: enabled && clienteId > 0,
  });
}

function useUsersChanged(clienteId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: clientKeys.users(clienteId) });
    // the list counts users; the company info lists their names
    void queryClient.invalidateQueries({ queryKey: ['clientes', 'list'] });
    void queryClient.invalidateQueries({ queryKey: ['clientes', 'companyInfo'] });
  };
}

/** POST clienteUsers (Admin). */
export function useCreateClientUser(clienteId: number) {
  const changed = useUsersChanged(clienteId);
  return useMutation({
    mutationFn: (body: ClienteUserCreateRequest) => api.post<ClienteUserResponse>('clienteUsers', body),
    onSuccess: changed,
  });
}

/** PUT clienteUsers/{id} (Admin). */
export function useUpdateClientUser(clienteId: number) {
  const changed = useUsersChanged(clienteId);
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ClienteUserUpdateRequest }) =>
      api.put<ClienteUserResponse>(`clienteUsers/${id}`, body),
    onSuccess: changed,
  });
}

/** DELETE clienteUsers/{id} (Admin). */
export function useDeleteClientUser(clienteId: number) {
  const changed = useUsersChanged(clienteId);
  return useMutation({
    mutationFn: (id: number) => api.del<{ ok: boolean }>(`clienteUsers/${id}`),
    onSuccess: changed,
  });
}
