import { Text } from '@mantine/core';
import type { Order } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { WarningAlert } from '../../../components/Alerts.tsx';
import { formatMoney } from '../../../lib/format.ts';

/**
 * The cart's minimum order value (its client's price list, as the server computed it): what the
 * goods before tax still lack ("Faltan 42,50 € para el pedido mínimo"), or, once reached, the
 * minimum it met. Nothing for a client without one.
 */
export function OrderMinimumNotice({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const minimum = order.pedido_minimo;
  if (!minimum) return null;
  const which = t(minimum.primero ? 'minimum.first' : 'minimum.next', {
    amount: formatMoney(minimum.minimo),
  });
  if (minimum.faltan === 0)
    return (
      <Text size="xs" c="dimmed" data-testid="order-minimum">
        {which}
      </Text>
    );
  return (
    <WarningAlert>
      <Text size="sm" fw={600} data-testid="order-minimum-missing">
        {t('minimum.missing', { amount: formatMoney(minimum.faltan) })}
      </Text>
      <Text size="xs" data-testid="order-minimum">
        {which}
      </Text>
    </WarningAlert>
  );
}
