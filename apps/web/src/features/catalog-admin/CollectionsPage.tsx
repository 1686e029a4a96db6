import { Avatar, Badge, Group, Switch, Table, Text } from '@mantine/core';
import { IconAdjustments, IconBox, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconAction } from '../../components/IconAction.tsx';
import { notifyError } from '../../components/notify.tsx';
import { HiddenHeader } from '../../components/TableParts.tsx';
import { useListParams } from '../../lib/useListParams.ts';
import { type ColeccionListT, useCollectionFlag, useCollections } from './api.ts';
import { AdminListPage, AdminTable } from './components/AdminList.tsx';
import { errorText } from './messages.ts';
import { useLocalized } from './useLocalized.ts';

type Row = ColeccionListT['data'][number];

/** /modelo/colecciones: every collection with its active and representatives-only switches. */
export default function CollectionsPage() {
  const { t } = useTranslation('catalogAdmin');
  const params = useListParams();
  const query = useCollections(params.search, params.page);

  return (
    <AdminListPage
      title={t('collections.title')}
      subtitle={t('collections.subtitle')}
      create={{ to: '/modelo/coleccion/0', label: t('collections.new') }}
      searchLabel={t('collections.search')}
      params={params}
      query={query}
    >
      {() => (
        <AdminTable
          minWidth={660}
          label={t('collections.title')}
          head={
            <>
              <Table.Th w={64}>{t('fields.image')}</Table.Th>
              <Table.Th>{t('fields.code')}</Table.Th>
              <Table.Th>{t('fields.name')}</Table.Th>
              <Table.Th ta="right">{t('collections.models')}</Table.Th>
              <Table.Th>{t('fields.active')}</Table.Th>
              <Table.Th>{t('collections.soloRepresentantes')}</Table.Th>
              <HiddenHeader label={t('actions')} />
            </>
          }
        >
          {query.data?.data.map((row) => (
            <CollectionRow key={row.id} row={row} />
          ))}
        </AdminTable>
      )}
    </AdminListPage>
  );
}

function CollectionRow({ row }: { row: Row }) {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  const name = localized(row, 'nombre');

  const onError = (error: unknown) => notifyError(errorText(error, t('collections.flagError')));
  const active = useCollectionFlag(row.id, 'activado', { onError });
  const reps = useCollectionFlag(row.id, 'solorepresentantes', { onError });
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
          <IconAction
            tooltip={t('collections.edit')}
            label={t('collections.editFor', { name })}
            to={`/modelo/coleccion/${row.id}`}
          >
            <IconPencil size={18} />
          </IconAction>
          <IconAction
            tooltip={t('collections.viewModels')}
            label={t('collections.modelsFor', { name })}
            to={`/modelo/modeloscoleccion/${row.id}`}
          >
            <IconBox size={18} />
          </IconAction>
          <IconAction
            tooltip={t('collections.viewGroups')}
            label={t('collections.groupsFor', { name })}
            to={`/modelo/grupos-coleccion/${row.id}`}
          >
            <IconAdjustments size={18} />
          </IconAction>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
