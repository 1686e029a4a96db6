import { Anchor, List } from '@mantine/core';
import { IconInfoCircle, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorAlert, InfoAlert } from '../../components/Alerts.tsx';
import { PageFrame } from '../../components/PageFrame.tsx';
import { LoadingState } from '../../components/QueryState.tsx';
import { QuietText } from '../../components/QuietText.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { canActForClient, useSession } from '../../lib/session.ts';
import { useCompanyInfo } from './api.ts';
import { ClientFacts } from './ClientFacts.tsx';
import { DeliveryAddresses } from './DeliveryAddresses.tsx';

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
      <InfoAlert icon={<IconInfoCircle size={18} />}>
        {t('company.chooseClient')}{' '}
        <Anchor component={Link} to="/cliente/list">
          {t('company.goToList')}
        </Anchor>
      </InfoAlert>
    );
  } else if (info.isError) {
    body = <ErrorAlert>{t('company.loadError')}</ErrorAlert>;
  } else if (info.isLoading || !info.data) {
    body = <LoadingState label={t('company.loading')} />;
  } else {
    const data = info.data;
    body = (
      <>
        <SectionCard title={data.nomcome}>
          <ClientFacts cliente={data} />
        </SectionCard>
        <DeliveryAddresses
          clienteId={data.id}
          canManage={session.user?.role === 'Cliente' || session.user?.role === 'Admin'}
        />
        <SectionCard title={t('company.users')} gap="sm">
          {data.usuarios.length === 0 ? (
            <QuietText>{t('users.empty')}</QuietText>
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
        </SectionCard>
      </>
    );
  }

  return (
    <PageFrame
      title={t('company.title')}
      subtitle={staff ? t('company.subtitleStaff') : t('company.subtitle')}
      gap="lg"
      maw={900}
    >
      {body}
    </PageFrame>
  );
}
