import { Group, Pagination, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/Alerts.tsx';
import { SearchBox } from '../../components/ListControls.tsx';
import { QuietText } from '../../components/QuietText.tsx';
import { SkeletonGrid } from '../../components/Skeletons.tsx';
import { useModelSearch } from './api.ts';
import { MODEL_GRID_COLS, ModelGrid } from './ModelCard.tsx';

/** Home model search box and its results (product.md §4, §8 'No models found with the indicated search'). */
export function ModelSearch({ onAdd }: { onAdd: (modelo: string) => void }) {
  const { t } = useTranslation('home');
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  // The page belongs to a search text: a new text starts again at page 1.
  const [paged, setPaged] = useState({ text: '', page: 1 });
  const page = paged.text === debounced ? paged.page : 1;
  const setPage = (p: number) => setPaged({ text: debounced, page: p });
  const search = useModelSearch(debounced, page);
  const results = search.data?.data ?? [];
  const meta = search.data?.meta;

  return (
    <Stack gap="sm" component="section" aria-label={t('searchSection')}>
      <SearchBox
        size="md"
        label={t('searchLabel')}
        placeholder={t('searchPlaceholder')}
        value={text}
        onChange={setText}
        maxLength={100}
        autoComplete="off"
      />
      {debounced && search.isPending && (
        <SkeletonGrid label={t('searching')} cols={MODEL_GRID_COLS} count={4} h={260} spacing="sm" />
      )}
      {debounced && search.isError && <ErrorAlert>{t('searchError')}</ErrorAlert>}
      <div role="status" aria-live="polite">
        {debounced && search.data && results.length === 0 && <Text c="dimmed">{t('noResults')}</Text>}
        {debounced && meta && results.length > 0 && (
          <QuietText>{t('resultsCount', { count: meta.total })}</QuietText>
        )}
      </div>
      {debounced && results.length > 0 && (
        <ModelGrid
          models={results}
          onAdd={onAdd}
          style={{ opacity: search.isPlaceholderData ? 0.6 : 1 }}
          data-testid="search-results"
        />
      )}
      {debounced && meta && meta.last_page > 1 && (
        <Group justify="center">
          <Pagination total={meta.last_page} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
