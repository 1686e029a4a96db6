import { Avatar, Badge, Switch, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../components/notify.tsx';
import { WindowBadge } from '../../components/WindowBadge.tsx';
import { apiErrorText } from '../../lib/messages.ts';
import { type ColeccionListT, useCollectionFlag, useCollections } from './api.ts';
import { type AdminColumn, AdminListPage, AdminTable } from './components/AdminList.tsx';
import { CollectionActions } from './components/CollectionLinks.tsx';
import { useLocalized } from './useLocalized.ts';

type Row = ColeccionListT['data'][number];

const COLUMNS: AdminColumn[] = [
  { title: 'fields.image', w: 64 },
  { title: 'fields.code' },
  { title: 'fields.name' },
  { title: 'collections.models', align: 'right' },
  { title: 'collections.window' },
  { title: 'fields.active' },
  { title: 'collections.soloRepresentantes' },
];

/** /modelo/colecciones: every collection with its active and representatives-only switches. */
export default function CollectionsPage() {
  return (
    <AdminListPage texts="collections" newPath="/modelo/coleccion/0" useList={useCollections}>
      {(rows, label) => (
        <AdminTable minWidth={820} label={label} columns={COLUMNS}>
          {rows.map((row) => (
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

  return (
    <Table.Tr>
      <Table.Td>
        <Avatar src={row.imagen ?? row.url_img} alt="" radius="sm" size={40}>
          {row.coleccion.slice(0, 2)}
        </Avatar>
      </Table.Td>
      <Table.Td style={{ minWidth: 80 }}>
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
      {/* A badge's text shrinks to an ellipsis in a narrow cell: the cell keeps room for the longest. */}
      <Table.Td style={{ minWidth: 170 }}>
        <WindowBadge {...row} />
      </Table.Td>
      <Table.Td>
        <FlagSwitch row={row} flag="activado" label={t('collections.activeFor', { name })} />
      </Table.Td>
      <Table.Td>
        <FlagSwitch row={row} flag="solorepresentantes" label={t('collections.repsFor', { name })} />
      </Table.Td>
      <Table.Td>
        <CollectionActions id={row.id} name={name} />
      </Table.Td>
    </Table.Tr>
  );
}

/** One on/off flag of a collection, switched in place; it shows the new value while that is saved. */
function FlagSwitch({
  row,
  flag,
  label,
}: {
  row: Row;
  flag: 'activado' | 'solorepresentantes';
  label: string;
}) {
  const { t } = useTranslation('catalogAdmin');
  const change = useCollectionFlag(row.id, flag, {
    onError: (error) => notifyError(apiErrorText(error, t('collections.flagError'))),
  });
  return (
    <Switch
      checked={change.isPending ? (change.variables ?? row[flag]) : row[flag]}
      onChange={(e) => change.mutate(e.currentTarget.checked)}
      disabled={change.isPending}
      aria-label={label}
    />
  );
}
