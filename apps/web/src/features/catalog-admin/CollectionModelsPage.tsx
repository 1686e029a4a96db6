import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAdminModels, useCollection } from './api.ts';
import { Pager, SearchBox, useListParams } from './components/ListControls.tsx';
import { ModelsTable } from './components/ModelsTable.tsx';
import { QueryState } from './components/QueryState.tsx';
import { useLocalized } from './useLocalized.ts';

/** /modelo/modeloscoleccion/{id}: the models of one collection, with search and paging. */
export default function CollectionModelsPage() {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  const id = Number(useParams().id) || 0;
  const collection = useCollection(id);
  const { search, page, text, setText, setPage } = useListParams();
  const query = useAdminModels(id, search, page);
  const name = collection.data ? localized(collection.data, 'nombre') : '';

  return (
    <Stack gap="md">
      <Anchor component={Link} to="/modelo/colecciones" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('collections.back')}
        </Group>
      </Anchor>
      <div>
        <Title order={1}>{t('collectionModels.title', { name })}</Title>
        {collection.data && (
          <Group gap="xs" mt={4}>
            <Badge variant="light" color="gray">
              {collection.data.coleccion}
            </Badge>
            <Anchor component={Link} to={`/modelo/coleccion/${id}`} size="sm">
              {t('collections.edit')}
            </Anchor>
            <Anchor component={Link} to={`/modelo/grupos-coleccion/${id}`} size="sm">
              {t('collections.viewGroups')}
            </Anchor>
          </Group>
        )}
        {collection.isError && (
          <Text c="red" size="sm" role="alert">
            {t('notFound')}
          </Text>
        )}
      </div>
      <Paper withBorder p="md">
        <SearchBox label={t('models.search')} value={text} onChange={setText} />
        <QueryState query={query}>
          {() => (
            <>
              <ModelsTable rows={query.data?.data ?? []} label={t('collectionModels.table', { name })} />
              <Pager meta={query.data?.meta} onPage={setPage} />
            </>
          )}
        </QueryState>
      </Paper>
    </Stack>
  );
}
