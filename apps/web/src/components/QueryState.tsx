import { Center, Loader, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api.ts';
import { ErrorAlert } from './Alerts.tsx';

/** A region still loading: a centred spinner with a spoken name. */
export function LoadingState({ label, py = 'xl' }: { label: string; py?: MantineSpacing }) {
  return (
    <Center py={py}>
      <Loader aria-label={label} />
    </Center>
  );
}

/** The part of a TanStack query QueryState reads. */
export interface QueryLike<Data = unknown> {
  data?: Data;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface QueryStateProps<Data> {
  query: QueryLike<Data>;
  /** The spinner's spoken name (without `loading`). */
  loadingLabel?: string;
  /** What stands in while loading instead of the spinner: a skeleton of the content (it names itself). */
  loading?: ReactNode;
  /** The failure's text (a function gets the error, e.g. to show the server's message). */
  errorMessage: string | ((error: unknown) => string);
  /** The Retry button's text (default: common `retry`). */
  retryLabel?: string;
  /** A title above the failure's text. */
  errorTitle?: string;
  /** The text for a 404 (shown without Retry: asking again finds nothing either). */
  notFoundMessage?: string;
  loadingPy?: MantineSpacing;
  /** The content, rendered once the data is there. */
  children: (data: NonNullable<Data>) => ReactNode;
}

/** Loading, failed (with Retry) or loaded: the three states of one query, the one way to show them. */
export function QueryState<Data>({
  query,
  loadingLabel,
  loading,
  errorMessage,
  retryLabel,
  errorTitle,
  notFoundMessage,
  loadingPy,
  children,
}: QueryStateProps<Data>) {
  const { t } = useTranslation('common');
  if (query.isPending) return loading ?? <LoadingState label={loadingLabel ?? t('loading')} py={loadingPy} />;
  if (query.isError) {
    if (notFoundMessage && isApiError(query.error) && query.error.status === 404)
      return <ErrorAlert title={errorTitle}>{notFoundMessage}</ErrorAlert>;
    const message = typeof errorMessage === 'function' ? errorMessage(query.error) : errorMessage;
    return (
      <ErrorAlert title={errorTitle} onRetry={query.refetch} retryLabel={retryLabel ?? t('retry')}>
        {message}
      </ErrorAlert>
    );
  }
  return query.data == null ? null : <>{children(query.data)}</>;
}
