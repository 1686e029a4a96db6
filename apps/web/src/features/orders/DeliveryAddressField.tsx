import { NativeSelect, Stack, Text } from '@mantine/core';
import { deliveryAddressLines } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { useAddresses } from '../clients/api.ts';

/**
 * Checkout's delivery address: one of the client's addresses, its default preselected, with the
 * chosen one written out below. Nothing to choose when the client has none (the order goes without).
 */
export function DeliveryAddressField({
  clienteId,
  value,
  onChange,
  error,
}: {
  clienteId: number;
  /** The chosen address; null: the client's default. */
  value: number | null;
  onChange: (id: number) => void;
  error?: string;
}) {
  const { t } = useTranslation('orders');
  const addresses = useAddresses(clienteId);
  const list = addresses.data ?? [];
  if (list.length === 0) return null;
  const chosen = list.find((a) => a.id === value) ?? list.find((a) => a.predeterminada) ?? list[0];
  return (
    <Stack gap={4}>
      <NativeSelect
        label={t('deliveryAddress')}
        value={String(chosen.id)}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
        data={list.map((a) => ({
          value: String(a.id),
          label: a.predeterminada ? `${a.nombre} (${t('defaultAddress')})` : a.nombre,
        }))}
        error={error}
      />
      <Text size="sm" c="dimmed" data-testid="chosen-address">
        {deliveryAddressLines(chosen).slice(1).join(', ')}
      </Text>
    </Stack>
  );
}
