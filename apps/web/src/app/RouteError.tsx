import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** Route error boundary: a render failure or a lazy chunk that no longer exists after a deploy. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : '';
  if (import.meta.env.DEV) console.error(error);
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1}>{t('error.title')}</Title>
        <Text c="dimmed">{t('error.body')}</Text>
        {detail && (
          <Text size="sm" c="dimmed" ff="monospace">
            {detail}
          </Text>
        )}
        <Group>
          <Button onClick={() => window.location.reload()}>{t('error.reload')}</Button>
          <Button variant="default" component={Link} to="/">
            {t('error.home')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
