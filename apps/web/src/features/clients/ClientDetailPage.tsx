import { Alert, Anchor, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isApiError } from '../../lib/api.ts';
import { canActForClient, isAdmin, useSession } from '../../lib/session.ts';
import { ActForButton, ActingBanner } from './ActingFor.tsx';
import { useClient } from './api.ts';
import { ClientFacts } from './ClientFacts.tsx';
import { ClientForm } from './ClientForm.tsx';
import { ClientUsers } from './ClientUsers.tsx';
import { ActiveBadge } from './ui.tsx';

/**
 * /cliente/{id}: the client's details (an Admin edits them) and its users (an Admin adds, edits and
 * deletes them; a Representante sees them). A client user sees its own client read-only.
 */
export default function ClientDetailPage() {
  const { t } = useTranslation('clients');
  const params = useParams();
  const id = Number(params.id);
  const validId = Number.isInteger(id) && id > 0;
  const { user } = useSession();
  const admin = isAdmin(user);
  const staff = canActForClient(user);
  const client = useClient(validId ? id : 0);

  const back = staff && (
    <Anchor component={Link} to="/cliente/list" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} />
        {t('detail.back')}
      </Group>
    </Anchor>
  );

  if (!validId || client.isError) {
    const notFound = !validId || (isApiError(client.error) && client.error.status === 404);
    return (
      <Stack gap="md" maw={720}>
        {back}
        <Title order={1}>{t('detail.title')}</Title>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          {notFound ? t('detail.notFound') : t('detail.loadError')}
        </Alert>
      </Stack>
    );
  }

  if (client.isLoading || !client.data) {
    return (
      <Center py="xl">
        <Loader aria-label={t('detail.loading')} />
      </Center>
    );
  }

  const cliente = client.data;
  return (
    <Stack gap="lg" maw={1100}>
      {back}
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Group gap="sm" align="center">
            <Title order={1}>{cliente.nomcome}</Title>
            <ActiveBadge active={cliente.activo} labels={{ active: t('active'), inactive: t('inactive') }} />
          </Group>
          <Text c="dimmed" size="sm">
            {[cliente.nombre, cliente.cif].filter(Boolean).join(' · ')}
          </Text>
        </div>
        <ActForButton cliente={{ id: cliente.id, nomcome: cliente.nomcome }} size="sm" />
      </Group>

      <ActingBanner />

      <Paper withBorder p="lg">
        <Stack gap="md">
          <Title order={2} size="h3">
            {t('detail.data')}
          </Title>
          {admin ? <ClientForm key={cliente.id} cliente={cliente} /> : <ClientFacts cliente={cliente} />}
        </Stack>
      </Paper>

      {staff && (
        <Paper withBorder p="lg">
          <ClientUsers clienteId={cliente.id} canManage={admin} />
        </Paper>
      )}
    </Stack>
  );
}
