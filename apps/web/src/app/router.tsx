/**
 * Every route of product.md §4. Pages are lazy chunks; each route's `handle.title` is a layout-namespace
 * i18n key that RootRoute turns into document.title. To add a page: add one line to APP_PAGES
 * (signed-in) or to the account children (public), plus its title under layout.json `routes`.
 */
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import { refreshProfile } from '../features/account/auth.ts';
import { prefetchHome } from '../features/home/prefetch.ts';
import { setSessionEndHandler } from '../lib/api.ts';
import { getToken, setReturnUrl } from '../lib/session.ts';
import { PageLoader, RootRoute, type RouteHandle } from './RootRoute.tsx';
import { RouteError } from './RouteError.tsx';

type PageModule = Promise<{ default: ComponentType }>;

/** A lazy route: the chunk loads on first visit; the title is known without loading it. */
function page(path: string, title: string, load: () => PageModule): RouteObject {
  const handle: RouteHandle = { title };
  const lazy = async () => ({ Component: (await load()).default });
  return path === '/' ? { index: true, handle, lazy } : { path, handle, lazy };
}

/** Signed-in screens, rendered inside the AppShell layout. */
const APP_PAGES: RouteObject[] = [
  // Its data loads beside its code (the loader returns at once; see prefetch.ts).
  { ...page('/', 'routes.home', () => import('../features/home/HomePage.tsx')), loader: prefetchHome },
  page('galery', 'routes.gallery', () => import('../features/catalog/GalleryPage.tsx')),
  page('users/profile', 'routes.profile', () => import('../features/account/ProfilePage.tsx')),
  page('cliente/list', 'routes.clients', () => import('../features/clients/ClientListPage.tsx')),
  page('cliente/companyInfo', 'routes.companyInfo', () => import('../features/clients/CompanyInfoPage.tsx')),
  page('cliente/:id', 'routes.client', () => import('../features/clients/ClientDetailPage.tsx')),
  page('pedido/list', 'routes.orders', () => import('../features/orders/OrderListPage.tsx')),
  page('pedido/edit/:id', 'routes.orderEdit', () => import('../features/orders/OrderEditPage.tsx')),
  page('pedido/:id', 'routes.order', () => import('../features/orders/OrderDetailPage.tsx')),
  page('facturas/list', 'routes.invoices', () => import('../features/orders/InvoiceListPage.tsx')),
  page('facturas/:id', 'routes.invoice', () => import('../features/orders/InvoiceDetailPage.tsx')),
  page(
    'modelo/colecciones',
    'routes.collections',
    () => import('../features/catalog-admin/CollectionsPage.tsx'),
  ),
  page(
    'modelo/coleccion/:id',
    'routes.collection',
    () => import('../features/catalog-admin/CollectionEditPage.tsx'),
  ),
  page(
    'modelo/modeloscoleccion/:id',
    'routes.collectionModels',
    () => import('../features/catalog-admin/CollectionModelsPage.tsx'),
  ),
  page(
    'modelo/modelocustom/:id',
    'routes.modelCustom',
    () => import('../features/catalog-admin/ModelCustomPage.tsx'),
  ),
  page(
    'modelo/sincoleccion',
    'routes.modelsWithoutCollection',
    () => import('../features/catalog-admin/ModelsWithoutCollectionPage.tsx'),
  ),
  page(
    'modelo/parametros',
    'routes.parameters',
    () => import('../features/catalog-admin/ParameterGroupsPage.tsx'),
  ),
  page(
    'modelo/parametros-edit/:id',
    'routes.parameterEdit',
    () => import('../features/catalog-admin/ParameterGroupEditPage.tsx'),
  ),
  page(
    'modelo/grupos-coleccion/:id',
    'routes.collectionGroups',
    () => import('../features/catalog-admin/CollectionGroupsPage.tsx'),
  ),
  page(
    'modelo/info/:modelo',
    'routes.modelInfo',
    () => import('../features/catalog-admin/ModelInfoPage.tsx'),
  ),
];

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
          page('login', 'routes.login', () => import('../features/account/LoginPage.tsx')),
          page(
            'forgot-password',
            'routes.forgotPassword',
            () => import('../features/account/ForgotPasswordPage.tsx'),
          ),
          page(
            'password-reset/:id',
            'routes.passwordReset',
            () => import('../features/account/PasswordResetPage.tsx'),
          ),
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
        children: [{ ErrorBoundary: RouteError, children: APP_PAGES }],
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
