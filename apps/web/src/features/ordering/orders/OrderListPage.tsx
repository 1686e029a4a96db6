import { Anchor, Button, Group, Select, SimpleGrid, Stack, Table } from '@mantine/core';
import { FIRST_PAGE } from '@nido/contract';
import { IconFilterOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SearchBox } from '../../../components/ListControls.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { isAdmin, useSession } from '../../../lib/session.ts';
import { EMPTY_FILTERS, loadFilters, type OrderFilters, saveFilters, useOrderList } from './api.ts';
import { BulkOrderActions, SelectOrderBox, SelectPageBox, useOrderSelection } from './BulkOrderActions.tsx';
import { DateField } from './DateField.tsx';
import { DocumentList, usePagedSearch } from './DocumentList.tsx';
import { ExportButtons } from './ExportButtons.tsx';
import { DetailsCells, FoldedReference, FoldedWanted, useDetailsColumns } from './ListDetails.tsx';
import { InvoicedBadge, StatusBadge } from './status.tsx';

const STORAGE_KEY = 'orderFilter';

/**
 * /pedido/list (product.md §4): submitted orders, document type E, page 1 on opening, filters
 * (dates, status, text) kept in local storage, 25 a page; exports its filter's orders as CSV or Excel.
 * An Admin chooses orders (a box per row, one for the page) and moves them in one action (record 057).
 */
export default function OrderListPage() {
  const { t } = useTranslation('orders');
  const [filters, setFilters] = useState<OrderFilters>(() => loadFilters(STORAGE_KEY));
  const [text, setText] = useState(filters.text);
  const { debouncedText, page, setPage } = usePagedSearch(text);
  const effective = { ...filters, text: debouncedText };
  const list = useOrderList('orders', page, effective);
  const admin = isAdmin(useSession().user);
  const selection = useOrderSelection();
  const pageRows = list.data?.data ?? [];

  // biome-ignore lint/correctness/useExhaustiveDependencies: save whenever a filter value changes
  useEffect(() => {
    saveFilters(STORAGE_KEY, effective);
  }, [effective.desde, effective.hasta, effective.status, effective.text]);

  // The chosen orders are those the Admin sees: a new search lets go of them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the search text changes
  useEffect(() => {
    selection.clear();
  }, [debouncedText]);

  function change(patch: Partial<OrderFilters>) {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(FIRST_PAGE);
    selection.clear();
  }

  function clear() {
    setFilters(EMPTY_FILTERS);
    setText('');
    setPage(FIRST_PAGE);
    selection.clear();
  }

  const statusData = [
    { value: '', label: t('allStatuses') },
    { value: 'w', label: t('status.w') },
    { value: 'p', label: t('status.p') },
    { value: 'e', label: t('status.e') },
    { value: 'x', label: t('status.x') },
  ];

  const detailsColumns = useDetailsColumns();

  return (
    <DocumentList
      title={t('listTitle')}
      actions={<ExportButtons filters={effective} />}
      searchLabel={t('filters')}
      search={
        <>
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
        </>
      }
      errorText={t('listError')}
      list={list}
      onPage={(p) => {
        setPage(p);
        selection.clear();
      }}
      picker={admin}
      toolbar={admin ? <BulkOrderActions selection={selection} /> : undefined}
      columns={[
        ...(admin
          ? [{ label: t('selectionColumn'), head: <SelectPageBox rows={pageRows} selection={selection} /> }]
          : []),
        { label: t('docum') },
        { label: t('date') },
        ...detailsColumns,
        { label: t('client') },
        { label: t('status.label') },
        { label: t('lines'), end: true },
        { label: t('total'), end: true },
      ]}
      testId="orders-table"
      loadingRows={5}
      emptyText={t('noOrders')}
      row={(row) => (
        <Table.Tr key={row.id}>
          {admin && (
            <Table.Td w={40}>
              <SelectOrderBox row={row} selection={selection} />
            </Table.Td>
          )}
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
      )}
    />
  );
}
