/** Server state of the dashboard (record 055): the sales figures and the dormant clients. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api.ts';

export interface DashboardFilters {
  desde: string;
  hasta: string;
  coleccion_id: number;
  cliente_id: number;
}

export const dashboardKeys = {
  all: ['dashboard'] as const,
  sales: (f: DashboardFilters) => ['dashboard', 'sales', f] as const,
  dormant: (weeks: number, clienteId: number) => ['dashboard', 'dormant', weeks, clienteId] as const,
};

/** GET dashboard: never cached longer than the screen (the server keeps no answer cache either). */
export function useDashboard(filters: DashboardFilters) {
  const query = {
    ...(filters.desde ? { desde: filters.desde } : {}),
    ...(filters.hasta ? { hasta: filters.hasta } : {}),
    ...(filters.coleccion_id ? { coleccion_id: filters.coleccion_id } : {}),
    ...(filters.cliente_id ? { cliente_id: filters.cliente_id } : {}),
  };
  return useQuery({
    queryKey: dashboardKeys.sales(filters),
    queryFn: ({ signal }) => call('dashboard.sales', { query }, { signal }),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
  });
}

/** GET dashboard/dormant?semanas=. */
export function useDormantClients(weeks: number, clienteId: number) {
  return useQuery({
    queryKey: dashboardKeys.dormant(weeks, clienteId),
    queryFn: ({ signal }) =>
      call(
        'dashboard.dormant',
        { query: { semanas: weeks, ...(clienteId ? { cliente_id: clienteId } : {}) } },
        { signal },
      ),
    select: (answer) => answer.data,
    placeholderData: keepPreviousData,
  });
}
