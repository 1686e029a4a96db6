import { ActionIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { pendingOrdersKey } from '../features/ordering/index.ts';
import { useSession } from '../lib/session.ts';

/** The bell, its list and its stream: a chunk of their own, with their texts (the entry's budget). */
const NotificationsBell = lazy(() => import('../features/notifications/NotificationsBell.tsx'));

/** Stale on a notification besides the list itself: the staff's pending orders. */
const ALSO_REFRESH = [pendingOrdersKey];

/** The top bar's bell (product.md §4.12): the plain bell until its chunk is in. */
export function NotificationsMenu() {
  const { t } = useTranslation('layout');
  const { token } = useSession();
  const plain = (
    <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={t('notifications')}>
      <IconBell size={20} stroke={1.6} />
    </ActionIcon>
  );
  if (!token) return plain;
  return (
    <Suspense fallback={plain}>
      <NotificationsBell alsoRefresh={ALSO_REFRESH} />
    </Suspense>
  );
}
