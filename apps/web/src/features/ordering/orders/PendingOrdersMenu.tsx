import { Button, Group, Menu, Text } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeaderMenu } from '../../../components/HeaderMenu.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { canActForClient, useSession } from '../../../lib/session.ts';
import { usePendingOrders } from './adminApi.ts';
import { InvoicedBadge } from './status.tsx';

/**
 * Top-bar pending-orders menu (product.md §4 Layout, §4): Admin and Representante only, shown only while
 * there are pending orders; each entry opens the order. The list is polled (see usePendingOrders).
 */
export default function PendingOrdersMenu() {
  const session = useSession();
  if (!session.token || !canActForClient(session.user)) return null;
  return <PendingOrders />;
}

/** The dropdown lists the newest ones; the rest are counted (the order list holds them all). */
const MENU_MAX = 8;

function PendingOrders() {
  const { t } = useTranslation('layout');
  const pending = usePendingOrders();
  const all = pending.data?.data ?? [];
  const count = pending.data?.total_count ?? all.length;
  if (count === 0 || all.length === 0) return null;
  const orders = all.slice(0, MENU_MAX);

  const label = t('pendingOrders.button', { count });
  return (
    <HeaderMenu
      width={340}
      target={
        <Button
          variant="light"
          size="compact-md"
          radius="xl"
          leftSection={<IconClipboardList size={18} stroke={1.6} />}
          aria-label={label}
          title={label}
          data-testid="pending-orders"
        >
          {count}
        </Button>
      }
    >
      <Menu.Label>{t('pendingOrders.title', { count })}</Menu.Label>
      {orders.map((order) => {
        const docum = order.docum ?? `#${order.id}`;
        const total = formatMoney(order.total_pagar);
        // Named by its content (number, total, client, date): what it shows is what it is called.
        return (
          <Menu.Item key={order.id} component={Link} to={`/pedido/${order.id}`}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" fw={700}>
                {docum}
              </Text>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {total}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" truncate="end">
              {order.cliente} · {order.fecha}
            </Text>
            <InvoicedBadge numero={order.factura} />
          </Menu.Item>
        );
      })}
      {count > orders.length && (
        <>
          <Menu.Divider />
          <Menu.Item component={Link} to="/pedido/list">
            {t('pendingOrders.more', { count: count - orders.length })}
          </Menu.Item>
        </>
      )}
    </HeaderMenu>
  );
}
