/**
 * Every route of product.md §4. Pages are lazy chunks; each route's `handle.title` is a layout-namespace
 * i18n key that RootRoute turns into document.title. To add a page: its chunk in PAGES, one line in
 * APP_ROUTES (signed-in) or ACCOUNT_ROUTES (public), and its title under layout.json `routes`.
 */
import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  type LoaderFunction,
  type LoaderFunctionArgs,
  type RouteObject,
  redirect,
} from 'react-router';
import { refreshProfile } from '../features/account/auth.ts';
import { prefetchHome } from '../features/catalog/home/prefetch.ts';
import { setSessionEndHandler } from '../lib/api.ts';
import { getToken, setReturnUrl } from '../lib/session.ts';
import { PageLoader, RootRoute, type RouteHandle } from './RootRoute.tsx';
import { RouteError } from './RouteError.tsx';

type PageModule = Promise<{ default: ComponentType }>;

/** Every page's code, loaded on its first visit, by the page's name (its title is `routes.<name>`). */
const PAGES = {
  login: () => import('../features/account/LoginPage.tsx'),
  forgotPassword: () => import('../features/account/ForgotPasswordPage.tsx'),
  passwordReset: () => import('../features/account/PasswordResetPage.tsx'),
  home: () => import('../features/catalog/home/HomePage.tsx'),
  gallery: () => import('../features/catalog/GalleryPage.tsx'),
  profile: () => import('../features/account/ProfilePage.tsx'),
  clients: () => import('../features/clients/ClientListPage.tsx'),
  companyInfo: () => import('../features/clients/CompanyInfoPage.tsx'),
  client: () => import('../features/clients/ClientDetailPage.tsx'),
  orders: () => import('../features/orders/OrderListPage.tsx'),
  orderEdit: () => import('../features/orders/OrderEditPage.tsx'),
  order: () => import('../features/orders/OrderDetailPage.tsx'),
  invoices: () => import('../features/orders/InvoiceListPage.tsx'),
  invoice: () => import('../features/orders/InvoiceDetailPage.tsx'),
  collections: () => import('../features/catalog-admin/CollectionsPage.tsx'),
  collection: () => import('../features/catalog-admin/CollectionEditPage.tsx'),
  collectionModels: () => import('../features/catalog-admin/CollectionModelsPage.tsx'),
  modelCustom: () => import('../features/catalog-admin/ModelCustomPage.tsx'),
  modelsWithoutCollection: () => import('../features/catalog-admin/ModelsWithoutCollectionPage.tsx'),
  parameters: () => import('../features/catalog-admin/ParameterGroupsPage.tsx'),
  parameterEdit: () => import('../features/catalog-admin/ParameterGroupEditPage.tsx'),
  collectionGroups: () => import('../features/catalog-admin/CollectionGroupsPage.tsx'),
  modelInfo: () => import('../features/catalog-admin/ModelInfoPage.tsx'),
} satisfies Record<string, () => PageModule>;

/** A route to a page: its path ('/' for its parent's index), the page, and a loader when it has one. */
interface PageRoute {
  path: string;
  page: keyof typeof PAGES;
  loader?: LoaderFunction;
}

/** Signed-in screens, rendered inside the AppShell layout. */
const APP_ROUTES: PageRoute[] = [
  // Its data loads beside its code (the loader returns at once; see prefetch.ts).
  { path: '/', page: 'home', loader: prefetchHome },
  { path: 'galery', page: 'gallery' },
  { path: 'users/profile', page: 'profile' },
  { path: 'cliente/list', page: 'clients' },
  { path: 'cliente/companyInfo', page: 'companyInfo' },
  { path: 'cliente/:id', page: 'client' },
  { path: 'pedido/list', page: 'orders' },
  { path: 'pedido/edit/:id', page: 'orderEdit' },
  { path: 'pedido/:id', page: 'order' },
  { path: 'facturas/list', page: 'invoices' },
  { path: 'facturas/:id', page: 'invoice' },
  { path: 'modelo/colecciones', page: 'collections' },
  { path: 'modelo/coleccion/:id', page: 'collection' },
  { path: 'modelo/modeloscoleccion/:id', page: 'collectionModels' },
  { path: 'modelo/modelocustom/:id', page: 'modelCustom' },
  { path: 'modelo/sincoleccion', page: 'modelsWithoutCollection' },
  { path: 'modelo/parametros', page: 'parameters' },
  { path: 'modelo/parametros-edit/:id', page: 'parameterEdit' },
  { path: 'modelo/grupos-coleccion/:id', page: 'collectionGroups' },
  { path: 'modelo/info/:modelo', page: 'modelInfo' },
];

/** The public account screens, under /account in the split layout. */
const ACCOUNT_ROUTES: PageRoute[] = [
  { path: 'login', page: 'login' },
  { path: 'forgot-password', page: 'forgotPassword' },
  { path: 'password-reset/:id', page: 'passwordReset' },
];

/** A page's lazy route: the chunk loads on first visit; the title is known without loading it. */
function lazyPage({ path, page, loader }: PageRoute): RouteObject {
  const handle: RouteHandle = { title: `routes.${page}` };
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
        children: [{ ErrorBoundary: RouteError, children: APP_ROUTES.map(lazyPage) }],
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
