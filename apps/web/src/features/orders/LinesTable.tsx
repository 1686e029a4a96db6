import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Group,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { localized, type OrderLine } from '@nido/contract';
import { IconCornerDownRight, IconPhoto, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../lib/format.ts';
import { embroideryText, optionsText } from '../catalog/lineText.ts';
import { useLang } from '../catalog/useLang.ts';
import { arrangeLines } from './lines.ts';

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
    <Table.ScrollContainer minWidth={680}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="lines-table">
        <VisuallyHidden component="caption">{caption}</VisuallyHidden>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={60}>
              <VisuallyHidden>{t('image')}</VisuallyHidden>
            </Table.Th>
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
            {onRemove && (
              <Table.Th w={52}>
                <VisuallyHidden>{t('actions')}</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
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
                    {options && (
                      <Text size="xs" c="dimmed">
                        <Box component="span" fw={600}>
                          {t('options')}:{' '}
                        </Box>
                        {options}
                      </Text>
                    )}
                    {embroidery && (
                      <Text size="xs" c="dimmed">
                        <Box component="span" fw={600}>
                          {t('embroidery')}:{' '}
                        </Box>
                        {embroidery}
                      </Text>
                    )}
                    {line.nota && (
                      <Text size="xs" c="dimmed">
                        <Box component="span" fw={600}>
                          {t('note')}:{' '}
                        </Box>
                        {line.nota}
                      </Text>
                    )}
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
                      <Tooltip label={t('removeLine')}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => onRemove(line)}
                          loading={removingId === line.id}
                          aria-label={t('removeLineOf', { modelo: line.modelo.modelo })}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
