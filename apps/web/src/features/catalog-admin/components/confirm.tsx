import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import i18n from '../../../lib/i18n.ts';

/** A confirmation dialog (SPEC §8: removing an image, a group or a section). Resolves true on confirm. */
export function confirmAction(options: {
  title: string;
  message: string;
  confirmLabel?: string;
}): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: options.title,
      centered: true,
      children: <Text size="sm">{options.message}</Text>,
      labels: {
        confirm: options.confirmLabel ?? i18n.t('delete', { ns: 'common' }),
        cancel: i18n.t('cancel', { ns: 'common' }),
      },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
