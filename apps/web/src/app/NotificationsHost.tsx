import { Notifications } from '@mantine/notifications';

/**
 * Renders the toasts. A lazy chunk (portal, transitions) that Providers mounts with the first toast;
 * `notifications.show()` works before it arrives: the store is a separate module and keeps the queue.
 * Bottom right: toasts must not cover the cart and user menus of the top bar.
 */
export default function NotificationsHost() {
  return <Notifications position="bottom-right" limit={4} />;
}
