import { Anchor, Avatar, Group, Table, Text } from '@mantine/core';
import { familyOf } from '@nido/contract';
import { IconInfoCircle, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconAction } from '../../../components/IconAction.tsx';
import { EmptyRow, HiddenHeader } from '../../../components/TableParts.tsx';
import { formatMoney } from '../../../lib/format.ts';
import type { AdminModelListT } from '../api.ts';
import { useLocalized } from '../useLocalized.ts';
import { AdminTable } from './AdminList.tsx';
import { StateBadge } from './StateBadge.tsx';

type Row = AdminModelListT['data'][number];

export function modelEditPath(modelo: string): string {
  return `/modelo/modelocustom/${encodeURIComponent(modelo)}`;
}

export function modelInfoPath(modelo: string): string {
  return `/modelo/info/${encodeURIComponent(modelo)}`;
}

/** Admin model rows: image, code, description, family, price, groups, state and the edit links. */
export function ModelsTable({ rows, label }: { rows: Row[]; label: string }) {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  return (
    <AdminTable
      minWidth={660}
      label={label}
      head={
        <>
          <Table.Th w={56}>{t('fields.image')}</Table.Th>
          <Table.Th w={112}>{t('fields.model')}</Table.Th>
          <Table.Th>{t('fields.description')}</Table.Th>
          <Table.Th>{t('fields.family')}</Table.Th>
          <Table.Th w={96} ta="right">
            {t('fields.pvp')}
          </Table.Th>
          <Table.Th w={72} ta="right">
            {t('models.groupCount')}
          </Table.Th>
          <Table.Th w={96}>{t('fields.state')}</Table.Th>
          <HiddenHeader label={t('actions')} w={84} />
        </>
      }
    >
      {rows.length === 0 && (
        <EmptyRow colSpan={8} size="sm">
          {t('models.noneFound')}
        </EmptyRow>
      )}
      {rows.map((row) => (
        <Table.Tr key={row.modelo}>
          <Table.Td>
            <Avatar src={row.imagen ?? row.url_img} alt="" radius="sm" size={40} />
          </Table.Td>
          <Table.Td>
            <Anchor component={Link} to={modelEditPath(row.modelo)} fw={600} size="sm">
              {row.modelo}
            </Anchor>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{localized(row, 'descripcion')}</Text>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{t(`families.${familyOf(row.familia).id}`)}</Text>
          </Table.Td>
          <Table.Td ta="right">{formatMoney(row.pvp)}</Table.Td>
          <Table.Td ta="right">{row.grupos}</Table.Td>
          <Table.Td>
            <StateBadge active={!row.baja} />
          </Table.Td>
          <Table.Td>
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <IconAction
                tooltip={t('models.edit')}
                label={t('models.editFor', { modelo: row.modelo })}
                to={modelEditPath(row.modelo)}
              >
                <IconPencil size={18} />
              </IconAction>
              <IconAction
                tooltip={t('models.info')}
                label={t('models.infoFor', { modelo: row.modelo })}
                to={modelInfoPath(row.modelo)}
              >
                <IconInfoCircle size={18} />
              </IconAction>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </AdminTable>
  );
}
