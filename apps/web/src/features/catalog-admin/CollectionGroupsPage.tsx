import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCollection, useCollectionGroups } from './api.ts';
import { modelEditPath } from './components/ModelsTable.tsx';
import { OptionChips } from './components/OptionChips.tsx';
import { QueryState } from './components/QueryState.tsx';
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

  return (
    <Stack gap="md">
      <Anchor component={Link} to={id ? `/modelo/coleccion/${id}` : '/modelo/colecciones'} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('collections.backToCollection')}
        </Group>
      </Anchor>
      <div>
        <Title order={1}>{t('collectionGroups.title', { name })}</Title>
        <Text c="dimmed" size="sm">
          {t('collectionGroups.subtitle')}
        </Text>
      </div>
      <TextInput
        type="search"
        label={t('groups.search')}
        leftSection={<IconSearch size={16} />}
        value={filter}
        onChange={(e) => setFilter(e.currentTarget.value)}
        w={{ base: '100%', sm: 360 }}
      />
      <QueryState query={query}>
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
                    <Text size="sm" c="dimmed">
                      {t('collectionGroups.sizeAndCount', { size: g.size, count: g.parametros.length })}
                    </Text>
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
      </QueryState>
    </Stack>
  );
}
