import { Badge, ColorSwatch } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const COLORS: Record<string, string> = { c: 'gray', w: 'orange', p: 'blue', e: 'sage', x: 'red' };

/**
 * product.md §5 status codes: w Pending, p Processed, e Bought, x Cancelled (c: the open cart). The colour sits in
 * the tint and the dot; the text stays dark so it reads at any tint (WCAG AA).
 */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('orders');
  const color = COLORS[status] ?? 'gray';
  return (
    <Badge
      color={color}
      variant="light"
      c="dark.7"
      leftSection={
        <ColorSwatch color={`var(--mantine-color-${color}-6)`} size={8} withShadow={false} aria-hidden />
      }
      data-status={status}
    >
      {t(`status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

/** The mark of an invoiced order, beside its status: "Invoiced F2026-000123" (nothing until then). */
export function InvoicedBadge({ numero }: { numero: string | null | undefined }) {
  const { t } = useTranslation('orders');
  if (!numero) return null;
  return (
    <Badge
      color="gray"
      variant="outline"
      c="dark.7"
      tt="none"
      leftSection={<IconFileInvoice size={12} aria-hidden />}
      data-testid="invoiced-mark"
    >
      {t('invoicedMark', { numero })}
    </Badge>
  );
}
