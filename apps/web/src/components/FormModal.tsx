import { Modal, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { closeButtonProps } from './notify.tsx';

interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** The form's submit (checks run there: the browser's are off). */
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's alert, fields and footer, stacked. */
  children: ReactNode;
}

/** A form in a centred dialog: adds or edits one record, its fields stacked. */
export function FormModal({ opened, onClose, title, onSubmit, children }: FormModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      closeButtonProps={closeButtonProps()}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">{children}</Stack>
      </form>
    </Modal>
  );
}
