import { Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { ORDER_REFERENCE_MAX, type Order } from '@nido/contract';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../lib/fieldErrors.ts';
import { formatIsoDay, formatMoney } from '../../../lib/format.ts';
import { messageText } from '../../../lib/messages.ts';
import type { DeliveryDetails } from '../cart/api.ts';
import { DateField } from './DateField.tsx';
import { deliveryWindowText } from './deliveryText.ts';

interface DeliveriesPanelProps {
  cart: Order;
  /** Each delivery's own reference and date, by its `clave` (missing: none typed). */
  values: Record<string, DeliveryDetails>;
  onChange: (clave: string, patch: Partial<DeliveryDetails>) => void;
  /** Submission's errors: `entregas.<clave>.fecha_entrega`. */
  errors: FieldErrors;
}

const EMPTY: DeliveryDetails = { referencia: '', fecha_entrega: '' };

/**
 * Each delivery is a fieldset named by its window, so its fields are found within it.
 * Checkout of a cart whose lines ship in several delivery windows (record 054): it says the cart
 * becomes one order per window, and gives each its lines' total, its own reference and its wanted
 * date (inside its window). Only shown for two windows or more.
 */
export function DeliveriesPanel({ cart, values, onChange, errors }: DeliveriesPanelProps) {
  const { t } = useTranslation('orders');
  const count = cart.entregas.length;
  if (count < 2) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="deliveries-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconTruckDelivery size={20} aria-hidden />
          <Title order={2} size="h4" id="deliveries-title">
            {t('deliveries')}
          </Title>
        </Group>
        <Text size="sm">{t('deliveriesIntro', { count })}</Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: Math.min(count, 3) }} spacing="sm">
          {cart.entregas.map((e) => {
            const value = values[e.clave] ?? EMPTY;
            const label = deliveryWindowText(t, e);
            const desde = formatIsoDay(e.entrega_desde);
            const hasta = formatIsoDay(e.entrega_hasta);
            return (
              <Paper
                key={e.clave}
                withBorder
                p="sm"
                bg="gray.0"
                component="fieldset"
                data-testid="delivery"
                style={{ margin: 0, minWidth: 0 }}
              >
                <Text component="legend" fw={700} px={4}>
                  {label}
                </Text>
                <Stack gap="xs">
                  <Text size="sm" c="dimmed">
                    {t('deliveryLines', { count: e.lineas.length, total: formatMoney(e.total) })}
                  </Text>
                  <TextInput
                    label={t('deliveryReference')}
                    description={t('deliveryReferenceHint')}
                    value={value.referencia}
                    maxLength={ORDER_REFERENCE_MAX}
                    onChange={(ev) => onChange(e.clave, { referencia: ev.currentTarget.value })}
                  />
                  <DateField
                    label={t('deliveryDate')}
                    description={
                      desde && hasta ? t('deliveryDateIn', { desde, hasta }) : t('deliveryDateHint')
                    }
                    value={value.fecha_entrega}
                    onChange={(fecha_entrega) => onChange(e.clave, { fecha_entrega })}
                    error={messageText(errors[`entregas.${e.clave}.fecha_entrega`]) || undefined}
                  />
                </Stack>
              </Paper>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
