import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { SearchBox } from '../../components/ListControls.tsx';
import { BackLink, PageFrame } from '../../components/PageFrame.tsx';
import { QuietText } from '../../components/QuietText.tsx';
import { useCollection, useCollectionGroups } from './api.ts';
import { AdminQueryState } from './components/AdminList.tsx';
import { modelEditPath } from './components/ModelsTable.tsx';
import { OptionChips } from './components/OptionChips.tsx';
import { StateBadge } from './components/StateBadge.tsx';
import { useLocalized } from './useLocalized.ts';

/** The option groups used by the models of one collection, with their options and models (read view). */
export default function CollectionGroupsPage() {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  const id = Number(useParams().id) || 0;
  const collection = useCollection(id);
  const query = useCollectionGroups(id);
  const [filter, setFilter] = useState('');
  const name = collection.data ? localized(collection.data, 'nombre') : '';
  const needle = filter.trim().toLowerCase();
  const groups = (query.data?.data ?? []).filter(
    (g) => !needle || `${g.nombre} ${g.nombre_en} ${g.id}`.toLowerCase().includes(needle),
  );

  const groupList = (
    <>
      <SearchBox
        label={t('groups.search')}
        value={filter}
        onChange={setFilter}
        w={{ base: '100%', sm: 360 }}
      />
      <AdminQueryState query={query}>
        {() =>
          groups.length === 0 ? (
            <Text c="dimmed">{t('collectionGroups.none')}</Text>
          ) : (
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              {groups.map((g) => (
                <Paper key={g.id} withBorder p="md" component="article" aria-label={localized(g, 'nombre')}>
                  <Stack gap="xs">
                    <Group justify="space-between" wrap="nowrap">
                      <Group gap="xs">
                        <Title order={2} size="h4">
                          <Anchor component={Link} to={`/modelo/parametros-edit/${g.id}`} inherit>
                            {localized(g, 'nombre')}
                          </Anchor>
                        </Title>
                        <Badge variant="light" color="gray">
                          #{g.id}
                        </Badge>
                      </Group>
                      <StateBadge active={g.activado} />
                    </Group>
                    <QuietText>
                      {t('collectionGroups.sizeAndCount', { size: g.size, count: g.parametros.length })}
                    </QuietText>
                    <OptionChips options={g.parametros} />
                    <Text size="sm" fw={600} mt={4}>
                      {t('collectionGroups.models', { count: g.modelos.length })}
                    </Text>
                    <Group gap={6}>
                      {g.modelos.map((m) => (
                        <Badge
                          key={m.modelo}
                          variant="outline"
                          color={m.baja ? 'gray' : 'rose'}
                          component={Link}
                          to={modelEditPath(m.modelo)}
                          style={{ cursor: 'pointer', textTransform: 'none' }}
                          title={localized(m, 'descripcion')}
                        >
                          {m.modelo} ×{m.size}
                        </Badge>
                      ))}
                    </Group>
                  </Stack>
                </Paper>
              ))}
            </SimpleGrid>
          )
        }
      </AdminQueryState>
    </>
  );

  return (
    <PageFrame
      back={
        <BackLink to={id ? `/modelo/coleccion/${id}` : '/modelo/colecciones'}>
          {t('collections.backToCollection')}
        </BackLink>
      }
      title={t('collectionGroups.title', { name })}
      subtitle={t('collectionGroups.subtitle')}
    >
      {id ? (
        // A collection that does not exist (an unknown id) is "not found", not an empty list.
        <AdminQueryState query={collection}>{() => groupList}</AdminQueryState>
      ) : (
        groupList
      )}
    </PageFrame>
  );
}
