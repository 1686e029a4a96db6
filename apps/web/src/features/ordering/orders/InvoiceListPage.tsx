import { Anchor, Table } from '@mantine/core';
import { formatIsoDay } from '@nido/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SearchBox } from '../../../components/ListControls.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { DocumentList, usePagedSearch } from './DocumentList.tsx';
import { useInvoiceList } from './invoiceApi.ts';
import { DetailsCells, FoldedReference, FoldedWanted, useDetailsColumns } from './ListDetails.tsx';

/**
 * /facturas/list: the invoices the user may see (decision 045), newest first: number, date, order,
 * reference and wanted date, client, tax base and total; searched by the invoice's or the order's number or the client's name.
 */
export default function InvoiceListPage() {
  const { t } = useTranslation('orders');
  const [text, setText] = useState('');
  const { debouncedText, page, setPage } = usePagedSearch(text.trim());
  const list = useInvoiceList(page, debouncedText);
  const detailsColumns = useDetailsColumns();
  return (
    <DocumentList
      title={t('invoicesTitle')}
      searchLabel={t('invoiceSearch')}
      search={
        <SearchBox
          label={t('searchText')}
          placeholder={t('invoiceSearchPlaceholder')}
          value={text}
          onChange={setText}
          maw={420}
        />
      }
      errorText={t('invoiceListError')}
      list={list}
      onPage={setPage}
      columns={[
        { label: t('invoiceNumber') },
        { label: t('date') },
        { label: t('docum') },
        ...detailsColumns,
        { label: t('client') },
        { label: t('taxBase'), end: true },
        { label: t('invoiceTotal'), end: true },
      ]}
      testId="invoices-table"
      loadingRows={3}
      emptyText={t('noInvoices')}
      row={(row) => (
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
      )}
    />
  );
}
