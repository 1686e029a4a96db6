import { Anchor, Paper, Table } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { FIRST_PAGE, formatIsoDay } from '@nido/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/Alerts.tsx';
import { ListPager, SearchBox } from '../../../components/ListControls.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { DataTable, EmptyRow, LoadingRows } from '../../../components/TableParts.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useInvoiceList } from './invoiceApi.ts';
import {
  DetailsCells,
  DetailsHeaders,
  FoldedReference,
  FoldedWanted,
  useDetailsLabels,
} from './ListDetails.tsx';

/**
 * /facturas/list: the invoices the user may see (decision 045), newest first: number, date, order,
 * reference and wanted date, client, tax base and total; searched by the invoice's or the order's number or the client's name.
 */
export default function InvoiceListPage() {
  const { t } = useTranslation('orders');
  const [text, setText] = useState('');
  const [debouncedText] = useDebouncedValue(text.trim(), 350);
  // The page belongs to a search text: a new text starts again at page 1.
  const [paged, setPaged] = useState({ text: debouncedText, page: FIRST_PAGE });
  const page = paged.text === debouncedText ? paged.page : FIRST_PAGE;
  const list = useInvoiceList(page, debouncedText);
  const rows = list.data?.data ?? [];
  const [referenceLabel, wantedLabel] = useDetailsLabels();
  return (
    <PageFrame title={t('invoicesTitle')} titleSize="h2" maw={1200}>
      <Paper
        withBorder
        p="md"
        component="form"
        role="search"
        aria-label={t('invoiceSearch')}
        onSubmit={(e) => e.preventDefault()}
      >
        <SearchBox
          label={t('searchText')}
          placeholder={t('invoiceSearchPlaceholder')}
          value={text}
          onChange={setText}
          maw={420}
        />
      </Paper>
      {list.isError && <ErrorAlert>{t('invoiceListError')}</ErrorAlert>}
      <Paper withBorder p={0} aria-busy={list.isFetching}>
        <DataTable
          minWidth={640}
          stacked={{
            labels: [
              null,
              t('date'),
              t('docum'),
              referenceLabel,
              wantedLabel,
              t('client'),
              t('taxBase'),
              t('invoiceTotal'),
            ],
            title: 1,
          }}
          verticalSpacing="sm"
          highlightOnHover
          striped
          data-testid="invoices-table"
          head={
            <>
              <Table.Th>{t('invoiceNumber')}</Table.Th>
              <Table.Th>{t('date')}</Table.Th>
              <Table.Th>{t('docum')}</Table.Th>
              <DetailsHeaders />
              <Table.Th>{t('client')}</Table.Th>
              <Table.Th ta="right">{t('taxBase')}</Table.Th>
              <Table.Th ta="right">{t('invoiceTotal')}</Table.Th>
            </>
          }
        >
          {list.isPending && <LoadingRows count={3} colSpan={8} />}
          {!list.isPending && rows.length === 0 && <EmptyRow colSpan={8}>{t('noInvoices')}</EmptyRow>}
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/facturas/${row.pedido_id}`}
                  fw={600}
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {row.numero}
                </Anchor>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatIsoDay(row.fecha)}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/pedido/${row.pedido_id}`}>
                  {row.docum}
                </Anchor>
                <FoldedReference row={row} />
                <FoldedWanted row={row} />
              </Table.Td>
              <DetailsCells row={row} />
              <Table.Td>{row.cliente}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.base)}
              </Table.Td>
              <Table.Td ta="right" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {formatMoney(row.total)}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </Paper>
      <ListPager meta={list.data?.meta} onPage={(p) => setPaged({ text: debouncedText, page: p })} />
    </PageFrame>
  );
}
