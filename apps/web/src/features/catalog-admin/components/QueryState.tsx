import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api.ts';
import { translateAdminMessage } from '../messages.ts';

interface QueryLike {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** The message a failed call shows: the server's (translated) text, else a generic one. */
export function errorText(error: unknown, fallback: string): string {
  if (isApiError(error) && error.status !== 0 && error.status < 500 && error.message) {
    return translateAdminMessage(error.message) ?? fallback;
  }
  return fallback;
}

/** Loading and error states of a query; renders children once data is there. */
export function QueryState({ query, children }: { query: QueryLike; children: () => ReactNode }) {
  const { t } = useTranslation('catalogAdmin');
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  }
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconAlertCircle size={18} />}
        role="alert"
        title={t('loadError')}
      >
        <Group justify="space-between" align="center">
          <Text size="sm">{notFound ? t('notFound') : errorText(query.error, t('loadErrorBody'))}</Text>
          {!notFound && (
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          )}
        </Group>
      </Alert>
    );
  }
  return <>{children()}</>;
}
