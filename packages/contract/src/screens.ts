import type { Role } from './limits.ts';

/**
 * Every signed-in screen of the web app (product.md §4) with its path and the roles that may open it.
 * One table for both sides: the server's side menu (`domains/account/menu.ts`) links only to screens
 * of the role (checked by its types and by `menu.test.ts`), and the web's router
 * (`apps/web/src/app/router.tsx`) has one route per screen and shows another role a "no access"
 * screen instead of the page. The server enforces access on every call all the same (§3.6).
 */
export interface Screen {
  /** The route path; `:name` is a parameter. */
  readonly path: string;
  readonly roles: readonly Role[];
}

const EVERYONE = ['Admin', 'Representante', 'Cliente'] as const satisfies readonly Role[];
/** The roles that pick a client to act for (product.md §3.2). */
const STAFF = ['Admin', 'Representante'] as const satisfies readonly Role[];
const ADMIN = ['Admin'] as const satisfies readonly Role[];

export const SCREENS = {
  home: { path: '/', roles: EVERYONE },
  gallery: { path: '/galery', roles: EVERYONE },
  // A collection's line sheet, priced for the client acted for (print view; the PDF is the API's).
  lineSheet: { path: '/coleccion/:id/linesheet', roles: EVERYONE },
  profile: { path: '/users/profile', roles: EVERYONE },
  // The dashboard (record 055): the Admin's over every client, a Representante's over its own.
  dashboard: { path: '/dashboard', roles: STAFF },
  clients: { path: '/cliente/list', roles: STAFF },
  companyInfo: { path: '/cliente/companyInfo', roles: EVERYONE },
  // A Cliente reads its own client (product.md §4.7); any other answers "not found".
  client: { path: '/cliente/:id', roles: EVERYONE },
  orders: { path: '/pedido/list', roles: EVERYONE },
  // Quick order: codes typed, pasted or uploaded (records 042, 043); staff act for a client.
  quickOrder: { path: '/pedido/rapido', roles: EVERYONE },
  orderEdit: { path: '/pedido/edit/:id', roles: EVERYONE },
  order: { path: '/pedido/:id', roles: EVERYONE },
  invoices: { path: '/facturas/list', roles: EVERYONE },
  invoice: { path: '/facturas/:id', roles: EVERYONE },
  // Catalogue administration (product.md §4.9).
  collections: { path: '/modelo/colecciones', roles: ADMIN },
  collection: { path: '/modelo/coleccion/:id', roles: ADMIN },
  collectionModels: { path: '/modelo/modeloscoleccion/:id', roles: ADMIN },
  modelCustom: { path: '/modelo/modelocustom/:id', roles: ADMIN },
  modelsWithoutCollection: { path: '/modelo/sincoleccion', roles: ADMIN },
  parameters: { path: '/modelo/parametros', roles: ADMIN },
  parameterEdit: { path: '/modelo/parametros-edit/:id', roles: ADMIN },
  collectionGroups: { path: '/modelo/grupos-coleccion/:id', roles: ADMIN },
  modelInfo: { path: '/modelo/info/:modelo', roles: ADMIN },
  // The catalogue texts lacking English (record 056).
  translations: { path: '/modelo/traducciones', roles: ADMIN },
  // The mails the portal could not send (product.md §4.10).
  failedMails: { path: '/mail/failed', roles: ADMIN },
  // The ordering settings: the delivery lead time.
  orderSettings: { path: '/pedido/ajustes', roles: ADMIN },
  // The production sheet (record 060): one order, or a status and range of days, grouped to make.
  productionSheet: { path: '/pedido/produccion', roles: ADMIN },
  // The price lists (record 049).
  priceLists: { path: '/tarifas', roles: ADMIN },
} as const satisfies Record<string, Screen>;

export type ScreenName = keyof typeof SCREENS;

/** The screens role `R` may open (a menu of `R` can name only these: `domains/account/menu.ts`). */
export type ScreenFor<R extends Role> = {
  [K in ScreenName]: R extends (typeof SCREENS)[K]['roles'][number] ? K : never;
}[ScreenName];

/** Whether a user of `role` (any text: the web's guest is "Invitado") may open the screen. */
export function mayOpen(screen: ScreenName, role: string): boolean {
  return (SCREENS[screen].roles as readonly string[]).includes(role);
}
