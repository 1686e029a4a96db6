import { Anchor, Badge, Group, Table } from '@mantine/core';
import { EMBROIDERY_COLOURS_GROUP_ID } from '@nido/contract';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconAction } from '../../components/IconAction.tsx';
import { EmptyRow } from '../../components/TableParts.tsx';
import { useParamGroups } from './api.ts';
import { type AdminColumn, AdminListPage, AdminTable } from './components/AdminList.tsx';
import { StateBadge } from './components/StateBadge.tsx';
import { useLocalized } from './useLocalized.ts';

const COLUMNS: AdminColumn[] = [
  { title: 'fields.id', w: 70 },
  { title: 'fields.name' },
  { title: 'fields.size', align: 'right' },
  { title: 'groups.options', align: 'right' },
  { title: 'groups.models', align: 'right' },
  { title: 'fields.state' },
];

/** /modelo/parametros: the parameter (option) groups, with search and paging. */
export default function ParameterGroupsPage() {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();

  return (
    <AdminListPage texts="groups" newPath="/modelo/parametros-edit/0" useList={useParamGroups}>
      {(rows, label) => (
        <AdminTable minWidth={680} label={label} columns={COLUMNS}>
          {rows.length === 0 && (
            <EmptyRow colSpan={7} size="sm">
              {t('groups.noneFound')}
            </EmptyRow>
          )}
          {rows.map((row) => {
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
