import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './global.css';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { queryClient } from '../lib/queryClient.ts';
import { cssVariablesResolver, theme } from './theme.ts';

const NotificationsHost = lazy(() => import('./NotificationsHost.tsx'));

/**
 * Theme, notifications and the query cache. The modals host is mounted by RootRoute, inside the
 * router, so modal content may use links and navigation hooks.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <Suspense fallback={null}>
        <NotificationsHost />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
