import { Alert, Anchor, Center, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInfoCircle, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canActForClient, useSession } from '../../lib/session.ts';
import { useCompanyInfo } from './api.ts';
import { ClientFacts } from './ClientFacts.tsx';

/**
 * /cliente/companyInfo: the signed-in client user's own company, read-only, with its users' names.
 * An Admin or Representante sees the client it acts for (and is asked to choose one otherwise).
 */
export default function CompanyInfoPage() {
  const { t } = useTranslation('clients');
  const session = useSession();
  const staff = canActForClient(session.user);
  const chosen = session.selectedCliente?.id;
  const info = useCompanyInfo(staff ? chosen : undefined, !staff || chosen != null);

  let body: ReactNode;
  if (staff && chosen == null) {
    body = (
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
        {t('company.chooseClient')}{' '}
        <Anchor component={Link} to="/cliente/list">
          {t('company.goToList')}
        </Anchor>
      </Alert>
    );
  } else if (info.isError) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {t('company.loadError')}
      </Alert>
    );
  } else if (info.isLoading || !info.data) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('company.loading')} />
      </Center>
    );
  } else {
    const data = info.data;
    body = (
      <>
        <Paper withBorder p="lg">
          <Stack gap="md">
            <Title order={2} size="h3">
              {data.nomcome}
            </Title>
            <ClientFacts cliente={data} />
          </Stack>
        </Paper>
        <Paper withBorder p="lg">
          <Stack gap="sm">
            <Title order={2} size="h3">
              {t('company.users')}
            </Title>
            {data.usuarios.length === 0 ? (
              <Text c="dimmed" size="sm">
                {t('users.empty')}
              </Text>
            ) : (
              <List
                spacing={6}
                icon={<IconUser size={16} aria-hidden />}
                center
                aria-label={t('company.users')}
              >
                {data.usuarios.map((u) => (
                  <List.Item key={u.id}>{u.name}</List.Item>
                ))}
              </List>
            )}
          </Stack>
        </Paper>
      </>
    );
  }

  return (
    <Stack gap="lg" maw={900}>
      <div>
        <Title order={1}>{t('company.title')}</Title>
        <Text c="dimmed" size="sm">
          {staff ? t('company.subtitleStaff') : t('company.subtitle')}
        </Text>
      </div>
      {body}
    </Stack>
  );
}
