import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18n from '../lib/i18n.ts';
import { closeButtonProps } from './notify.tsx';

export interface ConfirmOptions {
  title: string;
  /** The question, one short paragraph. */
  message: string;
  /** The confirm button's text (default: common "Delete"). */
  confirmLabel?: string;
  /** A red confirm button, for what cannot be undone (default true). */
  danger?: boolean;
}

/** A centred confirmation dialog; resolves true on confirm, false on cancel or close. */
export function confirmAction({
  title,
  message,
  confirmLabel,
  danger = true,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      centered: true,
      closeButtonProps: closeButtonProps(),
      children: <Text size="sm">{message}</Text>,
      labels: {
        confirm: confirmLabel ?? i18n.t('delete', { ns: 'common' }),
        cancel: i18n.t('cancel', { ns: 'common' }),
      },
      confirmProps: danger ? { color: 'red' } : undefined,
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
