import {
  DashboardDormantQuery,
  DashboardDormantResponse,
  DashboardQuery,
  DashboardResponse,
} from '../dashboard.ts';
import { endpoint } from './endpoint.ts';

/** The dashboard: the Admin's over every client, a Representante's over its own (record 055). */
export const dashboardEndpoints = {
  sales: endpoint({
    method: 'GET',
    path: '/dashboard',
    access: ['Admin', 'Representante'],
    summary: 'Sales per ISO week (Madrid) beside a year earlier, top models and options, average order value',
    query: DashboardQuery,
    response: DashboardResponse,
    errors: [404],
  }),
  dormant: endpoint({
    method: 'GET',
    path: '/dashboard/dormant',
    access: ['Admin', 'Representante'],
    summary: 'The clients the caller may see that have not ordered for a number of weeks',
    query: DashboardDormantQuery,
    response: DashboardDormantResponse,
    errors: [404],
  }),
} as const;
