import { Paper, Table } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { FIRST_PAGE, type Paging } from '@nido/contract';
import { type ReactNode, useState } from 'react';
import { ErrorAlert } from '../../../components/Alerts.tsx';
import { ListPager } from '../../../components/ListControls.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { DataTable, EmptyRow, folded, LoadingRows } from '../../../components/TableParts.tsx';

/**
 * The search text of a document list, debounced, and the page it is on: the page belongs to a
 * search text, so a new text starts again at page 1.
 */
export function usePagedSearch(text: string) {
  const [debouncedText] = useDebouncedValue(text, 350);
  const [paged, setPaged] = useState({ text: debouncedText, page: FIRST_PAGE });
  const page = paged.text === debouncedText ? paged.page : FIRST_PAGE;
  const setPage = (p: number) => setPaged({ text: debouncedText, page: p });
  return { debouncedText, page, setPage };
}

/**
 * A column of a document list: its name, the header's and, on a phone's card, the one before its
 * value (the first column, the card's title, goes unnamed); `end` for an amount, aligned to the
 * end; `folded` for a column folded into its neighbours on a tablet (ListDetails.tsx).
 */
export interface DocumentColumn {
  label: string;
  end?: boolean;
  folded?: boolean;
  /** What the header shows instead of the label (the select-all box); the label still names it. */
  head?: ReactNode;
}

/** What a document list shows of its query. */
interface ListQuery<Row> {
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  data?: { data: Row[]; meta: Paging };
}

interface DocumentListProps<Row> {
  title: string;
  /** Beside the title (the exports). */
  actions?: ReactNode;
  /** The spoken name of the search form. */
  searchLabel: string;
  /** The search form's fields. */
  search: ReactNode;
  /** Said when the list fails to load. */
  errorText: string;
  list: ListQuery<Row>;
  onPage: (page: number) => void;
  columns: DocumentColumn[];
  /** The table's test id. */
  testId: string;
  /** The rows of skeleton while the first page loads. */
  loadingRows: number;
  /** Said when the list is empty. */
  emptyText: string;
  /** A document's row. */
  row: (row: Row) => ReactNode;
  /**
   * The first column picks the row (the Admin's bulk actions): on a phone's card it sits before the
   * title, the document's number, which is then the second column.
   */
  picker?: boolean;
  /** Between the search form and the table (the bulk actions of the chosen rows). */
  toolbar?: ReactNode;
}

/**
 * The frame of a paged list of documents (orders, invoices): the title, the search form, the
 * list's error, the table (on a phone each document a card, titled by its number; on a tablet the
 * reference and wanted date fold under the number and the date, ListDetails.tsx) and the pager.
 */
export function DocumentList<Row>({
  title,
  actions,
  searchLabel,
  search,
  errorText,
  list,
  onPage,
  columns,
  testId,
  loadingRows,
  emptyText,
  row,
  picker,
  toolbar,
}: DocumentListProps<Row>) {
  const rows = list.data?.data ?? [];
  return (
    <PageFrame title={title} titleSize="h2" maw={1200} actions={actions}>
      <Paper
        withBorder
        p="md"
        component="form"
        role="search"
        aria-label={searchLabel}
        onSubmit={(e) => e.preventDefault()}
      >
        {search}
      </Paper>
      {list.isError && <ErrorAlert>{errorText}</ErrorAlert>}
      {toolbar}
      <Paper withBorder p={0} aria-busy={list.isFetching}>
        <DataTable
          minWidth={640}
          stacked={{
            labels: columns.map((column, i) =>
              i === (picker ? 1 : 0) || (picker && i === 0) ? null : column.label,
            ),
            title: picker ? 2 : 1,
            media: picker,
          }}
          verticalSpacing="sm"
          highlightOnHover
          striped
          data-testid={testId}
          head={columns.map((column) => (
            <Table.Th
              key={column.label}
              ta={column.end ? 'right' : undefined}
              className={column.folded ? folded.column : undefined}
            >
              {column.head ?? column.label}
            </Table.Th>
          ))}
        >
          {list.isPending && <LoadingRows count={loadingRows} colSpan={columns.length} />}
          {!list.isPending && rows.length === 0 && <EmptyRow colSpan={columns.length}>{emptyText}</EmptyRow>}
          {rows.map(row)}
        </DataTable>
      </Paper>
      <ListPager meta={list.data?.meta} onPage={onPage} />
    </PageFrame>
  );
}
