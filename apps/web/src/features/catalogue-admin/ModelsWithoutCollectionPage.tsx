import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame.tsx';
import { useListParams } from '../../lib/useListParams.ts';
import { useModelsWithoutCollection } from './api.ts';
import { AdminList } from './components/AdminList.tsx';
import { ModelsTable } from './components/ModelsTable.tsx';

/** /modelo/sincoleccion: models that belong to no collection. */
export default function ModelsWithoutCollectionPage() {
  const { t } = useTranslation('catalogAdmin');
  const params = useListParams();
  const query = useModelsWithoutCollection(params.search, params.page);

  return (
    <PageFrame title={t('withoutCollection.title')} subtitle={t('withoutCollection.subtitle')}>
      <AdminList searchLabel={t('models.search')} params={params} query={query}>
        {() => <ModelsTable rows={query.data?.data ?? []} label={t('withoutCollection.title')} />}
      </AdminList>
    </PageFrame>
  );
}
