import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { queryClient } from '../lib/queryClient.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const NotificationsHost = lazy(() => import('./NotificationsHost.tsx'));

/**
 * The toasts' renderer (portal, transitions, a lazy chunk) is loaded with the first toast, not with
 * the page: `notifications.show()` only fills a store, which the renderer reads once mounted.
 */
function NotificationsOnDemand() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

/**
 * Theme, notifications and the query cache. The modals host is mounted by RootRoute, inside the
 * router, so modal content may use links and navigation hooks.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <NotificationsOnDemand />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
