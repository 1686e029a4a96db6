/**
 * Every route of product.md §4. Pages are lazy chunks; each route's `handle.title` is a layout-namespace
 * i18n key that RootRoute turns into document.title. A signed-in route is a screen of the contract's
 * table (`SCREENS`: its path and the roles that may open it, the same table the server's side menu is
 * built from); the shell shows another role "no access", and a malformed `:id` "not found"
 * (screenAccess.ts). To add a page: its screen in packages/contract/src/screens.ts, its chunk in
 * PAGES, one line in APP_ROUTES (signed-in) or ACCOUNT_ROUTES (public), and its title under
 * layout.json `routes`.
 */
import { SCREENS, type ScreenName } from '@nido/contract/screens';
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
} from 'react-router';
import { refreshProfile } from '../features/account/index.ts';
import { setSessionEndHandler } from '../lib/api.ts';
import { getToken, setReturnUrl } from '../lib/session.ts';
import { prefetchHome } from './pages/homePrefetch.ts';
import { PageLoader, RootRoute } from './RootRoute.tsx';
import { RouteError } from './RouteError.tsx';
import type { IdRule, RouteHandle } from './screenAccess.ts';

type PageModule = Promise<{ default: ComponentType }>;

/** Every page's code, loaded on its first visit, by the page's name (its title is `routes.<name>`). */
const PAGES = {
  login: () => import('../features/account/LoginPage.tsx'),
  forgotPassword: () => import('../features/account/ForgotPasswordPage.tsx'),
  passwordReset: () => import('../features/account/PasswordResetPage.tsx'),
  home: () => import('./pages/HomePage.tsx'),
  gallery: () => import('./pages/GalleryPage.tsx'),
  lineSheet: () => import('../features/catalogue/LineSheetPage.tsx'),
  profile: () => import('../features/account/ProfilePage.tsx'),
  clients: () => import('../features/clients/ClientListPage.tsx'),
  companyInfo: () => import('../features/clients/CompanyInfoPage.tsx'),
  client: () => import('../features/clients/ClientDetailPage.tsx'),
  dashboard: () => import('../features/ordering/dashboard/DashboardPage.tsx'),
  orders: () => import('../features/ordering/orders/OrderListPage.tsx'),
  quickOrder: () => import('../features/ordering/quick-order/QuickOrderPage.tsx'),
  orderEdit: () => import('../features/ordering/orders/OrderEditPage.tsx'),
  order: () => import('../features/ordering/orders/OrderDetailPage.tsx'),
  invoices: () => import('../features/ordering/orders/InvoiceListPage.tsx'),
  invoice: () => import('../features/ordering/orders/InvoiceDetailPage.tsx'),
  collections: () => import('../features/catalogue-admin/CollectionsPage.tsx'),
  collection: () => import('../features/catalogue-admin/CollectionEditPage.tsx'),
  collectionModels: () => import('../features/catalogue-admin/CollectionModelsPage.tsx'),
  modelCustom: () => import('../features/catalogue-admin/ModelCustomPage.tsx'),
  modelsWithoutCollection: () => import('../features/catalogue-admin/ModelsWithoutCollectionPage.tsx'),
  parameters: () => import('../features/catalogue-admin/ParameterGroupsPage.tsx'),
  parameterEdit: () => import('../features/catalogue-admin/ParameterGroupEditPage.tsx'),
  collectionGroups: () => import('../features/catalogue-admin/CollectionGroupsPage.tsx'),
  modelInfo: () => import('../features/catalogue-admin/ModelInfoPage.tsx'),
  failedMails: () => import('../features/mail/FailedMailsPage.tsx'),
  orderSettings: () => import('../features/ordering/orders/OrderSettingsPage.tsx'),
  productionSheet: () => import('../features/ordering/production-sheet/ProductionSheetPage.tsx'),
  priceLists: () => import('../features/catalogue-admin/price-lists/PriceListsPage.tsx'),
  translations: () => import('../features/catalogue-admin/translations/TranslationsPage.tsx'),
} satisfies Record<ScreenName | 'login' | 'forgotPassword' | 'passwordReset', () => PageModule>;

/** A route to a page: its path ('/' for its parent's index), the page, a loader and what else it knows. */
interface PageRoute {
  path: string;
  page: keyof typeof PAGES;
  loader?: LoaderFunction;
  handle?: RouteHandle;
}

/**
 * A signed-in screen: its path and roles come from the contract's table; `id` is the rule of its
 * `:id` when that is a number (anything else shows "not found"), and a loader when it has one.
 */
interface ScreenRoute {
  screen: ScreenName;
  id?: IdRule;
  loader?: LoaderFunction;
}

/** Signed-in screens, rendered inside the AppShell layout. */
export const APP_ROUTES: ScreenRoute[] = [
  // Its data loads beside its code (the loader returns at once; see prefetch.ts).
  { screen: 'home', loader: prefetchHome },
  { screen: 'dashboard' },
  { screen: 'gallery' },
  { screen: 'lineSheet', id: 'id' },
  { screen: 'profile' },
  { screen: 'clients' },
  { screen: 'companyInfo' },
  { screen: 'client', id: 'id' },
  { screen: 'orders' },
  { screen: 'quickOrder' },
  { screen: 'orderEdit', id: 'id' },
  { screen: 'order', id: 'id' },
  { screen: 'invoices' },
  { screen: 'invoice', id: 'id' },
  { screen: 'collections' },
  { screen: 'collection', id: 'idOrNew' },
  { screen: 'collectionModels', id: 'id' },
  // :id is a model's code: an unknown one is the page's own "not found".
  { screen: 'modelCustom' },
  { screen: 'modelsWithoutCollection' },
  { screen: 'parameters' },
  { screen: 'parameterEdit', id: 'idOrNew' },
  // 0: the groups of every collection's models.
  { screen: 'collectionGroups', id: 'idOrNew' },
  { screen: 'modelInfo' },
  { screen: 'failedMails' },
  { screen: 'orderSettings' },
  { screen: 'productionSheet' },
  { screen: 'priceLists' },
  { screen: 'translations' },
];

/** The public account screens, under /account in the split layout. */
const ACCOUNT_ROUTES: PageRoute[] = [
  { path: 'login', page: 'login' },
  { path: 'forgot-password', page: 'forgotPassword' },
  { path: 'password-reset/:id', page: 'passwordReset' },
];

/** A screen's route: the table's path, relative to the shell ('/' is its index). */
function screenPage({ screen, id, loader }: ScreenRoute): PageRoute {
  const path = SCREENS[screen].path.replace(/^\//, '') || '/';
  return { path, page: screen, loader, handle: { screen, ...(id ? { id } : {}) } };
}

/** A page's lazy route: the chunk loads on first visit; the title is known without loading it. */
function lazyPage({ path, page, loader, handle: extra }: PageRoute): RouteObject {
  const handle: RouteHandle = { title: `routes.${page}`, ...extra };
  const lazy = async () => ({ Component: (await PAGES[page]()).default });
  const route = path === '/' ? { index: true as const, handle, lazy } : { path, handle, lazy };
  return loader ? { ...route, loader } : route;
}

/** A route that only redirects (its loader always does); renders nothing meanwhile. */
function Redirecting() {
  return null;
}

/**
 * Guard: no token → remember where the user was going and send them to login. With one, the
 * profile is refreshed (once per app start) beside the page's own requests.
 */
function requireSession({ request }: LoaderFunctionArgs) {
  if (getToken()) {
    refreshProfile();
    return null;
  }
  const { pathname, search } = new URL(request.url);
  // "/" is the default landing anyway; remembering it would keep an Admin off the client list.
  if (pathname !== '/' || search) setReturnUrl(pathname + search);
  throw redirect('/account/login');
}

export const routes: RouteObject[] = [
  {
    Component: RootRoute,
    HydrateFallback: PageLoader,
    ErrorBoundary: RouteError,
    children: [
      {
        path: 'account',
        lazy: async () => ({ Component: (await import('../features/account/AuthLayout.tsx')).default }),
        children: [
          { index: true, loader: () => redirect('/account/login'), Component: Redirecting },
          ...ACCOUNT_ROUTES.map(lazyPage),
          { path: '*', loader: () => redirect('/account/login'), Component: Redirecting },
        ],
      },
      {
        // Links in old reset e-mails: same screen under /account, query string (email) kept.
        path: 'password-reset/:id',
        Component: Redirecting,
        loader: ({ request }) => {
          const { pathname, search } = new URL(request.url);
          return redirect(`/account${pathname}${search}`);
        },
      },
      {
        loader: requireSession,
        lazy: async () => ({ Component: (await import('./AppLayout.tsx')).default }),
        // A pathless boundary so a failing page renders its error inside the shell.
        children: [{ ErrorBoundary: RouteError, children: APP_ROUTES.map(screenPage).map(lazyPage) }],
      },
      { path: '*', loader: () => redirect('/'), Component: Redirecting },
    ],
  },
];

export const router = createBrowserRouter(routes);

// A 401/403/405 from any call ends the session; navigate in-app instead of reloading.
setSessionEndHandler((loginPath) => {
  void router.navigate(loginPath, { replace: true });
});
