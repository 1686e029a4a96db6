import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

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
