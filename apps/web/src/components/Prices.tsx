import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { eurosToCents, formatMoney } from '../lib/format.ts';

/** Whether a client's net price differs from PVP (to the cent). */
export function differs(pvp: number, net: number): boolean {
  return eurosToCents(pvp) !== eurosToCents(net);
}

/**
 * A price as the shop pays it (record 049): PVP alone when the client's price is PVP, else "PVP"
 * and "Tu precio" (the client's net price) side by side.
 */
export function PriceTag({
  pvp,
  net,
  size = 'sm',
  align = 'flex-end',
}: {
  pvp: number;
  net: number;
  size?: 'xs' | 'sm' | 'md';
  align?: 'flex-start' | 'flex-end';
}) {
  const { t } = useTranslation('common');
  if (!differs(pvp, net)) {
    return (
      <Text size={size} fw={700} c="rose.8" data-testid="pvp">
        {formatMoney(pvp)}
      </Text>
    );
  }
  return (
    <Stack gap={0} align={align}>
      <Text size="xs" c="dimmed" data-testid="pvp">
        {t('prices.pvp')} {formatMoney(pvp)}
      </Text>
      <Text size={size} fw={700} c="rose.8" data-testid="net-price">
        {t('prices.yours')} {formatMoney(net)}
      </Text>
    </Stack>
  );
}
