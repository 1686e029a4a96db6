import { Group, Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorAlert } from '../../components/Alerts.tsx';
import { BackLink } from '../../components/PageFrame.tsx';
import { LoadingState } from '../../components/QueryState.tsx';
import { QuietText } from '../../components/QuietText.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { isApiError } from '../../lib/api.ts';
import { canActForClient, isAdmin, useSession } from '../../lib/session.ts';
import { ActForButton, ActingBanner } from './ActingFor.tsx';
import { useClient } from './api.ts';
import { ClientFacts } from './ClientFacts.tsx';
import { ClientForm } from './ClientForm.tsx';
import { ClientUsers } from './ClientUsers.tsx';
import { DeliveryAddresses } from './DeliveryAddresses.tsx';
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

  const back = staff && <BackLink to="/cliente/list">{t('detail.back')}</BackLink>;

  if (!validId || client.isError) {
    const notFound = !validId || (isApiError(client.error) && client.error.status === 404);
    return (
      <Stack gap="md" maw={720}>
        {back}
        <Title order={1}>{t('detail.title')}</Title>
        <ErrorAlert>{notFound ? t('detail.notFound') : t('detail.loadError')}</ErrorAlert>
      </Stack>
    );
  }

  if (client.isLoading || !client.data) {
    return <LoadingState label={t('detail.loading')} />;
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
          <QuietText>{[cliente.nombre, cliente.cif].filter(Boolean).join(' · ')}</QuietText>
        </div>
        <ActForButton cliente={{ id: cliente.id, nomcome: cliente.nomcome }} size="sm" />
      </Group>

      <ActingBanner />

      <SectionCard title={t('detail.data')}>
        {admin ? <ClientForm key={cliente.id} cliente={cliente} /> : <ClientFacts cliente={cliente} />}
      </SectionCard>

      <DeliveryAddresses clienteId={cliente.id} canManage={admin || user?.role === 'Cliente'} />

      {staff && (
        <Paper withBorder p="lg">
          <ClientUsers clienteId={cliente.id} canManage={admin} />
        </Paper>
      )}
    </Stack>
  );
}
