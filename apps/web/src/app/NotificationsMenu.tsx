import { ActionIcon, Menu } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { HeaderMenu } from '../components/HeaderMenu.tsx';

/** Notification menu of the top bar; product.md §4 has no notifications yet, so it shows its empty state. */
export function NotificationsMenu() {
  const { t } = useTranslation('layout');
  return (
    <HeaderMenu
      width={260}
      target={
        <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={t('notifications')}>
          <IconBell size={20} stroke={1.6} />
        </ActionIcon>
      }
    >
      <Menu.Label>{t('notifications')}</Menu.Label>
      {/* A disabled item keeps the menu semantics valid (a menu needs a menuitem); readable, not faded. */}
      <Menu.Item disabled style={{ opacity: 1, color: 'var(--mantine-color-dimmed)', cursor: 'default' }}>
        {t('noNotifications')}
      </Menu.Item>
    </HeaderMenu>
  );
}
