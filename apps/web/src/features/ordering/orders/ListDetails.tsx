import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { folded } from '../../../components/TableParts.tsx';
import { formatIsoDay } from '../../../lib/format.ts';
import type { DocumentColumn } from './DocumentList.tsx';

/** An order's reference and wanted date, as the lists show them (folded on a tablet). */
interface Details {
  referencia: string;
  fecha_entrega: string | null;
}

/** The two cells of a row (empty when the order has none: on a phone's card, no line). */
export function DetailsCells({ row }: { row: Details }) {
  return (
    <>
      <Table.Td className={folded.column} style={{ whiteSpace: 'nowrap' }}>
        {row.referencia}
      </Table.Td>
      <Table.Td className={folded.column} style={{ whiteSpace: 'nowrap' }}>
        {formatIsoDay(row.fecha_entrega)}
      </Table.Td>
    </>
  );
}

/** On a tablet, the reference under the order's number. */
export function FoldedReference({ row }: { row: Details }) {
  const { t } = useTranslation('orders');
  if (!row.referencia) return null;
  return (
    <Text size="xs" c="dimmed" className={folded.value} style={{ whiteSpace: 'nowrap' }}>
      {t('listReferenceShort', { referencia: row.referencia })}
    </Text>
  );
}

/** On a tablet, the wanted date under the order's date. */
export function FoldedWanted({ row }: { row: Details }) {
  const { t } = useTranslation('orders');
  if (!row.fecha_entrega) return null;
  return (
    <Text size="xs" c="dimmed" className={folded.value} style={{ whiteSpace: 'nowrap' }}>
      {t('listWantedShort', { date: formatIsoDay(row.fecha_entrega) })}
    </Text>
  );
}

/** The two columns: shown on a desktop, folded into the number and date cells on a tablet. */
export function useDetailsColumns(): DocumentColumn[] {
  const { t } = useTranslation('orders');
  return [
    { label: t('listReference'), folded: true },
    { label: t('listWanted'), folded: true },
  ];
}
