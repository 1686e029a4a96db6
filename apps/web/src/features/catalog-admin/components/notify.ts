import { type NotificationData, notifications } from '@mantine/notifications';
import i18n from '../../../lib/i18n.ts';

/** A toast whose close button is labelled (axe: button-name). */
export function notify(data: NotificationData): void {
  notifications.show({
    ...data,
    closeButtonProps: { 'aria-label': i18n.t('close', { ns: 'common' }), ...data.closeButtonProps },
  });
}
