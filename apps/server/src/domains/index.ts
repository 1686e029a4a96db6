import type { App } from '../app-types.ts';
import type { PublicContext } from '../platform/context.ts';
import type { AttachmentRenderers } from '../platform/mail.ts';
import type { MailFailedHook } from '../platform/outbox.ts';
import accountRoutes from './account/routes.ts';
import catalogAdminRoutes from './catalogue/admin/routes.ts';
import collectionsRoutes from './catalogue/collections/routes.ts';
import embroideryRoutes from './catalogue/embroidery/routes.ts';
import lineSheetsRoutes from './catalogue/line-sheets/routes.ts';
import priceListsRoutes from './catalogue/price-lists/routes.ts';
import catalogRoutes from './catalogue/shop/routes.ts';
import translationsRoutes from './catalogue/translations/routes.ts';
import { clientNameSql } from './clients/index.ts';
import clientsRoutes from './clients/routes.ts';
import { notifyMailFailed } from './notifications/index.ts';
import notificationsRoutes from './notifications/routes.ts';
import orderAdminRoutes from './ordering/admin-routes.ts';
import dashboardRoutes from './ordering/dashboard/routes.ts';
import { orderDocumentRenderers } from './ordering/document-renderer.ts';
import orderExportRoutes from './ordering/export-routes.ts';
import invoiceRoutes from './ordering/invoice-routes.ts';
import productionSheetRoutes from './ordering/production-sheet/routes.ts';
import ordersRoutes from './ordering/routes.ts';

/**
 * Every domain's routes, registered under /api. Each domain is one Fastify plugin. The account
 * module gets the client's name for the profile from here: it cannot import the clients module,
 * which imports it (client users), without a cycle.
 */
export const domainRoutes: Array<(app: App) => Promise<void>> = [
  accountRoutes({ clientNameSql }),
  clientsRoutes,
  orderAdminRoutes,
  catalogRoutes,
  ordersRoutes,
  orderExportRoutes,
  invoiceRoutes,
  dashboardRoutes,
  productionSheetRoutes,
  catalogAdminRoutes,
  collectionsRoutes,
  embroideryRoutes,
  lineSheetsRoutes,
  priceListsRoutes,
  translationsRoutes,
  notificationsRoutes,
];

/** What the outbox's sender draws a mail's deferred attachments with (platform/mail.ts), by kind. */
export function mailAttachmentRenderers(
  deps: Pick<PublicContext, 'db' | 'clock' | 'config' | 'workers' | 'storage'>,
): AttachmentRenderers {
  return { ...orderDocumentRenderers(deps) };
}

/** What the outbox's sender does, in its transaction, when a mail runs out of tries: every Admin is told. */
export const mailFailedHook: MailFailedHook = notifyMailFailed;
