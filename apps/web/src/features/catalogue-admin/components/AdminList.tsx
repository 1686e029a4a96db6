import { Button, Paper, Table } from '@mantine/core';
import type { Paging } from '@nido/contract';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPager, SearchBox } from '../../../components/ListControls.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { type QueryLike, QueryState } from '../../../components/QueryState.tsx';
import { DataTable, HiddenHeader, type StackedColumns } from '../../../components/TableParts.tsx';
import { apiErrorText } from '../../../lib/messages.ts';
import { useListParams } from '../../../lib/useListParams.ts';

/** The kit's QueryState with the catalogue editors' texts (loading, could not load, not found). */
export function AdminQueryState({ query, children }: { query: QueryLike; children: () => ReactNode }) {
  const { t } = useTranslation('catalogAdmin');
  return (
    <QueryState
      query={query}
      loadingLabel={t('loading')}
      errorTitle={t('loadError')}
      errorMessage={(error) => apiErrorText(error, t('loadErrorBody'))}
      notFoundMessage={t('notFound')}
    >
      {children}
    </QueryState>
  );
}

interface AdminListProps {
  searchLabel: string;
  /** The list's search and page (useListParams). */
  params: ReturnType<typeof useListParams>;
  query: QueryLike & { data?: { meta: Paging } };
  /** The rows, rendered once loaded. */
  children: () => ReactNode;
}

/** The card of an admin list: search box, loading and error states, then the rows and the pager. */
export function AdminList({ searchLabel, params, query, children }: AdminListProps) {
  const { t } = useTranslation('catalogAdmin');
  return (
    <Paper withBorder p="md">
      <SearchBox
        label={searchLabel}
        value={params.text}
        onChange={params.setText}
        w={{ base: '100%', sm: 360 }}
      />
      <AdminQueryState query={query}>
        {() => (
          <>
            {children()}
            <ListPager
              meta={query.data?.meta}
              onPage={params.setPage}
              empty={t('list.empty')}
              size="sm"
              mt="md"
            />
          </>
        )}
      </AdminQueryState>
    </Paper>
  );
}

interface AdminListPageProps<Row> {
  /**
   * Where the page's texts are in catalogAdmin: `<texts>.title` (also the table's name),
   * `<texts>.subtitle`, `<texts>.new` (the "New …" button) and `<texts>.search` (the search box).
   */
  texts: string;
  /** Where the "New …" button leads. */
  newPath: string;
  /** The list's query hook, given the search text and the page kept in the URL. */
  useList: (search: string, page: number) => QueryLike & { data?: { data: Row[]; meta: Paging } };
  /** The table, given the loaded rows and its name. */
  children: (rows: Row[], label: string) => ReactNode;
}

/** A catalogue list screen: title, subtitle and a "New" button, then the list card. */
export function AdminListPage<Row>({ texts, newPath, useList, children }: AdminListPageProps<Row>) {
  const { t } = useTranslation('catalogAdmin');
  const params = useListParams();
  const query = useList(params.search, params.page);
  const title = t(`${texts}.title`);
  return (
    <PageFrame
      title={title}
      subtitle={t(`${texts}.subtitle`)}
      actions={
        <Button component={Link} to={newPath} leftSection={<IconPlus size={16} />}>
          {t(`${texts}.new`)}
        </Button>
      }
    >
      <AdminList searchLabel={t(`${texts}.search`)} params={params} query={query}>
        {() => children(query.data?.data ?? [], title)}
      </AdminList>
    </PageFrame>
  );
}

/** A header cell of an admin table: its text (a catalogAdmin key), width and alignment. */
export interface AdminColumn {
  title: string;
  w?: number;
  align?: 'right';
  /**
   * Its place on a phone, where each row is a card: `title` shares the card's first line with the
   * row's picture (a first column of images) and actions, `plain` takes a line without the column's
   * name; any other column takes a line after its name. By default the name (else the model) column
   * is the title.
   */
  stack?: 'title' | 'plain';
}

const TITLE_COLUMNS = ['fields.name', 'fields.model'];

/** The card layout of an admin table on a phone, from its columns (the actions come last). */
function stackedColumns(columns: AdminColumn[], t: (key: string) => string): StackedColumns {
  const place = (column: AdminColumn) => column.stack;
  const [first] = columns;
  const media = first?.title === 'fields.image' && !place(first) ? 0 : -1;
  let title = columns.findIndex((c) => place(c) === 'title');
  if (title < 0) title = columns.findIndex((c) => TITLE_COLUMNS.includes(c.title) && !place(c));
  if (title < 0) title = columns.findIndex((c, i) => i !== media && !place(c));
  return {
    labels: columns.map((c, i) => (i === media || i === title || place(c) === 'plain' ? null : t(c.title))),
    media: media === 0,
    title: title < 0 ? undefined : title + 1,
    actions: true,
  };
}

/**
 * The table of a catalogue list: striped rows, highlighted on hover; on a phone each row is a card
 * (its picture, name and actions first, then each column named: DataTable `stacked`), on a narrow
 * screen above that it scrolls. The header is the columns, then the row actions' (named for screen
 * readers only).
 */
export function AdminTable({
  minWidth,
  label,
  columns,
  actionsWidth,
  children,
}: {
  minWidth: number;
  label: string;
  columns: AdminColumn[];
  actionsWidth?: number;
  children: ReactNode;
}) {
  const { t } = useTranslation('catalogAdmin');
  return (
    <DataTable
      minWidth={minWidth}
      stacked={stackedColumns(columns, (key) => t(key))}
      mt="md"
      striped
      highlightOnHover
      verticalSpacing="xs"
      aria-label={label}
      head={
        <>
          {columns.map((column) => (
            <Table.Th key={column.title} w={column.w} ta={column.align}>
              {t(column.title)}
            </Table.Th>
          ))}
          <HiddenHeader label={t('actions')} w={actionsWidth} />
        </>
      }
    >
      {children}
    </DataTable>
  );
}
