import { Avatar, Badge, Box, Group, Stack, Table, Text } from '@mantine/core';
import { localized, type OrderLine } from '@nido/contract';
import { IconPhoto, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../components/IconAction.tsx';
import { DataTable, HiddenHeader } from '../../components/TableParts.tsx';
import { formatMoney } from '../../lib/format.ts';
import { embroideryText, optionsText } from '../../lib/lineText.ts';
import { useLang } from '../../lib/useLang.ts';
import { listedLines } from './lines.ts';

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
 * The lines of an order or cart: image, code, description with its options, embroidery, note and
 * surcharges, quantity, unit price, amount. A line's dependent lines (its surcharges, product.md
 * §5.4) are listed inside it and its amount is the server's `importe_total`, theirs included, so
 * the listed amounts add up to the order's total. On a phone each line is a card (DataTable
 * `stacked`): picture, code and remove button, then the description, quantity, price and amount.
 */
export function LinesTable({ lines, onRemove, removingId, caption }: LinesTableProps) {
  const { t } = useTranslation('orders');
  const lang = useLang();
  return (
    <DataTable
      minWidth={680}
      stacked={{
        labels: [null, null, null, t('quantity'), t('unitPrice'), t('amount')],
        media: true,
        title: 2,
        actions: Boolean(onRemove),
      }}
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
      {listedLines(lines).map(({ line, dependents }) => {
        const description = localized(line.modelo, 'descripcion', lang);
        const options = optionsText(line.parametros_color, lang);
        const embroidery = embroideryText(line.parametros_bordado, lang);
        const primary = line.lineaprimaria === 0;
        return (
          <Table.Tr key={line.id} data-line={line.modelo.modelo} data-dependent={primary ? undefined : true}>
            <Table.Td>
              <Avatar src={line.imagen} radius="sm" size={48} alt="" color="gray">
                <IconPhoto size={20} />
              </Avatar>
            </Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace" fw={700}>
                {line.modelo.modelo}
              </Text>
            </Table.Td>
            <Table.Td>
              <Stack gap={2}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
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
                {dependents.map((d) => (
                  <LineDetail key={d.id} label={t('surcharge')}>
                    <span data-dependent-line={d.modelo.modelo}>
                      {t('surchargeText', {
                        description: localized(d.modelo, 'descripcion', lang),
                        modelo: d.modelo.modelo,
                        quantity: d.unped,
                        price: formatMoney(d.precio),
                        amount: formatMoney(d.importe),
                      })}
                    </span>
                  </LineDetail>
                ))}
              </Stack>
            </Table.Td>
            <Table.Td ta="right">{line.unped}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(line.precio)}
            </Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              <div>
                <Text span size="sm" fw={600} data-testid="line-amount">
                  {formatMoney(line.importe_total)}
                </Text>
                {dependents.length > 0 && (
                  // The line's own amount, then each surcharge's: what the amount is made of.
                  <Text size="xs" c="dimmed">
                    {[line, ...dependents].map((l) => formatMoney(l.importe)).join(' + ')}
                  </Text>
                )}
              </div>
            </Table.Td>
            {onRemove && (
              <Table.Td>
                {primary && (
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
