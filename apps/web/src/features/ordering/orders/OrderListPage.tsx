import { Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Table } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { FIRST_PAGE } from '@nido/contract';
import { IconFilterOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/Alerts.tsx';
import { ListPager, SearchBox } from '../../../components/ListControls.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { DataTable, EmptyRow, LoadingRows } from '../../../components/TableParts.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { EMPTY_FILTERS, loadFilters, type OrderFilters, saveFilters, useOrderList } from './api.ts';
import { DateField } from './DateField.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import {
  DetailsCells,
  DetailsHeaders,
  FoldedReference,
  FoldedWanted,
  useDetailsLabels,
} from './ListDetails.tsx';
import { InvoicedBadge, StatusBadge } from './status.tsx';

const STORAGE_KEY = 'orderFilter';

/**
 * /pedido/list (product.md §4): submitted orders, document type E, page 1 on opening, filters
 * (dates, status, text) kept in local storage, 25 a page; exports its filter's orders as CSV or Excel.
 */
export default function OrderListPage() {
  const { t } = useTranslation('orders');
  const [filters, setFilters] = useState<OrderFilters>(() => loadFilters(STORAGE_KEY));
  const [text, setText] = useState(filters.text);
  const [debouncedText] = useDebouncedValue(text, 350);
  // The page belongs to a search text: a new text starts again at page 1.
  const [paged, setPaged] = useState({ text: debouncedText, page: FIRST_PAGE });
  const page = paged.text === debouncedText ? paged.page : FIRST_PAGE;
  const setPage = (p: number) => setPaged({ text: debouncedText, page: p });
  const effective = { ...filters, text: debouncedText };
  const list = useOrderList('orders', page, effective);

  // biome-ignore lint/correctness/useExhaustiveDependencies: save whenever a filter value changes
  useEffect(() => {
    saveFilters(STORAGE_KEY, effective);
  }, [effective.desde, effective.hasta, effective.status, effective.text]);

  function change(patch: Partial<OrderFilters>) {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(FIRST_PAGE);
  }

  function clear() {
    setFilters(EMPTY_FILTERS);
    setText('');
    setPage(FIRST_PAGE);
  }

  const statusData = [
    { value: '', label: t('allStatuses') },
    { value: 'w', label: t('status.w') },
    { value: 'p', label: t('status.p') },
    { value: 'e', label: t('status.e') },
  ];

  const rows = list.data?.data ?? [];
  const [referenceLabel, wantedLabel] = useDetailsLabels();

  return (
    <PageFrame
      title={t('listTitle')}
      titleSize="h2"
      maw={1200}
      actions={<ExportButtons filters={effective} />}
    >
      <Paper
        withBorder
        p="md"
        component="form"
        role="search"
        aria-label={t('filters')}
        onSubmit={(e) => e.preventDefault()}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="sm">
          <DateField label={t('from')} value={filters.desde} onChange={(desde) => change({ desde })} />
          <DateField label={t('to')} value={filters.hasta} onChange={(hasta) => change({ hasta })} />
          <Select
            label={t('status.label')}
            data={statusData}
            value={filters.status}
            onChange={(value) => change({ status: (value ?? '') as OrderFilters['status'] })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <SearchBox
            label={t('searchText')}
            placeholder={t('searchPlaceholder')}
            value={text}
            onChange={setText}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="subtle" size="xs" leftSection={<IconFilterOff size={16} />} onClick={clear}>
            {t('clearFilters')}
          </Button>
        </Group>
      </Paper>

      {list.isError && <ErrorAlert>{t('listError')}</ErrorAlert>}

      <Paper withBorder p={0} aria-busy={list.isFetching}>
        <DataTable
          minWidth={640}
          // On a phone each order is a card: its number, then each column named; on a tablet the
          // reference and wanted date fold under the number and the date (ListDetails.tsx).
          stacked={{
            labels: [
              null,
              t('date'),
              referenceLabel,
              wantedLabel,
              t('client'),
              t('status.label'),
              t('lines'),
              t('total'),
            ],
            title: 1,
          }}
          verticalSpacing="sm"
          highlightOnHover
          striped
          data-testid="orders-table"
          head={
            <>
              <Table.Th>{t('docum')}</Table.Th>
              <Table.Th>{t('date')}</Table.Th>
              <DetailsHeaders />
              <Table.Th>{t('client')}</Table.Th>
              <Table.Th>{t('status.label')}</Table.Th>
              <Table.Th ta="right">{t('lines')}</Table.Th>
              <Table.Th ta="right">{t('total')}</Table.Th>
            </>
          }
        >
          {list.isPending && <LoadingRows count={5} colSpan={8} />}
          {!list.isPending && rows.length === 0 && <EmptyRow colSpan={8}>{t('noOrders')}</EmptyRow>}
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Anchor component={Link} to={`/pedido/${row.id}`} fw={600} style={{ whiteSpace: 'nowrap' }}>
                  {row.docum ?? `#${row.id}`}
                </Anchor>
                <FoldedReference row={row} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {row.fecha || formatDate(row.fecha_pedido)}
                <FoldedWanted row={row} />
              </Table.Td>
              <DetailsCells row={row} />
              <Table.Td>{row.cliente}</Table.Td>
              <Table.Td>
                {/* One under the other, as wide as the widest: the invoice's number is never cut. */}
                <Stack gap={4} align="flex-start" style={{ minWidth: 'max-content' }}>
                  <StatusBadge status={row.status} />
                  <InvoicedBadge numero={row.factura} />
                </Stack>
              </Table.Td>
              <Table.Td ta="right">{row.lineas}</Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.total_pagar)}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </Paper>

      <ListPager meta={list.data?.meta} onPage={setPage} />
    </PageFrame>
  );
}
