import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink, PageFrame } from '../../components/PageFrame.tsx';
import { useListParams } from '../../lib/useListParams.ts';
import { useAdminModels, useCollection } from './api.ts';
import { AdminList } from './components/AdminList.tsx';
import { CollectionLinks } from './components/CollectionLinks.tsx';
import { ModelsTable } from './components/ModelsTable.tsx';
import { useLocalized } from './useLocalized.ts';

/** /modelo/modeloscoleccion/{id}: the models of one collection, with search and paging. */
export default function CollectionModelsPage() {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  const id = Number(useParams().id) || 0;
  const collection = useCollection(id);
  const params = useListParams();
  const query = useAdminModels(id, params.search, params.page);
  const name = collection.data ? localized(collection.data, 'nombre') : '';

  return (
    <PageFrame
      back={<BackLink to="/modelo/colecciones">{t('collections.back')}</BackLink>}
      title={t('collectionModels.title', { name })}
      details={
        <>
          {collection.data && <CollectionLinks id={id} code={collection.data.coleccion} current="models" />}
          {collection.isError && (
            <Text c="red" size="sm" role="alert">
              {t('notFound')}
            </Text>
          )}
        </>
      }
    >
      <AdminList searchLabel={t('models.search')} params={params} query={query}>
        {() => <ModelsTable rows={query.data?.data ?? []} label={t('collectionModels.table', { name })} />}
      </AdminList>
    </PageFrame>
  );
}
