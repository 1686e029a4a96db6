import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api.ts';
import { getToken, subscribeSession } from './session.ts';

/** Shared TanStack Query client. Client errors (4xx) are answers, not glitches: never retried. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (failures, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
    },
    mutations: { retry: false },
  },
});

// Data cached for one user must never show for the next: drop it whenever the session ends.
let hadToken = getToken() != null;
subscribeSession(() => {
  const hasToken = getToken() != null;
  if (hadToken && !hasToken) queryClient.clear();
  hadToken = hasToken;
});

/**
 * What a screen adds to a feature's mutation hook: its own reactions (toasts, navigation, field
 * errors), run after the hook has stored or invalidated what the change touched.
 */
export interface MutationHandlers<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: Error, variables: TVariables) => unknown;
}
