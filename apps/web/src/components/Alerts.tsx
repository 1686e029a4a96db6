import { Alert, type AlertProps, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ErrorAlertProps extends Omit<AlertProps, 'color' | 'variant' | 'icon' | 'role' | 'children'> {
  children: ReactNode;
  /** Shows a Retry button (named `retryLabel`) beside the message. */
  onRetry?: () => unknown;
  retryLabel?: string;
}

/** Something failed: a red alert announced to screen readers, with an optional Retry button. */
export function ErrorAlert({ children, onRetry, retryLabel, ...props }: ErrorAlertProps) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" {...props}>
      {onRetry ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm">{children}</Text>
          <Button size="xs" variant="default" onClick={() => void onRetry()}>
            {retryLabel}
          </Button>
        </Group>
      ) : (
        children
      )}
    </Alert>
  );
}

/** Something was saved or done: a sage alert read out politely (role status). */
export function SuccessAlert({
  children,
  icon,
  ...props
}: Omit<AlertProps, 'color' | 'variant' | 'role'> & { children: ReactNode }) {
  return (
    <Alert color="sage" variant="light" icon={icon ?? <IconCheck size={18} />} role="status" {...props}>
      {children}
    </Alert>
  );
}

/**
 * Something the user should know, not a failure: a note read out politely (role status), blue unless
 * `color` says otherwise (sage: a state the user chose, as acting for a client).
 */
export function InfoAlert({
  children,
  ...props
}: Omit<AlertProps, 'variant' | 'role'> & { children: ReactNode; icon: ReactNode }) {
  return (
    <Alert color="blue" variant="light" role="status" {...props}>
      {children}
    </Alert>
  );
}

/** Something to know before going on (not an error): a yellow note. */
export function WarningAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />}>
      {children}
    </Alert>
  );
}
