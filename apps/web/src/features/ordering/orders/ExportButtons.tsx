import { Button, Group, Text, VisuallyHidden } from '@mantine/core';
import type { ExportFormat } from '@nido/contract';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../components/notify.tsx';
import { apiErrorText } from '../../../lib/messages.ts';
import { exportOrders, type OrderFilters } from './api.ts';

const BUTTONS = [
  { format: 'csv', label: 'exportCsv', icon: IconFileTypeCsv },
  { format: 'xlsx', label: 'exportXlsx', icon: IconFileSpreadsheet },
] as const;

/** "245 kB", "1,2 MB": es-ES in both languages, as every number the portal shows (record 051). */
const sizeFormats = (['kilobyte', 'megabyte'] as const).map(
  (unit) => new Intl.NumberFormat('es-ES', { style: 'unit', unit, maximumFractionDigits: 1 }),
);
function sizeText(bytes: number): string {
  return bytes < 1_000_000 ? sizeFormats[0].format(bytes / 1000) : sizeFormats[1].format(bytes / 1_000_000);
}

/**
 * "Export CSV" / "Export Excel" on the orders list: every order of its current filters (all pages)
 * as a file. While one downloads its button spins, the other waits, and the bytes received so far
 * show beside them (and to screen readers, as a status); a failure says so in a toast.
 */
export function ExportButtons({ filters }: { filters: OrderFilters }) {
  const { t } = useTranslation('orders');
  const [running, setRunning] = useState<{ format: ExportFormat; bytes: number } | null>(null);

  async function run(format: ExportFormat) {
    setRunning({ format, bytes: 0 });
    try {
      await exportOrders(format, filters, (bytes) => setRunning({ format, bytes }));
    } catch (error) {
      notifyError(apiErrorText(error, t('exportError')));
    } finally {
      setRunning(null);
    }
  }

  const progress =
    running && (running.bytes ? t('exporting', { size: sizeText(running.bytes) }) : t('exportPreparing'));

  return (
    <Group gap="xs">
      {/* On a phone the buttons fill their line: the spinning button shows the progress there. */}
      <Text size="xs" c="dimmed" visibleFrom="sm" aria-hidden>
        {progress}
      </Text>
      <VisuallyHidden role="status">{progress}</VisuallyHidden>
      {BUTTONS.map(({ format, label, icon: Icon }) => (
        <Button
          key={format}
          variant="default"
          leftSection={<Icon size={16} aria-hidden />}
          loading={running?.format === format}
          disabled={running !== null && running.format !== format}
          onClick={() => void run(format)}
        >
          {t(label)}
        </Button>
      ))}
    </Group>
  );
}
