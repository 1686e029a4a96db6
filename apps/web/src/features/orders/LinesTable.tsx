import { Avatar, Badge, Box, Group, Stack, Table, Text } from '@mantine/core';
import { localized, type OrderLine } from '@nido/contract';
import { IconCornerDownRight, IconPhoto, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../components/IconAction.tsx';
import { DataTable, HiddenHeader } from '../../components/TableParts.tsx';
import { formatMoney } from '../../lib/format.ts';
import { embroideryText, optionsText } from '../../lib/lineText.ts';
import { useLang } from '../../lib/useLang.ts';
import { arrangeLines } from './lines.ts';

/** One detail under a line's description: "Options: …". */
function LineDetail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed">
      <Box component="span" fw={600}>
        {label}:{' '}
      </Box>
      {children}
    </Text>
  );
}

interface LinesTableProps {
  lines: OrderLine[];
  /** Shows a remove button on primary lines. */
  onRemove?: (line: OrderLine) => void;
  removingId?: number | null;
  caption: string;
}

/**
 * The lines of an order or cart: image, code, description with its options, embroidery and note,
 * quantity, unit price, amount; dependent lines indented under their primary line.
 */
export function LinesTable({ lines, onRemove, removingId, caption }: LinesTableProps) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  return (
    <DataTable
      minWidth={680}
      verticalSpacing="sm"
      highlightOnHover
      data-testid="lines-table"
      caption={caption}
      head={
        <>
          <HiddenHeader label={t('image')} w={60} />
          <Table.Th>{t('code')}</Table.Th>
          <Table.Th>{t('description')}</Table.Th>
          <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
            {t('quantity')}
          </Table.Th>
          <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
            {t('unitPrice')}
          </Table.Th>
          <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
            {t('amount')}
          </Table.Th>
          {onRemove && <HiddenHeader label={t('actions')} w={52} />}
        </>
      }
    >
      {arrangeLines(lines).map(({ line, dependent }) => {
        const description = localized(line.modelo, 'descripcion', lang);
        const options = optionsText(line.parametros_color, lang);
        const embroidery = dependent ? '' : embroideryText(line.parametros_bordado, lang);
        return (
          <Table.Tr key={line.id} data-line={line.modelo.modelo} data-dependent={dependent || undefined}>
            <Table.Td>
              {!dependent && (
                <Avatar src={line.imagen} radius="sm" size={48} alt="" color="gray">
                  <IconPhoto size={20} />
                </Avatar>
              )}
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap" pl={dependent ? 'md' : 0}>
                {dependent && <IconCornerDownRight size={16} aria-label={t('dependentLine')} />}
                <Text size="sm" ff="monospace" fw={dependent ? 400 : 700}>
                  {line.modelo.modelo}
                </Text>
              </Group>
            </Table.Td>
            <Table.Td>
              <Stack gap={2} pl={dependent ? 'md' : 0}>
                <Group gap={6}>
                  <Text size="sm" fw={dependent ? 400 : 600} c={dependent ? 'dimmed' : undefined}>
                    {description}
                  </Text>
                  {line.porte && (
                    <Badge size="xs" variant="light" color="gray">
                      {t('shipping')}
                    </Badge>
                  )}
                </Group>
                {options && <LineDetail label={t('options')}>{options}</LineDetail>}
                {embroidery && <LineDetail label={t('embroidery')}>{embroidery}</LineDetail>}
                {line.nota && <LineDetail label={t('note')}>{line.nota}</LineDetail>}
              </Stack>
            </Table.Td>
            <Table.Td ta="right">{line.unped}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(line.precio)}
            </Table.Td>
            <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(line.importe)}
            </Table.Td>
            {onRemove && (
              <Table.Td>
                {!dependent && (
                  <IconAction
                    tooltip={t('removeLine')}
                    label={t('removeLineOf', { modelo: line.modelo.modelo })}
                    color="red"
                    onClick={() => onRemove(line)}
                    loading={removingId === line.id}
                  >
                    <IconTrash size={18} />
                  </IconAction>
                )}
              </Table.Td>
            )}
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
