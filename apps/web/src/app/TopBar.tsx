import { Badge, Burger, CloseButton, Group, Text, Title, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CartMenu, PendingOrdersMenu } from '../features/ordering/index.ts';
import { activeClienteName, canActForClient, clearSelectedCliente, useSession } from '../lib/session.ts';
import { NotificationsMenu } from './NotificationsMenu.tsx';
import { PRODUCT_NAME } from './RootRoute.tsx';
import { UserMenu } from './UserMenu.tsx';

interface TopBarProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

/** Top bar (product.md §4 Layout): trade name, notifications, pending orders, cart, user menu. */
export function TopBar({ navOpened, onToggleNav }: TopBarProps) {
  const { t } = useTranslation('layout');
  const session = useSession();
  const actingFor = canActForClient(session.user) && session.selectedCliente != null;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="md"
          size="sm"
          aria-label={t(navOpened ? 'closeNavigation' : 'openNavigation')}
          aria-expanded={navOpened}
          aria-controls="app-navbar"
        />
        <Title order={2} size="h3" c="rose.7" visibleFrom="xs">
          <Link to="/" style={{ color: 'inherit', textDecoration: 'none' }} aria-label={t('goHome')}>
            {PRODUCT_NAME}
          </Link>
        </Title>
        <Group gap={4} wrap="nowrap" miw={0}>
          {actingFor && (
            <Badge variant="light" color="sage" visibleFrom="sm" style={{ flexShrink: 0 }}>
              {t('actingFor')}
            </Badge>
          )}
          <Text
            fw={600}
            size="sm"
            truncate="end"
            data-testid="client-name"
            title={activeClienteName(session)}
          >
            {activeClienteName(session)}
          </Text>
          {actingFor && (
            <Tooltip label={t('stopActingFor')}>
              <CloseButton size="sm" aria-label={t('stopActingFor')} onClick={clearSelectedCliente} />
            </Tooltip>
          )}
        </Group>
      </Group>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        <NotificationsMenu />
        <PendingOrdersMenu />
        <CartMenu />
        <UserMenu />
      </Group>
    </Group>
  );
}
