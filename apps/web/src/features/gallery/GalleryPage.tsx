import {
  Alert,
  Anchor,
  Card,
  Center,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { localized } from '@nido/contract';
import { IconAlertCircle, IconArrowLeft, IconPhotoOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AddToCartModal, type AddToCartTarget } from '../catalog/AddToCartModal.tsx';
import { useCollectionModels, useCollections } from '../catalog/api.ts';
import { ModelCard } from '../catalog/ModelCard.tsx';
import { useLang } from '../catalog/useLang.ts';

/** /galery: the collections as pictures; opening one shows its models with their images. */
export default function GalleryPage() {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const selected = Number(params.get('coleccion')) || null;
  const collections = useCollections();
  const models = useCollectionModels(selected);
  const [target, setTarget] = useState<AddToCartTarget | null>(null);
  const current = collections.data?.find((c) => c.id === selected);

  return (
    <Stack gap="md" maw={1400}>
      <Title order={1} size="h2">
        {current ? localized(current, 'nombre', lang) : t('gallery')}
      </Title>
      {collections.isError && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
          {t('collectionsError')}
        </Alert>
      )}
      {selected == null && (
        <>
          {collections.isPending && (
            <SimpleGrid
              cols={{ base: 1, xs: 2, md: 3 }}
              aria-busy="true"
              aria-label={t('loadingCollections')}
            >
              {[1, 2, 3].map((i) => (
                <Skeleton key={i} h={240} radius="lg" />
              ))}
            </SimpleGrid>
          )}
          {collections.data?.length === 0 && <Text c="dimmed">{t('noCollections')}</Text>}
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            {collections.data?.map((c) => (
              <UnstyledButton
                key={c.id}
                onClick={() => setParams({ coleccion: String(c.id) })}
                aria-label={localized(c, 'nombre', lang)}
              >
                <Card withBorder padding="sm" h="100%">
                  <Card.Section>
                    {(c.url_img ?? c.imagen) ? (
                      <Image src={c.url_img ?? c.imagen} alt="" h={200} fit="contain" bg="gray.1" />
                    ) : (
                      <Center h={180} bg="gray.1" c="dimmed">
                        <IconPhotoOff size={32} aria-hidden />
                      </Center>
                    )}
                  </Card.Section>
                  <Stack gap={2} mt="sm">
                    <Text fw={700}>{localized(c, 'nombre', lang)}</Text>
                    {c.modelos != null && (
                      <Text size="sm" c="dimmed">
                        {t('modelCount', { count: c.modelos })}
                      </Text>
                    )}
                  </Stack>
                </Card>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </>
      )}
      {selected != null && (
        <>
          <Anchor component={Link} to="/galery" size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={16} aria-hidden />
              {t('allCollections')}
            </Group>
          </Anchor>
          {models.isPending && (
            <SimpleGrid
              cols={{ base: 1, xs: 2, sm: 3, xl: 4 }}
              aria-busy="true"
              aria-label={t('loadingModels')}
            >
              {[1, 2, 3, 4].map((i) => (
                <Skeleton key={i} h={260} radius="lg" />
              ))}
            </SimpleGrid>
          )}
          {models.isError && (
            <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
              {t('modelsError')}
            </Alert>
          )}
          {models.data?.length === 0 && <Text c="dimmed">{t('noModelsInCollection')}</Text>}
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, xl: 4 }} spacing="sm">
            {models.data?.map((m) => (
              <ModelCard key={m.modelo} model={m} onAdd={(modelo) => setTarget({ modelo })} />
            ))}
          </SimpleGrid>
        </>
      )}
      <AddToCartModal target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
