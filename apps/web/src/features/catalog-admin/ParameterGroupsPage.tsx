import { Anchor, Badge, Group, Table } from '@mantine/core';
import { EMBROIDERY_COLOURS_GROUP_ID } from '@nido/contract';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconAction } from '../../components/IconAction.tsx';
import { EmptyRow, HiddenHeader } from '../../components/TableParts.tsx';
import { useListParams } from '../../lib/useListParams.ts';
import { useParamGroups } from './api.ts';
import { AdminListPage, AdminTable } from './components/AdminList.tsx';
import { StateBadge } from './components/StateBadge.tsx';
import { useLocalized } from './useLocalized.ts';

/** /modelo/parametros: the parameter (option) groups, with search and paging. */
export default function ParameterGroupsPage() {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  const params = useListParams();
  const query = useParamGroups(params.search, params.page);

  return (
    <AdminListPage
      title={t('groups.title')}
      subtitle={t('groups.subtitle')}
      create={{ to: '/modelo/parametros-edit/0', label: t('groups.new') }}
      searchLabel={t('groups.search')}
      params={params}
      query={query}
    >
      {() => (
        <AdminTable
          minWidth={680}
          label={t('groups.title')}
          head={
            <>
              <Table.Th w={70}>{t('fields.id')}</Table.Th>
              <Table.Th>{t('fields.name')}</Table.Th>
              <Table.Th ta="right">{t('fields.size')}</Table.Th>
              <Table.Th ta="right">{t('groups.options')}</Table.Th>
              <Table.Th ta="right">{t('groups.models')}</Table.Th>
              <Table.Th>{t('fields.state')}</Table.Th>
              <HiddenHeader label={t('actions')} />
            </>
          }
        >
          {query.data?.data.length === 0 && (
            <EmptyRow colSpan={7} size="sm">
              {t('groups.noneFound')}
            </EmptyRow>
          )}
          {query.data?.data.map((row) => {
            const name = localized(row, 'nombre');
            return (
              <Table.Tr key={row.id}>
                <Table.Td>{row.id}</Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <Anchor component={Link} to={`/modelo/parametros-edit/${row.id}`} fw={600} size="sm">
                      {name}
                    </Anchor>
                    {row.id === EMBROIDERY_COLOURS_GROUP_ID && (
                      <Badge size="xs" variant="light">
                        {t('groups.embroideryColours')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{row.size}</Table.Td>
                <Table.Td ta="right">{row.parametros_count}</Table.Td>
                <Table.Td ta="right">{row.modelos_count}</Table.Td>
                <Table.Td>
                  <StateBadge active={row.activado} />
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    <IconAction
                      tooltip={t('groups.edit')}
                      label={t('groups.editFor', { name })}
                      to={`/modelo/parametros-edit/${row.id}`}
                    >
                      <IconPencil size={18} />
                    </IconAction>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </AdminTable>
      )}
    </AdminListPage>
  );
}
