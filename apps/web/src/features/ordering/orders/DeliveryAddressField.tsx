import { Badge, NativeSelect, Stack, Text } from '@mantine/core';
import { deliveryAddressLines } from '@nido/contract';
import { useTranslation } from 'react-i18next';
import { useAddresses } from '../../clients/index.ts';

/**
 * Checkout's delivery address: one of the client's addresses by name, its default preselected (and
 * marked: a group of the list, a badge), with the chosen one written out below. Nothing to choose when the client has none (the order goes without).
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
  // Each address by its name alone, so the closed field shows it whole; the default is marked apart:
  // its own group in the list, and a badge beside the chosen address written out.
  const option = (a: (typeof list)[number]) => ({ value: String(a.id), label: a.nombre });
  const defaults = list.filter((a) => a.predeterminada);
  const others = list.filter((a) => !a.predeterminada);
  const data =
    defaults.length > 0 && others.length > 0
      ? [
          { group: t('defaultAddressGroup'), items: defaults.map(option) },
          { group: t('otherAddresses'), items: others.map(option) },
        ]
      : list.map(option);
  return (
    <Stack gap={4}>
      <NativeSelect
        label={t('deliveryAddress')}
        value={String(chosen.id)}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
        data={data}
        error={error}
      />
      {/* The badge in the text's flow: the address wraps under it rather than beside it. */}
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {chosen.predeterminada && (
          <Badge
            component="span"
            size="sm"
            variant="light"
            color="sage"
            c="dark.7"
            mr={6}
            style={{ verticalAlign: 'text-bottom' }}
          >
            {t('defaultAddressGroup')}
          </Badge>
        )}
        <span data-testid="chosen-address">{deliveryAddressLines(chosen).slice(1).join(', ')}</span>
      </Text>
    </Stack>
  );
}
