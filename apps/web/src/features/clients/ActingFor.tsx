import { Button, Group, Text } from '@mantine/core';
import { IconUserCheck, IconUserX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { InfoAlert } from '../../components/Alerts.tsx';
import { notify, notifySuccess } from '../../components/notify.tsx';
import {
  canActForClient,
  clearSelectedCliente,
  type SelectedCliente,
  setSelectedCliente,
  useSession,
} from '../../lib/session.ts';
import { SoftBadge } from './ui.tsx';

/** Admin / Representante: act for `cliente` (top bar, cart and line-add calls then use its id). */
export function actFor(cliente: SelectedCliente, message: string): void {
  setSelectedCliente(cliente);
  notifySuccess(message, { icon: <IconUserCheck size={18} /> });
}

/**
 * "Act for this client" for one client; once chosen, a badge saying so. Renders nothing for roles
 * that cannot act for a client.
 */
export function ActForButton({ cliente, size = 'xs' }: { cliente: SelectedCliente; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('clients');
  const session = useSession();
  if (!canActForClient(session.user)) return null;
  if (session.selectedCliente?.id === cliente.id) {
    return (
      <SoftBadge color="sage" leftSection={<IconUserCheck size={14} />} size={size === 'xs' ? 'md' : 'lg'}>
        {t('acting.current')}
      </SoftBadge>
    );
  }
  return (
    <Button
      size={size}
      variant="default"
      leftSection={<IconUserCheck size={16} color="var(--mantine-color-rose-7)" />}
      onClick={() => actFor(cliente, t('acting.started', { name: cliente.nomcome }))}
    >
      {t('acting.actFor')}
    </Button>
  );
}

/** The chosen client with a "stop acting" button; nothing when no client is chosen. */
export function ActingBanner() {
  const { t } = useTranslation('clients');
  const session = useSession();
  const selected = session.selectedCliente;
  if (!canActForClient(session.user) || !selected) return null;
  return (
    <InfoAlert color="sage" icon={<IconUserCheck size={18} />} py="xs">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('acting.banner', { name: selected.nomcome })}</Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconUserX size={16} />}
          onClick={() => {
            clearSelectedCliente();
            notify({ color: 'gray', message: t('acting.stopped', { name: selected.nomcome }) });
          }}
        >
          {t('acting.stop')}
        </Button>
      </Group>
    </InfoAlert>
  );
}
