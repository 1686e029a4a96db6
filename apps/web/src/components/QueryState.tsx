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
export interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

export interface QueryStateProps {
  query: QueryLike;
  /** The spinner's spoken name. */
  loadingLabel: string;
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
  children: () => ReactNode;
}

/** Loading, failed (with Retry) or loaded: the three states of one query. */
export function QueryState({
  query,
  loadingLabel,
  errorMessage,
  retryLabel,
  errorTitle,
  notFoundMessage,
  loadingPy,
  children,
}: QueryStateProps) {
  const { t } = useTranslation('common');
  if (query.isPending) return <LoadingState label={loadingLabel} py={loadingPy} />;
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
  return <>{children()}</>;
}
