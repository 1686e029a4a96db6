import type { App } from '../app-types.ts';
import accountRoutes from './account/routes.ts';
import catalogRoutes from './catalog/routes.ts';
import catalogAdminRoutes from './catalog-admin/routes.ts';
import clientsRoutes from './clients/routes.ts';
import collectionsRoutes from './collections/routes.ts';
import orderAdminRoutes from './order-admin/routes.ts';
import ordersRoutes from './orders/routes.ts';

/** Every domain's routes, registered under /api. Each domain is one Fastify plugin. */
export const domainRoutes: Array<(app: App) => Promise<void>> = [
  accountRoutes,
  clientsRoutes,
  orderAdminRoutes,
  catalogRoutes,
  ordersRoutes,
  catalogAdminRoutes,
  collectionsRoutes,
];
