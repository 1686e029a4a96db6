import { ActionIcon, Anchor, Avatar, Group, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { familyOf } from '@nido/contract';
import { IconInfoCircle, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format.ts';
import type { AdminModelListT } from '../api.ts';
import { useLocalized } from '../useLocalized.ts';
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
    <Table.ScrollContainer minWidth={660} mt="md">
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
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
            <Table.Th w={84}>
              <VisuallyHidden>{t('actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={8}>
                <Text size="sm" c="dimmed" ta="center" py="md">
                  {t('models.noneFound')}
                </Text>
              </Table.Td>
            </Table.Tr>
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
                  <Tooltip label={t('models.edit')}>
                    <ActionIcon
                      component={Link}
                      to={modelEditPath(row.modelo)}
                      variant="subtle"
                      aria-label={t('models.editFor', { modelo: row.modelo })}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('models.info')}>
                    <ActionIcon
                      component={Link}
                      to={modelInfoPath(row.modelo)}
                      variant="subtle"
                      aria-label={t('models.infoFor', { modelo: row.modelo })}
                    >
                      <IconInfoCircle size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
