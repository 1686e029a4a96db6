import { ActionIcon, Indicator, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconBell, IconChecks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format.ts';
import { useMarkAllRead, useMarkRead, useNotifications } from './api.ts';
import { notificationLink, notificationText } from './texts.ts';
import { useNotificationStream } from './useNotificationStream.ts';

/** How many entries the menu shows (the newest; the count covers them all). */
const MENU_MAX = 10;

/**
 * The top bar's bell (product.md §4.12): the unread count, the newest entries (each opens its order
 * or screen, and is marked read), and "mark all as read". Live through the stream (record 058); while
 * the stream is down the list is polled. `alsoRefresh`: other queries a notification makes stale (the
 * staff's pending orders). A lazy chunk of its own, with its texts (the entry's budget).
 */
export default function NotificationsBell({
  alsoRefresh,
}: {
  alsoRefresh?: ReadonlyArray<readonly unknown[]>;
}) {
  const { t } = useTranslation('notifications');
  const live = useNotificationStream(alsoRefresh);
  const list = useNotifications(live);
  const markAll = useMarkAllRead();
  const markOne = useMarkRead();
  const unread = list.data?.unread ?? 0;
  const entries = (list.data?.data ?? []).slice(0, MENU_MAX);
  const label = t('button', { count: unread });

  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      disabled={unread === 0}
      size={18}
      offset={6}
      color="rose"
      inline
      zIndex={1}
    >
      <Menu
        position="bottom-end"
        width="min(360px, calc(100vw - 16px))"
        shadow="md"
        withinPortal={false}
        withInitialFocusPlaceholder={false}
        menuItemTabIndex={0}
      >
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={label}
            title={label}
            data-testid="notifications-button"
            data-live={live ? 'true' : 'false'}
          >
            <IconBell size={20} stroke={1.6} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown data-testid="notifications-menu">
          <Menu.Label>{t('title')}</Menu.Label>
          {unread > 0 && (
            <Menu.Item
              closeMenuOnClick={false}
              onClick={() => markAll.mutate()}
              disabled={markAll.isPending}
              leftSection={<IconChecks size={16} stroke={1.6} />}
              c="rose.8"
              data-testid="notifications-read-all"
            >
              {t('readAll')}
            </Menu.Item>
          )}
          <Menu.Divider />
          {entries.length === 0 ? (
            // A disabled item keeps the menu semantics valid (a menu needs a menuitem); readable, not faded.
            <Menu.Item
              disabled
              style={{ opacity: 1, color: 'var(--mantine-color-dimmed)', cursor: 'default' }}
            >
              {t('empty')}
            </Menu.Item>
          ) : (
            entries.map((n) => {
              const to = notificationLink(n);
              const unreadEntry = n.read_at == null;
              const text = notificationText(n, t);
              const body = (
                <>
                  <Text size="sm" fw={unreadEntry ? 700 : 400} lineClamp={3}>
                    {unreadEntry && <VisuallyHidden>{t('unread')} </VisuallyHidden>}
                    {text}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(n.created_at)}
                  </Text>
                </>
              );
              const onClick = unreadEntry ? () => markOne.mutate(n.id) : undefined;
              return to ? (
                <Menu.Item
                  key={n.id}
                  component={Link}
                  to={to}
                  onClick={onClick}
                  data-unread={unreadEntry || undefined}
                  data-testid="notification-entry"
                >
                  {body}
                </Menu.Item>
              ) : (
                <Menu.Item
                  key={n.id}
                  onClick={onClick}
                  data-unread={unreadEntry || undefined}
                  data-testid="notification-entry"
                >
                  {body}
                </Menu.Item>
              );
            })
          )}
        </Menu.Dropdown>
      </Menu>
    </Indicator>
  );
}
