import { type NotificationData, notifications } from '@mantine/notifications';
import { IconAlertCircle, IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import i18n from '../lib/i18n.ts';

/** A toast's or a modal's close button, named for screen readers (Mantine gives it no name). */
export function closeButtonProps(): { 'aria-label': string } {
  return { 'aria-label': i18n.t('close', { ns: 'common' }) };
}

/** Shows a toast with a named close button; answers its id (for notifications.update/hide). */
export function notify(data: NotificationData): string {
  return notifications.show({
    ...data,
    closeButtonProps: { ...closeButtonProps(), ...data.closeButtonProps },
  });
}

/** What a success toast looks like. */
function successToast(message: ReactNode, extra?: Partial<NotificationData>): NotificationData {
  return { color: 'sage', icon: <IconCheck size={18} />, message, ...extra };
}

/** A toast saying something was done (sage, with a check mark). */
export function notifySuccess(message: ReactNode, extra?: Partial<NotificationData>): string {
  return notify(successToast(message, extra));
}

/**
 * A toast for work under way (a spinner, no close button), which then turns into the success toast
 * (`succeed`) or goes (`dismiss`, when the screen shows the failure itself).
 */
export function notifyProgress(message: ReactNode) {
  const id = notify({ loading: true, message, autoClose: false, withCloseButton: false });
  return {
    succeed: (done: ReactNode, extra?: Partial<NotificationData>) =>
      notifications.update({
        id,
        loading: false,
        ...successToast(done, { withCloseButton: true, ...extra }),
        closeButtonProps: closeButtonProps(),
      }),
    dismiss: () => notifications.hide(id),
  };
}

/** A toast saying something failed (red, with an alert icon); `title` names what failed. */
export function notifyError(message: ReactNode, extra?: Partial<NotificationData>): string {
  return notify({ color: 'red', icon: <IconAlertCircle size={18} />, message, ...extra });
}

/** A toast warning of something done that should not go unnoticed (orange, with a warning sign). */
export function notifyWarning(message: ReactNode, extra?: Partial<NotificationData>): string {
  return notify({
    color: 'orange',
    icon: <IconAlertTriangle size={18} />,
    message,
    autoClose: 10_000,
    ...extra,
  });
}
