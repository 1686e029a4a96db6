import { Group, Stack, Text } from '@mantine/core';
import type { Order } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent } from '../../../lib/format.ts';
import { messageText } from '../../../lib/messages.ts';

/**
 * An order's money: the tax base (what its lines add up to), each tax at its rate, the total to pay
 * and the legal mention of its regime, as the server computed them (contract tax.ts).
 */
export function OrderTotals({
  order,
  totalLabel,
  testIds = true,
}: {
  order: Order;
  totalLabel?: string;
  /** Off in the print sheet, which repeats the screen's totals: a test finds the screen's once. */
  testIds?: boolean;
}) {
  const id = (name: string) => (testIds ? name : undefined);
  const { t } = useTranslation('orders');
  const tax = order.impuestos;
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text size="sm">{t('taxBase')}</Text>
        <Text size="sm" fw={600} data-testid={id('order-base')}>
          {formatMoney(tax.base)}
        </Text>
      </Group>
      {tax.lineas.map((line) => (
        // A long label ("Recargo de equivalencia 5,2 %") wraps beside its amount, never above it.
        <Group
          justify="space-between"
          wrap="nowrap"
          align="flex-start"
          key={line.impuesto}
          data-testid={id(`order-tax-${line.impuesto}`)}
        >
          <Text size="sm">{t(`tax.${line.impuesto}`, { rate: formatPercent(line.tipo) })}</Text>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(line.cuota)}
          </Text>
        </Group>
      ))}
      <Group justify="space-between">
        <Text fw={700}>{totalLabel ?? t('total')}</Text>
        <Text fw={700} size="lg" c="rose.8" data-testid={id('order-total')}>
          {formatMoney(tax.total)}
        </Text>
      </Group>
      {order.porte_gratis_desde != null && order.detalle.some((l) => l.porte) && (
        // The cart pays shipping below its price list's free total (the server decides the line).
        <Text size="xs" c="dimmed" data-testid={id('free-shipping-hint')}>
          {t('freeShippingFrom', { amount: formatMoney(order.porte_gratis_desde) })}
        </Text>
      )}
      {tax.mencion && (
        <Text size="xs" c="dimmed" data-testid={id('tax-mention')}>
          {messageText(tax.mencion)}
        </Text>
      )}
    </Stack>
  );
}
