/**
 * The side menu's badge of the missing-translation report (record 056): how many catalogue texts lack
 * their English, polled as the pending orders are (PENDING_POLL_MS) while the Admin's menu shows the
 * entry, and refreshed at once by a fix (translations/api.ts).
 */
import { PENDING_POLL_MS } from '@nido/contract';
import { useQuery } from '@tanstack/react-query';
import { call, isApiError } from '../../../lib/api.ts';

export const translationKeys = {
  all: ['catalogAdmin', 'translations'] as const,
  counts: ['catalogAdmin', 'translations', 'counts'] as const,
  page: (kind: string, page: number) => ['catalogAdmin', 'translations', 'page', kind, page] as const,
};

/** The count the menu shows beside the report's entry; polled only while `enabled`. */
export function useMissingTranslationCount(enabled: boolean): number {
  const query = useQuery({
    queryKey: translationKeys.counts,
    queryFn: ({ signal }) => call('catalogAdmin.missingTranslationCounts', undefined, { signal }),
    enabled,
    refetchInterval: (q) => (enabled && !isApiError(q.state.error) ? PENDING_POLL_MS : false),
    refetchOnWindowFocus: false,
    retry: false,
  });
  return query.data?.total ?? 0;
}
