import { Button, Paper } from '@mantine/core';
import type { Paging } from '@nido/contract';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPager, SearchBox } from '../../../components/ListControls.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { type QueryLike, QueryState } from '../../../components/QueryState.tsx';
import { DataTable } from '../../../components/TableParts.tsx';
import type { useListParams } from '../../../lib/useListParams.ts';
import { errorText } from '../messages.ts';

/** The kit's QueryState with the catalogue editors' texts (loading, could not load, not found). */
export function AdminQueryState({ query, children }: { query: QueryLike; children: () => ReactNode }) {
  const { t } = useTranslation('catalogAdmin');
  return (
    <QueryState
      query={query}
      loadingLabel={t('loading')}
      errorTitle={t('loadError')}
      errorMessage={(error) => errorText(error, t('loadErrorBody'))}
      notFoundMessage={t('notFound')}
      retryLabel={t('retry')}
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

interface AdminListPageProps extends AdminListProps {
  title: string;
  subtitle: string;
  /** The "New …" button: where it leads and what it says. */
  create: { to: string; label: string };
}

/** A catalogue list screen: title, subtitle and a "New" button, then the list card. */
export function AdminListPage({ title, subtitle, create, ...list }: AdminListPageProps) {
  return (
    <PageFrame
      title={title}
      subtitle={subtitle}
      actions={
        <Button component={Link} to={create.to} leftSection={<IconPlus size={16} />}>
          {create.label}
        </Button>
      }
    >
      <AdminList {...list} />
    </PageFrame>
  );
}

/** The table of a catalogue list: striped rows, highlighted on hover, scrolling on a narrow screen. */
export function AdminTable({
  minWidth,
  label,
  head,
  children,
}: {
  minWidth: number;
  label: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <DataTable
      minWidth={minWidth}
      mt="md"
      striped
      highlightOnHover
      verticalSpacing="xs"
      aria-label={label}
      head={head}
    >
      {children}
    </DataTable>
  );
}
