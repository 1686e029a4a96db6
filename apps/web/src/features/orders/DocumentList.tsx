import {
  Alert,
  Anchor,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { FIRST_PAGE } from '@nido/contract';
import { IconAlertCircle, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../lib/format.ts';
import { EMPTY_FILTERS, loadFilters, type OrderFilters, saveFilters, useOrderList } from './api.ts';
import { DateField } from './DateField.tsx';
import { StatusBadge } from './status.tsx';

type Kind = 'orders' | 'invoices';

const STORAGE_KEY: Record<Kind, string> = { orders: 'orderFilter', invoices: 'invoiceFilter' };

/**
 * Invoices: the spec keeps no invoice data of its own, so an invoice is a submitted order that has
 * been processed (p) or bought (e); the invoices list is this same list restricted to one of those
 * two statuses (the list call filters by a single status), Processed first.
 */
const INVOICE_STATUSES = ['p', 'e'] as const;

function initialFilters(kind: Kind): OrderFilters {
  const stored = loadFilters(STORAGE_KEY[kind]);
  if (kind === 'invoices' && !(INVOICE_STATUSES as readonly string[]).includes(stored.status)) {
    return { ...stored, status: 'p' };
  }
  return stored;
}

/**
 * The orders list (/pedido/list) and the invoices list (/facturas/list): document type E, page 1
 * on opening, filters (dates, status, text) kept in local storage, 25 a page.
 */
export function DocumentList({ kind }: { kind: Kind }) {
  const { t } = useTranslation('orders');
  const [filters, setFilters] = useState<OrderFilters>(() => initialFilters(kind));
  const [text, setText] = useState(filters.text);
  const [debouncedText] = useDebouncedValue(text, 350);
  // The page belongs to a search text: a new text starts again at page 1.
  const [paged, setPaged] = useState({ text: debouncedText, page: FIRST_PAGE });
  const page = paged.text === debouncedText ? paged.page : FIRST_PAGE;
  const setPage = (p: number) => setPaged({ text: debouncedText, page: p });
  const effective = { ...filters, text: debouncedText };
  const list = useOrderList(kind, page, effective);
  const detailPath = kind === 'orders' ? '/pedido' : '/facturas';

  // biome-ignore lint/correctness/useExhaustiveDependencies: save whenever a filter value changes
  useEffect(() => {
    saveFilters(STORAGE_KEY[kind], effective);
  }, [kind, effective.desde, effective.hasta, effective.status, effective.text]);

  function change(patch: Partial<OrderFilters>) {
    setFilters((f) => ({ ...f, ...patch }));
    setPage(FIRST_PAGE);
  }

  function clear() {
    const next = kind === 'invoices' ? { ...EMPTY_FILTERS, status: 'p' as const } : EMPTY_FILTERS;
    setFilters(next);
    setText('');
    setPage(FIRST_PAGE);
  }

  const statusData =
    kind === 'orders'
      ? [
          { value: '', label: t('allStatuses') },
          { value: 'w', label: t('status.w') },
          { value: 'p', label: t('status.p') },
          { value: 'e', label: t('status.e') },
        ]
      : INVOICE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }));

  const meta = list.data?.meta;
  const rows = list.data?.data ?? [];

  return (
    <Stack gap="md" maw={1200}>
      <Title order={1} size="h2">
        {kind === 'orders' ? t('listTitle') : t('invoicesTitle')}
      </Title>
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
          <TextInput
            label={t('searchText')}
            placeholder={t('searchPlaceholder')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            type="search"
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button variant="subtle" size="xs" leftSection={<IconFilterOff size={16} />} onClick={clear}>
            {t('clearFilters')}
          </Button>
        </Group>
      </Paper>

      {list.isError && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} />}>
          {t('listError')}
        </Alert>
      )}

      <Paper withBorder p={0} aria-busy={list.isFetching}>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover striped data-testid="orders-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{kind === 'orders' ? t('docum') : t('invoiceNumber')}</Table.Th>
                <Table.Th>{t('date')}</Table.Th>
                <Table.Th>{t('client')}</Table.Th>
                <Table.Th>{t('status.label')}</Table.Th>
                <Table.Th ta="right">{t('lines')}</Table.Th>
                <Table.Th ta="right">{t('total')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending &&
                [1, 2, 3, 4, 5].map((i) => (
                  <Table.Tr key={i}>
                    <Table.Td colSpan={6}>
                      <Skeleton h={20} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              {!list.isPending && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed" ta="center" py="md">
                      {kind === 'orders' ? t('noOrders') : t('noInvoices')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`${detailPath}/${row.id}`} fw={600}>
                      {row.docum ?? `#${row.id}`}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.fecha || formatDate(row.fecha_pedido)}</Table.Td>
                  <Table.Td>{row.cliente}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={row.status} />
                  </Table.Td>
                  <Table.Td ta="right">{row.lineas}</Table.Td>
                  <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(row.total)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>

      {meta && meta.total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" role="status">
            {t('showing', { from: meta.from, to: meta.to, total: meta.total })}
          </Text>
          {meta.last_page > 1 && (
            <Pagination
              total={meta.last_page}
              value={meta.current_page}
              onChange={setPage}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'next' ? t('nextPage') : control === 'previous' ? t('previousPage') : control,
              })}
              getItemProps={(p) => ({ 'aria-label': t('pageN', { page: p }) })}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}
