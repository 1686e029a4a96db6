import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useModelsWithoutCollection } from './api.ts';
import { Pager, SearchBox, useListParams } from './components/ListControls.tsx';
import { ModelsTable } from './components/ModelsTable.tsx';
import { QueryState } from './components/QueryState.tsx';

/** /modelo/sincoleccion: models that belong to no collection. */
export default function ModelsWithoutCollectionPage() {
  const { t } = useTranslation('catalogAdmin');
  const { search, page, text, setText, setPage } = useListParams();
  const query = useModelsWithoutCollection(search, page);

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{t('withoutCollection.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('withoutCollection.subtitle')}
        </Text>
      </div>
      <Paper withBorder p="md">
        <SearchBox label={t('models.search')} value={text} onChange={setText} />
        <QueryState query={query}>
          {() => (
            <>
              <ModelsTable rows={query.data?.data ?? []} label={t('withoutCollection.title')} />
              <Pager meta={query.data?.meta} onPage={setPage} />
            </>
          )}
        </QueryState>
      </Paper>
    </Stack>
  );
}
