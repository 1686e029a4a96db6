import { Badge, type BadgeProps } from '@mantine/core';
import { type NotificationData, notifications } from '@mantine/notifications';
import type { CSSProperties, ReactNode } from 'react';
import i18n from '../../lib/i18n.ts';

/**
 * A light badge whose text uses shade 9 of its colour: Mantine's default light text (shade 7 here)
 * falls below 4.5:1 on striped or hovered table rows.
 */
export function SoftBadge({
  color,
  children,
  ...props
}: BadgeProps & { color: string; children: ReactNode }) {
  return (
    <Badge
      color={color}
      variant="light"
      // never squeezed into an ellipsis by a narrow table column
      styles={{
        root: { flexShrink: 0 },
        label: { color: `var(--mantine-color-${color}-9)`, overflow: 'visible' },
      }}
      {...props}
    >
      {children}
    </Badge>
  );
}

/** Active / inactive flag of a client or a user. */
export function ActiveBadge({
  active,
  labels,
}: {
  active: boolean;
  labels: { active: string; inactive: string };
}) {
  return <SoftBadge color={active ? 'sage' : 'gray'}>{active ? labels.active : labels.inactive}</SoftBadge>;
}

/**
 * Mantine's error red (red.6) is 3.3:1 on white; forms of this feature set red.9 (5.2:1) on their
 * element (custom properties cascade to the inputs and messages inside).
 * TODO(theme): set --mantine-color-error globally in app/theme.ts and drop this.
 */
export const READABLE_ERRORS = { '--mantine-color-error': 'var(--mantine-color-red-9)' } as CSSProperties;

/** The close buttons of toasts and modals need a name for screen readers (Mantine gives none). */
function closeLabel() {
  return { 'aria-label': i18n.t('close', { ns: 'clients' }) };
}

/** notifications.show with a labelled close button. */
export function notify(data: NotificationData): void {
  notifications.show({ closeButtonProps: closeLabel(), ...data });
}

/** Shared options of this feature's confirmation modals (modals.openConfirmModal). */
export function confirmDefaults() {
  return { centered: true, closeButtonProps: closeLabel() };
}
