import { SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { localized } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ImageCard } from '../../components/ImageCard.tsx';
import { BackLink, PageFrame } from '../../components/PageFrame.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { QuietText } from '../../components/QuietText.tsx';
import { SkeletonGrid } from '../../components/Skeletons.tsx';
import {
  LineSheetActions,
  MODEL_GRID_COLS,
  ModelGrid,
  useCollectionModels,
  useCollections,
} from '../../features/catalogue/index.ts';
import { useLineEditor } from '../../features/ordering/index.ts';
import { useLang } from '../../lib/useLang.ts';

/** /galery: the collections as pictures; opening one shows its models with their images. */
export default function GalleryPage() {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('coleccion')) || null;
  const collections = useCollections();
  const models = useCollectionModels(selected);
  const lineEditor = useLineEditor();
  const current = collections.data?.find((c) => c.id === selected);

  return (
    <PageFrame title={current ? localized(current, 'nombre', lang) : t('gallery')} titleSize="h2" maw={1400}>
      {selected == null && (
        <QueryState
          query={collections}
          loading={
            <SkeletonGrid
              label={t('loadingCollections')}
              cols={{ base: 1, xs: 2, md: 3 }}
              count={3}
              h={240}
            />
          }
          errorMessage={t('collectionsError')}
        >
          {(list) =>
            list.length === 0 ? (
              <Text c="dimmed">{t('noCollections')}</Text>
            ) : (
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
                {list.map((c) => (
                  // Named by what it shows (the collection's name and its model count): label in name.
                  <UnstyledButton key={c.id} onClick={() => setParams({ coleccion: String(c.id) })}>
                    <ImageCard
                      src={c.url_img ?? c.imagen}
                      alt=""
                      imageHeight={200}
                      imageBg="gray.1"
                      placeholderHeight={180}
                      padding="sm"
                      h="100%"
                    >
                      <Stack gap={2} mt="sm">
                        <Text fw={700}>{localized(c, 'nombre', lang)}</Text>
                        {c.modelos != null && <QuietText>{t('modelCount', { count: c.modelos })}</QuietText>}
                      </Stack>
                    </ImageCard>
                  </UnstyledButton>
                ))}
              </SimpleGrid>
            )
          }
        </QueryState>
      )}
      {selected != null && (
        <>
          <BackLink to="/galery">{t('allCollections')}</BackLink>
          {current && <LineSheetActions coleccion={current} />}
          <QueryState
            query={models}
            loading={<SkeletonGrid label={t('loadingModels')} cols={MODEL_GRID_COLS} count={4} h={260} />}
            errorMessage={t('modelsError')}
          >
            {(list) =>
              list.length === 0 ? (
                <Text c="dimmed">{t('noModelsInCollection')}</Text>
              ) : (
                <ModelGrid
                  models={list}
                  onAdd={(modelo) => lineEditor.open({ modelo, coleccion: selected })}
                />
              )
            }
          </QueryState>
        </>
      )}
      {lineEditor.dialog}
    </PageFrame>
  );
}
