import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconAdjustments, IconBox, IconPencil, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ColeccionListT, collectionApi, keys, useCollections } from './api.ts';
import { Pager, SearchBox, useListParams } from './components/ListControls.tsx';
import { notify } from './components/notify.ts';
import { errorText, QueryState } from './components/QueryState.tsx';
import { useLocalized } from './useLocalized.ts';

type Row = ColeccionListT['data'][number];

/** /modelo/colecciones: every collection with its active and representatives-only switches. */
export default function CollectionsPage() {
  const { t } = useTranslation('catalogAdmin');
  const { search, page, text, setText, setPage } = useListParams();
  const query = useCollections(search, page);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>{t('collections.title')}</Title>
          <Text c="dimmed" size="sm">
            {t('collections.subtitle')}
          </Text>
        </div>
        <Button component={Link} to="/modelo/coleccion/0" leftSection={<IconPlus size={16} />}>
          {t('collections.new')}
        </Button>
      </Group>
      <Paper withBorder p="md">
        <SearchBox label={t('collections.search')} value={text} onChange={setText} />
        <QueryState query={query}>
          {() => (
            <>
              <Table.ScrollContainer minWidth={660} mt="md">
                <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('collections.title')}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={64}>{t('fields.image')}</Table.Th>
                      <Table.Th>{t('fields.code')}</Table.Th>
                      <Table.Th>{t('fields.name')}</Table.Th>
                      <Table.Th ta="right">{t('collections.models')}</Table.Th>
                      <Table.Th>{t('fields.active')}</Table.Th>
                      <Table.Th>{t('collections.soloRepresentantes')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {query.data?.data.map((row) => (
                      <CollectionRow key={row.id} row={row} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              <Pager meta={query.data?.meta} onPage={setPage} />
            </>
          )}
        </QueryState>
      </Paper>
    </Stack>
  );
}

function CollectionRow({ row }: { row: Row }) {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  const client = useQueryClient();
  const name = localized(row, 'nombre');

  const onError = (error: unknown) =>
    notify({ color: 'red', message: errorText(error, t('collections.flagError')) });
  const refresh = () => client.invalidateQueries({ queryKey: keys.all });

  const active = useMutation({
    mutationFn: (value: boolean) => collectionApi.setActive(row.id, value),
    onError,
    onSettled: refresh,
  });
  const reps = useMutation({
    mutationFn: (value: boolean) => collectionApi.setSoloRepresentantes(row.id, value),
    onError,
    onSettled: refresh,
  });
  const activeValue = active.isPending ? (active.variables ?? row.activado) : row.activado;
  const repsValue = reps.isPending ? (reps.variables ?? row.solorepresentantes) : row.solorepresentantes;

  return (
    <Table.Tr>
      <Table.Td>
        <Avatar src={row.imagen ?? row.url_img} alt="" radius="sm" size={40}>
          {row.coleccion.slice(0, 2)}
        </Avatar>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color="gray">
          {row.coleccion}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text component={Link} to={`/modelo/coleccion/${row.id}`} fw={600} size="sm" c="inherit">
          {name}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{row.modelos}</Table.Td>
      <Table.Td>
        <Switch
          checked={activeValue}
          onChange={(e) => active.mutate(e.currentTarget.checked)}
          disabled={active.isPending}
          aria-label={t('collections.activeFor', { name })}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          checked={repsValue}
          onChange={(e) => reps.mutate(e.currentTarget.checked)}
          disabled={reps.isPending}
          aria-label={t('collections.repsFor', { name })}
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('collections.edit')}>
            <ActionIcon
              component={Link}
              to={`/modelo/coleccion/${row.id}`}
              variant="subtle"
              aria-label={t('collections.editFor', { name })}
            >
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('collections.viewModels')}>
            <ActionIcon
              component={Link}
              to={`/modelo/modeloscoleccion/${row.id}`}
              variant="subtle"
              aria-label={t('collections.modelsFor', { name })}
            >
              <IconBox size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('collections.viewGroups')}>
            <ActionIcon
              component={Link}
              to={`/modelo/grupos-coleccion/${row.id}`}
              variant="subtle"
              aria-label={t('collections.groupsFor', { name })}
            >
              <IconAdjustments size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
