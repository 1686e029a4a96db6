import { accountEndpoints } from './account.ts';
import { catalogEndpoints } from './catalog.ts';
import { catalogAdminEndpoints } from './catalogAdmin.ts';
import { clientsEndpoints } from './clients.ts';
import { collectionsEndpoints } from './collections.ts';
import type { EndpointDef } from './endpoint.ts';
import { orderAdminEndpoints } from './orderAdmin.ts';
import { ordersEndpoints } from './orders.ts';
import { platformEndpoints } from './platform.ts';

export * from './endpoint.ts';
export {
  accountEndpoints,
  catalogAdminEndpoints,
  catalogEndpoints,
  clientsEndpoints,
  collectionsEndpoints,
  orderAdminEndpoints,
  ordersEndpoints,
  platformEndpoints,
};

/** Every endpoint of the API, by area. */
export const endpoints = {
  account: accountEndpoints,
  catalog: catalogEndpoints,
  catalogAdmin: catalogAdminEndpoints,
  clients: clientsEndpoints,
  collections: collectionsEndpoints,
  orderAdmin: orderAdminEndpoints,
  orders: ordersEndpoints,
  platform: platformEndpoints,
} as const;

/** The same endpoints as one list. */
export const endpointList: readonly EndpointDef[] = Object.values(endpoints).flatMap(
  (area) => Object.values(area) as EndpointDef[],
);
