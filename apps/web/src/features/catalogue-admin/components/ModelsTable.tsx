import { Anchor, Avatar, Stack, Table } from '@mantine/core';
import { familyOf } from '@nido/contract';
import { IconInfoCircle, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconLinks } from '../../../components/IconAction.tsx';
import { EmptyRow, TextCell } from '../../../components/TableParts.tsx';
import { ToneBadge } from '../../../components/ToneBadge.tsx';
import { formatMoney } from '../../../lib/format.ts';
import type { AdminModelListT } from '../api.ts';
import { useLocalized } from '../useLocalized.ts';
import { type AdminColumn, AdminTable } from './AdminList.tsx';
import { StateBadge } from './StateBadge.tsx';

type Row = AdminModelListT['data'][number];

export function modelEditPath(modelo: string): string {
  return `/modelo/modelocustom/${encodeURIComponent(modelo)}`;
}

export function modelInfoPath(modelo: string): string {
  return `/modelo/info/${encodeURIComponent(modelo)}`;
}

/** A model's screens, as its row's icon links; their texts are `models.<screen>` and `models.<screen>For`. */
const MODEL_SCREENS = [
  { screen: 'edit', path: modelEditPath, icon: IconPencil },
  { screen: 'info', path: modelInfoPath, icon: IconInfoCircle },
] as const;

const COLUMNS: AdminColumn[] = [
  { title: 'fields.image', w: 56 },
  { title: 'fields.model', w: 112 },
  { title: 'fields.description', stack: 'plain' },
  { title: 'fields.family' },
  { title: 'fields.pvp', w: 96, align: 'right' },
  { title: 'models.groupCount', w: 72, align: 'right' },
  { title: 'fields.state', w: 96 },
];

/** Admin model rows: image, code, description, family, price, groups, state and the edit links. */
export function ModelsTable({ rows, label }: { rows: Row[]; label: string }) {
  const { t } = useTranslation('catalogAdmin');
  const localized = useLocalized();
  return (
    <AdminTable minWidth={660} label={label} columns={COLUMNS} actionsWidth={84}>
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
          <TextCell>{localized(row, 'descripcion')}</TextCell>
          <TextCell>{localized(familyOf(row.familia), 'name')}</TextCell>
          <Table.Td ta="right">{formatMoney(row.pvp)}</Table.Td>
          <Table.Td ta="right">{row.grupos}</Table.Td>
          <Table.Td>
            {/* As wide as its badges: a flag cut to "Sin …" says nothing. */}
            <Stack gap={4} align="flex-start" miw="max-content">
              <StateBadge active={!row.baja} />
              {row.posiciones_sin_recuadro && (
                <ToneBadge color="orange" title={t('models.noEmbroideryBoxHint')}>
                  {t('models.noEmbroideryBox')}
                </ToneBadge>
              )}
            </Stack>
          </Table.Td>
          <Table.Td>
            <IconLinks
              links={MODEL_SCREENS.map(({ screen, path, icon }) => ({
                to: path(row.modelo),
                icon,
                tooltip: t(`models.${screen}`),
                label: t(`models.${screen}For`, { modelo: row.modelo }),
              }))}
            />
          </Table.Td>
        </Table.Tr>
      ))}
    </AdminTable>
  );
}
