import { Center, Loader } from '@mantine/core';
import { lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { AfterFirstPaint } from '../lib/afterPaint.tsx';
import { discardEarlyRequests } from '../lib/api.ts';
import { useSession } from '../lib/session.ts';
import { type RouteHandle, useScreenDenial } from './screenAccess.ts';

const ModalsHost = lazy(() => import('./ModalsHost.tsx'));

export type { RouteHandle };

export const PRODUCT_NAME = 'Nido';

/**
 * document.title = the deepest matched route's translated title, else the product name; "No access"
 * or "Not found" when the shell shows that instead of the page (screenAccess.ts).
 */
function useRouteTitle(): void {
  const { t } = useTranslation('layout');
  const matches = useMatches();
  const denial = useScreenDenial();
  const key =
    denial && denial !== 'pending'
      ? `routes.${denial}`
      : matches
          .map((match) => (match.handle as RouteHandle | undefined)?.title)
          .filter(Boolean)
          .at(-1);
  const title = key ? t(key) : PRODUCT_NAME; // computed in render, so a language switch re-titles
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Top of the route tree: titles, scroll restoration and, once signed in, the modals host. */
export function RootRoute() {
  useRouteTitle();
  const { token } = useSession();
  // Rendered once the first screen's loaders are done: home's early requests
  // (public/early-requests.js) served them, and must not answer any later request.
  useEffect(() => discardEarlyRequests(), []);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      {/* Confirm modals only open on signed-in screens (the login page does not load them), on
          demand: their host, a lazy chunk, loads once the first screen is painted. */}
      {token && (
        <AfterFirstPaint>
          <ModalsHost />
        </AfterFirstPaint>
      )}
    </>
  );
}

/** Shown while the first route (and its lazy chunk) loads. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center h="100dvh">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}
