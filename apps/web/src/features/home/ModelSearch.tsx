import { Alert, Group, Pagination, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useModelSearch } from '../catalog/api.ts';
import { ModelCard } from '../catalog/ModelCard.tsx';

/** Home model search box and its results (SPEC §2, §8 'No models found with the indicated search'). */
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
      <TextInput
        type="search"
        size="md"
        label={t('searchLabel')}
        placeholder={t('searchPlaceholder')}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        leftSection={<IconSearch size={18} aria-hidden />}
        maxLength={100}
        autoComplete="off"
      />
      {debounced && search.isPending && (
        <SimpleGrid
          cols={{ base: 1, xs: 2, sm: 3, xl: 4 }}
          spacing="sm"
          aria-busy="true"
          aria-label={t('searching')}
        >
          {[1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h={260} radius="lg" />
          ))}
        </SimpleGrid>
      )}
      {debounced && search.isError && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
          {t('searchError')}
        </Alert>
      )}
      <div role="status" aria-live="polite">
        {debounced && search.data && results.length === 0 && <Text c="dimmed">{t('noResults')}</Text>}
        {debounced && meta && results.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('resultsCount', { count: meta.total })}
          </Text>
        )}
      </div>
      {debounced && results.length > 0 && (
        <SimpleGrid
          cols={{ base: 1, xs: 2, sm: 3, xl: 4 }}
          spacing="sm"
          style={{ opacity: search.isPlaceholderData ? 0.6 : 1 }}
          data-testid="search-results"
        >
          {results.map((m) => (
            <ModelCard key={m.modelo} model={m} onAdd={onAdd} />
          ))}
        </SimpleGrid>
      )}
      {debounced && meta && meta.last_page > 1 && (
        <Group justify="center">
          <Pagination total={meta.last_page} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
