import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '../../../components/PageFrame.tsx';
import type { QueryLike } from '../../../components/QueryState.tsx';
import { AdminQueryState } from './AdminList.tsx';

/**
 * The editor of the record whose id is the route's :id (0 = a new one): Back to its list, then the
 * editor, empty for a new record and loaded (with the loading and error states) for an existing one.
 */
export function EditScreen<T>({
  useRecord,
  back,
  children,
}: {
  /** The record's query hook (disabled for id 0). */
  useRecord: (id: number) => QueryLike & { data?: T };
  back: { to: string; label: string };
  /** The editor, given the record (null for a new one). */
  children: (record: T | null) => ReactNode;
}) {
  const id = Number(useParams().id) || 0;
  const query = useRecord(id);
  return (
    <Stack gap="md">
      <BackLink to={back.to}>{back.label}</BackLink>
      {id === 0 ? (
        children(null)
      ) : (
        <AdminQueryState query={query}>{() => query.data && children(query.data)}</AdminQueryState>
      )}
    </Stack>
  );
}
