/**
 * The missing-translation report's calls (record 056): a page of the texts lacking English with the
 * counts per kind, and the fix of one text, which refreshes the report and the menu's badge.
 */
import type { TranslationKind } from '@nido/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Answer, call } from '../../../lib/api.ts';
import { keys } from '../api.ts';
import { translationKeys } from './countApi.ts';

export type MissingTranslationsT = Answer<'catalogAdmin.missingTranslations'>;
export type MissingRowT = MissingTranslationsT['data'][number];

/** A page of one kind ('' for every kind), with the counts of each. */
export function useMissingTranslations(kind: TranslationKind | '', page: number) {
  return useQuery({
    queryKey: translationKeys.page(kind, page),
    queryFn: ({ signal }) =>
      call(
        'catalogAdmin.missingTranslations',
        { query: { kind: kind || undefined, page, per_page: 20 } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** PUT translations/{kind}/{id}: the counts it answers go to the badge; the lists read again. */
export function useFixTranslation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: TranslationKind; id: string; text: string }) =>
      call('catalogAdmin.fixTranslation', {
        params: { kind: input.kind, id: input.id },
        body: { text: input.text },
      }),
    onSuccess: (answer) => {
      queryClient.setQueryData(translationKeys.counts, answer.counts);
      // The report's pages and every editor's screen that shows the text.
      return queryClient.invalidateQueries({ queryKey: keys.all });
    },
  });
}
