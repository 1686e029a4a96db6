import { accountEndpoints } from './account.ts';
import { addressesEndpoints } from './addresses.ts';
import { catalogEndpoints } from './catalog.ts';
import { catalogAdminEndpoints } from './catalogAdmin.ts';
import { clientsEndpoints } from './clients.ts';
import { collectionsEndpoints } from './collections.ts';
import { dashboardEndpoints } from './dashboard.ts';
import { embroideryEndpoints } from './embroidery.ts';
import type { EndpointDef } from './endpoint.ts';
import { invoicesEndpoints } from './invoices.ts';
import { lineSheetsEndpoints } from './lineSheets.ts';
import { mailEndpoints } from './mail.ts';
import { notificationsEndpoints } from './notifications.ts';
import { orderAdminEndpoints } from './orderAdmin.ts';
import { catalogByOrderingEndpoints, ordersEndpoints, settingsEndpoints } from './orders.ts';
import { platformEndpoints } from './platform.ts';
import { priceListsEndpoints } from './priceLists.ts';

export * from './endpoint.ts';
export {
  accountEndpoints,
  addressesEndpoints,
  catalogAdminEndpoints,
  catalogByOrderingEndpoints,
  catalogEndpoints,
  clientsEndpoints,
  collectionsEndpoints,
  dashboardEndpoints,
  embroideryEndpoints,
  invoicesEndpoints,
  lineSheetsEndpoints,
  mailEndpoints,
  notificationsEndpoints,
  orderAdminEndpoints,
  ordersEndpoints,
  platformEndpoints,
  priceListsEndpoints,
  settingsEndpoints,
};

/**
 * Every endpoint of the API, by area: the name the web calls it by (`area.name`). Each file of this
 * folder holds what one server module serves, so an area may gather entries of two files.
 */
export const endpoints = {
  account: accountEndpoints,
  addresses: addressesEndpoints,
  catalog: { ...catalogEndpoints, ...catalogByOrderingEndpoints },
  catalogAdmin: catalogAdminEndpoints,
  clients: clientsEndpoints,
  collections: collectionsEndpoints,
  dashboard: dashboardEndpoints,
  embroidery: embroideryEndpoints,
  invoices: invoicesEndpoints,
  lineSheets: lineSheetsEndpoints,
  mail: mailEndpoints,
  notifications: notificationsEndpoints,
  orderAdmin: orderAdminEndpoints,
  orders: ordersEndpoints,
  platform: platformEndpoints,
  priceLists: priceListsEndpoints,
  settings: settingsEndpoints,
} as const;

/** The same endpoints as one list. */
export const endpointList: readonly EndpointDef[] = Object.values(endpoints).flatMap(
  (area) => Object.values(area) as EndpointDef[],
);

type Endpoints = typeof endpoints;

/** An endpoint's name, `area.name` (`orders.cart`): the key of `endpointRoutes` (routes.ts). */
export type EndpointKey = {
  [A in keyof Endpoints]: `${A}.${keyof Endpoints[A] & string}`;
}[keyof Endpoints];

/** The table's entry named `K`. */
export type EndpointAt<K extends EndpointKey> = K extends `${infer A extends keyof Endpoints}.${infer N}`
  ? N extends keyof Endpoints[A]
    ? Endpoints[A][N]
    : never
  : never;
