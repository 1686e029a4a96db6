import { Box, ColorSwatch, Group, NumberInput, Table, Text } from '@mantine/core';
import { localized, type ModelGroup, QUANTITY_MAX, QUANTITY_MIN } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/TableParts.tsx';
import { centsToEuros, eurosToCents, formatMoney } from '../../../lib/format.ts';
import { useLang } from '../../../lib/useLang.ts';
import { activeOptions } from './configurator.ts';

/** A row's quantity as typed: '' (none) or a number. */
export type GridQuantities = Record<number, number | string>;

interface ColourGridProps {
  group: ModelGroup;
  quantities: GridQuantities;
  onQuantity: (optionId: number, value: number | string) => void;
  /** The unit price (euros) of a line in this option, the rest of the configuration as chosen. */
  unitOf: (optionId: number) => number;
  /** The unit price without any option of the grid group: a row's surcharge is the difference. */
  baseUnit: number;
  /** Messages by option id (the server's `filas.<i>.<field>`, or the quantity rule). */
  errors: Record<number, string | undefined>;
}

/**
 * The colour grid (issue 30): one row per active option of the model's grid group, with its swatch,
 * name, unit price and a quantity field; the rest of the configuration is chosen once above it. On a
 * phone each row reads as a card (DataTable `stacked`). Tab walks the quantity fields in order.
 */
export function ColourGrid({ group, quantities, onQuantity, unitOf, baseUnit, errors }: ColourGridProps) {
  const { t } = useTranslation('catalog');
  const lang = useLang();
  const groupName = localized(group, 'nombre', lang);
  return (
    <DataTable
      minWidth={420}
      stacked={{ labels: [null, t('unitPrice'), t('quantity')], title: 1 }}
      caption={t('gridCaption', { group: groupName })}
      data-testid="colour-grid"
      verticalSpacing={6}
      head={
        <>
          <Table.Th>{groupName}</Table.Th>
          <Table.Th ta="right">{t('unitPrice')}</Table.Th>
          <Table.Th ta="right">{t('quantity')}</Table.Th>
        </>
      }
    >
      {activeOptions(group).map((o) => {
        const name = localized(o, 'nombre', lang);
        const unit = unitOf(o.id);
        const surcharge = centsToEuros(eurosToCents(unit) - eurosToCents(baseUnit));
        return (
          <Table.Tr key={o.id} data-option={o.codigo}>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                {o.color && <ColorSwatch color={o.color} size={20} aria-hidden />}
                <Text size="sm">{name}</Text>
              </Group>
            </Table.Td>
            <Table.Td ta="right">
              <Box>
                <Text size="sm">{formatMoney(unit)}</Text>
                {surcharge > 0 && (
                  <Text size="xs" c="dimmed">
                    +{formatMoney(surcharge)}
                  </Text>
                )}
              </Box>
            </Table.Td>
            <Table.Td ta="right">
              <NumberInput
                aria-label={t('gridQuantityOf', { option: name })}
                value={quantities[o.id] ?? ''}
                onChange={(v) => onQuantity(o.id, v)}
                min={QUANTITY_MIN}
                max={QUANTITY_MAX}
                allowDecimal={false}
                clampBehavior="none"
                size="xs"
                w={96}
                ml="auto"
                error={errors[o.id]}
                styles={{
                  input: { textAlign: 'right' },
                  error: { whiteSpace: 'normal', textAlign: 'start' },
                }}
              />
            </Table.Td>
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
